# Statistics per player: Chimera bids won and lost, Tichu calls made and failed, said
# in words ("Tichu made  2"), one line each, the lines that would say 0 left out.

from firmware.form import row_text
from firmware.keys import BACK, DOWN, MENU, UP
from firmware.rowlist import RowList
from firmware.ui import Screen

LINES = {  # (the score book's stats key, its line's label) in the order shown
    "chimera": (("won", "Bids won"), ("lost", "Bids lost")),
    "tichu": (("tichu_made", "Tichu made"), ("tichu_failed", "Tichu failed"),
              ("grand_made", "Grand made"), ("grand_failed", "Grand failed")),
}
NONE = {"chimera": "no bid", "tichu": "no call"}


class Stats(Screen):
    WIDGETS = ("pos", "list")

    def __init__(self, app):
        Screen.__init__(self, app)
        self.top = 0

    def build(self, ui, g):
        self.pos = ui.title(g, self.t("Statistics"))[1]
        self.list = RowList(ui, g, ui.top(), max(1, ui.rows - 1))

    def rows(self):
        book = self.app.book
        s = book.stats()
        cols = self.list.width()
        lines = LINES[book.game]
        out = []
        for p in range(book.players):
            mine = [(label, s[key][p]) for key, label in lines if s[key][p]]
            out.append(row_text(book.names[p], "" if mine else self.t(NONE[book.game]), cols))
            for label, n in mine:
                out.append(row_text("  " + self.t(label), str(n), cols))
        return out

    def draw(self):
        rows = self.rows()
        self.top = max(0, min(self.top, len(rows) - self.list.n))
        self.list.top = self.top
        self.list.show(rows)
        n = self.list.n
        more = len(rows) > n
        self.app.ui.set(self.pos, "%d-%d/%d" % (self.top + 1, self.top + n, len(rows)) if more else "")

    def key(self, k):
        if k == UP or k == DOWN:
            self.top += 1 if k == DOWN else -1
        elif k == BACK:
            self.app.back()
        elif k == MENU:
            self.app.to_menu()
