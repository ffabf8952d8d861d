# A dealt round's breakdown (dealer mode), from the score book's line for it (the
# round is already in the book and the journal): what happened (the bid and whether
# it held, who went out first, the calls), the bonuses (traps, the attack, a silent
# Hunter), treasure or card points, each side's points and the totals. UP/DOWN scroll
# when it is longer than the panel; OK deals the next round (or shows the end of the
# match); BACK returns to the table.

from firmware.install import switch
from firmware.keys import OK
from firmware.rounds.form import row_text
from firmware.rounds.summary import summary
from firmware.screens.rowlist import RowsScreen
from firmware.texts import wrap

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

_SUMMARY = const(8)  # lines the summary may take: more than any takes (the rows scroll), so none is cut


class PlayScore(RowsScreen):
    def title(self):
        return self.t("Round %d") % self.app.book.rounds()

    def rows(self):
        book = self.app.book
        t = self.t
        cols = self.list.width()
        i = book.rounds() - 1
        if i < 0:
            return []
        e = book.entry(i)
        out = [x for x in wrap(summary(book, e, t), cols, _SUMMARY) if x]
        names = book.side_names()
        if book.game == "chimera":
            if e["traps"]:
                out += _rows(t("Traps"), str(e["traps"]), cols)
            if e["attack"]:
                out += _rows(t("Attack"), t("yes"), cols)
            if e["silent_hunter"]:
                out += _rows(t("Silent hunter"), t("yes"), cols)
            out += _rows(t("Treasure"), " ".join([str(x) for x in e["treasure"]]), cols)
        elif e.get("card_points") is not None and e.get("double_victory") is None:
            out += _rows(t("Card points"), "%d : %d" % tuple(e["card_points"]), cols)
        for s in range(book.sides):
            out += _rows(names[s], "%+d" % book.deltas[i][s], cols)
        sep = " : " if book.sides == 2 else " "
        out += _rows(t("Total"), sep.join([str(x) for x in book.totals]), cols)
        return out

    def key(self, k):
        app = self.app
        if k != OK:
            RowsScreen.key(self, k)
        elif app.book.over():
            app.swap("matchend", "MatchEnd")
        else:
            # The next round starts in a fresh VM (firmware/install.py), as a new match does:
            # nothing a round left in the heap (its names, its gaps) is there for the next.
            app.session.deal()
            if not switch(app):
                app.back()


def _rows(left, right, cols):
    # A label and its value on one row, or, where the row is too short for both whole,
    # the label on a row and the value right-aligned on the next.
    if len(left) + 1 + len(right) <= cols:
        return [row_text(left, right, cols)]
    return [left, " " * max(0, cols - len(right)) + right]
