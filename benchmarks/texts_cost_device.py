# The device side of benchmarks/texts_cost.py: runs on CircuitPython's RP2040-like
# interpreter (../shared/tools/circuitpython-rp2040) with the app compiled to .mpy on
# MICROPYPATH.
#
#   circuitpython-rp2040 -X heapsize=4M texts_cost_device.py DRIVE BLOCKS TABLE TEXTS
#
# DRIVE: a host folder holding the drive as make deploy leaves it; BLOCKS: the size of the
# FAT drive made for it, in 512-byte blocks; TABLE: the table's path on that drive; TEXTS:
# a host file with one JSON list of the texts a main-loop pass asks for. The drive is
# formatted by os.VfsFat (CircuitPython's FatFs) on a RAM block device and filled with the
# folder, so that firmware/texts.py reads its table through FatFs as on the board.
#
# Each step is bracketed by calls of MARK (pow of three, as benchmarks/cost_device.py does),
# so callgrind's --dump-before=<its entry> gives each its own cost part; what is set up for
# a step (the file let go, the heap collected) is outside the brackets. Prints one line
# per step: "name block-reads", in the order run; "read" is one read of the RAM block
# device alone (a Python method: texts_cost.py takes it off per read).

import gc
import json
import os
import sys

MARK = pow
REPEAT = 5  # runs of each step: texts_cost.py takes the median


class Ram:
    # A block device in RAM for os.VfsFat, counting the blocks FatFs reads.
    def __init__(self, blocks):
        self.data = bytearray(blocks * 512)
        self.reads = 0

    def readblocks(self, n, buf, off=0):
        self.reads += 1
        at = n * 512 + off
        buf[:] = memoryview(self.data)[at:at + len(buf)]

    def writeblocks(self, n, buf, off=0):
        at = n * 512 + off
        self.data[at:at + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:  # block count
            return len(self.data) // 512
        if op == 5:  # block size
            return 512
        return 0


def fill(src, dest):
    # The host folder ``src`` copied into the mounted folder ``dest``, folders first.
    for name, kind, *_ in sorted(os.ilistdir(src)):
        if kind == 0x4000:
            os.mkdir(dest + "/" + name)
            fill(src + "/" + name, dest + "/" + name)
        else:
            with open(src + "/" + name, "rb") as f:
                data = f.read()
            with open(dest + "/" + name, "wb") as f:
                f.write(data)


def main():
    src, blocks, table, shown = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    bdev = Ram(blocks)
    os.VfsFat.mkfs(bdev)
    os.mount(os.VfsFat(bdev), "/drive")
    fill(src, "/drive")
    with open(shown) as f:
        passed = json.load(f)
    from firmware import texts

    texts.TABLE = "/drive/" + table
    t = texts.Texts(0)
    with open(texts.TABLE, "rb") as f:
        f.readline()
        rows = [line.split(b"\t", 1)[0].decode() for line in f if line.strip()]
    buf = bytearray(512)

    def a_pass():
        for en in passed:
            t.get(en)

    # (name, prepare: what the step needs, outside the brackets, or None, step)
    steps = (("noop", None, lambda: None),
             ("read", None, lambda: bdev.readblocks(0, buf)),
             ("use", lambda: t.use(0), lambda: t.use(1)),
             ("first", t.close, lambda: t.get(rows[0])),  # the file not open yet: opened
             ("last", None, lambda: t.get(rows[-1])),  # the file open
             ("next", None, lambda: t.get(rows[len(rows) // 2])),
             ("miss", None, lambda: t.get("a text the table does not hold")),
             ("close", None, t.close),
             ("pass", t.close, a_pass))
    for _ in range(REPEAT):
        for name, prepare, step in steps:
            if prepare is not None:
                prepare()
            gc.collect()
            reads = bdev.reads
            MARK(7, 3, 5)
            step()
            MARK(7, 3, 5)
            print(name, bdev.reads - reads)
    t.use(1)  # what was counted read the right texts through FatFs
    with open(texts.TABLE, "rb") as f:
        f.readline()
        wrong = [r for r in (line.rstrip(b"\r\n").decode().split("\t") for line in f if line.strip())
                 if t.get(r[0]) != r[1]]
    if wrong:
        raise SystemExit("wrong texts read from the drive: %r" % wrong[:5])


main()
