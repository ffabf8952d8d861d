# Statistics per player: Chimera bids won and lost, Tichu calls made and failed, said
# in words ("Tichu made  2"), one line each, the lines that would say 0 left out.

from engine_core.match_stats import stats
from firmware.rounds.form import row_text
from firmware.screens.rowlist import RowsScreen

LINES = {  # (the score book's stats key, its line's label) in the order shown
    "chimera": (("won", "Bids won"), ("lost", "Bids lost")),
    "tichu": (("tichu_made", "Tichu made"), ("tichu_failed", "Tichu failed"),
              ("grand_made", "Grand made"), ("grand_failed", "Grand failed")),
}
NONE = {"chimera": "no bid", "tichu": "no call"}


class Stats(RowsScreen):
    def title(self):
        return self.t("Statistics")

    def rows(self):
        book = self.app.book
        s = stats(book)
        cols = self.list.width()
        lines = LINES[book.game]
        out = []
        for p in range(book.players):
            mine = [(label, s[key][p]) for key, label in lines if s[key][p]]
            out.append(row_text(book.names[p], "" if mine else self.t(NONE[book.game]), cols))
            for label, n in mine:
                out.append(row_text("  " + self.t(label), str(n), cols))
        return out
