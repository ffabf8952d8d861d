"""An independent brute-force reference for Tichu combinations (RULES T3, T4, T5.2).

It reads the rules literally and shares no code with engine_core: a set of cards is
classified by trying the Phoenix as every rank 2..A in turn (T3.1) and reading the
result with the plain rule table; singles compare as fractions (the Phoenix is the
single under it + 1/2, T4.4); legal plays are all distinct subsets of the hand that
classify and beat the table, then the wish rule of T4.2 is applied by its wording.

Cards are (value, family) pairs: value 0 Dog, 1 Mah Jong, 2..14, 15 Phoenix,
16 Dragon; family 0..3 for j s p t, None for the specials and for cards written
without a letter.
"""

from collections import Counter
from fractions import Fraction

DOG, MJ, ACE, PHX, DRG = 0, 1, 14, 15, 16
BOMBS = ("bomb_four", "bomb_straight_flush")


def natural_readings(cards):
    """Readings of cards without a Phoenix standing in: (kind, length, rank)."""
    vals = sorted(v for v, _ in cards)
    n = len(vals)
    if any(v in (DOG, PHX, DRG) for v in vals):
        return []
    counts = sorted(Counter(vals).values())
    distinct = sorted(set(vals))
    consecutive = distinct[-1] - distinct[0] + 1 == len(distinct)
    out = []
    if MJ in vals:  # only as the 1 of a straight
        if n >= 5 and counts == [1] * n and consecutive:
            out.append(("straight", n, distinct[-1]))
        return out
    if n == 2 and counts == [2]:
        out.append(("pair", 1, vals[0]))
    if n == 3 and counts == [3]:
        out.append(("trio", 1, vals[0]))
    if n == 4 and counts == [4]:
        out.append(("bomb_four", 1, vals[0]))
    if n == 5 and counts == [2, 3]:
        out.append(("full_house", 1, Counter(vals).most_common(1)[0][0]))
    if n >= 4 and counts == [2] * (n // 2) and consecutive:
        out.append(("pair_seq", n // 2, distinct[-1]))
    if n >= 5 and counts == [1] * n and consecutive:
        fams = set(f for _, f in cards)
        if len(fams) == 1 and None not in fams:
            out.append(("bomb_straight_flush", n, distinct[-1]))
        else:
            out.append(("straight", n, distinct[-1]))
    return out


def readings(cards):
    """Every reading of a set of cards; singles rank as fractions, the Phoenix as led."""
    cards = list(cards)
    if len(cards) == 1:
        v = cards[0][0]
        return [("single", 1, Fraction(3, 2) if v == PHX else Fraction(v))]
    if not any(v == PHX for v, _ in cards):
        return natural_readings(cards)
    rest = [c for c in cards if c[0] != PHX]
    out = set()
    for stand_in in range(2, ACE + 1):  # T3.1: any rank 2..A, never the Mah Jong
        for r in natural_readings(rest + [(stand_in, None)]):
            if r[0] not in BOMBS:  # never in a bomb
                out.add(r)
    return sorted(out, key=lambda r: r[2])


def table_reading(cards, phoenix_on=None):
    """What lies on the table: the highest reading; a lone Phoenix on a single counts
    that single + 1/2."""
    rs = readings(cards)
    r = max(rs, key=lambda x: x[2])
    if r[0] == "single" and cards[0][0] == PHX and phoenix_on is not None:
        return ("single", 1, Fraction(phoenix_on) + Fraction(1, 2)), True
    return r, len(cards) == 1 and cards[0][0] == PHX


def beats(play, play_is_phoenix, over, over_is_dog):
    if over_is_dog:
        return False  # T4.3: nothing on the Dog, not even a bomb
    pb, ob = play[0] in BOMBS, over[0] in BOMBS
    if pb:
        if not ob:
            return True
        pn = 4 if play[0] == "bomb_four" else play[1]
        on = 4 if over[0] == "bomb_four" else over[1]
        return (pn, play[2]) > (on, over[2])
    if ob or play[0] != over[0] or play[1] != over[1]:
        return False
    if play[0] == "single":
        if play[2] == 0:
            return False  # the Dog only as a lead
        if play_is_phoenix:
            return over[2] != DRG  # T4.4: over + 1/2, which beats it, but never on the Dragon
    return play[2] > over[2]


def _order(card):
    v, f = card
    return v, 9 if f is None else f


def subsets(hand):
    """Every distinct sub-multiset of the hand (cards without a letter are alike)."""
    seen = set()
    n = len(hand)
    for mask in range(1, 1 << n):
        s = tuple(sorted((hand[i] for i in range(n) if mask >> i & 1), key=_order))
        if s not in seen:
            seen.add(s)
            yield s


def legal(hand, over=None, phoenix_on=None, wish=None):
    """Set of legal plays (sorted card tuples), T3-T5 and the wish of T4.2."""
    if over is not None:
        table, _ = table_reading(over, phoenix_on)
        over_is_dog = len(over) == 1 and over[0][0] == DOG
    out = {}
    for s in subsets(hand):
        rs = readings(s)
        if not rs:
            continue
        is_phx = len(s) == 1 and s[0][0] == PHX
        if over is None or any(beats(r, is_phx, table, over_is_dog) for r in rs):
            out[s] = rs[0][0] in BOMBS
    if wish is not None:
        fulfil = [s for s in out if any(v == wish for v, _ in s)]
        if fulfil:
            return set(fulfil) | set(s for s in out if out[s])
    return set(out)
