"""How often level 3 decides as the Monte Carlo player does (issue 29), per decision kind,
and what an mc decision costs on this PC.

    python benchmarks/mc_agreement.py [--rounds N] [--seed S] [--samples K] [--candidates C] [--regret]

Rounds of level 3 at every seat (the positions come from its play, and it carries every
round on); at every decision with more than one legal action both level 3 and mc
(host_sim/sparring/mc.py) choose, and they agree when they choose the same action up to
the cards' families (bids: the same bid or both pass; gives and plays: the same values
and Pi Ya reading). Kinds: bid (C3), give (C4.2), lead, follow (a trick on the table:
the exact play or pass), pass-or-play (the same follow positions: whether both pass or
both play, whatever the play). Printed per kind: positions, agreement with its 95%
interval, mc's candidates (worlds x candidates = rollouts) and time (median / p90); and
the bidding turns at pass / 20 / 30 / 40 of both players at the same positions. With
--regret, per situation (the decision, the seat's role, whose trick) how much of mc's value
level 3's choices give away: issue 29 found its changes there.
"""

import argparse
import math
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from engine_core.chimera import bot, game  # noqa: E402
from engine_core.prng import Pcg32  # noqa: E402
from host_sim.arena import NEVER, mix  # noqa: E402
from host_sim.sparring import mc  # noqa: E402

KINDS = ("bid", "give", "lead", "follow", "pass-or-play")


def same(a, b):
    """Two actions of one seat alike up to the cards' families."""
    if a[1] != b[1]:
        return False
    if a[1] in ("give", "play"):
        return mc._values(a[2]) == mc._values(b[2]) and a[3:] == b[3:]
    return a == b


def rows(rounds, seed, samples, candidates):
    """One (kind, agree, mc candidates, seconds, l3 action, mc action, situation, regret)
    per decision: the situation is where and who (situation()); the regret is mc's mean
    value of its choice less that of level 3's (level 3's choice is always one of mc's
    candidates), biased up by the noise of 32 worlds but comparable between situations."""
    out = []
    for i in range(rounds):
        deals = Pcg32(mix(seed, 1, i))
        st = game.new_match(NEVER, dealer=i % 3)
        step = 0
        while True:
            kind, due = game.decision(st)
            if kind == game.DEAL:
                if st.match.rounds:
                    break
                st = game.apply(st, game.next_deal(st, deals))[0]
                continue
            if kind == game.OVER:
                break
            seat = due[0]
            step += 1
            a3 = bot.decide(st, seat, 3, Pcg32(0))
            if len(game.legal_actions(st, seat)) > 1:
                t = time.perf_counter()
                am, cands, vals = mc.choose(st, seat, Pcg32(mix(seed, 2, i, step)), samples, candidates)
                dt = time.perf_counter() - t
                mine = [vals[j] for j in range(len(cands)) if same(cands[j], a3)]
                regret = max(vals) - mine[0] if mine else 0.0
                where = situation(st, seat, kind)
                if kind == game.PLAY:
                    kind = "lead" if st.top is None else "follow"
                out.append((kind, same(a3, am), len(cands), dt, a3, am, where, regret))
                if kind == "follow":
                    out.append(("pass-or-play", (a3[1] == "pass") == (am[1] == "pass"), len(cands), dt,
                                a3, am, where, regret))
            st = game.apply(st, a3)[0]
    return out


def situation(st, seat, kind):
    """'bid', or the decision and the seat's role: the Chimera (CH), the Hunter after it
    (H1) or before it (H2); a follow says whose trick it is."""
    if kind == game.BID:
        return "bid"
    ch = st.chimera
    role = "CH" if seat == ch else ("H1" if seat == (ch + 1) % 3 else "H2")
    if kind != game.PLAY:
        return "%s %s" % (kind, role)
    if st.top is None:
        return "lead " + role
    whose = "the Chimera's" if st.top_seat == ch else ("a Hunter's" if seat == ch else "the partner's")
    return "follow %s on %s" % (role, whose)


def regrets(data):
    """Where level 3 gives away most of mc's value: per situation, decisions, mean regret
    and share of the total."""
    every = [r for r in data if r[0] != "pass-or-play"]
    total = sum(r[7] for r in every) or 1.0
    print("  where level 3 loses most to mc (regret: mc's value of its choice less level 3's):")
    per = {}
    for r in every:
        n = per.setdefault(r[6], [0, 0.0])
        n[0] += 1
        n[1] += r[7]
    for where, (n, reg) in sorted(per.items(), key=lambda x: -x[1][1]):
        print("  %-34s %5d decisions, mean %5.1f, %3.0f%% of the regret"
              % (where, n, reg / n, 100 * reg / total))


def share(xs):
    """Percent and the half width of its 95% interval (normal approximation)."""
    n = len(xs)
    p = sum(xs) / n
    return 100 * p, 196 * math.sqrt(p * (1 - p) / n)


def ms(xs, q):
    s = sorted(xs)
    return 1000 * s[min(len(s) - 1, int(q * len(s)))]


def report(data, args, seconds):
    print("mc against level 3: %d rounds of level 3 self-play, seed %d; mc: %d worlds, at most %d "
          "candidates, rollouts by level %d" % (args.rounds, args.seed, args.samples, args.candidates,
                                                mc.ROLLOUT))
    print("  %-13s %9s %16s %11s %9s %8s %8s" % ("kind", "positions", "agree (95% CI)", "candidates",
                                                 "rollouts", "ms med", "ms p90"))
    every = [r for r in data if r[0] != "pass-or-play"]
    for kind in KINDS + ("all",):
        rs = every if kind == "all" else [r for r in data if r[0] == kind]
        if not rs:
            continue
        p, h = share([1.0 if r[1] else 0.0 for r in rs])
        cands = sum(r[2] for r in rs) / len(rs)
        times = [r[3] for r in rs]
        print("  %-13s %9d %9.1f%% +- %4.1f %11.1f %9.0f %8.0f %8.0f"
              % (kind, len(rs), p, h, cands, cands * args.samples, ms(times, 0.5), ms(times, 0.9)))
    bids = [r for r in data if r[0] == "bid"]
    if bids:
        for who, col in (("level 3", 4), ("mc", 5)):
            n = [0, 0, 0, 0]
            for r in bids:
                a = r[col]
                n[0 if a[1] == "pass" else a[2] // 10 - 1] += 1
            print("  bidding turns, %-7s pass / 20 / 30 / 40: %s" % (
                who, " / ".join("%.0f%%" % (100.0 * k / len(bids)) for k in n)))
    if args.regret:
        regrets(data)
    print("  %d decisions weighed in %.0f s" % (len(every), seconds))


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--rounds", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--samples", type=int, default=mc.SAMPLES)
    p.add_argument("--candidates", type=int, default=mc.CANDIDATES)
    p.add_argument("--regret", action="store_true", help="also where level 3 gives away most of mc's value")
    args = p.parse_args(argv)
    t = time.perf_counter()
    data = rows(args.rounds, args.seed, args.samples, args.candidates)
    report(data, args, time.perf_counter() - t)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
