# Where the journal (firmware/storage/journal.py) lives: the board's microcontroller.nvm, or an
# I2C FRAM when one is found at start-up (firmware/storage/fram_store.py: a module of its own, so a
# board holds the code of the one store it uses).
#
# A store offers ``areas``, ``size``, ``read(area, offset, n) -> bytes``,
# ``write(area, offset, data)`` (only ever over 0xFF bytes), ``replace(area, data)`` (the
# whole area: ``data`` and 0xFF after it) and keeps the journal's ``cursor``.


class NvmStore:
    # The whole nvm as one area. On the RP2040 it is one 4 KB flash sector: CircuitPython
    # programs an assignment over 0xFF bytes page by page without erasing, and erases and
    # reprograms the whole sector otherwise (ports/raspberrypi/common-hal/nvm/ByteArray.c).
    # So ``write`` never erases, and ``replace`` is exactly one erase: one assignment of
    # the whole sector.

    name = "nvm"
    areas = 1

    def __init__(self, nvm):
        self.nvm = nvm
        self.size = len(nvm)
        self.cursor = None
        self.spare = None
        self.reserve()

    def reserve(self):
        # The compaction's buffer (firmware/storage/journal.py reset), made at a VM's start while the
        # heap is whole: after hours of play a heap may have no 4 KB in one piece left. A
        # dealt match lets it go for the round (firmware/app.py room_for_a_round).
        if self.spare is None:
            self.spare = bytearray(self.size)

    def read(self, area, offset, n):
        n = min(n, self.size - offset)
        return bytes(self.nvm[offset:offset + n]) if n > 0 else b""

    def write(self, area, offset, data):
        try:
            self.nvm[offset:offset + len(data)] = data
        except RuntimeError as e:  # CircuitPython: "Unable to write to nvm."
            raise OSError(5, str(e))  # noqa: B904 (no `raise from` on CircuitPython)

    def blank(self):
        # Nothing but 0xFF: an nvm never written (or erased). Anything else that is no
        # journal is a match that could not be read (firmware/app.py asks what to do).
        from firmware.storage.journal import ERASED

        off = 0
        while off < self.size:
            n = min(len(ERASED), self.size - off)
            if self.read(0, off, n) != ERASED[:n]:
                return False
            off += n
        return True

    def replace(self, area, data):
        # One buffer of the sector, filled in place (the heap may lack a second 4 KB block):
        # the spare as the journal filled it, else one made now.
        if len(data) == self.size:
            self.write(0, 0, data)
            return
        from firmware.storage.journal import ERASED

        buf = bytearray(self.size)
        n = len(data)
        buf[0:n] = data
        while n < self.size:
            k = min(len(ERASED), self.size - n)
            buf[n:n + k] = ERASED if k == len(ERASED) else ERASED[:k]
            n += k
        self.write(0, 0, buf)
