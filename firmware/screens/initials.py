# A short name from three letters: UP/DOWN change the letter under the cursor,
# LEFT/RIGHT move the cursor, OK takes the name back to the screen that asked.

from firmware.keys import BACK, DOWN, LEFT, OK, RIGHT, UP
from firmware.ui import Screen

LETTERS = " ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SLOTS = 3


class Initials(Screen):
    WIDGETS = ("text", "cursor_bar")
    TURN = UP

    def __init__(self, app):
        Screen.__init__(self, app)
        self.letters = [1] + [0] * (SLOTS - 1)  # "A  "
        self.cursor = 0

    def build(self, ui, g):
        ui.title(g, self.t("Name"))
        room = ui.h - ui.lh * 2
        self.scale = ui.big_scale(SLOTS + 1, ui.w - ui.s * 8, room - ui.s * 4)
        cell = ui.cw * self.scale
        self.x0 = (ui.w - cell * SLOTS) // 2
        y = ui.lh + (room - ui.ch * self.scale) // 2
        self.cursor_bar = ui.rect(g, self.x0, y + ui.ch * self.scale + ui.s, cell, ui.s * 2, ui.hi)
        self.text = ui.label(g, "", self.x0, y, scale=self.scale)

    def draw(self):
        ui = self.app.ui
        ui.set(self.text, "".join([LETTERS[i] for i in self.letters]))
        self.cursor_bar.x = self.x0 + self.cursor * ui.cw * self.scale

    def key(self, k):
        if k == UP or k == DOWN:
            c = self.cursor
            self.letters[c] = (self.letters[c] + (1 if k == UP else -1)) % len(LETTERS)
        elif k == LEFT or k == RIGHT:
            self.cursor = (self.cursor + (1 if k == RIGHT else -1)) % SLOTS
        elif k == OK:
            name = "".join([LETTERS[i] for i in self.letters]).strip()
            if name:
                self.app.back(name)
        elif k == BACK:
            self.app.back()
