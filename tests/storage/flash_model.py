"""Models of the memories the journal lives in, with power cuts, for CPython and CircuitPython.

NorFlash: the RP2040's QSPI NOR flash as the Pico SDK drives it. Two operations change it:
erase(sector address) sets a 4096-byte sector to 0xFF, program(page address, 256 bytes)
ANDs the data into a page (programming only clears bits). Every operation is counted and
logged as (kind, address, data). A cut armed at operation k either stops the power before
it ("before": the operation does nothing) or inside it ("inside": a torn operation; of the
bits that should go 1 -> 0 in a program, or 0 -> 1 in an erase, each one flips with
probability 1/2, drawn from a seeded xorshift32 so a run repeats exactly), then PowerCut is
raised. Sectors are kept sparsely (a missing one is erased); an optional backing file holds
a large image (a CIRCUITPY drive) outside the heap, with the changes of a run kept on top
of it so that reset() gives the same image back.

NvmModel: microcontroller.nvm as CircuitPython writes it on the RP2040
(ports/raspberrypi/common-hal/nvm/ByteArray.c): an assignment over bytes that are all 0xFF
is programmed page by page (each touched page read, overlaid, programmed whole); any other
assignment copies the whole sector, erases it and programs its 16 pages in order.

FramModel: an I2C FRAM as adafruit_fram.FRAM_I2C offers it: byte addressed, no erase, a
write lands byte after byte, so a cut leaves a prefix of it.

BlockDevice: CIRCUITPY as CircuitPython's RP2040 supervisor presents it to FatFs
(ports/raspberrypi/supervisor/internal_flash.c): 512-byte blocks, one 4 KB sector of write
cache that is flushed (erase + 16 page programs) when a block of another sector is
written, before every read, and on sync.

Only what both interpreters have: no dataclasses, typing, random or copy.
"""

SECTOR = 4096
PAGE = 256
BLOCK = 512
BEFORE = "before"
INSIDE = "inside"


class PowerCut(Exception):
    # Not an OSError: the app turns OSError into "not saved"; a cut must end the run.
    pass


class XorShift32:
    def __init__(self, seed):
        self.s = (seed & 0xFFFFFFFF) or 0x9E3779B9

    def next(self):
        s = self.s
        s ^= (s << 13) & 0xFFFFFFFF
        s ^= s >> 17
        s ^= (s << 5) & 0xFFFFFFFF
        self.s = s
        return s

    def below(self, n):
        return self.next() % n


ERASED_PAGE = b"\xff" * PAGE


class FileSectors:
    # An image of ``count`` sectors in a host file, erased when created, so a 1 MB drive
    # costs the heap one sector at a time.

    def __init__(self, path, count, create=False):
        self.path = path
        self.count = count
        if create:
            with open(path, "wb") as f:
                for _ in range(count * SECTOR // PAGE):
                    f.write(ERASED_PAGE)

    def readinto(self, offset, buf):
        with open(self.path, "rb") as f:
            f.seek(offset)
            f.readinto(buf)

    def write_at(self, offset, data):
        with open(self.path, "r+b") as f:
            f.seek(offset)
            f.write(data)


class NorFlash:
    def __init__(self, size=2 * 1024 * 1024, backing=None, base=0, log=True):
        # ``backing``: FileSectors for the sectors from address ``base`` on; others are sparse.
        # ``log`` False (CircuitPython's heap): count the operations and keep only the
        # lowest and highest address they touched.
        self.size = size
        self.backing = backing
        self.base = base
        self.logging = log
        self.sectors = {}  # sector index -> bytearray: what differs from the backing
        self.through = False  # change the backing itself (building an image), log nothing
        self._spare = []  # sector buffers to reuse: fresh 4 KB ones fragment CircuitPython's heap
        self.initial = {}  # sector index -> its bytes when the chip came (preset)
        self._cut = None
        self.clear_log()

    # -- state --------------------------------------------------------------------------

    def reset(self):
        # Back to the chip as it came (backing image, presets, else erased), counters and
        # log cleared, no cut armed.
        for i in self.sectors:
            self._spare.append(self.sectors[i])
        self.sectors = {}
        for i in self.initial:
            s = self._spare.pop() if self._spare else bytearray(SECTOR)
            s[:] = self.initial[i]
            self.sectors[i] = s
        self.clear_log()
        self._cut = None

    def preset(self, addr, data):
        # ``data`` at ``addr`` as the chip came (what an older firmware left), no operation
        # logged; reset() comes back to it.
        pos = 0
        while pos < len(data):
            i = (addr + pos) // SECTOR
            off = addr + pos - i * SECTOR
            k = min(len(data) - pos, SECTOR - off)
            s = bytearray(self.initial.get(i) or self.read(i * SECTOR, SECTOR))
            s[off:off + k] = data[pos:pos + k]
            self.initial[i] = bytes(s)
            pos += k
        self.reset()

    def clear_log(self):
        self.log = []  # (kind, address, data or None)
        self.ops = 0
        self.erases = 0
        self.programs = 0
        self.lo = self.size  # lowest address an operation touched
        self.hi = 0  # one past the highest
        self.cut_kind = None  # the operation the power went in

    def arm(self, k, mode, seed=1):
        # The power goes at operation ``k`` (counted from the last clear_log).
        self._cut = (k, mode, XorShift32(seed))

    def disarm(self):
        self._cut = None

    def reserve(self, n):
        # Make the buffers of ``n`` changed sectors now, before a long run's objects settle
        # around wherever they would be made later.
        while len(self._spare) < n:
            self._spare.append(bytearray(SECTOR))

    def changed_sectors(self):
        return sorted(self.sectors)

    # -- reading ------------------------------------------------------------------------

    def _file_sector(self, i):
        # The backing file's index of sector ``i``, or -1 when it has none there.
        if self.backing is None:
            return -1
        j = i - self.base // SECTOR
        return j if 0 <= j < self.backing.count else -1

    def readinto(self, addr, buf):
        n = len(buf)
        if addr < 0 or addr + n > self.size:
            raise ValueError("read outside the flash")
        view = memoryview(buf)
        pos = 0
        while pos < n:
            a = addr + pos
            i = a // SECTOR
            off = a - i * SECTOR
            k = min(n - pos, SECTOR - off)
            s = self.sectors.get(i)
            j = self._file_sector(i)
            if s is not None:
                view[pos:pos + k] = memoryview(s)[off:off + k]
            elif j >= 0:
                self.backing.readinto(j * SECTOR + off, view[pos:pos + k])
            else:
                for p in range(pos, pos + k, PAGE):
                    m = min(PAGE, pos + k - p)
                    view[p:p + m] = ERASED_PAGE[:m]
            pos += k

    def read(self, addr, n):
        buf = bytearray(n)
        self.readinto(addr, buf)
        return bytes(buf)

    def erased(self, addr, n):
        # All 0xFF from ``addr`` for ``n`` bytes (compared a page at a time, for the heap).
        end = addr + n
        while addr < end:
            k = min(PAGE, end - addr)
            if self.read(addr, k) != ERASED_PAGE[:k]:
                return False
            addr += k
        return True

    # -- changing -----------------------------------------------------------------------

    def _store(self, addr, data):
        # Put ``data`` (within one sector) at ``addr``: into the backing when building,
        # else into this run's copy of the sector.
        i = addr // SECTOR
        off = addr - i * SECTOR
        j = self._file_sector(i)
        if self.through and j >= 0:
            self.sectors.pop(i, None)
            self.backing.write_at(j * SECTOR + off, data)
            return
        s = self.sectors.get(i)
        if s is None:
            s = self._spare.pop() if self._spare else bytearray(SECTOR)
            self.readinto(i * SECTOR, s)
            self.sectors[i] = s
        s[off:off + len(data)] = data

    def _begin(self, kind, addr, data):
        # Count and log the operation; (cut now, torn-bit PRNG or None) as the armed cut says.
        k = self.ops
        self.ops += 1
        if self.through:
            return False, None
        self.lo = min(self.lo, addr)
        self.hi = max(self.hi, addr + (SECTOR if data is None else len(data)))
        if self.logging:
            self.log.append((kind, addr, None if data is None else bytes(data)))
        cut = self._cut
        if cut is None or cut[0] != k:
            return False, None
        self.cut_kind = kind
        return True, cut[2] if cut[1] == INSIDE else None

    def erase(self, addr):
        if addr % SECTOR or addr < 0 or addr >= self.size:
            raise ValueError("erase of an unaligned or outside sector: 0x%x" % addr)
        cut, rng = self._begin("erase", addr, None)
        if not cut:
            self.erases += 1
            for p in range(0, SECTOR, PAGE):
                self._store(addr + p, ERASED_PAGE)
            return
        if rng is not None:
            s = bytearray(self.read(addr, SECTOR))
            for j in range(SECTOR):
                b = s[j]
                if b != 0xFF:
                    for bit in range(8):
                        m = 1 << bit
                        if not b & m and rng.next() & 0x10000:
                            b |= m
                    s[j] = b
            self._store(addr, s)
        raise PowerCut("erase 0x%x" % addr)

    def program(self, addr, data):
        if addr % PAGE or len(data) != PAGE or addr < 0 or addr + PAGE > self.size:
            raise ValueError("program of an unaligned or partial page: 0x%x" % addr)
        cut, rng = self._begin("program", addr, data)
        if cut and rng is None:
            raise PowerCut("before program 0x%x" % addr)
        page = bytearray(self.read(addr, PAGE))
        for j in range(PAGE):
            old = page[j]
            new = old & data[j]
            if new != old and rng is not None:
                clear = old & ~new  # the bits that should go to 0
                for bit in range(8):
                    m = 1 << bit
                    if clear & m and rng.next() & 0x10000:
                        new |= m  # this one stayed 1
            page[j] = new
        self._store(addr, page)
        if cut:
            raise PowerCut("inside program 0x%x" % addr)
        self.programs += 1


class NvmModel:
    # microcontroller.nvm over ``flash`` at ``start`` (RP2040: 0xFF000, the sector just
    # below CIRCUITPY).

    def __init__(self, flash, start=0xFF000, size=SECTOR):
        self.flash = flash
        self.start = start
        self.size = size
        self._buf = bytearray(SECTOR)  # the sector copy of an erasing write, made once (see NorFlash)

    def __len__(self):
        return self.size

    def _range(self, index):
        if isinstance(index, slice):
            a, b, step = index.indices(self.size)
            if step != 1:
                raise ValueError("only plain slices")
            return a, max(a, b)
        if index < 0:
            index += self.size
        if not 0 <= index < self.size:
            raise IndexError("nvm index out of range")
        return index, index + 1

    def __getitem__(self, index):
        a, b = self._range(index)
        data = self.flash.read(self.start + a, b - a)
        return data if isinstance(index, slice) else data[0]

    def __setitem__(self, index, value):
        a, b = self._range(index)
        if not isinstance(index, slice):
            value = bytes((value,))
        n = len(value)
        if n != b - a:
            raise ValueError("slice and value have different lengths")
        if not n:
            return
        flash = self.flash
        addr = self.start + a
        if flash.erased(addr, n):
            pos = 0
            while pos < n:
                page = (addr + pos) // PAGE * PAGE
                off = addr + pos - page
                k = min(n - pos, PAGE - off)
                buf = bytearray(flash.read(page, PAGE))
                buf[off:off + k] = value[pos:pos + k]
                flash.program(page, buf)
                pos += k
        else:
            sector = self.start // SECTOR * SECTOR
            buf = self._buf
            flash.readinto(sector, buf)
            buf[addr - sector:addr - sector + n] = value
            flash.erase(sector)
            view = memoryview(buf)
            for p in range(0, SECTOR, PAGE):
                flash.program(sector + p, view[p:p + PAGE])


class FramModel:
    # A cut is armed at a write (counted from 0) and a number of its bytes that land.

    def __init__(self, size=32768):
        self.mem = bytearray(size)  # a new FRAM holds whatever; zeros here
        self.writes = 0
        self.bytes = 0
        self.log = []  # length of each write
        self._cut = None

    def __len__(self):
        return len(self.mem)

    def arm(self, write, landed):
        self._cut = (write, landed)

    def disarm(self):
        self._cut = None

    def clear_log(self):
        self.writes = 0
        self.bytes = 0
        self.log = []

    def _range(self, index):
        if isinstance(index, slice):
            a, b, step = index.indices(len(self.mem))
            if step != 1:
                raise ValueError("only plain slices")
            return a, max(a, b)
        if not 0 <= index < len(self.mem):
            raise IndexError("address out of range")
        return index, index + 1

    def __getitem__(self, index):
        a, b = self._range(index)
        if isinstance(index, slice):
            return bytearray(self.mem[a:b])
        return self.mem[a]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            a = index.start or 0
            data = bytes(value)
        else:
            a = index
            data = bytes((value,))
        if a < 0 or a + len(data) > len(self.mem):
            raise ValueError("write outside the FRAM")
        w = self.writes
        self.writes += 1
        self.log.append(len(data))
        cut = self._cut
        if cut is not None and cut[0] == w:
            n = min(cut[1], len(data))
            self.mem[a:a + n] = data[:n]
            self.bytes += n
            raise PowerCut("FRAM write %d after %d of %d bytes" % (w, n, len(data)))
        self.mem[a:a + len(data)] = data
        self.bytes += len(data)


class BlockDevice:
    # CIRCUITPY for os.VfsFat: ``size`` bytes of ``flash`` from ``start`` (RP2040: 1 MB on).

    def __init__(self, flash, start=0x100000, size=0x100000):
        self.flash = flash
        self.start = start
        self.count = size // BLOCK
        self.cache = None  # made at the first write: reads alone need none
        self.cache_at = -1  # offset of the cached sector in the drive, -1: none

    def power_up(self):
        # The cache is RAM: a power cut empties it (what it held was never written).
        self.cache_at = -1

    def flush(self):
        if self.cache_at < 0:
            return
        flash = self.flash
        addr = self.start + self.cache_at
        self.cache_at = -1
        flash.erase(addr)
        view = memoryview(self.cache)
        for p in range(0, SECTOR, PAGE):
            flash.program(addr + p, view[p:p + PAGE])

    def readblocks(self, block_num, buf):
        self.flush()  # CircuitPython never reads from its cache: it writes it back first
        self.flash.readinto(self.start + block_num * BLOCK, buf)

    def writeblocks(self, block_num, buf):
        view = memoryview(buf)
        for b in range(len(buf) // BLOCK):
            at = (block_num + b) * BLOCK
            sector = at // SECTOR * SECTOR
            if sector != self.cache_at:
                self.flush()
                if self.cache is None:
                    self.cache = bytearray(SECTOR)
                self.flash.readinto(self.start + sector, self.cache)
                self.cache_at = sector
            off = at - sector
            self.cache[off:off + BLOCK] = view[b * BLOCK:(b + 1) * BLOCK]

    def ioctl(self, op, arg):
        if op == 2 or op == 3:  # deinit, sync
            self.flush()
            return 0
        if op == 4:
            return self.count
        if op == 5:
            return BLOCK
        return 0
