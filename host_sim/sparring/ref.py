"""Sparring partner "ref": a Chimera player close to the Dou Dizhu rule agent that RLCard
publishes (rlcard/models/doudizhu_rule_models.py, as described in its documentation).

- Lead: split the hand (the attack, traps, trios and runs of trios, straights, runs of
  pairs, pairs, singles, in that order) and lead the combination that holds the lowest
  card.
- Follow: the lowest combination of the same kind and length that beats the table; never
  beat the partner (a Hunter leaves a trick its partner is winning). With no such
  combination, against an opponent, any legal action at random (pass, a trap, the attack),
  as the agent does.
- Dou Dizhu has no bids in that agent and no exchange. Bids: the common hand-points count
  (Chimera 4, Pi Ya 3, each Hero 2, each trap 6; bid 40 from 8 points, 30 from 6, 20 from
  4). Exchange (C4.2): the lowest cards.
"""

from engine_core.chimera.cards import CHIMERA, HERO, PIYA
from engine_core.chimera.game import GIVES
from host_sim.sparring.hands import decide_by, reading, split

ORDER = ("attack", "traps", "trios", "straights", "pair_seqs", "rest")
BID_AT = ((8, 40), (6, 30), (4, 20))  # hand points -> bid


def decide(state, seat, rng):
    return decide_by(state, seat, bid, give, lead, lambda s: follow(s, rng))


def points(c):
    p = 4 * c[CHIMERA] + 3 * c[PIYA] + 2 * c[HERO]
    for x in range(1, HERO + 1):
        if c[x] == 4:
            p += 6
    return p


def bid(s):
    p = points(s.counts)
    for at, b in BID_AT:
        if p >= at and b > s.v["bid"]:
            return (s.seat, "bid", b)
    return s.passing()


def give(s):
    n = GIVES[s.v["bid"]]
    low = tuple(s.v["hand"][:n])  # hands are sorted: the lowest cards
    for a in s.acts:
        if tuple(sorted(a[2])) == low:
            return a
    return s.acts[0]


def lead(s):
    lowest = s.v["hand"][0] >> 3
    for cb in split(s.counts, ORDER):
        if lowest in cb[3]:
            return s.action(cb[3])
    return s.action(s.plays()[0])


def follow(s, rng):
    v = s.v
    if s.is_hunter() and v["top_seat"] == s.partner():
        return s.passing()
    top = v["top"]
    best = None
    for p in s.plays():
        r = reading(p, top)
        if r[0] == top[0] and r[1] == top[1]:
            if best is None or r[2] < best[0]:
                best = (r[2], p)
    if best is not None:
        return s.action(best[1])
    return s.acts[rng.below(len(s.acts))]
