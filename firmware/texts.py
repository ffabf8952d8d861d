# The device's texts in the chosen language, from one table: firmware/texts.tsv.
#
# The code writes every text in English; that English text is the key into the table,
# whose first column is English and the others its translations (first row: the
# languages' names). English needs no table at all. Another language keeps only an index
# of the file in RAM: a short key made from each row's English text (``key``) and where
# the row starts in the file, 4 bytes a row; a text is read from the file when asked
# (seek, read the row, take the column), and the row's English must be the text asked
# for, so a key two texts share costs a read, never a wrong text. A text missing from the
# table, or a table that cannot be read, shows in English (tests/device/test_texts.py
# keeps the table complete).
#
# The file stays open while the app asks for texts: the main loop closes it after each
# pass (firmware/app.py), so a pass's texts cost one open of the file on the board (slow:
# FAT's path walk) and a seek and a read for each text the pass asks for the first time
# (make texts-cost).

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

from firmware.install import FROZEN

try:
    from binascii import crc32
except ImportError:  # an interpreter without it (firmware/storage/crc32.py)
    from firmware.storage.crc32 import crc32

KEY = 2  # bytes of a key: the low 16 bits of a CRC-32
_END = const(0xFFFF)  # the last offset the index holds: 2 bytes a row
_BLOCK = const(256)  # bytes read at a time while the index is made
_SEEN = const(32)  # texts a pass keeps at most (the busiest pass of a dealt round asks for 13)

# A space that does not break: wrap() keeps the words it joins on one line ("Ben 12"),
# then it and clip() give it back as a plain space. Joins a name to its card or count in
# the lists a wrapped line shows ("Got: Ben 9p, Carla As"); it never reaches a label (the
# fonts are ASCII: it would show as "?"; host_sim/text_fit.py checks that it never does).
NBSP = "\x1f"

# The host's text-fit check (host_sim/text_fit.py) sets this to hear of every text that
# clip() shortens: CUT(text, cols, more). Nothing listens on the board.
CUT = None

# Beside this module; frozen into the firmware (firmware/install.py), at the drive's root:
# a folder named firmware/ there would hide the frozen package from import.
if FROZEN:
    TABLE = "/texts.tsv"
else:
    TABLE = __file__.rsplit("/", 1)[0] + "/texts.tsv" if "/" in __file__ else "texts.tsv"


def languages():
    with open(TABLE) as f:
        return f.readline().rstrip("\n").split("\t")


class Texts:
    # ``fit``: the panel's spelling of a text (firmware/ui.py Ui.fit: the letters its font
    # lacks spelled out, "ä" as "ae"), applied to each translated text as it is read, so
    # that a screen measures the text it will draw (CircuitPython's English builds have no
    # German letters in their font: "Bot-Stärke" is drawn as "Bot-Staerke", one longer).
    def __init__(self, lang=0, fit=None):
        self.fit = fit
        self.lang = 0
        self.keys = None  # bytes: each row's key (KEY bytes), in the file's order
        self.at = None  # bytearray: where each row starts in the file (2 bytes, low first), then its end
        self.file = None  # the table, open while the app asks for texts (close())
        self.seen = None  # {English: shown} of the texts asked for since close()
        self.use(lang)

    def use(self, lang):
        # Switch to the table's column ``lang`` (0 is English): index the table's rows.
        self.close()
        self.keys = self.at = None
        self.lang = lang
        if lang > 0:
            keys = bytearray()
            at = bytearray()
            try:
                with open(TABLE, "rb") as f:
                    n = len(f.readline())
                    # Read in blocks and cut into lines here (a file's lines are read a byte
                    # at a time): a German start made its index in about 100 ms, now 60.
                    # A row beyond the index's reach ends it (a test keeps the table short).
                    rest = b""
                    block = b"-"
                    while block:
                        block = f.read(_BLOCK)
                        data = rest + block if block or not rest else rest + b"\n"  # a last line without one
                        start = 0
                        end = data.find(b"\n")
                        while end >= 0:
                            if n + end + 1 - start > _END:
                                block = b""
                                break
                            tab = data.find(b"\t", start, end)
                            en = data[start:tab] if tab >= 0 else data[start:end].rstrip(b"\r")
                            if en:
                                keys += _key(en)
                                at.append(n & 0xFF)
                                at.append(n >> 8)
                            n += end + 1 - start
                            start = end + 1
                            end = data.find(b"\n", start)
                        rest = data[start:]
            except OSError:  # no table to read: every text in English
                return
            at.append(n & 0xFF)
            at.append(n >> 8)
            self.keys = bytes(keys)  # bytes can find() a key; a bytearray cannot on the board
            self.at = at

    def get(self, en):
        keys = self.keys
        at = self.at
        if keys is None or at is None:
            return en
        # A pass of the main loop asks for some texts many times (the table's "%s passes"):
        # each is looked up once per pass; nothing of this is held between passes (close()).
        seen = self.seen
        if seen is None or len(seen) >= _SEEN:
            seen = self.seen = {}
        text = seen.get(en)
        if text is None:
            text = seen[en] = self._find(keys, at, en)
        return text

    def _find(self, keys, at, en):
        utf8 = en.encode()
        k = _key(utf8)
        i = keys.find(k)
        while i >= 0:
            if i % KEY == 0:  # a whole key, not one that straddles two
                text = self._row(at, i // KEY, utf8)
                if text is not None:
                    return text
            i = keys.find(k, i + 1)
        return en

    def _row(self, at, i, data):
        # Row ``i``'s text in the chosen language if its English is ``data``, else None.
        start = at[2 * i] | at[2 * i + 1] << 8
        end = at[2 * i + 2] | at[2 * i + 3] << 8
        try:
            if self.file is None:
                self.file = open(TABLE, "rb")
            self.file.seek(start)
            # Split as bytes, one str made: the board looks each new str up among its interned names.
            cols = self.file.read(end - start).rstrip(b"\r\n").split(b"\t")
            if cols[0] == data and len(cols) > self.lang and cols[self.lang]:
                text = cols[self.lang].decode()
                return self.fit(text) if self.fit is not None else text
        except (OSError, ValueError):  # no table, or not the one indexed (UnicodeError: a ValueError)
            self.close()
        return None

    def close(self):
        # The pass is over: let the table and the pass's texts go until the next is asked for.
        self.seen = None
        if self.file is not None:
            f = self.file
            self.file = None
            f.close()


def key(en):
    # A text's key in the index: from a CRC-32 of its UTF-8, C code on the board (a sum in
    # Python took some 5 ms a text there). tests/device/test_texts.py checks that no two texts
    # of the table share one: a shared key costs a read more, never a wrong text.
    return _key(en.encode())


def _key(data):
    k = crc32(data)
    return bytes((k & 0xFF, k >> 8 & 0xFF))  # KEY bytes, low first (int.to_bytes is slow on the board)


def clip(text, cols, more=False):
    # ``text`` in at most ``cols`` characters, shortened with ".." when it is longer.
    # ``more``: the screen shows the whole text on request, the only cuts that may happen.
    if NBSP in text:
        text = text.replace(NBSP, " ")
    if len(text) <= cols:
        return text
    if CUT is not None:
        CUT(text, cols, more)
    return text[:cols - 2] + ".." if cols > 2 else text[:max(0, cols)]


def wrap(text, cols, n, more=False):
    # ``text`` broken at spaces into ``n`` lines of at most ``cols`` characters (a word
    # longer than a line is cut into pieces); what does not fit is cut with clip().
    # n = 0: as many lines as it takes, none empty at the end. Words joined by NBSP stay
    # on one line; together longer than a line, as many of them as fit stay on one, from
    # the first ("Carla: straight" / "7-11", never "... Carla:" / "straight 7-11"); the
    # lines have plain spaces.
    words = text.split(" ")
    if NBSP in text:
        whole = []
        for w in words:
            if len(w) > cols and NBSP in w:
                line = ""
                for x in w.split(NBSP):
                    if line and len(line) + 1 + len(x) > cols:
                        whole.append(line)
                        line = x
                    else:
                        line = line + NBSP + x if line else x
                w = line
            whole.append(w)
        words = whole
    lines = []
    line = ""
    for w in words:
        while len(w) > cols:
            if line:
                lines.append(line)
                line = ""
            lines.append(w[:cols])
            w = w[cols:]
        if not line:
            line = w
        elif len(line) + 1 + len(w) <= cols:
            line += " " + w
        else:
            lines.append(line)
            line = w
    lines.append(line)
    if not n:
        while lines and not lines[-1]:
            lines.pop()
    elif len(lines) > n:
        lines = lines[:n - 1] + [clip(" ".join(lines[n - 1:]), cols, more)]
    while len(lines) < n:
        lines.append("")
    if NBSP in text:
        lines = [s.replace(NBSP, " ") for s in lines]
    return lines
