"""What the terminal tables (`python -m host_sim play <game>`) share: arguments, seats,
the record file rewritten after every action, the commands a human may type at any
prompt, and typed cards without a family."""

import argparse
import json
import os
import time

from engine_core.errors import Refused
from engine_core.prng import Pcg32

BOT_STREAM = 99  # bots draw from their own PRNG stream, deals from the default one


def parse_args(argv, name, seats, description, limit, limit_help):
    """The table's arguments; ``seats`` 1.. are bots by default."""
    every = [str(s) for s in range(seats)]
    default = ",".join(every[1:])
    p = argparse.ArgumentParser(prog="python -m host_sim play " + name, description=description)
    p.add_argument("--seed", type=int, default=None, help="deal seed (default: random)")
    p.add_argument("--bots", default=default,
                   help="seats played by random-legal bots, e.g. %s (default), %s or '' for none"
                   % (default, ",".join(every)))
    p.add_argument("--record", metavar="FILE", help="write the game record (JSON) here")
    p.add_argument("--limit", type=int, default=limit, help=limit_help)
    args = p.parse_args(argv)
    try:
        args.bots = {int(x) for x in args.bots.split(",") if x.strip()}
    except ValueError:
        p.error("--bots takes seat numbers separated by commas")
    if not args.bots <= set(range(seats)):
        p.error("seats are %s and %s" % (", ".join(every[:-1]), every[-1]))
    if args.limit <= 0:
        p.error("the limit must be positive")
    if args.seed is None:
        args.seed = int.from_bytes(os.urandom(4), "big")
    return args


def held_cards(codes, hand, value_tokens):
    """Cards typed without a family stand for any held card of that value."""
    out = []
    for c in codes:
        if c in hand or c & 7 != 4:
            out.append(c)
            continue
        free = [h for h in hand if h >> 3 == c >> 3 and h not in out]
        if not free:
            raise Refused("you hold no (more) %s" % value_tokens[c >> 3])
        out.append(free[0])
    return tuple(out)


class TableBase:
    """A match at the terminal: a game's Table sets GAME and RECORD (its engine modules),
    SEATS, HELP and TOTALS_NOTE (said before the limit under the totals)."""

    TOTALS_NOTE = ""

    def __init__(self, args, read=input, write=print):
        self.args = args
        self.read = read
        self.say = write
        self.deals = Pcg32(args.seed)
        self.bot_rng = Pcg32(args.seed, BOT_STREAM)
        self.state = self.GAME.new_match(args.limit, dealer=0)
        self.writer = self.RECORD.Writer(args.limit, seed=args.seed,
                                         players=[self.name(s) for s in range(self.SEATS)],
                                         started=time.strftime("%Y-%m-%dT%H:%M:%S"))

    def name(self, seat):
        return "seat %d (%s)" % (seat, "bot" if seat in self.args.bots else "you")

    def stopped(self):
        self.say("Stopped.%s" % (" Record: %s" % self.args.record if self.args.record else ""))
        return 0

    def write_record(self, action, events):
        """Add the applied action; rewrite the file, so an interrupted match still replays."""
        self.writer.add(action, events)
        if self.args.record:
            with open(self.args.record, "w") as f:
                json.dump(self.writer.record, f)
                f.write("\n")

    def typed(self, prompt, optional=False):
        """The next line a human types that is no table command (help, scores); "quit"
        for q or the end of input; None for an empty line when ``optional``."""
        while True:
            try:
                line = self.read(prompt).strip()
            except EOFError:
                return "quit"
            if line in ("q", "quit"):
                return "quit"
            if optional and not line:
                return None
            if line in ("h", "help", "?"):
                self.say(self.HELP)
                continue
            if line == "s":
                self.scores()
                continue
            return line

    def scores(self):
        m = self.state.match
        for i, r in enumerate(m.rounds):
            self.say("  round %d: %s" % (i + 1, " ".join("%5d" % d for d in r)))
        totals = " ".join("%5d" % t for t in m.totals)
        self.say("  totals:   %s (%slimit %d)" % (totals, self.TOTALS_NOTE, m.limit))
