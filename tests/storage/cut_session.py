"""The app's saves as a Keeper makes them, and a power cut at every write of a session, for
CPython (tests/storage/test_flash_cuts.py) and CircuitPython (tests/storage/cp_flash_session.py).

Keeper is firmware/app.py's journal half: the settings dict and the ScoreBook, a
saves.write after every change (a new match, or the first write after a failed one, is a
compaction: payload None), saves.load at start with the older journal open_store found.
A session is a list of concrete changes (tests/storage/score_session.py makes them).

sweep() runs the session once to count the medium's operations and the states after each
save (plan), then for every cut point runs it again from the medium as it came until the
cut, boots a new Keeper on what is left (the reboot), classifies what it loaded against the
states before and after the save in flight, saves one more change and boots again to see
it kept.

Only what CircuitPython has: no copy, random, dataclasses or typing.
"""

import gc
import json

from engine_core.errors import EntryError
from engine_core.scorebook import GAMES, ScoreBook
from tests.storage.flash_model import BEFORE, INSIDE, PowerCut, XorShift32

# firmware/app.py DEFAULTS (the test on CPython checks they agree); that module needs displayio.
DEFAULTS = {"t": "settings", "lang": 0, "chimera": GAMES["chimera"][2], "tichu": GAMES["tichu"][2],
            "names": [], "custom": [], "play": [], "at": None}
OLD, NEW, EMPTY, OTHER = "old", "new", "empty", "other"
APPEND, COMPACT, MOVE_IN = "append", "compaction", "move-in"
DOUBLE = "double"
PLURAL = {APPEND: "appends", COMPACT: "compactions", MOVE_IN: "moving in",
          DOUBLE: "the first save after a reboot (a second cut)"}


def clone(v):
    if isinstance(v, list):
        return [clone(x) for x in v]
    if isinstance(v, dict):
        return {k: clone(v[k]) for k in v}
    return v


def book_view(book):
    # What the screens show of a match: equal views are the same match.
    if book is None:
        return None
    return (book.game, list(book.names), book.limit, book.started, book.entries, list(book.totals))


def canon(v):
    # JSON text with sorted keys: the same for equal states on both interpreters (a
    # MicroPython dict need not iterate in insertion order).
    if isinstance(v, dict):
        return "{" + ",".join(json.dumps(k) + ":" + canon(v[k]) for k in sorted(v)) + "}"
    if isinstance(v, (list, tuple)):
        return "[" + ",".join(canon(x) for x in v) + "]"
    return json.dumps(v)


def _feed(h, v):
    if isinstance(v, dict):
        h.update(b"{")
        for k in sorted(v):
            h.update(json.dumps(k).encode())
            h.update(b":")
            _feed(h, v[k])
            h.update(b",")
        h.update(b"}")
    elif isinstance(v, (list, tuple)):
        h.update(b"[")
        for x in v:
            _feed(h, x)
            h.update(b",")
        h.update(b"]")
    else:
        h.update(json.dumps(v).encode())


def key(state):
    # A state as 32 bytes, a sha256 fed piece by piece with its form of sorted keys (as
    # canon): the sweep keeps one per save, within CircuitPython's heap.
    from hashlib import sha256

    h = sha256()
    _feed(h, state)
    return h.digest()


SMALL_HEAP = hasattr(gc, "mem_free")  # CircuitPython: collect before each run, against fragmentation
EMPTY_STATE = (clone(DEFAULTS), None)
EMPTY_KEY = key(EMPTY_STATE)


class Keeper:
    def __init__(self, store=None):
        self.store = store
        self.settings = clone(DEFAULTS)
        self.book = None
        self.unsaved = False

    def boot(self, store, older):
        # App.__init__: load, and move an older journal in with one compaction.
        self.store = store
        if store is None:
            return self
        from firmware.storage.saves import load

        try:
            self.book = load(store, older, self.settings)
        except OSError:
            self.unsaved = True
        if older is not None:
            self.record(None)
        return self

    def snapshot(self):
        out = [self.settings]
        if self.book is not None:
            out += list(self.book.payloads())
        return out

    def record(self, payload):
        if self.store is None:
            return
        from firmware.storage.saves import write

        try:
            write(self.store, self.snapshot, None if self.unsaved else payload)
            self.unsaved = False
        except OSError:
            self.unsaved = True

    def state(self):
        return (clone(self.settings), book_view(self.book))

    def apply(self, step):
        kind = step[0]
        if kind == "settings":
            for k in step[1]:
                self.settings[k] = clone(step[1][k])
            self.record(self.settings)
        elif kind == "new":
            _, game, names, limit = step
            self.settings["names"] = list(names)
            self.settings[game] = limit
            self.book = ScoreBook(game, list(names), limit)
            self.record(None)
        elif kind == "round":
            self.record(self.book.add(clone(step[1])))
        elif kind == "undo":
            self.record(self.book.undo())
        elif kind == "edit":
            self.record(self.book.edit(step[1], clone(step[2])))
        else:
            raise ValueError("unknown step %s" % kind)


# -- realistic entries ----------------------------------------------------------------------


def tichu_entry(rng):
    calls = {}
    r = rng.below(100)
    if r < 22:
        calls[str(rng.below(4))] = "tichu"
    elif r < 27:
        calls[str(rng.below(4))] = "grand"
    elif r < 31:
        a = rng.below(4)
        calls[str(a)] = "tichu"
        calls[str((a + 1 + rng.below(3)) % 4)] = "tichu"
    first = rng.below(4)
    if calls and rng.below(3):
        first = int(sorted(calls)[rng.below(len(calls))])  # a call usually means out first
    dv = first % 2 if rng.below(10) == 0 else None
    p = 5 * (4 + rng.below(13))
    if rng.below(12) == 0:
        p = 5 * rng.below(31) - 25
    e = {"calls": calls, "first_out": first, "double_victory": dv, "card_points": [p, 100 - p]}
    if rng.below(50) == 0:
        e["wish_penalty"] = rng.below(2)
    return e


def chimera_entry(rng):
    chimera = rng.below(3)
    first = chimera if rng.below(3) else (chimera + 1 + rng.below(2)) % 3
    won = first == chimera
    treasure = [5 * rng.below(7), 5 * rng.below(7), 5 * rng.below(7)]
    while treasure[0] + treasure[1] + treasure[2] > 60:
        i = treasure.index(max(treasure))
        treasure[i] -= 5
    silent = False
    if rng.below(8) == 0:
        quiet = [s for s in range(3) if s != chimera and s != first]
        q = quiet[rng.below(len(quiet))]
        treasure[q] = 0
        silent = True
    return {"chimera": chimera, "bid": (20, 30, 40)[rng.below(3)], "first_out": first,
            "traps": rng.below(4) if won and rng.below(2) else 0, "attack": won and rng.below(5) == 0,
            "silent_hunter": silent, "treasure": treasure}


MARGIN = 100  # below the limit: room for a fallback round of next_entry


def keeps_going(book, entry, index=None):
    # The entry is one the book takes, and the match stays well short of its end (the
    # session plays on for as many rounds as it asks for).
    try:
        totals = book.preview(entry, index)[1]
    except EntryError:
        return False
    return max(totals) < book.limit - MARGIN


def next_entry(book, rng):
    make = chimera_entry if book.game == "chimera" else tichu_entry
    for _ in range(12):
        e = make(rng)
        if keeps_going(book, e):
            return e
    # Near the limit: the leader loses points, the others gain at most 20 (still short of
    # the limit, as every round before left the leader MARGIN below it).
    lead = book.totals.index(max(book.totals))
    if book.game == "chimera":  # the leader bids high as the Chimera and fails
        return {"chimera": lead, "bid": 40, "first_out": (lead + 1) % 3, "traps": 0, "attack": False,
                "silent_hunter": False, "treasure": [0, 0, 0]}
    # a player of the leading team calls a grand and the other team goes out first; the
    # leading team took every point (125 with the Dragon), the other the Phoenix (-25)
    pts = [125, -25] if lead == 0 else [-25, 125]
    return {"calls": {str(lead): "grand"}, "first_out": 1 - lead, "double_victory": None, "card_points": pts}


def one_more(keeper, rng):
    # The change a user makes after the reboot: a round if a match runs, else a setting.
    book = keeper.book
    if book is not None and not book.over():
        return ("round", next_entry(book, rng))
    return ("settings", {"lang": 1 - keeper.settings["lang"]})


# -- the sweep ------------------------------------------------------------------------------


class NvmRig:
    # The nvm sector of a NorFlash; ``boot()`` gives (store, older) as open_store does.

    def __init__(self, flash, boot, seeds=(1,)):
        self.flash = flash
        self.boot = boot
        self.seeds = seeds

    def reset(self):
        self.flash.reset()

    def ops(self):
        return self.flash.ops

    def erases(self):
        return self.flash.erases

    def points(self, total):
        for k in range(total):
            yield k, (BEFORE, 0)
            for s in self.seeds:
                yield k, (INSIDE, s * 7919 + k)

    def arm(self, k, how):
        self.flash.arm(k, how[0], how[1])

    def arm_next(self, seed):
        # A torn cut in the next operation, whatever it is; returns a mark for erased().
        self.flash.cut_kind = None
        self.flash.arm(self.flash.ops, INSIDE, seed)
        return self.flash.erases

    def erased(self, mark):
        # Whether the flash erased (or began to) since arm_next() gave ``mark``.
        return self.flash.erases > mark or self.flash.cut_kind == "erase"

    def disarm(self):
        self.flash.disarm()


class FramRig:
    # A FramModel (new: zeros); a cut after each byte of writes of up to ``every`` bytes
    # and at ``spread`` points over longer ones (the 0xFF fill of a 16 KB area).

    def __init__(self, fram, boot, every=64, spread=8):
        self.fram = fram
        self.boot = boot
        self.every = every
        self.spread = spread

    def reset(self):
        f = self.fram
        f.mem[:] = bytes(len(f.mem))
        f.clear_log()
        f.disarm()

    def ops(self):
        return self.fram.writes

    def erases(self):
        return 0

    def points(self, total):
        sizes = list(self.fram.log)
        for w in range(total):
            n = sizes[w]
            if n <= self.every:
                landed = range(n + 1)
            else:
                landed = sorted(set([n * j // self.spread for j in range(self.spread + 1)]))
            for m in landed:
                yield w, m

    def arm(self, w, landed):
        self.fram.arm(w, landed)

    def arm_next(self, seed):
        # The next write stops after a few of its bytes.
        self.fram.arm(self.fram.writes, 1 + seed % 5)
        return 0

    def erased(self, mark):
        return False

    def disarm(self):
        self.fram.disarm()


KINDS = (APPEND, COMPACT, MOVE_IN)
CATEGORIES = ("other", APPEND, MOVE_IN, "resume", "setup", DOUBLE, "fat", "heap")


class Report:
    # What plan() learnt and sweep() found. Its storage is made at once for ``steps``
    # steps: grown a piece per save, it would scatter over CircuitPython's heap between
    # the app's objects. ``echo``: print each failure at once and keep only its category
    # (CircuitPython: the texts would fill the heap).

    def __init__(self, steps, echo=None):
        from array import array

        n = steps + 1  # the boot, then each step
        self.n = n
        self.points = 0  # cut points whose reboot loaded something
        self.tried = 0
        self.ops = 0
        self.counts = {}  # (span kind, outcome) -> cut points; every key made now (see above)
        for kind in KINDS + (DOUBLE,):
            for outcome in (OLD, NEW, EMPTY, OTHER):
                self.counts[(kind, outcome)] = 0
        self.failures = []  # (category, text) without echo
        self.failed_counts = {}  # category -> failures, with echo
        for category in CATEGORIES:
            self.failed_counts[category] = 0
        self.echo = echo
        self._spans = array("l", [0] * (4 * n))  # first op, end op, kind, erases
        self._states = bytearray(32 * (n + 1))  # key() before the boot, after it, after each step

    def set_span(self, i, first, end, kind, erases):
        self._spans[4 * i:4 * i + 4] = array_of((first, end, KINDS.index(kind), erases))

    def span(self, i):
        s = self._spans
        return s[4 * i], s[4 * i + 1], KINDS[s[4 * i + 2]], s[4 * i + 3]

    def spans(self):
        return [self.span(i) for i in range(self.n)]

    def set_state(self, i, k):
        self._states[32 * i:32 * i + 32] = k

    def state(self, i):
        return bytes(self._states[32 * i:32 * i + 32])

    def blank(self, k):
        # Whether ``k`` is what a board whose nvm was erased loads: nothing, or the first
        # version's match when its files are still on CIRCUITPY (read again then, as on the
        # day of the update: docs/storage.md's choice); state 0 is what the first boot loaded.
        return k == EMPTY_KEY or k == self.state(0)

    def span_of(self, op):
        for i in range(self.n):
            first, end, _, _ = self.span(i)
            if first <= op < end:
                return i
        return -1

    def count(self, kind, outcome):
        self.counts[(kind, outcome)] += 1

    def total(self, kind=None, outcome=None):
        n = 0
        for key in self.counts:
            if (kind is None or key[0] == kind) and (outcome is None or key[1] == outcome):
                n += self.counts[key]
        return n

    def fail(self, category, text):
        if self.echo is not None:
            self.echo("FAIL %s %s" % (category, text[:1500]))
            self.failed_counts[category] = self.failed_counts.get(category, 0) + 1
        else:
            self.failures.append((category, text))
            self.failed_counts[category] += 1

    def failed(self, *categories):
        return [t for c, t in self.failures if c in categories]

    def lines(self, title):
        out = ["%s: %d flash/FRAM operations, %d cut points" % (title, self.ops, self.points)]
        for kind in KINDS + (DOUBLE,):
            n = self.total(kind)
            if n or kind in (APPEND, COMPACT):
                parts = ["%s %d" % (o, self.counts.get((kind, o), 0)) for o in (OLD, NEW, EMPTY, OTHER)]
                out.append("  cuts in %s: %d (loads %s)" % (PLURAL[kind], n, ", ".join(parts)))
        cats = self.failed_counts
        out.append("  failures: %s" % (", ".join("%s %d" % (c, cats[c]) for c in sorted(cats) if cats[c])
                                       or "none"))
        return out


def array_of(values):
    from array import array

    return array("l", values)


def _cursor_gen(keeper):
    c = getattr(keeper.store, "cursor", None) if keeper.store is not None else None
    return c[1] if c else None


def loaded_state(store, older):
    # What a boot loads (before it moves an older journal in), without writing anything.
    from firmware.storage.saves import load

    settings = clone(DEFAULTS)
    book = load(store, older, settings)
    return (settings, book_view(book))


def plan(rig, steps, echo=None):
    # The run without a cut: per step its operations, erases and kind.
    report = Report(len(steps), echo)
    rig.reset()
    report.set_state(0, key(loaded_state(*rig.boot())))
    k = Keeper()
    store, older = rig.boot()
    k.boot(store, older)
    report.set_span(0, 0, rig.ops(), MOVE_IN if older is not None else APPEND, rig.erases())
    report.set_state(1, key(k.state()))
    i = 0
    for step in steps:
        first, erases, gen = rig.ops(), rig.erases(), _cursor_gen(k)
        k.apply(step)
        kind = COMPACT if step[0] == "new" or _cursor_gen(k) != gen else APPEND
        report.set_span(i + 1, first, rig.ops(), kind, rig.erases() - erases)
        report.set_state(i + 2, key(k.state()))
        i += 1
    report.ops = rig.ops()
    return report


def sweep(rig, steps, after_reboot=None, report=None, log=None, double=False):
    # Every cut point of the session. Failure categories: "other" (a state that is neither
    # the one before the save, nor after it, nor what a blank nvm loads: Report.blank),
    # "append" (an append lost the state), "move-in" (moving an older journal in lost it),
    # "resume" (the save after the reboot was not kept) and whatever after_reboot(where)
    # returns as (category, text).
    # ``double``: the first save after the reboot is cut as well (torn): the next boot
    # must load the state before or after it (or, if that save erased the nvm, nothing),
    # and the save after that must be kept ("double" failures).
    # "heap": CircuitPython ran out of heap in a cut point's runs; the rest of that point's
    # checks are left out and the sweep goes on (report.tried counts every point).
    if report is None:
        report = plan(rig, steps)
    for op, how in rig.points(report.ops):
        i = report.span_of(op)
        if SMALL_HEAP:
            gc.collect()
        report.tried += 1
        try:
            _cut_point(rig, steps, report, op, how, i, after_reboot, double)
        except MemoryError as e:
            rig.disarm()
            report.fail("heap", "cut at op %d (%s) in step %d: %s" % (op, how, i, e))
        if log is not None and report.points % 50 == 0:
            log("%d cut points" % report.points)
    return report


def _cut_point(rig, steps, report, op, how, i, after_reboot, double):
    old, new = report.state(i), report.state(i + 1)
    kind = report.span(i)[2]
    rig.reset()
    rig.arm(op, how)
    k = Keeper()
    try:
        k.boot(*rig.boot())
        for step in steps:
            k.apply(step)
        report.fail("setup", "cut %s %s: no power cut happened" % (op, how))
        return
    except PowerCut:
        pass
    rig.disarm()
    where = "cut at op %d (%s) in step %d (%s)" % (op, how, i, kind)
    k = Keeper().boot(*rig.boot())
    got = key(k.state())
    outcome = NEW if got == new else OLD if got == old else EMPTY if report.blank(got) else OTHER
    report.points += 1
    report.count(kind, outcome)
    category = "other" if outcome == OTHER else None
    if outcome == EMPTY and kind != COMPACT:
        category = kind  # an append, or moving in: nothing forces a loss there
    if category is not None:
        report.fail(category, "%s: loaded %s, %s" % (
            where, canon(k.state()), "neither the state before nor after it" if category == "other"
            else "the state was lost"))
    if after_reboot is not None:
        problem = after_reboot(where)
        if problem:
            report.fail(problem[0], problem[1])
    rng = XorShift32(op + 1)
    if double:
        _second_cut(rig, k, rng, where, report)
        k = Keeper().boot(*rig.boot())
    k.apply(one_more(k, rng))
    want = k.state()
    again = Keeper().boot(*rig.boot()).state()
    if key(again) != key(want):
        report.fail("resume", "%s: the save after the reboot was not kept: loaded %s, saved %s"
                    % (where, canon(again), canon(want)))


def _second_cut(rig, k, rng, where, report):
    # The save after a reboot writes past a torn frame (a RESYNC, then its record): the power
    # goes inside that write too.
    before = key(k.state())
    change = one_more(k, rng)
    mark = rig.arm_next(rng.next())
    try:
        k.apply(change)
    except PowerCut:
        pass
    rig.disarm()
    after = key(k.state())  # the Keeper changed its state before it saved
    got = Keeper().boot(*rig.boot()).state()
    report.count(DOUBLE, OLD if key(got) == before else NEW if key(got) == after else
                 EMPTY if report.blank(key(got)) else OTHER)
    if key(got) not in (before, after) and not (report.blank(key(got)) and rig.erased(mark)):
        report.fail("double", "%s, then a cut in the next save: loaded %s" % (where, canon(got)))
