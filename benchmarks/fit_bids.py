"""Fit the level-3 Chimera bid model (engine_core/chimera/bot_bids.py) on rounds played
against strong opponents (issue 18).

    python benchmarks/fit_bids.py [--deals N] [--seed S] [--jobs J] [--opponents 3,pro,ref]

For every deal, every seat and every opponent kind, the seat (a level-3 bot) is made the
Chimera at 20, at 30 and at 40 (the others pass, RULES C3), and the round is played out
against two opponents of that kind: the Hunters' exchange of a 30 or 40 (C4.2), traps,
the attack and the silent Hunter (C8.1) all happen as in play. A round's value to a seat
is its score minus the mean of the two others' (what a match to a limit rewards).

Fitted over the 17 cards a seat bids on (bot_bids.features):
- per bid, the Chimera's value (least squares, hundredths of a point);
- per bid, the log-odds that the Chimera goes out first (logistic regression, thousandths),
  on the rounds against the strong opponents (--strong, default level 3 and pro);
- the value of a Hunter's hand, which is what passing is worth once somebody bids.
Then the policy of bot_bids.bid_choice (among the bids whose odds reach ODDS, the one of
highest value, if it beats passing) is replayed on the same rounds for rising ODDS until
the bids made reach --target (default 60%) against each strong opponent; printed per bid:
the share made and the Chimera's mean score. Prints the tables to paste into bot_bids.py.
--save/--load keep the rounds played, to refit without playing them again.

Issue 18's tables: ``--deals 1500 --jobs 2`` (40,500 rounds).
"""

import argparse
import multiprocessing
import os
import pickle
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from engine_core.chimera import bot, bot_bids, game  # noqa: E402
from engine_core.chimera.bot_plan import plan, threats, unseen  # noqa: E402
from engine_core.chimera.cards import value_counts  # noqa: E402
from engine_core.prng import Pcg32  # noqa: E402
from host_sim.arena import NEVER, mix  # noqa: E402
from host_sim.sparring import PLAYERS  # noqa: E402

BIDS = (20, 30, 40)


def features(hand):
    c = value_counts(hand)
    k = plan(c, threats(unseen(c, [0] * 16)))[0]
    return bot_bids.features(k, c)


def forced_round(deal_state, seat, bid, opp, seed):
    """Play the dealt round with ``seat`` made the Chimera at ``bid``: (deltas, made)."""
    st = deal_state
    while st.phase == game.BID:
        a = (st.turn, "bid", bid) if st.turn == seat and st.bid < bid else (st.turn, "pass")
        st = game.apply(st, a)[0]
    rng = Pcg32(seed)
    while st.phase in (game.GIVE, game.PLAY):
        due = game.decision(st)[1][0]
        if due == seat or opp not in PLAYERS:
            a = bot.decide(st, due, 3 if due == seat else opp, rng)
        else:
            a = PLAYERS[opp].decide(st, due, rng)
        st = game.apply(st, a)[0]
    return st.match.rounds[-1], st.first_out == seat


def deal_rows(job):
    i, seed, opps = job
    st = game.new_match(NEVER, dealer=i % 3)
    st = game.apply(st, game.next_deal(st, Pcg32(mix(seed, 5, i))))[0]
    feats = [features(st.hands[s]) for s in range(3)]
    rows = []
    for opp in opps:
        for seat in range(3):
            for b in BIDS:
                deltas, made = forced_round(st, seat, b, opp, mix(seed, 6, i, seat, b))
                rows.append((opp, seat, b, feats, deltas, made))
    return rows


def value(deltas, seat):
    return deltas[seat] - (sum(deltas) - deltas[seat]) / 2.0


def lstsq(xs, ys):
    import numpy

    w = numpy.linalg.lstsq(numpy.array(xs, dtype=float), numpy.array(ys, dtype=float), rcond=None)[0]
    return [int(round(100 * x)) for x in w]  # hundredths of a point, as bot_bids keeps them


def logistic(xs, ys, steps=25):
    """Weights (thousandths) of P(made) = 1 / (1 + exp(-w.x)), by Newton's method."""
    import numpy

    x = numpy.array(xs, dtype=float)
    y = numpy.array(ys, dtype=float)
    w = numpy.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + numpy.exp(-x @ w))
        g = x.T @ (y - p)
        h = (x * (p * (1 - p))[:, None]).T @ x + 1e-6 * numpy.eye(x.shape[1])
        w = w + numpy.linalg.solve(h, g)
    return [int(round(1000 * v)) for v in w]


def predict(w, x):
    return sum(w[i] * x[i] for i in range(len(w)))


def choose(model, x, odds):
    """bot_bids.bid_choice's rule: among the bids whose made-logit reaches ``odds``, the one
    of highest value, if that beats passing."""
    weights, chances, hunter = model
    best, best_ev = 0, predict(hunter, x)
    for b in BIDS:
        ev = predict(weights[b], x)
        if predict(chances[b], x) >= odds and ev > best_ev:
            best, best_ev = b, ev
    return best


def hands_of(rows, opp):
    """{(deal, seat): {bid: row}} of the rounds against ``opp``."""
    out = {}
    for r in rows:
        if r[0] == opp:
            out.setdefault((id(r[3]), r[1]), {})[r[2]] = r
    return out


def replay(hands, model, odds):
    """The policy on the rounds: per bid [made, count, score sum]."""
    out = {b: [0, 0, 0.0] for b in BIDS}
    for hand in hands.values():
        seat = hand[20][1]
        b = choose(model, hand[20][3][seat], odds)
        if b:
            r = hand[b]
            out[b][0] += r[5]
            out[b][1] += 1
            out[b][2] += r[4][seat]
    return out


def main(argv):
    p = argparse.ArgumentParser(prog="fit_bids.py")
    p.add_argument("--deals", type=int, default=600)
    p.add_argument("--seed", type=int, default=18)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--opponents", default="3,pro,ref")
    p.add_argument("--target", type=float, default=0.60, help="least share of bids made")
    p.add_argument("--strong", default="3,pro", help="the opponents the made share is fitted on and held to")
    p.add_argument("--save", help="keep the rounds played in this file (pickle)")
    p.add_argument("--load", help="fit on rounds kept by --save instead of playing")
    args = p.parse_args(argv)
    opps = tuple(int(x) if x.isdigit() else x for x in args.opponents.split(","))
    args.strong = tuple(int(x) if x.isdigit() else x for x in args.strong.split(","))
    if args.load:
        with open(args.load, "rb") as f:
            rows = pickle.load(f)
    else:
        jobs = [(i, args.seed, opps) for i in range(args.deals)]
        if args.jobs > 1:
            with multiprocessing.Pool(args.jobs) as pool:
                parts = pool.map(deal_rows, jobs, chunksize=4)
        else:
            parts = [deal_rows(j) for j in jobs]
        rows = [r for part in parts for r in part]
    if args.save:
        with open(args.save, "wb") as f:
            pickle.dump(rows, f)
    print("%d rounds (%d deals x 3 seats x 3 bids x %d opponent kinds)"
          % (len(rows), len(rows) // (9 * len(opps)), len(opps)))
    strong = [r for r in rows if r[0] in args.strong]
    weights = {}
    chances = {}
    for b in BIDS:
        sel = [r for r in rows if r[2] == b]
        weights[b] = lstsq([r[3][r[1]] for r in sel], [value(r[4], r[1]) for r in sel])
        sel = [r for r in strong if r[2] == b]
        chances[b] = logistic([r[3][r[1]] for r in sel], [1.0 if r[5] else 0.0 for r in sel])
    # a Hunter's hand: its value in the rounds where the Chimera's hand would have bid that
    # (by the value model alone)
    hx, hy = [], []
    for r in rows:
        seat = r[1]
        if choose((weights, chances, [-400, 0, 0, 0, 0, 0, 0]), r[3][seat], -10 ** 9) != r[2]:
            continue
        for h in range(3):
            if h != seat:
                hx.append(r[3][h])
                hy.append(value(r[4], h))
    hunter = lstsq(hx, hy)
    model = (weights, chances, hunter)
    hands = {opp: hands_of(rows, opp) for opp in opps}
    odds = None
    for at in range(-2000, 3001, 25):
        ok = True
        for opp in args.strong:
            out = replay(hands[opp], model, at)
            made = sum(o[0] for o in out.values())
            n = sum(o[1] for o in out.values())
            ok = ok and n and made >= args.target * n
        if ok:
            odds = at
            break
    print("WEIGHTS = {")
    for b in BIDS:
        print("    %d: %s," % (b, tuple(weights[b])))
    print("}")
    print("CHANCES = {")
    for b in BIDS:
        print("    %d: %s," % (b, tuple(chances[b])))
    print("}")
    print("_HUNTER = const(%s)" % (tuple(hunter),))
    print("_ODDS = const(%s)  (least made-logit, thousandths, with bids made >= %.0f%% against each of %s)"
          % (odds, 100 * args.target, ",".join(str(o) for o in args.strong)))
    for opp in opps:
        out = replay(hands[opp], model, odds)
        line = ["against %-4s" % opp]
        for b in BIDS:
            m, n, sc = out[b]
            n1 = max(n, 1)
            line.append("%d: %d/%d made (%.0f%%), mean %+.1f" % (b, m, n, 100.0 * m / n1, sc / n1))
        print("  " + "; ".join(line))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
