"""A journal of opaque byte payloads that never loses a completed record.

Records. Every record is one frame: magic b"SJ", kind (1 byte), payload length (2 bytes LE), CRC-32
(4 bytes LE), payload. The CRC covers the slot's generation number, the kind, the length and the
payload, so a frame left over from an older generation, a torn frame or a flipped bit all fail the
check. Kinds: APPEND (one payload) and SNAPSHOT (a whole list of payloads, which replaces the list:
`reset`). Loading reads frames in order and stops at the first one that is not complete and intact;
everything before it is kept, it and everything after it are dropped.

Write strategy: two alternating slots with generation numbers, not temp file + rename. Each slot (a
file, or one half of `microcontroller.nvm`) starts with a SNAPSHOT frame carrying its generation; the
slot with the higher valid generation is the live one. An `append` adds one frame after the live
slot's last frame. A `reset` adds a SNAPSHOT frame the same way when it fits. Only when the live slot
is full, or ends in a torn frame from an earlier power cut, is the whole list written as one SNAPSHOT
frame into the other slot with generation + 1 (a compaction). So every write either extends the live
slot (a cut leaves a torn tail that is dropped: the old list) or replaces the dead slot (a cut leaves
it invalid and the live slot wins: the old list); the switch to the new state is the last byte of one
frame, with no separate step that could be interrupted. Why not rename: CircuitPython's os.rename on
FAT deletes an existing target before renaming (extmod/vfs_fat.c), so a cut between the two leaves no
journal file and needs its own recovery path; and the nvm has no rename at all. Two slots give one
code path for both backends, appends write only the new record (less flash wear, a shorter window
than rewriting the match) and nothing needs truncate.

What the byte-level guarantee cannot cover: flash is erased in 4 KB sectors, and a cut during an
erase loses the whole sector. The nvm is one such sector on RP2040; CircuitPython programs an nvm
assignment in place when the target bytes are all 0xFF and otherwise erases and reprograms the
sector (ports/raspberrypi/common-hal/nvm). The journal writes over used nvm bytes only in a
compaction (appends and in-place resets land on erased bytes; a compacted slot is written with its
unused rest erased), so the nvm is erased once per compaction rather than once per round. On
CIRCUITPY every write passes through CircuitPython's sector cache and FAT updates, whose order the
app cannot choose; the rewritten slot is always the other file, and each write is followed by
os.sync(), which keeps the window short.

RAM: between calls the journal keeps a few ints; loading holds one frame at a time plus the list
being returned; a compaction holds the list once more while it writes.
"""

import struct

from firmware.crc32 import crc32

MAGIC = b"SJ"
APPEND = 1
SNAPSHOT = 2
HEAD = 9  # magic 2, kind 1, length 2, crc 4
MAX_PAYLOAD = 0xFFFF


class JournalFull(OSError):
    """The list does not fit one slot even when compacted; nothing was written."""


def _crc(gen, kind, body):
    return crc32(body, crc32(struct.pack("<IBH", gen, kind, len(body))))


def frame(kind, gen, body):
    """The bytes of one record."""
    if len(body) > MAX_PAYLOAD:
        raise JournalFull("record of %d bytes" % len(body))
    return MAGIC + struct.pack("<BHI", kind, len(body), _crc(gen, kind, body)) + body


def snapshot_body(gen, payloads):
    parts = [struct.pack("<IH", gen, len(payloads))]
    for p in payloads:
        if len(p) > MAX_PAYLOAD:
            raise JournalFull("record of %d bytes" % len(p))
        parts.append(struct.pack("<H", len(p)))
        parts.append(p)
    return b"".join(parts)


def _snapshot_items(body):
    count = struct.unpack_from("<H", body, 4)[0]
    items = []
    pos = 6
    for _ in range(count):
        n = struct.unpack_from("<H", body, pos)[0]
        pos += 2
        items.append(bytes(body[pos:pos + n]))
        pos += n
    return items


class Journal:
    """Durable list of byte payloads over a slot store (see firmware/slots.py for the interface).

    `shrink`, if given, maps the whole list to an equivalent shorter one (e.g. the score book's
    payloads() without undone rounds); it is used when a full slot has to be compacted.
    """

    def __init__(self, store, shrink=None):
        self.store = store
        self.shrink = shrink
        self._slot = None  # live slot, None while no slot holds a valid snapshot
        self._gen = 0
        self._end = 0  # offset after the live slot's last valid frame
        self._dirty = False  # something follows _end (a torn frame): next write compacts
        self._known = False

    def load(self):
        """Every completed payload, oldest first."""
        return self._scan()

    def append(self, payload):
        self._write(APPEND, bytes(payload), None)

    def reset(self, payloads):
        """Replace the whole list (a new match, or a compacted log); atomic."""
        self._write(SNAPSHOT, None, [bytes(p) for p in payloads])

    # -- internals --

    def _read_frame(self, slot, off, gen):
        """(kind, body, gen) of the intact frame at `off`, else None. gen None: a slot's first frame,
        which must be a snapshot and brings its own generation."""
        store = self.store
        head = store.read(slot, off, HEAD)
        if len(head) < HEAD or head[0:2] != MAGIC:
            return None
        kind, n, c = struct.unpack_from("<BHI", head, 2)
        if (kind != APPEND and kind != SNAPSHOT) or off + HEAD + n > store.capacity:
            return None
        if (kind == APPEND and gen is None) or (kind == SNAPSHOT and n < 6):
            return None
        body = store.read(slot, off + HEAD, n)
        if len(body) < n:
            return None
        if kind == SNAPSHOT:
            own = struct.unpack_from("<I", body, 0)[0]
            if gen is None:
                gen = own
            elif own != gen:
                return None
        if _crc(gen, kind, body) != c:
            return None
        return kind, body, gen

    def _scan(self):
        try:
            return self._scan_slots()
        finally:
            self.store.done()

    def _scan_slots(self):
        slot = None
        first = None
        for s in (0, 1):
            f = self._read_frame(s, 0, None)
            if f is not None and (first is None or f[2] > first[2]):
                slot, first = s, f
        self._known = True
        self._slot = slot
        if first is None:
            self._gen = self._end = 0
            return []
        self._gen = gen = first[2]
        items = _snapshot_items(first[1])
        off = HEAD + len(first[1])
        while True:
            f = self._read_frame(slot, off, gen)
            if f is None:
                break
            kind, body, _ = f
            off += HEAD + len(body)
            if kind == APPEND:
                items.append(body)
            else:
                items = _snapshot_items(body)
        self._end = off
        self._dirty = not self.store.clean_after(slot, off)
        return items

    def _write(self, kind, payload, payloads):
        if not self._known:
            self._scan()
        store = self.store
        if self._slot is not None and not self._dirty:
            body = payload if kind == APPEND else snapshot_body(self._gen, payloads)
            data = frame(kind, self._gen, body)
            if self._end + len(data) <= store.capacity:
                self._guarded(store.write, self._slot, self._end, data)
                self._end += len(data)
                return
        if kind == APPEND:
            payloads = self.load() if self._slot is not None else []
            payloads.append(payload)
            if self.shrink is not None:
                payloads = [bytes(p) for p in self.shrink(payloads)]
        gen = self._gen + 1
        data = frame(SNAPSHOT, gen, snapshot_body(gen, payloads))
        if len(data) > store.capacity:
            raise JournalFull("%d bytes, a slot holds %d" % (len(data), store.capacity))
        target = 0 if self._slot is None else 1 - self._slot
        self._guarded(store.rewrite, target, data)
        self._slot, self._gen, self._end, self._dirty = target, gen, len(data), False

    def _guarded(self, fn, *args):
        try:
            fn(*args)
        except BaseException:
            self._known = False  # a failed write may have left bytes behind: look again next time
            raise
