"""The base of every screen: a small class that builds a displayio group when shown,
updates its texts after each key, and drops the group when another screen covers it
(only the visible screen holds display objects, which keeps the heap small)."""

import displayio

from firmware.keys import CCW, CW, DOWN, UP


class Screen:
    # What a clockwise encoder turn means here: the next row in lists, "more" in forms.
    TURN = DOWN
    # The attributes build() fills with display objects; leave() lets go of them.
    WIDGETS = ()  # type: tuple[str, ...]

    def __init__(self, app):
        self.app = app
        self.group = None

    def t(self, key):
        return self.app.t(key)

    def enter(self):
        self.group = displayio.Group()
        self.app.ui.background(self.group)
        self.build(self.app.ui, self.group)
        self.draw()
        return self.group

    def leave(self):
        self.group = None
        for name in self.WIDGETS:
            if hasattr(self, name):
                delattr(self, name)

    def handle(self, k):
        if k == CW:
            k = self.TURN
        elif k == CCW:
            k = UP if self.TURN == DOWN else DOWN
        self.key(k)

    # -- to override ------------------------------------------------------------------

    def build(self, ui, group):
        """Create the display objects (kept in the attributes named by WIDGETS)."""

    def draw(self):
        """Bring the texts up to date with the model."""

    def key(self, k):
        """React to one logical key."""
