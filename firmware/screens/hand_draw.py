# The hand on the panel (firmware/screens/hand.py): the trick to beat, the wish, what came
# from whom, the cards with the play in view marked, the status lines, the option in view.

# mypy: disable-error-code="attr-defined, has-type"
# (the drawing reads what Hand, its subclass, keeps: its seat, state and menu)

import displayio

from engine_core.errors import IllegalAction
from firmware.keys import OK
from firmware.play.menu import ASK, CARDS, PLAY
from firmware.play.text import cards_text, face, reading, value_token
from firmware.texts import NBSP, wrap
from firmware.ui import Screen, text_grid, text_palette, write_text

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

# At most this many items in view (up to 20 cards and the actions) and selection marks.
# The cards are cells of one Cells (a TileGrid each), the actions labels; each is made when
# first needed, so a hand of 8 cards holds a third of them.
_POOL = const(26)
_MARKS = const(20)
_FACE = const(3)  # characters of the widest card face ("10j", "Phx")



class HandDraw(Screen):
    # Hand's base: the panel's objects (build) and their contents (draw).
    _public = None  # (state, the texts of the table it shows), per position
    rows = (1, 1)  # (lines of cards in view, lines of cards) at the last draw

    def status(self):
        # (text, fine): what the selection is and whether it may be played, or why not.
        t = self.t
        kind, mine = self.due()
        st = self.state()
        game = self.game()
        names = self.app.book.names
        seat = self.seat
        if st is None:
            return "", True
        why = self.reason()
        if why is not None and self.menu() is not None:  # (the free selection's tip is on the bar)
            return why, True
        if self.menu() is not None:
            o = self.option()
            if o[0] == CARDS:
                return t("Pick the cards yourself"), True
            if o[0] != PLAY:
                if not mine and kind == "play":
                    n = len(self.plays(True))
                    return (t("Bombs: %d") % n if n else t("No bomb")), True
                if mine and kind == "bid":
                    return (t("Bid or pass (now %d)") % st.bid if st.bid else t("Bid or pass")), True
                if mine and kind == "grand":
                    return t("Grand Tichu on these 8 cards?"), True
                if mine and kind == "gift":
                    return t("Give the Dragon trick away"), True
                return t("Asks once before calling") if o[0] == ASK else t("Play nothing this time"), True
        if mine and kind == "give":
            n = self.picking()
            if len(self.sel) == n:
                return t("Give %s to the other Hunter") % cards_text(game, self.sel), True
            return t("Pick %d for the other Hunter") % n, True
        if mine and kind == "push":
            parts = []
            for k in range(3):
                who = names[(seat + 1 + k) % 4]
                parts.append(who + NBSP + (face(game, self.sel[k], True) if k < len(self.sel) else "-"))
            return ", ".join(parts), True
        if kind not in ("play", "gift"):
            return t("Not your turn"), True
        if not self.sel:
            if not mine:
                if game == "tichu":
                    n = len(self.plays(True))
                    return (t("Bombs: %d") % n if n else t("No bomb")), True
                return t("Not your turn"), True
            if self.over() is None:
                return t("You lead"), True
            return t("Play or pass"), True
        if self.menu() is not None:  # a play of the menu: legal, named in its line
            return (t("%s: play it") if mine else t("%s: bomb now")) % t(self.app.hints[OK]), True
        r = self.reading_of(self.sel)
        if r is None:
            return t("not a combination"), False
        name = reading(game, r, t)
        vs = self.readings()
        if len(vs) > 1:
            low = reading(game, (r[0], r[1], vs[0]), t)
            name = t("%s or %s") % (low, reading(game, (r[0], r[1], vs[-1]), t))
        action = (seat, "play", tuple(self.sel), None)
        try:
            self.session().dealt.game.apply(st, action)
        except IllegalAction as e:
            from firmware.play.refusal import refusal

            why = refusal(game, str(e), self.over(), getattr(st, "wish", 0), t, self.app.book.names)
            return name + ": " + why, False
        return t("%s: may be played") % name, True

    def info(self):
        # The public table: the trick's top and who played it, the open wish.
        st = self.state()
        if st is None:
            return ""
        game = self.game()
        names = self.app.book.names
        t = self.t
        text = ""
        if st.top is not None and st.top_seat >= 0:
            text = "%s: %s" % (names[st.top_seat], reading(game, st.top, t))
        elif game == "chimera" and st.phase == "bid":  # the face-up card and who holds it (C2.3, C3.1)
            v = self.view()
            if v["face_up_holder"] >= 0:
                text = t("Face up: %s") % (face(game, v["face_up"], True) + NBSP + names[v["face_up_holder"]])
        if game == "tichu" and st.wish:
            text = (text + ". " if text else "") + t("Wish: %s") % value_token(game, st.wish)
        return text

    def got(self):
        # What the push (T2.3) or the Hunters' exchange (C4.2) brought this seat, and from
        # whom ("Got: Ben 7, Carla A, David 3"), until its first play; else "". Read from
        # its seat view, as the hand is.
        st = self.state()
        seat = self.seat
        game = self.game()
        v = self.view()
        names = self.app.book.names
        if game == "tichu":
            if v.got is None or st.played >> seat & 1:
                return ""
            froms = [((seat + 1 + k) % 4, (v.got[k],)) for k in range(3)]
        else:
            if v["got"] is None or v["sizes"][seat] < 17:
                return ""
            froms = [(3 - v["chimera"] - seat, v["got"])]
        parts = []
        for g, cards in froms:
            parts.append(names[g] + NBSP + NBSP.join([face(game, c, True) for c in cards]))
        return self.t("Got: %s") % ", ".join(parts)

    def build(self, ui, g):
        self.head, self.right = ui.title(g, "")
        # The cursor and the marks first, so the labels lie on top of them.
        self.cur = ui.rect(g, 0, -ui.h, 1, ui.lh, 0x4C586A if ui.colour else ui.fg)
        self.marks = []
        self.mark_layer = ui.layer(g)
        self.cards = Cells(ui, _FACE)
        g.append(self.cards)
        self.labels = []
        self.label_layer = ui.layer(g)
        self.lines = [ui.label(g, "", ui.s * 2, -ui.h) for _ in range(ui.rows - 1)]

    def draw(self):
        ui = self.app.ui
        if self.state() is None:
            return
        # The legal list first, then the menu, each from here: the board's 512-word
        # Python stack has no room for the move generator below items() below menu().
        self.legal()
        menu = self.menu()
        items = self.items()
        self.cursor = min(self.cursor, len(items) - 1) if items else 0
        width = ui.cols - 1
        room = ui.rows - 1
        # the option in view on the bar (the menu); in the free selection a tip comes after
        # the status, which says what the selection does (the push: who gets which card)
        # (three lines: a Mah Jong play with its wish)
        entry = _wrap(self.option_text(), width, 3) if menu is not None else []
        more = self.reason() if menu is None else None  # the tip
        text, fine = self.status()
        if not fine and not ui.colour:
            text = "! " + text
        hint = menu is not None and self.reason() is None
        # Flow the items over lines; the actions start a line of their own. The lines that
        # must be in view: the play in view's cards (menu), the cursor and the selection
        # (free): a play is never offered whose cards are not all shown. Where the play's
        # cards would span more lines than the panel has beside its name, its first card
        # starts a line (the flow once more); if they still would, they alone are shown.
        pad = ui.s * 2
        gap = ui.cw * ui.s // 2 + ui.s
        first = -1
        for again in (0, 1, 2):
            pos = []
            line = 0
            x = pad
            card = False
            for i in range(len(items)):
                it = items[i]
                if again == 2 and not it[3]:
                    pos.append((-1, 0, 0))  # not drawn
                    continue
                w = len(it[0]) * ui.cw * ui.s
                if x > pad and (x + w > ui.w - pad or (it[2] is None and card) or i == first):
                    line += 1
                    x = pad
                card = it[2] is not None
                pos.append((line, x, w))
                x += w + gap
            lines = line + 1
            need = None
            for i in range(len(items)):
                if items[i][3] or (menu is None and i == self.cursor):
                    ln = pos[i][0]
                    if need is None:
                        first = i
                    need = (ln, ln) if need is None else (min(need[0], ln), max(need[1], ln))
            if menu is None or need is None or need[1] - need[0] < room - len(entry) or again == 2:
                break
        # the cards keep two lines (a hand of 14 or 17 is whole in two on every panel)
        least = min(lines, 2)
        if need is not None:  # and, in the free selection, the status's lines besides (what it does)
            keep = len(_wrap(text, width, 0)) if menu is None else 0
            least = max(least, min(need[1] - need[0] + 1, room - len(entry) - keep))
        # On a small panel the table's line takes the title bar's place of the seat's name
        # (the privacy screen named the seat) when it fits there with the page mark.
        table = self.public()[1]
        for up in (True, False):
            up = up and ui.rows < 7 and table and len(table) <= (ui.w - ui.s * 4) // (ui.cw * ui.s)
            left = table if up else self.app.book.names[self.seat]
            seats, tline, got, stat, tips = self.blocks(room - len(entry) - least, width, text, fine, hint,
                                                        "" if up else table, more)
            shown = tips if menu is None else stat or hint  # the tip's reason
            stat = stat + tips
            info = seats + tline  # above the cards
            crows = max(1, min(lines, room - len(info) - len(got) - len(entry) - len(stat)))
            pages = (lines + crows - 1) // crows
            where = "%d/%d" % (pages, pages) if lines > crows else ""  # its length
            if not up or not where or len(left) + len(where) + 3 <= ui.cols:
                break
        if not shown and self.reason() is not None:  # no room for the tip's reason: its mark
            on = entry if menu is not None else stat  # on the bar, or after who gets which card
            mark = "  " + self.t("Tip")
            if on and len(on[-1]) + len(mark) <= width:
                on[-1] += mark
        self.rows = (crows, lines)  # LEFT/RIGHT page by it where they choose nothing (Hand.menu_key)
        if need is not None:
            lo, hi = need
            if hi - lo >= crows and menu is None:  # more than the lines show: the cursor's line wins
                lo = hi = pos[self.cursor][0]
            if lo < self.top:
                self.top = lo
            elif hi >= self.top + crows:
                self.top = max(lo, hi - crows + 1)
        self.top = max(0, min(self.top, lines - crows))
        if lines > crows:  # the page in view: the last once its last line shows
            where = "%d/%d" % (pages if self.top >= lines - crows else self.top // crows + 1, pages)
        y0 = ui.top() + (len(info) + len(got)) * ui.lh
        k = 0  # items drawn
        kc = 0  # of them cards
        m = 0
        self.cur.y = -ui.h
        for i in range(len(items)):
            line, x, w = pos[i]
            if not self.top <= line < self.top + crows or k >= _POOL:
                continue
            text, col, code, selected, _ = items[i]
            y = y0 + (line - self.top) * ui.lh
            here = i == self.cursor and menu is None
            col = ui.on_bar if here and not ui.colour else col  # mono: inverse under the cursor
            ty = y + (ui.lh - ui.ch * ui.s) // 2
            if code is not None:
                self.cards.put(kc, text, col, x, ty, code)
                kc += 1
            else:
                if k - kc == len(self.labels):
                    self.labels.append(ui.label(self.label_layer, "", 0, -ui.h))
                lab = self.labels[k - kc]
                lab.move((x, ty))
                ui.set(lab, text, col)
            k += 1
            if here:
                self.cur.x = x - ui.s
                self.cur.y = y
                self.cur.width = w + 2 * ui.s
            if selected and m < _MARKS:
                if m == len(self.marks):
                    self.marks.append(ui.rect(self.mark_layer, 0, -ui.h, 1, ui.s * (2 if ui.colour else 1),
                                              ui.hi if ui.colour else ui.fg))
                mk = self.marks[m]
                m += 1
                mk.x = x
                mk.width = w
                mk.y = y + ui.lh - mk.height
        self.cards.clear(kc)
        for lab in self.labels[k - kc:]:
            ui.set(lab, "")
        for mk in self.marks[m:]:
            mk.y = -ui.h
        # The text lines: the table above the cards, the option in view and the status below.
        out = []
        for s in info + got:
            out.append((s, ui.fg))
        for _ in range(crows):
            out.append(("", ui.fg))
        for s in entry:
            out.append((s, ui.on_bar if not ui.colour else ui.hi))
        for s in stat:
            out.append((s, ui.fg if fine else ui.warn))
        y = ui.top()
        ty = (ui.lh - ui.ch * ui.s) // 2
        for i in range(len(self.lines)):
            lab = self.lines[i]
            s, c = out[i] if i < len(out) else ("", ui.fg)
            lab.move((ui.s * 2, y + i * ui.lh + ty))
            ui.set(lab, s, c)
        if entry:  # the option in view on the bar
            self.cur.x = ui.s
            self.cur.y = y + (len(info) + len(got) + crows) * ui.lh
            self.cur.width = (max([len(s) for s in entry]) * ui.cw + 2) * ui.s
            self.cur.height = len(entry) * ui.lh
        else:
            self.cur.height = ui.lh
        # Title: the seat's name (or the table); right: the page of the cards in view.
        ui.set(self.right, where if len(left) + len(where) + 3 <= ui.cols else "")
        ui.set(self.head, left.replace(NBSP, " "))
        self._items = None  # kept for one press only (its keys, then this draw)

    def blocks(self, length, width, status, fine, hint, table, more=None):
        # (seats, table, push, status, tip) lines that fit ``length`` lines, each whole: the
        # table (the trick to beat, the wish), what the push brought, the status, the other
        # seats' cards left and calls, in that order of need; a status that is only a hint
        # (``hint``) comes last, and in the free selection the status (why a selection may
        # not be played; who gets which card) first, then the tip.
        texts = [self.public()[0], table, self.public()[2], status, more]
        order = (3, 4, 1, 2, 0) if self.menu() is None else (1, 2, 0, 3) if hint else (1, 3, 2, 0)
        out = [[], [], [], [], []]  # type: list[list[str]]
        for i in order:
            lines = _wrap(texts[i], width, 0)
            if len(lines) > length and i == 3 and not fine:  # a refusal too long here: whole with OK on Play
                lines = _wrap(self.t("May not be played now: OK on Play says why"), width, 0)
            if len(lines) <= length:
                out[i] = lines
                length -= len(lines)
        self.shown_got = bool(out[2])
        return out

    def public(self):
        # (seats, table, push) texts of the position, made once for it: a press redraws.
        st = self.state()
        if self._public is None or self._public[0] is not st:
            self._public = (st, (self.seats(), self.info(), self.got()))
        return self._public[1]

    def seats(self):
        # The other seats' cards left and calls, in play order: "Ben 5 T, Carla 12, David 3".
        st = self.state()
        names = self.app.book.names
        n = len(st.hands)
        if self.game() == "chimera" and st.phase == "bid":
            # The counts being all 17: each other seat's last word in the bidding (the
            # high bid, a pass in the run of passes, "-"): "Ben 20, Carla pass" (C3).
            passed = [(st.turn - k) % 3 for k in range(1, st.passes + 1)] if st.turn >= 0 else []
            parts = []
            for k in (1, 2):
                x = (self.seat + k) % 3
                word = str(st.bid) if x == st.chimera and st.bid else self.t("pass") if x in passed else "-"
                parts.append(names[x] + NBSP + word)
            return ", ".join(parts)
        even = self.game() == "tichu" and st.phase in ("grand", "push")  # all hold 8 or 14: the calls only
        parts = []
        for k in range(1, n):
            x = (self.seat + k) % n
            if even and not st.calls[x]:
                continue
            text = names[x] if even else names[x] + NBSP + str(len(st.hands[x]))
            if self.game() == "tichu" and st.calls[x]:
                text += NBSP + ("GT" if st.calls[x] == 2 else "T")
            elif self.game() == "chimera" and st.chimera == x and st.phase != "bid":
                text += NBSP + self.t("Ch%d") % st.bid
            parts.append(text)
        return ", ".join(parts)


def _wrap(text, cols, n, more=False):
    # wrap() without the empty lines that fill up its ``n``.
    out = wrap(text, cols, n, more) if text else []
    while out and not out[-1]:
        out.pop()
    return out


class Cells(displayio.Group):
    # Short texts of one scale that a screen lays out itself (a hand's cards): a bare
    # TileGrid of ``chars`` cells each, in this one scaled group, without a label object
    # per text (a Text costs the board about twice as much). ``texts`` and ``codes`` say
    # what each of ``grids`` shows and stands for (a card's code); the host simulator reads
    # them. A cell is made when first needed and kept. (Here, not in firmware/ui.py: only
    # the hand uses it, and the board holds ui.py all the time.)

    def __init__(self, ui, chars):
        super().__init__(scale=ui.s)  # (displayio.Group is native: no __init__ to call by name)
        self.ui = ui
        self.chars = chars
        self.grids = []  # type: list[displayio.TileGrid]
        self.texts = []  # type: list[str]
        self.codes = []  # type: list
        # The texts sit (lh - ch*s) // 2 below a line's top: the part of that which is
        # not a whole number of scaled pixels is this group's own offset.
        self.y = (ui.lh - ui.ch * ui.s) // 2 % ui.s

    def put(self, i, text, colour, x, y, code=None):
        # Cell ``i`` shows ``text`` (at most ``chars`` long) in ``colour`` with its top
        # left at panel pixel (x, y), x a multiple of the scale.
        ui = self.ui
        font = ui.font
        while len(self.grids) <= i:
            g = text_grid(font, self.chars, text_palette(ui.fg))
            self.append(g)
            self.grids.append(g)
            self.texts.append("")
            self.codes.append(None)
        g = self.grids[i]
        g.x = x // ui.s
        g.y = (y - self.y) // ui.s
        g.pixel_shader = text_palette(colour)
        if text != self.texts[i]:
            write_text(g, font, text)
        self.texts[i] = text
        self.codes[i] = code

    def clear(self, start):
        # Cells ``start`` on show nothing.
        for i in range(start, len(self.texts)):
            if self.texts[i]:
                self.put(i, "", self.ui.fg, 0, -self.ui.h)
