# A scrolling list of body-text rows with a focus bar (menus, choices, the rounds, the
# statistics, a round's breakdown), and the screen of rows read by scrolling them
# (RowsScreen): loaded with the screens that show one and dropped with them
# (firmware.install SCREEN_MODULES).

import displayio

from firmware.keys import BACK, DOWN, MENU, UP
from firmware.ui import Screen


class RowList:
    # ``n`` rows of body text from pixel row ``y0``; shows the window of ``items``
    # around the focus, with the focused row on a bar.

    def __init__(self, ui, group, y0, n):
        self.ui = ui
        self.y0 = y0
        self.n = n
        self.top = 0
        self.bar = displayio.Group()
        ui.rect(self.bar, 0, 0, ui.w, ui.lh, ui.bar)
        self.bar.hidden = True
        group.append(self.bar)
        pad = ui.s * 2
        self.rows = [ui.label(group, "", pad, y0 + i * ui.lh + (ui.lh - ui.ch * ui.s) // 2)
                     for i in range(n)]

    def show(self, items, focus=None):
        # ``items``: the row texts; ``focus``: index of the focused one or None.
        ui = self.ui
        if focus is not None:
            if focus < self.top:
                self.top = focus
            elif focus >= self.top + self.n:
                self.top = focus - self.n + 1
        self.top = max(0, min(self.top, len(items) - self.n))
        for i in range(self.n):
            k = self.top + i
            ui.set(self.rows[i], items[k] if k < len(items) else "", ui.on_bar if k == focus else ui.fg)
        if focus is None or not self.top <= focus < self.top + self.n:
            self.bar.hidden = True
        else:
            self.bar.hidden = False
            self.bar.y = self.y0 + (focus - self.top) * ui.lh

    def width(self):
        # Columns a row can hold (the text is inset a little from the bar's edge).
        return (self.ui.w - self.ui.s * 4) // (self.ui.cw * self.ui.s)


class RowsScreen(Screen):
    # Rows to read (no focus) under a title whose right side says which are in view
    # ("1-7/12") when they do not all fit; UP/DOWN scroll, BACK and MENU leave. A subclass
    # gives title() and rows(), and may take more keys in key() before this one's.

    WIDGETS = ("pos", "list")

    def __init__(self, app):
        Screen.__init__(self, app)
        self.top = 0

    def title(self):
        return ""

    def rows(self):
        return []  # type: list[str]

    def build(self, ui, g):
        self.pos = ui.title(g, self.title())[1]
        self.list = RowList(ui, g, ui.top(), max(1, ui.rows - 1))

    def draw(self):
        rows = self.rows()
        n = self.list.n
        self.top = max(0, min(self.top, len(rows) - n))
        self.list.top = self.top
        self.list.show(rows)
        more = len(rows) > n
        self.app.ui.set(self.pos, "%d-%d/%d" % (self.top + 1, self.top + n, len(rows)) if more else "")

    def key(self, k):
        if k == UP or k == DOWN:
            self.top += 1 if k == DOWN else -1
        elif k == BACK:
            self.app.back()
        elif k == MENU:
            self.app.to_menu()
