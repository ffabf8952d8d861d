"""Power cuts for the journal's storage: a write stops after a chosen byte, then the power is gone.

A `Cut` decides how many bytes of the next writes reach the medium: `at` bytes counted over all
writes since it was armed; -1 means the power went before the write call changed anything (for a
file opened "wb": not even truncated). What lands is the prefix of the data, or with `garbage` the
prefix followed by random bytes over the rest of the range (flash half-programmed, or a FAT entry
already grown over sectors never written). After the cut, PowerCut is raised.

Rigs hold one backend's medium (a bytearray for the nvm, a directory for the files), can copy and
restore it, and build stores whose writes go through a Cut.
"""

import contextlib
import os
import random

import firmware.slots as slots
from firmware.slots import FileSlots, NvmSlots


class PowerCut(Exception):
    pass


class Cut:
    def __init__(self, at=None, garbage=False, seed=0):
        self.at = at  # None: never cut, just count
        self.garbage = garbage
        self.rng = random.Random(seed)
        self.written = 0
        self.writes = 0

    def land(self, data):
        """(the bytes that reach the medium or None for none at all, whether the power goes now)."""
        self.writes += 1
        if self.at is None or self.written + len(data) < self.at:
            self.written += len(data)
            return data, False
        if self.at < 0:
            return None, True
        k = self.at - self.written
        self.written = self.at
        landed = data[:k]
        if self.garbage:
            landed += self.rng.randbytes(len(data) - k)
        return landed, True


class CutNvm:
    """The nvm seen through a Cut: a slice assignment lands partly, the other bytes keep their value."""

    def __init__(self, mem, cut):
        self.mem = mem
        self.cut = cut

    def __len__(self):
        return len(self.mem)

    def __getitem__(self, index):
        return self.mem[index]

    def __setitem__(self, index, value):
        landed, cut = self.cut.land(bytes(value))
        if landed is not None:
            start = index.start
            self.mem[start:start + len(landed)] = landed
        if cut:
            raise PowerCut()


class NvmRig:
    name = "nvm"

    def __init__(self, size=4096):
        self.mem = bytearray(b"\xff" * size)

    def snapshot(self):
        return bytes(self.mem)

    def restore(self, snap):
        self.mem[:] = snap

    def store(self, cut=None):
        return NvmSlots(self.mem if cut is None else CutNvm(self.mem, cut))

    @contextlib.contextmanager
    def faults(self, cut):
        yield

    def slot_bytes(self, slot):
        st = self.store()
        return bytes(self.mem[st._at(slot, 0):st._at(slot, st.capacity)])

    def flip(self, slot, offset, bit):
        self.mem[self.store()._at(slot, offset)] ^= 1 << bit


class FileRig:
    name = "files"

    def __init__(self, directory, capacity=16384):
        self.dir = str(directory)
        self.capacity = capacity
        self.paths = FileSlots(self.dir).paths

    def snapshot(self):
        snap = []
        for p in self.paths:
            if os.path.exists(p):
                with open(p, "rb") as f:
                    snap.append(f.read())
            else:
                snap.append(None)
        return tuple(snap)

    def restore(self, snap):
        for p, data in zip(self.paths, snap, strict=True):
            if data is None:
                if os.path.exists(p):
                    os.remove(p)
            else:
                with open(p, "wb") as f:
                    f.write(data)

    def store(self, cut=None):
        return FileSlots(self.dir, capacity=self.capacity)

    @contextlib.contextmanager
    def faults(self, cut):
        real = slots._durable_write

        def cutting(path, mode, data):
            landed, power_gone = cut.land(data)
            if landed is not None:
                real(path, mode, landed)
            if power_gone:
                raise PowerCut()

        slots._durable_write = cutting
        try:
            yield
        finally:
            slots._durable_write = real

    def slot_bytes(self, slot):
        return self.snapshot()[slot] or b""

    def flip(self, slot, offset, bit):
        with open(self.paths[slot], "r+b") as f:
            f.seek(offset)
            b = f.read(1)[0]
            f.seek(offset)
            f.write(bytes([b ^ (1 << bit)]))
