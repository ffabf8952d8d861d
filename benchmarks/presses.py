"""make presses: how many key presses a player needs to enter each action of a dealt round,
on every board (issue 17, item 6).

Seeded dealt rounds of both games (Chimera 3 seats, Tichu 4; seat 0 a human, the others
level-3 bots without pause) are played at the simulated device (host_sim/dealt_play.py).
At every decision of the human the benchmark searches, breadth first over the board's
keys through the real UI from the position on the panel, for the fewest presses that
enter

  (a) the action the level-3 bot would take in the human's place, proposals off;
  (b) a uniformly random legal action, among the distinct ones (dealt_play.distinct:
      suits collapse; readings, bombs and wishes stay apart), proposals off;
  (c) the proposal, accepted: the level-3 action with the seat's proposals on, when the
      app has such a setting (dealt_play.proposals); "n/a" while it has none.

A press is one press of a button (a tap or a hold) or one detent of the encoder. An
entry ends when what the action brought up and waits for a key is closed (what the push
brought, in a message): those presses count to it. A decision starts once the position
stood still for dealt_play.READ_MS (the player reads it first). The round then goes on
with the action (a) (--continue random: with (b)), entered by the keys the search found,
so the next decision is reached as a player reaches it.

A search stops at --cap presses or after --budget positions: an action it did not reach
counts as its lower bound (every shorter key sequence was tried), printed as ">=N";
"never" when no key sequence enters it at all.
Figures: median, 90th percentile and maximum per action kind and board, and the presses
of a whole round (the human's actions (a)) per game and board."""

import argparse
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from host_sim import dealt_play as dp  # noqa: E402

BOARDS = ("picosystem", "pico_display_pack", "macropad", "badger2040")
GAMES = ("chimera", "tichu")
SHORT = {"picosystem": "PicoSystem", "pico_display_pack": "Display Pack", "macropad": "MacroPad",
         "badger2040": "Badger"}


NEVER = 1 << 30  # the count of an action no key sequence enters


class Count:
    """A press count: ``n`` presses exactly, or (``exact`` False) at least ``n``."""

    def __init__(self, n, exact=True):
        self.n = n
        self.exact = exact

    def __repr__(self):
        if self.n >= NEVER:
            return "never"
        return str(self.n) if self.exact else ">=%d" % self.n


def measured(result, goal):
    f = result.found.get(goal)
    if f is not None:
        return Count(f.presses)
    if result.exhausted:  # every position the keys reach was tried: not one entered it
        return Count(NEVER, False)
    return Count(result.tried + 1, False)  # every shorter sequence was tried


def play_round(board, game, seed, cap, budget, go_on="bot"):
    """One dealt round: a list of decisions, each {kind, bot, random, proposal, ...}."""
    rng = random.Random("%s %d" % (game, seed))
    out = []
    with dp.host_speed():
        dev = dp.start(board, game, seed)
        before = dev.app.book.rounds()
        while dp.next_decision(dev, before):
            d = dev.app.session.dealt
            st = d.state
            choices = dp.choices(d, dp.HUMAN)
            bot = dp.bot_choice(d, dp.HUMAN)
            kb = dp.distinct(d.name, st, bot)
            kr = rng.choice(sorted(choices, key=repr))

            def key(a, name=d.name, st=st):
                return dp.distinct(name, st, a)

            t = time.time()
            r = dp.search(dev, key, {kb, kr}, cap, budget)
            rec = {"kind_bot": dp.kind(d, bot), "bot": measured(r, kb), "nodes": r.nodes, "proposal": None,
                   "kind_random": dp.kind(d, choices[kr]), "random": measured(r, kr)}
            if dp.proposals(dev.app) is not None:
                dev2 = dp.thaw(dp.freeze(dev))
                dp.set_proposals(dev2.app, dp.HUMAN, True)
                dev2.advance(dp.WAIT_MS)  # a pass of the main loop: the proposal is made, and shown
                rp = dp.search(dev2, key, {kb}, cap, budget)
                rec["proposal"] = measured(rp, kb)
                rec["nodes"] += rp.nodes
                dp.use(dev)
            rec["seconds"] = time.time() - t
            out.append(rec)
            goal = kb if go_on == "bot" else kr
            f = r.found.get(goal)
            dp.forget_copies()
            if f is not None:
                dev = dp.use(f.dev)
            else:
                dp.enter_directly(dev, bot if go_on == "bot" else choices[kr])
    return out


def _task(args):
    board, game, seed, cap, budget, go_on = args
    return board, game, seed, play_round(board, game, seed, cap, budget, go_on)


def percentile(values, p):
    """The nearest-rank p-th percentile of Counts (a lower bound sorts after the exact
    count it bounds)."""
    s = sorted(values, key=lambda c: (c.n, not c.exact))
    k = max(0, min(len(s) - 1, -(-p * len(s) // 100) - 1))
    return s[k]


def figures(values):
    if not values:
        return "-"
    return "%r / %r / %r (%d)" % (percentile(values, 50), percentile(values, 90),
                                  max(values, key=lambda c: (c.n, not c.exact)), len(values))


def table(title, rows, boards, cell):
    print()
    print(title)
    w = 30
    print("| %-14s | " % "kind" + " | ".join("%-*s" % (w, SHORT.get(b, b)) for b in boards) + " |")
    print("|" + "-" * 16 + "|" + "|".join("-" * (w + 2) for _ in boards) + "|")
    for r in rows:
        print("| %-14s | " % r + " | ".join("%-*s" % (w, cell(r, b)) for b in boards) + " |")


def report(results, boards):
    # results: [(board, game, seed, [decision])]
    per = {}
    for board, _, _, decisions in results:
        for d in decisions:
            per.setdefault(("bot", d["kind_bot"], board), []).append(d["bot"])
            per.setdefault(("random", d["kind_random"], board), []).append(d["random"])
            if d["proposal"] is not None:
                per.setdefault(("proposal", d["kind_bot"], board), []).append(d["proposal"])
    kinds = [k for k in dp.KINDS if any(key[1] == k for key in per)]
    print("median / 90th percentile / max (decisions); >=N: not entered within the search's "
          "cap or budget, at least N")
    def cell(what):
        return lambda k, b: figures(per.get((what, k, b), []))

    table("(a) the level-3 choice, proposals off", kinds, boards, cell("bot"))
    table("(b) a random legal action (distinct), proposals off", kinds, boards, cell("random"))
    if any(key[0] == "proposal" for key in per):
        table("(c) accepting the proposal", kinds, boards, cell("proposal"))
    else:
        print()
        print("(c) accepting the proposal: n/a (the app has no proposals setting)")
    rounds = {}
    for board, game, _, decisions in results:
        total = min(NEVER, sum(d["bot"].n for d in decisions))
        exact = all(d["bot"].exact for d in decisions)
        rounds.setdefault((game, board), []).append(Count(total, exact))
    table("presses per whole round (the human's level-3 choices)", GAMES, boards,
          lambda g, b: figures(rounds.get((g, b), [])))


def main(argv):
    ap = argparse.ArgumentParser(prog="benchmarks/presses.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=30, help="rounds per game and board (default 30)")
    ap.add_argument("--seed", type=int, default=1, help="the first round's seed (round r: seed + r)")
    ap.add_argument("--board", action="append", choices=BOARDS, help="only this board (repeatable)")
    ap.add_argument("--game", action="append", choices=GAMES, help="only this game (repeatable)")
    ap.add_argument("--cap", type=int, default=12, help="most presses a search tries (default 12)")
    ap.add_argument("--budget", type=int, default=400, help="most positions a search visits (default 400)")
    ap.add_argument("--continue", dest="go_on", choices=("bot", "random"), default="bot",
                    help="which action the round goes on with (default: the level-3 choice)")
    ap.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    ap.add_argument("--save", metavar="FILE", help="also write every decision's counts to FILE (JSON)")
    ap.add_argument("--load", metavar="FILE", help="print the figures of a run saved with --save")
    args = ap.parse_args(argv)
    if args.load:
        with open(args.load) as f:
            results = [(b, g, seed, [_decoded(d) for d in ds]) for b, g, seed, ds in json.load(f)]
        report(results, [b for b in BOARDS if any(r[0] == b for r in results)])
        return 0
    boards = args.board or list(BOARDS)
    games = args.game or list(GAMES)
    tasks = [(b, g, args.seed + r, args.cap, args.budget, args.go_on)
             for g in games for b in boards for r in range(args.rounds)]
    t = time.time()
    if args.jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(args.jobs) as pool:
            results = list(pool.imap_unordered(_task, tasks))
    else:
        results = [_task(x) for x in tasks]
    decisions = sum(len(r[3]) for r in results)
    nodes = sum(d["nodes"] for r in results for d in r[3])
    print("%d rounds (%s; %s), %d decisions, %d positions searched, %.0f s; cap %d presses, budget %d "
          "positions a search" % (len(results), ", ".join(games), ", ".join(boards), decisions, nodes,
                                  time.time() - t, args.cap, args.budget))
    if args.save:
        with open(args.save, "w") as f:
            json.dump([(b, g, seed, [_encoded(d) for d in ds]) for b, g, seed, ds in results], f)
    report(results, boards)
    return 0


def _encoded(decision):
    return {k: [v.n, v.exact] if isinstance(v, Count) else v for k, v in decision.items()}


def _decoded(decision):
    return {k: Count(*v) if isinstance(v, list) else v for k, v in decision.items()}


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
