# Entering a round, or editing a past one, with the new totals shown before OK.
#
# The form comes from the game's round module (firmware.rounds.tichu, .chimera); the
# score book scores and checks the entry on every change, so the footer shows either
# this round's points and the totals it leads to, or the rules' reason why it cannot be
# saved (then OK shows that reason in full and saves nothing).

from engine_core.errors import EntryError
from firmware.keys import BACK, MENU
from firmware.rounds.form import row_text
from firmware.screens.formscreen import FormScreen


class RoundEntry(FormScreen):
    def __init__(self, app, index=None):
        book = app.book
        self.index = index
        entry = book.entry(index) if index is not None else None
        mod = __import__("firmware.rounds." + book.game, None, None, ["RoundForm"])
        self.model = mod.RoundForm(book, app.t, entry)
        FormScreen.__init__(self, app, self.model.fields, self.model.focus)

    def title(self):
        if self.index is None:
            return self.t("Round %d") % (self.app.book.rounds() + 1)
        return self.t("Edit round %d") % (self.index + 1)

    def changed(self, field):
        self.model.changed(field)

    def key(self, k):
        # Leaving a round that has been changed asks first: nothing entered goes unnoticed.
        if (k == BACK or k == MENU) and [f for f in self.fields if f.touched]:
            # what was entered cannot be had back: the question opens on Keep editing
            self.app.open("choice", "Choice", self.t("Discard this round?"),
                          [self.t("Discard"), self.t("Keep editing")], "menu" if k == MENU else "back", 1)
        else:
            FormScreen.key(self, k)

    def resume(self, result):
        tag, choice = result
        if choice == 0:
            if tag == "menu":
                self.app.to_menu()
            else:
                self.app.back()

    def footer(self, n):
        book = self.app.book
        try:
            deltas, totals = book.preview(self.model.entry(), self.index)
        except EntryError as e:
            return str(e), False
        cols = self.app.ui.cols - 1
        sep = " : " if book.sides == 2 else " "
        total = row_text(self.t("Total"), sep.join([str(x) for x in totals]), cols)
        if n < 2:
            return [total], True
        return [row_text(self.t("Round"), " ".join(["%+d" % d for d in deltas]), cols), total], True

    def submit(self):
        app = self.app
        book = app.book
        try:
            if self.index is None:
                payload = book.add(self.model.entry())
            else:
                payload = book.edit(self.index, self.model.entry())
        except EntryError as e:
            app.open("message", "Message", self.title(), str(e))
            return
        if book.over():
            app.swap("matchend", "MatchEnd")
        else:
            app.back()
        app.record(payload)
