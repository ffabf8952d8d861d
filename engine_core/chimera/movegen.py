"""Every distinct Chimera play a hand may make now (RULES C5, C6).

Works on the hand's value counts, never on subsets of cards: each kind has a generator
that walks the counts, the way fast Dou Dizhu move generators do. A play is a sorted
tuple of values; no two generators can make the same multiset (see combos.py), so the
result has no duplicates without a set.

``gen(c, k, r, out)`` appends the plays of one kind with length ``k`` (0: any length)
and best rank above ``r`` to ``out``.
"""

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

_ONE = [(v,) for v in range(TOP + 1)]
_TWO = [(v, v) for v in range(TOP + 1)]
_THREE = [(v, v, v) for v in range(TOP + 1)]
_FOUR = [(v, v, v, v) for v in range(TOP + 1)]
_P = (PIYA,)
# _RUN[lo][hi]: the straight lo..hi; _RUN2/_RUN3: the same run of pairs / trios.
_RUN = [[tuple(range(lo, hi + 1)) for hi in range(13)] for lo in range(13)]
_RUN2 = [[tuple(sorted(_RUN[lo][hi] * 2)) for hi in range(13)] for lo in range(13)]
_RUN3 = [[tuple(sorted(_RUN[lo][hi] * 3)) for hi in range(13)] for lo in range(13)]
_ATTACK = (PIYA, CHIMERA)


def _singles(c, k, r, out):
    for v in range(r + 1, TOP + 1):
        if c[v]:
            out.append(_ONE[v])


def _pairs(c, k, r, out):
    for v in range(r + 1, HERO + 1):
        if c[v] >= 2:
            out.append(_TWO[v])


def _trios(c, k, r, out):
    for v in range(r + 1, HERO + 1):
        if c[v] >= 3:
            out.append(_THREE[v])


def _traps(c, k, r, out):
    for v in range(r + 1, HERO + 1):
        if c[v] == 4:
            out.append(_FOUR[v])


def _attack(c, k, r, out):
    if c[PIYA] and c[CHIMERA]:
        out.append(_ATTACK)


def _runs_from(c, need, lo_units, k, r, out, table, start):
    """Windows of consecutive values 1..12 with count >= need, starting at or above
    start: length k (or any length >= lo_units when k is 0), top above r."""
    lo = start
    while lo <= 12:
        if c[lo] < need:
            lo += 1
            continue
        hi = lo
        while hi < 12 and c[hi + 1] >= need:
            hi += 1
        for a in range(lo, hi + 1):
            if k:
                b = a + k - 1
                if b <= hi and b > r:
                    out.append(table[a][b])
            else:
                for b in range(a + lo_units - 1, hi + 1):
                    if b > r:
                        out.append(table[a][b])
        lo = hi + 1


def _pair_seqs(c, k, r, out):
    _runs_from(c, 2, 3, k, r, out, _RUN2, 1)


def _trio_seqs(c, k, r, out):
    _runs_from(c, 3, 2, k, r, out, _RUN3, 1)


def _straights(c, k, r, out):
    p = c[PIYA]
    for lo in range(1, 13):
        if not c[lo]:
            continue
        gap = 0
        for hi in range(lo, 13):
            if not c[hi]:
                if gap or not p:
                    break
                gap = hi
                continue
            n = hi - lo + 1
            if gap:  # Pi Ya fills the one gap inside lo..hi
                if n >= 5 and (not k or n == k) and hi > r:
                    out.append(_RUN[lo][gap - 1] + _RUN[gap + 1][hi] + _P)
                continue
            if n >= 5 and (not k or n == k) and hi > r:
                out.append(_RUN[lo][hi])
                if p:  # Pi Ya may stand in for a value the hand holds, too
                    for x in range(lo + 1, hi):
                        out.append(_RUN[lo][x - 1] + _RUN[x + 1][hi] + _P)
            # Pi Ya at an open end: best reading tops at hi + 1 unless hi is 12
            if p and n >= 4 and n <= 11 and (not k or n + 1 == k) and (hi + 1 if hi < 12 else hi) > r:
                out.append(_RUN[lo][hi] + _P)


def _trio_singles(c, k, r, out):
    for t in range(r + 1, HERO + 1):
        if c[t] < 3:
            continue
        tt = _THREE[t]
        for s in range(1, TOP + 1):
            if c[s] and s != t:
                out.append(_ONE[s] + tt if s < t else tt + _ONE[s])


def _trio_pairs(c, k, r, out):
    for t in range(r + 1, HERO + 1):
        if c[t] < 3:
            continue
        tt = _THREE[t]
        for s in range(1, HERO + 1):
            if c[s] >= 2 and s != t:
                out.append(_TWO[s] + tt if s < t else tt + _TWO[s])


def _four_twos(c, r, out, need, hi_val, parts, bad_pair):
    for f in range(r + 1, HERO + 1):
        if c[f] != 4:
            continue
        ff = _FOUR[f]
        cand = [v for v in range(1, hi_val + 1) if c[v] >= need and v != f]
        m = len(cand)
        for i in range(m - 1):
            a = cand[i]
            pa = parts[a]
            for j in range(i + 1, m):
                b = cand[j]
                if a == bad_pair and b == CHIMERA:
                    continue
                if b < f:
                    out.append(pa + parts[b] + ff)
                elif a < f:
                    out.append(pa + ff + parts[b])
                else:
                    out.append(ff + pa + parts[b])


def _four_two_singles(c, k, r, out):
    _four_twos(c, r, out, 1, TOP, _ONE, PIYA)


def _four_two_pairs(c, k, r, out):
    _four_twos(c, r, out, 2, HERO, _TWO, 0)


def _trio_seq_with(c, k, r, out, need, hi_val, parts, avoid_pc):
    """k consecutive trios plus k attached singles (need 1) or pairs (need 2)."""
    lo = 1
    while lo <= 12:
        if c[lo] < 3:
            lo += 1
            continue
        hi = lo
        while hi < 12 and c[hi + 1] >= 3:
            hi += 1
        for a in range(lo, hi):
            for b in range(a + 1, hi + 1):
                u = b - a + 1
                if (k and u != k) or b <= r:
                    continue
                cand = [v for v in range(1, hi_val + 1) if c[v] >= need and (v < a or v > b)]
                if len(cand) >= u:
                    _attach(cand, u, _RUN3[a][b], a, parts, avoid_pc, out)
        lo = hi + 1


def _attach(cand, u, core, a, parts, avoid_pc, out):
    """Append core plus every u-subset of cand (ascending values), kept sorted."""
    m = len(cand)
    idx = list(range(u))
    while True:
        below = ()
        above = ()
        last = -1
        for i in idx:
            v = cand[i]
            if v < a:
                below += parts[v]
            else:
                above += parts[v]
            last = v
        if not (avoid_pc and last == CHIMERA and cand[idx[-2]] == PIYA):
            out.append(below + core + above)
        # next combination of indices, lexicographic
        i = u - 1
        while i >= 0 and idx[i] == m - u + i:
            i -= 1
        if i < 0:
            return
        idx[i] += 1
        for j in range(i + 1, u):
            idx[j] = idx[j - 1] + 1


def _trio_seq_singles(c, k, r, out):
    _trio_seq_with(c, k, r, out, 1, TOP, _ONE, True)


def _trio_seq_pairs(c, k, r, out):
    _trio_seq_with(c, k, r, out, 2, HERO, _TWO, False)


GENERATORS = {
    SINGLE: _singles,
    PAIR: _pairs,
    PAIR_SEQ: _pair_seqs,
    TRIO: _trios,
    TRIO_SEQ: _trio_seqs,
    TRIO_SINGLE: _trio_singles,
    TRIO_PAIR: _trio_pairs,
    TRIO_SEQ_SINGLES: _trio_seq_singles,
    TRIO_SEQ_PAIRS: _trio_seq_pairs,
    STRAIGHT: _straights,
    FOUR_TWO_SINGLES: _four_two_singles,
    FOUR_TWO_PAIRS: _four_two_pairs,
    TRAP: _traps,
    ATTACK: _attack,
}
_LEAD_ORDER = tuple(GENERATORS.values())


def legal_plays(c, over=None):
    """Plays (sorted value tuples) from counts ``c`` that lead (``over`` None) or beat
    reading ``over`` (C6): same kind and length and higher rank, any higher trap, the
    attack."""
    out = []
    if over is None:
        for gen in _LEAD_ORDER:
            gen(c, 0, 0, out)
        return out
    kind, length, rank = over
    if kind == ATTACK:
        return out
    if kind == TRAP:
        _traps(c, 0, rank, out)
    else:
        GENERATORS[kind](c, length if kind in _SEQ else 0, rank, out)
        _traps(c, 0, 0, out)
    _attack(c, 0, 0, out)
    return out


_SEQ = (PAIR_SEQ, TRIO_SEQ, TRIO_SEQ_SINGLES, TRIO_SEQ_PAIRS, STRAIGHT)
