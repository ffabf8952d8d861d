"""A board of the gadget, emulated: CircuitPython 10.3's own firmware for it (from
../shared/tools/circuitpython/) in rp2040js, with the app on CIRCUITPY exactly as
`make uf2` lays it (.mpy files when mpy-cross is there, as `make deploy` leaves them),
the buttons driven on their pins, the panel rebuilt from its controller's SPI stream.

What the emulator lacks and the board has is made up in the harness (host_sim/emu/chip.mjs),
never in the app: see docs/emulator.md."""

import hashlib
import os
import re
import tempfile

from host_sim import png
from host_sim.emu.link import CYCLE_NS, EmuError, Link

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
FIRMWARE = os.path.join(SHARED, "tools", "circuitpython")
MPY_CROSS = os.path.join(SHARED, "tools", "mpy-cross")
BOOTROM = os.path.join(FIRMWARE, "rp2040-bootrom-b1.bin")
CACHE = os.path.join(ROOT, "build", "emu")
TAP_MS = 80  # as host_sim/device.py presses
HOLD_MS = 700  # firmware/keys.py HOLD_MS and 100 more, as host_sim/device.py holds
SETTINGS = b"CARDS_HEAP_LOG = 1\n"  # the app prints its screen and free heap at each change
REBOOT = "soft reboot"  # what CircuitPython prints as supervisor.reload() starts code.py again
HEAP_LINE = re.compile(r"heap (\S+) free=(\d+)(?: block=(\d+))?")


class Wiring:
    """What the harness needs of a board beyond its profile: the firmware, the flash chip
    (JEDEC id), the button pins in the profile's make_keys order and the level a press
    drives them to, the encoder's pins, the panel's controller and pins (read off the
    firmware's own `board` module: GPIO numbers)."""

    def __init__(self, uf2, flash_mb, jedec, keys, pressed, panel, encoder=None, held=()):
        self.uf2 = uf2
        self.flash_mb = flash_mb
        self.jedec = jedec
        self.keys = keys
        self.pressed = pressed
        self.panel = panel
        self.encoder = encoder
        self.held = held  # (pin, level) the board's circuit keeps (the Badger's e-paper BUSY line)


WIRING = {
    "picosystem": Wiring(
        "pimoroni_picosystem.uf2", 16, (0xEF, 0x40, 0x18),
        keys=(23, 20, 22, 21, 18, 19, 17, 16), pressed=0,  # SW_UP DOWN LEFT RIGHT A B X Y
        panel=dict(kind="st7789", spi=0, dc=9, backlight=12, width=240, height=240, xoff=0, yoff=0)),
    "pico_display_pack": Wiring(
        "raspberry_pi_pico.uf2", 2, (0xEF, 0x40, 0x15),
        keys=(12, 13, 14, 15), pressed=0,  # A B X Y
        # the 1.14" window of the ST7789's memory (135 x 240 at column 53, row 40), which
        # displayio turns to landscape itself (the profile's rotation 270 of the panel is
        # 90 of the controller's memory as it faces the viewer)
        panel=dict(kind="st7789", spi=0, dc=16, backlight=20, width=240, height=135, xoff=53, yoff=40,
                   native_width=135, native_height=240, rotation=90)),
    "macropad": Wiring(
        "adafruit_macropad_rp2040.uf2", 8, (0xEF, 0x40, 0x17),
        keys=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0), pressed=0,  # KEY1..KEY12, ENCODER_SWITCH
        encoder=(17, 18),
        panel=dict(kind="sh1106", spi=1, dc=24, width=128, height=64, xoff=2, yoff=0)),
    "badger2040": Wiring(
        "pimoroni_badger2040.uf2", 2, (0xEF, 0x40, 0x15),
        keys=(12, 13, 14, 15, 11), pressed=1,  # SW_A B C UP DOWN, pulled down
        held=((26, 1),),  # INKY_BUSY: the panel is never busy
        panel=dict(kind="uc8151", spi=0, dc=20, width=296, height=128, ram_width=128, ram_height=296,
                   xoff=0, yoff=0, flip_x=True)),
}


def missing():
    """Why the emulated boards cannot run here (one sentence), or None."""
    from host_sim.emu.link import node_ready

    if not os.path.isfile(BOOTROM):
        return ("no ../shared/tools/circuitpython (CircuitPython's RP2040 firmware and boot ROM) "
                "beside this clone")
    return node_ready()


def _cached(name, tree, make):
    """build/emu/<name>-<hash of tree>.uf2, made by ``make(path)`` when it is not there yet
    (``tree``: the (path, bytes) the image is made of)."""
    h = hashlib.sha256()
    for path, data in tree:
        h.update(path.encode() + b"\0" + hashlib.sha256(data).digest())
    out = os.path.join(CACHE, "%s-%s.uf2" % (name, h.hexdigest()[:16]))
    if not os.path.isfile(out):
        os.makedirs(CACHE, exist_ok=True)
        tmp = "%s.%d.tmp" % (out, os.getpid())  # two test workers may build the same image at once
        make(tmp)
        os.replace(tmp, out)
    return out


def drive_image(board, settings=SETTINGS, mpy=True):
    """The UF2 of ``board``'s CIRCUITPY drive as `make uf2` builds it (plus the emulator's
    settings.toml), cached in build/emu by the hash of its files."""
    from host_sim.deploy import drive_tree
    from host_sim.uf2 import build

    mpy_cross = MPY_CROSS if mpy and os.path.isfile(MPY_CROSS) else None
    extra = [("settings.toml", settings)] if settings else []
    tree = list(drive_tree(board, mpy_cross)) + extra
    return _cached(board, tree, lambda path: build(board, path, mpy_cross, log=lambda line: None,
                                                   extra=extra))


def frozen_image(board, settings=SETTINGS, modules=()):
    """The frozen install's UF2 (`make uf2`: the firmware with the app in it, and its drive,
    plus the emulator's settings.toml), cached in build/emu by the hash of the app's files.
    ``modules``: more to freeze, as (path, bytes) (a newer build)."""
    from host_sim.uf2 import build_frozen, freeze_tree, frozen_drive

    extra = [("settings.toml", settings)] if settings else []
    tree = freeze_tree(board) + list(modules) + frozen_drive(board, extra)
    return _cached(board + "-frozen", tree, lambda path: build_frozen(board, path, log=lambda line: None,
                                                                       extra=extra, modules=modules))


class EmuBoard:
    """One board, powered up. ``flash``: a flash image to start from (a dump of an earlier
    run: the drive and the nvm as they were); else the drive as `make uf2` leaves it on an
    empty flash. ``install``: "drive" (the board's stock CircuitPython, the app's files on
    CIRCUITPY) or "frozen" (the UF2 of `make uf2`: the app in the firmware). ``firmware``: a
    UF2 to boot instead of the board's stock one."""

    def __init__(self, board, flash=None, firmware=None, drive=True, settings=SETTINGS, echo=None,
                 install="drive"):
        from boards import load

        why = missing()
        if why:
            raise EmuError(why)
        self.board = board
        self.profile = load(board)
        self.wiring = w = WIRING[board]
        self.link = Link(echo=echo)
        self.install = install
        if install == "frozen":  # one UF2: the firmware and its drive
            # (over a flash dump, only a UF2 named: one dragged onto a board in use)
            images = [firmware] if firmware else [frozen_image(board, settings)] if flash is None else []
        else:
            images = [firmware or os.path.join(FIRMWARE, w.uf2)]
            if drive and flash is None:
                images.append(drive_image(board, settings))
        released = 1 - w.pressed
        pins = [[p, released] for p in w.keys] + [[p, lvl] for p, lvl in w.held]
        if w.encoder:
            pins += [[p, 1] for p in w.encoder]
        self.encoder_state = 0  # quadrature phase index of (A, B)
        self.link.send("init", bootrom=BOOTROM, flash_bytes=w.flash_mb << 20, jedec=list(w.jedec),
                       images=[os.path.abspath(i) for i in images], flash_in=flash and os.path.abspath(flash),
                       pins=pins, panel=w.panel)
        self.presses = 0
        self.screens = []  # (screen module, free heap, largest block or None, chip ms) per change of screen
        self.fallbacks = 0  # reloads for lack of heap the app reported

    # -- time -----------------------------------------------------------------------------------

    @property
    def chip_ms(self):
        return self.link.last.get("nanos", 0) / 1e6

    @property
    def active_ms(self):
        """Time the core has spent executing (not asleep in WFI), in ms at 125 MHz."""
        return self.link.last.get("active", 0) * CYCLE_NS / 1e6

    def run(self, ms):
        out = self.link.send("run", ms=ms)
        self._read_screens()
        return out

    def until(self, text, ms):
        """Run until the console prints ``text`` (True), or ``ms`` pass (False)."""
        found = self.link.send("until", text=text, ms=ms)["found"]
        self._read_screens()
        return found

    def _read_screens(self):
        lines = self.link.console.split("\n")
        self.link.console = lines[-1]  # a line not yet ended waits for the next answer
        self.done_lines = getattr(self, "done_lines", [])
        for line in lines[:-1]:
            line = line.rstrip("\r")
            self.done_lines.append(line)
            m = HEAP_LINE.search(line)
            if m:  # (the chip time is that of the answer that brought the line: to a run's step)
                self.screens.append((m.group(1), int(m.group(2)), int(m.group(3)) if m.group(3) else None,
                                     self.chip_ms))
            elif "heap fallback" in line:
                self.fallbacks += 1

    @property
    def console(self):
        return "\n".join(getattr(self, "done_lines", []) + [self.link.console])

    def traceback(self):
        """The first traceback the firmware printed, or None."""
        text = self.console
        at = text.find("Traceback (most recent call last)")
        return None if at < 0 else text[at:at + 2000]

    def boot(self, ms=20000):
        """Power-up to the app's first screen; its chip time in ms."""
        if not self.until("heap ", ms):
            raise EmuError("%s: no first screen after %d ms of chip time; console:\n%s"
                           % (self.board, ms, self.console[-2000:]))
        self.until("\n", 2000)
        self.settle()
        return self.chip_ms

    def settle(self, quiet_ms=300, limit_ms=30000):
        """Run until the panel has not changed for ``quiet_ms`` (e-paper: until its refresh
        has come and gone) or ``limit_ms`` pass."""
        waited = 0
        step = max(100, quiet_ms)
        if self.profile.PAPER:
            step = max(step, self.profile.REFRESH_MS + 600)
        while waited < limit_ms:
            before = self.link.last.get("frames", 0)
            self.run(step)
            waited += step
            if self.link.last.get("frames", 0) == before:
                return waited
        return waited

    def run_until_frame(self, rgb, limit_ms=60000, step_ms=100):
        """Run until the panel shows exactly ``rgb`` (True), or ``limit_ms`` pass (False).
        The app's main loop keeps the core busy even when it waits for a key, so "nothing
        left to do" cannot be read off the chip: the simulator says what should be shown."""
        waited = 0
        while True:
            if self.frame()[2] == rgb:
                return True
            if waited >= limit_ms:
                return False
            self.run(step_ms)
            waited += step_ms

    # -- keys -----------------------------------------------------------------------------------

    def _button(self, logical):
        km = self.profile.KEYMAP
        for hold in (False, True):
            for n, pair in enumerate(km):
                if pair[1 if hold else 0] == logical:
                    return n, hold
        raise EmuError("%s has no button for %s" % (self.board, logical))

    def press(self, logical):
        from firmware.keys import CCW, CW

        self.presses += 1
        if logical in (CW, CCW):
            self.turn(1 if logical == CW else -1)
            return
        n, hold = self._button(logical)
        pin = self.wiring.keys[n]
        self.link.send("pin", pin=pin, level=self.wiring.pressed)
        self.run(HOLD_MS if hold else TAP_MS)
        self.link.send("pin", pin=pin, level=1 - self.wiring.pressed)
        self.run(TAP_MS)

    # (A, B) levels round one detent of the encoder; rotaryio counts 4 edges a detent
    QUADRATURE = ((1, 1), (0, 1), (0, 0), (1, 0))

    def turn(self, detents):
        a, b = self.wiring.encoder
        step = 1 if detents > 0 else -1
        for _ in range(abs(detents) * 4):
            self.encoder_state = (self.encoder_state + step) % 4
            la, lb = self.QUADRATURE[self.encoder_state]
            self.link.send("pin", pin=a, level=la)
            self.link.send("pin", pin=b, level=lb)
            self.run(2)
        self.run(TAP_MS)

    def keys(self, text):
        """Press the logical keys of ``text`` ("down ok*2"; checked first, KeysError), each
        once the last has been dealt with; stops at a traceback."""
        from host_sim.device import board_key_names, parse_keys

        for name in parse_keys(text, self.board, board_key_names(self.board)):
            mark, ops = len(self.console), self.flash_ops
            self.press(name)
            self.settle(quiet_ms=120)
            self.settle_reload(mark, ops)
            if self.traceback():
                return

    def settle_reload(self, mark, ops, limit_ms=30000):
        """After a key that wrote the flash or reloaded the VM (a new match, a switch of
        mode): wait until the new VM has shown its screen and the panel is still. settle()
        alone stops in the quiet while a reload imports the app (some 300 ms of chip time
        with no change on the panel), and a key pressed then is lost. ``mark``: the
        console's length and ``ops`` the flash operations before the key."""
        if self.flash_ops == ops and REBOOT not in self.console[mark:]:
            return
        self.settle(quiet_ms=500)
        waited = 0
        while waited < limit_ms:
            tail = self.console[mark:]
            at = tail.rfind(REBOOT)
            if at < 0 or "heap " in tail[at:] or self.traceback():
                break
            self.run(100)
            waited += 100
        self.settle()

    # -- the panel --------------------------------------------------------------------------------

    def frame(self):
        """(width, height, RGB bytes) of what the panel shows now."""
        with tempfile.NamedTemporaryFile(suffix=".rgb") as f:
            out = self.link.send("frame", path=f.name)
            rgb = f.read()
        return out["width"], out["height"], rgb

    def png(self):
        w, h, rgb = self.frame()
        return png.encode(w, h, rgb)

    # -- flash ------------------------------------------------------------------------------------

    @property
    def flash_ops(self):
        last = self.link.last
        return last.get("erases", 0), last.get("programs", 0)

    def dump(self, path):
        self.link.send("dump", path=os.path.abspath(path))

    def close(self):
        self.link.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def differences(a, b, width):
    """(pixels that differ, their bounding box (x0, y0, x1, y1) or None) of two RGB frames."""
    n = 0
    box = None
    for i in range(0, min(len(a), len(b)), 3):
        if a[i:i + 3] != b[i:i + 3]:
            n += 1
            x, y = (i // 3) % width, (i // 3) // width
            if box is None:
                box = (x, y, x, y)
            else:
                box = (min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y))
    return n, box
