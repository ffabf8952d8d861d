# The device's texts in the chosen language, from one table: firmware/texts.tsv.
#
# The code writes every text in English; that English text is the key into the table,
# whose first column is English and the others its translations (first row: the
# languages' names). English needs no table at all; another language keeps its column of
# the table as a few strings, each translation behind a short key made from the English
# text, and looks a key up in them, so the board pays about one byte per character of the
# translations instead of an object per text. A text missing from the table shows in
# English (tests/device/test_texts.py keeps the table complete).

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(expr):  # type: ignore[misc]
        return expr

KEY = 4  # characters of a key
_CHUNK = const(400)  # characters of a piece of the loaded table

# The host's text-fit check (host_sim/text_fit.py) sets this to hear of every text that
# clip() shortens: CUT(text, cols, more). Nothing listens on the board.
CUT = None

TABLE = __file__.rsplit("/", 1)[0] + "/texts.tsv" if "/" in __file__ else "texts.tsv"


def languages():
    with open(TABLE) as f:
        return f.readline().rstrip("\n").split("\t")


class Texts:
    def __init__(self, lang=0):
        self.lang = 0
        self.table = None
        self.use(lang)

    def use(self, lang):
        # Switch to the table's column ``lang`` (0 is English). The loaded table keeps each
        # translation behind its English text's key (``key``), not behind the text: half
        # the heap of keeping the file's text; and in pieces of about CHUNK characters, as
        # a fragmented heap may have no one gap for the whole.
        self.table = None
        self.lang = lang
        if lang > 0:
            chunks = []
            chunk = ""
            with open(TABLE) as f:
                f.readline()
                for line in f:
                    cols = line.rstrip("\n").split("\t")
                    if len(cols) > lang:
                        chunk += "\n" + key(cols[0]) + "\t" + cols[lang]
                        if len(chunk) >= _CHUNK:
                            chunks.append(chunk + "\n")
                            chunk = ""
            chunks.append(chunk + "\n")
            self.table = chunks

    def get(self, en):
        if self.table is None:
            return en
        k = "\n" + key(en) + "\t"
        for t in self.table:
            i = t.find(k)
            if i >= 0:
                return t[i + 2 + KEY:t.find("\n", i + 1)]
        return en


def key(en):
    # A text's key in the loaded table: KEY printable characters from a hash of it
    # (tests/device/test_texts.py checks that no two texts of the table share one).
    h = 5381
    for c in en:
        h = (h * 33 + ord(c)) & 0xFFFFFFF
    k = ""
    for _ in range(KEY):
        k += chr(33 + h % 94)
        h //= 94
    return k


def clip(text, cols, more=False):
    # ``text`` in at most ``cols`` characters, shortened with ".." when it is longer.
    # ``more``: the screen shows the whole text on request, the only cuts that may happen.
    if len(text) <= cols:
        return text
    if CUT is not None:
        CUT(text, cols, more)
    return text[:cols - 2] + ".." if cols > 2 else text[:max(0, cols)]


def wrap(text, cols, n, more=False):
    # ``text`` broken at spaces into ``n`` lines of at most ``cols`` characters (a word
    # longer than a line is cut into pieces); what does not fit is cut with clip().
    # n = 0: as many lines as it takes, none empty at the end.
    lines = []
    line = ""
    for w in text.split(" "):
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
        return lines
    if len(lines) > n:
        rest = " ".join(lines[n - 1:])
        lines = lines[:n - 1] + [clip(rest, cols, more)]
    while len(lines) < n:
        lines.append("")
    return lines
