"""Sparring partner "bold": an aggressive bidder, after the public advice that in a
three-handed bidding game an early, high bid takes the hideout, the lead and the
multiplier, and the hunters must then prove the bid wrong: it bids on far weaker hands
than the other partners and otherwise plays exactly like "plan" (plan.py: the fewest
plays, bombs only to go out or to stop an opponent).

Bids by the same measure as plan, the plays of the 17 cards less their controls (Chimera
1, Pi Ya 1, each Hero 0.5, each trap 1), with thresholds two to three and a half plays
looser:

  bid 40 at 5 or fewer (plan: 3), 30 at 6.5 (plan: 4), 20 at 8.5 (plan: 5).

Of 4,000 random 17-card hands (the first bidder's view) 30% reach 40, 64% reach 30 and 96%
reach 20: it passes only the worst twentieth. The others on the same hands: plan 6% /
15% / 30%, pro 6% / 14% / 27%, port 9% / 18% / 35%, ref (hand points) 25% / 46% / 71%.
Like every partner it bids only above the table's bid, so it raises a 20 to 30 or 40 on
such hands. The exchange (C4.2) and all the play are plan's.
"""

from host_sim.sparring import plan

BID_AT = ((5.0, 40), (6.5, 30), (8.5, 20))  # plays less controls -> bid


def decide(state, seat, rng):
    return plan.decide(state, seat, rng, BID_AT)
