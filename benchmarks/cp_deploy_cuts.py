"""A deploy over the previous version, cut at every flash operation, on CircuitPython's own FAT.

    MICROPYPATH=<repo> circuitpython-rp2040 -X heapsize=48M benchmarks/cp_deploy_cuts.py \
        WORK [EVERY [SEEDS [ENDS [REUSE [PART PARTS]]]]]

benchmarks/deploy_cuts.py prepares WORK and reads the report. The flash (tests/storage/
flash_model.py) holds CIRCUITPY from 0x100000 to 2 MB as CircuitPython lays out an RP2040 with
2 MB of flash, formatted by os.VfsFat (oofatfs: a 1 MB FAT12 drive) over the supervisor's block
device model (its one sector of write cache, 4 KB erases, 256-byte pages). The computer's side
of USB is oofatfs too: the deploy's file operations (WORK/ops.txt, recorded from
host_sim/deploy.py) run on the drive as the previous version's deploy left it (WORK/prev.txt, in
the order that deploy wrote it).

One uncut run logs every flash operation. A power cut leaves the flash and nothing else (the
cache and FatFs's buffers are RAM), so the drive after a cut at operation k is the drive before
the deploy with operations 0..k-1 applied and operation k not done ("before") or torn
("inside": each bit it should change changes or not, by a seeded PRNG). Every EVERY-th
operation is cut (1: all of them), and every one of the first and the last ENDS (where the
previous version's code.py gives way and where the new app's manifest and the loader land),
before and inside (SEEDS seeds); PART of PARTS: only that share of the operations is cut (runs
side by side, their counts added). At each cut the board powers
up: CIRCUITPY is mounted afresh and the program CircuitPython would run (code.py, else
main.py) decides:
  old         the previous version's code.py runs /app_a, every file of it whole
  new         the loader runs a folder that holds every file of the new app whole
  incomplete  the loader finds no complete folder: the "App incomplete" screen
  unmountable no FAT CircuitPython can mount (it formats CIRCUITPY anew at the next boot)
  no-app      no code.py or main.py, or one that is neither (CircuitPython shows its error)
  HALF        an app runs whose files are not all whole: must never be counted
and, counted apart, the user's own files (settings.toml, ...) read back whole or not.

Prints "RESULT key value" lines, "CUT k mode outcome" for each HALF, and DONE.
"""

import os
import sys
import time

from tests.storage.flash_model import BEFORE, INSIDE, SECTOR, BlockDevice, NorFlash, PowerCut

FLASH = 2 * 1024 * 1024
DRIVE = 0x100000
DRIVE_SIZE = FLASH - DRIVE
MOUNT = "/CIRCUITPY"
NVM = 0xFF000


class MemSectors:
    # A drive image held whole in RAM (this harness's heap is the computer's, not the board's).

    def __init__(self, count):
        self.count = count
        self.data = bytearray(b"\xff" * (count * SECTOR))

    def readinto(self, offset, buf):
        n = len(buf)
        buf[:] = memoryview(self.data)[offset:offset + n]

    def write_at(self, offset, data):
        self.data[offset:offset + len(data)] = data


def read(path):
    with open(path, "rb") as f:
        return f.read()


def lines(path):
    with open(path) as f:
        return [line.rstrip("\n").split("\t") for line in f if line.strip()]


def crc(data):
    from binascii import crc32

    return crc32(data) & 0xFFFFFFFF


def makedirs(vfs, path):
    at = ""
    for part in path.split("/")[1:-1]:
        at += "/" + part
        try:
            vfs.mkdir(at)
        except OSError:
            pass


def put(vfs, path, data):
    makedirs(vfs, path)
    with vfs.open(path, "wb") as f:
        f.write(data)


def replay(vfs, bdev, ops, work):
    for op in ops:
        kind = op[0]
        if kind == "write":
            put(vfs, "/" + op[1], read(work + "/" + op[2]))
        elif kind == "remove":
            vfs.remove("/" + op[1])
        elif kind == "rmdir":
            vfs.rmdir("/" + op[1])
        elif kind == "rename":
            vfs.rename("/" + op[1], "/" + op[2])
        elif kind == "overwrite":
            with vfs.open("/" + op[1], "r+b") as f:
                f.write(read(work + "/" + op[2]))
        elif kind == "sync":
            bdev.ioctl(3, 0)
        else:
            raise ValueError("unknown operation %s" % kind)


def tree(path):
    # [(path, size, crc)] as WORK's listing files hold them.
    return [(p, int(n), int(c, 16)) for p, n, c in lines(path)]


def whole(files):
    for path, size, want in files:
        try:
            data = read(MOUNT + "/" + path)
        except (OSError, ValueError):
            return False
        if len(data) != size or crc(data) != want:
            return False
    return True


class ReadingDevice(BlockDevice):
    # Notes the flash sectors (by flash address // SECTOR) a power-up reads (``seen``, when it
    # is a set).

    seen = None

    def readblocks(self, block_num, buf):
        if block_num < 0 or (block_num * 512 + len(buf)) > self.count * 512:
            raise OSError(5)  # a torn boot sector can send FatFs past the drive: the board's read fails
        if self.seen is not None:
            at = self.start + block_num * 512
            for i in range(at // SECTOR, (at + len(buf) - 1) // SECTOR + 1):
                self.seen.add(i)
        BlockDevice.readblocks(self, block_num, buf)


class Board:
    # Powers up on the flash as a cut left it and says what runs. What a power-up finds
    # depends on nothing but the bytes it reads: when none of the sectors the last power-up
    # read has changed since (``versions`` counts the changes of each sector), the outcome is
    # the same, and is taken without reading them all again.

    def __init__(self, flash, work):
        self.flash = flash
        self.bdev = ReadingDevice(flash, DRIVE, DRIVE_SIZE)
        self.versions = {}
        self.last = None
        self.reused = 0
        self.reuse = True
        self.loader = read(work + "/loader.py")
        self.old_code = read(work + "/old_code.py")
        self.stub = read(work + "/stub.py")
        self.sizes_only_half = 0
        scope = {"__name__": "loader"}
        exec(compile(self.loader.decode(), "code.py", "exec"), scope)
        self.choose = scope["choose"]
        self.old = tree(work + "/old.txt")  # the previous version's folder: app_a/...
        self.new = tree(work + "/new.txt")  # the new app, paths in its folder
        self.old_slot = self.old[0][0].split("/")[0]
        self.new_slot = read(work + "/new_slot.txt").decode().strip()
        # The manifest lines that name exactly the new app: a folder the loader found whole
        # against them holds it whole (the loader read and CRC-checked every file).
        self.new_lines = ["%d %08x %s" % (n, c, p) for p, n, c in self.new]
        self.user = tree(work + "/user.txt")
        self.mounted = False

    def boot(self, torn):
        # power_up() after a cut that tore sector ``torn`` (None: it changed nothing).
        last = self.last
        if (last is not None and self.reuse and torn not in last[0]
                and all(self.versions.get(i, 0) == v for i, v in last[1])):
            self.sizes_only_half += last[3]
            self.reused += 1
            return last[2]
        half = self.sizes_only_half
        self.bdev.seen = set()
        result = self.power_up()
        seen = self.bdev.seen
        self.bdev.seen = None
        self.last = None if torn in seen else (
            seen, [(i, self.versions.get(i, 0)) for i in seen], result, self.sizes_only_half - half)
        return result

    def power_up(self):
        if self.mounted:
            os.umount(MOUNT)
            self.mounted = False
        self.bdev.power_up()
        try:  # FatFs finds the volume (CircuitPython formats CIRCUITPY anew when it does not)
            os.mount(os.VfsFat(self.bdev), MOUNT)
        except OSError:
            return "unmountable", False
        except Exception as e:  # noqa: BLE001 - a torn drive must not end the sweep
            print("ERROR mount %r" % e)
            return "unmountable", False
        self.mounted = True
        try:
            outcome = self.runs()
        except Exception as e:  # noqa: BLE001 - what the loader meets on a torn drive, it must survive
            print("ERROR %r" % e)
            outcome = "no-app"
        try:
            return outcome, whole(self.user)
        except Exception as e:  # noqa: BLE001
            print("ERROR user files %r" % e)
            return outcome, False

    def program(self):
        for name in ("code.py", "main.py"):
            try:
                return read(MOUNT + "/" + name)
            except OSError:
                pass
        return None

    def runs(self):
        entry = self.program()
        if entry == self.old_code:
            return "old" if whole(self.old) else "HALF"
        if entry == self.stub:  # it runs main.py when that is the loader whole, else says so
            try:
                entry = read(MOUNT + "/main.py")
            except OSError:
                return "incomplete"
            if entry != self.loader:
                return "incomplete"
        if entry != self.loader:
            return "no-app"
        slot = self.choose(MOUNT, False)
        if slot is not None and self.verdict(slot) == "HALF":
            self.sizes_only_half += 1
        slot = self.choose(MOUNT)
        return "incomplete" if slot is None else self.verdict(slot, True)

    def verdict(self, slot, checked=False):
        # "new" or "old" when the folder holds that app whole, else HALF. ``checked``: the
        # loader has just read every file of it against its manifest.
        if slot == self.new_slot:
            if checked and self.manifest(slot) == self.new_lines:
                return "new"
            return "new" if whole([(slot + "/" + p, n, c) for p, n, c in self.new]) else "HALF"
        return "old" if slot == self.old_slot and whole(self.old) else "HALF"

    def manifest(self, slot):
        data = read(MOUNT + "/" + slot + "/manifest.txt").decode()
        return data.split("\n")[1:-2]


def build(work):
    image = MemSectors(DRIVE_SIZE // SECTOR)
    flash = NorFlash(FLASH, backing=image, base=DRIVE, log=False)
    flash.through = True
    bdev = BlockDevice(flash, DRIVE, DRIVE_SIZE)
    os.VfsFat.mkfs(bdev)
    vfs = os.VfsFat(bdev)
    for dest, src in lines(work + "/prev.txt"):
        put(vfs, "/" + dest, read(src))
    bdev.ioctl(3, 0)
    flash.through = False
    return image


def main(work, every, seeds, ends, reuse=1, part=0, parts=1):
    t0 = time.time()
    image = build(work)
    ops = lines(work + "/ops.txt")
    flash = NorFlash(FLASH, backing=image, base=DRIVE, log=True)
    board = Board(flash, work)
    first = board.power_up()
    assert first == ("old", True), "the previous version does not run: %s %s" % first
    bdev = BlockDevice(flash, DRIVE, DRIVE_SIZE)
    vfs = os.VfsFat(bdev)
    replay(vfs, bdev, ops, work)
    bdev.ioctl(3, 0)
    log = flash.log
    done = board.power_up()
    print("RESULT after %s %s" % (done[0], "kept" if done[1] else "damaged"))
    erases = sum(1 for op in log if op[0] == "erase")
    print("RESULT file_ops %d" % len(ops))
    print("RESULT flash_ops %d" % len(log))
    print("RESULT erases %d" % erases)
    print("RESULT nvm_touched %d" % sum(1 for op in log if op[1] < DRIVE))
    print("RESULT sector0_rewrites %d" % sum(1 for op in log if op[0] == "erase" and op[1] == DRIVE))
    # The sweep: the same operations applied one by one to a fresh copy of the drive, each cut
    # on a copy of the sector it changes, which is then put back and the operation done whole.
    flash = NorFlash(FLASH, backing=image, base=DRIVE, log=False)
    board.flash = flash
    board.bdev = ReadingDevice(flash, DRIVE, DRIVE_SIZE)
    board.reuse = bool(reuse)
    counts = {}
    kept = [0, 0]
    points = 0
    mine = range(part * len(log) // parts, (part + 1) * len(log) // parts)  # this run's share
    for k in range(len(log)):
        kind, addr, data = log[k]
        if k in mine and (k % every == 0 or k < ends or k >= len(log) - ends):
            i = addr // SECTOR
            saved = flash.sectors.get(i)
            saved = bytes(saved) if saved is not None else None
            for mode, seed in [(BEFORE, 0)] + [(INSIDE, s) for s in range(1, seeds + 1)]:
                flash.arm(flash.ops, mode, seed * 7919 + k)
                try:
                    if kind == "erase":
                        flash.erase(addr)
                    else:
                        flash.program(addr, data)
                except PowerCut:
                    pass
                flash.ops -= 1  # the cut operation does not count: it is done again below
                flash.disarm()
                outcome, user = board.boot(i if mode == INSIDE else None)
                points += 1
                counts[outcome] = counts.get(outcome, 0) + 1
                kept[0 if user else 1] += 1
                if outcome == "HALF" or not user:
                    print("CUT %d %s %s %s 0x%x %s" % (k, mode, kind, outcome, addr,
                                                       "user files kept" if user else "USER FILES DAMAGED"))
                if saved is None:
                    flash.sectors.pop(i, None)
                else:
                    flash.sectors[i][:] = saved
        if kind == "erase":
            flash.erase(addr)
        else:
            flash.program(addr, data)
        board.versions[addr // SECTOR] = board.versions.get(addr // SECTOR, 0) + 1
    print("RESULT points %d" % points)
    print("RESULT reused %d" % board.reused)
    for key in ("old", "new", "incomplete", "unmountable", "no-app", "HALF"):
        print("RESULT count %s %d" % (key, counts.get(key, 0)))
    print("RESULT sizes_only_half %d" % board.sizes_only_half)
    print("RESULT user_kept %d" % kept[0])
    print("RESULT user_damaged %d" % kept[1])
    print("RESULT seconds %d" % (time.time() - t0))
    print("DONE")


main(sys.argv[1], *[int(a) for a in sys.argv[2:]] + [1, 1, 0, 1, 0, 1][len(sys.argv) - 2:])
