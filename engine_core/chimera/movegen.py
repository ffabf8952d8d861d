"""Every distinct Chimera play a hand may make now (RULES C5, C6).

Works on the hand's value counts, never on subsets of cards: each kind has a generator
that walks the counts, the way fast Dou Dizhu move generators do. A play is a sorted
tuple of values; no two generators can make the same multiset (see combos.py), so the
result has no duplicates without a set.

``gen(c, b, k, r, out)`` appends the plays of one kind with length ``k`` (0: any
length) and best rank above ``r`` to ``out``; ``b`` holds the hand's values bucketed
by count (``buckets``), computed once per call of ``legal_plays``.
"""

from engine_core.chimera.cards import CHIMERA, PIYA, TOP
from engine_core.chimera.combos import (
    ATTACK,
    FOUR_TWO_PAIRS,
    FOUR_TWO_SINGLES,
    MAX_SEQ,
    MIN_UNITS,
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
_ATTACK = (PIYA, CHIMERA)
# _RUN[lo][hi]: the straight lo..hi; _RUNP: the same with Pi Ya appended; _RUN2/_RUN3:
# the run of pairs / trios. Tables, so a play is one concatenation or none.
_RUN = [[tuple(range(lo, hi + 1)) for hi in range(13)] for lo in range(14)]
_RUNP = [[r + _P for r in row] for row in _RUN]
_RUN2 = [[tuple(sorted(r * 2)) for r in row] for row in _RUN]
_RUN3 = [[tuple(sorted(r * 3)) for r in row] for row in _RUN]
# _PSUB_ROW[a]: every straight a..z (5+ values, z ascending) with Pi Ya standing in for
# one inner value; those with tops up to z end at index _PSUB_AT[a][z].
_PSUB_ROW = []
_PSUB_AT = []
for _a in range(13):
    _row = []
    _at = []
    for _z in range(13):
        if _z - _a >= 4:
            _row += [_RUN[_a][_x - 1] + _RUNP[_x + 1][_z] for _x in range(_a + 1, _z)]
        _at.append(len(_row))
    _PSUB_ROW.append(_row)
    _PSUB_AT.append(_at)
del _a, _z, _row, _at
_VALUES = tuple(range(1, TOP + 1))
_PIYA1 = _ONE[PIYA]
_CHIMERA1 = _ONE[CHIMERA]


def buckets(c):
    """Held values (ascending) by how many of each the hand holds: >=1, >=2, >=3, 4."""
    ones = [v for v in _VALUES if c[v]]
    twos = [v for v in ones if c[v] > 1]
    threes = [v for v in twos if c[v] > 2] if twos else twos
    return ones, twos, threes, [v for v in threes if c[v] > 3] if threes else threes


def _runs(vals):
    """Maximal runs (lo, hi) of consecutive values within 1..12 in a sorted list."""
    runs = []
    lo = hi = -1
    for v in vals:
        if v > MAX_SEQ:
            break
        if v == hi + 1:
            hi = v
        else:
            if lo > 0:
                runs.append((lo, hi))
            lo = hi = v
    if lo > 0:
        runs.append((lo, hi))
    return runs


def _from_runs(table, runs, k, least, r, out):
    """Append table[a][z] for every window a..z inside the runs: z - a + 1 == k (any
    length >= least when k is 0), top z above r. A row of a table is indexed by the
    top, so all windows from one start are one slice."""
    for lo, hi in runs:
        if hi - lo + 1 < (k or least):
            continue
        if k:
            for z in range(max(lo + k - 1, r + 1), hi + 1):
                out.append(table[z - k + 1][z])
        elif r:
            for a in range(lo, hi - least + 2):
                out += table[a][max(a + least - 1, r + 1):hi + 1]
        else:
            for a in range(lo, hi - least + 2):
                out += table[a][a + least - 1:hi + 1]


def _consecutive(vals):
    """Do two values of the sorted list follow each other within 1..12?"""
    prev = -1
    for v in vals:
        if v == prev + 1 and v <= MAX_SEQ:
            return True
        prev = v
    return False


def _windows(runs, k, least, r):
    """The (a, z) windows of _from_runs, for generators that attach cards to them."""
    if k:
        return [(z - k + 1, z) for lo, hi in runs for z in range(max(lo + k - 1, r + 1), hi + 1)]
    return [(a, z) for lo, hi in runs for a in range(lo, hi - least + 2)
            for z in range(max(a + least - 1, r + 1), hi + 1)]


def _singles(c, b, k, r, out):
    out += [_ONE[v] for v in b[0] if v > r] if r else [_ONE[v] for v in b[0]]


def _pairs(c, b, k, r, out):
    out += [_TWO[v] for v in b[1] if v > r] if r else [_TWO[v] for v in b[1]]


def _trios(c, b, k, r, out):
    out += [_THREE[v] for v in b[2] if v > r] if r else [_THREE[v] for v in b[2]]


def _traps(c, b, k, r, out):
    out += [_FOUR[v] for v in b[3] if v > r] if r else [_FOUR[v] for v in b[3]]


def _attack(c, b, k, r, out):
    if c[PIYA] and c[CHIMERA]:
        out.append(_ATTACK)


def _pair_seqs(c, b, k, r, out):
    if len(b[1]) < 3:
        return
    _from_runs(_RUN2, _runs(b[1]), k, 3, r, out)


def _trio_seqs(c, b, k, r, out):
    if len(b[2]) < 2:
        return
    _from_runs(_RUN3, _runs(b[2]), k, 2, r, out)


def _straights(c, b, k, r, out):
    if len(b[0]) < 4:
        return
    runs = _runs(b[0])
    p = c[PIYA]
    if not k and not r:
        _lead_straights(runs, p, out)
        return
    for lo, hi in runs:
        if hi - lo < 3:
            continue
        for a in range(lo, hi - 2):
            # tops z of the windows a..z: every length >= 5 (k == 0) or exactly k
            zlo = max(a + k - 1 if k else a + 4, r + 1)
            zhi = min(hi, a + k - 1) if k else hi
            if zlo <= zhi:
                out += _RUN[a][zlo:zhi + 1]
                if p:  # Pi Ya for one inner value of a..z, held or not
                    out += _PSUB_ROW[a][_PSUB_AT[a][zlo - 1]:_PSUB_AT[a][zhi]]
            if p:
                # Pi Ya at an open end of a..z (4..11 values): the best reading tops at
                # z + 1, or at z when z is 12.
                zlo = max(a + k - 2 if k else a + 3, r)
                zhi = min(hi, a + k - 2 if k else a + 10)
                if zhi == MAX_SEQ and r == MAX_SEQ:
                    zhi -= 1
                out += _RUNP[a][zlo:zhi + 1]
    if p:
        _bridged_straights(runs, k, r, out)


def _lead_straights(runs, p, out):
    """_straights for a lead: every window, so whole table rows are sliced."""
    for lo, hi in runs:
        if hi - lo < 3:
            continue
        for a in range(lo, hi - 2):
            if a + 4 <= hi:
                out += _RUN[a][a + 4:hi + 1]
                if p:
                    out += _PSUB_ROW[a][_PSUB_AT[a][a + 3]:_PSUB_AT[a][hi]]
            if p:
                out += _RUNP[a][a + 3:min(hi, a + 10) + 1]
    if p:
        _bridged_straights(runs, 0, 0, out)


def _bridged_straights(runs, k, r, out):
    """Pi Ya for the one value missing between two runs."""
    for i in range(len(runs) - 1):
        lo, x1 = runs[i]
        x2, hi = runs[i + 1]
        if x2 == x1 + 2:
            for a in range(lo, x1 + 1):
                pre = _RUN[a][x1]
                zlo = max(x2, a + 4, r + 1)
                zhi = hi
                if k:
                    zlo = max(zlo, a + k - 1)
                    zhi = min(hi, a + k - 1)
                out += [pre + t for t in _RUNP[x2][zlo:zhi + 1]]


def _trio_singles(c, b, k, r, out):
    ones = b[0]
    for t in b[2]:
        if t > r:
            out += [(s, t, t, t) if s < t else (t, t, t, s) for s in ones if s != t]


def _trio_pairs(c, b, k, r, out):
    twos = b[1]
    for t in b[2]:
        if t > r:
            out += [(s, s, t, t, t) if s < t else (t, t, t, s, s) for s in twos if s != t]


def _four_two_singles(c, b, k, r, out):
    ones = b[0]
    for f in b[3]:
        if f > r:
            i = ones.index(f)
            lo = ones[:i]
            hi = ones[i + 1:]
            out += [(x, y, f, f, f, f) for j, x in enumerate(lo) for y in lo[j + 1:]]
            out += [(x, f, f, f, f, y) for x in lo for y in hi]
            # never Pi Ya and Chimera together (C5)
            out += [(f, f, f, f, x, y) for j, x in enumerate(hi) for y in hi[j + 1:]
                    if y != CHIMERA or x != PIYA]


def _four_two_pairs(c, b, k, r, out):
    twos = b[1]
    for f in b[3]:
        if f > r:
            i = twos.index(f)
            lo = twos[:i]
            hi = twos[i + 1:]
            out += [(x, x, y, y, f, f, f, f) for j, x in enumerate(lo) for y in lo[j + 1:]]
            out += [(x, x, f, f, f, f, y, y) for x in lo for y in hi]
            out += [(f, f, f, f, x, x, y, y) for j, x in enumerate(hi) for y in hi[j + 1:]]


def _trio_seq_with(b, k, r, out, cands, parts, avoid_pc):
    """k consecutive trios plus k attached singles or pairs of other values."""
    if len(b[2]) < 2:
        return
    for a, z in _windows(_runs(b[2]), k, 2, r):
        core = _RUN3[a][z]
        if z == a + 1:  # two trios, two attachments: most of them, so unrolled
            lo = [parts[v] for v in cands if v < a]
            hi = [parts[v] for v in cands if v > z]
            out += [x + y + core for j, x in enumerate(lo) for y in lo[j + 1:]]
            out += [x + core + y for x in lo for y in hi]
            out += [core + x + y for j, x in enumerate(hi) for y in hi[j + 1:]
                    if not (avoid_pc and y == _CHIMERA1 and x == _PIYA1)]
            continue
        cand = [v for v in cands if v < a or v > z]
        if len(cand) > z - a:
            _attach(cand, z - a + 1, core, a, parts, avoid_pc, out)


def _attach(cand, u, core, a, parts, avoid_pc, out):
    """Append core plus every u-subset of cand (ascending values), kept sorted."""
    m = len(cand)
    idx = list(range(u))
    while True:
        below = ()
        above = ()
        for i in idx:
            v = cand[i]
            if v < a:
                below += parts[v]
            else:
                above += parts[v]
        if not (avoid_pc and cand[idx[-1]] == CHIMERA and cand[idx[-2]] == PIYA):
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


def _trio_seq_singles(c, b, k, r, out):
    _trio_seq_with(b, k, r, out, b[0], _ONE, True)


def _trio_seq_pairs(c, b, k, r, out):
    _trio_seq_with(b, k, r, out, b[1], _TWO, False)


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
# For a lead, kinds are grouped by what they need, so a hand without a trio or a four
# does not even call their generators.
_LEAD_ANY = (_singles, _pairs, _pair_seqs, _straights, _attack)
_LEAD_TRIO = (_trios, _trio_singles, _trio_pairs)
_LEAD_TRIOS = (_trio_seqs, _trio_seq_singles, _trio_seq_pairs)
_LEAD_FOUR = (_traps, _four_two_singles, _four_two_pairs)


def legal_plays(c, over=None):
    """Plays (sorted value tuples) from counts ``c`` that lead (``over`` None) or beat
    reading ``over`` (C6): same kind and length and higher rank, any higher trap, the
    attack."""
    out = []
    b = buckets(c)
    if over is None:
        for gen in _LEAD_ANY:
            gen(c, b, 0, 0, out)
        threes = b[2]
        if threes:
            for gen in _LEAD_TRIO:
                gen(c, b, 0, 0, out)
            if len(threes) > 1 and _consecutive(threes):
                for gen in _LEAD_TRIOS:
                    gen(c, b, 0, 0, out)
            if b[3]:
                for gen in _LEAD_FOUR:
                    gen(c, b, 0, 0, out)
        return out
    kind, length, rank = over
    if kind == ATTACK:
        return out
    if kind == TRAP:
        _traps(c, b, 0, rank, out)
    else:
        GENERATORS[kind](c, b, length if kind in MIN_UNITS else 0, rank, out)
        _traps(c, b, 0, 0, out)
    _attack(c, b, 0, 0, out)
    return out
