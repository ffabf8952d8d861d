"""The rounds so far, newest at the focus: each row is the round's points per side, the
footer the totals after the focused round. OK on a round offers edit (and undo for the
last one)."""

from firmware.keys import BACK, DOWN, MENU, OK, UP
from firmware.screen import Screen
from firmware.widgets import RowList


class History(Screen):
    WIDGETS = ("head", "pos", "list", "foot")

    def __init__(self, app):
        Screen.__init__(self, app)
        self.focus = app.book.rounds() - 1

    def build(self, ui, g):
        self.head, self.pos = ui.title(g, self.t("history"))
        self.list = RowList(ui, g, ui.lh + ui.s * 2, max(1, ui.rows - 2))
        self.foot = ui.label(g, "", ui.s * 2, ui.h - ui.lh)

    def draw(self):
        ui = self.app.ui
        book = self.app.book
        n = book.rounds()
        self.focus = min(self.focus, n - 1)
        if n == 0:
            ui.set(self.pos, "")
            self.list.show([self.t("no_rounds")])
            ui.set(self.foot, "")
            return
        ui.set(self.pos, "%d/%d" % (self.focus + 1, n))
        rows = []
        for i in range(n):
            rows.append("%2d " % (i + 1) + " ".join(["%+4d" % d for d in book.deltas[i]]))
        self.list.show(rows, self.focus)
        sep = " : " if book.sides == 2 else " "
        ui.set(self.foot, "= " + sep.join([str(x) for x in book.running()[self.focus]]))

    def key(self, k):
        app = self.app
        n = app.book.rounds()
        if (k == UP or k == DOWN) and n:
            self.focus = (self.focus + (1 if k == DOWN else -1)) % n
        elif k == OK and n:
            i = self.focus
            items = [self.t("edit")]
            if i == n - 1:
                items.append(self.t("undo"))
            items.append(self.t("cancel"))
            app.open("choice", "Choice", self.t("round") % (i + 1), items, self._act)
        elif k == BACK:
            app.pop()
        elif k == MENU:
            app.to_menu()

    def _act(self, choice):
        app = self.app
        if choice == 0:
            app.open("entry", "RoundEntry", self.focus)
        elif choice == 1 and self.focus == app.book.rounds() - 1:
            app.record(app.book.undo())
            self.focus -= 1
