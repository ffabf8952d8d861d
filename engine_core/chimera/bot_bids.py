# Bidding for the Chimera bots (issue 11): which bid a hand is worth (RULES C3, C8).
#
# Level 1 bids 20 only on a very strong plan (bot_plan.py cost), level 2 bids 20 below a
# fixed plan cost. Level 3 predicts, per bid, the round's score of the Chimera minus the
# mean of the two Hunters (C8) from the plan cost and the high cards of its 17 cards, by
# a linear fit over 40,500 rounds of level-3 bots where one seat was made the Chimera at
# a chosen bid (/tmp calibration, see the issue 11 report), and takes the best bid that
# beats passing.

# Per bid: (constant, plan cost, Chimera, Pi Ya, Heroes, 12s, traps + attack), in
# tenths of a point. Measured success rates behind them: bid 20 made 46%, 30 37%, 40 32%.
WEIGHTS = {
    20: (64, -2, 245, 166, 100, 43, 101),
    30: (6, -3, 310, 161, 115, 49, 128),
    40: (-87, -3, 368, 167, 145, 68, 151),
}
LEVEL1_AT = 60   # level 1 bids only with a hand this strong
LEVEL2_AT = 130  # level 2 bids 20 at or below this cost
PASS_WITH_BID = -40  # a Hunter's expected score against a Chimera at 20 (tenths)


def features(k, c):
    bombs = 1 if c[14] and c[15] else 0
    for v in range(1, 14):
        if c[v] == 4:
            bombs += 1
    return (1, k, c[15], c[14], c[13], c[12], bombs)


def expected(b, k, c):
    # The predicted score of bidding b, in tenths of a point.
    x = features(k, c)
    w = WEIGHTS[b]
    return sum(w[i] * x[i] for i in range(len(w)))


def bid_choice(k, c, v, level):
    # The bid to make (20, 30, 40) or 0 to pass, for a hand of plan cost k.
    if level == 1:
        return 20 if k <= LEVEL1_AT else 0
    if level == 2:
        return 20 if k <= LEVEL2_AT else 0
    best = 0
    best_ev = _need(v)
    for b in (20, 30, 40):
        if b > v["bid"]:
            ev = expected(b, k, c)
            if ev > best_ev:
                best, best_ev = b, ev
    return best


def _need(v):
    # What a bid must promise (tenths of a point): passing is worth 0 before any bid (a
    # redeal) and a Hunter's share after one. Behind a leader close to the limit a seat
    # must take chances; far ahead near the end it need not.
    need = PASS_WITH_BID if v["bid"] else 0
    totals, seat, limit = v["totals"], v["seat"], v["limit"]
    mine = totals[seat]
    lead = max(totals[s] for s in range(3) if s != seat)
    if lead >= limit * 3 // 4 and lead > mine:
        need -= 150
    elif mine >= limit * 3 // 4 and mine > lead + 60:
        need += 80
    return need
