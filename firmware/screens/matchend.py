# The end of the match: the winner, large, and the final totals best first. OK starts
# a new match; BACK returns to the totals (from where a wrong last round can be undone).

from firmware.keys import BACK, MENU, OK
from firmware.rounds.form import row_text
from firmware.screens.rowlist import RowList
from firmware.ui import Screen


class MatchEnd(Screen):
    def build(self, ui, g):
        book = self.app.book
        ui.title(g, self.t("Match over"), self.t("to %d") % book.limit)
        names = book.side_names()
        text = self.t("%s wins!" if book.sides == book.players else "%s win!") % names[book.winner()]
        n = book.sides
        room = ui.h - ui.top() - n * ui.lh
        width = ui.w - ui.s * 4
        # The winner as large as it goes: on one line, or broken before its last word.
        lines = [text]
        s = ui.big_scale(len(text), width, room)
        cut = text.rfind(" ")
        if cut > 0:
            two = [text[:cut], text[cut + 1:]]
            s2 = ui.big_scale(max(len(two[0]), len(two[1])), width, room // 2)
            if s2 > s:
                lines, s = two, s2
        s = max(ui.s, s)
        y = ui.top() + (room - len(lines) * ui.ch * s) // 2
        for line in lines:
            ui.label(g, line, ui.w // 2, y, scale=s, colour=ui.hi, anchor=(0.5, 0.0))
            y += ui.ch * s
        lst = RowList(ui, g, ui.h - n * ui.lh, n)
        order = sorted(range(n), key=lambda i: (-book.totals[i], i))  # ties by seat, as on the desktop
        lst.show([row_text(names[i], str(book.totals[i]), lst.width()) for i in order])

    def key(self, k):
        app = self.app
        if k == OK:
            app.to_menu()
            app.open("newmatch", "NewMatch")
        elif k == BACK:
            app.back()
        elif k == MENU:
            app.to_menu()
