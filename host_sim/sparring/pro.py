"""Sparring partner "pro": the rule agent of ref.py made stronger in the classic Dou Dizhu
ways (public strategy notes), written independently of the project's bots.

- Several split orders (trios or straights or runs of pairs first, long or short
  straights, Pi Ya standing in for one missing value of a straight, C5), trios carrying
  their lowest spare cards; the split that needs the fewest leads wins, a combination
  nothing unseen can beat (card tracking of everything played) counting as a lead won.
- Near the end, tracking also uses the hand sizes: a combination longer than every
  opponent's hand cannot be beaten by them.
- Lead: out in one if it can; winners first when at most one loser is left; otherwise the
  lowest loser, not the kind an opponent close to out could follow with. A Hunter whose
  partner plays next and holds one card (two) feeds it its lowest single (pair).
- Follow: never over a partner who is winning, unless it goes out; otherwise the play
  that costs the rest of the hand least, more readily when the trick's owner is close to
  out or (the silent Hunter, C8.1) while it has played nothing yet. Traps and the attack
  only to go out (at most one loser after them) or when the opponent on top is about to
  go out.
- Bids from the split (leads needed) and the top cards; exchange (C4.2): a strong hand
  gives its lowest spare singles, a weak one its best singles to make the partner strong.
"""

from engine_core.chimera.cards import CHIMERA, HERO, PIYA
from engine_core.chimera.combos import PAIR, SINGLE, STRAIGHT
from engine_core.chimera.game import GIVES
from host_sim.sparring.hands import BOMBS, attach_kickers, beatable, decide_by, reading, split

ORDERS = (
    ("attack", "traps", "trios", "straights", "pair_seqs", "rest"),
    ("attack", "traps", "short_straights", "trios", "exact_pair_seqs", "rest"),
    ("attack", "traps", "exact_pair_seqs", "trios", "short_straights", "rest"),
    ("attack", "traps", "trios", "short_straights", "exact_pair_seqs", "rest"),
)
UNIT = 10  # a combination costs a lead
WINNER = 7  # a combination nothing unseen beats gives most of it back
PER_RANK = 2  # follows of one rank (differing in attached cards) worth weighing
# Bids: leads a hand of 17 needs (split cost / UNIT) less its top cards, at most this much
BID_AT = ((2.0, 40), (3.0, 30), (4.0, 20))


def decide(state, seat, rng):
    return decide_by(state, seat, bid, give, lead, follow)


# ----------------------------------------------------------------------------- the split

def room(s):
    return max(s.v["sizes"][o] for o in s.opponents())


def best_split(c, u, rm, pi_ya=False):
    """(cost, combos) of the cheapest split of counts ``c`` over the orders."""
    def keep(cb):
        return not beatable(u, cb, rm)

    best = None
    for order in ORDERS:
        combos = attach_kickers(split(c, order), keep)
        k = cost(combos, u, rm)
        if best is None or k < best[0]:
            best = (k, combos)
    if pi_ya and c[PIYA] and not c[CHIMERA]:
        for gap in range(1, 13):
            if c[gap] or not (c[gap - 1] if gap > 1 else 0) and not (c[gap + 1] if gap < 12 else 0):
                continue
            d = list(c)
            d[PIYA] = 0
            d[gap] = 1
            for order in ORDERS[:2]:
                combos = _with_pi_ya(split(d, order), gap)
                if combos is None:
                    continue
                combos = attach_kickers(combos, keep)
                k = cost(combos, u, rm)
                if k < best[0]:
                    best = (k, combos)
    return best


def _with_pi_ya(combos, gap):
    out = []
    found = False
    for cb in combos:
        if gap in cb[3] and not found:
            if cb[0] != STRAIGHT:
                return None
            vals = tuple(sorted(tuple(x for x in cb[3] if x != gap) + (PIYA,)))
            r = reading(vals)
            if r is None:
                return None
            cb = (r[0], r[1], r[2], vals)
            found = True
        out.append(cb)
    return out if found else None


def cost(combos, u, rm):
    n = len(combos)
    w = 0
    for cb in combos:
        if not beatable(u, cb, rm):
            w += 1
    if n and n - w <= 1:
        return UNIT * (n - w) + 1  # out from here on: winners, then the last one
    return UNIT * n - WINNER * w


def minus(c, vals):
    d = list(c)
    for x in vals:
        d[x] -= 1
    return d


# ----------------------------------------------------------------------------- bidding and exchange

def top_cards(c):
    t = 1.0 * c[CHIMERA] + 0.7 * c[PIYA] + 0.5 * c[HERO]
    for x in range(1, HERO + 1):
        if c[x] == 4:
            t += 1.0
    return t


def bid(s):
    k = best_split(s.counts, s.unseen(), 20, True)[0]
    need = k / UNIT - top_cards(s.counts)
    for at, b in BID_AT:
        if need <= at and b > s.v["bid"]:
            return (s.seat, "bid", b)
    return s.passing()


def give(s):
    n = GIVES[s.v["bid"]]
    u = s.unseen()
    k, combos = best_split(s.counts, u, 20, True)
    singles = sorted(cb[2] for cb in combos if cb[0] == SINGLE and cb[2] != CHIMERA)
    if k >= 90:
        singles.reverse()  # a hand this slow will not go out: make the partner strong
    vals = singles[:n]
    x = 1
    c = minus(s.counts, vals)
    while len(vals) < n:
        if c[x]:
            vals.append(x)
            c[x] -= 1
        else:
            x += 1
    return s.give_of(vals)


# ----------------------------------------------------------------------------- play

def lead(s):
    v = s.v
    for p in s.plays():
        if len(p) == s.size:
            return s.action(p)  # out at once (C7.5)
    u = s.unseen()
    rm = room(s)
    k, combos = best_split(s.counts, u, rm, True)
    sizes = v["sizes"]
    pt = s.partner()
    if pt >= 0 and (s.seat + 1) % 3 == pt and sizes[pt] <= 2:
        if sizes[pt] == 1:
            return s.action((v["hand"][0] >> 3,))  # the lowest card, whatever it breaks
        low = [cb for cb in combos if cb[0] == PAIR]
        if low:
            return s.action(min(low, key=lambda cb: cb[2])[3])
    winners = [cb for cb in combos if not beatable(u, cb, rm)]
    losers = [cb for cb in combos if beatable(u, cb, rm)]
    if winners and len(losers) <= 1:
        winners.sort(key=lambda cb: (cb[0] in BOMBS, -len(cb[3])))
        return s.action(winners[0][3])
    danger = min(sizes[o] for o in s.opponents())
    pool = [cb for cb in losers if cb[0] not in BOMBS]
    pool = pool or [cb for cb in combos if cb[0] not in BOMBS] or combos
    safe = [cb for cb in pool if len(cb[3]) > danger or danger > 2]
    if safe:
        best = min(safe, key=lambda cb: (cb[3][0], -len(cb[3])))
    else:  # only what the opponent could follow with: the highest of it
        best = max(pool, key=lambda cb: cb[2])
    return s.action(best[3])


def follow(s):
    v = s.v
    done = s.settled_follow()
    if done is not None:
        return done
    plays = s.plays()
    top = v["top"]
    u = s.unseen()
    rm = room(s)
    c = s.counts
    k0 = best_split(c, u, rm)[0]
    danger = v["sizes"][v["top_seat"]]
    plain = []
    bombs = []
    seen = {}
    for p in plays:
        r = reading(p, top)
        if r[0] in BOMBS:
            bombs.append((p, r))
        else:
            n = seen.get(r[2], 0)
            if n < PER_RANK:
                seen[r[2]] = n + 1
                plain.append((p, r))
    best = None
    for p, _ in plain:
        delta = best_split(minus(c, p), u, rm)[0] - k0
        if best is None or delta < best[0]:
            best = (delta, p)
    bar = 0
    if danger <= 3:
        bar = 40
    elif s.is_hunter() and not v["played_bits"] >> s.seat & 1:
        bar = 12  # a silent Hunter gives the Chimera 25 (C8.1): get a card out
    if best is not None and best[0] <= bar:
        return s.action(best[1])
    for p, _ in bombs:
        rest = minus(c, p)
        if sum(rest) == 0:
            return s.action(p)
        kr, combos = best_split(rest, u, rm, True)
        losers = sum(1 for cb in combos if beatable(u, cb, rm))
        if losers <= 1 or danger <= 2:
            return s.action(p)
    return s.passing()
