"""What the terminal tables (`python -m host_sim play <game>`) share: arguments, player
names, the record file rewritten after every action, the commands a human may type at
any prompt, picking a list entry (``#N``), typed cards without a family, and leaving the
table (q, end of input, Ctrl-C) with one line and no traceback."""

import json
import os
import time

from engine_core.bot_driver import LEVELS, Driver
from engine_core.errors import Refused
from engine_core.prng import Pcg32

# The bots' level when --level is not given: normal is the level meant for people trying
# the rules (easy makes plain mistakes, strong takes the longest to decide on a board).
DEFAULT_LEVEL = 2
LEVEL_NAMES = ("random", "easy", "normal", "strong")
NAMES = ("Anna", "Ben", "Carla", "David")  # --names default, seat by seat
CTRL_C = 130  # the shell's status for a program stopped by SIGINT (128 + 2)
TABLE_COMMANDS = "h: this help | s: scores | q: quit"  # then what quitting keeps (TableBase.keeps)


class Stop(Exception):
    """Leave the table: ``status`` 0 (q, end of input) or CTRL_C; ``fresh_line`` when the
    cursor may still stand after a prompt."""

    def __init__(self, status, fresh_line=True):
        Exception.__init__(self, status)
        self.status = status
        self.fresh_line = fresh_line


def parse_args(argv, name, seats, description, limit, limit_help):
    """The table's arguments; ``seats`` 1.. are bots by default."""
    every = [str(s) for s in range(seats)]
    default = ",".join(every[1:])
    from host_sim.cli import Parser, new_file_problem, seed

    p = Parser(prog="python -m host_sim play " + name, description=description)
    p.add_argument("--seed", type=seed, default=None, help="deal seed, 0 .. 2**64 - 1 (default: random)")
    p.add_argument("--bots", default=default,
                   help="seats played by bots, e.g. %s (default), %s or '' for none"
                   % (default, ",".join(every)))
    p.add_argument("--level", type=int, default=DEFAULT_LEVEL, choices=LEVELS,
                   help="the bots' level: 1 easy, 2 normal (default), 3 strong; 0 random legal moves")
    p.add_argument("--names", default=",".join(NAMES[:seats]),
                   help="the players' names, seat 0 first, separated by commas (default: %s)"
                   % ",".join(NAMES[:seats]))
    p.add_argument("--record", metavar="FILE", help="write the game record (JSON) into this new file "
                   "(an existing file is never written over)")
    p.add_argument("--limit", type=int, default=limit, help=limit_help)
    args = p.parse_args(argv)
    try:
        args.bots = {int(x) for x in args.bots.split(",") if x.strip()}
    except ValueError:
        p.error("--bots takes seat numbers separated by commas")
    if not args.bots <= set(range(seats)):
        p.error("seats are %s and %s" % (", ".join(every[:-1]), every[-1]))
    args.names = [x.strip() for x in args.names.split(",")]
    if len(args.names) != seats or not all(args.names):
        p.error("--names takes %d names separated by commas, seat 0 first" % seats)
    if len({x.lower() for x in args.names}) != seats:
        p.error("--names: every player needs a name of their own")
    if any(x.startswith("#") or x.isdigit() for x in args.names):
        p.error("--names: a name may not be a number or start with #")
    if args.limit <= 0:
        p.error("the limit must be positive")
    problem = args.record is not None and new_file_problem(args.record, replace=False)
    if problem:
        p.error("--record %s: %s" % (args.record, problem))
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


def words_of(line):
    """Typed words; commas, '=' and ':' separate like spaces (7j, 7s / as=8 / wish:9)."""
    for sep in ",=:":
        line = line.replace(sep, " ")
    return line.split()


def entry(line, listed):
    """The list entry ``#N`` names (None when ``line`` is no ``#N``)."""
    if not line.startswith("#"):
        return None
    n = line[1:].strip()
    if not n.isdigit() or not 1 <= int(n) <= len(listed):
        raise Refused("there is no entry %s: the list has #1 to #%d" % (line, len(listed))
                      if listed else "there is no list to pick from now")
    return listed[int(n) - 1]


def entries_text(listed, text, per_line):
    """The lines that show the list entries ``#1 pass  #2 play 3 ...``."""
    items = ["#%d %s" % (i + 1, text(a)) for i, a in enumerate(listed)]
    return ["  " + "  ".join(items[i:i + per_line]) for i in range(0, len(items), per_line)]


def explained(reason, line, listed):
    """A refusal's reason; a bare number that is also an entry of the list gets the
    reminder that bare numbers are cards (the list is picked with #N)."""
    text = str(reason)
    word = line.strip()
    if word.isdigit() and 1 <= int(word) <= len(listed):
        text += " (a bare number is a card; to pick entry %s of the list type #%s)" % (word, word)
    return text


class TableBase:
    """A match at the terminal: a game's Table sets GAME and RECORD (its engine modules),
    SEATS, HELP, HINT (the one-line card notation said the first time a player is asked
    for cards) and defines loop() (the match; run() wraps it)."""

    HINT = ""

    def __init__(self, args, read=input, write=print):
        self.args = args
        self.read = read
        self.say = write
        self.deals = Pcg32(args.seed)
        # The bots, through the one driver the arena and the device use too; their random
        # numbers come from the seed and the count of actions applied (bot_driver.bot_rng).
        self.driver = Driver(self.GAME, [args.level if s in args.bots else None for s in range(self.SEATS)],
                             args.seed)
        self.steps = 0  # actions applied so far
        self.state = self.GAME.new_match(args.limit, dealer=0)
        self.hinted = set()  # the seats that have seen HINT
        self.at_seat = None  # the seat whose prompt is open (for commands like "bombs off")
        self.writer = self.RECORD.Writer(args.limit, seed=args.seed, players=list(args.names),
                                         started=time.strftime("%Y-%m-%dT%H:%M:%S"))
        if args.record:  # the file is made now, before anyone plays, and only if it is new
            with open(args.record, "x") as f:
                json.dump(self.writer.record, f)
                f.write("\n")

    # ------------------------------------------------------------------ names
    def name(self, seat):
        return self.args.names[seat]

    def tag(self, seat):
        """The name with the seat number, for the places a record reader looks for it."""
        return "%s [%d]" % (self.name(seat), seat)

    def players_text(self):
        text = ", ".join("%s (%s)" % (self.tag(s), "bot" if s in self.args.bots else "you")
                         for s in range(self.SEATS))
        if self.args.bots:
            text += "; the bots play at level %d (%s)" % (self.args.level, LEVEL_NAMES[self.args.level])
        return text

    # ------------------------------------------------------------------ running
    def run(self):
        """Play the match; the exit status. q and the end of input stop with 0, Ctrl-C
        with 130, each with one line saying where the record is, never a traceback."""
        try:
            return self.loop()
        except Stop as e:
            return self.stopped(e)
        except KeyboardInterrupt:
            return self.stopped(Stop(CTRL_C))

    def keeps(self):
        """What quitting keeps: the help says it, and quitting says it again."""
        if self.args.record:
            return "the record so far is in %s" % self.args.record
        return "no record kept: --record FILE keeps one"

    def help_text(self):
        return "%s (%s)" % (self.HELP, self.keeps())

    def named(self, text):
        """An engine message with the players' names where it says "seat N"."""
        for s in range(self.SEATS):
            text = text.replace("seat %d" % s, self.name(s))
        return text

    def stopped(self, stop):
        text = "stopped; " + self.keeps() if self.args.record else "stopped (%s)" % self.keeps()
        self.say(("\n" if stop.fresh_line else "") + text)
        return stop.status

    def write_record(self, action, events):
        """Add the applied action (and count it); rewrite the file, so an interrupted match
        still replays. The file is replaced whole, so a Ctrl-C while writing never leaves
        half a record."""
        self.steps += 1
        self.writer.add(action, events)
        if self.args.record:
            part = self.args.record + ".part"
            with open(part, "w") as f:
                json.dump(self.writer.record, f)
                f.write("\n")
                f.flush()
                os.fsync(f.fileno())
            os.replace(part, self.args.record)

    # ------------------------------------------------------------------ typing
    def ask(self, prompt):
        """One typed line; the end of input stops the table (Ctrl-C does, via run)."""
        try:
            return self.read(prompt).strip()
        except EOFError:
            raise Stop(0) from None

    def typed(self, prompt, optional=False):
        """The next line a human types that is no table command (help, scores, quit, and
        the game's own, see command()); None for an empty line when ``optional``."""
        while True:
            line = self.ask(prompt)
            if line in ("q", "quit"):
                raise Stop(0, fresh_line=False)
            if optional and not line:
                return None
            if line in ("h", "help", "?"):
                self.say(self.help_text())
                continue
            if line in ("s", "scores"):
                self.scores()
                continue
            if line and self.command(line):
                continue
            return line

    def command(self, line):
        """A game's own table command; True when ``line`` was one (and was done)."""
        return False

    def hint(self, seat):
        """The card notation, once per seat, the first time it is asked for cards."""
        if seat not in self.hinted:
            self.hinted.add(seat)
            self.say("  " + self.HINT)

    # ------------------------------------------------------------------ scores
    def columns(self):
        """The score columns' headings (per seat; Tichu: per team)."""
        return [self.name(s) for s in range(self.SEATS)]

    def scores(self):
        m = self.state.match
        heads = self.columns()
        widths = [max(6, len(h) + 1) for h in heads]

        def row(label, values):
            return "  %-10s%s" % (label, "".join("%*s" % (w, v) for w, v in zip(widths, values, strict=True)))

        self.say(row("", heads))
        for i, r in enumerate(m.rounds):
            self.say(row("round %d:" % (i + 1), ["%d" % d for d in r]))
        self.say(row("totals:", ["%d" % t for t in m.totals]) + "  (limit %d)" % m.limit)
