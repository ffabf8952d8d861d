# The journal's store on an I2C FRAM (the interface: firmware/storage/stores.py).

class FramStore:
    # Two areas, the halves of an FRAM (adafruit_fram: slice reads and assignments, no
    # erase). A compaction writes the area that is not live: first its header is made 0xFF
    # (it can no longer win), then the new content, then 0xFF over whatever the area held
    # after it, then the header, so a cut anywhere leaves the old area live until the new
    # one is whole. adafruit_fram sends each byte in an I2C transaction of its own (about
    # half a millisecond), so only the bytes that held something are made 0xFF again, not
    # the whole 16 KB (a chip new from the factory holds zeros: its first two compactions
    # take seconds).

    name = "fram"
    areas = 2

    def __init__(self, fram, size=None):
        self.fram = fram
        self.size = (len(fram) if size is None else size) // 2
        self.cursor = None

    def blank(self):
        # No area ever held a journal: none has a whole header, which a compaction writes
        # last, once its area is whole (a chip as it comes, or one whose first compaction
        # the power cut short: nothing was lost). Anything else that reads as no journal is
        # a match that could not be read (firmware/app.py asks what to do).
        from firmware.storage.journal import HEAD_LEN, headed

        for a in range(self.areas):
            if headed(self.read(a, 0, HEAD_LEN)):
                return False
        return True

    def read(self, area, offset, n):
        n = min(n, self.size - offset)
        if n <= 0:
            return b""
        a = area * self.size + offset
        return bytes(self.fram[a:a + n])

    def write(self, area, offset, data):
        a = area * self.size + offset
        self.fram[a:a + len(data)] = data

    def replace(self, area, data):
        from firmware.storage.journal import ERASED, HEAD_LEN, last_used

        self.write(area, 0, ERASED[:HEAD_LEN])
        self.write(area, HEAD_LEN, data[HEAD_LEN:])
        pos = len(data)
        end = last_used(self, area, 256)
        fill = b"\xff" * min(256, max(0, end - pos))
        while pos < end:
            n = min(len(fill), end - pos)
            self.write(area, pos, fill if n == len(fill) else fill[:n])
            pos += n
        self.write(area, 0, data[:HEAD_LEN])
