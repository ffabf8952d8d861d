# The device side of benchmarks/cost.py: runs on CircuitPython's RP2040-like interpreter
# (../shared/tools/circuitpython-rp2040) with engine_core compiled to .mpy on MICROPYPATH.
#
#   circuitpython-rp2040 -X heapsize=171K cost_device.py count|heap POSITIONS KINDS
#
# POSITIONS: one JSON line per position: {"g": game, "s": state.to_list(), "seat": n,
# "a": an action of that seat or null, "k": the step (bot_rng), "t": a label (the phase,
# or "oot" for a seat asked out of turn)}. KINDS: the steps to
# measure, comma-separated, out of STEPS below.
#
# count: for every position and kind, the step is bracketed by calls of MARK (divmod,
# which neither the engine nor the interpreter calls); valgrind --tool=callgrind --dump-before=<its entry>
# then writes one cost part per interval, so every step's instruction count comes out of
# one run. Before each step, outside the brackets, the heap is collected and the app's
# own objects are stood in for by APP_HEAP bytes of ballast, so a step pays the
# collections its garbage causes on a board. "noop" measures the brackets themselves.
# Both modes first run every step once, unmeasured: the modules a step imports on first
# use (choices, the bots' helpers) are loaded once on a board, not per step.
#
# heap: the least free heap, in KB, in which each step completes: ballast leaves that
# much free above the position (loaded, collected), found by bisection, natively.
#
# Prints one line per measured step: "kind label ok|MemoryError" (count) or "kind label kb"
# (heap).

import gc
import json
import sys

from engine_core.bot_driver import Driver

APP_HEAP = 70 * 1024  # the score keeper's peak (make heap-device: about 52 to 70 KB)
HEAP_MAX_KB = 64  # bisection range of the heap mode; more is reported as 65
MARK = divmod


def _tuples(x):
    if isinstance(x, list):
        return tuple(_tuples(y) for y in x)
    return x


def _game(name):
    if name == "tichu":
        from engine_core.tichu import game
    else:
        from engine_core.chimera import game
    return game


def _legal(g, drivers, p):
    return g.legal_actions(p[0], p[1])


def _apply(g, drivers, p):
    return g.apply(p[0], p[2])


def _decide(level):
    def step(g, drivers, p):
        return drivers[level].decide(p[0], p[1], p[3])
    return step


def _scan(g, drivers, p):
    # What the bot driver asks of every Tichu position before any bot: who could call or bomb.
    return g.tichu_seats(p[0]) + g.bomb_seats(p[0])


def _noop(g, drivers, p):
    return None


# The kinds of step. Dealer mode adds "draw" (drawing a hand for a seat) here.
STEPS = {"noop": _noop, "legal": _legal, "apply": _apply, "scan": _scan, "L0": _decide(0), "L1": _decide(1),
         "L2": _decide(2), "L3": _decide(3)}


def ballast(free_wanted):
    # Pieces of heap that leave about ``free_wanted`` bytes free; keep the list alive. Big
    # pieces first, then the last 4 KB in small ones: the allocator takes the first gap that
    # fits, so these fill the small gaps a collection left, and what stays free is one run.
    gc.collect()
    held = []
    size = 2048  # halved when no free run of the heap is that long any more
    free = gc.mem_free()
    while free > free_wanted + 64 and size >= 16:
        try:
            if free - free_wanted > 4096:
                held.append(bytearray(size))
            else:
                for _ in range(4):
                    held.append(bytearray(8))
        except MemoryError:
            size //= 2
        free = gc.mem_free()
    return held


def fits(step, g, drivers, p, kb):
    held = ballast(kb * 1024)
    try:
        step(g, drivers, p)
        return True
    except MemoryError:
        return False
    finally:
        del held
        gc.collect()


def least_kb(step, g, drivers, p):
    # Bisection over 1..HEAP_MAX_KB: the smallest free heap (KB) the step runs in.
    lo, hi = 0, HEAP_MAX_KB + 1
    if not fits(step, g, drivers, p, HEAP_MAX_KB):
        return hi
    hi = HEAP_MAX_KB
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if fits(step, g, drivers, p, mid):
            hi = mid
        else:
            lo = mid
    return hi


def main():
    mode, path, kinds = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
    drivers = {}
    warm = False
    with open(path) as f:
        for line in f:
            d = json.loads(line)
            g = _game(d["g"])
            if not drivers:
                for level in range(4):
                    drivers[level] = Driver(g, [level] * g.SEATS, 12345)
            p = (g.State.from_list(d["s"]), d["seat"], _tuples(d["a"]), d["k"])
            phase = d["t"]
            d = line = None
            if not warm:  # every step once, unmeasured: the modules steps import on first use
                warm = True
                for kind in kinds:
                    try:
                        STEPS[kind](g, drivers, p)
                    except MemoryError:
                        pass
            for kind in kinds:
                step = STEPS[kind]
                if mode == "heap":
                    print(kind, phase, least_kb(step, g, drivers, p))
                    continue
                gc.collect()
                held = ballast(gc.mem_free() - APP_HEAP)
                MARK(7, 3)
                try:
                    step(g, drivers, p)
                    done = "ok"
                except MemoryError:  # reported: the step does not run beside the app
                    done = "MemoryError"
                MARK(7, 3)
                del held
                print(kind, phase, done)


main()
