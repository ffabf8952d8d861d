# Chimera answers to the judge ops (CONTRACT section 3).

from engine_core.chimera.cards import DECK, VALUE_TOKENS, value_counts
from engine_core.chimera.combos import KIND_NAMES, beats as _beats, classify as _classify, highest
from engine_core.errors import RequestError
from engine_core.judge import field


def _counts(request, name):
    return value_counts(DECK.parse(field(request, name)))


def _over(request):
    # The reading on the table (its highest, C5.2), or None when leading.
    over = field(request, "over")
    if over is None:
        return None
    readings = _classify(value_counts(DECK.parse(over)))
    if not readings:
        raise RequestError("over is no combination")
    return highest(readings)


def reading_json(r):
    kind, length, rank = r
    return {"kind": KIND_NAMES[kind], "length": length, "rank": VALUE_TOKENS[rank] if rank else None}


def classify(request):
    return {"combos": [reading_json(r) for r in _classify(_counts(request, "cards"))]}


def beats(request):
    readings = _classify(_counts(request, "play"))
    over = _over(request)
    if over is None:
        return {"beats": bool(readings)}
    for r in readings:
        if _beats(r, over):
            return {"beats": True}
    return {"beats": False}


def legal(request):
    # Imported here: classify and beats on the board do not pay for the generator.
    from engine_core.chimera.movegen import legal_plays
    plays = legal_plays(_counts(request, "hand"), _over(request))
    t = VALUE_TOKENS
    # In place: each value tuple is garbage as soon as its token list replaces it, so the
    # board never holds both forms of a long answer at once.
    for i in range(len(plays)):
        plays[i] = [t[v] for v in plays[i]]
    return {"plays": plays}


def score(request):
    from engine_core.chimera.scoresheet import score_round
    return {"deltas": score_round(field(request, "round"))}


def replay(request):
    # Imported here: classify/beats/legal on the board do not pay heap for the game.
    from engine_core.chimera.record import replay as _replay
    state, failed = _replay(field(request, "record"))
    if failed is not None:
        return {"ok": False, "at": failed[0], "error": failed[1]}
    m = state.match
    return {"ok": True, "totals": list(m.totals), "rounds": [list(r) for r in m.rounds],
            "winner": m.winner}
