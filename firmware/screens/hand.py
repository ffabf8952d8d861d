# One seat's private view (dealer mode): its cards, sorted, and what it may do now.
#
# Two ways to choose. The menu (firmware/play_menu.py), where the moment has one: LEFT/
# RIGHT step through its columns (in trick play the kinds of play, the bombs, a Tichu
# call, "Choose cards", Pass), UP/DOWN (the encoder) through a column (the plays of a kind
# by rank); the cards of the play in view are marked in the hand and OK plays it. Each
# play in view is legal, whole and named ("pair 8"). With proposals on for the seat, the
# menu opens on what the strong bot would do, with its reason (engine_core/proposal.py):
# one OK takes it. "Choose cards" (and the push and the Hunters' exchange) is the free
# selection: the cards and then the actions of the moment ("Play", "Pass", "Push", ...)
# form one row of items that flows over the lines; UP/DOWN move the cursor, OK toggles
# the card under it or does the action under it, LEFT/RIGHT step through the legal plays
# holding the card under the cursor, BOMB through the bombs; BACK goes back to the menu.
#
# Nothing by accident: a call (Tichu, Grand Tichu) asks once before it is made; a hand
# that came up by itself ignores keys for GRACE ms (an OK meant for the table); a bomb
# claim (``claim``, the table's BOMB) offers the bombs and the call only, whatever turn
# comes meanwhile, until it is made or BACK cancels it.
#
# The status lines say what the play in view is and whether it may be played, or why
# not (the engine's reason), wrapped whole; the lines above the cards show the trick to
# beat and who played it, the open wish, and after the push what came from whom.
#
# Only this seat's hand is read, through its seat view (engine_core/<game>/view.py).

import displayio

from engine_core.errors import IllegalAction
from firmware.keys import BACK, BOMB, DOWN, LEFT, MENU, OK, RIGHT, UP, ticks_diff
from firmware.play_menu import ACT, ASK, CARDS, PLAY, columns
from firmware.play_text import NO_BOMB, cards_text, colour, face, is_bomb, reading, value_token
from firmware.texts import wrap
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
_WISHES = const(("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))
MAHJONG = 1 << 3 | 4  # the Mah Jong's card code (value 1, the specials' family 4)
GRACE = 300  # ms after a hand came up by itself in which its keys are an OK meant for the table


class Hand(Screen):
    # the caches too: the legal list of a Tichu trick can be 10 KB, not to be held once gone
    WIDGETS = ("head", "right", "cur", "marks", "mark_layer", "cards", "labels", "label_layer", "lines",
               "_acts", "_plays", "_items", "_menu", "_view", "_public")
    _items = None  # (state, selection, seat, the items) for the press being handled
    _acts = None  # (state, the legal actions in the screen's form: see legal()), per position
    _plays = None  # (the distinct plays, those that are bombs), likewise
    _menu = None  # (state, the menu's columns), per position
    _view = None  # (state, the seat view), likewise
    _public = None  # (state, the texts of the table it shows), likewise
    TURN = DOWN

    def __init__(self, app, seat, claim=False, auto=False):
        Screen.__init__(self, app)
        self.seat = seat
        self.claim = claim
        self.sel = []  # the selected cards, in the order chosen (a push: next, partner, previous)
        self.cursor = 0
        self.top = 0
        self.step_i = -1
        self.pending = None  # a Mah Jong play waiting for its wish, or a call waiting for its yes
        self.free = False  # the free card selection instead of the menu
        self.col = 0
        self.row = 0
        self.at = None  # the position the menu's place and the proposal belong to
        self.proposal = None  # (action, reason) of the strong bot for this seat, proposals on
        self.calm = app.now + GRACE if auto else None
        self.shown_got = False
        self.ticked = None
        self.asked = None  # the position the proposal was asked for

    # -- the model --------------------------------------------------------------------

    def session(self):
        return self.app.session

    def state(self):
        return self.app.session.dealt.state

    def game(self):
        return self.app.session.dealt.name

    def view(self):
        # This seat's view of the position, made once per position (a draw asks it thrice).
        st = self.state()
        if self._view is None or self._view[0] is not st:
            view = __import__("engine_core.%s.view" % self.game(), None, None, ["seat_view"])
            self._view = (st, view.seat_view(st, self.seat))
        return self._view[1]

    def hand(self):
        if self.state() is None:
            return ()
        v = self.view()
        return v["hand"] if isinstance(v, dict) else v.hand

    def due(self):
        # (kind, is this seat due); a bomb claim is out of turn whatever turn comes meanwhile.
        if self.state() is None:
            return "over", False
        kind, seats = self.session().dealt.due()
        return kind, self.seat in seats and not self.claim

    def legal(self):
        # This seat's legal actions now, kept per position in the form the screen asks them
        # in: (the actions that are not plays, the distinct plays in their order, {a play's
        # key: its readings} for the plays with more than one). The engine's list itself is
        # not kept; a Chimera seat's plays on turn are not even made at once (Pieces): a
        # lead of 20 cards lists up to some 400 plays. None in the push and the Grand
        # Tichu window: the push alone would be 2184 of them, and the hand picks its
        # cards instead.
        st = self.state()
        if self._acts is None or self._acts[0] is not st:
            kind, mine = self.due()
            others = []
            plays = []  # type: list[tuple]
            multi = {}  # type: dict
            if kind == "play" and mine and self.game() == "chimera":
                c = self.session().dealt.game.choices()
                others, pieces = c.play_steps(st, self.seat)
                plays = Pieces(c, st, self.seat, self.hand(), pieces)  # type: ignore[assignment]
            elif kind in ("bid", "play", "gift") and (mine or self.game() == "tichu"):
                # The engine lists a play's readings (and the Mah Jong's wishes) one after
                # the other, each play once: the plays are told apart from the last one.
                # A Tichu lead's list may not fit beside the hand (the Mah Jong's plays once
                # per wish): it is walked one action at a time.
                g = self.session().dealt.game
                last = first = vs = None
                for a in (g.choices().actions if self.game() == "tichu" else g.legal_actions)(st, self.seat):
                    if a[1] != "play":
                        others.append(a)
                        continue
                    v = a[3] if len(a) > 3 else None
                    if a[2] != last:
                        last, first, vs = a[2], v, None
                        plays.append(last)
                        continue
                    if vs is None:
                        if v == first:
                            continue
                        vs = multi[last] = [first]  # a sorted tuple: its own play_key
                    if v not in vs:
                        vs.append(v)
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

    def over(self):
        # What a play must beat now (None: this seat leads).
        st = self.state()
        if self.game() == "tichu" and st.lead and self.due()[1]:
            return None
        return st.top

    def reading_of(self, cards):
        # The reading ``cards`` would be played as now (the highest legal), or None.
        g = self.session().dealt.game
        over = self.over()
        try:
            return g.reading_for(tuple(cards), over, None)
        except IllegalAction:
            try:
                return g.reading_for(tuple(cards), None, None)
            except IllegalAction:
                return None

    def readings(self):
        # The ``as`` values the selection may be played as now: [None] for one reading.
        return self.readings_of(self.sel) or [None]

    def readings_of(self, cards):
        # The ``as`` values of a legal play with more than one reading now, else None.
        plays = self.legal()[2]
        if isinstance(plays, Pieces):
            return plays.choices.readings_of(self.play_key(cards), self.state().top)
        return self.legal()[3].get(self.play_key(cards))

    def each_play(self, bombs):
        # (index, cards) of the distinct legal plays of plays(bombs), in order.
        plays = self.plays(bombs)
        return plays.items() if isinstance(plays, Pieces) else enumerate(plays)

    def play_at(self, i, bombs):
        plays = self.plays(bombs)
        return plays.at(i) if isinstance(plays, Pieces) else plays[i]

    # -- the menu ----------------------------------------------------------------------

    def menu(self):
        # The menu's columns now ([[option]]: firmware/play_menu.py), or None where the free
        # selection is the only way (the push, the exchange) or was chosen.
        st = self.state()
        if st is None:
            return None
        m = self._menu
        if m is None or m[0] is not st:
            kind = self.due()[0]
            try:
                cols = columns(self, self.claim) if kind in ("bid", "grand", "gift", "play") else []
            except MemoryError:
                # A lead of some 200 plays in a heap with no room for their menu. A VM that
                # has journaled something gives way to a fresh one (App._no_room), which
                # may have the room; a fresh one offers the free selection: every play,
                # the pass and the call are there too.
                if kind != "play" or self.app.may_give_way():
                    raise
                cols = []
            m = self._menu = (st, cols)
            if self.at is not st:  # a new position: the menu opens on the proposal or the first play
                self.at = st
                self.place(cols)
        return None if self.free or not m[1] else m[1]

    def place(self, cols):
        self.col = self.row = 0
        self.proposal = None
        if cols and isinstance(cols[-1][0], tuple) and cols[-1][0][0] == ACT and cols[-1][0][1][1] == "pass" \
                and not isinstance(cols[0][0], int):
            self.col = len(cols) - 1  # nothing to play but Pass
        self.show_option()

    def tips(self):
        # Does this seat's player want proposals (and is it not a bomb claim)?
        play = self.app.settings["play"]
        return not self.claim and len(play) > 4 and play[4] >> self.seat & 1

    def proposed(self):
        # The strong bot's proposal for this position, once (firmware/play_tips.py).
        if not self.tips() or self.asked is self.state():
            return False
        from firmware.play_tips import proposed

        return proposed(self)

    def reason(self):
        # The proposal's reason while it is in view, else None.
        if self.proposal is None:
            return None
        from firmware.play_tips import reason

        return reason(self)

    def option(self):
        # The option in view, expanded.
        cols = self.menu()
        if cols is None:
            return None
        self.col %= len(cols)
        self.row %= len(cols[self.col])
        return self.expand(cols[self.col][self.row])

    def expand(self, o):
        # An option as ("play", cards, as), ("act", ...): a play's code (play_menu.plays) back.
        if not isinstance(o, int):
            return o
        cards = self.play_at(o >> 4, not self.due()[1])
        k = o & 15
        return (PLAY, cards, self.readings_of(cards)[k - 1] if k else None)

    def show_option(self):
        # The cards of the option in view become the selection (marked in the hand).
        o = self.option()
        if o is not None:
            self.sel = list(o[1]) if o[0] == PLAY else []

    def option_text(self):
        cols = self.menu()
        w = self.option()
        n = len(cols[self.col])
        if w[0] == PLAY:
            g = self.session().dealt.game
            try:
                r = g.reading_for(w[1], self.over(), w[2])
            except IllegalAction:  # a bomb seen out of turn, when no trick is to beat
                r = g.reading_for(w[1], None, w[2])
            text = reading(self.game(), r, self.t)
            if w[2] is not None:
                text = self.t("%s as %s") % (text, value_token(self.game(), w[2]))
            if self.proposal is not None:  # a proposed Mah Jong play: the wish OK makes with it
                from firmware.play_tips import wish
                text += wish(self)
        else:
            text = w[-1]
        if n > 1:
            text += "  %d/%d" % (self.row + 1, n)
        return text

    def items(self):
        # (text, colour, card code or None, selected, action) for the cards, then (in the
        # free selection) the actions; kept from a press's keys to its draw while the
        # position and the selection stay.
        st = self.state()
        sel = tuple(self.sel)
        free = self.menu() is None
        memo = self._items
        if memo is not None and memo[0] is st and memo[1] == sel and memo[2] == free:
            return memo[3]
        ui = self.app.ui
        game = self.game()
        mono = not ui.colour
        out = []
        for c in self.hand():
            col = colour(c, ui.fg) if ui.colour else ui.fg
            out.append((face(game, c, mono and free), col, c, c in sel, None))
        if free:
            from firmware.play_free import actions

            for text, a in actions(self):
                out.append((text, ui.hi if ui.colour else ui.fg, None, False, a))
        self._items = (st, sel, free, out)
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
        why = self.reason()
        if why is not None:
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
                parts.append("%s %s" % (who, face(game, self.sel[k], True) if k < len(self.sel) else "-"))
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
            return (t("%s: play it") if mine else t("%s: bomb now")) % self.app.hints[OK], True
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
            from firmware.play_refusal import refusal

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
        elif game == "chimera" and st.phase == "bid":
            text = t("Bid %d") % st.bid if st.bid else ""
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
            parts.append("%s %s" % (names[g], " ".join([face(game, c, True) for c in cards])))
        return self.t("Got: %s") % ", ".join(parts)

    def tick(self, now):
        # Once a round, what the push or the exchange brought, in a message before the
        # cards when the hand has no room to show it (its draw said: ``shown_got``).
        if self.proposed():
            return True
        s = self.session()
        st = self.state()
        if self.seat in s.told or st is None or st is self.ticked:
            return False
        self.ticked = st  # asked once per position, not on every pass of the main loop
        got = self.got()
        if got:
            s.told.append(self.seat)
            if not self.shown_got:
                self.app.open("message", "Message", self.t("Received"), got, False)
        return False

    # -- the screen --------------------------------------------------------------------

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
        entry = _wrap(self.option_text(), width, 2) if menu is not None else []
        text, fine = self.status()
        if not fine and not ui.colour:
            text = "! " + text
        hint = menu is not None and self.reason() is None
        # On a small panel the table's line takes the title bar's place of the seat's name
        # (the privacy screen named the seat) when it fits there.
        left = self.app.book.names[self.seat]
        table = self.public()[1]
        up = ui.rows < 7 and table and len(table) <= (ui.w - ui.s * 4) // (ui.cw * ui.s)
        if up:
            left = table
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
        lines = 1 + (pos[-1][0] if items else 0)
        # the cards keep two lines where the panel has room for more than the texts need
        least = min(lines, 2 if ui.rows >= 7 else 1)
        blocks = self.blocks(room - len(entry) - least, width, text, fine, hint, "" if up else table)
        seats, table, got, stat = blocks
        info = seats + table  # above the cards
        crows = max(1, min(lines, room - len(info) - len(got) - len(entry) - len(stat)))
        if menu is None:
            cl = pos[self.cursor][0] if items else 0
        else:  # the marked cards in view
            cl = 0
            for i in range(len(items)):
                if items[i][3]:
                    cl = pos[i][0]
                    break
        if cl < self.top:
            self.top = cl
        elif cl >= self.top + crows:
            self.top = cl - crows + 1
        self.top = max(0, min(self.top, lines - crows))
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
        # Title: the seat's name; right: where the list is.
        where = "%d/%d" % (self.top + 1, lines - crows + 1) if lines > crows else ""
        ui.set(self.right, where if len(left) + len(where) + 3 <= ui.cols else "")
        ui.set(self.head, left)
        self._items = None  # kept for one press only (its keys, then this draw)

    def blocks(self, length, width, status, fine, hint, table):
        # (seats, table, push, status) lines that fit ``length`` lines, each whole: the
        # table (the trick to beat, the wish), what the push brought, the status, the other
        # seats' cards left and calls, in that order of need; a status that is only a hint
        # (``hint``) comes last, and in the free selection the status (why a selection may
        # not be played) first.
        texts = [self.public()[0], table, self.public()[2], status]
        order = (3, 1, 2, 0) if self.menu() is None else (1, 2, 0, 3) if hint else (1, 3, 2, 0)
        out = [[], [], [], []]  # type: list[list[str]]
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
        parts = []
        for k in range(1, n):
            x = (self.seat + k) % n
            text = "%s %d" % (names[x], len(st.hands[x]))
            if self.game() == "tichu" and st.calls[x]:
                text += " GT" if st.calls[x] == 2 else " T"
            elif self.game() == "chimera" and st.chimera == x and st.phase != "bid":
                text += " " + self.t("Ch%d") % st.bid
            parts.append(text)
        return ", ".join(parts)

    # -- keys --------------------------------------------------------------------------

    def key(self, k):
        app = self.app
        if self.state() is None or not app.session.playing():
            app.back()
            return
        self.proposed()  # a key before the main loop's next pass: the proposal first
        if self.calm is not None and ticks_diff(app.now, self.calm) < 0:  # (ticks wrap: 65 s after power-up)
            if k == OK:
                return  # an OK meant for the table: the hand had only just come up
        else:
            self.calm = None
        menu = self.menu()
        if menu is not None:
            self.menu_key(k, menu)
        else:
            from firmware.play_free import key

            key(self, k)

    def menu_key(self, k, cols):
        if k == LEFT or k == RIGHT:
            self.col = (self.col + (1 if k == RIGHT else -1)) % len(cols)
            self.row = 0
        elif k == UP or k == DOWN:
            self.row += 1 if k == DOWN else -1
        elif k == BOMB:
            self.to_bombs(cols)
        elif k == OK:
            w = self.option()
            if w[0] == CARDS:
                self.free = True
                self.cursor = 0
                return
            if w[0] == PLAY:
                self.do(("play", w[2]))
            else:
                self.do(w[1] if w[0] == ACT else w)
            return
        elif k == BACK:
            self.app.back()
            return
        elif k == MENU:
            self.app.to_menu()
            return
        self.show_option()

    def to_bombs(self, cols):
        # BOMB: the bombs' column (Tichu), or why there is none.
        for i in range(len(cols)):
            w = self.expand(cols[i][0])
            if w[0] == PLAY:
                r = self.reading_of(w[1])
                if r is not None and is_bomb(self.game(), r):
                    self.col, self.row = i, 0
                    return
        self.app.open("message", "Message", self.t("No bomb"), self.t(NO_BOMB[self.game()]), False)

    def do(self, a):
        app = self.app
        seat = self.seat
        game = self.game()
        if a == "give" or a == "push":
            if len(self.sel) != self.picking():
                app.open("message", "Message", self.t("Pick %d cards") % self.picking(), self.status()[0])
                return
            action = (seat, a, tuple(self.sel))  # type: tuple
        elif a[0] == ASK:  # a call: asked once (RULES T2.4: it cannot be taken back); Yes first if proposed
            self.pending = a[1]
            yes = int(self.reason() is not None)
            app.open("choice", "Choice", a[2], [self.t("No"), self.t("Yes")], "ask", yes)
            return
        elif a[0] == "play":
            cards = tuple(self.sel)
            text, fine = self.status()
            if not fine:
                app.open("message", "Message", self.t("Not now"), text)
                return
            if game == "tichu" and MAHJONG in cards:  # the Mah Jong: name a wish (T4.1)
                p = self.proposal
                if p is not None and self.reason() is not None:  # the proposal, its wish named in its line
                    self.act(p[0])
                    return
                self.pending = (cards, a[1])
                app.open("choice", "Choice", self.t("Wish"), [self.t("No wish")] + list(_WISHES), "wish")
                return
            action = (seat, "play", cards, a[1])
        else:
            action = a
        self.act(action)

    def act(self, action):
        app = self.app
        # The position's lists go before the action is journaled: a long lead's would
        # leave the journal's code no room. A refusal makes them again.
        self._acts = self._plays = self._menu = None
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
        self.free = False
        if action[1] == "tichu" and app.session.playing():
            return  # a call: the seat plays on
        got = self.got() if action[1] in ("push", "give") else ""
        app.back()
        if got:  # this push completed the exchange: what it brought, at once (the table waits)
            app.session.told.append(self.seat)
            app.open("message", "Message", self.t("Received"), got, False)

    def keep(self):
        return (self.sel, self.cursor, self.pending, self.free, self.col, self.row, self.at, self.proposal,
                self.asked)

    def restore(self, state):
        (self.sel, self.cursor, self.pending, self.free, self.col, self.row, self.at, self.proposal,
         self.asked) = state

    def resume(self, result):
        tag, i = result
        p = self.pending
        self.pending = None
        if tag == "wish" and p is not None:
            cards, v = p
            self.act((self.seat, "play", cards, v, None if i == 0 else i + 1))
        elif tag == "ask" and p is not None and i == 1:
            self.act(p)


class Pieces:
    # A Chimera seat's plays on turn, a piece of the engine's list at a time (its game's
    # choices: play_steps): a lead may offer hundreds, more than the board's heap holds beside
    # the hand. A play's index is its piece << 12 | its place there (``at``, ``items``);
    # as a sequence (play_free steps through it) it is the plays in order. The piece in
    # use is kept; a play's cards are picked from its value tuple when asked.

    def __init__(self, choices, state, seat, hand, steps):
        self.choices = choices
        self.state = state
        self.seat = seat
        self.by_value = choices.cards_by_value(hand)
        self.steps = steps
        self.held = -1
        self.piece = []  # type: list

    def _piece(self, s):
        if s != self.held:
            self.piece = []  # the last one goes before the next is made
            self.piece = self.choices.step_plays(self.state, self.seat, self.steps[s])
            self.held = s
        return self.piece

    def items(self):
        for s in range(len(self.steps)):
            for j in range(len(self._piece(s))):
                yield s << 12 | j, self.choices.pick_cards(self.by_value, self.piece[j])

    def at(self, i):
        return self.choices.pick_cards(self.by_value, self._piece(i >> 12)[i & 0xFFF])

    def __len__(self):
        n = 0
        for s in range(len(self.steps)):
            n += len(self._piece(s))
        return n

    def __getitem__(self, i):
        for s in range(len(self.steps)):
            n = len(self._piece(s))
            if i < n:
                return self.choices.pick_cards(self.by_value, self.piece[i])
            i -= n
        raise IndexError(i)

    def __iter__(self):
        for _, cards in self.items():
            yield cards


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
