"""The journal on a modelled RP2040 flash, run by CircuitPython's own interpreter.

    export MICROPYPATH=<repo>
    circuitpython-rp2040 -X heapsize=171K tests/storage/cp_flash_session.py build WORK
    circuitpython-rp2040 -X heapsize=171K tests/storage/cp_flash_session.py sweep WORK [SEEDS [NVM]]

The flash (tests/storage/flash_model.py) holds the nvm sector at 0xFF000 and CIRCUITPY from
0x100000 to 2 MB, as CircuitPython lays out an RP2040 with 2 MB of flash; CIRCUITPY's
sectors live in WORK/drive.img, outside the heap.

build: os.VfsFat formats CIRCUITPY over the supervisor's block device model and the drive
is filled as `make deploy` leaves it (WORK/manifest.txt: "drive path<TAB>host path" lines)
on a drive that already has boot_out.txt, settings.toml and the first app version's journal
files (WORK/journal0.bin, journal1.bin: a running match). Writes WORK/drive.sha (a digest of
every folder and file on the drive) and WORK/drive.txt (one line per entry).

sweep: the app's start-up and a session of saves (WORK/steps.json: Keeper steps, one JSON
text a line), with the
power cut at every flash operation of it, "before" the operation and torn "inside" it
(SEEDS PRNG seeds for the torn bits). Start-up is open_store with this nvm and the journal
files on the mounted drive, saves.load of the older journal and the first save moving it
into the nvm. After every cut the board boots again (CIRCUITPY mounted afresh, a new nvm
view) and the harness checks that the drive still mounts and every file on it reads
byte-identical to before, that no flash sector but the nvm's changed, and what the match
loads (tests/storage/cut_session.py); the first save after that boot is cut too (torn) and
the one after the next boot must be kept. WORK/expected.txt: the key() of the match the
journal files hold, as CPython computed it.

Two runs, so that the sweep's heap holds only the app's code and the sweep's: on 171 KB
the two together fragment it until the app's 4 KB buffers find no room.

Prints a report and "RESULT key value" / "FAIL category text" lines for
tests/storage/test_flash_cuts_device.py.
"""

import gc
import os
import sys
import time

from tests.storage.flash_model import SECTOR, BlockDevice, FileSectors, NorFlash, NvmModel

FLASH = 2 * 1024 * 1024
NVM = 0xFF000  # CIRCUITPY_INTERNAL_NVM_START_ADDR - XIP base: the 4 KB after the firmware
DRIVE = 0x100000  # CIRCUITPY_CIRCUITPY_DRIVE_START_ADDR
DRIVE_SIZE = FLASH - DRIVE
MOUNT = "/CIRCUITPY"
JOURNALS = (MOUNT + "/journal0.bin", MOUNT + "/journal1.bin")
BOOT_OUT = (b"Adafruit CircuitPython 9.2.1 on 2024-11-20; Pimoroni PicoSystem with rp2040\r\n"
            b"Board ID:pimoroni_picosystem\r\nUID:E6614C311B7A8B21\r\n")
SETTINGS_TOML = b'# Environment variables\nCIRCUITPY_WEB_API_PASSWORD = "scores"\n'


def now():
    # Seconds; this port's time.time() counts whole seconds only.
    return time.ticks_ms() / 1000 if hasattr(time, "ticks_ms") else time.time()


def read(path, mode="rb"):
    with open(path, mode) as f:
        return f.read()


def write_text(path, text):
    with open(path, "w") as f:
        f.write(text)


# -- the drive ---------------------------------------------------------------------------


def _copy(vfs, src, path):
    buf = bytearray(512)
    with open(src, "rb") as f, vfs.open(path, "wb") as out:
        while True:
            n = f.readinto(buf)
            if not n:
                break
            out.write(buf[:n] if n < len(buf) else buf)


def _makedirs(vfs, path):
    at = ""
    for part in path.split("/")[1:-1]:
        at += "/" + part
        try:
            vfs.mkdir(at)
        except OSError:  # there already
            pass


def _put(vfs, path, data):
    with vfs.open(path, "wb") as f:
        f.write(data)


_drive = []  # (block device, VfsFat): one pair for every power-up, for the heap


def mount(flash):
    # A power-up: CIRCUITPY mounted afresh (FatFs reads the volume again, the sector cache
    # is empty). The objects are reused: fresh 4 KB buffers at every boot fragment the heap.
    if not _drive:
        bdev = BlockDevice(flash, DRIVE, DRIVE_SIZE)
        _drive.append((bdev, os.VfsFat(bdev)))
    else:
        try:
            os.umount(MOUNT)
        except OSError:  # the last mount failed
            pass
    bdev, vfs = _drive[0]
    bdev.power_up()
    os.mount(vfs, MOUNT)


def drive_digest(listing=None):
    # sha256 over every folder and file on the drive (path, size, content) in a fixed
    # order; ``listing``: a host file that gets one line per entry.
    from binascii import hexlify
    from hashlib import sha256

    whole = sha256()
    buf = bytearray(512)
    todo = [MOUNT]
    out = open(listing, "w") if listing else None
    while todo:
        d = todo.pop()
        for entry in sorted(os.ilistdir(d)):
            path = d + "/" + entry[0]
            if entry[1] & 0x4000:
                line = path + "/"
                todo.append(path)
            else:
                h = sha256()
                size = 0
                with open(path, "rb") as f:
                    while True:
                        n = f.readinto(buf)
                        if not n:
                            break
                        h.update(buf[:n] if n < len(buf) else buf)
                        size += n
                line = "%s %d %s" % (path, size, hexlify(h.digest()).decode())
            whole.update(line.encode())
            if out is not None:
                out.write(line + "\n")
    if out is not None:
        out.close()
    return hexlify(whole.digest()).decode()


class Steps:
    # The session's steps read from WORK/steps.json (one JSON step a line) at every run, so
    # that the heap holds one at a time, not the session.

    def __init__(self, path):
        self.path = path
        with open(path) as f:
            self.n = sum(1 for _ in f)

    def __len__(self):
        return self.n

    def __iter__(self):
        import json

        with open(self.path) as f:
            for line in f:
                yield json.loads(line)


def image(work, create=False):
    return FileSectors(work + "/drive.img", DRIVE_SIZE // SECTOR, create)


def build(work):
    t0 = now()
    flash = NorFlash(FLASH, backing=image(work, True), base=DRIVE, log=False)
    flash.through = True
    bdev = BlockDevice(flash, DRIVE, DRIVE_SIZE)
    os.VfsFat.mkfs(bdev)
    vfs = os.VfsFat(bdev)
    _put(vfs, "/boot_out.txt", BOOT_OUT)
    _put(vfs, "/settings.toml", SETTINGS_TOML)
    for name in ("journal0.bin", "journal1.bin"):
        _put(vfs, "/" + name, read(work + "/" + name))
    n = 0
    with open(work + "/manifest.txt") as f:
        for line in f:
            dest, src = line.rstrip("\n").split("\t")
            _makedirs(vfs, "/" + dest)
            _copy(vfs, src, "/" + dest)
            n += 1
    bdev.ioctl(3, 0)
    flash.through = False
    mount(flash)
    digest = drive_digest(work + "/drive.txt")
    write_text(work + "/drive.sha", digest)
    print("drive: %d files deployed, 4 on it before, built in %.1f s" % (n, now() - t0))
    print("RESULT drive %s" % digest)
    print("DONE")


# -- the session and its cuts -----------------------------------------------------------------


def sweep(work, seeds, nvm_at=NVM):
    # ``nvm_at``: elsewhere than NVM only to see the drive check fail (the test's own test).
    # The buffers that live through the run come first, below what the run makes.
    flash = NorFlash(FLASH, backing=image(work), base=DRIVE, log=False)
    flash.reserve(1)
    nvm = NvmModel(flash, nvm_at)
    mount(flash)

    from firmware.storage.choice import open_store
    from firmware.storage.saves import load
    from tests.storage import cut_session as cs

    reference = read(work + "/drive.sha", "r").strip()
    expected = read(work + "/expected.txt", "r").strip()
    steps = Steps(work + "/steps.json")

    unmountable = []

    def boot():
        try:
            mount(flash)
        except OSError as e:  # the app starts anyway; the files then read as missing
            unmountable.append(str(e))
        return open_store(nvm=nvm, fram=None, files=JOURNALS)

    store, older = boot()
    k = cs.Keeper()
    k.book = load(store, older, k.settings)
    got = cs.key(k.state())
    if got != bytes(int(expected[i:i + 2], 16) for i in range(0, len(expected), 2)):
        print("FAIL setup the first version's journal does not load as CPython wrote it")
    del k, store, older, got

    nvm_sector = NVM // SECTOR  # the only sector a session may change
    listing = work + "/drive.txt"

    def fat_intact(where):
        if unmountable:
            problem = ("fat", "%s: CIRCUITPY does not mount: %s" % (where, unmountable[0]))
            del unmountable[:]
            return problem
        problems = []
        stray = [i for i in flash.changed_sectors() if i != nvm_sector]
        if stray:
            problems.append("flash sectors other than the nvm's changed: %s" % stray)
        if drive_digest() != reference:
            drive_digest(listing + ".now")
            problems.append("CIRCUITPY differs from before the session (compare %s and %s.now)"
                            % (listing, listing))
        return ("fat", "%s: %s" % (where, "; ".join(problems))) if problems else None

    gc.collect()
    rig = cs.NvmRig(flash, boot, seeds=tuple(range(1, seeds + 1)))
    report = cs.plan(rig, steps, print)
    ops_inside = flash.ops == 0 or (NVM <= flash.lo and flash.hi <= NVM + SECTOR)
    problem = fat_intact("after the session")
    if problem:
        print("FAIL %s %s" % problem)
    t1 = now()
    cs.sweep(rig, steps, fat_intact, report, double=True)
    for line in report.lines("RP2040 flash, CIRCUITPY mounted, start-up and %d saves" % len(steps)):
        print(line)
    print("swept in %.1f s" % (now() - t1))
    print("RESULT steps %d" % len(steps))
    print("RESULT ops %d" % report.ops)
    print("RESULT points %d" % report.points)
    print("RESULT tried %d" % report.tried)
    print("RESULT heap %d" % report.failed_counts["heap"])
    print("RESULT ops_inside_nvm %d" % (1 if ops_inside else 0))
    spans = report.spans()
    print("RESULT append_erases %d" % sum(s[3] for s in spans if s[2] == cs.APPEND))
    print("RESULT erases %d" % sum(s[3] for s in spans))
    for key in sorted(report.counts):
        if report.counts[key]:
            print("RESULT count %s %s %d" % (key[0], key[1], report.counts[key]))
    print("DONE")


if sys.argv[1] == "build":
    build(sys.argv[2])
else:
    sweep(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 1,
          int(sys.argv[4], 16) if len(sys.argv) > 4 else NVM)
