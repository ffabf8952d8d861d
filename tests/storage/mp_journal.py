"""The journal under MicroPython: node tests/mp/exec.mjs tests/storage/mp_journal.py [py]

A shortened session (new match, rounds, a second match, rounds) over an nvm-like bytearray small
enough to force slot switches, with the power cut at every byte of every save; after each cut a
new Journal must load exactly the list before or after the save, and the save must then work.
With the argument `py` the CRC is the pure-Python table (firmware/crc32_py.py), as on an
interpreter without binascii.crc32. Prints one summary line; `_exit_status` 1 on a failure.
"""

import firmware.journal
from firmware.crc32_py import crc32_py
from firmware.journal import Journal
from firmware.slots import NvmSlots

if "py" in ARGV:  # noqa: F821 (set by exec.mjs)
    firmware.journal.crc32 = crc32_py


class PowerCut(Exception):
    pass


class CutNvm:
    """Slice writes land only up to `at` bytes (counted over all writes), then PowerCut. The prefix
    model of tests/storage/faults.py, kept here because that harness needs CPython (random,
    contextlib, files) and this script runs alone inside MicroPython."""

    def __init__(self, mem, at):
        self.mem = mem
        self.at = at

    def __len__(self):
        return len(self.mem)

    def __getitem__(self, index):
        return self.mem[index]

    def __setitem__(self, index, value):
        if self.at is None or len(value) < self.at:
            if self.at is not None:
                self.at -= len(value)
            self.mem[index] = value
            return
        start = index.start
        self.mem[start:start + self.at] = value[:self.at]
        raise PowerCut()


def entry(n):
    return b'{"t":"round","e":{"calls":{},"first_out":%d,"double_victory":null,"card_points":[%d,%d]}}' % (
        n % 4, 5 * (n % 20), 100 - 5 * (n % 20))


SAVES = [("reset", [b'{"t":"new","game":"tichu","names":["A","B","C","D"],"limit":1000}'])]
SAVES += [("append", entry(i)) for i in range(8)]
SAVES += [("reset", [b'{"t":"new","game":"chimera","names":["E","F","G"],"limit":400}'])]
SAVES += [("append", entry(i)) for i in range(3)]


def apply(journal, save):
    if save[0] == "reset":
        journal.reset(save[1])
    else:
        journal.append(save[1])


def run():
    mem = bytearray(b"\xff" * 2000)
    before = []
    cuts = 0
    switches = 0
    for save in SAVES:
        after = list(save[1]) if save[0] == "reset" else before + [save[1]]
        snap = bytes(mem)
        at = 0
        while True:
            mem[:] = snap
            journal = Journal(NvmSlots(CutNvm(mem, at)))
            journal.load()
            try:
                apply(journal, save)
                break
            except PowerCut:
                pass
            got = Journal(NvmSlots(mem)).load()
            if got != before and got != after:
                print("FAIL", save[0], "cut at", at)
                return 1
            again = Journal(NvmSlots(mem))
            if again.load() == before:
                apply(again, save)
            if Journal(NvmSlots(mem)).load() != after:
                print("FAIL after recovery", save[0], "cut at", at)
                return 1
            cuts += 1
            at += 1
        mem[:] = snap
        journal = Journal(NvmSlots(mem))
        journal.load()
        gen = journal._gen
        apply(journal, save)
        switches += journal._gen != gen
        before = after
    print("journal ok: %d saves, %d cut points, %d slot switches, crc %s"
          % (len(SAVES), cuts, switches, "python" if "py" in ARGV else "native"))  # noqa: F821
    return 0


_exit_status = run()
