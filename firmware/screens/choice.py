"""A titled list to pick from: the main menu, a round's actions, yes/no questions."""

from firmware.keys import BACK, DOWN, MENU, OK, UP
from firmware.screen import Screen
from firmware.widgets import RowList


class Choice(Screen):
    """``items``: texts; ``pick(index)`` runs on OK (after this screen is closed)."""

    WIDGETS = ("head", "pos", "list")
    def __init__(self, app, title, items, pick, focus=0):
        Screen.__init__(self, app)
        self.heading = title
        self.items = items
        self.pick = pick
        self.focus = focus

    def build(self, ui, g):
        self.head, self.pos = ui.title(g, self.heading)
        self.list = RowList(ui, g, ui.lh + ui.s * 2, max(1, ui.rows - 1))

    def draw(self):
        self.list.show(self.items, self.focus)

    def key(self, k):
        n = len(self.items)
        if k == UP or k == DOWN:
            self.focus = (self.focus + (1 if k == DOWN else -1)) % n
        elif k == OK:
            self.app.pop()
            self.pick(self.focus)
        elif k == BACK:
            self.app.pop()
        elif k == MENU:
            self.app.to_menu()
