"""What a text costs the board in German (firmware/texts.py reads it from texts.tsv when asked):
instructions counted by valgrind's callgrind on CircuitPython's RP2040-like interpreter, turned
into RP2040 time as make cost does (benchmarks/cost.py: 2.5 cycles per instruction at 125 MHz).

    python benchmarks/texts_cost.py [--board picosystem]          (make texts-cost)

make cost's hand screen reads the table from a host file (the interpreter's os is the unix
port's), whose open is a system call callgrind does not count. Here the app's drive, as make
deploy leaves it for --board, is formatted with CircuitPython's FatFs (os.VfsFat) on a RAM
block device, and firmware/texts.py reads its table there (benchmarks/texts_cost_device.py):
the index built (use), the first text of a pass (the file opened: FAT's path walk), a text
with the file open (the first and the last row, one between), a text the table lacks, the
file let go, and a whole pass: the texts the busiest pass of the main loop asks for in a
dealt round of each game (the host simulator, picosystem, in German; the file let go
before it, as after every pass). The RAM block device is Python: its reads are counted and
their cost taken off; on the board a block comes from the flash (CircuitPython's sector
cache or the XIP flash), not counted here. The figures depend on the heap's layout too (the
allocator's search for free blocks): the same pass counted 12 or 24 ms with other objects left
on the heap beside it. At the end the device script checks that every text of the table reads
right through FatFs. Needs ../shared/tools and valgrind; without them it says so and stops with
status 0.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from benchmarks.cost import callgrind, marker_address, missing, ms, parts  # noqa: E402 - ROOT on the path
from benchmarks.cp_app import INTERP, MPY_CROSS, compile_app  # noqa: E402

DEVICE = os.path.join(ROOT, "benchmarks", "texts_cost_device.py")
HEAP = "4M"  # the RAM drive lives in the heap: this measures instructions, not the board's heap
GAMES = ("chimera", "tichu")
TITLES = {"use": "index built (use)", "first": "first text (open)", "last": "last row, file open",
          "next": "a row, file open", "miss": "text not in table", "close": "file let go",
          "pass": "busiest pass"}


def busiest_pass(board="picosystem", seed=3):
    """The texts (English) of the main-loop pass that asks for most, in a dealt round of each
    game in German on the host simulator: [(game, [text, ...])]."""
    from host_sim import dealt_play, player as pl

    asked = []
    passes = []
    from firmware.app import App  # after host_sim: its stand-ins for the board's modules
    from firmware.texts import Texts

    get, step = Texts.get, App.step

    def counting_get(self, en):
        asked.append(en)
        return get(self, en)

    def counting_step(self, now):
        del asked[:]
        keys = step(self, now)
        passes.append(list(asked))
        return keys

    Texts.get, App.step = counting_get, counting_step
    try:
        out = []
        for game in GAMES:
            dev = dealt_play.start(board, game, seed, lang=1)
            del passes[:]
            pl.play_dealt_round(dev)
            out.append((game, max(passes, key=len)))
        return out
    finally:
        Texts.get, App.step = get, step


def blocks(files):
    # A drive of 1 MB (CIRCUITPY on a 2 MB RP2040), larger if the app needs it.
    need = sum(-(-len(data) // 512) + 1 for data in files.values()) * 2
    return max(2048, need)


def measure(board, tmp):
    """{step: (median instructions less the noop, block reads, instructions of one block read)},
    and the passes measured [(game, texts)]."""
    from host_sim.deploy import SLOTS, drive_files

    lib = os.path.join(tmp, "lib")
    compile_app(lib)
    env = dict(os.environ, MICROPYPATH=lib)
    files = drive_files(board, MPY_CROSS)
    drive = os.path.join(tmp, "drive")
    for path, data in files.items():
        os.makedirs(os.path.dirname(os.path.join(drive, path)), exist_ok=True)
        with open(os.path.join(drive, path), "wb") as f:
            f.write(data)
    mark = marker_address(tmp, env)
    found = {}
    passes = busiest_pass(board)
    for game, texts in passes:
        shown = os.path.join(tmp, game + ".json")
        with open(shown, "w") as f:
            json.dump(texts, f)
        prefix = os.path.join(tmp, "cg_" + game)
        table = SLOTS[0] + "/firmware/texts.tsv"
        cmd = callgrind(prefix, "--dump-before=" + mark) + [INTERP, "-X", "heapsize=" + HEAP, DEVICE, drive,
                                                            str(blocks(files)), table, shown]
        done = subprocess.run(cmd, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit("texts-cost: the device script failed:\n%s%s" % (done.stdout[-2000:],
                                                                             done.stderr[-3000:]))
        lines = [line.split() for line in done.stdout.splitlines() if line.strip()]
        cost = parts(prefix)
        if len(cost) != 1 + 2 * len(lines):
            raise SystemExit("texts-cost: %d cost parts for %d steps: the marker ran elsewhere too"
                             % (len(cost), len(lines)))
        runs = {}
        for i, (name, reads) in enumerate(lines):
            runs.setdefault(name, []).append((cost[2 * i + 2], int(reads)))
        noop = statistics.median(c for c, _ in runs.pop("noop"))
        read = statistics.median(c for c, _ in runs.pop("read")) - noop
        for name, got in runs.items():
            key = name if name != "pass" else "pass " + game
            if key not in found:
                found[key] = (statistics.median(c for c, _ in got) - noop, max(r for _, r in got), read)
    return found, passes


def main(argv=None, say=print):
    p = argparse.ArgumentParser(prog="python benchmarks/texts_cost.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--board", default="picosystem", help="whose drive (make deploy BOARD=)")
    args = p.parse_args(sys.argv[1:] if argv is None else argv)
    why = missing()
    if why:
        say("texts-cost: skipped: " + why)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        found, passes = measure(args.board, tmp)
    say("firmware/texts.py in German on a FAT drive (os.VfsFat) as deployed for %s:" % args.board)
    say("instructions by callgrind, less the RAM block device's reads; ms = instructions x 2.5 / 125 MHz")
    say("(the flash's own block reads not counted)")
    say("%-26s %12s %8s %12s" % ("step", "instructions", "ms", "block reads"))
    for name, (instr, reads, read) in found.items():
        game = name.split(" ")[1] if name.startswith("pass ") else None
        title = TITLES["pass"] + " (%s)" % game if game else TITLES[name]
        net = instr - reads * read
        say("%-26s %12d %8.2f %12d" % (title, net, ms(net), reads))
    for game, texts in passes:
        say("busiest pass (%s): %d texts asked for, %d different" % (game, len(texts), len(set(texts))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
