"""Median time to generate every leading play of a hand, against DouZero's generator.

    python benchmarks/movegen.py benchmarks/hands/chimera20.txt [more files ...]

Each file holds one hand per line (CONTRACT tokens); the game is the file name's
prefix. For every hand the generator runs REPEATS times and the fastest run counts
(it filters out interrupts); the figure is the median over the hands, in µs.
Tichu has no reference generator to race: a ``tichu*.txt`` file times leads, a
``tichu*.jsonl`` file (judge `legal` requests) times following the request's `over`,
read once beforehand as the game state holds it.

DouZero (pip package douzero 1.1.0, installed --no-deps by `make bench`) plays Dou
Dizhu on the same 54-card shape (13 ranks x 4 + two jokers), so each Chimera hand is
mapped onto its card ints and timed in the same run: 1..12, H -> 3..14, 17; P, C ->
the jokers 20, 30. Its package __init__ imports torch, so only its two plain modules
are loaded, by path.
"""

import importlib.util
import json
import os
import sys
import time
import types

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

REPEATS = 5


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def time_per_hand(*lanes):
    """Median over hands of the fastest of REPEATS calls, in µs, for each lane
    ``(fn, inputs)``. Lanes run hand by hand in turn, so a change in machine load
    between the start and the end of a run weighs on every lane alike."""
    clock = time.perf_counter_ns
    best = [[] for _ in lanes]
    for i in range(len(lanes[0][1])):
        for lane, (fn, inputs) in enumerate(lanes):
            x = inputs[i]
            b = None
            for _ in range(REPEATS):
                t0 = clock()
                fn(x)
                t = clock() - t0
                if b is None or t < b:
                    b = t
            best[lane].append(b)
    return [median(b) / 1000.0 for b in best]


def load_douzero():
    """DouZero's MovesGener class, or None when the package is not installed."""
    if "douzero.env.move_generator" in sys.modules:
        return sys.modules["douzero.env.move_generator"].MovesGener
    spec = importlib.util.find_spec("douzero")
    if spec is None or not spec.submodule_search_locations:
        return None
    root = list(spec.submodule_search_locations)[0]
    for name, path in (("douzero", root), ("douzero.env", os.path.join(root, "env"))):
        pkg = types.ModuleType(name)
        pkg.__path__ = [path]
        sys.modules.setdefault(name, pkg)
    for name in ("utils", "move_generator"):
        full = "douzero.env." + name
        s = importlib.util.spec_from_file_location(full, os.path.join(root, "env", name + ".py"))
        mod = importlib.util.module_from_spec(s)
        sys.modules[full] = mod
        s.loader.exec_module(mod)
    return sys.modules["douzero.env.move_generator"].MovesGener


def read_hands(path, deck):
    with open(path) as f:
        return [deck.parse(line) for line in f if line.strip()]


def bench_chimera(path):
    from engine_core.chimera.cards import DECK
    from engine_core.chimera.movegen import legal_plays

    hands = read_hands(path, DECK)
    values = [[c >> 3 for c in h] for h in hands]

    def ours(vals):
        c = [0] * 16
        for v in vals:
            c[v] += 1
        return legal_plays(c)

    counts = [len(ours(v)) for v in values]
    print("%s: %d hands of %d cards, median %.0f plays" % (
        os.path.basename(path), len(hands), len(hands[0]), median(counts)))
    gener = load_douzero()
    if gener is None:
        print("  engine_core leading legal plays: median %.1f us per hand" % time_per_hand((ours, values))[0])
        print("  DouZero not installed (make bench installs it): no comparison")
        return
    dz_rank = [0, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30]
    dz_hands = [[dz_rank[v] for v in vals] for vals in values]
    us, dz = time_per_hand((ours, values), (lambda cards: gener(cards).gen_moves(), dz_hands))
    print("  engine_core leading legal plays: median %.1f us per hand" % us)
    print("  DouZero MovesGener.gen_moves:    median %.1f us per hand" % dz)
    print("  ratio engine_core / DouZero: %.2f (target <= 0.50)" % (us / dz))


def bench_tichu(path):
    from engine_core.tichu.cards import DECK
    from engine_core.tichu.combos import classify, highest
    from engine_core.tichu.movegen import legal_plays

    if path.endswith(".jsonl"):
        with open(path) as f:
            reqs = [json.loads(line) for line in f if line.strip()]
        cases = [(DECK.parse(r["hand"]), highest(classify(DECK.parse(r["over"])))) for r in reqs]
        what = "following plays"
    else:
        cases = [(h, None) for h in read_hands(path, DECK)]
        what = "leading plays"

    def ours(case):
        return legal_plays(case[0], case[1])

    counts = [len(ours(c)) for c in cases]
    print("%s: %d hands of %d cards, median %.0f plays (max %d)" % (
        os.path.basename(path), len(cases), len(cases[0][0]), median(counts), max(counts)))
    print("  engine_core %s: median %.1f us per hand" % (what, time_per_hand((ours, cases))[0]))


GAMES = {"chimera": bench_chimera, "tichu": bench_tichu}


def main(argv):
    if not argv:
        print(__doc__)
        return 2
    for path in argv:
        game = next((g for g in GAMES if os.path.basename(path).startswith(g)), None)
        if game is None:
            print("%s: no game named by the file name (%s)" % (path, ", ".join(GAMES)))
            return 2
        GAMES[game](path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
