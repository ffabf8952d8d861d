"""The emulated board and the simulator, pressed key for key.

The simulator (host_sim/device.py) decides what to press, with the same helpers the
tests use (host_sim/player.py); every key goes to the emulated board first, then to the
simulator. The board deals from os.urandom, which the simulator cannot know: after each
key that wrote the flash, the round's seed is read back from the board's journal (the nvm
sector) and handed to the simulator's next deal. So both deal the same cards, the bots
(seeded by the round) play the same, and the panels can be compared wherever both stand
still."""

import os
import tempfile

from host_sim.emu.board import EmuBoard, differences
from host_sim.emu.link import EmuError

NVM_OFFSET = 0xFF000  # the nvm sector in the RP2040's flash (CircuitPython's layout)
NVM_SIZE = 4096
# firmware/screens/hand.py GRACE, and a little: a hand that came up by itself takes no key before
GRACE_MS = 350


def nvm_of(flash):
    return flash[NVM_OFFSET:NVM_OFFSET + NVM_SIZE]


def round_seed(nvm):
    """The seed of the dealt round the journal in ``nvm`` (4 KB) holds, or None."""
    from firmware.app import fresh_settings
    from firmware.storage.saves import load
    from firmware.storage.stores import NvmStore
    from host_sim.stubs.microcontroller import NVM

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "nvm.bin")
        with open(path, "wb") as f:
            f.write(nvm)
        dealt = {}
        load(NvmStore(NVM(path=path)), None, fresh_settings(), dealt)
    return dealt.get("seed")


class Seeds:
    """The simulator's seed source: the seeds the board dealt, in order. The simulator
    deals as it takes the key that deals; by then the board has that key too, and is
    run until its journal holds the round's seed."""

    def __init__(self, wait):
        self.queue = []
        self.given = []
        self.wait = wait

    def __call__(self):
        if not self.queue:
            self.wait()
        s = self.queue.pop(0)
        self.given.append(s)
        return s


class Lockstep:
    """``emu``: an EmuBoard that has booted; ``dev``: a simulator Device on the same board
    and an empty store. ``compare``: check the frames at every quiet point (see check)."""

    def __init__(self, emu, dev, log=None):
        self.emu = emu
        self.dev = dev
        self.seeds = Seeds(self.wait_for_seed)
        dev.app.seed_source = self.seeds
        self.last_seed = None
        self.ops = emu.flash_ops
        self.checks = 0
        self.mismatches = []  # (what, pixels, box)
        self.mismatch_frames = []
        self.log = log
        self.keys = []  # every key both took, in order
        self._press = dev.press
        dev.press = self.press  # the helpers of host_sim/player.py press through here

    def release(self):
        """The simulator's own press again (before its device is copied, for instance)."""
        self.dev.__dict__.pop("press", None)

    def press(self, key):
        # The board is brought to what the simulator shows, then both take the key.
        self.check("before %s" % key)
        self.keys.append(key)
        self.emu.press(key)
        self._press(key)

    def wait_for_seed(self, limit_ms=60000, step_ms=200):
        waited = 0
        while not self.seeds.queue:
            self.sync()
            if self.seeds.queue:
                return
            if waited >= limit_ms:
                raise EmuError("the simulator deals a round the board has not dealt in %d ms" % limit_ms)
            self.emu.run(step_ms)
            waited += step_ms

    def sync(self):
        ops = self.emu.flash_ops
        if ops == self.ops:
            return
        self.ops = ops
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "flash.bin")
            self.emu.dump(path)
            with open(path, "rb") as f:
                f.seek(NVM_OFFSET)
                nvm = f.read(NVM_SIZE)
        seed = round_seed(nvm)
        if seed is not None and seed != self.last_seed:
            self.last_seed = seed
            self.seeds.queue.append(seed)

    def check(self, what, limit_ms=60000):
        """Run the board until its panel shows what the simulator's shows (then as long as
        a hand ignores keys after it came up by itself), or ``limit_ms`` pass; a
        difference that stays is kept (see mismatches), not raised."""
        self.dev.settle()
        want = self.dev.panel.render()
        if self.emu.run_until_frame(want, limit_ms):
            self.emu.run(GRACE_MS)
            self.checks += 1
            return 0
        w, h, rgb = self.emu.frame()
        n, box = differences(want, rgb, w)
        self.checks += 1
        if n:
            self.mismatches.append((what, n, box))
            if len(self.mismatch_frames) < 8:  # both panels, to look at (write_mismatches)
                self.mismatch_frames.append((what, w, h, want, rgb))
            if self.log:
                self.log("frame %s: %d pixels differ in %s" % (what, n, box))
        return n


def write_mismatches(step, directory):
    """The first frames that differed, as PNGs: NAME-board.png and NAME-sim.png; their paths."""
    from host_sim import png

    os.makedirs(directory, exist_ok=True)
    out = []
    for i, (what, w, h, want, rgb) in enumerate(step.mismatch_frames):
        stem = os.path.join(directory, "%02d-%s" % (i, what.replace(" ", "-")))
        for suffix, data in (("board", rgb), ("sim", want)):
            path = "%s-%s.png" % (stem, suffix)
            with open(path, "wb") as f:
                f.write(png.encode(w, h, data))
            out.append(path)
    return out


def play_round(step, passes=lambda n: False, limit=3000, check_every=True, turns=None):
    """Play a dealt round on both, from the table to its breakdown, as
    host_sim/player.py play_dealt_round does (the human seats: the menu's first play, the
    lowest bid, the lowest cards to push), comparing the panels at each human decision and
    at the breakdown (and before every key: Lockstep.press). Returns the number of human
    turns; ``turns``: stop after that many, mid-round."""
    from host_sim import player as pl

    def look(what):
        if check_every or what == "breakdown":
            step.check(what)

    return pl.play_dealt_round(step.dev, passes, limit, look=look, turns=turns)


def dealt_match(board, game, limit=None, lang=0, level=3, echo=None, log=None, emu=None):
    """A booted EmuBoard and a simulator Device in lockstep, with a dealt match of ``game``
    set up on both (seat 0 human, level-``level`` bots, pause 0)."""
    from host_sim import player as pl
    from host_sim.device import Device

    emu = emu or EmuBoard(board, echo=echo)
    emu.boot()
    dev = Device(board)
    step = Lockstep(emu, dev, log=log)
    if lang:
        pl.menu(dev, "Settings")
        pl.choose(dev, "lang", lang)
        dev.press("ok")
    pl.play_setup(dev, game, humans=(0,), level=level, pause=0, limit=limit)
    return step
