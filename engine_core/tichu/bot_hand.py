# The bots' reading of a Tichu hand (RULES T3, T4): the bombs it holds, the cards still
# out (card tracking from the public history), how likely each combination is to win
# its trick, and the plan: the hand split into combinations so that as few as possible
# lose their trick.
#
# Everything works on counts per value (suits only matter for bombs, T3.4), so a plan
# is found without listing the hand's plays. A combination of a plan is a tuple
# ``(kind, length, rank, values)``: kinds of combos.py, ``rank`` the plain value of its
# highest unit (a single's own value: Dog 0, Mah Jong 1, Phoenix 15, Dragon 16) and
# ``values`` the values it uses, 15 standing for the Phoenix.
#
# Win chances are in eighths (0..8): how bots weigh a combination, not a probability
# anybody measured exactly; the call thresholds in bot.py are the measured part.

from engine_core.tichu.cards import ACE, DOG, DRAGON, MAHJONG, PHOENIX
from engine_core.tichu.combos import (
    BOMB_FOUR,
    BOMB_STRAIGHT_FLUSH,
    FULL_HOUSE,
    PAIR,
    PAIR_SEQ,
    SINGLE,
    STRAIGHT,
    TRIO,
)

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

_SURE = const(8)
# The chance to win by the number of ways the cards out could beat it: sets...
_PW = const((8, 6, 4, 3, 2, 1, 1, 0))
# ... and runs, which need many cards in one hand to be beaten.
_PW_RUN = const((8, 7, 6, 5, 4, 3, 3, 2, 2, 1))
_DOG_LOSS = const(4)  # the Dog never wins, but it hands the lead to the partner (T4.3)


def counts(cards):
    """[count per value 0..16] of card codes."""
    c = [0] * 17
    for x in cards:
        c[x >> 3] += 1
    return c


def bombs_in(hand):
    """The bombs of a hand as card tuples, disjoint: fours first, then the longest
    one-suit runs of what is left (T3.4)."""
    c = counts(hand)
    out = []
    used = []
    for v in range(2, ACE + 1):
        if c[v] == 4:
            quad = tuple(x for x in hand if x >> 3 == v)
            out.append(quad)
            used.extend(quad)
    masks = [0, 0, 0, 0]
    for x in hand:
        if x not in used and 2 <= x >> 3 <= ACE:
            masks[x & 7] |= 1 << (x >> 3)
    for f in range(4):
        m = masks[f]
        v = 2
        while v <= ACE - 4:
            n = 0
            while m >> (v + n) & 1:
                n += 1
            if n >= 5:
                out.append(tuple(w << 3 | f for w in range(v, v + n)))
            v += n + 1
    return out


class Track:
    # The cards still out that could beat this seat (card tracking): per value the count
    # not in this hand, not played, not pushed to the partner (the seat knows where
    # those are); whether the Phoenix and the Dragon are out; the cards the opponents
    # hold in all. above1/2/3[v]: values above v of which 1/2/3 cards could be out
    # (the Phoenix counted in).
    __slots__ = ("u", "phx", "drg", "opp_cards", "above1", "above2", "above3")


def track(view):
    seat = view.seat
    c = counts(view.hand)
    g = counts(view.gone)
    partner = (seat + 2) % 4
    for card in view.placed:
        if view.placed[card] == partner:
            g[card >> 3] += 1
    t = Track()
    u = [0] * 15
    for v in range(2, ACE + 1):
        u[v] = 4 - c[v] - g[v]
    t.u = u
    t.phx = 1 - c[PHOENIX] - g[PHOENIX]
    t.drg = 1 - c[DRAGON] - g[DRAGON]
    t.opp_cards = view.counts[(seat + 1) % 4] + view.counts[(seat + 3) % 4]
    a1 = [0] * 17
    a2 = [0] * 17
    a3 = [0] * 17
    n1 = t.phx + t.drg
    n2 = n3 = 0
    for v in range(ACE, 0, -1):
        a1[v] = n1
        a2[v] = n2
        a3[v] = n3
        k = u[v] + t.phx
        n1 += u[v]
        if k >= 2:
            n2 += 1
        if k >= 3:
            n3 += 1
    a1[PHOENIX] = t.drg
    t.above1 = a1
    t.above2 = a2
    t.above3 = a3
    return t


def _runs_above(u, phx, need, length, rank):
    """How many runs of ``length`` values with ``need`` cards each, topped above
    ``rank``, the cards out could make (the Phoenix filling one short value)."""
    n = 0
    lo_min = 2 if need == 2 else 1
    for top in range(rank + 1, ACE + 1):
        lo = top - length + 1
        if lo < lo_min:
            continue
        short = 0
        for v in range(lo, top + 1):
            k = u[v] if v >= 2 else 0
            if k < need:
                short += need - k
        if short <= phx:
            n += 1
    return n


def win8(combo, t):
    """The combination's chance to win its trick, in eighths."""
    kind, length, rank, _ = combo
    if kind >= BOMB_FOUR or t.opp_cards == 0:
        return _SURE
    if kind == SINGLE:
        if rank == DOG:
            return 0
        h = t.above1[rank]
    elif kind == PAIR:
        h = t.above2[rank]
    elif kind == TRIO or kind == FULL_HOUSE:
        h = t.above3[rank]
    else:
        h = _runs_above(t.u, t.phx, 2 if kind == PAIR_SEQ else 1, length, rank)
        return _PW_RUN[h] if h < 10 else 0
    return _PW[h] if h < 8 else 0


def loss8(combo, t):
    if combo[0] == SINGLE and combo[2] == DOG:
        return _DOG_LOSS
    return _SURE - win8(combo, t)


# ----------------------------------------------------------------------------- the plan

def _sets(c, ph, out):
    """The rest of a plan once the straights are chosen: pair runs, full houses,
    trios, pairs, singles from the counts ``c`` (values 1..14); the Phoenix is placed
    by the caller."""
    pairs = []
    v = 2
    while v <= ACE:
        if c[v] == 2 and v < ACE and c[v + 1] == 2:
            lo = v
            while v <= ACE and c[v] == 2:
                v += 1
            out.append((PAIR_SEQ, v - lo, v - 1, _rep(lo, v, 2)))
            continue
        if c[v] == 2:
            pairs.append(v)
        v += 1
    for v in range(2, ACE + 1):
        if c[v] == 4:  # only when the caller left a four in: it is a bomb (T3.4)
            out.append((BOMB_FOUR, 1, v, (v, v, v, v)))
        elif c[v] == 3:
            if pairs:
                p = pairs.pop(0)
                vals = (p, p, v, v, v) if p < v else (v, v, v, p, p)
                out.append((FULL_HOUSE, 1, v, vals))
            else:
                out.append((TRIO, 1, v, (v, v, v)))
    for p in pairs:
        out.append((PAIR, 1, p, (p, p)))
    for v in range(MAHJONG, ACE + 1):
        if c[v] == 1:
            out.append((SINGLE, 1, v, (v,)))


def _rep(min, max, k):
    vals = []
    for v in range(min, max):
        vals.extend((v,) * k)
    return tuple(vals)


def _leaf(c, ph, t, items):
    """The best rest of a plan (pair runs, sets, singles) and its loss: the Phoenix
    stays a single, or makes the lowest single a pair."""
    best = None
    base = list(items)
    _sets(c, 0, base)
    if not ph:
        return _loss(base, t), base
    alone = base + [(SINGLE, 1, PHOENIX, (PHOENIX,))]
    best = (_loss(alone, t), alone)
    low = 0
    for v in range(2, ACE + 1):
        if c[v] == 1:
            low = v
            break
    if low:
        paired = [x for x in base if not (x[0] == SINGLE and x[2] == low)]
        paired.append((PAIR, 1, low, (low, PHOENIX)))
        s = _loss(paired, t)
        if s < best[0]:
            best = (s, paired)
    return best


def _loss(combos, t):
    s = 0
    for x in combos:
        s += loss8(x, t)
    # fewer combinations is the tie-break: each costs a little even when it wins
    return s * 16 + len(combos)


def _straights(c, ph, start):
    """(lo, hi, gap) of the straights worth trying from ``start`` up (the Phoenix in
    ``gap``, 0: none; never as the Mah Jong, T3.1). A straight that could take the lone
    card next to it for free is not tried short: each end is where the run stops or
    where the next value is a pair or more (kept whole)."""
    out = []
    for lo in range(start, ACE - 3):
        if not c[lo] or (lo > start and c[lo - 1] == 1):
            continue
        gap = 0
        hi = lo
        while hi < ACE:
            nxt = hi + 1
            if not c[nxt]:
                if gap or not ph or nxt < 2:
                    break
                gap = nxt
            hi = nxt
            if hi - lo >= 4 and (hi == ACE or c[hi + 1] != 1):
                out.append((lo, hi, gap))
    return out


def _base(cards, t):
    # (counts, Phoenix held, the Dragon and Dog as singles of their own, the plan without
    # straights): where plan and replan start.
    c = counts(cards)
    ph = c[PHOENIX]
    extra = []
    if c[DRAGON]:
        extra.append((SINGLE, 1, DRAGON, (DRAGON,)))
    if c[DOG]:
        extra.append((SINGLE, 1, DOG, (DOG,)))
    return c, ph, extra, _leaf(c, ph, t, extra)


def plan(cards, t):
    """(loss, combos) of the best split of ``cards`` (no bombs in them: bombs_in takes
    them out first) into combinations, and the Dog and Dragon as singles of their own."""
    c, ph, extra, best = _base(cards, t)
    for lo, hi, gap in _straights(c, ph, MAHJONG):
        s1 = _take(c, lo, hi, gap)
        e1 = extra + [s1]
        r = _leaf(c, ph and not gap, t, e1)
        if r[0] < best[0]:
            best = r
        for lo2, hi2, gap2 in _straights(c, ph and not gap, lo):
            s2 = _take(c, lo2, hi2, gap2)
            r = _leaf(c, ph and not gap and not gap2, t, e1 + [s2])
            if r[0] < best[0]:
                best = r
            _give(c, lo2, hi2, gap2)
        _give(c, lo, hi, gap)
    return best


def _take(c, min, max, step):
    vals = []
    for v in range(min, max + 1):
        if v == step:
            vals.append(PHOENIX)
        else:
            c[v] -= 1
            vals.append(v)
    return (STRAIGHT, max - min + 1, max, tuple(vals))


def _give(c, min, max, step):
    for v in range(min, max + 1):
        if v != step:
            c[v] += 1


def replan(cards, t, hint):
    """A quick plan of ``cards``: the straights of the plan ``hint`` that are still
    there, or none; for weighing a play that breaks the plan (bot_play.follow)."""
    c, ph, extra, best = _base(cards, t)
    kept = list(extra)
    took = []
    for x in hint:
        if x[0] != STRAIGHT:
            continue
        vals = x[3]
        need_ph = PHOENIX in vals
        ok = not need_ph or ph
        for v in vals:
            if v != PHOENIX and c[v] < 1:
                ok = False
        if ok:
            for v in vals:
                if v != PHOENIX:
                    c[v] -= 1
            if need_ph:
                ph = 0
            kept.append(x)
            took.append(x)
    if took:
        r = _leaf(c, ph, t, kept)
        if r[0] < best[0]:
            best = r
    return best


def bomb_combo(cards):
    """A bomb as a plan combination."""
    v = cards[0] >> 3
    if len(cards) == 4 and cards[-1] >> 3 == v:
        return (BOMB_FOUR, 1, v, tuple(x >> 3 for x in cards))
    return (BOMB_STRAIGHT_FLUSH, len(cards), cards[-1] >> 3, tuple(x >> 3 for x in cards))
