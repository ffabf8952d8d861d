# Statistics per player: Chimera bids won and lost, Tichu calls made and failed
# (T = Tichu, G = Grand Tichu).

from firmware.form import row_text
from firmware.keys import BACK, DOWN, MENU, UP
from firmware.ui import RowList, Screen


class Stats(Screen):
    WIDGETS = ("list",)

    def __init__(self, app):
        Screen.__init__(self, app)
        self.top = 0

    def build(self, ui, g):
        ui.title(g, self.t("Bids won/lost" if self.app.book.game == "chimera" else "Calls made/failed"))
        self.list = RowList(ui, g, ui.top(), max(1, ui.rows - 1))

    def rows(self):
        book = self.app.book
        s = book.stats()
        cols = self.list.width()
        out = []
        if book.game == "chimera":
            for p in range(book.players):
                out.append(row_text(book.names[p], "%d / %d" % (s["won"][p], s["lost"][p]), cols))
            return out
        for p in range(book.players):
            v = "T %d/%d G %d/%d" % (s["tichu_made"][p], s["tichu_failed"][p],
                                     s["grand_made"][p], s["grand_failed"][p])
            out.append(row_text(book.names[p], v, cols))
        return out

    def draw(self):
        rows = self.rows()
        self.top = max(0, min(self.top, len(rows) - self.list.n))
        self.list.top = self.top
        self.list.show(rows)

    def key(self, k):
        if k == UP or k == DOWN:
            self.top += 1 if k == DOWN else -1
        elif k == BACK:
            self.app.back()
        elif k == MENU:
            self.app.to_menu()
