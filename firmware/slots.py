"""The two places a journal can live: files on the CIRCUITPY flash, or `microcontroller.nvm`.

A slot store holds two slots (0 and 1) of at most `capacity` bytes each and offers:
  read(slot, offset, n) -> bytes   (shorter, possibly empty, past what is there)
  write(slot, offset, data)        append `data` at `offset`, the end of what the journal wrote
  rewrite(slot, data)              replace the whole slot by `data`
  clean_after(slot, offset) -> bool   nothing was written at or after `offset`
  done()                           the journal has finished reading for now
and makes each write durable before returning. Host tests wrap these to cut writes short.
"""

import os

ERASED = b"\xff" * 64  # the value of erased flash, in the chunk size clean_after compares


def _durable_write(path, mode, data):
    f = open(path, mode)
    try:
        f.write(data)
        f.flush()
        fsync = getattr(os, "fsync", None)  # CPython; CircuitPython has os.sync instead
        if fsync is not None:
            fsync(f.fileno())
    finally:
        f.close()
    if fsync is None and hasattr(os, "sync"):
        os.sync()  # flush CircuitPython's flash sector cache to the chip


class FileSlots:
    """Two files on a writable filesystem (CIRCUITPY after boot.py remounted it for the app)."""

    name = "flash"

    def __init__(self, directory="/", stem="journal", capacity=16384):
        base = directory.rstrip("/") + "/" + stem
        self.paths = (base + "0.bin", base + "1.bin")
        self.capacity = capacity
        self._reading = None  # (slot, open file): a scan reads frame after frame from one slot

    def writable(self):
        """Whether this program may write there (CircuitPython raises EROFS while USB owns the drive)."""
        try:
            open(self.paths[0], "ab").close()
            return True
        except OSError:
            return False

    def _size(self, slot):
        try:
            return os.stat(self.paths[slot])[6]
        except OSError:
            return 0

    def read(self, slot, offset, n):
        try:
            if self._reading is None or self._reading[0] != slot:
                self.done()
                self._reading = (slot, open(self.paths[slot], "rb"))
            f = self._reading[1]
            f.seek(offset)
            return f.read(n)
        except OSError:
            return b""

    def done(self):
        if self._reading is not None:
            self._reading[1].close()
            self._reading = None

    def write(self, slot, offset, data):
        # the journal writes at `offset` only when clean_after(offset) held, i.e. it is the file's end
        _durable_write(self.paths[slot], "ab", data)

    def rewrite(self, slot, data):
        _durable_write(self.paths[slot], "wb", data)

    def clean_after(self, slot, offset):
        return self._size(slot) <= offset


class NvmSlots:
    """The two halves of a bytearray-like non-volatile area (`microcontroller.nvm`, 4 KB on RP2040)."""

    name = "nvm"

    def __init__(self, nvm, start=0, size=None):
        if size is None:
            size = len(nvm) - start
        self.nvm = nvm
        self.start = start
        self.capacity = size // 2

    def _at(self, slot, offset):
        return self.start + slot * self.capacity + offset

    def read(self, slot, offset, n):
        n = min(n, self.capacity - offset)
        if n <= 0:
            return b""
        a = self._at(slot, offset)
        return bytes(self.nvm[a:a + n])

    def write(self, slot, offset, data):
        a = self._at(slot, offset)
        try:
            self.nvm[a:a + len(data)] = data
        except RuntimeError as e:  # CircuitPython: "Unable to write to nvm."; callers expect OSError
            raise OSError(5, str(e))  # noqa: B904 (no `raise from` on CircuitPython)

    def rewrite(self, slot, data):
        # One assignment with the rest of the slot erased: on RP2040 that is one sector erase, and
        # later appends land on 0xFF bytes, which CircuitPython programs without erasing.
        self.write(slot, 0, data + b"\xff" * (self.capacity - len(data)))

    def done(self):
        pass

    def clean_after(self, slot, offset):
        a = self._at(slot, offset)
        end = self._at(slot, self.capacity)
        while a < end:
            b = min(a + len(ERASED), end)
            if self.nvm[a:b] != ERASED[:b - a]:
                return False
            a = b
        return True
