# A scrolling list of body-text rows with a focus bar (menus, choices, the rounds, the
# statistics, a round's breakdown): loaded with the screens that show one and dropped
# with them (firmware.app SCREEN_MODULES).

import displayio


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
