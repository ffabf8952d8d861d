# The heap the app holds on the board, measured on CircuitPython's RP2040-like interpreter
# (../shared/tools/circuitpython-rp2040, see ../shared/tools/BUILD.md). The host side,
# benchmarks/device_heap_run.py (make heap-device), compiles firmware/, boards/ and
# engine_core/ with the tools' mpy-cross as `make deploy MPY_CROSS=` ships them and runs
#
#   MICROPYPATH=<the .mpy tree>:<stubs> circuitpython-rp2040 -X heapsize=171K \
#       device_heap.py BOARD PART[,PART...] [rounds=N] [seed=S] [lang=L] [trace]
#
# PART: keeper (the score keeper's session below), chimera, tichu (a whole dealt match:
# seat 0 a human driven by key presses, the others level-3 bots without pause). The app's
# own modules run unchanged; only the board's C modules (displayio, vectorio, terminalio,
# keypad, board) are stand-ins (benchmarks/device_stubs.py, as .py), and the journal
# writes into a 4 KB nvm stand-in. After every press (and every 100 ms in which the bots
# played) the heap is collected and gc.mem_alloc() read; the figure is the highest of
# these, and the heap before the app is imported (interpreter, stand-ins, this script).
# A journal write that runs out of heap leaves the app going, showing NOT SAVED: that
# counts as a MemoryError too (a lost save is a lost match after a power cut).
# rounds=N: stop a dealt match after N rounds (the quick check of tests/host); lang=1: the
# dealt matches in German (its table costs heap English does not). The last
# line is "completed" when every part ended as meant; a MemoryError anywhere ends the run
# with status 3 (the host side bisects -X heapsize over that). stop=before, stop=start: end
# before the app starts, or once it has started and built its first screen, before its
# first pass (a VM after a reload: benchmarks/reload_cost.py counts what it costs).
#
# PART marathon: HOURS (8) of the benchmark's clock in one power-up, a person taking
# THINK_MS over each press: the score keeper's session, a whole dealt match of Chimera and
# one of Tichu, over and over, the dealt matches in English and German by turns (each
# switch of language, match and game is a switch of mode).
#
# A reload (firmware/install.py: a switch of mode ends the VM) is a new run of this script:
# the app asks for it, the old VM is measured as it is then, and the run saves the nvm
# stand-in and where the drivers below stood (state=FILE) and ends with status 4; the host
# side (device_heap_run.py) starts it again with the same arguments, a fresh interpreter
# as on the board, until it ends otherwise. The figures are those of every VM of the run.
#
# The modules that run on the board document themselves in comments; so does this one
# (no docstrings: they would be heap here too).

import gc
import json
import sys

# The 4 KB nvm stand-in comes first, into a heap still empty, and before the figure's
# baseline: on the board microcontroller.nvm is the flash itself, not heap.
try:
    NVM = bytearray(b"\xff" * 4096)
except MemoryError as e:  # a heap too small for this script and the stand-in alone
    print("MemoryError in start: the nvm stand-in (-): %s" % e)
    sys.exit(3)

ARGS = [a for a in sys.argv[1:] if "=" not in a and a != "trace"]
OPTS = dict([a.split("=", 1) for a in sys.argv[1:] if "=" in a])
STATE = OPTS.get("state")  # where a reload leaves the run for the next VM
RELOAD = 4  # the exit status of a VM that a switch of mode ended
TRACE = "trace" in sys.argv
BOARD = ARGS[0] if ARGS else "picosystem"
PARTS = ARGS[1].split(",") if len(ARGS) > 1 else ["keeper", "chimera", "tichu"]
ROUNDS = int(OPTS.get("rounds", 0))  # 0: the whole match
SEED = int(OPTS.get("seed", 7))
LANG = int(OPTS.get("lang", 0))  # the language of the dealt matches (0 English, 1 German)
STEP_MS = 20
TAP_MS = 80
HOLD_MS = 700
BOT_LEVEL = 3
LIMITS = {"chimera": 150, "tichu": 400}  # short matches, so a whole one ends in a few rounds
HOURS = float(OPTS.get("hours", 8))  # the marathon's length on the benchmark's clock
THINK_MS = 3000  # the marathon's person: time over each press
MARATHON = PARTS == ["marathon"]

# The score keeper's session: (logical keys, what they enter). Presses are those of a
# person at the table (recorded from the host simulator's scripted players); the totals
# at the end of each match prove the app got what was meant. The menu without a match:
# New match, Settings, Play, Play: setup; with one: Scores, New match, Rounds,
# Statistics, Settings, Play, Play: setup.
# "@Row": to the main menu's row of that English text ("_" for a space) and OK on it: a
# new language comes back on the menu with the focus on its first row (a fresh VM).
TICHU = [
    ("@Settings up ok", "settings: a new language"),
    ("@Settings down ok", "settings: the language before"),
    ("@New_match right down*6 right*4 ok", "new Tichu match to 500"),
    ("ok right left up*3 ok", "65:35"),
    ("ok right*2 up left*2 up*4 ok", "Anna's Tichu, 70:30"),
    ("ok right up*3 ok", "double victory Ben and David"),
    ("ok right*3 down left*2 up*2 left down*2 ok", "Ben's Grand fails, 40:60"),
    ("ok right up*4 left*2 down ok", "wish penalty on Ben and David"),
    ("down ok down ok left up right up*6 ok", "history: edit the last round to 80:20"),
    ("ok down*2 ok up ok back", "history: undo the last round"),
    ("right back", "statistics"),
    ("ok right up ok", "double victory Anna and Carla"),
    ("ok left*2 up right*3 up*3 ok", "double victory, David's Tichu fails: the end"),
]
CHIMERA = [
    ("@New_match down right down*2 right*3 ok", "new Chimera match to 300"),
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
        self.unsaved = 0  # presses after which the app showed NOT SAVED
        self.first_unsaved = ""

    def start(self):
        from device_stubs import Display

        from boards import load
        from firmware.app import App
        from firmware.storage.stores import NvmStore

        p = load(BOARD)
        self.keymap = p.KEYMAP  # the module itself goes, as on the board
        self.size = (p.WIDTH, p.HEIGHT)
        self.keys = p.make_keys()
        self.app = App(p, Display(p.WIDTH, p.HEIGHT), self.keys, NvmStore(NVM))
        if OPTS.get("stop") == "start":  # the VM after a reload has its first screen (not a bot's turn)
            sys.exit(0)
        self.app.on_reload = reload_vm
        # As firmware/code.py: what only starting needs goes before the loop.
        for name in ("boards", p.__name__):
            sys.modules.pop(name, None)
        self.app.step(self.now)

    def measure(self, what):
        if self.app.unsaved or self.app.store is None:  # a journal write ran out of heap
            if not self.unsaved:
                self.first_unsaved = "%s: %s (%s on %s)" % (self.part, self.label, what, self.name())
            self.unsaved += 1
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


WAIT = 100  # ms the table is given at a time while the bots play


# The drivers below press one key at a time (press), from a plain loop: so the app runs as
# deep in the interpreter's 2 KB pystack as under the board's code.py (a module, then app.step).


def keeper():
    # The score keeper's session; after a reload, from the key after the one that made it
    # (S["at"]: match, script, key).
    at = S["at"] or [0, 0, 0]
    if MARATHON and not S["at"]:
        # The app offers a new match with the last match's limit and names (newmatch.py), and
        # the scripts above enter theirs from a fresh device's: so each pass starts from those
        # again, journaled as the settings screen would (else a second pass would enter other
        # matches than EXPECTED's totals). Inline: each name of this script is interned in
        # the VM it measures.
        from firmware.app import fresh_settings

        fresh = fresh_settings()
        for k in ("chimera", "tichu", "names", "custom"):
            R.app.settings[k] = fresh[k]
        R.app.record(R.app._settings())
    for i in range(at[0], len(KEEPER)):
        name, part = KEEPER[i]
        for j in range(len(part)):
            script, what = part[j]
            R.label = what
            keys = keys_of(script)
            for n in range(len(keys)):
                if [i, j, n] < at:
                    continue
                S["at"] = [i, j, n + 1]
                k = keys[n]
                if k[0] == "@":
                    row = k[1:].replace("_", " ")
                    while k != "ok":
                        k = menu_key(row)
                        press(k)
                else:
                    press(k)
        totals, screen = list(R.app.book.totals), R.name()
        ok = (totals, screen) == EXPECTED[name]
        result(ok, "%s match: totals %s on %s %s" % (name, totals, screen, "as entered" if ok else "WRONG"))


# -- the dealt match, by key presses as a person would (host_sim/player.py's helpers) -----------
#
# One key at a time, decided from the screen on top alone by plain functions. Never a
# generator here: a suspended generator's frame keeps the stale slots of its value stack,
# and the collector scans them, so an old screen (and its legal list) it once touched would
# stay alive and be counted as the app's (it was 25 KB).


def toward(index, cursor, n):
    # The key that moves a cursor (wrapping over n items) one step toward index, or None.
    if cursor == index:
        return None
    fwd = (index - cursor) % n
    return "down" if fwd <= n - fwd else "up"


def menu_key(text):
    # The next key to open the main menu's row ``text``.
    if R.name() != "Menu":
        return "menu"
    scr = R.top()
    target = [r[0] for r in scr.rows()].index(text)
    return toward(target, scr.focus, len(scr.rows())) or "ok"


def field_key(key, value):
    # The next key that sets the form field ``key`` to ``value``, or None once it is.
    scr = R.top()
    keys = [f.key for f in scr.fields]
    n = len(keys)
    target = keys.index(key)
    f = scr.fields[target]
    if f.value() == value:
        return None
    if scr.focus != target:
        return "right" if (target - scr.focus) % n <= (scr.focus - target) % n else "left"
    steps = f.options.index(value) - f.i
    if f.wrap and abs(steps) > len(f.options) // 2:
        steps = -steps
    return "up" if steps > 0 else "down"


def setup_key(game):
    # The next key of "Play: setup" for ``game``: seat 0 a human, bots of BOT_LEVEL, no pause.
    if R.name() == "Choice":  # a match was running: end it (the question opens on Cancel)
        return "ok" if R.top().focus == 0 else "up"
    if R.name() != "PlaySetup":
        return menu_key("Play: setup")
    goals = [("game", game)] + [("h%d" % s, s == 0) for s in range(len(R.top().chosen()))]
    goals += [("limit", LIMITS[game]), ("level", BOT_LEVEL), ("delay", 0)]
    if R.top().problem():  # names the score keeper chose that do not fit: the presets
        from firmware.rounds.presets import PRESETS

        goals += [("p%d" % s, PRESETS[s]) for s in range(len(R.top().chosen()))]
    for key, value in goals:
        k = field_key(key, value)
        if k is not None:
            return k
    return "ok"


def item_at(test):
    items = R.top().items()
    for i in range(len(items)):
        if test(items[i]):
            return i
    return None


def item_key(test):
    # The key that brings the cursor to the first item passing ``test``, or OK on it.
    i = item_at(test)
    assert i is not None, "no such item"
    scr = R.top()
    return toward(i, scr.cursor, len(scr.items())) or "ok"


def option_key(test):
    # The key that brings the hand's menu (firmware/play/menu.py) toward the first option
    # whose ``what`` passes ``test`` (LEFT/RIGHT to its column, UP/DOWN to it), or OK on it.
    scr = R.top()
    cols = scr.menu()
    for i in range(len(cols)):
        for j in range(len(cols[i])):
            if test(scr.expand(cols[i][j])):
                col = scr.col % len(cols)
                if i != col:
                    return "right" if toward(i, col, len(cols)) == "down" else "left"
                return toward(j, scr.row % len(cols[i]), len(cols[i])) or "ok"
    raise AssertionError("no such option")


def human_key():
    # The seat on screen acts: the lowest bid, the lowest cards to give or push, no Grand
    # Tichu, the Dragon to the first opponent offered, in trick play the menu's first play
    # or a pass when there is none. A Mah Jong wishes nothing.
    scr = R.top()
    kind = scr.due()[0]
    seat = scr.seat
    if kind in ("give", "push"):
        for c in scr.hand()[:scr.picking()]:
            if c not in scr.sel:
                return item_key(lambda it, c=c: it[2] == c)
        return item_key(lambda it: it[2] is None and it[4] == kind)
    if scr.menu() is None:  # no room for the menu even in a fresh VM (Hand.menu): the free
        # selection, the first legal play holding the card under the cursor (a lead)
        if not scr.sel:
            return "right"
        return item_key(lambda it: it[2] is None and it[4] is not None and it[4][0] == "play")
    acts = []
    plays = False
    for col in scr.menu():
        for c in col:
            o = scr.expand(c)
            if o[0] == "act":
                acts.append(o[1])
            plays = plays or o[0] == "play"
    if kind == "bid":
        bids = [a for a in acts if a[1] == "bid"]
        want = bids[0] if bids else (seat, "pass")
    elif kind == "grand":
        want = (seat, "no_grand")
    elif kind == "gift":
        want = [a for a in acts if a[1] == "gift"][0]
    elif not plays:
        want = (seat, "pass")
    else:
        return option_key(lambda w: w[0] == "play")
    return option_key(lambda w: w[0] == "act" and w[1] == want)


def dealt_key():
    # The next key of the dealt match in play, WAIT for the bots, or None at its end. (Not
    # inlined in dealt_match: a live frame keeps its stale value-stack slots too, and one
    # holding the screen that just closed would keep it alive.)
    name = R.name()
    if name == "MatchEnd" or name == "Totals" and R.app.book.over():  # (Totals: a fresh VM after the
        return None  # last round, as after a power cut there: App.home)
    # a Choice: the Mah Jong's wish, none; a Message: what the push or the exchange
    # brought (the menu offers no play that could be refused)
    if name in ("PlayScore", "Privacy", "Choice", "Message"):
        return "ok"
    if name == "Table":
        return WAIT
    if name == "Hand":
        if not R.top().due()[1]:
            return "back"
        try:
            return human_key()
        except MemoryError:  # no room to read the whole menu here: OK on the option in view
            return "ok"
    raise AssertionError("unexpected screen " + name)


def dealt_match(game, lang):
    # A whole dealt match of ``game`` (or ROUNDS rounds) in language ``lang``; after a
    # reload, on from where it stood (S["at"]: 0 setting up, else rounds and plays so far).
    R.label = "setup"
    if R.app.settings["lang"] != lang:  # as Settings does it (the keeper part goes by keys)
        R.app.settings["lang"] = lang
        R.app.save_settings()  # a new language: a reload, so this VM ends here
    if not S["at"]:
        for _ in range(1000):
            name = R.name()
            k = setup_key(game)
            if k == "ok" and name in ("PlaySetup", "Choice"):
                S["at"] = [0, 0]  # the match starts with this press: a reload
            press(k)
            if k == "ok" and name in ("PlaySetup", "Choice") and R.name() != "Choice":
                break
    S["at"] = S["at"] or [0, 0]
    R.label = "round %d" % (S["at"][0] + 1)
    for _ in range(100000):
        if R.name() == "PlayScore":
            S["at"][0] += 1
            if ROUNDS and S["at"][0] >= ROUNDS:
                break
            R.label = "round %d" % (S["at"][0] + 1)
        k = dealt_key()
        if k is None:
            break
        S["at"][1] += press(k)
    book = R.app.book
    over = book.over()
    ok = book.game == game and (over and R.name() in ("MatchEnd", "Totals")
                                or ROUNDS and book.rounds() == ROUNDS)
    result(ok, "%s dealt match to %d%s: %d rounds, %d plays by seat 0, totals %s%s %s" % (
        game, book.limit, " in German" if lang else "", book.rounds(), S["at"][1], list(book.totals),
        ", over" if over else "", "as meant" if ok else "WRONG"))


def result(ok, text):
    # A part's end: the marathon keeps counts (its VMs read the state anew), a run its lines.
    if MARATHON:
        S["done"] += 1
        if not ok:
            S["results"].append([False, text])
    else:
        S["results"].append([ok, text])


def next_seed():
    # The run's round seeds: one generator over all its VMs (S["seeds"] handed out so far).
    S["seeds"] += 1
    return SEEDS.next()


def reload_vm():
    # The app asks for a fresh VM (firmware/install.py): this one is measured as it is now,
    # the nvm and the drivers' state are left for the next run, and this one ends.
    R.measure("reload")
    if R.app.reloading is MemoryError:  # no room for a step (App._no_room): the fresh VM does it again
        if R.label == "setup":
            S["at"] = []  # the match did not start: set it up again
        elif len(S["at"]) == 3:
            S["at"][2] -= 1  # the score keeper's key that ran out: pressed again
    S["now"] = R.now
    S["reloads"] += 1
    S["peak"], S["where"], S["part_peak"] = R.peak, R.where, R.part_peak
    S["unsaved"], S["first_unsaved"] = R.unsaved, R.first_unsaved
    S["last"] = "%s: %s (%s)" % (R.part, R.label, R.name())  # what the reload switched from
    with open(STATE + ".nvm", "wb") as f:
        f.write(NVM)
    with open(STATE, "w") as f:
        json.dump(S, f)
    sys.exit(RELOAD)


def press(k):
    # Press ``k`` as a person at the board would (a hold for a key the board only gives by
    # holding a button) and measure after it; WAIT: let the table's bots play for that long
    # (measured when they did).
    app = R.app
    km = R.keymap
    if k == WAIT:
        # Where the round stands, in plain numbers (holding the engine's state object over
        # the bots' steps would keep a state the app has replaced alive in the measured heap;
        # no function for it: each name of this script is interned in the VM it measures).
        d = app.session.dealt
        before = (d.seed, d.steps, d.state is None)
        end = R.now + WAIT
        while R.now < end:
            R.now += STEP_MS
            app.step(R.now)
        d = app.session.dealt if app.session is not None else None
        moved = d is None or (d.seed, d.steps, d.state is None) != before
        d = None
        if moved:
            R.measure("bots")
        think()
        return 0
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
    played = k == "ok" and selecting()
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
    think()
    return played and not selecting()  # a play by seat 0


def think():
    # The marathon's person takes THINK_MS over the next press (one pass of the loop then).
    if MARATHON:
        R.now += THINK_MS
        R.app.step(R.now)


def selecting():
    # Seat 0's cards are up, it is due and has cards selected. (A function of its own: see
    # dealt_key.)
    return R.name() == "Hand" and R.top().due()[1] and len(R.top().sel) > 0


def report(before, started):
    ok = True
    print("board %s (%dx%d), parts %s" % (BOARD, R.size[0], R.size[1], ",".join(PARTS)))
    for good, text in S["results"]:
        ok = ok and good
        print("  " + text)
    if MARATHON:
        ok = ok and S["done"] >= 3 and R.now >= HOURS * 3600000
        print("  %d matches played as meant in %.1f hours of the benchmark's clock"
              % (S["done"], R.now / 3600000))
    else:
        ok = ok and len(S["results"]) == len(PARTS) + 2 * ("keeper" in PARTS)
    print("  fresh VMs (reloads at a switch of mode): %d" % S["reloads"])
    print("  heap before the app (interpreter, stand-ins, this script): %6d bytes" % before)
    print("  heap with the app started:                                 %6d bytes" % started)
    for part in (sorted(R.part_peak) if MARATHON else PARTS):
        live, where = R.part_peak.get(part, (0, "-"))
        print("  peak in %-11s %6d bytes, app's own %5.1f KB, at %s"
              % (part + ":", live, (live - before) / 1024, where))
    print("PEAK %d bytes = %.1f KB; app's own %d bytes = %.1f KB" % (R.peak, R.peak / 1024, R.peak - before,
                                                                   (R.peak - before) / 1024))
    print("  at %s" % R.where)
    print("completed" if ok else "FAILED: a part did not end as meant")
    return 0 if ok else 1


def part_of(i):
    # The i-th part of the run and its language: the marathon goes round keeper, Chimera,
    # Tichu, the dealt matches in English and German by turns.
    if MARATHON:
        name = ("keeper", "chimera", "tichu")[i % 3]
        return name, (LANG + i // 3) % 2
    return PARTS[i], LANG


def more(i):
    if MARATHON:  # whole rounds of the three parts until the time is up
        return i % 3 or R.now < HOURS * 3600000
    return i < len(PARTS)


def label(name, lang):
    return name + ("/de" if MARATHON and lang and name != "keeper" else "")


# The run so far: S, saved by reload_vm for the next VM (nothing yet in the first).
S = {"reloads": 0, "now": 0, "part": 0, "at": [], "done": 0, "results": [], "peak": 0, "where": "",
     "part_peak": {}, "unsaved": 0, "first_unsaved": "", "started": 0, "seeds": 0}
if STATE:
    try:
        with open(STATE) as f:
            S = json.load(f)
        with open(STATE + ".nvm", "rb") as f:
            NVM[:] = f.read()
    except OSError:  # the first VM of the run
        pass
gc.collect()
BEFORE = gc.mem_alloc()
if OPTS.get("stop") == "before":  # benchmarks/reload_cost.py: the script's own cost
    sys.exit(0)
e = None  # bound before the heap runs out: binding it then could need a larger globals dict
try:
    name, lang = part_of(S["part"]) if more(S["part"]) else ("start", 0)
    R.part = label(name, lang) if S["reloads"] else "start"
    R.label = "the app started"
    R.now = S["now"]
    R.peak, R.where, R.part_peak = S["peak"], S["where"], S["part_peak"]
    R.unsaved, R.first_unsaved = S["unsaved"], S["first_unsaved"]
    R.start()
    from engine_core.prng import Pcg32

    R.app.pause_ms = 0
    R.app.seed_source = next_seed  # the simulator's seeds: the same deals every run, reloads or not
    SEEDS = Pcg32(SEED)
    for _ in range(S["seeds"]):
        SEEDS.next()
    R.measure("-")
    if not S["reloads"]:
        S["started"] = gc.mem_alloc()
    while more(S["part"]):
        name, lang = part_of(S["part"])
        R.part = label(name, lang)
        if name == "keeper":
            keeper()
        else:
            dealt_match(name, lang)
        S["part"] += 1
        S["at"] = []
    status = report(BEFORE, S["started"])
    if R.unsaved:  # the run went on, but saves were lost to MemoryError: as good as one
        print("MemoryError in the journal: NOT SAVED after %d presses, first at %s"
              % (R.unsaved, R.first_unsaved))
        status = 3
except MemoryError as e:  # noqa: F811 - the name bound above, so that this finds it
    try:
        name = R.name() if hasattr(R, "app") else "-"
    except MemoryError:  # not even room to say which screen
        name = "?"
    R.app = None  # room to say where
    gc.collect()
    import traceback

    traceback.print_exception(e)
    print("MemoryError in %s: %s (%s): %s" % (R.part, R.label, name, e))
    status = 3
sys.exit(status)
