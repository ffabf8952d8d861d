# A titled list to pick from: a round's actions, a yes/no question. The choice goes
# back to the screen that asked, as (tag, index); BACK answers nothing. It opens on
# ``focus``: a question whose answer cannot be undone (end the match, undo a round, a
# call) opens on the harmless answer, so that one stray OK does no harm.

from firmware.keys import BACK, DOWN, MENU, OK, UP
from firmware.screens.rowlist import RowList
from firmware.ui import Screen


class Choice(Screen):
    WIDGETS = ("list",)

    def __init__(self, app, title, items, tag, focus=0):
        Screen.__init__(self, app)
        self.heading = title
        self.items = items
        self.tag = tag
        self.focus = focus

    def build(self, ui, g):
        ui.title(g, self.heading)
        self.list = RowList(ui, g, ui.top(), max(1, ui.rows - 1))

    def draw(self):
        self.list.show(self.items, self.focus)

    def key(self, k):
        if k == UP or k == DOWN:
            self.focus = (self.focus + (1 if k == DOWN else -1)) % len(self.items)
        elif k == OK:
            self.app.back((self.tag, self.focus))
        elif k == BACK:
            self.app.back()
        elif k == MENU:
            self.app.to_menu()
