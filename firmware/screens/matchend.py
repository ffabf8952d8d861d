"""The end of the match: the winner, large, and the final totals best first. OK starts
a new match; BACK returns to the totals (from where a wrong last round can be undone)."""

from firmware.form import row_text
from firmware.keys import BACK, MENU, OK
from firmware.screen import Screen
from firmware.widgets import RowList


class MatchEnd(Screen):
    def build(self, ui, g):
        book = self.app.book
        ui.title(g, self.t("match_over"), self.t("to") % book.limit)
        names = book.side_names()
        w = book.winner()
        text = self.t("wins" if book.sides == book.players else "win") % names[w]
        rows = ui.rows - 1 - book.sides
        s = max(ui.s, ui.big_scale(len(text), ui.w - ui.s * 4, max(1, rows) * ui.lh))
        y = ui.lh + ui.s * 2
        ui.label(g, text, ui.w // 2, y, scale=s, colour=ui.hi, anchor=(0.5, 0.0))
        n = book.sides
        lst = RowList(ui, g, ui.h - n * ui.lh, n)
        order = sorted(range(n), key=lambda i: -book.totals[i])
        lst.show([row_text(names[i], str(book.totals[i]), lst.width()) for i in order])

    def key(self, k):
        app = self.app
        if k == OK:
            app.to_menu()
            app.open("newmatch", "NewMatch")
        elif k == BACK:
            app.pop()
        elif k == MENU:
            app.to_menu()
