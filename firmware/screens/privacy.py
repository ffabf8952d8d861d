# Hot-seat privacy (dealer mode): the whole panel asks to hand the device to the next
# human before their cards come up ("Pass to Ben", "A: see your cards"). Nothing of
# any hand shows here. OK shows that seat's cards; BACK returns to the table.

from firmware.keys import BACK, MENU, OK
from firmware.texts import clip
from firmware.ui import Screen


class Privacy(Screen):
    def __init__(self, app, seat, claim=False):
        Screen.__init__(self, app)
        self.seat = seat
        self.claim = claim  # a bomb claim's: the hand then offers the bombs (and the call) only

    def build(self, ui, g):
        name = self.app.book.names[self.seat]
        text = self.t("Pass to %s") % name
        s = max(ui.s, ui.big_scale(len(text), ui.w - ui.s * 4, ui.h // 3))
        if len(text) * ui.cw * s > ui.w:
            text = clip(text, ui.cols, True)
            s = ui.s
        ui.label(g, text, ui.w // 2, (ui.h - ui.ch * s) // 2 - ui.lh // 2, scale=s, colour=ui.hi,
                 anchor=(0.5, 0.0))
        more = clip(self.t("%s: see your cards") % self.t(self.app.hints[OK]), ui.cols, True)
        ui.label(g, more, ui.w // 2, ui.h - ui.lh - ui.s, anchor=(0.5, 0.0))

    def key(self, k):
        app = self.app
        if k == OK:
            app.session.viewer = self.seat
            if self.claim and not app.session.may_claim(self.seat):  # nothing to claim: why, no hand
                from firmware.play.text import NO_BOMB

                app.swap("message", "Message", self.t("No bomb"), self.t(NO_BOMB["tichu"]), False)
                return
            app.swap("hand", "Hand", self.seat, self.claim)
        elif k == BACK:
            app.back()
        elif k == MENU:
            app.to_menu()
