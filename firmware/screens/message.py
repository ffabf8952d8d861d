# A text on the whole screen (why a round cannot be saved); any key goes back.

from firmware.screens.formscreen import wrap
from firmware.ui import Screen


class Message(Screen):
    def __init__(self, app, title, text):
        Screen.__init__(self, app)
        self.heading = title
        self.text = text

    def build(self, ui, g):
        ui.title(g, self.heading)
        n = max(1, ui.rows - 1)
        for i, line in enumerate(wrap(self.text, ui.cols - 1, n)):
            ui.label(g, line, ui.s * 2, ui.top() + i * ui.lh, colour=ui.warn)

    def key(self, k):
        self.app.back()
