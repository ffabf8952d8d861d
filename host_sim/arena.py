"""`python -m host_sim arena chimera|tichu --bots A,B`: two bot levels against each other on
duplicate deals, so that the luck of the cards cancels.

Rounds: ``--deals N`` is N distinct deals (deal i from its own seed), each played once with
every assignment of the two bots to the sides: Tichu's two teams (A on team 0 and B on
team 1, then the other way round: 2 rounds a deal), Chimera's three seats (A,B,B / B,A,B /
B,B,A / A,A,B / A,B,A / B,A,A: 6 rounds a deal). A bot's score in a round is the mean
delta of the sides it holds; the A-B difference is averaged over a deal's assignments
first, so the confidence interval is over N paired per-deal differences.

Matches: ``--matches M`` matches to the limit, each from its own deal seed and replayed
with every assignment; a bot's win share of a match is the share of those replays its
side won (Chimera: the winning seat's bot). Chimera also prints each bot's wins in the
replays where it holds one seat alone against two of the other, the fair figure for "one
strong player against two weak ones".

Also printed: the calls (Tichu: Tichu and Grand Tichu made / called, made = the caller
went out first, T6.4; Chimera: the bids won as the Chimera, per bid, and how many it made,
C8) over every round played, and the time per bot decision on this PC. Rounds and matches
run in ``--jobs`` processes; every task is seeded on its own, so the figures do not depend
on the number of jobs. ``--trace DIR`` writes the record (CONTRACT 2) of every round and
match played.
"""

import math
import multiprocessing
import os
import sys
import time

from engine_core.bot_driver import LEVELS, Driver, bot_rng
from engine_core.prng import MASK64, Pcg32
from host_sim.sparring import PLAYERS, TITLES

NAMES = {0: "random", 1: "easy", 2: "normal", 3: "strong"}
NAMES.update(TITLES)
NEVER = 1 << 29  # the limit of a match that is played for one round only
GOLDEN = 0x9E3779B97F4A7C15
LETTERS = "AB"
# Two-sided 95% quantiles of Student's t for 1..30 degrees of freedom; 1.96 above.
T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
       2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
       2.052, 2.048, 2.045, 2.042)


class Game:
    """What the arena needs of a game: its engine modules, its sides (Tichu: the team of a
    seat; Chimera: the seat) and the round's call statistics."""

    def __init__(self, name):
        self.name = name
        self.game = __import__("engine_core.%s.game" % name, None, None, ["game"])
        self.record = __import__("engine_core.%s.record" % name, None, None, ["record"])
        self.seats = self.game.SEATS
        self.sides = 2 if name == "tichu" else self.seats
        self.default_limit = self.game.DEFAULT_LIMIT

    def side(self, seat):
        return seat % self.sides

    def assignments(self):
        """Every map side -> bot (0: A, 1: B) in which both bots play."""
        out = []
        for bits in range(1, (1 << self.sides) - 1):
            out.append(tuple(bits >> k & 1 for k in range(self.sides)))
        return sorted(out, key=lambda a: (a.count(0), a))  # A,B,B / B,A,B / B,B,A / A,A,B / ...

    def calls(self, state):
        """[(seat, what, made, score)] of a finished round: Tichu's calls (score None);
        Chimera's bid and the Chimera's score of the round."""
        if self.name == "tichu":
            first = state.out[0]
            kinds = {1: "tichu", 2: "grand"}
            return [(s, kinds[c], s == first, None) for s, c in enumerate(state.calls) if c]
        ch = state.chimera
        return [(ch, "bid %d" % state.bid, state.first_out == ch, state.match.rounds[-1][ch])]

    def style(self, state, kind, action, after, owner, counts, over):
        """Chimera: count into ``counts`` (key -> [A, B]) how each bot bids (every bidding
        turn: 20, 30, 40 or pass), the traps and attacks it plays (C6.2, C6.3), and its
        seat-rounds as the Chimera and as a Hunter, won or lost (C8)."""
        if self.name != "chimera":
            return
        seat = action[0]
        keys = []
        if kind == "bid":
            keys.append("turn pass" if action[1] == "pass" else "turn %d" % action[2])
        elif after.traps > state.traps:
            keys.append("trap")
        elif after.attack > state.attack:
            keys.append("attack")
        for k in keys:
            counts.setdefault(k, [0, 0])[owner[seat]] += 1
        if over:
            ch = after.chimera
            for s in range(self.seats):
                what = "chimera" if s == ch else "hunter"
                won = (after.first_out == ch) == (s == ch)
                for k in (what, what + " won") if won else (what,):
                    counts.setdefault(k, [0, 0])[owner[s]] += 1


class TimedDriver(Driver):
    """The driver, timing every bot question (by the bot that was asked)."""

    def __init__(self, game, levels, seed, owner, times):
        Driver.__init__(self, game, levels, seed)
        self.owner = owner  # seat -> 0 (A) or 1 (B)
        self.times = times  # bot -> list of seconds

    def decide(self, state, seat, step):
        t = time.perf_counter()
        level = self.levels[seat]
        if level in PLAYERS:  # a sparring partner (Chimera only)
            a = PLAYERS[level].decide(state, seat, bot_rng(self.seed, step, seat))
        else:
            a = Driver.decide(self, state, seat, step)
        self.times[self.owner[seat]].append(time.perf_counter() - t)
        return a


def bot_title(bot):
    """'level 3' for a level, the name for a sparring partner."""
    return bot if bot in PLAYERS else "level %d" % bot


def mix(*keys):
    """One 64-bit seed from several integers."""
    x = 0
    for k in keys:
        x = ((x ^ k) * GOLDEN + 1) & MASK64
    return x


def play(g, bots, assignment, seed, limit, times, trace=None, stats=None, style=None):
    """Play a match with ``bots`` = (level of A, level of B) placed by ``assignment`` (side
    -> bot), deals from ``seed``, to ``limit`` (NEVER: one round only). Returns the final
    state; appends each finished round's calls to ``stats``, counts the bots' style into
    the dict ``style`` (Game.style) and writes the record to the file ``trace``."""
    owner = [assignment[g.side(s)] for s in range(g.seats)]
    levels = [bots[o] for o in owner]
    game = g.game
    deals = Pcg32(seed)
    driver = TimedDriver(game, levels, mix(seed, 1 + sum(o << k for k, o in enumerate(owner))), owner, times)
    state = game.new_match(limit, dealer=0)
    writer = None
    if trace:
        writer = g.record.Writer(limit, seed=seed, players=["%s (%s)" % (LETTERS[o], bot_title(levels[s]))
                                                            for s, o in enumerate(owner)])
    step = 0
    while True:
        kind, due = game.decision(state)
        if kind == "over":
            break
        if kind == "deal":
            action = game.next_deal(state, deals)
        else:
            action = driver.action(state, step)
        after, events = game.apply(state, action)
        over = bool(events) and events[-1][0] in ("round_over", "match_over")
        if style is not None and kind != "deal":
            g.style(state, kind, action, after, owner, style, over)
        state = after
        step += 1
        if writer:
            writer.add(action, events)
        if over:
            if stats is not None:
                stats.extend((owner[s], what, made, score) for s, what, made, score in g.calls(state))
            if limit == NEVER:
                break
    if writer:
        _write(trace, writer.record)
    return state


def _write(path, record):
    import json

    with open(path, "w") as f:
        json.dump(record, f)
        f.write("\n")


def _trace_path(trace, what, index, g, assignment):
    if not trace:
        return None
    seats = "".join(LETTERS[assignment[g.side(s)]] for s in range(g.seats))
    return os.path.join(trace, "%s%05d_%s.json" % (what, index, seats))


def deal_task(job):
    """One deal with every assignment: per assignment the two bots' round scores."""
    _, name, bots, seed, index, trace = job
    g = Game(name)
    times = ([], [])
    stats = []
    style = {}
    scores = []
    for a in g.assignments():
        state = play(g, bots, a, mix(seed, 2, index), NEVER, times,
                     _trace_path(trace, "deal", index, g, a), stats, style)
        deltas = state.match.rounds[-1]
        scores.append(tuple(_mean([deltas[side] for side in range(g.sides) if a[side] == bot])
                            for bot in (0, 1)))
    return "deal", index, scores, stats, times, style


def match_task(job):
    """One match with one assignment: the winning bot."""
    _, name, bots, seed, index, a, limit, trace = job
    g = Game(name)
    times = ([], [])
    stats = []
    style = {}
    state = play(g, bots, a, mix(seed, 3, index), limit, times, _trace_path(trace, "match", index, g, a),
                 stats, style)
    return "match", index, a[g.side(state.match.winner)], stats, times, len(state.match.rounds), a, style


TASKS = {"deal": deal_task, "match": match_task}


def _run(job):
    return TASKS[job[0]](job)


def _mean(xs):
    return sum(xs) / len(xs)


def interval(xs):
    """(mean, half width of the 95% confidence interval) of independent samples ``xs``."""
    n = len(xs)
    m = _mean(xs)
    if n < 2:
        return m, float("inf")
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    t = T95[n - 2] if n - 1 <= len(T95) else 1.96
    return m, t * sd / math.sqrt(n)


def tasks(g, args):
    """The matches first: they are the long tasks, and the short deals fill the gaps."""
    for i in range(args.matches):
        for a in g.assignments():
            yield ("match", g.name, args.bots, args.seed, i, a, args.limit, args.trace)
    for i in range(args.deals):
        yield ("deal", g.name, args.bots, args.seed, i, args.trace)


def collect(g, args, results):
    """Everything the report needs from the tasks' results, in task order."""
    per_deal = {}
    wins = {}
    alone = ([], [])  # Chimera: per bot, 1 for each match it won alone against two of the other
    rounds_in_matches = 0
    stats = []
    times = ([], [])
    style = {}
    for r in results:
        if r[0] == "deal":
            per_deal[r[1]] = r[2]
        else:
            wins.setdefault(r[1], []).append(r[2])
            rounds_in_matches += r[5]
            for b in (0, 1):
                if len(r[6]) > 2 and r[6].count(b) == 1:
                    alone[b].append(1.0 if r[2] == b else 0.0)
        stats.extend(r[3])
        for b in (0, 1):
            times[b].extend(r[4][b])
        for k, n in r[-1].items():
            c = style.setdefault(k, [0, 0])
            c[0] += n[0]
            c[1] += n[1]
    deals = [per_deal[i] for i in sorted(per_deal)]
    return {"deals": deals, "wins": [wins[i] for i in sorted(wins)], "alone": alone, "stats": stats,
            "times": times, "style": style,
            "rounds": len(deals) * len(g.assignments()) + rounds_in_matches}


def _share(xs):
    m, h = interval(xs)
    return "%.1f%% +- %.1f" % (100 * m, 100 * h)


def report(g, args, data, seconds, say=print):
    bots = args.bots
    label = ["%s = %s (%s)" % (LETTERS[b], bot_title(bots[b]), NAMES[bots[b]]) for b in (0, 1)]
    say("arena %s: %s vs %s; seed %d" % (g.name, label[0], label[1], args.seed))
    n_a = len(g.assignments())
    deals = data["deals"]
    head = "  %-30s%22s%22s" % ("", "A (%s)" % NAMES[bots[0]], "B (%s)" % NAMES[bots[1]])
    say(head)
    if deals:
        say("  %d deals x %d seat assignments = %d rounds" % (len(deals), n_a, len(deals) * n_a))
        per_bot = [interval([_mean([sc[b] for sc in d]) for d in deals]) for b in (0, 1)]
        say("  %-30s%22s%22s" % ("score per round (95% CI)", _pm(*per_bot[0]), _pm(*per_bot[1])))
        diff = interval([_mean([sc[0] - sc[1] for sc in d]) for d in deals])
        say("  A - B per round: %s, 95%% CI [%.1f, %.1f] (paired over %d deals)"
            % (_pm(*diff), diff[0] - diff[1], diff[0] + diff[1], len(deals)))
    if data["wins"]:
        shares = [_mean([1.0 if w == 0 else 0.0 for w in ws]) for ws in data["wins"]]
        m, h = interval(shares)
        say("  %d matches to %d x %d seat assignments = %d matches"
            % (len(shares), args.limit, n_a, len(shares) * n_a))
        say("  %-30s%22s%22s" % ("match wins (95% CI)", "%.1f%% +- %.1f" % (100 * m, 100 * h),
                                 "%.1f%%" % (100 - 100 * m)))
        if data["alone"][0]:  # the figure that counts in Chimera: one seat against two
            say("  %-30s%22s%22s" % ("wins alone against two (95% CI)", _share(data["alone"][0]),
                                     _share(data["alone"][1])))
    kinds = _call_kinds(data["stats"])
    for what in kinds:
        say("  %-30s%22s%22s" % (_call_title(g, what), _made(data["stats"], 0, what),
                                 _made(data["stats"], 1, what)))
    if g.name == "chimera" and kinds:
        say("  %-30s%22s%22s" % ("as Chimera, every bid: made", _made(data["stats"], 0, None),
                                 _made(data["stats"], 1, None)))
        for what in kinds + [None]:
            say("  %-30s%22s%22s" % (_score_title(what), _mean_score(data["stats"], 0, what),
                                     _mean_score(data["stats"], 1, what)))
    if g.name == "chimera" and data["style"]:
        _say_style(data["style"], say)
    say("  %-30s%22s%22s" % ("ms per decision mean/med/max", _ms(data["times"][0]), _ms(data["times"][1])))
    decisions = len(data["times"][0]) + len(data["times"][1])
    say("  %d rounds, %d bot decisions in %.1f s on %d process%s: %.1f rounds/s, %.0f decisions/s"
        % (data["rounds"], decisions, seconds, args.jobs, "" if args.jobs == 1 else "es",
           data["rounds"] / seconds, decisions / seconds))


def _say_style(c, say):
    def n(k, b):
        return c.get(k, (0, 0))[b]

    bids = ("turn 20", "turn 30", "turn 40", "turn pass")

    def turns(b):
        total = sum(n(k, b) for k in bids) or 1
        return "/".join("%.0f" % (100.0 * n(k, b) / total) for k in bids)

    def share(k, of, b):
        return "%d/%d (%.0f%%)" % (n(k, b), n(of, b), 100.0 * n(k, b) / (n(of, b) or 1))

    seats = [n("chimera", b) + n("hunter", b) for b in (0, 1)]
    say("  %-30s%22s%22s" % ("bidding turns 20/30/40/pass %", turns(0), turns(1)))
    say("  %-30s%22s%22s" % ("seat-rounds as the Chimera", *["%d/%d (%.0f%%)" % (
        n("chimera", b), seats[b], 100.0 * n("chimera", b) / (seats[b] or 1)) for b in (0, 1)]))
    say("  %-30s%22s%22s" % ("Hunter seat-rounds won", share("hunter won", "hunter", 0),
                             share("hunter won", "hunter", 1)))
    say("  %-30s%22s%22s" % ("traps / attacks played", "%d / %d" % (n("trap", 0), n("attack", 0)),
                             "%d / %d" % (n("trap", 1), n("attack", 1))))


def _pm(m, h):
    return "%+.1f +- %.1f" % (m, h)


def _call_kinds(stats):
    return sorted({what for _, what, _, _ in stats}, key=lambda w: (len(w), w))


def _score_title(what):
    return "as Chimera%s: mean score" % (" with %s" % what[4:] if what else ", every bid")


def _mean_score(stats, bot, what):
    xs = [sc for b, w, _, sc in stats if b == bot and (what is None or w == what)]
    return _pm(*interval(xs)) if xs else "-"


def _call_title(g, what):
    if g.name == "tichu":
        return "%s calls made" % ("Tichu" if what == "tichu" else "Grand Tichu")
    return "as Chimera with %s: made" % what[4:]


def _made(stats, bot, what):
    made = [m for b, w, m, _ in stats if b == bot and (what is None or w == what)]
    if not made:
        return "-"
    return "%d/%d (%.0f%%)" % (sum(made), len(made), 100.0 * sum(made) / len(made))


def _ms(xs):
    if not xs:
        return "-"
    s = sorted(xs)
    return "%.2f/%.2f/%.1f" % (1000 * _mean(s), 1000 * s[len(s) // 2], 1000 * s[-1])


def parse_args(argv):
    from host_sim.cli import Parser, seed

    p = Parser(prog="python -m host_sim arena",
                                description="Two bot levels on duplicate deals (seat-rotated).")
    p.add_argument("game", choices=("chimera", "tichu"))
    p.add_argument("--bots", required=True, metavar="A,B",
                   help="the two levels, e.g. 3,1 (0 random, 1 easy, 2 normal, 3 strong); Chimera also "
                        "the sparring partners of host_sim/sparring (%s), e.g. 3,ref"
                        % ", ".join(sorted(PLAYERS)))
    p.add_argument("--deals", type=int, default=100,
                   help="distinct deals, each played with every seat assignment (default 100)")
    p.add_argument("--matches", type=int, default=10,
                   help="matches to the limit, each replayed with every seat assignment (default 10)")
    p.add_argument("--seed", type=seed, default=1,
                   help="seed of all deals and bots, 0 .. 2**64 - 1 (default 1)")
    p.add_argument("--limit", type=int, default=None, help="match limit (default: the game's)")
    p.add_argument("--trace", metavar="DIR", help="write every round's and match's record here")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: all cores)")
    args = p.parse_args(argv)
    bots = args.bots.split(",")
    args.bots = tuple(int(x) if x.isdigit() else x for x in bots)
    players = tuple(LEVELS) + (tuple(sorted(PLAYERS)) if args.game == "chimera" else ())
    if len(args.bots) != 2 or not all(b in players for b in args.bots):
        p.error("--bots takes two levels out of %s, e.g. 3,1%s" % (
            ",".join(str(x) for x in players), " or 3,ref" if args.game == "chimera" else ""))
    if args.deals < 0 or args.matches < 0 or args.deals + args.matches == 0:
        p.error("--deals and --matches are counts >= 0, and not both 0")
    if args.jobs < 1:
        p.error("--jobs must be at least 1")
    if args.limit is None:
        args.limit = Game(args.game).default_limit
    elif args.limit <= 0:
        p.error("--limit must be positive")
    if args.trace:
        try:
            os.makedirs(args.trace, exist_ok=True)
        except OSError as e:
            p.error("--trace %s: %s" % (args.trace, e.strerror or e))
        if not os.access(args.trace, os.W_OK):
            p.error("--trace %s: not writable" % args.trace)
    return args


def run(args, say=print):
    g = Game(args.game)
    start = time.perf_counter()
    jobs = list(tasks(g, args))
    if args.jobs == 1 or len(jobs) == 1:
        results = [_run(j) for j in jobs]
    else:
        with multiprocessing.Pool(min(args.jobs, len(jobs))) as pool:
            results = list(pool.imap(_run, jobs, chunksize=1))
    data = collect(g, args, results)
    report(g, args, data, time.perf_counter() - start, say)
    return data


def main(argv):
    args = parse_args(argv)
    run(args)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
