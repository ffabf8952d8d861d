# The rounds so far, newest at the focus: each row is the round's points per side and
# what happened (who went out first, the calls or the bid), the footer the totals after
# the focused round. OK on a round offers its whole story (a row may be too short for
# it), edit, and undo for the last one, asked twice: an undone round is gone. A dealt
# match's rounds were scored from the cards: they offer their story only.

from firmware.keys import BACK, DOWN, MENU, OK, UP
from firmware.rounds.summary import summary
from firmware.screens.rowlist import RowList
from firmware.texts import clip
from firmware.ui import Screen


class History(Screen):
    WIDGETS = ("pos", "list", "foot")

    def __init__(self, app):
        Screen.__init__(self, app)
        self.focus = app.book.rounds() - 1

    def build(self, ui, g):
        self.pos = ui.title(g, self.t("Rounds"))[1]
        self.list = RowList(ui, g, ui.top(), max(1, ui.rows - 2))
        self.foot = ui.label(g, "", ui.s * 2, ui.h - ui.lh)

    def draw(self):
        ui = self.app.ui
        book = self.app.book
        n = book.rounds()
        self.focus = min(self.focus, n - 1)
        if n == 0:
            ui.set(self.pos, "")
            self.list.show([self.t("No rounds yet")])
            ui.set(self.foot, "")
            return
        ui.set(self.pos, "%d/%d" % (self.focus + 1, n))
        width = self.list.width()
        rows = []
        for i in range(n):
            head = "%2d " % (i + 1) + " ".join(["%+4d" % d for d in book.deltas[i]]) + " "
            rows.append(head + clip(self.summary(i), width - len(head), True))
        self.list.show(rows, self.focus)
        sep = " : " if book.sides == 2 else " "
        ui.set(self.foot, "= " + sep.join([str(x) for x in book.running()[self.focus]]))

    def summary(self, i):
        book = self.app.book
        return summary(book, book.entry(i), self.t)

    def key(self, k):
        app = self.app
        n = app.book.rounds()
        if (k == UP or k == DOWN) and n:
            self.focus = (self.focus + (1 if k == DOWN else -1)) % n
        elif k == OK and n:
            items = [self.t("Details")]
            if app.session is None:  # a dealt round was scored by the cards: nothing to correct
                items.append(self.t("Edit round"))
                if self.focus == n - 1:
                    items.append(self.t("Undo round"))
            items.append(self.t("Cancel"))
            app.open("choice", "Choice", self.t("Round %d") % (self.focus + 1), items, "round")
        elif k == BACK:
            app.back()
        elif k == MENU:
            app.to_menu()

    def keep(self):
        return self.focus

    def restore(self, state):
        self.focus = state

    def resume(self, result):
        app = self.app
        tag, choice = result
        last = self.focus == app.book.rounds() - 1
        if tag == "round" and choice > 0 and app.session is not None:
            return  # Cancel: a dealt match's rounds offer only their story
        if tag == "round" and choice == 0:
            app.open("message", "Message", self.t("Round %d") % (self.focus + 1), self.summary(self.focus),
                     False)
        elif tag == "round" and choice == 1:
            app.open("entry", "RoundEntry", self.focus)
        elif tag == "round" and choice == 2 and last:  # undo: asked once more, it cannot be redone
            app.open("choice", "Choice", self.t("Undo round %d?") % (self.focus + 1),
                     [self.t("Undo round"), self.t("Cancel")], "undo", 1)  # on Cancel
        elif tag == "undo" and choice == 0 and last:
            app.record(app.book.undo())
            self.focus -= 1
