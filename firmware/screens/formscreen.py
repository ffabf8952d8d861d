# A form on screen: one row per field, the focused one on the bar, and footer lines
# that say what OK would do (or why it cannot) before it is pressed. UP/DOWN change the
# focused field, LEFT/RIGHT move between fields (round the end), OK submits from any
# field (or, when the footer says why it cannot, shows that reason whole), BACK leaves
# without saving.

from firmware.keys import BACK, DOWN, LEFT, MENU, OK, RIGHT, UP
from firmware.rounds.form import row_text
from firmware.screens.rowlist import RowList
from firmware.texts import clip, wrap
from firmware.ui import Screen


class FormScreen(Screen):
    WIDGETS = ("head", "pos", "list", "foot")
    TURN = UP  # the encoder changes the value

    def __init__(self, app, fields, focus=0):
        Screen.__init__(self, app)
        self.fields = fields
        self.focus = focus

    # -- to override ------------------------------------------------------------------

    def title(self):
        return ""

    def footer(self, n):
        # (up to ``n`` lines, True): what saving would give; or (reason, False): why not.
        return [], True

    def changed(self, field):
        # A field's value changed (forms use it to keep defaults in step).
        pass

    def submit(self):
        # OK was pressed.
        pass

    # -- screen -----------------------------------------------------------------------

    def build(self, ui, g):
        self.head, self.pos = ui.title(g, "")
        self.nfoot = 2 if ui.rows >= 7 else 1
        self.list = RowList(ui, g, ui.top(), max(1, ui.rows - 1 - self.nfoot))
        y = ui.h - self.nfoot * ui.lh
        ui.rect(g, 0, y - ui.s, ui.w, ui.s, ui.fg)  # sets the footer apart from the fields
        self.foot = [ui.label(g, "", ui.s * 2, y + i * ui.lh) for i in range(self.nfoot)]

    def draw(self):
        ui = self.app.ui
        width = self.list.width()
        pos = "%d/%d" % (self.focus + 1, len(self.fields))
        ui.set(self.pos, pos)
        f = self.fields[self.focus]
        # A label its value leaves no room for shows whole in the title bar while focused.
        short = len(f.label) + 1 + len(f.text()) > width
        ui.set(self.head, clip(f.label if short else self.title(), ui.cols - len(pos) - 2))
        self.list.show([row_text(f.label, f.text(), width, True) for f in self.fields], self.focus)
        n = self.nfoot
        text, ok = self.footer(n)
        if ok and f.help and f.i == 0:
            text = list(f.help)
        if not ok and not ui.colour:
            text = "! " + text  # no red here: mark the refusal
        lines = (text + [""] * n)[:n] if ok else wrap(text, ui.cols - 1, n, more=True)
        for i in range(n):
            ui.set(self.foot[i], clip(lines[i], ui.cols - 1), ui.hi if ok else ui.warn)

    def key(self, k):
        f = self.fields[self.focus]
        if k == UP or k == DOWN:
            if f.step(1 if k == UP else -1):
                self.changed(f)
        elif k == RIGHT or k == LEFT:
            self.focus = (self.focus + (1 if k == RIGHT else -1)) % len(self.fields)
        elif k == OK:
            text, ok = self.footer(self.nfoot)
            if ok:
                self.submit()
            else:
                self.app.open("message", "Message", self.title(), text)
        elif k == BACK:
            self.app.back()
        elif k == MENU:
            self.app.to_menu()

    def keep(self):
        return ([f.value() for f in self.fields], [f.touched for f in self.fields], self.focus)

    def restore(self, state):
        values, touched, self.focus = state
        for i in range(min(len(values), len(self.fields))):
            self.fields[i].set(values[i])
            self.fields[i].touched = touched[i]

