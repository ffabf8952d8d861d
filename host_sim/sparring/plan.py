"""Sparring partner "plan": a planner that goes out in the fewest plays, written from the
public descriptions of Dou Dizhu hand planning ("拆牌", splitting the hand: the fewest
"手数", hands to play, decides; e.g. the RHCP description in You et al., "Combinational
Q-Learning for Dou Di Zhu", arXiv:1901.08925, section 2, and the common strategy notes:
play your hand in as few plays as you can, keep bombs for going out or for stopping an
opponent), independently of the project's bots and of ref / pro / port.

- Plan (``plan``): an exhaustive search over the decompositions of the hand: at the
  lowest value held, every straight, run of pairs and run of trios that starts there, or
  all its cards as one single / pair / trio / trap (a four is kept whole: a trap); Pi Ya
  with Chimera as the attack or as two singles. Each decomposition's trios and runs of
  trios then carry loose singles or pairs (one per trio, the lowest first) where that
  removes the most plays. The plan is the one with the fewest plays; among those, the one
  with the fewest and highest loose singles and pairs. Memoized by the cards alone.
- Lead: out at once if the hand is one play; with at most two plays left, first one
  nothing unseen can beat (card tracking; the hand sizes bound what an opponent can
  hold); else the lowest combination of the plan that something could beat, and while
  an opponent holds one or two cards, not one it could follow by its size. A Hunter
  whose partner plays next and holds one card leads its lowest card.
- Follow: never over a winning partner (except to go out). A play of the table's kind
  is made only when the plays left after it are no more than the plays left now (the
  fewest first, then the lowest), or, when the opponent on top holds three cards or
  fewer, the highest that costs at most one play more. Traps and the attack only to go
  out (at most one play left after them) or when the opponent on top holds two cards or
  fewer: the lowest trap first, the attack last.
- Bids: plays of the 17 cards less its controls (Chimera 1, Pi Ya 1, each Hero 0.5, each
  trap 1): 40 at 3 or fewer, 30 at 4, 20 at 5 (BID_AT; of random 17-card hands 6%,
  15% and 30% reach them). Exchange (C4.2):
  the cards whose loss leaves the best plan, lowest first.
"""

from engine_core.chimera.cards import CHIMERA, HERO, PIYA, TOP
from engine_core.chimera.combos import (
    ATTACK,
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
from host_sim.sparring.hands import BOMBS, beatable, decide_by, minus, reading

LAST = 12  # sequences run within 1..12 (C5)
BID_AT = ((3.0, 40), (4.0, 30), (5.0, 20))  # plays less controls -> bid
SET_KINDS = (None, SINGLE, PAIR, TRIO, TRAP)

_MEMO = {}
_MEMO_MAX = 200000


def decide(state, seat, rng, bid_at=BID_AT):
    return decide_by(state, seat, lambda s: bid(s, bid_at), give, lead, follow)


# ----------------------------------------------------------------------------- the plan

def plan(c):
    """((plays, looseness), combos) of the best decomposition of the counts ``c`` (a
    tuple); combos are (kind, length, rank, values)."""
    got = _MEMO.get(c)
    if got is not None:
        return got
    best = None
    for sk in _skeletons(list(c)):
        key, combos = _finish(sk)
        if best is None or key < best[0]:
            best = (key, combos)
    if best is None:
        best = ((0, 0), [])
    if len(_MEMO) >= _MEMO_MAX:
        _MEMO.clear()
    _MEMO[c] = best
    return best


def plays_left(c):
    return plan(c)[0][0]


def _skeletons(c):
    out = []
    _search(c, 1, [], out)
    return out


def _search(c, x, acc, out):
    while x <= TOP and c[x] == 0:
        x += 1
    if x > TOP:
        out.append(list(acc))
        return
    if x <= LAST:
        for n, least, kind in ((1, 5, STRAIGHT), (2, 3, PAIR_SEQ), (3, 2, TRIO_SEQ)):
            if c[x] < n:
                continue
            y = x
            while y <= LAST and c[y] >= n:
                if y - x + 1 >= least:
                    for z in range(x, y + 1):
                        c[z] -= n
                    vals = ()
                    for z in range(x, y + 1):
                        vals += (z,) * n
                    acc.append((kind, y - x + 1, y, vals))
                    _search(c, x, acc, out)
                    acc.pop()
                    for z in range(x, y + 1):
                        c[z] += n
                y += 1
    if x == PIYA and c[CHIMERA]:
        c[PIYA] = c[CHIMERA] = 0
        acc.append((ATTACK, 1, 0, (PIYA, CHIMERA)))
        _search(c, TOP + 1, acc, out)
        acc.pop()
        c[PIYA] = c[CHIMERA] = 1
    k = c[x]
    c[x] = 0
    acc.append((SET_KINDS[k], 1, x, (x,) * k))
    _search(c, x + 1, acc, out)
    acc.pop()
    c[x] = k


def _finish(groups):
    """((plays, looseness), combos): the groups with kickers attached where that saves
    the most plays."""
    carriers = [g for g in groups if g[0] == TRIO or g[0] == TRIO_SEQ]
    singles = sorted(g[2] for g in groups if g[0] == SINGLE)
    pairs = sorted(g[2] for g in groups if g[0] == PAIR)
    plan_ = None
    if carriers:
        plan_ = _assign([g[1] for g in carriers], len(singles), len(pairs))
    combos = [g for g in groups if g[0] not in (TRIO, TRIO_SEQ, SINGLE, PAIR)]
    for i, g in enumerate(carriers):
        how = plan_[i] if plan_ else 0
        k = g[1]
        pool = singles if how == 1 else pairs
        got = [x for x in pool if x not in g[3]][:k] if how else []  # C5: other values
        if how == 1 and k > 1 and PIYA in got and CHIMERA in got:
            got = []  # C5: not both as a run's singles
        if len(got) < k or not how:
            combos.append(g)
            continue
        for x in got:
            pool.remove(x)
        if how == 1:
            kind = TRIO_SINGLE if g[0] == TRIO else TRIO_SEQ_SINGLES
            combos.append((kind, k, g[2], tuple(sorted(g[3] + tuple(got)))))
        else:
            kind = TRIO_PAIR if g[0] == TRIO else TRIO_SEQ_PAIRS
            combos.append((kind, k, g[2], tuple(sorted(g[3] + tuple(got) + tuple(got)))))
    loose = 0
    for x in singles:
        combos.append((SINGLE, 1, x, (x,)))
        loose += max(0, HERO - x)
    for x in pairs:
        combos.append((PAIR, 1, x, (x, x)))
        loose += max(0, HERO - x)
    return (len(combos), loose), combos


_ASSIGN = {}


def _assign(caps, ns, np):
    """Per carrier 0 (nothing), 1 (singles) or 2 (pairs), absorbing the most loose
    groups; more singles absorbed on ties (they are the weaker)."""
    key = (tuple(caps), ns, np)
    got = _ASSIGN.get(key)
    if got is not None:
        return got
    best = None
    m = len(caps)
    for code in range(3 ** m):
        how = []
        s = p = 0
        x = code
        for k in caps:
            h = x % 3
            x //= 3
            how.append(h)
            if h == 1:
                s += k
            elif h == 2:
                p += k
        if s > ns or p > np:
            continue
        score = (s + p, s)
        if best is None or score > best[0]:
            best = (score, how)
    _ASSIGN[key] = best[1]
    return best[1]


# ----------------------------------------------------------------------------- bidding and exchange

def controls(c):
    t = c[CHIMERA] + c[PIYA] + 0.5 * c[HERO]
    for x in range(1, HERO + 1):
        if c[x] == 4:
            t += 1
    return t


def need(c):
    return plays_left(tuple(c)) - controls(c)


def bid(s, bid_at=BID_AT):
    n = need(s.counts)
    for at, b in bid_at:
        if n <= at:
            if b > s.v["bid"]:
                return (s.seat, "bid", b)
            break
    return s.passing()


def give(s):
    c = tuple(s.counts)
    best = None
    for vals in s.gives():
        key = plan(minus(c, vals))[0]
        if best is None or key < best[0]:
            best = (key, vals)
    return s.give_of(best[1])


# ----------------------------------------------------------------------------- play

def _room(s):
    return max(s.v["sizes"][o] for o in s.opponents())


def lead(s):
    v = s.v
    for p in s.plays():
        if len(p) == s.size:
            return s.action(p)  # out at once (C7.5)
    c = tuple(s.counts)
    (n, _), combos = plan(c)
    sizes = v["sizes"]
    pt = s.partner()
    if pt >= 0 and (s.seat + 1) % 3 == pt and sizes[pt] == 1:
        return s.action((v["hand"][0] >> 3,))
    u = s.unseen()
    rm = _room(s)
    combos = [cb for cb in combos if cb[3] in s.by_values] or [(SINGLE, 1, v["hand"][0] >> 3,
                                                              (v["hand"][0] >> 3,))]
    winners = [cb for cb in combos if not beatable(u, cb, rm)]
    if n <= 2 and winners:
        winners.sort(key=lambda cb: (cb[0] in BOMBS, -len(cb[3]), cb[2]))
        return s.action(winners[0][3])
    pool = [cb for cb in combos if cb[0] not in BOMBS]
    if not pool:
        return s.action(min(combos, key=lambda cb: (cb[0] == ATTACK, cb[2]))[3])
    pool = [cb for cb in pool if beatable(u, cb, rm)] or pool
    danger = min(sizes[o] for o in s.opponents())
    if danger <= 2:
        safe = [cb for cb in pool if len(cb[3]) > danger]
        if not safe:
            return s.action(max(pool, key=lambda cb: (cb[2], len(cb[3])))[3])
        pool = safe
    return s.action(min(pool, key=lambda cb: (cb[2], -len(cb[3])))[3])


def follow(s):
    v = s.v
    done = s.settled_follow()
    if done is not None:
        return done
    plays = s.plays()
    c = tuple(s.counts)
    n0 = plays_left(c)
    top = v["top"]
    danger = v["sizes"][v["top_seat"]]  # the top seat is an opponent here
    plain = []
    bombs = []
    for p in plays:
        r = reading(p, top)
        if r[0] in BOMBS:
            bombs.append((r, p))
        else:
            plain.append((plan(minus(c, p))[0], r[2], p))
    if plain:
        best = min(plain)
        if best[0][0] <= n0:
            return s.action(best[2])
        if danger <= 3:
            ok = [x for x in plain if x[0][0] <= n0 + 1] or plain
            return s.action(max(ok, key=lambda x: (x[1], -x[0][0], -x[0][1]))[2])
    bombs.sort(key=lambda b: (b[0][0] == ATTACK, b[0][2]))
    for _, p in bombs:
        if danger <= 2 or plays_left(minus(c, p)) <= 1:
            return s.action(p)
    return s.passing()
