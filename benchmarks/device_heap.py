"""Heap the score keeper holds on the board, measured under MicroPython.

    node tests/mp/exec.mjs benchmarks/device_heap.py benchmarks/device_stubs.py \
        firmware/texts.tsv BOARD                          (make heap-device: every board)

The app's own modules (firmware/, boards/, engine_core/) run unchanged on a board
profile; only the board's C modules (displayio, vectorio, terminalio, keypad, board)
are stand-ins (benchmarks/device_stubs.py), and the journal writes real files in the
interpreter's in-memory filesystem. A session of presses goes through every screen:
settings and language, a whole Tichu match (calls, double victories, a wish penalty),
the round history with undo and edit, statistics, the match end, then a new Chimera
match to its end, then a long Tichu match (thirty rounds: the book's growth). After
every press the runner collects garbage and reads gc.mem_alloc(); the figure is the
highest of these, the heap the app holds at its peak, and what it holds before the app
is imported (the interpreter and the stand-ins).

    node tests/mp/exec.mjs ... BOARD trace     prints the heap after every press

The WebAssembly MicroPython frees garbage only between top-level calls, so the session
is a generator: tests/mp/exec.mjs runs it to each yield, collects, and calls record().
"""

import sys

ARGV = globals().get("ARGV") or sys.argv
TRACE = "trace" in ARGV  # print the heap after every press
ARGS = [a for a in ARGV[1:] if a != "trace" and "." not in a]
BOARD = ARGS[0] if ARGS else "picosystem"
STEP_MS = 20
TAP_MS = 80
HOLD_MS = 700

# The session: (logical keys, what they enter). Presses are those of a person at the
# table (recorded from the host simulator's scripted players in tests/device/driver.py);
# the totals at the end of each match prove the app got what was meant.
TICHU = [
    ("down ok up ok", "settings: Deutsch"),
    ("ok down ok", "settings: English again"),
    ("down ok right down*6 right*4 ok", "new Tichu match to 500"),
    ("ok right left up*3 ok", "65:35"),
    ("ok right*2 up left*2 up*4 ok", "Anna's Tichu, 70:30"),
    ("ok right up*3 ok", "double victory Ben and David"),
    ("ok right*3 down left*2 up*2 left down*2 ok", "Ben's Grand fails, 40:60"),
    ("ok right up*4 left*2 down ok", "wish penalty on Ben and David"),
    ("down ok*2 left up right up*6 ok", "history: edit the last round to 80:20"),
    ("ok down ok back", "history: undo the last round"),
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
EXPECTED = {"tichu": [675, 25], "chimera": [305, 5, 235], "long": [1500, 1500]}
PARTS = (("tichu", TICHU), ("chimera", CHIMERA), ("long", LONG))


class Session:
    def __init__(self, board):
        for a in ARGV:
            if a.endswith("device_stubs.py"):
                sys.path.insert(0, a.rsplit("/", 1)[0])
        import device_stubs

        device_stubs.install()
        self.board = board
        self.now = 0

    def start(self):

        from device_stubs import Display

        from boards import load
        from firmware.app import App
        from firmware.stores import NvmStore

        p = load(self.board)
        self.keymap = p.KEYMAP  # the module itself goes, as on the board
        self.size = (p.WIDTH, p.HEIGHT)
        self.keys = p.make_keys()
        self.app = App(p, Display(p.WIDTH, p.HEIGHT), self.keys, NvmStore(bytearray(b"\xff" * 4096)))
        # As firmware/code.py: what only starting needs goes before the loop.
        for name in ("boards", p.__name__):
            sys.modules.pop(name, None)
        self.app.step(0)

    def advance(self, ms):
        end = self.now + ms
        while self.now < end:
            self.now += STEP_MS
            self.app.step(self.now)

    def press(self, logical):
        km = self.keymap
        taps = [i for i in range(len(km)) if km[i][0] == logical]
        n = taps[0] if taps else [i for i in range(len(km)) if km[i][1] == logical][0]
        self.keys.inject(n, True, self.now)
        self.advance(TAP_MS if taps else HOLD_MS)
        self.keys.inject(n, False, self.now)
        self.advance(TAP_MS)

    def screen(self):
        return type(self.app.top()).__name__


def keys_of(script):
    out = []
    for tok in script.split():
        name, _, times = tok.partition("*")
        out += [name] * int(times or 1)
    return out


FIGURES = {}
RESULTS = {}
PEAK = [0, ""]
S = Session(BOARD)


def measure_steps():
    yield "before import"
    S.start()
    yield "app started"
    for name, part in PARTS:
        for script, what in part:
            for k in keys_of(script):
                S.press(k)
                yield "%s (%s on %s)" % (what, k, S.screen())
        RESULTS[name] = (list(S.app.book.totals), S.screen())
        yield "end of " + name


def record(label, live):
    if TRACE:
        print("%6d %s" % (live, label))
    if label in ("before import", "app started") or label.startswith("end of"):
        FIGURES[label] = live
    if live > PEAK[0]:
        PEAK[0] = live
        PEAK[1] = label


def report():
    base = FIGURES["before import"]
    ok = True
    print("board %s (%dx%d)" % (BOARD, S.size[0], S.size[1]))
    for name, _ in PARTS:
        totals, screen = RESULTS.get(name, (None, None))
        good = totals == EXPECTED[name] and screen == ("Totals" if name == "long" else "MatchEnd")
        ok = ok and good
        print("  %-7s match: totals %s on %s %s" % (name, totals, screen, "as entered" if good else "WRONG"))
    print("  heap before the app (interpreter, stand-ins): %6d bytes" % base)
    print("  heap with the app started:                    %6d bytes" % FIGURES["app started"])
    print("  heap after the Tichu match:                   %6d bytes" % FIGURES["end of tichu"])
    print("  heap after the Chimera match:                 %6d bytes" % FIGURES["end of chimera"])
    print("  heap after 30 more rounds (a long match):     %6d bytes" % FIGURES["end of long"])
    print("  PEAK heap held (gc.mem_alloc after collect):  %6d bytes = %.1f KB (app's own: %.1f KB)"
          % (PEAK[0], PEAK[0] / 1024, (PEAK[0] - base) / 1024))
    print("    at: %s" % PEAK[1])
    return 0 if ok else 1
