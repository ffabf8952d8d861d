"""Sparring partner "port": a port of a published Dou Dizhu rule agent, the hand-value
heuristic of sm9sun's "斗地主AI" (the CSDN blog series on a Dou Dizhu AI, 2017), in the
form the paper "Combinational Q-Learning for Dou Di Zhu" (You et al., arXiv:1901.08925)
ships as its RHCP baseline ("Recursive Handheld Cards Partitioning"):

- ported file: github.com/qq456cvb/doudizhu-C, engine/card.cpp (``get_HandCardValue``,
  ``get_PutCardList_2_unlimit`` to lead, ``get_PutCardList_2_limit`` to follow,
  ``get_GroupData`` for the values) and engine/game.cpp (``LandScore``, the bids); the
  same code with its author's comments: github.com/shennandadao/ddzAI,
  GameAI_Strategy.cpp, GameAI_Algorithm.cpp/.h (the scoring notes and the bid table).
  The thresholds of the bid table are that of the original (GameAI_Algorithm.cpp: below 10
  no bid), where doudizhu-C comments the pass out.

What the agent does, and so what this port does:

- Hand value (``value``): (SumValue, NeedRound). A hand that is one combination is worth
  that combination's value in one round. Otherwise the agent's own lead is taken out
  (below) and the rest valued recursively: the values add up, the rounds count up. A
  combination is worth, with M its card on the source's 3..17 scale: single, pair, trio,
  trio with one or a pair M - 10; straight, run of pairs M - 9; runs of trios (with or
  without wings) (M - 2) / 2; four with two (M - 3) / 2; a trap (bomb) M + 4; the
  attack (rocket) 20. A hand is compared by SumValue - 7 * NeedRound (a round is worth
  7, "a control is worth the lowest single"); ties go to the option tried last.
- Lead: all the hand if it is one combination (four with two excepted); the attack if the
  rest is then one combination; else, if the hand holds a trio (not a four), the best of
  every trio with one card, trio with a pair and run of trios with wings (2..4 trios with
  single wings, 2..3 with pair wings) by the value of what stays; else, for the lowest
  value held 1..3 times, the best of its single, pair, trio and the straights, runs of
  pairs and runs of trios that start at it; else a lone Pi Ya or Chimera, else the
  lowest trap. A four is never broken to lead.
- Follow: all the hand if it beats the table in one play; the attack if the rest is then
  one combination; else every combination of the table's kind and length that beats it,
  the best by the value of what stays, compared with passing (the hand's value and one
  round more); else a trap (the best, taken also whenever the hand left is worth more than
  0); else the attack when the hand is worth more than 20; else pass. On a trap: the
  lowest higher trap, else the attack, always. The agent has no partner: as a Hunter it
  plays over its partner like over the Chimera (the source plays every seat the same).
- Bids (``LandScore``): the value of the 17 cards: below 10 pass, 10..14 bid 1, 15..19
  bid 2, 20 and more bid 3, here 20 / 30 / 40, when higher than the bid on the table.

What had to be mapped to Chimera (RULES C1, C5):

- Cards: the source's 3..A, 2, small joker, big joker are Chimera's 1..12, Hero, Pi Ya,
  Chimera (value + 2 on the source's scale), so a straight runs within 1..12 as within
  3..A, the Hero stands where the 2 stands (pairs, trios, fours, never sequences).
- Bomb -> trap, rocket -> the attack (Pi Ya + Chimera).
- Pi Ya standing in for a straight's missing value (C5.2) has no counterpart: the agent
  never builds such a straight, except that "the whole hand is one combination" is read by
  Chimera's rules (combos.classify), so a hand that is one Pi Ya straight goes out in one.
- Wings: Chimera forbids Pi Ya and Chimera together as the singles of a run of trios or a
  four with two (C5); those options are skipped. The source's follow of a trio run with
  single wings takes its trios only from values held exactly three times; kept.
- The exchange (C4.2) has no counterpart: a Hunter gives the cards whose loss leaves its
  hand the best value (the agent's own measure), trying the cards lowest first.
- Forced 20 and bids below the table's are the engine's; the agent bids once per turn.
"""

from engine_core.chimera.cards import CHIMERA, HERO, PIYA, TOP
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
    classify,
)
from host_sim.sparring.hands import decide_by, minus, reading

LAST = 12  # sequences run within 1..12 (the source: 3..A)
ROUND = 7  # what a round (a control) is worth
MIN_VALUE = -25  # the source's MinCardsValue
WORST = MIN_VALUE - ROUND * 21  # the source's start: MinCardsValue with NeedRound 20 + 1
FOURS = (FOUR_TWO_SINGLES, FOUR_TWO_PAIRS)
LAND = ((20, 40), (15, 30), (10, 20))  # LandScore: SumValue -> bid 3 / 2 / 1

_MEMO = {}  # count tuple -> (SumValue, NeedRound): a function of the cards alone
_MEMO_MAX = 400000


def decide(state, seat, rng):
    return decide_by(state, seat, bid, give, lead, follow)


# ----------------------------------------------------------------------------- values

def group_value(kind, rank):
    """get_GroupData's nValue, rank on Chimera's scale."""
    m = rank + 2  # the source's 3..17
    if kind == ATTACK:
        return 20
    if kind == TRAP:
        return m - 3 + 7
    if kind == STRAIGHT or kind == PAIR_SEQ:
        return m - 10 + 1
    if kind == TRIO_SEQ or kind == TRIO_SEQ_SINGLES or kind == TRIO_SEQ_PAIRS:
        return (m - 3 + 1) // 2
    if kind in FOURS:
        return (m - 3) // 2
    return m - 10


def whole(c):
    """ins_SurCardsType: the reading of the whole hand as one combination, or None."""
    rs = classify(c)
    return rs[-1] if rs else None


def score(hv):
    return hv[0] - ROUND * hv[1]


def all_vals(c):
    out = ()
    for x in range(1, TOP + 1):
        out += (x,) * c[x]
    return out


def value(c):
    """get_HandCardValue: (SumValue, NeedRound) of the counts ``c`` (a tuple)."""
    got = _MEMO.get(c)
    if got is not None:
        return got
    if not any(c):
        hv = (0, 0)
    else:
        t = whole(c)
        if t is not None and t[0] not in FOURS:
            hv = (group_value(t[0], t[2]), 1)
        else:
            vals, v = unlimit(c)
            rest = value(minus(c, vals))
            hv = (v + rest[0], rest[1] + 1)
    if len(_MEMO) >= _MEMO_MAX:
        _MEMO.clear()
    _MEMO[c] = hv
    return hv


def unlimit(c):
    """get_PutCardList_2_unlimit: (values, value) of the combination to lead."""
    t = whole(c)
    if t is not None and t[0] not in FOURS:
        return all_vals(c), group_value(t[0], t[2])
    if c[PIYA] and c[CHIMERA] and value(minus(c, (PIYA, CHIMERA)))[1] == 1:
        return (PIYA, CHIMERA), 20
    best = [WORST, None]

    def consider(d, vals, kind, rank):
        s = score(value(tuple(d)))
        if best[0] <= s:  # ties: the option tried last
            best[0] = s
            best[1] = (vals, group_value(kind, rank))

    d = list(c)
    # trios first: they carry small cards out
    for x in range(1, HERO + 1):
        if d[x] != 3:  # > 2 and not a four
            continue
        d[x] -= 3
        for j in range(1, TOP + 1):  # trio with one
            if d[j] > 0:
                d[j] -= 1
                consider(d, (x, x, x, j), TRIO_SINGLE, x)
                d[j] += 1
        for j in range(1, HERO + 1):  # trio with a pair
            if d[j] > 1:
                d[j] -= 2
                consider(d, (x, x, x, j, j), TRIO_PAIR, x)
                d[j] += 2
        d[x] += 3
        for n, per, most in ((1, TOP, 4), (2, HERO, 3)):  # runs of trios with wings
            y = x
            while y <= LAST and d[y] > 2:
                k = y - x + 1
                if 2 <= k <= most:
                    for z in range(x, y + 1):
                        d[z] -= 3
                    trios = ()
                    for z in range(x, y + 1):
                        trios += (z, z, z)
                    kind = TRIO_SEQ_SINGLES if n == 1 else TRIO_SEQ_PAIRS
                    for wings in _wings(d, x, y, k, n, per, 1):
                        for w in wings:
                            d[w] -= n
                        consider(d, trios + tuple(w for w in wings for _ in range(n)), kind, y)
                        for w in wings:
                            d[w] += n
                    for z in range(x, y + 1):
                        d[z] += 3
                y += 1
    if best[1] is not None:
        return best[1]
    # the lowest value held 1..3 times: its best single, pair, trio or run from it
    for x in range(1, HERO + 1):
        if d[x] == 0 or d[x] == 4:
            continue
        d[x] -= 1
        consider(d, (x,), SINGLE, x)
        d[x] += 1
        if d[x] > 1:
            d[x] -= 2
            consider(d, (x, x), PAIR, x)
            d[x] += 2
        if d[x] > 2:
            d[x] -= 3
            consider(d, (x, x, x), TRIO, x)
            d[x] += 3
        for n, least, kind in ((1, 5, STRAIGHT), (2, 3, PAIR_SEQ), (3, 2, TRIO_SEQ)):
            if d[x] < n:
                continue
            y = x
            while y <= LAST and d[y] >= n:
                if y - x + 1 >= least:
                    for z in range(x, y + 1):
                        d[z] -= n
                    vals = ()
                    for z in range(x, y + 1):
                        vals += (z,) * n
                    consider(d, vals, kind, y)
                    for z in range(x, y + 1):
                        d[z] += n
                y += 1
        return best[1]
    if d[PIYA] == 1 and d[CHIMERA] == 0:
        return (PIYA,), group_value(SINGLE, PIYA)
    if d[CHIMERA] == 1 and d[PIYA] == 0:
        return (CHIMERA,), group_value(SINGLE, CHIMERA)
    for x in range(1, HERO + 1):
        if d[x] == 4:
            return (x,) * 4, group_value(TRAP, x)
    low = all_vals(c)[0]  # not reached with Chimera's deck; a single keeps it total
    return (low,), group_value(SINGLE, low)


def _wings(d, lo, hi, k, n, per, start):
    """Wing values lowest first, tmp1 < tmp2 < ... as the source tries them: k distinct
    values in 1..per outside lo..hi, each held n times or more; not Pi Ya and Chimera
    together (C5)."""
    out = []

    def rec(x, chosen):
        if len(chosen) == k:
            if not (PIYA in chosen and CHIMERA in chosen):
                out.append(tuple(chosen))
            return
        for w in range(x, per + 1):
            if lo <= w <= hi or d[w] < n:
                continue
            chosen.append(w)
            rec(w + 1, chosen)
            chosen.pop()

    rec(start, [])
    return out


# ----------------------------------------------------------------------------- bids, exchange

def bid(s):
    sv = value(tuple(s.counts))[0]
    for at, b in LAND:
        if sv >= at:
            if b > s.v["bid"]:
                return (s.seat, "bid", b)
            break
    return s.passing()


def give(s):
    c = tuple(s.counts)
    best = None
    for vals in s.gives():
        sc = score(value(minus(c, vals)))
        if best is None or best[0] <= sc:
            best = (sc, vals)
    return s.give_of(best[1])


# ----------------------------------------------------------------------------- play

def lead(s):
    c = tuple(s.counts)
    vals, _ = unlimit(c)
    vals = tuple(sorted(vals))
    if vals in s.by_values:
        return s.action(vals)
    return s.action(min(s.plays(), key=lambda p: (p[0], -len(p))))


def _pi_ya_stand_in(p, r):
    """A straight with Pi Ya standing in for a value: the source has none."""
    return r[0] == STRAIGHT and PIYA in p


def follow(s):
    v = s.v
    plays = s.plays()
    if not plays:
        return s.passing()
    c = tuple(s.counts)
    top = v["top"]
    attack = (PIYA, CHIMERA)
    if attack in s.by_values and value(minus(c, attack))[1] == 1:
        return s.action(attack)
    if top[0] == TRAP:
        for p in sorted(plays):
            r = reading(p, top)
            if r[0] == TRAP:
                return s.action(p)
        if attack in s.by_values:
            return s.action(attack)
        return s.passing()
    for p in plays:
        if len(p) == s.size:
            return s.action(p)  # all the hand at once
    best = value(c)
    best = [score((best[0], best[1] + 1)), best[0], None]  # passing gives a round away
    same = []
    for p in plays:
        r = reading(p, top)
        if r[0] != top[0] or _pi_ya_stand_in(p, r):
            continue
        if r[0] == TRIO_SEQ_SINGLES and any(c[x] != 3 for x in set(p) if p.count(x) == 3):
            continue  # the source's run of trios with wings: trios held exactly three times
        same.append((_order(p, r), p))
    same.sort()
    for _, p in same:
        hv = value(minus(c, p))
        if best[0] <= score(hv):
            best = [score(hv), hv[0], p]
    if top[0] == FOUR_TWO_PAIRS and best[1] > 14:
        for x in range(1, HERO + 1):
            if c[x] == 4:
                return s.action((x,) * 4)
        if attack in s.by_values:
            return s.action(attack)
    if best[2] is not None:
        return s.action(best[2])
    if top[0] == FOUR_TWO_PAIRS:
        for x in range(1, HERO + 1):
            if c[x] == 4:
                return s.action((x,) * 4)
        if attack in s.by_values:
            return s.action(attack)
        return s.passing()
    for x in range(1, HERO + 1):
        if c[x] == 4:
            hv = value(minus(c, (x,) * 4))
            if best[0] <= score(hv) or hv[0] > 0:
                best = [score(hv), hv[0], (x,) * 4]
    if best[2] is not None:
        return s.action(best[2])
    if attack in s.by_values and best[1] > 20:
        return s.action(attack)
    return s.passing()


def _order(p, r):
    """The order the source tries a kind's plays in: by the deciding value, then the
    attached cards (every order of a run's wings, so the last is the highest first)."""
    kind, _, rank = r
    main = 4 if kind in FOURS else 3
    kick = sorted(x for x in set(p) if p.count(x) < main) if kind in (
        TRIO_SINGLE, TRIO_PAIR, TRIO_SEQ_SINGLES, TRIO_SEQ_PAIRS) + FOURS else []
    if kind in (TRIO_SEQ_SINGLES, TRIO_SEQ_PAIRS):
        kick.reverse()
    return (rank, tuple(kick))
