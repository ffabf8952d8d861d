# The main menu: the rows of app.MENU that make sense now.

from firmware.app import MENU as ROWS
from firmware.keys import BACK, DOWN, MENU, OK, UP
from firmware.screens.rowlist import RowList
from firmware.ui import Screen


class Menu(Screen):
    WIDGETS = ("list",)

    def __init__(self, app):
        Screen.__init__(self, app)
        self.focus = 0

    def rows(self):
        has_match = self.app.book is not None
        return [r for r in ROWS if has_match or not r[3]]

    def build(self, ui, g):
        ui.title(g, self.t("Menu"))
        self.list = RowList(ui, g, ui.top(), max(1, ui.rows - 1))

    def draw(self):
        rows = self.rows()
        self.focus = min(self.focus, len(rows) - 1)
        self.list.show([self.t(r[0]) for r in rows], self.focus)

    def key(self, k):
        rows = self.rows()
        if k == UP or k == DOWN:
            self.focus = (self.focus + (1 if k == DOWN else -1)) % len(rows)
        elif k == OK:
            r = rows[self.focus]
            self.app.open(r[1], r[2])
        elif (k == BACK or k == MENU) and self.app.book is not None:
            self.app.home()

    def resume(self, result):
        # The answer to the question at power-up about an unreadable journal (app.py).
        if self.app.unreadable is not None:
            self.app.answer_unreadable(result)

    def keep(self):
        return self.focus

    def restore(self, state):
        self.focus = state
