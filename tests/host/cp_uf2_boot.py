"""The board after `make uf2`'s file was copied onto it, run by CircuitPython's own interpreter.

    MICROPYPATH=<repo>:<repo>/benchmarks circuitpython-rp2040 -X heapsize=171K \\
        tests/host/cp_uf2_boot.py DRIVE_IMAGE FLASH_BYTES BOARD_ID WIDTH HEIGHT

DRIVE_IMAGE: the flash from 1 MB on (CIRCUITPY) with the UF2's blocks written into it, as
tests/host/test_uf2.py unpacked them. The flash (tests/storage/flash_model.py) is the board's:
FLASH_BYTES of it, the nvm sector erased below the drive, CIRCUITPY read and written as
CircuitPython's RP2040 supervisor does. os.VfsFat, CircuitPython's FAT code, mounts the drive
at "/", as the board does; the script prints every folder and file on it ("DIR path", "FILE
path size sha256"). Then it boots the board: the board's C modules are stand-ins (displayio,
terminalio, keypad and board from benchmarks/device_stubs.py; supervisor, microcontroller with
the modelled nvm, busio, fourwire, busdisplay, rotaryio, adafruit_bus_device here), everything
else comes from the drive: its code.py is run as CircuitPython runs it, which imports the app
from the folder it names, with the Adafruit libraries of that folder's lib/. The main loop's
second call of supervisor.ticks_ms() ends the run: the first screen has been drawn. It prints
the texts on the panel ("TEXT y x text"), the flash sectors the run changed ("CHANGED" and the
sector addresses; the app must never write CIRCUITPY), the heap, and "DONE".
"""

import gc
import hashlib
import os
import sys

import device_stubs

from tests.storage.flash_model import SECTOR, BlockDevice, FileSectors, NorFlash, NvmModel

DRIVE = 0x100000
NVM = 0xFF000
IMAGE, FLASH, BOARD_ID = sys.argv[1], int(sys.argv[2]), sys.argv[3]
WIDTH, HEIGHT = int(sys.argv[4]), int(sys.argv[5])  # the panel board.DISPLAY stands for
SIZE = FLASH - DRIVE


class HeldSectors(FileSectors):
    # The drive image, through one file opened now: once the FAT is mounted at "/", the host's
    # files are out of reach.

    def __init__(self, path, count):
        FileSectors.__init__(self, path, count)
        self.f = open(path, "r+b")

    def readinto(self, offset, buf):
        self.f.seek(offset)
        self.f.readinto(buf)

    def write_at(self, offset, data):
        self.f.seek(offset)
        self.f.write(data)


class FirstScreen(Exception):
    pass


# -- the board's C modules ---------------------------------------------------------------------


class _Module:
    pass


def module(name, **attrs):
    m = _Module()
    for k in attrs:
        setattr(m, k, attrs[k])
    sys.modules[name] = m
    return m


PANELS = []  # every display made: board.DISPLAY, or one a library built on a bus


class Panel(device_stubs.Display):
    def __init__(self, width, height):
        device_stubs.Display.__init__(self, width, height)
        PANELS.append(self)


class BusDisplay(Panel):
    # busdisplay.BusDisplay, which the Display Pack's profile builds its panel as.
    def __init__(self, bus, init_sequence, width=0, height=0, **kwargs):
        Panel.__init__(self, width, height)
        self.bus = bus
        self.init_sequence = init_sequence


class Bus:
    # busio.SPI, busio.I2C, fourwire.FourWire: wires with nothing to say.
    def __init__(self, *args, **kwargs):
        self.args = args

    def deinit(self):
        pass

    def try_lock(self):
        return True

    def unlock(self):
        pass


class I2CDevice:
    # adafruit_bus_device.i2c_device.I2CDevice (built into CircuitPython): probes the address
    # and, as on a board without an FRAM plugged in, nothing answers.
    def __init__(self, i2c, device_address, probe=True):
        raise ValueError("No I2C device at address: 0x%x" % device_address)


class Encoder:
    def __init__(self, pin_a, pin_b, divisor=4):
        self.position = 0


TICKS = [0]


def ticks_ms():
    # The main loop asks once per pass: the second pass is the first after the first screen.
    TICKS[0] += 1
    if TICKS[0] > 1:
        raise FirstScreen()
    return 0


# -- the drive ----------------------------------------------------------------------------------


def walk(path):
    for name, kind, _, size in sorted(os.ilistdir(path)):
        full = path.rstrip("/") + "/" + name
        if kind == 0x4000:
            print("DIR %s" % full[1:])
            walk(full)
        else:
            h = hashlib.sha256()
            buf = bytearray(512)
            with open(full, "rb") as f:
                while True:
                    n = f.readinto(buf)
                    if not n:
                        break
                    h.update(buf[:n])
            print("FILE %s %d %s" % (full[1:], size, "".join("%02x" % b for b in h.digest())))


def texts(group, x0, y0, scale, out):
    # (y, x, text) of every line of text drawn from the terminal font's glyph sheet.
    if group is None or group.hidden:
        return
    x0 += group.x * scale
    y0 += group.y * scale
    scale *= getattr(group, "scale", 1)
    for item in group._items:
        if isinstance(item, device_stubs.Group):
            texts(item, x0, y0, scale, out)
        elif isinstance(item, device_stubs.TileGrid) and not item.hidden and item.bitmap is FONT.bitmap:
            chars = FONT.CHARS
            line = "".join([chars[t] for t in item._tiles]).strip()
            if line:
                out.append((y0 + item.y * scale, x0 + item.x * scale, line))


flash = NorFlash(FLASH, backing=HeldSectors(IMAGE, SIZE // SECTOR), base=DRIVE, log=False)
os.umount("/")
os.mount(os.VfsFat(BlockDevice(flash, DRIVE, SIZE)), "/")
walk("/")

device_stubs.install()
FONT = sys.modules["terminalio"].FONT
sys.modules["displayio"].release_displays = lambda: None
board = sys.modules["board"]
board.board_id = BOARD_ID
board.DISPLAY = Panel(WIDTH, HEIGHT)  # unused where a library drives the panel over a bus
board.I2C = board.STEMMA_I2C = Bus
module("supervisor", ticks_ms=ticks_ms, runtime=_Module())  # runtime.display: None at power-up
sys.modules["supervisor"].runtime.display = None
module("microcontroller", nvm=NvmModel(flash, NVM))
module("busio", SPI=Bus, I2C=Bus)
module("fourwire", FourWire=Bus)
module("busdisplay", BusDisplay=BusDisplay)
module("rotaryio", IncrementalEncoder=Encoder)
module("adafruit_bus_device")
module("adafruit_bus_device.i2c_device", I2CDevice=I2CDevice)
sys.path[:] = ["", "/", "/lib"]  # CircuitPython's (it has .frozen too), nothing of the host's
os.chdir("/")
gc.collect()
before = gc.mem_alloc()
with open("/code.py") as f:
    source = f.read()
try:
    exec(compile(source, "code.py", "exec"), {"__name__": "__main__"})
    print("FAIL code.py returned: the app's main loop ended")
except FirstScreen:
    shown = [p for p in PANELS if p.root_group is not None]
    if len(shown) != 1:
        print("FAIL %d panels show something, not one" % len(shown))
    out = []
    for p in shown:
        texts(p.root_group, 0, 0, 1, out)
        print("PANEL %dx%d" % (p.width, p.height))
    for y, x, line in sorted(out):
        print("TEXT %d %d %s" % (y, x, line))
gc.collect()
print("HEAP the app's %d bytes after the first screen" % (gc.mem_alloc() - before))
print("CHANGED" + "".join([" %x" % (i * SECTOR) for i in flash.changed_sectors()]))
print("DONE")
