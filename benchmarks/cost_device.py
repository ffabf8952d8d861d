# The device side of benchmarks/cost.py: runs on CircuitPython's RP2040-like interpreter
# (../shared/tools/circuitpython-rp2040) with engine_core compiled to .mpy on MICROPYPATH.
#
#   circuitpython-rp2040 -X heapsize=171K cost_device.py count|heap POSITIONS KINDS [LANG]
#
# POSITIONS: one JSON line per position: {"g": game, "s": state.to_list(), "seat": n,
# "a": an action of that seat or null, "k": the step (bot_rng), "t": a label (the phase,
# or "oot" for a seat asked out of turn)}. KINDS: the steps to
# measure, comma-separated, out of STEPS below.
#
# count: for every position and kind, the step is bracketed by calls of MARK (pow of
# three, which neither the engine, the app nor the interpreter calls); valgrind
# --tool=callgrind --dump-before=<its entry> then writes one cost part per interval, so
# every step's instruction count comes out of one run. Before each step, outside the
# brackets, the heap is collected and the app's own objects are stood in for by APP_HEAP
# bytes of ballast, so a step pays the collections its garbage causes on a board. "noop"
# measures the brackets themselves.
# Both modes first run every step once, unmeasured: the modules a step imports on first
# use (choices, the bots' helpers) are loaded once on a board, not per step.
#
# draw@BOARD, press@BOARD: the dealer mode's hand screen (firmware/screens/hand.py) of the
# position's seat, on BOARD's profile with the stand-in display (benchmarks/device_stubs.py,
# firmware/ and boards/ as .mpy on MICROPYPATH too): drawing it for a position just
# reached (the legal list, the items, the reading and status), and one press of RIGHT on
# it through app.step (the next legal play selected, checked and drawn), in the table's
# language LANG (0 English, the default; 1 German: firmware/texts.tsv). The app showing
# it is real and does not fit beside the engine steps' ballast in 171 KB, so these run on
# a bigger heap, with ballast that leaves what a 171 KB heap would leave beside the app
# (at least 16 KB: the app alone does not fit a Pico yet, make heap-device).
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
BOARD_HEAP = 171 * 1024  # a Pico's free heap: the hand screen's runs have a bigger one (cost.py), and
# the ballast leaves free what this leaves beside the app
HEAP_MAX_KB = 64  # bisection range of the heap mode; more is reported as 65
MARK = pow


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


# The kinds of step. "draw@BOARD" and "press@BOARD" (see step_for) are the dealer mode's
# hand screen on that board's profile.
STEPS = {"noop": _noop, "legal": _legal, "apply": _apply, "scan": _scan, "L0": _decide(0), "L1": _decide(1),
         "L2": _decide(2), "L3": _decide(3)}

# -- the hand screen (firmware/screens/hand.py) on a board, with the stand-in display ----------

APPS = {}  # board -> the app showing a dealt match's hand screen
HELD = [0]  # the heap the apps hold: the ballast stands in for less of the app
NOW = [0]
NAMES = ("Anna", "Ben", "Carla", "David")
LANG = [0]  # the hand screen's language (argument LANG)


def _hand_app(board, g):
    # An app on ``board``'s profile (no journal) with a dealt match of ``g`` and the hand
    # screen of seat 0 on top, as after a press of "Play" (seat 0 a human, bots at 3).
    app = APPS.get(board)
    if app is not None:
        return app
    gc.collect()
    before = gc.mem_alloc()
    import device_stubs

    device_stubs.install()
    from device_stubs import Display

    from boards import load
    from firmware.app import App
    from firmware.play.start import start

    p = load(board)
    app = App(p, Display(p.WIDTH, p.HEIGHT), p.make_keys())
    app.pause_ms = 0
    app.seed_source = lambda: 1
    app.texts.use(LANG[0])
    name = "tichu" if g.__name__.endswith("tichu.game") else "chimera"
    start(app, name, list(NAMES[:g.SEATS]), 1000, [None] + [3] * (g.SEATS - 1), 0, quiet=True)
    app.open("hand", "Hand", 0)
    APPS[board] = app
    gc.collect()
    HELD[0] += gc.mem_alloc() - before
    return app


def _show(board, g, p):
    # The hand screen of the position's seat, on the position, nothing selected.
    app = _hand_app(board, g)
    app.session.dealt.state = p[0]
    scr = app.screen
    scr.seat = p[1]
    scr.sel = []
    scr.cursor = scr.top = 0
    scr.step_i = -1
    scr._acts = scr._menu = scr.at = None
    return app


def _draw(board):
    # Drawing the hand of a position just reached: its legal list, items, reading, status.
    def prepare(g, drivers, p):
        _show(board, g, p)

    def step(g, drivers, p):
        APPS[board].screen.draw()
    return prepare, step


def _press(board):
    # One press of RIGHT on the drawn hand (a tap; DOWN where RIGHT needs a hold): the
    # next legal play selected, read and checked, and drawn, through app.step.
    def prepare(g, drivers, p):
        _show(board, g, p).screen.draw()

    def step(g, drivers, p):
        app = APPS[board]
        km = app.input.keymap
        keys = [n for n in range(len(km)) if km[n][0] == "right"] or [n for n in range(len(km))
                                                                      if km[n][0] == "down"]
        NOW[0] += 1000
        app.input.keys.inject(keys[0], True, NOW[0])
        app.input.keys.inject(keys[0], False, NOW[0] + 80)
        app.step(NOW[0] + 80)
    return prepare, step


def _drop_bots():
    # The game's bot modules out of sys.modules and their package, as the app drops them
    # when the table goes (firmware/app.py SCREEN_MODULES).
    for name in list(sys.modules):
        if name.startswith("engine_core.") and ".bot" in name and not name.endswith("bot_driver"):
            del sys.modules[name]
            cut = name.rfind(".")
            parent = sys.modules.get(name[:cut])
            if parent is not None and hasattr(parent, name[cut + 1:]):
                delattr(parent, name[cut + 1:])


def _import_bots(g, drivers, p):
    # What the table's first question after a human's turn pays: the bots imported anew.
    from engine_core.bot_driver import bot_module

    return bot_module(g)


def step_for(kind):
    # (prepare or None, step) of a kind; prepare runs outside the measured interval.
    if kind == "botload":
        return (lambda g, drivers, p: _drop_bots()), _import_bots
    if "@" in kind:
        what, board = kind.split("@")
        return (_draw if what == "draw" else _press)(board)
    return None, STEPS[kind]


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
    prepare, step = step
    if prepare is not None:
        prepare(g, drivers, p)
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
    if len(sys.argv) > 4:
        LANG[0] = int(sys.argv[4])
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
                    prepare, step = step_for(kind)
                    try:
                        if prepare is not None:
                            prepare(g, drivers, p)
                        step(g, drivers, p)
                    except MemoryError:
                        pass
            for kind in kinds:
                prepare, step = step_for(kind)
                if mode == "heap":
                    print(kind, phase, least_kb((prepare, step), g, drivers, p))
                    continue
                if prepare is not None:
                    prepare(g, drivers, p)
                gc.collect()
                if HELD[0]:  # the real app is here: the board's heap is what it leaves free
                    held = ballast(max(16 * 1024, BOARD_HEAP - gc.mem_alloc()))
                else:  # the ballast stands in for the app
                    held = ballast(gc.mem_free() - APP_HEAP)
                MARK(7, 3, 5)
                try:
                    step(g, drivers, p)
                    done = "ok"
                except MemoryError:  # reported: the step does not run beside the app
                    done = "MemoryError"
                MARK(7, 3, 5)
                del held
                print(kind, phase, done)


main()
