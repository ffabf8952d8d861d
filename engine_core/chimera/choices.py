# The legal actions of a seat (the ``legal_actions`` of the game seam, game.py).
#
# Kept apart from game.py so that replaying and refereeing never load the move
# generator's tables: game.legal_actions imports this module on first use.

from engine_core.chimera.cards import PIYA, value_counts
from engine_core.chimera.combos import beats, classify
from engine_core.chimera.game import BID, BIDS, GIVE, GIVES, decision
from engine_core.chimera.movegen import legal_plays


def legal_actions(state, seat):
    # See game.legal_actions.
    kind, due = decision(state)
    if seat not in due:
        return []
    if kind == BID:
        return [(seat, "pass")] + [(seat, "bid", b) for b in BIDS if b > state.bid]
    hand = state.hands[seat]
    by_value = _by_value(hand)
    if kind == GIVE:
        return [(seat, "give", g) for g in _give_choices(by_value, GIVES[state.bid])]
    top = state.top
    out = [] if top is None else [(seat, "pass")]
    for p in legal_plays(value_counts(hand), top):
        codes = _pick(by_value, p)
        if PIYA in p and len(p) >= 5:
            rs = [r for r in classify(value_counts(codes)) if top is None or beats(r, top)]
            if len(rs) > 1:
                for r in rs:
                    out.append((seat, "play", codes, r[2]))
                continue
        out.append((seat, "play", codes, None))
    return out


def _by_value(hand):
    by = {}
    for c in hand:
        v = c >> 3
        if v in by:
            by[v].append(c)
        else:
            by[v] = [c]
    return by


def _pick(by_value, values):
    # Card codes for a sorted value tuple: the first held cards of each value.
    out = []
    prev = -1
    k = 0
    for v in values:
        k = k + 1 if v == prev else 0
        prev = v
        out.append(by_value[v][k])
    return tuple(out)


def _give_choices(by_value, n):
    vals = sorted(by_value)
    if n == 1:
        return [(by_value[v][0],) for v in vals]
    out = []
    for i in range(len(vals)):
        a = by_value[vals[i]]
        if len(a) >= 2:
            out.append((a[0], a[1]))
        for j in range(i + 1, len(vals)):
            out.append((a[0], by_value[vals[j]][0]))
    return out
