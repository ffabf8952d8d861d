"""Every distinct Tichu play a hand may make now (RULES T3, T4, T5), under the wish (T4.2).

Works per rank on the cards held, never on subsets of the hand: ``picks[v][k]`` lists
the distinct k-card choices of rank v (cards written without a family letter are
indistinguishable, so two of them give one choice), and each kind extends these rank
by rank, placing the Phoenix directly where it may stand. A play is a tuple of card
codes sorted by the single-card order DOG MJ 2 .. A PHX DRG (within a rank j s p t,
then no letter), which is the numeric order of the codes.

Each set of cards is made once: the kinds have disjoint count signatures, straights
made of one suit only are left to the bomb generator (T3.4), and a set with two
readings (Phoenix at an open end of a straight, 8 8 K K PHX) is made once, at its
highest reading. ``gen(h, k, r, out)`` appends the plays of one kind with length ``k``
(0: any) whose highest reading has rank above ``r``.
"""

from engine_core.tichu.cards import ACE, DOG, DRAGON, MAHJONG, PHOENIX
from engine_core.tichu.combos import (
    BOMB_FOUR,
    BOMB_STRAIGHT_FLUSH,
    DOG_RANK,
    DRAGON_RANK,
    FULL_HOUSE,
    PAIR,
    PAIR_SEQ,
    SEQ_KINDS,
    SINGLE,
    STRAIGHT,
    TRIO,
    bomb_key,
)

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

_PHX = (PHOENIX << 3 | 4,)
_NONE = const(((), (), (), (), ()))


def _choices(cards):
    """The distinct subsets of one rank's sorted cards, by size: [[()], [1-card], ...].
    Cards that all differ (the usual case) have fixed shapes; equal cards (written
    without a letter) go the general way."""
    n = len(cards)
    if n == 1:
        return (((),), ((cards[0],),), (), (), ())
    if n == 2 and cards[0] != cards[1]:
        a, b = cards
        return (((),), ((a,), (b,)), ((a, b),), (), ())
    if n == 3 and cards[0] != cards[1] != cards[2]:
        a, b, c = cards
        return (((),), ((a,), (b,), (c,)), ((a, b), (a, c), (b, c)), ((a, b, c),), ())
    if n == 4 and cards[0] != cards[1] != cards[2] != cards[3]:
        a, b, c, d = cards
        return (((),), ((a,), (b,), (c,), (d,)),
                ((a, b), (a, c), (a, d), (b, c), (b, d), (c, d)),
                ((a, b, c), (a, b, d), (a, c, d), (b, c, d)), ((a, b, c, d),))
    subs = [()]
    i = 0
    while i < n:
        c = cards[i]
        j = i
        while j < n and cards[j] == c:
            j += 1
        subs = [s + (c,) * t for s in subs for t in range(j - i + 1)]
        i = j
    out = [[], [], [], [], []]
    for s in subs:
        out[len(s)].append(s)
    for o in out:
        o.sort()
    return out


def hand_index(codes):
    """The hand as the generators read it: [picks, phoenix held, specials, masks].

    ``picks[v][k]`` for v in 1..14 (the Mah Jong as 1); ``specials`` the Dog, Phoenix
    and Dragon codes held, for singles; ``masks[f]`` has bit v set when the card of rank
    v and family f is held (f 0..3), ``masks[4]`` when any card of rank v is (cards
    without a letter only ever set this one).
    """
    by = [[] for _ in range(ACE + 1)]
    specials = []
    masks = [0, 0, 0, 0, 0]
    ph = False
    for c in codes:
        v = c >> 3
        if v == DOG or v == DRAGON or v == PHOENIX:
            specials.append(c)
            ph = ph or v == PHOENIX
        else:
            by[v].append(c)
            masks[c & 7] |= 1 << v
            masks[4] |= 1 << v
    picks = [_choices(sorted(b)) if b else _NONE for b in by]
    return [picks, ph, sorted(specials), masks]


def _run_from(mask, v):
    """How many consecutive ranks from v up are set in ``mask``."""
    n = 0
    while mask >> (v + n) & 1:
        n += 1
    return n


def _singles(h, k, r, out):
    """``r`` is the half-step rank on the table (-1 when leading): T4.3-T4.5."""
    picks, ph, specials, _ = h
    for v in range(MAHJONG, ACE + 1):
        if 2 * v > r:
            out.extend(picks[v][1])
    for c in specials:
        v = c >> 3
        if v == PHOENIX:
            if r < DRAGON_RANK:
                out.append(_PHX)
        elif 2 * v > r:
            out.append((c,))


def _sets(h, k, r, out):
    """Pairs (k 2) and trios (k 3): k equal real cards, or k - 1 and the Phoenix."""
    picks, ph = h[0], h[1]
    for v in range(max(r + 1, 2), ACE + 1):
        p = picks[v]
        out.extend(p[k])
        if ph:
            for s in p[k - 1]:
                out.append(s + _PHX)


def _pairs(h, k, r, out):
    _sets(h, 2, r, out)


def _trios(h, k, r, out):
    _sets(h, 3, r, out)


def _full_houses(h, k, r, out):
    picks, ph = h[0], h[1]
    for t in range(max(r + 1, 2), ACE + 1):
        pt = picks[t]
        t3, t2 = pt[3], pt[2]
        if not t3 and not (ph and t2):
            continue
        for p in range(2, ACE + 1):
            if p == t:
                continue
            pp = picks[p]
            p2 = pp[2]
            lower = p < t
            for a in t3:
                for b in p2:
                    out.append(b + a if lower else a + b)
                if ph:
                    for b in pp[1]:
                        out.append((b + a if lower else a + b) + _PHX)
            # Phoenix in the trio and a real pair: with two real pairs (a a b b PHX) the
            # set reads as either trio; make it once, at the higher one (T3.3).
            if ph and lower:
                for a in t2:
                    for b in p2:
                        out.append(b + a + _PHX)


def _pair_seqs(h, k, r, out):
    """Runs of pairs lo..hi; ``a`` holds real pairs only, ``b`` has the Phoenix in one."""
    picks, ph = h[0], h[1]
    for lo in range(2, ACE + 1):
        if k and lo + k - 1 <= r:
            continue
        a = picks[lo][2]
        b = picks[lo][1] if ph else ()
        hi = lo
        while a or b:
            n = hi - lo + 1
            if n >= 2 and (not k or n == k) and hi > r:
                out.extend(a)
                for s in b:
                    out.append(s + _PHX)
            if hi == ACE or n == k:
                break
            hi += 1
            n2 = picks[hi][2]
            nb = [s + c for s in b for c in n2]
            if ph:
                n1 = picks[hi][1]
                nb.extend([s + c for s in a for c in n1])
            a = [s + c for s in a for c in n2]
            b = nb


def _one_suit(play):
    f = play[0] & 7
    if f == 4:
        return False
    for c in play:
        if c & 7 != f:
            return False
    return True


def _straights(h, k, r, out):
    """Runs lo..hi of real cards (``a``), or with the Phoenix inside or on top (``b``),
    plus, at the top, a run up to A with the Phoenix below (T3.5). ``b`` sets read at
    rank hi; a one-suit ``a`` run without the Mah Jong is a bomb, not a straight (T3.4)."""
    picks, ph, _, masks = h
    held = masks[4]
    for lo in range(MAHJONG, ACE + 1):
        if not held >> lo & 1 or (k and lo + k - 1 <= r):
            continue
        reach = _run_from(held, lo)  # the longest straight from lo: at most this long
        if ph:
            reach += 1 + _run_from(held, lo + reach + 1) if lo + reach <= ACE else 1
        if reach < (k or 5):
            continue
        a = picks[lo][1]
        b = []
        hi = lo
        while a or b:
            n = hi - lo + 1
            if n >= 5 and (not k or n == k) and hi > r:
                for s in a:
                    if not _one_suit(s):
                        out.append(s)
                for s in b:
                    out.append(s + _PHX)
            if hi == ACE:
                if ph and lo > 2 and (not k or n + 1 == k) and n >= 4 and ACE > r:
                    for s in a:
                        out.append(s + _PHX)
                break
            if n == k:
                break
            hi += 1
            n1 = picks[hi][1]
            nb = [s + c for s in b for c in n1]
            if ph:
                nb.extend(a)
            a = [s + c for s in a for c in n1]
            b = nb


def _bombs(h, key, out):
    """Fours and straight flushes whose bomb key is above ``key`` (T5.2)."""
    picks, masks = h[0], h[3]
    for v in range(2, ACE + 1):
        if picks[v][4] and bomb_key((BOMB_FOUR, 1, v)) > key:
            out.extend(picks[v][4])
    for f in range(4):
        m = masks[f]
        v = 2
        while v <= ACE - 4:
            n = _run_from(m, v)
            if n < 5:
                v += n + 1
                continue
            run = tuple([x << 3 | f for x in range(v, v + n)])
            for a in range(n - 4):
                for b in range(a + 5, n + 1):
                    if bomb_key((BOMB_STRAIGHT_FLUSH, b - a, v + b - 1)) > key:
                        out.append(run[a:b])
            v += n


GENERATORS = {
    SINGLE: _singles,
    PAIR: _pairs,
    PAIR_SEQ: _pair_seqs,
    TRIO: _trios,
    FULL_HOUSE: _full_houses,
    STRAIGHT: _straights,
}


def legal_plays(codes, over=None, wish=0):
    """Plays (sorted code tuples) the hand ``codes`` may make now: a lead (``over`` None)
    or on reading ``over`` as it lies on the table (a Phoenix single already placed,
    combos.placed). ``wish`` is the open wished rank 2..14, 0 for none: when some play
    holds a real card of that rank, only those plays and the bombs remain (T4.2)."""
    h = hand_index(codes)
    plays = []
    bombs = []
    if over is None:
        _singles(h, 0, -1, plays)
        for kind in (PAIR, TRIO, PAIR_SEQ, FULL_HOUSE, STRAIGHT):
            GENERATORS[kind](h, 0, 0, plays)
        _bombs(h, 0, bombs)
    else:
        kind, length, rank = over
        if kind == SINGLE and rank == DOG_RANK:
            return plays  # T4.3: nothing is played on the Dog
        if kind >= BOMB_FOUR:
            _bombs(h, bomb_key(over), bombs)
        else:
            GENERATORS[kind](h, length if kind in SEQ_KINDS else 0, rank, plays)
            _bombs(h, 0, bombs)
    if wish:
        kept = [p for p in plays if _has_rank(p, wish)]
        if kept or any(_has_rank(p, wish) for p in bombs):
            plays = kept
    plays.extend(bombs)
    return plays


def _has_rank(play, v):
    for c in play:
        if c >> 3 == v:
            return True
    return False
