# Every distinct Chimera play a hand may make now (RULES C5, C6).
#
# Works on the hand's value counts, never on subsets of cards: each kind has a generator
# that walks the counts, the way fast Dou Dizhu move generators do. A play is a sorted
# tuple of values; no two generators can make the same multiset (see combos.py), so the
# result has no duplicates without a set.
#
# ``gen(c, b, k, r, out)`` appends the plays of one kind with length ``k`` (0: any
# length) and best rank above ``r`` to ``out``; ``b`` holds the hand's values bucketed
# by count (``buckets``), computed once per call of ``legal_plays``. A lead (k and r 0)
# takes the cheapest branch of each generator: it is the hot path of bots.
#
# Memory matters as much as speed. A straight a..z is the slice _SPAN[a:z + 1], made when
# it is handed out (a table of every run held 4 KB of the board's heap for good). Three
# larger tables (runs of pairs and trios, and straights with Pi Ya, and with Pi Ya
# standing in for an inner value: about 34 KB under MicroPython) turn more plays into
# slices; they are built only where memory is plentiful (not on MicroPython or
# CircuitPython, whose gc has mem_free), and the generators compute the same plays on
# the fly without them. ``use_tables`` switches, so tests check both ways.

import gc

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
    UNIT_SIZE,
)

_P = (PIYA,)
_ATTACK = (PIYA, CHIMERA)
# Shared tuples: a play handed out twice costs no memory twice.
_ONE = [(v,) for v in range(TOP + 1)]
_TWO = [(v, v) for v in range(TOP + 1)]
_THREE = [(v, v, v) for v in range(TOP + 1)]
_FOUR = [(v, v, v, v) for v in range(TOP + 1)]
# _SPAN[a:z + 1]: the straight a..z (empty when z < a), for a in 0..13 and z in 0..12.
_SPAN = tuple(range(MAX_SEQ + 2))
_VALUES = tuple(range(1, TOP + 1))
_UNITS = (None, _ONE, _TWO, _THREE)
# The optional tables: _SEQS[n][a][z], the run a..z of n-card units (n 2, 3);
# _RUNP[a][z], the straight a..z plus Pi Ya; _PSUB_ROW[a], every straight a..z (5+
# values, z ascending) with Pi Ya for one inner value, those with tops up to z ending
# at _PSUB_AT[a][z].
_SEQS = [None, None, None, None]
_RUNP = None
_PSUB_ROW = None
_PSUB_AT = None


def use_tables(value):
    # Build (True) or drop (False) the optional tables; the plays are the same.
    global _RUNP, _PSUB_ROW, _PSUB_AT
    if not value:
        _SEQS[2] = _SEQS[3] = _RUNP = _PSUB_ROW = _PSUB_AT = None
        return
    run = [[_SPAN[a:z + 1] for z in range(MAX_SEQ + 1)] for a in range(MAX_SEQ + 2)]
    _RUNP = [[t + _P if t else t for t in row] for row in run]
    for n in (2, 3):
        _SEQS[n] = [[tuple(sorted(t * n)) for t in row] for row in run]
    _PSUB_ROW = []
    _PSUB_AT = []
    for a in range(MAX_SEQ + 1):
        row = []
        at = []
        for z in range(MAX_SEQ + 1):
            if z - a >= 4:
                row += [run[a][x - 1] + _RUNP[x + 1][z] for x in range(a + 1, z)]
            at.append(len(row))
        _PSUB_ROW.append(row)
        _PSUB_AT.append(at)


use_tables(not hasattr(gc, "mem_free"))


def buckets(c):
    # Held values (ascending) by how many of each the hand holds: >=1, >=2, >=3, 4.
    ones = [v for v in _VALUES if c[v]]
    twos = [v for v in ones if c[v] > 1]
    threes = [v for v in twos if c[v] > 2] if twos else twos
    return ones, twos, threes, [v for v in threes if c[v] > 3] if threes else threes


def _runs(values):
    # Maximal runs (lo, hi) of consecutive values within 1..12 in a sorted list.
    runs = []
    lo = hi = -1
    for v in values:
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


def _consecutive(values):
    # Do two values of the sorted list follow each other within 1..12?
    prev = -1
    for v in values:
        if v == prev + 1 and v <= MAX_SEQ:
            return True
        prev = v
    return False


def _windows(runs, k, min, r):
    # Windows (a, z) inside the runs: z - a + 1 == k (any length >= least when k is
    # 0), top z above r.
    if k:
        return [(z - k + 1, z) for lo, hi in runs for z in range(max(lo + k - 1, r + 1), hi + 1)]
    return [(a, z) for lo, hi in runs for a in range(lo, hi - min + 2)
            for z in range(max(a + min - 1, r + 1), hi + 1)]


def _unit_runs(n, runs, k, min, r, out):
    # Runs of n-card units (pairs, trios) inside the runs: every window of length k
    # (any length >= least when k is 0) with top above r.
    table = _SEQS[n]
    need = k or min
    for lo, hi in runs:
        if hi - lo + 1 < need:
            continue
        for a in range(lo, hi - need + 2):
            zmin = a + need - 1
            if zmin <= r:
                zmin = r + 1
            zmax = a + k - 1 if k else hi
            if table:
                out += table[a][zmin:zmax + 1]
                continue
            unit = _UNITS[n]
            t = ()
            for z in range(a, zmax + 1):
                t += unit[z]
                if z >= zmin:
                    out.append(t)


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
    if len(b[1]) > 2:
        _unit_runs(2, _runs(b[1]), k, 3, r, out)


def _trio_seqs(c, b, k, r, out):
    if len(b[2]) > 1:
        _unit_runs(3, _runs(b[2]), k, 2, r, out)


def _straights(c, b, k, r, out):
    if len(b[0]) < (4 if c[PIYA] else 5):
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
            # tops z of the windows a..z: exactly k long, above r
            z = a + k - 1
            if z <= hi and z > r:
                out.append(_SPAN[a:z + 1])
                if p:  # Pi Ya for one inner value of a..z, held or not
                    out += [_SPAN[a:x] + _SPAN[x + 1:z + 1] + _P for x in range(a + 1, z)]
            # Pi Ya at an open end of a..z (z - a + 1 == k - 1): the best reading tops
            # at z + 1, or at z when z is 12.
            z = a + k - 2
            if p and z <= hi and z - a >= 3 and (z >= r if z < MAX_SEQ else z > r):
                out.append(_SPAN[a:z + 1] + _P)
    if p and len(runs) > 1:
        _bridged_straights(runs, k, r, out)


def _lead_straights(runs, p, out):
    # _straights for a lead: every window.
    for lo, hi in runs:
        if hi - lo < 3:
            continue
        for a in range(lo, hi - 2):
            out += [_SPAN[a:z + 1] for z in range(a + 4, hi + 1)]
            if p:  # Pi Ya at an open end of a..z (4..11 values)
                if _RUNP:
                    out += _RUNP[a][a + 3:min(hi, a + 10) + 1]
                else:
                    out += [_SPAN[a:z + 1] + _P for z in range(a + 3, min(hi, a + 10) + 1)]
        if p and _PSUB_ROW:
            # Pi Ya for one inner value of a..z (5+ values), held or not
            for a in range(lo, hi - 3):
                out += _PSUB_ROW[a][_PSUB_AT[a][a + 3]:_PSUB_AT[a][hi]]
        elif p:
            # The same without the table: the heads a..x-1 times the tails x+1..z with
            # Pi Ya, where z - a >= 4.
            for x in range(lo + 1, hi):
                tails = [_SPAN[x + 1:z + 1] + _P for z in range(x + 1, hi + 1)]
                out += [_SPAN[a:x] + t for a in range(lo, x) for t in tails[max(0, a + 3 - x):]]
    if p and len(runs) > 1:
        _bridged_straights(runs, 0, 0, out)


def _bridged_straights(runs, k, r, out):
    # Pi Ya for the one value missing between two runs lo..x1 and x2..hi: the heads
    # a..x1 times the tails x2..z with Pi Ya, z - a + 1 long (k, or at least 5), z > r.
    prev = runs[0]
    for nxt in runs[1:]:
        lo, x1 = prev
        x2, hi = nxt
        prev = nxt
        if x2 != x1 + 2:
            continue
        if _RUNP:
            tails = _RUNP[x2]  # by top z
        else:
            tails = [_SPAN[x2:z + 1] + _P if z >= x2 else () for z in range(MAX_SEQ + 1)]
        if k:
            out += [_SPAN[a:x1 + 1] + tails[a + k - 1] for a in range(lo, x1 + 1)
                    if x2 <= a + k - 1 <= hi and a + k - 1 > r]
        else:
            out += [_SPAN[a:x1 + 1] + t for a in range(lo, x1 + 1)
                    for t in tails[max(x2, a + 4, r + 1):hi + 1]]


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


def _trio_seq_with(b, k, r, out, items, n, avoid_pc):
    # k consecutive trios plus k attached singles (n 1) or pairs (n 2) of other values.
    if len(b[2]) < 2:
        return
    for a, z in _windows(_runs(b[2]), k, 2, r):
        core = tuple(sorted(_SPAN[a:z + 1] * 3))
        if z == a + 1:  # two trios, two attachments: most of them, so unrolled
            lo = [(v,) * n for v in items if v < a]
            hi = [(v,) * n for v in items if v > z]
            out += [x + y + core for j, x in enumerate(lo) for y in lo[j + 1:]]
            out += [x + core + y for x in lo for y in hi]
            out += [core + x + y for j, x in enumerate(hi) for y in hi[j + 1:]
                    if not (avoid_pc and y[0] == CHIMERA and x[0] == PIYA)]
            continue
        cand = [v for v in items if v < a or v > z]
        if len(cand) > z - a:
            _attach(cand, z - a + 1, core, a, n, avoid_pc, out)


def _attach(play, u, core, a, n, avoid_pc, out):
    # Append core plus every u-subset of cand (ascending values, each n times), sorted.
    m = len(play)
    idx = list(range(u))
    while True:
        below = ()
        above = ()
        for i in idx:
            v = play[i]
            if v < a:
                below += (v,) * n
            else:
                above += (v,) * n
        if not (avoid_pc and play[idx[-1]] == CHIMERA and play[idx[-2]] == PIYA):
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
    _trio_seq_with(b, k, r, out, b[0], 1, True)


def _trio_seq_pairs(c, b, k, r, out):
    _trio_seq_with(b, k, r, out, b[1], 2, False)


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
_LEAD_TRIO = (_trios, _trio_singles, _trio_pairs)
_LEAD_TRIOS = (_trio_seqs, _trio_seq_singles, _trio_seq_pairs)
_LEAD_FOUR = (_traps, _four_two_singles, _four_two_pairs)


def legal_plays(c, over=None):
    # Plays (sorted value tuples) from counts ``c`` that lead (``over`` None) or beat
    # reading ``over`` (C6): same kind and length and higher rank, any higher trap, the
    # attack.
    out = []
    b = buckets(c)
    if over is None:
        # the kinds every hand has, inline: a lead is the bots' hot path
        out += [_ONE[v] for v in b[0]]
        out += [_TWO[v] for v in b[1]]
        if c[PIYA] and c[CHIMERA]:
            out.append(_ATTACK)
        _pair_seqs(c, b, 0, 0, out)
        _straights(c, b, 0, 0, out)
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


def steps(c, over=None):
    # legal_plays(c, over) in pieces: [(generator, k, r)] whose plays (step_plays), all
    # together, are legal_plays' (a lead's sequences come one length at a time, so in
    # another order). A device that lists a long lead holds one piece at a time: the whole
    # of it may not fit its heap.
    b = buckets(c)
    if over is None:
        gens = [_singles, _pairs, _attack, _pair_seqs, _straights]
        threes = b[2]
        if threes:
            gens += _LEAD_TRIO
            if len(threes) > 1 and _consecutive(threes):
                gens += _LEAD_TRIOS
            if b[3]:
                gens += _LEAD_FOUR
        n = sum(c)
        out = []
        for gen in gens:
            kind = _SEQ_KINDS.get(gen)
            if kind is None:
                out.append((gen, 0, 0))
            else:
                for k in range(MIN_UNITS[kind], min(MAX_SEQ, n // UNIT_SIZE[kind]) + 1):
                    out.append((gen, k, 0))
        return out
    kind, length, rank = over
    if kind == ATTACK:
        return []
    if kind == TRAP:
        out = [(_traps, 0, rank)]
    else:
        out = [(GENERATORS[kind], length if kind in MIN_UNITS else 0, rank), (_traps, 0, 0)]
    out.append((_attack, 0, 0))
    return out


def step_plays(c, step):
    # The plays of one piece of steps(c, ...).
    out = []
    step[0](c, buckets(c), step[1], step[2], out)
    return out


_SEQ_KINDS = {_pair_seqs: PAIR_SEQ, _straights: STRAIGHT, _trio_seqs: TRIO_SEQ,
              _trio_seq_singles: TRIO_SEQ_SINGLES, _trio_seq_pairs: TRIO_SEQ_PAIRS}
