"""Tichu combinations (RULES T3), special singles (T4) and beating (T3, T4, T5.2).

A play is a list of card codes (engine_core/cards.py); a reading is a tuple
``(kind, length, rank)`` of small ints. ``length`` counts units for pair_seq, straight
and bomb_straight_flush and is 1 otherwise (T3.6). ``rank`` is the deciding value 2..14
(A), the top card for straights (Mah Jong is 1), except for singles, whose rank is in
half steps so the Phoenix fits between two cards (T4.4) with ints only:
``2 * value`` for every card (Dog 0, Mah Jong 2, 2..A 4..28, Dragon 32), and an odd
rank for the Phoenix: 3 when led (1.5), ``2 * v + 1`` once it lies on a single of
value v. Only the Phoenix has an odd single rank.

The kinds have disjoint count signatures, so every reading of one set has the same kind
and length; only full houses with the Phoenix (8 8 K K PHX) and straights with the
Phoenix at an open end have two readings (T3.3).
"""

from engine_core.tichu.cards import ACE, DOG, DRAGON, MAHJONG, PHOENIX

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

SINGLE = 0
PAIR = 1
PAIR_SEQ = 2
TRIO = 3
FULL_HOUSE = 4
STRAIGHT = 5
BOMB_FOUR = 6
BOMB_STRAIGHT_FLUSH = 7

KIND_NAMES = ("single", "pair", "pair_seq", "trio", "full_house", "straight", "bomb_four",
              "bomb_straight_flush")
SEQ_KINDS = (PAIR_SEQ, STRAIGHT, BOMB_STRAIGHT_FLUSH)

DOG_RANK = 2 * DOG
DRAGON_RANK = 2 * DRAGON
PHOENIX_LED = 2 * MAHJONG + 1  # T4.4: led, the Phoenix counts 1.5

_NOFAM = const(4)


def single_rank(code):
    """The half-step rank of one card as a play of its own (the Phoenix as led)."""
    v = code >> 3
    return PHOENIX_LED if v == PHOENIX else 2 * v


def is_bomb(reading):
    return reading[0] >= BOMB_FOUR


def bomb_key(reading):
    """T5.2: bombs order by number of cards, then rank (any straight flush beats any four)."""
    kind, length, rank = reading
    return (4 if kind == BOMB_FOUR else length) * 16 + rank


def classify(codes):
    """Every reading of the cards ``codes``, lowest rank first; [] if none."""
    n = len(codes)
    if n == 0:
        return []
    if n == 1:
        return [(SINGLE, 1, single_rank(codes[0]))]
    # The ranks held once or more, twice or more, ... as bit masks (bit v: rank v): a
    # device classifies every legal play of a hand for its menu, and lists of counts made
    # some 400 bytes of garbage a play.
    m1 = m2 = m3 = m4 = 0
    ph = 0
    fam = codes[0] & 7
    for c in codes:
        v = c >> 3
        if v == PHOENIX:
            ph = 1
            fam = _NOFAM
        elif v == DOG or v == DRAGON:  # T3.2: never in a combination
            return []
        else:
            b = 1 << v
            if m3 & b:
                m4 |= b
            elif m2 & b:
                m3 |= b
            elif m1 & b:
                m2 |= b
            else:
                m1 |= b
            if c & 7 != fam:
                fam = _NOFAM
    out = []
    if m1 >> MAHJONG & 1:  # T3.2: the Mah Jong only as the 1 of a straight
        if not m2:
            _straight(m1, n, ph, fam, out)
        return out
    ones, twos, threes = m1 & ~m2, m2 & ~m3, m3 & ~m4
    if n <= 3:
        # pair, trio: equal ranks, or the Phoenix with n - 1 equal real cards (T3.1)
        if m1 and not m1 & m1 - 1:  # one rank
            out.append((PAIR if n == 2 else TRIO, 1, _bounds(m1)[0]))
    elif m4:
        if n == 4:  # T3.4: four equal cards are always a bomb, with the Phoenix nothing
            out.append((BOMB_FOUR, 1, _bounds(m4)[0]))
    elif n == 5 and (threes or _bounds(twos)[2] == 2):
        _full_house(ones, twos, threes, ph, out)
    elif twos:
        _pair_seq(m1, ones, twos, threes, n, ph, out)
    elif not threes:
        _straight(m1, n, ph, fam, out)
    return out


def _bounds(values):
    """(lowest, highest, how many) of the ranks set in the mask ``values``."""
    lo = hi = k = 0
    v = MAHJONG
    while values >> v:
        if values >> v & 1:
            if not k:
                lo = v
            hi = v
            k += 1
        v += 1
    return lo, hi, k


def _full_house(ones, twos, threes, ph, out):
    """Trio + pair of another rank; the Phoenix completes either (8 8 K K PHX: 8s or Ks).
    The arguments are rank masks: held once, twice, thrice."""
    if not ph:
        if threes and twos:
            out.append((FULL_HOUSE, 1, _bounds(threes)[0]))
    elif threes and ones:
        out.append((FULL_HOUSE, 1, _bounds(threes)[0]))
    else:
        lo, hi, k = _bounds(twos)
        if k == 2:
            out.append((FULL_HOUSE, 1, lo))
            out.append((FULL_HOUSE, 1, hi))


def _pair_seq(values, ones, twos, threes, n, ph, out):
    """k >= 2 pairs of consecutive ranks; the Phoenix completes one of them."""
    if threes or _bounds(ones)[2] != ph or n & 1:
        return
    k = n >> 1
    lo, hi, nv = _bounds(values)
    if nv == k and hi - lo + 1 == k:
        out.append((PAIR_SEQ, k, hi))


def _straight(values, n, ph, family, out):
    """n >= 5 consecutive values 1..A (``values`` their mask); the Phoenix fills a gap or
    an open end, never the 1 (T3.1, T3.5). All one suit without Mah Jong or Phoenix: a
    straight flush (T3.4)."""
    if n < 5:
        return
    lo, hi, _ = _bounds(values)
    span = hi - lo + 1
    if not ph:
        if span == n:
            if family != _NOFAM and lo > MAHJONG:
                out.append((BOMB_STRAIGHT_FLUSH, n, hi))
            else:
                out.append((STRAIGHT, n, hi))
    elif span == n:  # one gap inside
        out.append((STRAIGHT, n, hi))
    elif span == n - 1:
        if lo > 2:  # Phoenix below: never as the Mah Jong
            out.append((STRAIGHT, n, hi))
        if hi < ACE:
            out.append((STRAIGHT, n, hi + 1))


def highest(readings):
    """The default reading (T3.3): the highest. ``readings`` come lowest first."""
    return readings[-1]


def beats(play, over):
    """May reading ``play`` be played on reading ``over`` (T3, T4, T5.2)?"""
    ok = over[0]
    if ok == SINGLE and over[2] == DOG_RANK:
        return False  # T4.3: nothing, not even a bomb, is played on the Dog
    pk = play[0]
    if pk >= BOMB_FOUR:
        return ok < BOMB_FOUR or bomb_key(play) > bomb_key(over)
    if pk != ok or play[1] != over[1]:
        return False
    if pk == SINGLE and play[2] & 1:  # T4.4: the Phoenix goes on any single but the Dragon
        return over[2] < DRAGON_RANK
    return play[2] > over[2]


def placed(play, over):
    """``play`` as it lies on the table once played on ``over`` (None: led). Only the
    Phoenix single changes: it becomes the single under it + 0.5 (T4.4)."""
    if play[0] == SINGLE and play[2] & 1:
        return (SINGLE, 1, over[2] + 1 if over is not None else PHOENIX_LED)
    return play
