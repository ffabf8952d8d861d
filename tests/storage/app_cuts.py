"""Power cuts in the app's own save path: the unchanged firmware App (host_sim Device, not
run: no screen ticks) makes a session of changes through its real code (App.record,
firmware/storage/saves.py, firmware/storage/journal.py, firmware/dealer.py and play_start: the score
keeper, dealt matches with a human and bots, settings), on a model of the RP2040's nvm
or of an I2C FRAM (tests/storage/flash_model.py).

One run of the session logs every flash operation (or FRAM write) with its data, and after
each change boots a second app on a copy of the memory to learn what a power-up then
loads (a boot may write: a round whose score line the power took is scored then). The
memory before every operation is known from the log, so each cut point is one torn
operation on that image, no re-run: the power goes before an operation or inside it
(flash: each bit in flight flips or not, seeded), or after any byte of a FRAM write. Then:

  1. the board boots on what is left: it must load the state before the change in flight
     or after it (counted: old, new). A compaction of the one-sector nvm (its erase) may
     also leave nothing: counted as empty (a blank nvm) or unreadable (the app says so and
     keeps the bytes); anywhere else that is a failure, as is any other state;
  2. the first save after that boot writes past what the cut left (a RESYNC after a torn
     frame): the power is cut inside it too; the next boot must load before or after it;
  3. the save after the next boot must be kept.

Cut points are sampled (every ``every``-th operation) for `make test`; FUZZ_FULL=1 (`make
fuzz`) takes every one, and every byte of every FRAM write however long.
"""

import hashlib
import json

from engine_core.bot_driver import FIND, Driver
from engine_core.scorebook import ScoreBook
from tests.storage.flash_model import (
    BEFORE,
    INSIDE,
    SECTOR,
    FramModel,
    NorFlash,
    NvmModel,
    PowerCut,
    XorShift32,
)

NVM = 0xFF000  # where CircuitPython keeps microcontroller.nvm on an RP2040
OLD, NEW, EMPTY, UNREADABLE, OTHER = "old", "new", "empty", "unreadable", "other"
OUTCOMES = (OLD, NEW, EMPTY, UNREADABLE, OTHER)
TICHU = ["Anna", "Ben", "Carla", "David"]
CHIMERA = ["Anna", "Ben", "Carla"]


def tichu_line(points):
    return {"calls": {}, "first_out": 0, "double_victory": None, "card_points": [points, 100 - points]}


# -- the session: one user change per step -------------------------------------------------------


def act_once(app):
    # The next action at the table, any seat's, as a level-1 bot would choose it (the
    # human's too: a human's action is journaled at once, with the bots' before it; the
    # bots' alone wait, as on the board). Between rounds: the next deal.
    s = app.session
    d = s.dealt
    if d.state is None:
        s.deal()
        return "deal"
    a = Driver(d.game, [1] * len(d.levels), d.seed, FIND).action(d.state, d.step())
    pending = s.unsaved if s.levels[a[0]] is None else 0
    s.act(a)
    said = " after %d of the bots' not yet saved" % pending if pending else ""
    return "%s by seat %d%s%s" % (a[1], a[0], said, " (ends the round)" if d.state is None else "")


def flip_language(app):
    app.settings["lang"] = 1 - app.settings["lang"]
    app.save_settings()
    return "settings"


def session(app, dealt_actions=10, tichu_actions=20):
    """Yield the session's steps as it runs them on ``app`` (a name each)."""
    from firmware.play import start as play_start

    yield flip_language(app)  # the first save on a blank memory
    app.start_match(ScoreBook("tichu", TICHU, 1000))
    yield "new score-keeper match"
    for points in (60, 35):
        app.record(app.book.add(tichu_line(points)))
        yield "round entered"
    app.record(app.book.undo())
    yield "undo"
    play_start.start(app, "chimera", CHIMERA, 400, [None, 1, 1], 0)
    yield "new dealt Chimera match"
    n = 0
    while not app.book.deltas:  # the first round to its end (scored), the settings changed in it
        yield act_once(app)
        n += 1
        if n == 8:
            yield flip_language(app)  # in the middle of a round: the bots' actions go first
    for _ in range(dealt_actions):  # the next deal and on
        yield act_once(app)
    play_start.start(app, "tichu", TICHU, 1000, [None, 1, 1, 1], 0)
    yield "new dealt Tichu match"
    for _ in range(tichu_actions):
        yield act_once(app)


# -- booting --------------------------------------------------------------------------------------


def boot(store, older=None):
    from host_sim.device import Device

    return Device("picosystem", store, older=older, run=False).app


def state_key(app):
    # What the booted app holds (host_sim/board_backup.app_state), as 32 bytes.
    from host_sim.board_backup import app_state

    return hashlib.sha256(json.dumps(app_state(app), sort_keys=True).encode()).digest()


# -- the memories ---------------------------------------------------------------------------------


class Nvm:
    """The RP2040's nvm sector on a NorFlash, ``size`` bytes of it in use."""

    kind = "nvm"

    def __init__(self, size=SECTOR):
        self.size = size
        self.flash = NorFlash()
        self.nvm = NvmModel(self.flash, NVM, size)

    def store(self):
        from firmware.storage.stores import NvmStore

        return NvmStore(self.nvm)

    def image(self):
        return self.flash.read(NVM, SECTOR)

    def load(self, image):
        self.flash.initial = {}
        self.flash.preset(NVM, image)

    def copy_store(self):
        from firmware.storage.stores import NvmStore

        return NvmStore(bytearray(self.image()[:self.size]))

    def ops(self):
        return self.flash.ops

    def log(self):
        return self.flash.log

    def apply(self, image, op):
        # ``image`` after the whole operation ``op`` (kind, address, data)
        kind, addr, data = op
        img = bytearray(image)
        off = addr - NVM
        if kind == "erase":
            img[off:off + SECTOR] = b"\xff" * SECTOR
        else:
            for j in range(len(data)):
                img[off + j] &= data[j]
        return bytes(img)

    def points(self, op, full):
        yield BEFORE, 0
        for seed in ((1, 2, 3) if full else (1,)):
            yield INSIDE, seed

    def cut(self, image, op, how):
        # The memory after the power went at ``op`` as ``how`` says.
        self.load(image)
        kind, addr, data = op
        self.flash.arm(0, how[0], how[1] * 7919 + addr)
        try:
            if kind == "erase":
                self.flash.erase(addr)
            else:
                self.flash.program(addr, data)
        except PowerCut:
            pass
        self.flash.disarm()
        self.flash.clear_log()

    def arm_next(self, seed):
        self.flash.arm(self.flash.ops, INSIDE, seed)

    def erasing(self, ops):
        return any(op[0] == "erase" for op in ops)

    def lossy(self, log, k):
        # Whether a cut at operation ``k`` falls in an nvm compaction's rewrite of the sector
        # (its erase, then its 16 page programs), the one place the one-area nvm can lose.
        return any(log[j][0] == "erase" for j in range(max(0, k - SECTOR // 256), k + 1))

    def deep(self, op, how):
        return True


class LoggedFram(FramModel):
    # A FramModel that keeps each write's address and data.

    def __init__(self, size):
        FramModel.__init__(self, size)
        self.writes_made = []

    def __setitem__(self, index, value):
        a = index.start if isinstance(index, slice) else index
        data = bytes(value) if isinstance(index, slice) else bytes((value,))
        self.writes_made.append((a, data))
        FramModel.__setitem__(self, index, value)


class Fram:
    """An I2C FRAM of ``size`` bytes (two areas); new, it holds zeros."""

    kind = "fram"

    def __init__(self, size=32768, every=64, spread=8):
        self.size = size
        self.fram = LoggedFram(size)
        self.every = every
        self.spread = spread

    def store(self):
        from firmware.storage.fram_store import FramStore

        return FramStore(self.fram)

    def image(self):
        return bytes(self.fram.mem)

    def load(self, image):
        self.fram.mem[:] = image
        self.fram.clear_log()
        self.fram.writes_made = []
        self.fram.disarm()

    def copy_store(self):
        from firmware.storage.fram_store import FramStore

        return FramStore(bytearray(self.fram.mem))

    def ops(self):
        return len(self.fram.writes_made)

    def log(self):
        return self.fram.writes_made

    def apply(self, image, op):
        a, data = op
        return image[:a] + data + image[a + len(data):]

    def points(self, op, full):
        n = len(op[1])
        if full or n <= self.every:
            return range(n)  # 0..n-1 bytes landed; all of them is the next write's "before"
        spread = 2 if op[1] == b"\xff" * n else self.spread  # an area's old bytes made 0xFF
        return sorted(set(n * j // spread for j in range(spread)))

    def cut(self, image, op, landed):
        a, data = op
        self.load(self.apply(image, (a, data[:landed])))

    def arm_next(self, seed):
        self.fram.arm(self.fram.writes, 1 + seed % 5)

    def erasing(self, ops):
        return False

    def lossy(self, log, k):
        return False  # two areas: the old one stays live until the new one is whole

    def deep(self, op, landed):
        # The saves after the boot are tried from the first and last bytes of a long write
        # and every 64th: in between a cut leaves the same kind of torn frame.
        n = len(op[1])
        if op[1] == b"\xff" * n:  # an area's old bytes made 0xFF: the save after is tried once
            return landed == 0
        return landed < 8 or landed >= n - 8 or landed % 64 == 0


# -- the sweep ------------------------------------------------------------------------------------


class Report:
    def __init__(self, title):
        self.title = title
        self.ops = 0
        self.points = 0
        self.steps = 0
        self.counts = {}  # (where, outcome) -> cut points; where: "append", "compaction", "second cut"
        self.failures = []
        self.compactions = []  # the steps whose save compacted
        self.saves = []  # (step, first op, end op) of each save

    def count(self, where, outcome):
        self.counts[(where, outcome)] = self.counts.get((where, outcome), 0) + 1

    def total(self, where=None, outcome=None):
        return sum(n for (w, o), n in self.counts.items()
                   if (where is None or w == where) and (outcome is None or o == outcome))

    def fail(self, text):
        self.failures.append(text)

    def lines(self):
        out = ["%s: %d saves, %d %s operations, %d cut points" % (
            self.title, self.steps, self.ops, "FRAM write" if "fram" in self.title.lower() else "flash",
            self.points)]
        for where in ("append", "compaction", "restore", "second cut"):
            n = self.total(where)
            if n:
                out.append("  cuts in %s: %d (loads %s)" % (where, n, ", ".join(
                    "%s %d" % (o, self.counts.get((where, o), 0)) for o in OUTCOMES)))
        out.append("  failures: %d" % len(self.failures))
        return out


class Saves:
    """The app's store, noting each save (one journal write: an append, or a compaction's
    replace) with the operations it made and what a power-up loads after it."""

    def __init__(self, memory, name):
        self.__dict__.update(_memory=memory, _store=memory.store(), saves=[], name=name)

    def __getattr__(self, attr):
        return getattr(self._store, attr)

    def __setattr__(self, attr, value):
        setattr(self._store, attr, value)  # the journal's cursor lives in the store

    def _saved(self, fn, *args):
        first = self._memory.ops()
        fn(*args)
        after = state_key(boot(self._memory.copy_store()))
        self.saves.append((self.name[0], first, self._memory.ops(), after))

    def write(self, area, offset, data):
        self._saved(self._store.write, area, offset, data)

    def replace(self, area, data):
        self._saved(self._store.replace, area, data)


def plan(memory, steps=session, **kw):
    """Run the session once: the boot state before it and [(step name, first op, end op,
    state key after)] per save; the memory's log holds every operation."""
    store = Saves(memory, ["boot"])
    before = state_key(boot(memory.copy_store()))
    app = boot(store)
    named = 0
    for step in steps(app, **kw):  # a step's name comes once its change is made
        store.saves[named:] = [(step,) + x[1:] for x in store.saves[named:]]
        named = len(store.saves)
    return before, store.saves


def sweep(memory, title, full=False, every=1, steps=session, **kw):
    """Every cut point (every ``every``-th operation) of the session on ``memory``."""
    report = Report(title)
    memory.load(memory.image())  # as it came
    start = memory.image()
    before0, spans = plan(memory, steps, **kw)
    log = list(memory.log())
    report.ops = len(log)
    report.steps = len(spans)
    images = []  # the memory before each operation
    image = start
    for op in log:
        images.append(image)
        image = memory.apply(image, op)
    empty = state_key(boot(Nvm().store()))
    old = before0
    for i, (name, first, end, new) in enumerate(spans):
        gen = _generation(memory, images[first])
        gen_after = _generation(memory, images[end] if end < len(images) else image)
        compaction = gen_after != gen
        where = "compaction" if compaction else "append"
        report.saves.append((name, first, end))
        if compaction:
            report.compactions.append(name)
        for k in range(first, end):
            if (k - first) % every and k != end - 1:
                continue
            for how in memory.points(log[k], full):
                report.points += 1
                memory.cut(images[k], log[k], how)
                at = "save %d (%s), operation %d, %s" % (i, name, k, how)
                _after_cut(memory, report, at, where, old, new, empty, memory.lossy(log, k), k,
                           memory.deep(log[k], how))
        old = new
    return report


def _generation(memory, image):
    # The live area's generation in ``image`` (-1: none): a change that raises it compacted.
    from firmware.storage.journal import Journal

    if memory.kind == "nvm":
        from firmware.storage.stores import NvmStore

        j = Journal(NvmStore(bytearray(image[:memory.size])))
    else:
        from firmware.storage.fram_store import FramStore

        j = Journal(FramStore(bytearray(image)))
    area, gen, _ = j._live()
    return gen if area >= 0 else -1


def _after_cut(memory, report, at, where, old, new, empty, lossy, k, deep=True):
    cut_image = memory.image()
    app = boot(memory.store())
    got = state_key(app)
    if app.unreadable is not None:
        outcome = UNREADABLE
        if memory.image() != cut_image:
            report.fail("%s: the unreadable bytes were written over at power-up" % at)
    else:
        outcome = NEW if got == new else OLD if got == old else EMPTY if got == empty else OTHER
    report.count(where, outcome)
    if outcome == OTHER or (outcome in (EMPTY, UNREADABLE) and not lossy and old != empty):
        report.fail("%s: loaded %s" % (at, "neither the state before nor after it" if outcome == OTHER
                                       else "nothing (%s) where no erase was in flight" % outcome))
        return
    if not deep:
        return
    if app.unreadable is not None:
        app.answer_unreadable(("unreadable", 1))  # start fresh
    # 2. the first save after the boot, cut inside its first operation
    rng = XorShift32(k + 1)
    before = state_key(app)
    mark = memory.ops()
    memory.arm_next(rng.next())
    try:
        flip_language(app)
    except PowerCut:
        pass
    memory.fram.disarm() if memory.kind == "fram" else memory.flash.disarm()
    after = state_key(app)
    again = boot(memory.store())
    got = state_key(again)
    erased = memory.erasing(memory.log()[mark:])
    second = OLD if got == before else NEW if got == after else EMPTY if got == empty else \
        UNREADABLE if again.unreadable is not None else OTHER
    report.count("second cut", second)
    if second == OTHER or (second in (EMPTY, UNREADABLE) and not erased and before != empty):
        report.fail("%s, then a cut in the next save: loaded %s" % (at, second))
        return
    if again.unreadable is not None:
        again.answer_unreadable(("unreadable", 1))
    # 3. the save after that boot is kept
    flip_language(again)
    want = state_key(again)
    if state_key(boot(memory.store())) != want:
        report.fail("%s: the save after the reboot was not kept" % at)


def restore_sweep(memory, title, old_image, restore, full=False, every=1):
    """A restore (``restore(memory)`` makes its writes, as `host_sim restore` has the board
    make them) cut at every operation (every ``every``-th) over a memory holding
    ``old_image``: a boot must find the old match or the restored one (the nvm, one sector
    written whole, may also lose it: counted as empty or unreadable)."""
    report = Report(title)
    memory.load(old_image)
    old = state_key(boot(memory.copy_store()))
    restore(memory)
    log = list(memory.log())
    new = state_key(boot(memory.copy_store()))
    report.ops = len(log)
    report.steps = 1
    images = []
    image = old_image
    for op in log:
        images.append(image)
        image = memory.apply(image, op)
    empty = state_key(boot(Nvm().store()))
    for k in range(len(log)):
        if k % every and k != len(log) - 1:
            continue
        for how in memory.points(log[k], full):
            report.points += 1
            memory.cut(images[k], log[k], how)
            _after_cut(memory, report, "restore, operation %d, %s" % (k, how), "restore", old, new, empty,
                       memory.lossy(log, k), k, memory.deep(log[k], how))
    memory.load(image)  # and the power going right after the last write
    report.points += 1
    _after_cut(memory, report, "restore, after its last operation", "restore", old, new, empty, False,
               len(log))
    return report, old, new
