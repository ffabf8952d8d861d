"""The app's heap on CircuitPython's RP2040-like interpreter (make heap-device).

    python benchmarks/device_heap_run.py [--boards picosystem,...] [--parts keeper,chimera,tichu]
                                         [--langs 0,1] [--rounds N] [--heap 171] [--no-bisect] [--trace]

Compiles firmware/, boards/ and engine_core/ with ../shared/tools/mpy-cross into a
temporary folder exactly as `make deploy MPY_CROSS=` ships them (host_sim/deploy.py;
texts.tsv copied as a file), puts the stand-ins for the board's C modules
(benchmarks/device_stubs.py, as .py) beside them on MICROPYPATH, and runs
benchmarks/device_heap.py (read its top comment) on ../shared/tools/circuitpython-rp2040:

- per board at -X heapsize=171K (what a Pico has free under CircuitPython 10), each part
  alone and then every part in one run: the score keeper's session, then a whole dealt
  match of Chimera and one of Tichu (seat 0 by key presses, level-3 bots); and the dealt
  parts again in German (--langs; a language's table is heap English does not need). It
  prints the peak of the heap held after gc.collect() per part and where, the heap before
  the app, and the app's own peak = peak - before (the goal: at most GOAL_KB); a run that
  hits MemoryError says where.
- then, for the first board (picosystem: the most text on the panel), per part and for
  the whole run, the smallest -X heapsize in KB in which it completes, by bisection over
  runs, and the run's peak with room to spare (1 MB). That also covers what a step holds only while it runs
  (a bot's search, a draw), which the after-press figure cannot see.

Without the tools it says so and stops with status 0.
"""

import argparse
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from benchmarks.cp_app import INTERP, compile_app, tools_missing  # noqa: E402 - needs ROOT on the path

SCRIPT = os.path.join(ROOT, "benchmarks", "device_heap.py")
BOARDS = ("picosystem", "pico_display_pack", "macropad", "badger2040")
PARTS = ("keeper", "chimera", "tichu")
HEAP_KB = 171  # a Pico's free heap under CircuitPython 10
GOAL_KB = 96  # the app's own peak, at most
LOW_KB, HIGH_KB = 32, 1024  # the bisection's range
TIMEOUT_S = 600


def missing():
    """What is missing to run, or None."""
    return tools_missing()


def prepare(tmp):
    """The MICROPYPATH of the runs: the compiled app and the stand-ins."""
    lib = os.path.join(tmp, "lib")
    compile_app(lib)
    return lib


RELOAD = 4  # device_heap.py's status when a switch of mode ended its VM: run it again


def run(path, heap_kb, board, parts, rounds=0, trace=False, lang=0, hours=None, keep=None):
    """(exit status, output) of one run; status 0: every part ended as meant, 3: MemoryError.
    A run is as many interpreters as the app asks for fresh VMs (a reload at a switch of
    mode, firmware/install.py): each one goes on from the state file the last one left
    (``keep(state file)`` is called with each)."""
    with tempfile.TemporaryDirectory() as tmp:
        state = os.path.join(tmp, "state.json")
        cmd = [INTERP, "-X", "heapsize=%dK" % heap_kb, SCRIPT, board, ",".join(parts), "state=" + state]
        if rounds:
            cmd.append("rounds=%d" % rounds)
        if lang:
            cmd.append("lang=%d" % lang)
        if hours is not None:
            cmd.append("hours=%g" % hours)
        if trace:
            cmd.append("trace")
        env = dict(os.environ, MICROPYPATH=path)
        out = ""
        while True:
            try:
                done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=TIMEOUT_S,
                                      cwd=os.path.dirname(path.split(":")[0]))
            except subprocess.TimeoutExpired:
                return 124, out + "timed out after %d s" % TIMEOUT_S
            out += done.stdout + done.stderr
            if done.returncode != RELOAD:
                return done.returncode, out
            if keep is not None:
                keep(state)


def least_heap(path, board, parts, rounds=0, lang=0):
    """The smallest -X heapsize (KB) in which the run completes, or None above HIGH_KB."""
    lo, hi = LOW_KB, HIGH_KB
    if run(path, hi, board, parts, rounds, lang=lang)[0] != 0:
        return None
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if run(path, mid, board, parts, rounds, lang=lang)[0] == 0:
            hi = mid
        else:
            lo = mid
    return hi


def figure(out, prefix):
    """The first line of ``out`` that starts with ``prefix`` (stripped), or ''."""
    for line in out.splitlines():
        if line.strip().startswith(prefix):
            return line.strip()
    return ""


def _groups(parts, langs):
    """The runs per board: (parts, lang) for each part alone and all in one run, in each
    language; the score keeper's session switches languages by itself, so it runs once."""
    out = []
    for lang in langs:
        singles = [[x] for x in parts if not (lang and x == "keeper")]
        out += [(g, lang) for g in singles + ([list(parts)] if len(parts) > 1 else [])]
    return out


def _name(parts, lang):
    return " then ".join(parts) + (" (dealt in German)" if lang else "")


def parse_args(argv):
    p = argparse.ArgumentParser(prog="python benchmarks/device_heap_run.py",
                                description=__doc__.split("\n\n")[0])
    p.add_argument("--boards", default=",".join(BOARDS))
    p.add_argument("--parts", default=",".join(PARTS))
    p.add_argument("--langs", default="0,1", help="languages of the dealt matches (0 English, 1 German)")
    p.add_argument("--rounds", type=int, default=0, help="dealt rounds per match (0: whole matches)")
    p.add_argument("--heap", type=int, default=HEAP_KB, help="heap in KB of the measured run (default 171)")
    p.add_argument("--no-bisect", action="store_true", help="skip the smallest-heap search")
    p.add_argument("--trace", action="store_true", help="print the heap after every press")
    p.add_argument("--marathon", type=float, default=0, metavar="HOURS",
                   help="instead: HOURS of play on the benchmark's clock in one power-up (at --heap)")
    args = p.parse_args(argv)
    args.boards = [b for b in args.boards.split(",") if b]
    args.parts = [x for x in args.parts.split(",") if x]
    args.langs = [int(x) for x in args.langs.split(",") if x]
    if not args.boards or [b for b in args.boards if b not in BOARDS]:
        p.error("--boards: one or more of " + ",".join(BOARDS))
    if not args.parts or [x for x in args.parts if x not in PARTS]:
        p.error("--parts: one or more of " + ",".join(PARTS))
    return args


def main(argv=None, say=print):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    why = missing()
    if why:
        say("heap-device: skipped: " + why)
        return 0
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        path = prepare(tmp)
        say("The app (.mpy, as make deploy MPY_CROSS= ships it) on CircuitPython's RP2040-like interpreter;")
        say("heap held after gc.collect() at every press. Goal: the app's own peak <= %d KB." % GOAL_KB)
        if args.marathon:
            for board in args.boards:
                status, out = run(path, args.heap, board, ["marathon"], args.rounds, args.trace,
                                  hours=args.marathon)
                say("")
                say("%s, %g hours of play at -X heapsize=%dK:" % (board, args.marathon, args.heap))
                say("\n".join("  " + line for line in out.rstrip().splitlines()))
                failed = failed or status != 0
            return 1 if failed else 0
        for board in args.boards:
            groups = _groups(args.parts, args.langs)
            for parts, lang in groups:
                status, out = run(path, args.heap, board, parts, args.rounds, args.trace, lang)
                say("")
                say("%s, %s at -X heapsize=%dK:" % (board, _name(parts, lang), args.heap))
                say("\n".join("  " + line for line in out.rstrip().splitlines()))
                if status not in (0, 3):  # 3: MemoryError, a figure like any other
                    failed = True
                    say("  (the run failed: status %d)" % status)
            if args.no_bisect or board != args.boards[0]:  # the first board's is enough: the same modules
                continue
            say("")
            for parts, lang in groups:
                kb = least_heap(path, board, parts, args.rounds, lang)
                least = "%d KB" % kb if kb else "> %d KB" % HIGH_KB
                peak = figure(run(path, HIGH_KB, board, parts, args.rounds, lang=lang)[1], "PEAK")
                say("%s: smallest -X heapsize for %-34s %s   (at %dK: %s)"
                    % (board, _name(parts, lang) + ":", least, HIGH_KB, peak))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
