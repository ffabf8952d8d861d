# An append-only journal of small byte payloads for flash that is erased in sectors
# (microcontroller.nvm) and for byte-writable memory kept "erased" the same way (FRAM).
#
# Layout. A store holds one or two *areas*. An area starts with a header (its generation)
# and a snapshot frame (the whole state when the area was written), then one frame per
# change, then 0xFF bytes up to its end. Appending programs erased (0xFF) bytes only, so
# on the RP2040 nvm CircuitPython writes it with page programs and never erases
# (ports/raspberrypi/common-hal/nvm/ByteArray.c erases the sector only when a target byte
# is not 0xFF). Only a compaction (a new match, or the area is full) rewrites an area:
# with one area (the 4 KB nvm is one flash sector) that is an erase; with two (FRAM) the
# other area is written and its header last, so the old one stays live until then.
#
# Frames. A power cut inside a write leaves some of the bits that should have gone from
# 1 to 0 still at 1 (flash programs only clear bits; FRAM writes a prefix over 0xFF), and
# a cut inside an erase only sets bits. Both are unidirectional errors, which these codes
# detect with certainty rather than by chance:
#   - every frame starts with a type byte of exactly four 1 bits (a constant-weight code):
#     a torn type byte has more than four;
#   - lengths and payloads carry a Berger check: the number of 0 bits they hold. A torn
#     payload holds fewer 0 bits, a torn check reads as a larger number, so they can only
#     agree when neither is torn.
# A one-byte payload below 32 is its own type byte (a "tiny" record: an undo, a pass), so
# it costs one byte. For any other payload of one or two bytes the type byte also holds
# the check (their zero count is at most 16), so it costs one byte more; a payload of 3
# to 10 bytes costs two (type and check), a longer one six.
#
# After a cut the torn frame stays where it is (rewriting it would need an erase). The
# next write skips past it and first writes a RESYNC frame naming the torn frame's offset;
# reading, a frame that does not check is followed past by looking for that RESYNC.
#
# RAM: between writes the store keeps a small cursor tuple; reading holds one payload at a
# time (records() is a generator); a compaction holds the new area's bytes once.

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

# The 70 bytes with four 1 bits, ascending: 0..31 tiny records; one-byte payloads by
# their zero count (0..8), two-byte ones by theirs (0..16); lengths 3..10; the other types.
# The three tables are written out, not computed: every VM of a dealt round reads the
# journal at its start, and computing them (bin(b).count for each byte value) took about
# 100 ms of that reload on the board. tests/storage/test_journal.py checks them against
# their definitions.
_CW = (b"\x0f\x17\x1b\x1d\x1e\x27\x2b\x2d\x2e\x33\x35\x36\x39\x3a\x3c\x47\x4b\x4d\x4e\x53\x55\x56"
       b"\x59\x5a\x5c\x63\x65\x66\x69\x6a\x6c\x71\x72\x74\x78\x87\x8b\x8d\x8e\x93\x95\x96\x99\x9a"
       b"\x9c\xa3\xa5\xa6\xa9\xaa\xac\xb1\xb2\xb4\xb8\xc3\xc5\xc6\xc9\xca\xcc\xd1\xd2\xd4\xd8\xe1"
       b"\xe2\xe4\xe8\xf0")
# A type byte's index in _CW; 0xFF: no type byte.
_TYPE = (b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\x00"
         b"\xff\xff\xff\xff\xff\xff\xff\x01\xff\xff\xff\x02\xff\x03\x04\xff"
         b"\xff\xff\xff\xff\xff\xff\xff\x05\xff\xff\xff\x06\xff\x07\x08\xff"
         b"\xff\xff\xff\x09\xff\x0a\x0b\xff\xff\x0c\x0d\xff\x0e\xff\xff\xff"
         b"\xff\xff\xff\xff\xff\xff\xff\x0f\xff\xff\xff\x10\xff\x11\x12\xff"
         b"\xff\xff\xff\x13\xff\x14\x15\xff\xff\x16\x17\xff\x18\xff\xff\xff"
         b"\xff\xff\xff\x19\xff\x1a\x1b\xff\xff\x1c\x1d\xff\x1e\xff\xff\xff"
         b"\xff\x1f\x20\xff\x21\xff\xff\xff\x22\xff\xff\xff\xff\xff\xff\xff"
         b"\xff\xff\xff\xff\xff\xff\xff\x23\xff\xff\xff\x24\xff\x25\x26\xff"
         b"\xff\xff\xff\x27\xff\x28\x29\xff\xff\x2a\x2b\xff\x2c\xff\xff\xff"
         b"\xff\xff\xff\x2d\xff\x2e\x2f\xff\xff\x30\x31\xff\x32\xff\xff\xff"
         b"\xff\x33\x34\xff\x35\xff\xff\xff\x36\xff\xff\xff\xff\xff\xff\xff"
         b"\xff\xff\xff\x37\xff\x38\x39\xff\xff\x3a\x3b\xff\x3c\xff\xff\xff"
         b"\xff\x3d\x3e\xff\x3f\xff\xff\xff\x40\xff\xff\xff\xff\xff\xff\xff"
         b"\xff\x41\x42\xff\x43\xff\xff\xff\x44\xff\xff\xff\xff\xff\xff\xff"
         b"\x45\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff")
# The 0 bits of each byte value.
_ZEROS = (b"\x08\x07\x07\x06\x07\x06\x06\x05\x07\x06\x06\x05\x06\x05\x05\x04"
          b"\x07\x06\x06\x05\x06\x05\x05\x04\x06\x05\x05\x04\x05\x04\x04\x03"
          b"\x07\x06\x06\x05\x06\x05\x05\x04\x06\x05\x05\x04\x05\x04\x04\x03"
          b"\x06\x05\x05\x04\x05\x04\x04\x03\x05\x04\x04\x03\x04\x03\x03\x02"
          b"\x07\x06\x06\x05\x06\x05\x05\x04\x06\x05\x05\x04\x05\x04\x04\x03"
          b"\x06\x05\x05\x04\x05\x04\x04\x03\x05\x04\x04\x03\x04\x03\x03\x02"
          b"\x06\x05\x05\x04\x05\x04\x04\x03\x05\x04\x04\x03\x04\x03\x03\x02"
          b"\x05\x04\x04\x03\x04\x03\x03\x02\x04\x03\x03\x02\x03\x02\x02\x01"
          b"\x07\x06\x06\x05\x06\x05\x05\x04\x06\x05\x05\x04\x05\x04\x04\x03"
          b"\x06\x05\x05\x04\x05\x04\x04\x03\x05\x04\x04\x03\x04\x03\x03\x02"
          b"\x06\x05\x05\x04\x05\x04\x04\x03\x05\x04\x04\x03\x04\x03\x03\x02"
          b"\x05\x04\x04\x03\x04\x03\x03\x02\x04\x03\x03\x02\x03\x02\x02\x01"
          b"\x06\x05\x05\x04\x05\x04\x04\x03\x05\x04\x04\x03\x04\x03\x03\x02"
          b"\x05\x04\x04\x03\x04\x03\x03\x02\x04\x03\x03\x02\x03\x02\x02\x01"
          b"\x05\x04\x04\x03\x04\x03\x03\x02\x04\x03\x03\x02\x03\x02\x02\x01"
          b"\x04\x03\x03\x02\x03\x02\x02\x01\x03\x02\x02\x01\x02\x01\x01\x00")

_TINY = const(32)  # payloads b"\x00" .. b"\x1f"
_ONE = const(32)  # a one-byte payload with 0..8 zero bits
_TWO = const(41)  # a two-byte payload with 0..16 zero bits
_SHORT0 = const(58)  # index of length 3
_SHORT_MAX = const(10)  # longest payload of a short frame
_LONG = const(66)
_SNAP = const(67)
_RESYNC = const(68)
_HEAD = const(69)
_LONG_MAX = const(8000)  # a long frame's zero count must stay below 0xFFFF
VERSION = 1
HEAD_LEN = 9  # type, "GJ", version, generation (4), check
_CHUNK = const(64)
ERASED = b"\xff" * _CHUNK


class JournalFull(OSError):
    # The state does not fit one area even compacted; nothing was written.
    pass


def zeros(data, start=0, end=None):
    if end is None:
        end = len(data)
    z = 0
    for i in range(start, end):
        z += _ZEROS[data[i]]
    return z


def frame(data):
    # The bytes of one record frame.
    n = len(data)
    if n == 1:
        return bytes((_CW[data[0]] if data[0] < _TINY else _CW[_ONE + zeros(data)],)) + \
            (b"" if data[0] < _TINY else data)
    if n == 2:
        return bytes((_CW[_TWO + zeros(data)],)) + data
    if 3 <= n <= _SHORT_MAX:
        return bytes((_CW[_SHORT0 + n - 3],)) + data + bytes((zeros(data),))
    return _long(_LONG, data)


def _long(kind, data):
    buf = bytearray(len(data) + 6)
    _long_into(buf, 0, kind, data)
    return bytes(buf)


def _long_into(buffer, at, kind, data):
    # Write the long frame of ``data`` into ``buffer`` from ``at`` (it takes len(data) + 6):
    # type, length, the length's check, the body, the body's check.
    n = len(data)
    if n > _LONG_MAX:
        raise JournalFull("a record of %d bytes" % n)
    buffer[at:at + 4] = bytes((_CW[kind], n & 0xFF, n >> 8, _ZEROS[n & 0xFF] + _ZEROS[n >> 8]))
    buffer[at + 4:at + 4 + n] = data
    z = zeros(data)
    buffer[at + 4 + n:at + 6 + n] = bytes((z & 0xFF, z >> 8))


def last_used(store, area, length=_CHUNK):
    # Offset after the last byte of ``area`` that is not 0xFF (reading back from its end
    # ``length`` bytes at a time).
    end = store.size
    while end > 0:
        n = min(length, end)
        start = end - n
        data = store.read(area, start, n)
        if data.count(b"\xff") != n:
            while data[n - 1] == 0xFF:
                n -= 1
            return start + n
        end = start
    return 0


def _items(payloads):
    # A snapshot's body: each payload after its length (one byte below 0x80, else two).
    parts = []
    for p in payloads:
        n = len(p)
        parts.append(bytes((n,)) if n < 0x80 else bytes((0x80 | n >> 8, n & 0xFF)))
        parts.append(p)
    return b"".join(parts)


def _snapshot_into(buffer, payloads):
    # The snapshot frame of ``payloads`` written into ``buffer`` (a whole area) after the
    # header's place, 0xFF after it; the area's length used. JournalFull if it does not fit.
    at = start = HEAD_LEN + 4
    size = len(buffer)
    for p in payloads:
        n = len(p)
        head = bytes((n,)) if n < 0x80 else bytes((0x80 | n >> 8, n & 0xFF))
        end = at + len(head) + n
        if end + 2 > size:
            raise JournalFull("more than an area of %d bytes" % size)
        buffer[at:at + len(head)] = head
        buffer[at + len(head):end] = p
        at = end
    n = at - start
    if n > _LONG_MAX:
        raise JournalFull("a record of %d bytes" % n)
    buffer[HEAD_LEN:start] = bytes((_CW[_SNAP], n & 0xFF, n >> 8, _ZEROS[n & 0xFF] + _ZEROS[n >> 8]))
    z = zeros(buffer, start, at)
    buffer[at:at + 2] = bytes((z & 0xFF, z >> 8))
    at += 2
    for i in range(at, size, _CHUNK):
        k = min(_CHUNK, size - i)
        buffer[i:i + k] = ERASED if k == _CHUNK else ERASED[:k]
    return at


def header(count):
    # The header of an area's ``count``-th generation.
    body = b"GJ" + bytes((VERSION, count & 0xFF, count >> 8 & 0xFF, count >> 16 & 0xFF, count >> 24 & 0xFF))
    return bytes((_CW[_HEAD],)) + body + bytes((zeros(body),))


def resync(back):
    body = bytes((back & 0xFF, back >> 8))
    return bytes((_CW[_RESYNC],)) + body + bytes((zeros(body),))


def headed(h):
    # Whether ``h`` (an area's first HEAD_LEN bytes) is a whole header: a compaction wrote it.
    return (len(h) == HEAD_LEN and h[0] == _CW[_HEAD] and h[1:4] == b"GJ" + bytes((VERSION,))
            and zeros(h, 1, 8) == h[8])


class Journal:
    # A journal over a store: ``areas`` (1 or 2), ``size`` (bytes per area),
    # ``read(area, offset, n)``, ``write(area, offset, data)`` (over 0xFF bytes only),
    # ``replace(area, data)`` (the whole area: data, then 0xFF; see firmware/storage/stores.py) and
    # a ``cursor`` attribute the journal keeps there between writes:
    # (area, generation, end, torn offset or -1, first offset past the torn frame).

    def __init__(self, store):
        self.store = store
        self._win = None  # see _at
        self._warea = self._woff = 0

    # -- reading ------------------------------------------------------------------------

    def records(self):
        # Every payload in order, oldest first; afterwards the store's cursor is set.
        store = self.store
        area, gen, f = self._live()
        if area < 0:
            store.cursor = (-1, 0, 0, -1, 0)
            return
        off = HEAD_LEN
        torn = -1
        skip = 0
        while off < store.size:
            if off > HEAD_LEN:  # the snapshot's frame was checked by _live
                f = self._frame(area, off)
            if f is None:
                if self._clean(area, off):
                    break
                r = self._find_resync(area, off)
                if r < 0:
                    torn = off
                    skip = self._extent(area, off)
                    break
                off = r
                continue
            kind, start, n, nxt = f
            if kind == _SNAP:
                end = start + n
                while start < end:
                    k = self._byte(area, start)
                    if k < 0x80:
                        start += 1
                    else:
                        k = (k & 0x7F) << 8 | self._byte(area, start + 1)
                        start += 2
                    yield self._bytes(area, start, k)
                    start += k
            elif kind != _RESYNC:
                yield self._bytes(area, start, n) if kind >= 0 else bytes((n,))
            off = nxt
        self._win = None
        store.cursor = (area, gen, off, torn, skip)

    def live(self):
        # Whether an area holds a journal.
        return self._live()[0] >= 0

    def _live(self):
        # (area, generation, its snapshot's frame) of the newest area with an intact header
        # and snapshot, else (-1, 0, None). An area whose snapshot is torn holds nothing: on
        # the nvm, a compaction cut after the page with the header (then an older home is
        # read again, as if the nvm were blank: a cut while moving in loses nothing).
        best, gen, snap = -1, 0, None
        for a in range(self.store.areas):
            h = self.store.read(a, 0, HEAD_LEN)
            if headed(h):
                g = h[4] | h[5] << 8 | h[6] << 16 | h[7] << 24
                if best < 0 or g > gen:
                    f = self._frame(a, HEAD_LEN)
                    if f is not None and f[0] == _SNAP:
                        best, gen, snap = a, g, f
        self._win = None
        return best, gen, snap

    # Reading goes through a window of _CHUNK bytes, so that parsing a frame allocates
    # nothing but the payload it returns: a load interleaves its garbage with the match
    # it builds, and on a 171 KB heap many small pieces left between the match's rows
    # can leave no room for one list to grow.

    def _at(self, area, offset, n):
        # Index in the window of ``offset``, with ``n`` bytes from there in it (fewer at the end
        # of the area).
        w = self._win
        if w is None or area != self._warea or offset < self._woff or offset + n > self._woff + len(w):
            w = self._win = self.store.read(area, offset, max(n, _CHUNK))
            self._warea, self._woff = area, offset
        return offset - self._woff

    def _byte(self, area, offset):
        i = self._at(area, offset, 1)
        return self._win[i] if i < len(self._win) else 0xFF

    def _bytes(self, area, offset, n):
        if n > _CHUNK:
            return self.store.read(area, offset, n)
        i = self._at(area, offset, n)
        return bytes(self._win[i:i + n])

    def _check(self, area, offset, n, z):
        # Whether the ``n`` bytes at ``offset`` hold ``z`` zero bits.
        while n > 0:
            k = min(n, _CHUNK)
            i = self._at(area, offset, k)
            w = self._win
            if i + k > len(w):
                return False
            z -= zeros(w, i, i + k)
            offset += k
            n -= k
        return z == 0

    def _frame(self, area, offset):
        # (kind, payload offset, payload length, next offset) of the intact frame at
        # ``offset``; kind -1 is a tiny record (its value is the length). None if there is none.
        size = self.store.size
        t = _TYPE[self._byte(area, offset)]
        if t < _TINY:
            return -1, offset, t, offset + 1
        if t < _SHORT0:
            n, z = (1, t - _ONE) if t < _TWO else (2, t - _TWO)
            if offset + 1 + n <= size and self._check(area, offset + 1, n, z):
                return (0, offset + 1, n, offset + 1 + n)
            return None
        if t < _LONG:
            n = t - _SHORT0 + 3
            end = offset + 1 + n
            if end + 1 > size or not self._check(area, offset + 1, n, self._byte(area, end)):
                return None
            return 0, offset + 1, n, end + 1
        if t == _RESYNC:
            ok = offset + 4 <= size and self._check(area, offset + 1, 2, self._byte(area, offset + 3))
            return (_RESYNC, offset + 1, 2, offset + 4) if ok else None
        if t == _LONG or t == _SNAP:
            n = self._length(area, offset)
            start = offset + 4
            if n < 0 or n > _LONG_MAX or start + n + 2 > size:
                return None
            z = self._byte(area, start + n) | self._byte(area, start + n + 1) << 8
            return (t, start, n, start + n + 2) if self._check(area, start, n, z) else None
        return None

    def _length(self, area, offset):
        # A long frame's checked length, or -1.
        if offset + 4 > self.store.size or not self._check(area, offset + 1, 2, self._byte(area, offset + 3)):
            return -1
        return self._byte(area, offset + 1) | self._byte(area, offset + 2) << 8

    def _extent(self, area, offset):
        # Where a torn frame at ``offset`` would have ended, as far as its intact type and
        # length tell; the next write must not land inside it.
        t = _TYPE[self._byte(area, offset)]
        if _ONE <= t < _SHORT0:
            return offset + (2 if t < _TWO else 3)
        if _SHORT0 <= t < _LONG:
            return offset + t - _SHORT0 + 5
        if t == _RESYNC:
            return offset + 4
        if t == _LONG or t == _SNAP:
            n = self._length(area, offset)
            if n >= 0:
                return offset + 6 + n
        return offset + 1

    def _clean(self, area, offset):
        # Nothing but 0xFF from ``offset`` to the end of the area.
        store = self.store
        while offset < store.size:
            n = min(_CHUNK, store.size - offset)
            if store.read(area, offset, n) != ERASED[:n]:
                return False
            offset += n
        return True

    def _find_resync(self, area, back):
        # The offset after the RESYNC frame that names ``back``, or -1.
        store = self.store
        want = resync(back)
        pos = back + 1
        while pos + 4 <= store.size:
            chunk = store.read(area, pos, min(_CHUNK + 3, store.size - pos))
            i = chunk.find(want)
            if i >= 0:
                return pos + i + 4
            if len(chunk) < 4:
                break
            pos += len(chunk) - 3
        return -1

    # -- writing ------------------------------------------------------------------------

    def cursor(self):
        c = getattr(self.store, "cursor", None)
        if c is None:
            for _ in self.records():
                pass
            c = self.store.cursor
        return c

    def append(self, data, state=None):
        # Add one record. When it does not fit, the area is compacted to ``state()``
        # (the whole state, this change included) if given, else JournalFull is raised.
        store = self.store
        area, gen, end, torn, skip = self.cursor()
        framed = frame(data)
        if area >= 0:
            pos = end
            if torn >= 0:
                pos = max(last_used(store, area), skip)
                framed = resync(torn) + framed
            if pos + len(framed) <= store.size:
                self._guarded(store.write, area, pos, framed)
                store.cursor = (area, gen, pos + len(framed), -1, 0)
                return
        if state is None:
            raise JournalFull("%d bytes free" % (store.size - end))
        self.reset(state())

    def reset(self, payloads):
        # Compaction: the whole state as a new area (new generation). ``payloads`` is read
        # once. The area's bytes are built in one buffer: on a heap that holds a long match,
        # a few blocks of 4 KB may not be there where one is.
        # A store with a ``spare`` (the nvm's: a whole area, made at start-up, see
        # firmware/storage/stores.py) has the area built in it, nothing else in one piece.
        store = self.store
        area, gen, _, _, _ = self.cursor()
        buf = getattr(store, "spare", None)
        if buf is not None:
            total = _snapshot_into(buf, payloads)
        else:
            body = _items(payloads)
            total = HEAD_LEN + len(body) + 6
            if total > store.size:
                raise JournalFull("%d bytes, an area holds %d" % (total, store.size))
            buf = bytearray(total)
            _long_into(buf, HEAD_LEN, _SNAP, body)
            body = None
        buf[0:HEAD_LEN] = header(gen + 1)
        target = 0 if store.areas == 1 or area < 0 else 1 - area
        self._guarded(store.replace, target, buf)
        store.cursor = (target, gen + 1, total, -1, 0)

    def _guarded(self, function, *args):
        try:
            function(*args)
        except BaseException:
            self.store.cursor = None  # a failed write may have left bytes: look again
            raise
