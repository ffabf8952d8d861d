# The running totals, big enough to read across the table.
#
# Each side (player or team) gets a band: its name and its total, as large as the band
# allows. Tall panels stack the bands, wide ones put them side by side. The leader is
# highlighted; the bottom line says whose turn it is to act: a tie at the top (play on,
# C9.2/T7.1), the winner, an unsaved journal, or which key enters the next round.

from firmware.keys import BACK, DOWN, LEFT, MENU, OK, RIGHT, UP
from firmware.texts import clip
from firmware.ui import Screen

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

_MIN_DIGITS = const(3)  # size totals for three digits, so the text does not jump as they grow
GAMES = {"chimera": "Chimera", "tichu": "Tichu"}


class Totals(Screen):
    WIDGETS = ("lim", "names", "nums", "boxes", "status")

    def build(self, ui, g):
        book = self.app.book
        self.lim = ui.title(g, GAMES[book.game])[1]
        n = book.sides
        top = ui.top()
        room = ui.h - top - ui.lh
        # Room for the names (and the "*" that marks the leader where there is no colour).
        longest = max([len(x) for x in book.side_names()]) + (0 if ui.colour else 1)
        self.names = []
        self.nums = []
        self.boxes = []  # per side: (x, y, width, height, anchor) of the room for its total
        if ui.h * 4 >= ui.w * 3:
            # Tall panel: a band per side, the name above its total, or beside it where
            # that makes the digits bigger (three short bands).
            bh = room // n
            name_w = (longest + 2) * ui.cw * ui.s
            beside = (ui.big_scale(_MIN_DIGITS, ui.w - name_w, bh)
                      > ui.big_scale(_MIN_DIGITS, ui.w, bh - ui.lh))
            self.name_cols = ui.cols
            for i in range(n):
                y = top + i * bh
                self.names.append(ui.label(g, "", ui.s * 2, y + (bh - ui.lh) // 2 if beside else y))
                if beside:
                    self.boxes.append((ui.w - ui.s * 3, y, ui.w - name_w, bh, 1.0))
                else:
                    self.boxes.append((ui.w // 2, y + ui.lh, ui.w - ui.s * 4, bh - ui.lh, 0.5))
        else:
            # Wide panel: a column per side, names as large as the columns allow.
            cw = ui.w // n
            ns = max(ui.s, min(2 * ui.s, cw // (longest * ui.cw)))
            nh = ui.ch * ns + ui.s
            self.name_cols = cw // (ui.cw * ns)
            for i in range(n):
                x = i * cw + cw // 2
                self.names.append(ui.label(g, "", x, top, scale=ns, anchor=(0.5, 0.0)))
                self.boxes.append((x, top + nh, cw - cw // 8, room - nh, 0.5))  # an eighth for the gaps
        for b in self.boxes:
            s = ui.big_scale(_MIN_DIGITS, b[2], b[3])
            self.nums.append(ui.label(g, "0", b[0], b[1] + (b[3] - ui.ch * s) // 2, scale=s,
                                      anchor=(b[4], 0.0)))
        self.status = ui.label(g, "", ui.w // 2, ui.h - ui.lh, anchor=(0.5, 0.0))

    def draw(self):
        ui = self.app.ui
        book = self.app.book
        ui.set(self.lim, self.t("to %d") % book.limit)
        names = book.side_names()
        totals = book.totals
        best = max(totals)
        lead = totals.count(best) == 1 and book.rounds() > 0
        for i in range(book.sides):
            leader = lead and totals[i] == best
            name = names[i]
            text = str(totals[i])
            if leader and not ui.colour:  # no colour to mark the leader: a star, where it fits
                if len(name) < self.name_cols:
                    name = "*" + name
                else:
                    text = "*" + text
            ui.set(self.names[i], clip(name, self.name_cols), ui.hi if leader else ui.fg)
            b = self.boxes[i]
            s = ui.big_scale(max(_MIN_DIGITS, len(text)), b[2], b[3])
            lab = self.nums[i]
            ui.set(lab, text, ui.hi if leader else ui.fg)
            if lab.scale != s:
                lab.move((b[0], b[1] + (b[3] - ui.ch * s) // 2), s)
        ui.set(self.status, clip(self.line(), ui.cols), ui.warn if self.app.unsaved else ui.fg)

    def line(self):
        app = self.app
        book = app.book
        if app.unsaved:
            return self.t("NOT SAVED")
        w = book.winner()
        if w is not None:
            return self.t("%s wins!" if book.sides == book.players else "%s win!") % book.side_names()[w]
        if book.tied():
            return self.t("Tie: play on")
        return self.t("%s: round %d") % (self.t(app.hints[OK]), book.rounds() + 1)

    def key(self, k):
        app = self.app
        if k == OK:
            if app.book.over():
                app.open("matchend", "MatchEnd")
            elif app.session is not None:  # a dealt match: its round is on the table
                app.home()
            else:
                app.open("entry", "RoundEntry")
        elif k == UP or k == DOWN or k == LEFT:
            app.open("history", "History")
        elif k == RIGHT:
            app.open("stats", "Stats")
        elif k == BACK or k == MENU:
            app.to_menu()
