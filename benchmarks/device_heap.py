# The heap the app holds on the board, measured on CircuitPython's RP2040-like interpreter
# (../shared/tools/circuitpython-rp2040, see ../shared/tools/BUILD.md). The host side,
# benchmarks/device_heap_run.py (make heap-device), compiles firmware/, boards/ and
# engine_core/ with the tools' mpy-cross as `make deploy MPY_CROSS=` ships them and runs
#
#   MICROPYPATH=<the .mpy tree>:<stubs> circuitpython-rp2040 -X heapsize=171K \
#       device_heap.py BOARD PART[,PART...] [rounds=N] [seed=S] [trace]
#
# PART: keeper (the score keeper's session below), chimera, tichu (a whole dealt match:
# seat 0 a human driven by key presses, the others level-3 bots without pause). The app's
# own modules run unchanged; only the board's C modules (displayio, vectorio, terminalio,
# keypad, board) are stand-ins (benchmarks/device_stubs.py, as .py), and the journal
# writes into a 4 KB nvm stand-in. After every press (and every 100 ms in which the bots
# played) the heap is collected and gc.mem_alloc() read; the figure is the highest of
# these, and the heap before the app is imported (interpreter, stand-ins, this script).
# rounds=N: stop a dealt match after N rounds (the quick check of tests/host). The last
# line is "completed" when every part ended as meant; a MemoryError anywhere ends the run
# with status 3 (the host side bisects -X heapsize over that).
#
# The modules that run on the board document themselves in comments; so does this one
# (no docstrings: they would be heap here too).

import gc
import sys

ARGS = [a for a in sys.argv[1:] if "=" not in a and a != "trace"]
OPTS = dict([a.split("=", 1) for a in sys.argv[1:] if "=" in a])
TRACE = "trace" in sys.argv
BOARD = ARGS[0] if ARGS else "picosystem"
PARTS = ARGS[1].split(",") if len(ARGS) > 1 else ["keeper", "chimera", "tichu"]
ROUNDS = int(OPTS.get("rounds", 0))  # 0: the whole match
SEED = int(OPTS.get("seed", 7))
STEP_MS = 20
TAP_MS = 80
HOLD_MS = 700
BOT_LEVEL = 3
LIMITS = {"chimera": 150, "tichu": 400}  # short matches, so a whole one ends in a few rounds

# The score keeper's session: (logical keys, what they enter). Presses are those of a
# person at the table (recorded from the host simulator's scripted players); the totals
# at the end of each match prove the app got what was meant. The menu without a match:
# New match, Settings, Play, Play: setup; with one: Scores, New match, Rounds,
# Statistics, Settings, Play, Play: setup.
TICHU = [
    ("down ok up ok", "settings: Deutsch"),
    ("ok down ok", "settings: English again"),
    ("up ok right down*6 right*4 ok", "new Tichu match to 500"),
    ("ok right left up*3 ok", "65:35"),
    ("ok right*2 up left*2 up*4 ok", "Anna's Tichu, 70:30"),
    ("ok right up*3 ok", "double victory Ben and David"),
    ("ok right*3 down left*2 up*2 left down*2 ok", "Ben's Grand fails, 40:60"),
    ("ok right up*4 left*2 down ok", "wish penalty on Ben and David"),
    ("down ok down ok left up right up*6 ok", "history: edit the last round to 80:20"),
    ("ok down*2 ok ok back", "history: undo the last round"),
    ("right back", "statistics"),
    ("ok right up ok", "double victory Anna and Carla"),
    ("ok left*2 up right*3 up*3 ok", "double victory, David's Tichu fails: the end"),
]
CHIMERA = [
    ("back*2 down ok down right down*2 right*3 ok", "new Chimera match to 300"),
    ("ok right*3 up right*2 up right up*6 right*2 up*4 ok", "Anna out first, a trap, a silent Hunter"),
    ("ok up right up right up right*4 up*2 right up*4 right up*6 ok", "Ben loses his bid"),
    ("ok up right up*2 right*3 up right*4 up*8 ok", "Carla's 40 with the attack"),
    ("ok up right up*2 right*2 up*2 right*3 up*5 right up*3 right up*4 ok",
     "Anna's 40 with two traps: the end"),
]
LONG = [
    ("ok up right up*9 ok", "new Tichu match to 2000"),
    ("ok ok " * 30, "thirty rounds of 50:50"),
    ("down back right back", "the rounds and the statistics of a long match"),
]
EXPECTED = {"tichu": ([675, 25], "MatchEnd"), "chimera": ([305, 5, 235], "MatchEnd"),
            "long": ([1500, 1500], "Totals")}
KEEPER = (("tichu", TICHU), ("chimera", CHIMERA), ("long", LONG))


class Rig:
    # The board: the app on a profile, the stand-in panel and keys, a clock moved by hand.

    def __init__(self):
        import device_stubs

        device_stubs.install()
        self.now = 0
        self.peak = 0
        self.where = ""
        self.part = ""
        self.part_peak = {}
        self.label = ""

    def start(self):
        from device_stubs import Display

        from boards import load
        from firmware.app import App
        from firmware.stores import NvmStore

        p = load(BOARD)
        self.keymap = p.KEYMAP  # the module itself goes, as on the board
        self.size = (p.WIDTH, p.HEIGHT)
        self.keys = p.make_keys()
        self.app = App(p, Display(p.WIDTH, p.HEIGHT), self.keys, NvmStore(bytearray(b"\xff" * 4096)))
        # As firmware/code.py: what only starting needs goes before the loop.
        for name in ("boards", p.__name__):
            sys.modules.pop(name, None)
        self.app.step(0)

    def measure(self, what):
        gc.collect()
        live = gc.mem_alloc()
        if TRACE:
            print("%6d %s: %s (%s on %s)" % (live, self.part, self.label, what, self.name()))
        if live > self.peak:
            self.peak = live
            self.where = "%s: %s (%s on %s)" % (self.part, self.label, what, self.name())
        if live > self.part_peak.get(self.part, (0, ""))[0]:
            self.part_peak[self.part] = (live, "%s (%s on %s)" % (self.label, what, self.name()))

    def top(self):
        return self.app.top()

    def name(self):
        return type(self.app.top()).__name__


R = Rig()


def keys_of(script):
    out = []
    for tok in script.split():
        name, _, times = tok.partition("*")
        out += [name] * int(times or 1)
    return out


RESULTS = []  # (ok, text) per part that ended
WAIT = 100  # ms the table is given at a time while the bots play


# The drivers below are generators: they yield the logical keys to press (or WAIT), and
# one flat loop (run) presses them. So the app runs as deep in the interpreter's 2 KB
# pystack as under the board's code.py (a module, then app.step); a generator's frame
# lives on the heap, never on the pystack.


def keeper():
    # The score keeper's session.
    for name, part in KEEPER:
        for script, what in part:
            R.label = what
            for k in keys_of(script):
                yield k
        totals, screen = list(R.app.book.totals), R.name()
        ok = (totals, screen) == EXPECTED[name]
        RESULTS.append((ok, "%s match: totals %s on %s %s" % (name, totals, screen,
                                                              "as entered" if ok else "WRONG")))


# -- the dealt match, by key presses as a person would (host_sim/player.py's helpers) -----------


def open_row(text):
    # A main-menu row, from any screen.
    if R.name() != "Menu":
        yield "menu"
    rows = [r[0] for r in R.top().rows()]
    target = rows.index(text)
    rows = None
    while R.top().focus != target:
        yield "down"
    yield "ok"


def choose(key, value):
    # The form field ``key`` set to ``value``: RIGHT/LEFT to it, then UP/DOWN.
    scr = R.top()
    keys = [f.key for f in scr.fields]
    n = len(keys)
    target = keys.index(key)
    fwd = (target - scr.focus) % n
    back = (scr.focus - target) % n
    scr = keys = None
    for _ in range(fwd if fwd <= back else back):
        yield "right" if fwd <= back else "left"
    f = R.top().fields[R.top().focus]
    assert f.key == key, (f.key, key)
    n = len(f.options)
    steps = f.options.index(value) - f.i
    if f.wrap and abs(steps) > n // 2:
        steps = steps - n if steps > 0 else steps + n
    f = None
    for _ in range(abs(steps)):
        yield "up" if steps > 0 else "down"
    assert R.top().fields[R.top().focus].value() == value, (key, value)


def play_setup(game):
    yield from open_row("Play: setup")
    assert R.name() == "PlaySetup", R.name()
    yield from choose("game", game)
    for s in range(len(R.top().chosen())):
        yield from choose("h%d" % s, s == 0)
    yield from choose("limit", LIMITS[game])
    yield from choose("level", BOT_LEVEL)
    yield from choose("delay", 0)
    yield "ok"
    if R.name() == "Choice":  # a match was running: end it
        yield "ok"


def item_index(test):
    items = R.top().items()
    for i in range(len(items)):
        if test(items[i]):
            return i
    return None


def cursor_to(index):
    scr = R.top()
    n = len(scr.items())
    fwd = (index - scr.cursor) % n
    back = (scr.cursor - index) % n
    scr = None
    for _ in range(fwd if fwd <= back else back):
        yield "down" if fwd <= back else "up"
    assert R.top().cursor == index


def do_item(test):
    i = item_index(lambda it: it[2] is None and test(it))
    assert i is not None, "no such action item"
    yield from cursor_to(i)
    yield "ok"


def human_turn():
    # The seat on screen acts: the lowest bid, the lowest cards to give or push, no Grand
    # Tichu, the Dragon to the first opponent offered, in trick play the first legal play
    # (RIGHT from an action item) or a pass when there is none. A Mah Jong wishes nothing.
    scr = R.top()
    kind = scr.due()[0]
    seat = scr.seat
    acts = [it[4] for it in scr.items() if it[2] is None]
    pick = list(scr.hand()[:scr.picking()]) if kind in ("give", "push") else []
    plays = len(scr.plays()) if kind == "play" else 0
    scr = None
    if kind == "bid":
        bids = [a for a in acts if a[1] == "bid"]
        want = bids[0] if bids else (seat, "pass")
        acts = bids = None
        yield from do_item(lambda it: it[4] == want)
    elif kind == "grand":
        yield from do_item(lambda it: it[4] == (seat, "no_grand"))
    elif kind in ("give", "push"):
        for c in pick:
            yield from cursor_to(item_index(lambda it, c=c: it[2] == c))
            yield "ok"
        yield from do_item(lambda it: it[4] == kind)
    elif kind == "gift":
        yield from do_item(lambda it: it[4][1] == "gift")
    elif (seat, "pass") in acts and not plays:
        yield from do_item(lambda it: it[4] == (seat, "pass"))
    else:
        acts = None
        first = item_index(lambda it: it[2] is None)
        if first is not None:
            yield from cursor_to(first)
        yield "right"
        assert R.top().sel and R.top().status()[1], R.top().status()
        yield from do_item(lambda it: isinstance(it[4], tuple) and it[4][0] == "play")
    if R.name() == "Choice":  # the Mah Jong's wish: none
        yield "ok"


def dealt_match(game):
    # A whole dealt match of ``game`` (or ROUNDS rounds).
    from engine_core.prng import Pcg32

    R.app.pause_ms = 0
    R.app.seed_source = Pcg32(SEED).next  # the simulator's seeds: the same deals every run
    R.label = "setup"
    yield from play_setup(game)
    rounds = turns = 0
    R.label = "round 1"
    for _ in range(100000):
        name = R.name()
        if name == "MatchEnd":
            break
        if name == "PlayScore":
            rounds += 1
            if ROUNDS and rounds >= ROUNDS:
                break
            R.label = "round %d" % (rounds + 1)
            yield "ok"
        elif name == "Privacy" or name == "Choice":
            yield "ok"
        elif name == "Hand":
            if R.top().due()[1]:
                yield from human_turn()
                turns += 1
            else:
                yield "back"
        elif name == "Table":
            yield WAIT
        else:
            raise AssertionError("unexpected screen " + name)
    book = R.app.book
    over = book.over()
    ok = book.game == game and (over and R.name() == "MatchEnd" or ROUNDS and book.rounds() == ROUNDS)
    RESULTS.append((ok, "%s dealt match to %d: %d rounds, %d human turns, totals %s%s %s" % (
        game, book.limit, book.rounds(), turns, list(book.totals), ", over" if over else "",
        "as meant" if ok else "WRONG")))


def run(keys):
    # Press what ``keys`` yields, as a person at the board would (a hold for a key the
    # board only gives by holding a button), and measure after each press; WAIT: let the
    # table's bots play for that long (measured when they did).
    app = R.app
    km = R.keymap
    for k in keys:
        if k == WAIT:
            before = app.session.dealt.state
            end = R.now + WAIT
            while R.now < end:
                R.now += STEP_MS
                app.step(R.now)
            moved = app.session is None or app.session.dealt.state is not before
            before = None
            if moved:
                R.measure("bots")
            continue
        n = -1
        hold = False
        for i in range(len(km)):
            if km[i][0] == k:
                n = i
                break
        if n < 0:
            hold = True
            for i in range(len(km)):
                if km[i][1] == k:
                    n = i
                    break
        R.keys.inject(n, True, R.now)
        end = R.now + (HOLD_MS if hold else TAP_MS)
        while R.now < end:
            R.now += STEP_MS
            app.step(R.now)
        R.keys.inject(n, False, R.now)
        end = R.now + TAP_MS
        while R.now < end:
            R.now += STEP_MS
            app.step(R.now)
        R.measure(k)


def report(before, started):
    ok = True
    print("board %s (%dx%d), parts %s" % (BOARD, R.size[0], R.size[1], ",".join(PARTS)))
    for good, text in RESULTS:
        ok = ok and good
        print("  " + text)
    ok = ok and len(RESULTS) == len(PARTS) + 2 * ("keeper" in PARTS)
    print("  heap before the app (interpreter, stand-ins, this script): %6d bytes" % before)
    print("  heap with the app started:                                 %6d bytes" % started)
    for part in PARTS:
        live, where = R.part_peak.get(part, (0, "-"))
        print("  peak in %-8s %6d bytes, app's own %5.1f KB, at %s"
              % (part + ":", live, (live - before) / 1024, where))
    print("PEAK %d bytes = %.1f KB; app's own %d bytes = %.1f KB" % (R.peak, R.peak / 1024, R.peak - before,
                                                                   (R.peak - before) / 1024))
    print("  at %s" % R.where)
    print("completed" if ok else "FAILED: a part did not end as meant")
    return 0 if ok else 1


gc.collect()
BEFORE = gc.mem_alloc()
try:
    R.part = "start"
    R.label = "the app started"
    R.start()
    R.measure("-")
    STARTED = gc.mem_alloc()
    for PART in PARTS:
        R.part = PART
        run(keeper() if PART == "keeper" else dealt_match(PART))
    status = report(BEFORE, STARTED)
except MemoryError as e:
    print("MemoryError in %s: %s (%s): %s" % (R.part, R.label, R.name() if hasattr(R, "app") else "-", e))
    status = 3
sys.exit(status)
