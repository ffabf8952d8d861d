"""What both sparring partners share: the seat's legal plays as value tuples, the hand
split into combinations the way a Dou Dizhu player splits it, and what the unseen cards
could still beat.

Written for the arena from public descriptions of Dou Dizhu play (RLCard's rule agent and
the usual strategy notes), not from the project's bots: nothing here imports
engine_core.chimera.bot*. It reads the table only through the seat view
(engine_core.chimera.view) and the seat's own legal actions (game.legal_actions, which
depends on the own hand and the table only).

A combination is (kind, length, rank, values): kind and length as in combos.py, values a
sorted tuple of card values (1..12, H 13, Pi Ya 14, Chimera 15; RULES C1.3).
"""

from engine_core.chimera import game
from engine_core.chimera.cards import CHIMERA, HERO, PIYA, TOP, value_counts
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
    beats,
    classify,
)
from engine_core.chimera.view import seat_view

LAST_NUMBER = 12  # sequences run within 1..12 (C5)
COPIES = [0] + [4] * HERO + [1, 1]  # cards of each value in the deck (C1)
BOMBS = (TRAP, ATTACK)
TRIO_KINDS = (TRIO, TRIO_SINGLE, TRIO_PAIR)
TRIO_RUNS = (TRIO_SEQ, TRIO_SEQ_SINGLES, TRIO_SEQ_PAIRS)


def decide_by(state, seat, bid, give, lead, follow):
    """The action of a partner made of four rules, each a function of a Seat: the bid,
    the Hunters' give (C4.2), the lead and the follow; None when the seat is not due."""
    kind, due = game.decision(state)
    if seat not in due:
        return None
    s = Seat(state, seat)
    if kind == game.BID:
        return bid(s)
    if kind == game.GIVE:
        return give(s)
    if kind == game.PLAY:
        return follow(s) if s.v["top"] is not None else lead(s)
    return None


class Seat:
    """One decision's knowledge: the seat view and the seat's legal actions by values."""

    def __init__(self, state, seat):
        self.v = seat_view(state, seat)
        self.seat = seat
        self.acts = game.legal_actions(state, seat)
        self.by_values = {}
        for a in self.acts:
            if a[1] == "play":
                # readings come lowest first (choices.py): keep the highest, the default (C5.2)
                self.by_values[values(a[2])] = a
        self.counts = value_counts(self.v["hand"])
        self.size = len(self.v["hand"])

    def plays(self):
        return list(self.by_values)

    def action(self, vals):
        return self.by_values[vals]

    def passing(self):
        return (self.seat, "pass")

    def gives(self):
        """Every set of values the seat may give its partner (C4.2: one card with 30, two
        with 40), lowest first."""
        c = self.counts
        xs = [x for x in range(1, TOP + 1) if c[x]]
        if game.GIVES[self.v["bid"]] == 1:
            return [(x,) for x in xs]
        out = []
        for i, x in enumerate(xs):
            if c[x] >= 2:
                out.append((x, x))
            for y in xs[i + 1:]:
                out.append((x, y))
        return out

    def give_of(self, vals):
        """The give action of cards of these values (the first legal one when none)."""
        want = tuple(sorted(vals))
        for a in self.acts:
            if tuple(sorted(y >> 3 for y in a[2])) == want:
                return a
        return self.acts[0]

    def settled_follow(self):
        """What a partner that plays with its partner settles before weighing a follow: a
        pass when nothing beats the table, the whole hand when one play takes it out, a
        pass over a winning partner; None when none of these applies."""
        plays = self.plays()
        if not plays:
            return self.passing()
        for p in plays:
            if len(p) == self.size:
                return self.action(p)
        if self.is_hunter() and self.v["top_seat"] == self.partner():
            return self.passing()
        return None

    def chimera(self):
        return self.v["chimera"]

    def is_hunter(self):
        return self.seat != self.v["chimera"]

    def partner(self):
        ch = self.v["chimera"]
        return -1 if self.seat == ch else 3 - ch - self.seat

    def opponents(self):
        ch = self.v["chimera"]
        if self.seat == ch:
            return [s for s in range(3) if s != ch]
        return [ch]

    def unseen(self):
        """Value counts of the cards this seat has not seen (other hands, hideout)."""
        played = value_counts(self.v["played"])
        c = self.counts
        return [COPIES[x] - c[x] - played[x] for x in range(TOP + 1)]


def values(codes):
    return tuple(sorted(x >> 3 for x in codes))


def minus(c, vals):
    """The counts ``c`` less the values ``vals``, as a tuple."""
    d = list(c)
    for x in vals:
        d[x] -= 1
    return tuple(d)


def counts_of(vals):
    c = [0] * (TOP + 1)
    for x in vals:
        c[x] += 1
    return c


def reading(vals, top=None):
    """The reading a play takes (the highest legal now, C5.2), or None."""
    rs = [r for r in classify(counts_of(vals)) if top is None or beats(r, top)]
    return rs[-1] if rs else None


# ----------------------------------------------------------------------------- splitting

def take_attack(c, out):
    if c[PIYA] and c[CHIMERA]:
        out.append((ATTACK, 1, 0, (PIYA, CHIMERA)))
        c[PIYA] = c[CHIMERA] = 0


def take_traps(c, out):
    for x in range(1, HERO + 1):
        if c[x] == 4:
            out.append((TRAP, 1, x, (x,) * 4))
            c[x] = 0


def take_trios(c, out):
    """Trios, consecutive ones (within 1..12) joined into runs of trios."""
    x = 1
    while x <= HERO:
        if c[x] < 3:
            x += 1
            continue
        lo = x
        x += 1
        while x <= LAST_NUMBER and lo <= LAST_NUMBER and c[x] >= 3:
            x += 1
        hi = x - 1
        vals = ()
        for y in range(lo, hi + 1):
            vals += (y,) * 3
            c[y] -= 3
        k = hi - lo + 1
        out.append((TRIO if k == 1 else TRIO_SEQ, k, hi, vals))


def take_chains(c, n, least, kind, out, exact=False):
    """Maximal runs within 1..12 of values held n times (at least; exactly with
    ``exact``), taken whole when at least ``least`` long."""
    x = 1
    while x <= LAST_NUMBER:
        if not _fits(c[x], n, exact):
            x += 1
            continue
        lo = x
        while x <= LAST_NUMBER and _fits(c[x], n, exact):
            x += 1
        hi = x - 1
        if hi - lo + 1 >= least:
            vals = ()
            for y in range(lo, hi + 1):
                vals += (y,) * n
                c[y] -= n
            out.append((kind, hi - lo + 1, hi, vals))


def _fits(k, n, exact):
    return k == n if exact else k >= n


def take_short_straights(c, out):
    """Straights of exactly five from the lowest, then lengthened only into values that
    would stay lonely singles: keeps pairs and trios whole."""
    found = []
    x = 1
    while x + 4 <= LAST_NUMBER:
        if all(c[y] for y in range(x, x + 5)):
            for y in range(x, x + 5):
                c[y] -= 1
            found.append([x, x + 4])
        else:
            x += 1
    for s in found:
        while s[1] < LAST_NUMBER and c[s[1] + 1] == 1:
            s[1] += 1
            c[s[1]] -= 1
    for lo, hi in found:
        out.append((STRAIGHT, hi - lo + 1, hi, tuple(range(lo, hi + 1))))


def take_rest(c, out):
    for x in range(1, TOP + 1):
        if c[x] == 2:
            out.append((PAIR, 1, x, (x, x)))
        elif c[x] == 1:
            out.append((SINGLE, 1, x, (x,)))
        elif c[x] == 3:
            out.append((TRIO, 1, x, (x, x, x)))
        c[x] = 0


STEPS = {
    "attack": take_attack,
    "traps": take_traps,
    "trios": take_trios,
    "straights": lambda c, out: take_chains(c, 1, 5, STRAIGHT, out),
    "short_straights": take_short_straights,
    "pair_seqs": lambda c, out: take_chains(c, 2, 3, PAIR_SEQ, out),
    "exact_pair_seqs": lambda c, out: take_chains(c, 2, 3, PAIR_SEQ, out, exact=True),
    "rest": take_rest,
}


def split(counts, order):
    """The combinations of a hand taken step by step in ``order`` (names in STEPS)."""
    c = list(counts)
    out = []
    for step in order:
        STEPS[step](c, out)
    return out


def attach_kickers(combos, keep):
    """Trios and runs of trios carry the lowest singles (else pairs) that ``keep`` does
    not want kept: one per trio of the run. Returns the new list."""
    singles = sorted(cb[2] for cb in combos if cb[0] == SINGLE and not keep(cb))
    pairs = sorted(cb[2] for cb in combos if cb[0] == PAIR and not keep(cb))
    used1 = []
    used2 = []
    out = []
    carriers = [cb for cb in combos if cb[0] == TRIO or cb[0] == TRIO_SEQ]
    carriers.sort(key=lambda cb: cb[2])
    rest = [cb for cb in combos if cb[0] != TRIO and cb[0] != TRIO_SEQ]
    for cb in carriers:
        k = cb[1]
        free1 = [x for x in singles if x not in used1 and x not in cb[3]]
        free2 = [x for x in pairs if x not in used2 and x not in cb[3]]
        if len(free1) >= k and not (PIYA in free1[:k] and CHIMERA in free1[:k]):
            got = free1[:k]
            used1 += got
            kind = TRIO_SINGLE if k == 1 else TRIO_SEQ_SINGLES
            out.append((kind, k, cb[2], tuple(sorted(cb[3] + tuple(got)))))
        elif len(free2) >= k:
            got = free2[:k]
            used2 += got
            extra = ()
            for x in got:
                extra += (x, x)
            out.append((TRIO_PAIR if k == 1 else TRIO_SEQ_PAIRS, k, cb[2], tuple(sorted(cb[3] + extra))))
        else:
            out.append(cb)
    for cb in rest:
        if cb[0] == SINGLE and cb[2] in used1:
            used1.remove(cb[2])
            continue
        if cb[0] == PAIR and cb[2] in used2:
            used2.remove(cb[2])
            continue
        out.append(cb)
    return out


# ----------------------------------------------------------------------------- tracking

def beatable(u, cb, room):
    """Could the unseen cards ``u`` make a higher combination of the same kind and length
    than ``cb``, in a hand of at most ``room`` cards? Traps and the attack are left
    aside (they beat everything and are the bomb rule's business)."""
    kind, length, rank, vals = cb
    if kind == ATTACK:
        return False
    if kind != TRAP and len(vals) > room:
        return False
    if kind == SINGLE:
        return any(u[x] for x in range(rank + 1, TOP + 1))
    if kind == PAIR:
        return any(u[x] >= 2 for x in range(rank + 1, HERO + 1))
    if kind in TRIO_KINDS:
        return any(u[x] >= 3 for x in range(rank + 1, HERO + 1))
    if kind in (FOUR_TWO_SINGLES, FOUR_TWO_PAIRS, TRAP):
        return room >= 4 and any(u[x] == 4 for x in range(rank + 1, HERO + 1))
    if kind == STRAIGHT:
        return _run_above(u, 1, length, rank, 1 if u[PIYA] else 0)
    if kind == PAIR_SEQ:
        return _run_above(u, 2, length, rank, 0)
    if kind in TRIO_RUNS:
        return _run_above(u, 3, length, rank, 0)
    return True


def _run_above(u, n, length, rank, holes):
    for top in range(rank + 1, LAST_NUMBER + 1):
        lo = top - length + 1
        if lo < 1:
            continue
        miss = 0
        for x in range(lo, top + 1):
            if u[x] < n:
                miss += 1
        if miss <= holes:
            return True
    return False


def bombs_out(u):
    """Could the unseen cards hold a trap or the attack?"""
    if u[PIYA] and u[CHIMERA]:
        return True
    return any(u[x] == 4 for x in range(1, HERO + 1))
