"""Tichu answers to the judge ops (CONTRACT section 3)."""

from engine_core.errors import RequestError, shown
from engine_core.judge import field
from engine_core.tichu.cards import ACE, DECK, MAHJONG, VALUE_TOKENS
from engine_core.tichu.combos import (
    KIND_NAMES,
    SINGLE,
    beats as _beats,
    classify as _classify,
    highest,
    placed,
)

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

# The tokens a wish may name (T4.1: a rank 2..A) and the singles a Phoenix may lie on
# (T4.3, T4.4: not the Dog, not the Dragon; the Mah Jong makes it 1.5).
_WISH_RANKS = {}
for _v in range(2, ACE + 1):
    _WISH_RANKS[VALUE_TOKENS[_v]] = _v
_PHOENIX_ON = dict(_WISH_RANKS)
_PHOENIX_ON[VALUE_TOKENS[MAHJONG]] = MAHJONG

_HAND_SIZE = const(14)

# Token of every card code, built once: legal answers repeat the same few strings.
_TOKEN = {}
for _c in DECK.card_list:
    _TOKEN[_c] = DECK.token(_c)
for _v in range(2, ACE + 1):
    _TOKEN[_v << 3 | 4] = VALUE_TOKENS[_v]


def _cards(request, name):
    return DECK.parse(field(request, name))


def _rank_field(request, name, allowed, what):
    """An optional rank-token field: its value, or 0 when absent or null."""
    tok = request.get(name)
    if tok is None:
        return 0
    v = allowed.get(tok) if isinstance(tok, str) else None
    if v is None:
        raise RequestError("%s must be %s, not %s" % (name, what, shown(tok)))
    return v


def _over(request):
    """The reading on the table (its highest, T3.3), or None when leading. A lone
    Phoenix counts as led (1.5) unless ``phoenix_on`` names the single under it."""
    on = _rank_field(request, "phoenix_on", _PHOENIX_ON, "the rank token of a single (MJ, 2..A)")
    over = field(request, "over")
    if over is None:
        return None
    readings = _classify(DECK.parse(over))
    if not readings:
        raise RequestError("over is no combination")
    r = highest(readings)
    if on:  # placed() moves only a lone Phoenix
        r = placed(r, (SINGLE, 1, 2 * on))
    return r


def reading_json(r):
    kind, length, rank = r
    if kind == SINGLE:
        tok = "PHX" if rank & 1 else VALUE_TOKENS[rank >> 1]
    else:
        tok = VALUE_TOKENS[rank]
    return {"kind": KIND_NAMES[kind], "length": length, "rank": tok}


def classify(request):
    return {"combos": [reading_json(r) for r in _classify(_cards(request, "cards"))]}


def beats(request):
    readings = _classify(_cards(request, "play"))
    over = _over(request)
    if over is None:
        return {"beats": bool(readings)}
    for r in readings:
        if _beats(r, over):
            return {"beats": True}
    return {"beats": False}


def legal(request):
    # Imported here: classify, beats and replay on the board do not pay for the generator.
    from engine_core.tichu.movegen import legal_plays
    hand = _cards(request, "hand")
    if len(hand) > _HAND_SIZE:  # T2.2; also keeps the answer within the board's heap
        raise RequestError("a Tichu hand holds at most %d cards, not %d" % (_HAND_SIZE, len(hand)))
    wish = _rank_field(request, "wish", _WISH_RANKS, "a rank token 2..A")
    plays = legal_plays(hand, _over(request), wish)
    t = _TOKEN
    for i in range(len(plays)):  # in place: the board's heap holds one copy at a time
        plays[i] = [t[c] for c in plays[i]]
    return {"plays": plays}


def score(request):
    from engine_core.tichu.scoresheet import score_round
    return {"deltas": score_round(field(request, "round"))}


def replay(request):
    # Imported here: classify/beats/legal do not pay heap for the game.
    from engine_core.tichu.record import replay as _replay
    state, failed = _replay(field(request, "record"))
    if failed is not None:
        return {"ok": False, "at": failed[0], "error": failed[1]}
    m = state.match  # per team (T1.3)
    return {"ok": True, "totals": list(m.totals), "rounds": [list(r) for r in m.rounds],
            "winner": m.winner}
