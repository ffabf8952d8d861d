# One seat's private view (dealer mode): its cards, sorted, and what it may do now.
#
# The cards and then the actions of the moment ("Play", "Pass", "Bid 30", "Tichu!",
# "Push", ...) form one row of items that flows over the card lines and scrolls with
# the cursor. UP/DOWN (the encoder) move the cursor, OK toggles the card under it or
# does the action under it, LEFT/RIGHT step through the legal plays (those holding the
# card under the cursor; all of them from an action or when none holds that card), BOMB
# steps through the bombs, BACK goes back to the table (nothing is done), MENU to the
# menu. Playing is always an
# action item: the cursor on "Play" and OK, so a card toggled by mistake never plays.
#
# Before anything is confirmed the status line names the selection's reading and says
# whether it may be played now, or why not (the engine's reason, game.apply tried on
# the immutable state). The title bar names the seat; a line (or, on small panels, the
# title bar's right side) shows the trick on the table and the open wish.
#
# Only this seat's hand is read, through its seat view (engine_core/<game>/view.py).

import displayio

from engine_core.errors import IllegalAction
from firmware.keys import BACK, BOMB, DOWN, LEFT, MENU, OK, RIGHT, UP
from firmware.play_text import cards_text, colour, face, reading, value_token
from firmware.texts import clip, wrap
from firmware.ui import Screen, text_grid, text_palette, write_text

# At most this many items in view (up to 20 cards and the actions) and selection marks.
# The cards are cells of one Cells (a TileGrid each), the actions labels; each is made when
# first needed, so a hand of 8 cards holds a third of them.
POOL = 26
MARKS = 20
FACE = 3  # characters of the widest card face ("10j", "Phx")
WISHES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


class Hand(Screen):
    # the caches too: the legal list of a Tichu trick can be 10 KB, not to be held once gone
    WIDGETS = ("head", "right", "cur", "marks", "mark_layer", "cards", "labels", "label_layer", "info_lab",
               "stat_labs", "_acts", "_plays", "_items")
    _items = None  # (state, selection, seat, the items) for the press being handled
    _acts = None  # (state, the legal actions in the screen's form: see legal()), per position
    _plays = None  # (the distinct plays, those that are bombs), likewise
    TURN = DOWN

    def __init__(self, app, seat):
        Screen.__init__(self, app)
        self.seat = seat
        self.sel = []  # the selected cards, in the order chosen (a push: next, partner, previous)
        self.cursor = 0
        self.top = 0
        self.step_i = -1
        self.pending = None  # a Mah Jong play waiting for its wish: (cards, as)

    # -- the model --------------------------------------------------------------------

    def session(self):
        return self.app.session

    def state(self):
        return self.app.session.dealt.state

    def game(self):
        return self.app.session.dealt.name

    def hand(self):
        st = self.state()
        if st is None:
            return ()
        view = __import__("engine_core.%s.view" % self.game(), None, None, ["seat_view"])
        v = view.seat_view(st, self.seat)
        return v["hand"] if isinstance(v, dict) else v.hand

    def due(self):
        # (kind, is this seat due)
        if self.state() is None:
            return "over", False
        kind, seats = self.session().dealt.due()
        return kind, self.seat in seats

    def legal(self):
        # This seat's legal actions now, kept per position in the form the screen asks them
        # in: (the actions that are not plays, the distinct plays in their order, {a play's
        # key: its readings} for the plays with more than one). The engine's list itself is
        # not kept: a Chimera lead of 20 cards lists some hundred plays, each an action
        # around its cards. None in the push and the Grand Tichu window: the push alone
        # would be 2184 of them, and the hand picks its cards instead.
        st = self.state()
        if self._acts is None or self._acts[0] is not st:
            kind, mine = self.due()
            others = []
            plays = []  # type: list[tuple]
            multi = {}  # type: dict
            if kind in ("bid", "play", "gift") and (mine or self.game() == "tichu"):
                seen = {}  # type: dict
                for a in self.session().dealt.game.legal_actions(st, self.seat):
                    if a[1] != "play":
                        others.append(a)
                        continue
                    k = self.play_key(a[2])
                    v = a[3] if len(a) > 3 else None
                    vs = seen.get(k)
                    if vs is None:
                        seen[k] = [v]
                        plays.append(a[2])
                    elif v not in vs:
                        vs.append(v)
                        multi[k] = vs
            self._acts = (st, others, plays, multi)
        return self._acts

    def may_pass(self):
        return (self.seat, "pass") in self.legal()[1]

    def play_key(self, cards):
        # What makes two plays the same: their values in Chimera (families never matter),
        # their cards in Tichu.
        if self.game() == "chimera":
            return tuple(sorted([c >> 3 for c in cards]))
        return tuple(sorted(cards))

    def plays(self, bombs=False):
        # The distinct legal plays (bombs only: ``bombs``, and in Tichu out of turn), in
        # their order; every press of LEFT/RIGHT/BOMB steps through them.
        plays = self.legal()[2]
        game = self.game()
        if not (bombs or (game == "tichu" and not self.due()[1])):
            return plays
        if self._plays is not None and self._plays[0] is plays:
            return self._plays[1]
        out = []
        for p in plays:
            r = self.reading_of(p)
            if r is not None and r[0] >= (12 if game == "chimera" else 6):
                out.append(p)
        self._plays = (plays, out)
        return out

    def reading_of(self, cards):
        # The reading ``cards`` would be played as now (the highest legal), or None.
        g = self.session().dealt.game
        st = self.state()
        over = st.top
        kind, mine = self.due()
        if self.game() == "tichu" and mine and st.lead:
            over = None
        try:
            return g.reading_for(tuple(cards), over, None)
        except IllegalAction:
            try:
                return g.reading_for(tuple(cards), None, None)
            except IllegalAction:
                return None

    def readings(self):
        # The ``as`` values the selection may be played as now: [None] for one reading.
        return self.legal()[3].get(self.play_key(self.sel)) or [None]

    def actions(self):
        # The action items of the moment: (text, action or tag).
        t = self.t
        kind, mine = self.due()
        seat = self.seat
        names = self.app.book.names
        game = self.game()
        st = self.state()
        out = []
        if mine and kind == "bid":
            for a in self.legal()[1]:
                out.append((t("Pass") if a[1] == "pass" else t("Bid %d") % a[2], a))
        elif mine and kind == "give":
            out.append((t("Give"), "give"))
        elif mine and kind == "grand":
            out.append((t("Grand Tichu!"), (seat, "grand")))
            out.append((t("No Grand"), (seat, "no_grand")))
        elif mine and kind == "push":
            out.append((t("Push"), "push"))
        elif kind in ("play", "gift"):
            if mine and kind == "gift":
                for to in ((seat + 1) % 4, (seat + 3) % 4):
                    out.append((t("Dragon to %s") % names[to], (seat, "gift", to)))
            if self.sel and mine and kind == "play":
                for v in self.readings():
                    text = t("Play") if v is None else t("Play as %s") % value_token(game, v)
                    out.append((text, ("play", v)))
            elif self.sel and game == "tichu":
                out.append((t("Bomb!"), ("play", None)))
            if mine and kind == "play" and self.may_pass():
                out.append((t("Pass"), (seat, "pass")))
        if game == "tichu" and st is not None and self.session().dealt.game.may_call(st, seat):
            out.append((t("Tichu!"), (seat, "tichu")))
        return out

    def items(self):
        # (text, colour, card code or None, selected, action) for the cards, then the actions;
        # kept from a press's keys to its draw while the position and the selection stay.
        st = self.state()
        sel = tuple(self.sel)
        memo = self._items
        if memo is not None and memo[0] is st and memo[1] == sel and memo[2] == self.seat:
            return memo[3]
        ui = self.app.ui
        game = self.game()
        mono = not ui.colour
        out = []
        for c in self.hand():
            col = colour(c, ui.fg) if ui.colour else ui.fg
            out.append((face(game, c, mono), col, c, c in sel, None))
        for text, a in self.actions():
            out.append((text, ui.hi if ui.colour else ui.fg, None, False, a))
        self._items = (st, sel, self.seat, out)
        return out

    def picking(self):
        # How many cards this moment lets the seat pick (0: none).
        kind, mine = self.due()
        if kind in ("play", "gift"):
            return 20 if (mine and kind == "play") or self.game() == "tichu" else 0
        if mine and kind == "give":
            st = self.state()
            return 1 if st.bid == 30 else 2
        if mine and kind == "push":
            return 3
        return 0

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
        if mine and kind == "bid":
            return (t("Bid or pass (now %d)") % st.bid if st.bid else t("Bid or pass")), True
        if mine and kind == "give":
            n = self.picking()
            if len(self.sel) == n:
                return t("Give %s to the other Hunter") % cards_text(game, self.sel), True
            return t("Pick %d for the other Hunter") % n, True
        if mine and kind == "grand":
            return t("Grand Tichu on these 8 cards?"), True
        if mine and kind == "push":
            parts = []
            for k in range(3):
                who = names[(seat + 1 + k) % 4]
                parts.append("%s %s" % (who, face(game, self.sel[k], True) if k < len(self.sel) else "-"))
            return ", ".join(parts), True
        if mine and kind == "gift":
            return t("Give the Dragon trick away"), True
        if kind not in ("play", "gift"):
            return t("Not your turn"), True
        if not self.sel:
            if not mine:
                if game == "tichu":
                    n = len(self.plays(True))
                    return (t("Bombs: %d") % n if n else t("No bomb")), True
                return t("Not your turn"), True
            if game == "tichu" and st.lead or game == "chimera" and st.top is None:
                return t("You lead"), True
            return t("Play or pass"), True
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
            top = st.top
            if game == "tichu" and st.lead:
                top = None
            from firmware.play_refusal import refusal

            why = refusal(game, str(e), top, getattr(st, "wish", 0), t, self.app.book.names)
            return name + ": " + why, False
        return t("%s: may be played") % name, True

    def info(self):
        # The public table in one line: the trick's top and who played it, the open wish.
        st = self.state()
        if st is None:
            return ""
        game = self.game()
        names = self.app.book.names
        t = self.t
        text = ""
        if st.top is not None and st.top_seat >= 0:
            text = "%s: %s" % (names[st.top_seat], reading(game, st.top, t))
        elif game == "chimera" and st.phase == "bid":
            text = t("Bid %d") % st.bid if st.bid else ""
        if game == "tichu" and st.wish:
            text = (text + " " if text else "") + t("Wish: %s") % value_token(game, st.wish)
        return text

    # -- the screen --------------------------------------------------------------------

    def build(self, ui, g):
        rows = ui.rows
        self.nstat = 2 if rows >= 5 else 1
        self.ninfo = 1 if rows >= 7 else 0
        self.crows = max(1, rows - 1 - self.nstat - self.ninfo)
        self.head, self.right = ui.title(g, "")
        # The cursor and the marks first, so the labels lie on top of them.
        self.cur = ui.rect(g, 0, -ui.h, 1, ui.lh, 0x4C586A if ui.colour else ui.fg)
        self.marks = []
        self.mark_layer = ui.layer(g)
        self.cards = Cells(ui, FACE)
        g.append(self.cards)
        self.labels = []
        self.label_layer = ui.layer(g)
        y = ui.top() + self.crows * ui.lh
        self.info_lab = ui.label(g, "", ui.s * 2, y) if self.ninfo else None
        y += self.ninfo * ui.lh
        ui.rect(g, 0, y, ui.w, ui.s, ui.fg)
        self.stat_labs = [ui.label(g, "", ui.s * 2, y + ui.s + i * ui.lh) for i in range(self.nstat)]

    def draw(self):
        ui = self.app.ui
        if self.state() is None:
            return
        items = self.items()
        self.cursor = min(self.cursor, len(items) - 1) if items else 0
        # Flow the items over lines; the actions start a line of their own.
        pad = ui.s * 2
        gap = ui.cw * ui.s // 2 + ui.s
        pos = []
        line = 0
        x = pad
        first_act = True
        for it in items:
            w = len(it[0]) * ui.cw * ui.s
            if x > pad and (x + w > ui.w - pad or (it[2] is None and first_act)):
                line += 1
                x = pad
            if it[2] is None:
                first_act = False
            pos.append((line, x, w))
            x += w + gap
        cl = pos[self.cursor][0] if items else 0
        if cl < self.top:
            self.top = cl
        elif cl >= self.top + self.crows:
            self.top = cl - self.crows + 1
        y0 = ui.top()
        k = 0  # items drawn
        kc = 0  # of them cards
        m = 0
        self.cur.y = -ui.h
        for i in range(len(items)):
            line, x, w = pos[i]
            if not self.top <= line < self.top + self.crows or k >= POOL:
                continue
            text, col, code, selected, _ = items[i]
            y = y0 + (line - self.top) * ui.lh
            here = i == self.cursor
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
            if selected and m < MARKS:
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
        # Title: the seat's name; right: where the list is, or the table on small panels.
        names = self.app.book.names
        info = self.info()
        lines = 1 + (pos[-1][0] if items else 0)
        where = "%d/%d" % (self.top + 1, lines - self.crows + 1) if lines > self.crows else ""
        if self.ninfo:
            ui.set(self.info_lab, clip(info, ui.cols - 1, True))
            right = where
        else:
            right = info
        left = names[self.seat]
        room = ui.cols - 2 - len(left) - 1
        ui.set(self.right, clip(right, max(0, room), True))
        ui.set(self.head, clip(left, ui.cols - 2))
        text, fine = self.status()
        if not fine and not ui.colour:
            text = "! " + text
        lines = wrap(text, ui.cols - 1, self.nstat, more=True)
        for i in range(self.nstat):
            ui.set(self.stat_labs[i], lines[i], ui.fg if fine else ui.warn)
        self._items = None  # kept for one press only (its keys, then this draw)

    # -- keys --------------------------------------------------------------------------

    def key(self, k):
        app = self.app
        if self.state() is None or not app.session.playing():
            app.back()
            return
        items = self.items()
        n = len(items)
        if (k == UP or k == DOWN) and n:
            self.cursor = (self.cursor + (1 if k == DOWN else -1)) % n
        elif k == OK and n:
            it = items[self.cursor]
            if it[2] is not None:
                self.toggle(it[2])
            else:
                self.do(it[4])
        elif k == LEFT or k == RIGHT or k == BOMB:
            self.step(1 if k != LEFT else -1, k == BOMB, items)
        elif k == BACK:
            app.back()
        elif k == MENU:
            app.to_menu()

    def toggle(self, c):
        most = self.picking()
        if c in self.sel:
            self.sel.remove(c)
        elif len(self.sel) < most:
            self.sel.append(c)
        elif most == 1:
            self.sel = [c]

    def step(self, d, bombs, items):
        # The next (previous) legal play becomes the selection.
        plays = self.plays(bombs)
        here = items[self.cursor][2] if items and not bombs else None
        game = self.game()
        if here is not None:
            mine = []
            for p in plays:
                if here in p:
                    mine.append(p)
                elif game == "chimera" and [c for c in p if c >> 3 == here >> 3]:
                    q = list(p)
                    for i in range(len(q)):
                        if q[i] >> 3 == here >> 3:
                            q[i] = here
                            break
                    mine.append(tuple(q))
            plays = mine or plays  # none holds that card: step through them all
        if not plays:
            return
        self.step_i = (self.step_i + d) % len(plays)
        self.sel = list(plays[self.step_i])

    def do(self, a):
        app = self.app
        seat = self.seat
        game = self.game()
        if a == "give" or a == "push":
            if len(self.sel) != self.picking():
                app.open("message", "Message", self.t("Pick %d cards") % self.picking(), self.status()[0])
                return
            action = (seat, a, tuple(self.sel))  # type: tuple
        elif a[0] == "play":
            cards = tuple(self.sel)
            text, fine = self.status()
            if not fine:
                app.open("message", "Message", self.t("Not now"), text)
                return
            if game == "tichu" and 1 << 3 | 4 in cards:  # the Mah Jong: name a wish (T4.1)
                self.pending = (cards, a[1])
                app.open("choice", "Choice", self.t("Wish"), [self.t("No wish")] + list(WISHES), "wish")
                return
            action = (seat, "play", cards, a[1])
        else:
            action = a
        self.act(action)

    def act(self, action):
        app = self.app
        try:
            app.session.act(action)
        except IllegalAction as e:
            from firmware.play_refusal import refusal

            st = self.state()
            app.open("message", "Message", self.t("Not now"),
                     refusal(self.game(), str(e), st.top, getattr(st, "wish", 0), self.t, app.book.names))
            return
        self.sel = []
        self.step_i = -1
        if action[1] == "tichu" and app.session.playing():
            return  # a call: the seat plays on
        app.back()

    def keep(self):
        return (self.sel, self.cursor, self.pending)

    def restore(self, state):
        self.sel, self.cursor, self.pending = state

    def resume(self, result):
        tag, i = result
        if tag == "wish" and self.pending is not None:
            cards, v = self.pending
            self.pending = None
            self.act((self.seat, "play", cards, v, None if i == 0 else i + 1))


class Cells(displayio.Group):
    # Short texts of one scale that a screen lays out itself (a hand's cards): a bare
    # TileGrid of ``chars`` cells each, in this one scaled group, without a label object
    # per text (a Text costs the board about twice as much). ``texts`` and ``codes`` say
    # what each of ``grids`` shows and stands for (a card's code); the host simulator reads
    # them. A cell is made when first needed and kept. (Here, not in firmware/ui.py: only
    # the hand uses it, and the board holds ui.py all the time.)

    def __init__(self, ui, chars):
        displayio.Group.__init__(self, scale=ui.s)
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

    def clear(self, first):
        # Cells ``first`` on show nothing.
        for i in range(first, len(self.texts)):
            if self.texts[i]:
                self.put(i, "", self.ui.fg, 0, -self.ui.h)
