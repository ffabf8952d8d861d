# Chimera combinations (RULES C5) and beating (C6).
#
# A reading is a tuple ``(kind, length, rank)`` of small ints. ``length`` is the number
# of units for sequence kinds and 1 otherwise (C5.4); ``rank`` is the deciding value
# (0 for the attack). Plays are value multisets given as count vectors (slot v holds how
# many cards of value v; see chimera/cards.py), since families never matter (C1.1).
#
# No multiset has readings of two different kinds (each kind has its own count
# signature), so only a straight with Pi Ya at an open end has two readings (C5.2).

from engine_core.chimera.cards import CHIMERA, HERO, PIYA, TOP

SINGLE = 0
PAIR = 1
PAIR_SEQ = 2
TRIO = 3
TRIO_SEQ = 4
TRIO_SINGLE = 5
TRIO_PAIR = 6
TRIO_SEQ_SINGLES = 7
TRIO_SEQ_PAIRS = 8
STRAIGHT = 9
FOUR_TWO_SINGLES = 10
FOUR_TWO_PAIRS = 11
TRAP = 12
ATTACK = 13

KIND_NAMES = ("single", "pair", "pair_seq", "trio", "trio_seq", "trio_single", "trio_pair",
              "trio_seq_singles", "trio_seq_pairs", "straight", "four_two_singles",
              "four_two_pairs", "trap", "chimera_attack")

# Kinds whose length counts units (C5.4); the minimum number of units for each.
MIN_UNITS = {PAIR_SEQ: 3, TRIO_SEQ: 2, TRIO_SEQ_SINGLES: 2, TRIO_SEQ_PAIRS: 2, STRAIGHT: 5}
# Cards per unit of a sequence kind.
UNIT_SIZE = {PAIR_SEQ: 2, TRIO_SEQ: 3, TRIO_SEQ_SINGLES: 4, TRIO_SEQ_PAIRS: 5, STRAIGHT: 1}

MAX_SEQ = 12  # sequences run within 1..12 (C5: H has no number)


def classify(c):
    # Every reading of the count vector ``c``, lowest rank first; [] if none.
    vals = []
    by_count = [[], [], [], [], []]
    n = 0
    for v in range(1, TOP + 1):
        k = c[v]
        if k:
            vals.append(v)
            by_count[k].append(v)
            n += k
    if n == 0:
        return []
    singles, pairs, trios, fours = by_count[1], by_count[2], by_count[3], by_count[4]
    nv = len(vals)
    out = []
    if n == 1:
        out.append((SINGLE, 1, vals[0]))
    elif nv == 1:
        v = vals[0]
        out.append(((PAIR, TRIO, TRAP)[n - 2], 1, v))
    elif n == 2:
        if vals == [PIYA, CHIMERA]:
            out.append((ATTACK, 1, 0))
    elif fours:
        if len(fours) == 1 and not trios:
            f = fours[0]
            if n == 6 and len(singles) == 2 and not (c[PIYA] and c[CHIMERA]):
                out.append((FOUR_TWO_SINGLES, 1, f))
            elif n == 8 and len(pairs) == 2:
                out.append((FOUR_TWO_PAIRS, 1, f))
    elif trios:
        _classify_trios(c, n, singles, pairs, trios, out)
    elif pairs:
        k = len(pairs)
        if not singles and k >= 3 and _run(pairs):
            out.append((PAIR_SEQ, k, pairs[-1]))
    else:
        _classify_straight(c, n, singles, out)
    return out


def _run(values):
    # True when the sorted values are consecutive and within 1..12.
    return values[-1] <= MAX_SEQ and values[-1] - values[0] + 1 == len(values)


def _classify_trios(c, n, singles, pairs, trios, out):
    k = len(trios)
    top = trios[-1]
    if k == 1:
        if n == 4:
            out.append((TRIO_SINGLE, 1, top))
        elif n == 5 and len(pairs) == 1:
            out.append((TRIO_PAIR, 1, top))
        return
    if not _run(trios):
        return
    if n == 3 * k:
        out.append((TRIO_SEQ, k, top))
    elif n == 4 * k and len(singles) == k and not (c[PIYA] and c[CHIMERA]):
        out.append((TRIO_SEQ_SINGLES, k, top))
    elif n == 5 * k and len(pairs) == k:
        out.append((TRIO_SEQ_PAIRS, k, top))


def _classify_straight(c, n, singles, out):
    if n < 5 or c[HERO] or c[CHIMERA]:
        return
    nat = singles[:-1] if c[PIYA] else singles
    lo, hi = nat[0], nat[-1]
    span = hi - lo + 1
    if not c[PIYA]:
        if span == n and hi <= MAX_SEQ:
            out.append((STRAIGHT, n, hi))
    elif span == n:  # one gap inside, Pi Ya fills it
        out.append((STRAIGHT, n, hi))
    elif span == n - 1:  # Pi Ya at either open end (C5.2 Decision)
        if lo > 1:
            out.append((STRAIGHT, n, hi))
        if hi < MAX_SEQ:
            out.append((STRAIGHT, n, hi + 1))


def beats(play, over):
    # C6: may reading ``play`` be played on reading ``over``?
    ok = over[0]
    if ok == ATTACK:
        return False
    pk = play[0]
    if pk == ATTACK:
        return True
    if pk == TRAP:
        return ok != TRAP or play[2] > over[2]
    return pk == ok and play[1] == over[1] and play[2] > over[2]


def highest(readings):
    # The default reading (C5.2): the highest. ``readings`` come lowest first.
    return readings[-1]
