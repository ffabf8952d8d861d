"""What a reload costs the board (a switch of mode through a fresh VM, firmware/install.py):
instructions counted by valgrind's callgrind on CircuitPython's RP2040-like interpreter,
turned into RP2040 time as make cost does (benchmarks/cost.py: 2.5 cycles per instruction
at 125 MHz, a rough factor).

    python benchmarks/reload_cost.py [--boards picosystem,...]          (make reload-cost)

For each board, make heap-device's runs (benchmarks/device_heap.py: the score keeper's
session; a dealt match of Chimera, of Tichu in German; all three in one run) are played
at a roomy heap, and the state each VM leaves at a reload (the nvm, where the drivers
stood) is kept. Each such state is then started once more under callgrind as the board's
new VM does, in the board's heap (-X heapsize=171K: a start's collections sweep the whole
heap, so a roomier one would cost more): code.py's imports, the journal read, a dealt round
dealt again and its actions replayed, the first screen built and drawn (device_heap.py
stop=start: not the main loop's first pass, in which the bots may take a turn they would
have taken without a reload); the same run ended before the app starts (stop=before: the
interpreter, the stand-ins, the script) is taken off. Not counted: CircuitPython's own end
and start of a VM (native: the heap and the display reset), reading the .mpy files from
flash, and the panel's refresh (native).
Needs ../shared/tools and valgrind; without them it says so and stops with status 0.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from benchmarks.cost import callgrind, ms  # noqa: E402 - needs ROOT on the path
from benchmarks.cp_app import INTERP  # noqa: E402
from benchmarks.device_heap_run import BOARDS, SCRIPT, prepare, run, tools_missing  # noqa: E402

RUNS = ((("keeper",), 0), (("chimera",), 0), (("tichu",), 1), (("keeper", "chimera", "tichu"), 1))
HEAP = "171K"
LIMIT_MS = 1500


def instructions(path, board, parts, state, stop, tmp):
    out = os.path.join(tmp, "cg.out")
    cmd = callgrind(out) + [INTERP, "-X", "heapsize=" + HEAP, SCRIPT, board, ",".join(parts),
                            "state=" + state, "stop=" + stop]
    done = subprocess.run(cmd, env=dict(os.environ, MICROPYPATH=path), capture_output=True, text=True,
                          cwd=os.path.dirname(path))
    if done.returncode != 0:
        raise SystemExit("reload-cost: the run failed:\n" + done.stdout[-2000:] + done.stderr[-2000:])
    with open(out) as f:
        for line in f:
            if line.startswith("summary:") or line.startswith("totals:"):
                return int(line.split()[1])
    raise SystemExit("reload-cost: no total in callgrind's output")


def _keep(tmp, state, states):
    # A copy of the state a VM left at its reload (and its nvm), into ``states``.
    k = os.path.join(tmp, "s%d.json" % len(states))
    shutil.copyfile(state, k)
    shutil.copyfile(state + ".nvm", k + ".nvm")
    states.append(k)


def main(argv=None, say=print):
    p = argparse.ArgumentParser(prog="python benchmarks/reload_cost.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--boards", default=",".join(BOARDS))
    args = p.parse_args(argv)
    why = tools_missing() or (None if shutil.which("valgrind") else "valgrind is not installed")
    if why:
        say("reload-cost: skipped: " + why)
        return 0
    worst = 0
    with tempfile.TemporaryDirectory() as tmp:
        path = prepare(tmp)
        say("RP2040 time of a VM started from the journal after a reload (callgrind x %.1f cycles at %d MHz);"
            % (2.5, 125))
        say("limit %d ms." % LIMIT_MS)
        for board in [b for b in args.boards.split(",") if b]:
            for parts, lang in RUNS:
                states = []
                status, out = run(path, 1024, board, list(parts), lang=lang,
                                  keep=lambda state, states=states: _keep(tmp, state, states))
                if status != 0:
                    say(out)
                    raise SystemExit("reload-cost: the run failed")
                times = []
                for k in states:
                    n = (instructions(path, board, parts, k, "start", tmp)
                         - instructions(path, board, parts, k, "before", tmp))
                    times.append(ms(n))
                    with open(k) as f:
                        last = json.load(f).get("last", "?")
                    say("  %-18s %-44s %6.0f ms" % (board, last[:44], ms(n)))
                worst = max([worst] + times)
        say("slowest reload: %.0f ms (limit %d ms)" % (worst, LIMIT_MS))
    return 0 if worst <= LIMIT_MS else 1

if __name__ == "__main__":
    sys.exit(main())
