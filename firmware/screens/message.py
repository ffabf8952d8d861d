# A text on the whole screen (why a round cannot be saved, in the warning colour; what
# happened in a round), never cut: when it has more lines than the panel, UP/DOWN scroll
# it and the title bar says which lines show; any other key goes back.

from firmware.keys import DOWN, UP
from firmware.texts import wrap
from firmware.ui import Screen


class Message(Screen):
    WIDGETS = ("pos", "rows")

    def __init__(self, app, title, text, warn=True):
        Screen.__init__(self, app)
        self.heading = title
        self.text = text
        self.warn = warn
        self.top = 0

    def build(self, ui, g):
        self.pos = ui.title(g, self.heading)[1]
        n = max(1, ui.rows - 1)
        self.lines = wrap(self.text, ui.cols - 1, 0)
        colour = ui.warn if self.warn else ui.fg
        self.rows = [ui.label(g, "", ui.s * 2, ui.top() + i * ui.lh, colour=colour) for i in range(n)]

    def draw(self):
        ui = self.app.ui
        n = len(self.rows)
        self.top = max(0, min(self.top, len(self.lines) - n))
        for i in range(n):
            k = self.top + i
            ui.set(self.rows[i], self.lines[k] if k < len(self.lines) else "")
        pos = ""
        if len(self.lines) > n:  # which lines show, as far as the title leaves room
            room = (ui.w - ui.s * 4) // (ui.cw * ui.s) - len(ui.fit(self.heading)) - 1
            for pos in ("%d-%d/%d" % (self.top + 1, self.top + n, len(self.lines)),
                        "%d/%d" % (self.top + n, len(self.lines)), ""):
                if len(pos) <= room:
                    break
        ui.set(self.pos, pos)

    def key(self, k):
        if (k == UP or k == DOWN) and len(self.lines) > len(self.rows):
            self.top += 1 if k == DOWN else -1
        else:
            self.app.back()
