"""What each kind of engine step costs on the board: instructions counted by valgrind's
callgrind on CircuitPython's RP2040-like interpreter, turned into RP2040 time, and the
heap each step needs.

    python benchmarks/cost.py [--positions N] [--games chimera,tichu] [--levels 0,1,2,3]
                              [--seed S] [--no-heap] [--lang L]          (make cost)

Needs ../shared/tools (circuitpython-rp2040 and mpy-cross, see ../shared/tools/BUILD.md)
and valgrind; without them it says so and stops with status 0.

Method:
- engine_core is compiled by the tools' mpy-cross exactly as `make deploy MPY_CROSS=` ships
  it (host_sim/deploy.py) and imported from MICROPYPATH as .mpy files.
- Positions: N per game, taken from random-play rounds of seeded deals (level 0 through the
  bot driver), spread over the phases; in Tichu also seats asked out of turn (a bomb or a
  Tichu call possible, label "oot"). Each is saved with state.to_list() and one legal
  action of its seat.
- Steps: the legal list (legal_actions), apply, in Tichu the driver's scan for out-of-turn
  chances (tichu_seats + bomb_seats, before any bot is asked), importing the game's bot
  modules anew (the device drops them while a seat's cards are up: the table's first
  question after a human's turn pays this), and a decision per level (the driver's decide:
  bot_rng, then the bot).
- Instructions: one callgrind run per game (benchmarks/cost_device.py count) measures every
  step: the device script brackets each step with calls of pow(a, b, m), which neither the
  engine, the app nor the interpreter calls, and callgrind's --dump-before=<its address> writes one
  cost part per interval (checked: as many parts as brackets). The interpreter is stripped,
  so the address is found first (marker_address). The brackets' own cost (an empty step,
  "noop") is subtracted. Every step runs once unmeasured first, so the modules imported on
  first use are loaded, as they stay on a board. Before each step the heap is collected and
  70 KB of ballast stands in for the app, so a step pays the collections its garbage causes
  on a board.
- The hand screen (dealer mode), on the largest and the smallest panel (picosystem 240x240,
  macropad 128x64), firmware/ and boards/ compiled likewise, the board's C modules stood in
  for by benchmarks/device_stubs.py: "draw" draws the hand of the position's seat for a
  position just reached (its legal list, items, reading, status), "press" is one press of
  RIGHT on it through app.step (the next legal play selected, checked and drawn). Not
  counted: the panel's own refresh (native code on the board). --lang 1: the hand screen in
  German (its texts read from firmware/texts.tsv as asked, firmware/texts.py).
- RP2040 time: instructions x 2.5 cycles / 125 MHz (2.5 Cortex-M0+ cycles per x86
  instruction of the interpreter is a rough factor: a guide, not a measurement).
- Heap: natively (no valgrind), the least free heap in KB above the loaded position in
  which the step completes, found by bisection with ballast (cost_device.py heap); a step
  must fit in BUDGET_KB.
"""

import argparse
import glob
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from benchmarks.cp_app import INTERP, compile_app, tools_missing  # noqa: E402 - needs ROOT on the path

DEVICE = os.path.join(ROOT, "benchmarks", "cost_device.py")
HEAP = "171K"  # the board's heap (BUILD.md: -X heapsize mimics a board)
BUDGET_KB = 24  # what a decision may hold on the board
HEAP_MAX_KB = 64  # cost_device.HEAP_MAX_KB: the heap bisection's top
APP_KB = 70  # cost_device.APP_HEAP: ballast for the app during the counts
CYCLES_PER_INSTR = 2.5
HZ = 125e6
# The steps of each game (then a decision per level, then the hand screen's draw and press
# on the largest and the smallest panel: cost_device.step_for).
STEP_KINDS = {"chimera": ("legal", "apply", "botload"), "tichu": ("legal", "apply", "scan", "botload")}
HAND_BOARDS = ("picosystem", "macropad")  # 240x240 and 128x64
SCREEN_KINDS = tuple("%s@%s" % (what, b) for what in ("draw", "press") for b in HAND_BOARDS)
SCREEN_HEAP = "400K"  # room for an app per board and the positions; the ballast leaves free what
# a 171 KB board would beside one app (cost_device.py BOARD_HEAP)
TITLES = {"legal": "legal_actions", "apply": "apply", "scan": "driver scan", "botload": "import bots"}


def ms(instructions):
    return instructions * CYCLES_PER_INSTR / HZ * 1000


def missing():
    """What is missing to run, or None."""
    why = tools_missing()
    if why is None and shutil.which("valgrind") is None:
        why = "valgrind is not installed (apt-get install valgrind)"
    return why


# ----------------------------------------------------------------------------- positions

def positions(name, n, seed):
    """``n`` (state, seat, action, step, label) from random rounds, spread over the labels."""
    from engine_core.bot_driver import Driver, random_action
    from engine_core.prng import Pcg32

    game = __import__("engine_core.%s.game" % name, None, None, ["game"])
    found = {}
    rounds = 0
    while rounds < max(4, n // 4):
        deals = Pcg32(seed + rounds)
        driver = Driver(game, [0] * game.SEATS, seed + rounds, bot=None)
        state = game.new_match(1 << 29, dealer=0)
        step = 0
        while True:
            kind, due = game.decision(state)
            if kind == "deal":
                action = game.next_deal(state, deals)
            else:
                for seat, label in _askable(game, state, kind, due):
                    a = random_action(game, state, seat, Pcg32(step)) or game.legal_actions(state, seat)[0]
                    found.setdefault(label, []).append((state, seat, a, step, label))
                action = driver.action(state, step)
            state, events = game.apply(state, action)
            step += 1
            if any(e[0] == "round_over" for e in events):
                break
        rounds += 1
    return _spread(found, n)


def _askable(game, state, kind, due):
    out = [(s, kind) for s in due]
    if hasattr(game, "bomb_seats"):
        chances = game.tichu_seats(state) + (game.bomb_seats(state) if kind in ("play", "gift") else ())
        out += [(s, "oot") for s in sorted(set(chances)) if s not in due]
    return out


def _spread(found, n):
    """``n`` positions dealt round robin over the labels, evenly spaced within each."""
    labels = sorted(found)
    per = dict.fromkeys(labels, 0)
    k = 0
    while sum(per.values()) < n and any(per[x] < len(found[x]) for x in labels):
        x = labels[k % len(labels)]
        k += 1
        if per[x] < len(found[x]):
            per[x] += 1
    out = []
    for x in labels:
        items = found[x]
        out += [items[i * len(items) // per[x]] for i in range(per[x])]
    return out


def write_positions(path, name, items):
    with open(path, "w") as f:
        for state, seat, action, step, label in items:
            f.write(json.dumps({"g": name, "s": state.to_list(), "seat": seat, "a": action, "k": step,
                                "t": label}) + "\n")


# ----------------------------------------------------------------------------- running

def device(env, mode, pos, kinds, valgrind=(), heap=HEAP, lang=0):
    cmd = list(valgrind) + [INTERP, "-X", "heapsize=" + heap, DEVICE, mode, pos, ",".join(kinds), str(lang)]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit("cost: the device script failed:\n%s%s" % (done.stdout[-2000:], done.stderr[-3000:]))
    return [line.split() for line in done.stdout.splitlines() if line.strip()]


def callgrind(out, *extra):
    return ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, "--dump-instr=no",
            "--compress-strings=no", "--compress-pos=no"] + list(extra)


MARKER_SCRIPT = """import gc, sys
from engine_core.bot_driver import Driver
from engine_core.tichu import game
from engine_core.prng import Pcg32
s = game.new_match(1000, dealer=0)
s = game.apply(s, game.next_deal(s, Pcg32(3)))[0]
d = Driver(game, [0] * 4, 5, bot=None)
for i in range(60):
    if i < int(sys.argv[1]):
        pow(7, 3, 5)
    f = (i + 0.5) // 1.5 + (i + 0.5) % 1.5 + int(i * 2.6 + 0.5)  # what else float // and % call
    a = d.action(s, i)
    s = game.apply(s, a)[0]
    id(s), hash(a), len(str(a)), gc.mem_free()
"""


def marker_address(tmp, env):
    """An address callgrind names a C function of the builtin pow(a, b, m) by in the stripped
    interpreter: a function that runs exactly 37 times in a script that calls pow 37 times
    among 60 engine steps, float // and % and other builtins, and 53 times for 53 among the
    same steps. (Not divmod: the app's screens call // and %, which share its C functions. Not
    every builtin will do: a C function reached by a tail call is no function to callgrind,
    and some, like id(), run inside the interpreter too.)"""
    script = os.path.join(tmp, "marker.py")
    with open(script, "w") as f:
        f.write(MARKER_SCRIPT)
    counts = []
    for n in (37, 53):
        out = os.path.join(tmp, "marker%d.out" % n)
        subprocess.run(callgrind(out) + [INTERP, "-X", "heapsize=" + HEAP, script, str(n)], env=env,
                       capture_output=True, check=True)
        counts.append(_calls(out))
    found = [fn for fn in counts[0] if counts[0][fn] == 37 and counts[1].get(fn) == 53]
    if not found:
        raise SystemExit("cost: cannot find pow() of three in the interpreter")
    return sorted(found)[0]  # any: each runs for pow(a, b, m) alone (count() checks the parts)


def _calls(path):
    calls = {}
    fn = None
    with open(path) as f:
        for line in f:
            if line.startswith("cfn="):
                fn = line[4:].strip()
            elif line.startswith("calls="):
                calls[fn] = calls.get(fn, 0) + int(line[6:].split()[0])
    return calls


def parts(prefix):
    """{part number: instructions} of a callgrind run with dumps."""
    out = {}
    for path in glob.glob(prefix + "*"):
        part = total = None
        with open(path) as f:
            for line in f:
                if line.startswith("part:"):
                    part = int(line.split()[1])
                elif line.startswith("summary:"):
                    total = int(line.split()[1])
                    break
        if part is not None and total is not None:
            out[part] = total
    return out


def count(tmp, env, mark, name, pos, kinds, heap=HEAP, lang=0):
    """[(kind, label, instructions, completed)], the brackets' cost taken off; a step that
    ran out of heap beside the app's ballast did not complete."""
    prefix = os.path.join(tmp, "cg_%s_%s" % (name, heap))
    labels = device(env, "count", pos, ("noop",) + kinds, callgrind(prefix, "--dump-before=" + mark), heap,
                    lang)
    cost = parts(prefix)
    if len(cost) != 1 + 2 * len(labels):
        raise SystemExit("cost: %d cost parts for %d steps: the marker ran elsewhere too"
                         % (len(cost), len(labels)))
    # Part 1 is the start; then each step is the interval between its two marks: part 2i.
    steps = [(kind, label, cost[2 * i + 2], done) for i, (kind, label, done) in enumerate(labels)]
    noop = statistics.median([c for kind, _, c, _ in steps if kind == "noop"])
    return [(kind, label, c - noop, done == "ok") for kind, label, c, done in steps if kind != "noop"]


# ----------------------------------------------------------------------------- the table

def table(rows, say=print):
    say("%-8s %-16s %4s %10s %10s  %-7s %8s %8s  %s"
        % ("game", "step", "n", "median ms", "worst ms", "worst @", "heap med", "heap max",
           "<= %d KB" % BUDGET_KB))
    failed = []
    for game, title, measured, heaps in rows:
        done = [(label, c) for label, c, ok in measured if ok]
        worst = max(done, key=lambda x: x[1]) if done else ("-", 0)
        line = "%-8s %-16s %4d %10.2f %10.2f  %-7s" % (game, title, len(measured),
                                                       ms(statistics.median([c for _, c in done] or [0])),
                                                       ms(worst[1]), worst[0])
        if heaps:
            kb = [k for _, k in heaps]
            over = [label for label, k in heaps if k > BUDGET_KB]
            top = max(kb) if max(kb) <= HEAP_MAX_KB else ">%d" % HEAP_MAX_KB
            fit = "%d over (%s)" % (len(over), _labels(over)) if over else "all"
            line += " %5d KB %5s KB  %s" % (statistics.median(kb), top, fit)
        say(line)
        out = [label for label, _, ok in measured if not ok]
        if out:
            failed.append("%s %s: MemoryError beside the app's %d KB at %d position(s) (%s), left out above"
                          % (game, title, APP_KB, len(out), _labels(out)))
    for line in failed:
        say(line)


def _labels(labels):
    return ", ".join(sorted(set(labels)))


def parse_args(argv):
    p = argparse.ArgumentParser(prog="python benchmarks/cost.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--positions", type=int, default=40, help="positions per game (default 40)")
    p.add_argument("--games", default="chimera,tichu")
    p.add_argument("--levels", default="0,1,2,3", help="bot levels to measure (default 0,1,2,3)")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--screen-positions", type=int, default=10,
                   help="positions per game for the hand screen's draw and press (default 10; 0: none)")
    p.add_argument("--no-heap", action="store_true", help="skip the heap bisection")
    p.add_argument("--lang", type=int, default=0, choices=(0, 1),
                   help="the hand screen's language: 0 English (default), 1 German")
    args = p.parse_args(argv)
    args.games = [g for g in args.games.split(",") if g]
    if not args.games or any(g not in ("chimera", "tichu") for g in args.games):
        p.error("--games: chimera and/or tichu")
    try:
        args.levels = [int(x) for x in args.levels.split(",") if x]
    except ValueError:
        p.error("--levels: levels 0..3 separated by commas")
    if any(x not in (0, 1, 2, 3) for x in args.levels):
        p.error("--levels: levels 0..3 separated by commas")
    if args.positions < 1:
        p.error("--positions must be at least 1")
    return args


def measure(args):
    """[(game, step title, [(label, instructions, completed)], [(label, least KB)])]."""

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        lib = os.path.join(tmp, "lib")
        compile_app(lib)
        env = dict(os.environ, MICROPYPATH=lib)
        mark = marker_address(tmp, env)
        for name in args.games:
            kinds = STEP_KINDS[name] + tuple("L%d" % x for x in args.levels)
            pos = os.path.join(tmp, name + ".jsonl")
            found = positions(name, args.positions, args.seed)
            write_positions(pos, name, found)
            measured = count(tmp, env, mark, name, pos, kinds)
            if args.screen_positions:  # the hand screen at every k-th position (the same labels)
                screen_pos = os.path.join(tmp, name + "_screen.jsonl")
                k = max(1, -(-len(found) // args.screen_positions))
                write_positions(screen_pos, name, found[::k])
                measured += count(tmp, env, mark, name, screen_pos, SCREEN_KINDS, SCREEN_HEAP, args.lang)
            heaps = [] if args.no_heap else device(env, "heap", pos, kinds)
            kinds += SCREEN_KINDS if args.screen_positions else ()  # no heap figure: make heap-device's
            for kind in kinds:
                title = TITLES.get(kind) or ("decide L" + kind[1:] if kind[0] == "L"
                                             else kind.replace("@", " "))
                rows.append((name, title, [(label, c, ok) for k, label, c, ok in measured if k == kind],
                             [(h[1], int(h[2])) for h in heaps if h[0] == kind]))
    return rows


def main(argv=None, say=print):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    why = missing()
    if why:
        say("cost: skipped: " + why)
        return 0
    rows = measure(args)
    say("Instructions by callgrind on CircuitPython's RP2040-like interpreter (engine as .mpy, heap %s);"
        % HEAP)
    say("ms = instructions x %.1f / %d MHz; heap: least free KB above the position a step runs in"
        % (CYCLES_PER_INSTR, HZ / 1e6))
    if args.lang and args.screen_positions:
        say("the hand screen in German (--lang 1)")
    table(rows, say)
    return 0


if __name__ == "__main__":
    sys.exit(main())
