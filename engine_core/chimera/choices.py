# The legal actions of a seat (the ``legal_actions`` of the game seam, game.py).
#
# Kept apart from game.py so that replaying and refereeing never load the move
# generator's tables: game.legal_actions imports this module on first use.

from engine_core.chimera.cards import PIYA, TOP, value_counts
from engine_core.chimera.combos import beats, classify
from engine_core.chimera.game import BID, BIDS, GIVE, GIVES, decision
from engine_core.chimera.movegen import legal_plays, step_plays as movegen_step_plays, steps

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

_ONE_READING = const((None,))


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
        for a in readings_of(p, top) or _ONE_READING:
            out.append((seat, "play", codes, a))
    return out


# A device that lists a seat's plays (the hand's menu) takes them in the pieces of
# movegen.steps: a lead may offer hundreds, more than its heap holds beside everything
# else. It keeps a play as its sorted value tuple and picks its cards when it shows it.


def play_steps(state, seat):
    # (the actions that are not plays, the pieces of the plays): ``seat`` on turn.
    top = state.top
    return ([] if top is None else [(seat, "pass")]), steps(value_counts(state.hands[seat]), top)


def step_plays(state, seat, step):
    # The plays (sorted value tuples) of one piece of play_steps.
    return movegen_step_plays(value_counts(state.hands[seat]), step)


def readings_of(values, top):
    # The ``as`` values of a play (sorted value tuple) with more than one reading that
    # may be played on ``top`` (C5.2), else None.
    if PIYA in values and len(values) >= 5:
        rs = [r[2] for r in classify(_counts(values)) if top is None or beats(r, top)]
        if len(rs) > 1:
            return rs
    return None


def cards_by_value(hand):
    # {value: the cards of ``hand`` of that value}, for pick_cards.
    return _by_value(hand)


def pick_cards(by_value, values):
    # The card codes for a play's sorted value tuple, from cards_by_value(hand).
    return _pick(by_value, values)


def _counts(values):
    c = [0] * (TOP + 1)
    for v in values:
        c[v] += 1
    return c


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
