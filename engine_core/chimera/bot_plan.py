# The Chimera bot's hand plan and card tracking (issue 11).
#
# A plan splits a hand (value counts, cards.value_counts) into combinations the way a
# Dou Dizhu player does: the attack and traps first, then straights, runs of trios and
# pairs, trios carrying the lowest spare singles or pairs, pairs, singles. Its cost
# counts the leads the hand still needs: every combination costs one, every one that
# nothing still out can beat of its own kind (a "winner") gives a lead back.
#
# "Still out" is ``u``, the value counts of the cards the seat has not seen (view.py):
# the deck minus its own hand minus everything played. The two other hands share them.
# ``threats(u)`` turns them into a table of the best combination of each kind and length
# they could make, computed once per decision, so a winner check is one lookup.
#
# Combos are tuples (kind, length, rank, values) with values a sorted tuple, ready to be
# played; everything is small ints and tuples and runs within a few thousand bytecodes.

from engine_core.chimera.cards import CHIMERA, HERO, PIYA, TOP
from engine_core.chimera.combos import (
    ATTACK,
    FOUR_TWO_PAIRS,
    FOUR_TWO_SINGLES,
    PAIR,
    PAIR_SEQ,
    SINGLE,
    STRAIGHT,
    TRAP,
    TRIO,
    TRIO_PAIR,
    TRIO_SEQ,
    TRIO_SEQ_PAIRS,
    TRIO_SEQ_SINGLES,
    TRIO_SINGLE,
)

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

MAX_SEQ = 12
# Cost weights: a combination costs COMBO, a winner gives WIN back (a winner is not a
# sure lead: a trap or the attack may still come).
_COMBO = const(20)
WIN = 14
# Kinds whose winners are decided by trios / pairs / singles of the unseen cards.
_TRIO_KINDS = (TRIO, TRIO_SINGLE, TRIO_PAIR)
_FULL = [0] + [4] * HERO + [1, 1]  # copies of each value in the deck


def unseen(hand_counts, played_counts):
    # Value counts of the cards a seat has not seen.
    return [_FULL[v] - hand_counts[v] - played_counts[v] for v in range(TOP + 1)]


def threats(u):
    # The tracking table of a decision: slot kind * 13 + length holds the highest rank
    # of a combination of that kind and length the unseen cards could still make (0:
    # none). Traps and the attack, which beat everything, are left out: two Hunters
    # rarely hold a four in one hand, and measured play is better ignoring them.
    t = [0] * (14 * 13)
    best = [0, 0, 0, 0, 0]  # highest value held at least n times
    for v in range(1, TOP + 1):
        n = u[v]
        while n:
            best[n] = v
            n -= 1
    best[2] = min(best[2], HERO)  # Pi Ya and Chimera are single cards
    t[SINGLE * 13 + 1] = best[1]
    t[PAIR * 13 + 1] = best[2]
    t[TRIO * 13 + 1] = t[TRIO_SINGLE * 13 + 1] = t[TRIO_PAIR * 13 + 1] = best[3]
    t[FOUR_TWO_SINGLES * 13 + 1] = t[FOUR_TWO_PAIRS * 13 + 1] = best[4]
    t[TRAP * 13 + 1] = 99 if u[PIYA] and u[CHIMERA] else best[4]
    _runs_into(t, u, STRAIGHT, 1, 5, 1 if u[PIYA] else 0)
    _runs_into(t, u, PAIR_SEQ, 2, 3, 0)
    _runs_into(t, u, TRIO_SEQ, 3, 2, 0)
    for length in range(2, 5):
        t[TRIO_SEQ_SINGLES * 13 + length] = t[TRIO_SEQ_PAIRS * 13 + length] = t[TRIO_SEQ * 13 + length]
    return t


def _runs_into(t, u, kind, need, min, holes_ok):
    # For each top value, the longest window ending there of values held `need` times
    # with at most `holes_ok` values missing; tops ascend, so the last write is the best.
    last = 0  # the latest hole
    prev = 0  # the hole before it
    base = kind * 13
    for top in range(1, MAX_SEQ + 1):
        if u[top] < need:
            prev = last
            last = top
        n = top - (prev if holes_ok else last)
        while n >= min:
            t[base + n] = top
            n -= 1


def can_beat(t, kind, length, value):
    # Could the unseen cards (threats table ``t``) make a higher combination of the same
    # kind and length? (The attack never loses.)
    if kind == ATTACK:
        return False
    return t[kind * 13 + length] > value


# ----------------------------------------------------------------------------- the plan

def plan(c, t, straights=True, wide=False):
    # (cost, combos) for counts ``c``: the cheaper of the splits with and without
    # straights (straights=False tries only the split without). ``wide`` also tries
    # straights that keep trios, and pairs, whole (a lead can afford the time).
    best = _split(c, t, 0)
    if straights and _has_run5(c):
        for most in ((3, 2, 1) if wide else (3,)):
            other = _split(c, t, most)
            if other[0] < best[0]:
                best = other
    return best


def _has_run5(c):
    n = 0
    for v in range(1, MAX_SEQ + 1):
        if c[v]:
            n += 1
            if n == 5:
                return True
        else:
            n = 0
    return False


# Combinations of one value, built once: most of a plan is made of them.
_SINGLE_CB = [(SINGLE, 1, v, (v,)) for v in range(TOP + 1)]
_PAIR_CB = [(PAIR, 1, v, (v, v)) for v in range(TOP + 1)]
_TRIO_CB = [(TRIO, 1, v, (v, v, v)) for v in range(TOP + 1)]
_TRAP_CB = [(TRAP, 1, v, (v, v, v, v)) for v in range(TOP + 1)]
_ATTACK_CB = (ATTACK, 1, 0, (PIYA, CHIMERA))


def _split(data, t, straights):
    # ``straights``: 0 none, else the most copies of a value a straight may draw from
    # (never 4: traps stay whole).
    c = list(data)
    out = []
    if c[PIYA] and c[CHIMERA]:
        out.append(_ATTACK_CB)
        c[PIYA] = c[CHIMERA] = 0
    if straights:
        _take_straights(c, out, straights)
    trios = []  # trios and runs of trios, to carry cards
    _take_runs(c, 3, 2, TRIO_SEQ, trios)
    _take_runs(c, 2, 3, PAIR_SEQ, out)
    pairs = []
    singles = []
    for v in range(1, TOP + 1):
        k = c[v]
        if k == 1:
            singles.append(v)
        elif k == 2:
            pairs.append(v)
        elif k == 3:
            trios.append(_TRIO_CB[v])
        elif k == 4:
            out.append(_TRAP_CB[v])
    if trios:
        _attach(trios, singles, pairs, t, out)
    for v in pairs:
        out.append(_PAIR_CB[v])
    for v in singles:
        out.append(_SINGLE_CB[v])
    n = len(out)
    w = 0
    for cb in out:
        if cb[0] == ATTACK or t[cb[0] * 13 + cb[1]] <= cb[2]:
            w += 1
    # the last combination needs no lead after it: a hand of winners only costs one
    k = _COMBO * n - WIN * w
    if w == n and n:
        k = _COMBO - WIN
    return k, out


def _take_straights(c, out, max):
    found = []
    v = 1
    while v <= MAX_SEQ - 4:
        x = v
        while x < v + 5 and 0 < c[x] <= max:
            x += 1
        if x < v + 5:
            v = x + 1  # no straight of 5 holds the value at x
            continue
        for x in range(v, v + 5):
            c[x] -= 1
        found.append([v, v + 4])
    if not found:
        return
    # lengthen with values that would otherwise stay lonely singles
    for s in found:
        while s[1] < MAX_SEQ and c[s[1] + 1] == 1:
            s[1] += 1
            c[s[1]] = 0
    found.sort()
    i = 0
    while i < len(found) - 1:  # join two straights that meet
        if found[i + 1][0] == found[i][1] + 1:
            found[i][1] = found[i + 1][1]
            found.pop(i + 1)
        else:
            i += 1
    for lo, hi in found:
        out.append((STRAIGHT, hi - lo + 1, hi, tuple(range(lo, hi + 1))))


def _take_runs(c, n, min, kind, out):
    # Runs of values held exactly n times (within 1..12), at least ``min`` long.
    v = 1
    while v <= MAX_SEQ:
        if c[v] != n:
            v += 1
            continue
        lo = v
        while v <= MAX_SEQ and c[v] == n:
            v += 1
        hi = v - 1
        if hi - lo + 1 >= min:
            vals = ()
            for x in range(lo, hi + 1):
                vals += (x,) * n
                c[x] = 0
            out.append((kind, hi - lo + 1, hi, vals))


def _attach(trios, singles, pairs, t, out):
    # Trios (runs first, then lowest first) carry the lowest spare singles, else pairs;
    # a single or pair is spare when something still out beats it.
    spare1 = [v for v in singles if can_beat(t, SINGLE, 1, v)]
    spare2 = [v for v in pairs if can_beat(t, PAIR, 1, v)]
    for tr in trios:
        kind, k, rank, vals = tr
        if len(spare1) >= k and not (k > 1 and PIYA in spare1[:k] and CHIMERA in spare1[:k]):
            got = spare1[:k]
            del spare1[:k]
            for v in got:
                singles.remove(v)
            out.append((TRIO_SINGLE if k == 1 else TRIO_SEQ_SINGLES, k, rank,
                        tuple(sorted(vals + tuple(got)))))
        elif len(spare2) >= k:
            got = spare2[:k]
            del spare2[:k]
            extra = ()
            for v in got:
                pairs.remove(v)
                extra += (v, v)
            out.append((TRIO_PAIR if k == 1 else TRIO_SEQ_PAIRS, k, rank, tuple(sorted(vals + extra))))
        else:
            out.append(tr)
