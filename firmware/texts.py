# The device's texts in the chosen language, from one table: firmware/texts.tsv.
#
# The code writes every text in English; that English text is the key into the table,
# whose first column is English and the others its translations (first row: the
# languages' names). English needs no table at all; another language keeps only the
# table file's text in memory and looks a key up in it, so the board pays about one
# byte per character of the table instead of an object per text. A text missing from
# the table shows in English (tests/device/test_texts.py keeps the table complete).

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
        # Switch to the table's column ``lang`` (0 is English).
        self.table = None
        self.lang = lang
        if lang > 0:
            with open(TABLE) as f:
                self.table = "\n" + f.read()

    def get(self, en):
        t = self.table
        if t is None:
            return en
        i = t.find("\n" + en + "\t")
        if i < 0:
            return en
        end = t.find("\n", i + 1)
        cols = t[i + 1:end if end >= 0 else len(t)].split("\t")
        return cols[self.lang] if self.lang < len(cols) else en


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
    if len(lines) > n:
        rest = " ".join(lines[n - 1:])
        lines = lines[:n - 1] + [clip(rest, cols, more)]
    while len(lines) < n:
        lines.append("")
    return lines
