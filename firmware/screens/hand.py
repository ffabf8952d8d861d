# One seat's private view (dealer mode): its cards, sorted, and what it may do now.
#
# Two ways to choose. The menu (firmware/play/menu.py), where the moment has one: LEFT/
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
# Nothing by accident: the menu never opens on a bomb (place); a call (Tichu, Grand
# Tichu) asks once before it is made, No first unless the call is the tip, and a bomb
# over the partner's trick asks too; a hand that came up by itself ignores an OK for
# GRACE ms (an OK meant for the table); a bomb claim (``claim``, the table's BOMB) offers
# the bombs and the call only, whatever turn comes meanwhile, until it is made or BACK
# cancels it. Where one column chooses (a bid), LEFT/RIGHT page the cards.
#
# The status lines say what the play in view is and whether it may be played, or why
# not (the engine's reason), wrapped whole; the lines above the cards show the trick to
# beat and who played it, the open wish, and after the push what came from whom.
#
# Only this seat's hand is read, through its seat view (engine_core/<game>/view.py).
#
# The screen is two modules: this one (the seat's cards, its legal plays, the menu and
# the free selection's items, the keys and the actions) and hand_draw.py (the panel). Not
# more: on the drive install every module is a few more names the board interns
# (docs/heap.md, the seventh qstr pool).

from engine_core.errors import IllegalAction
from firmware.keys import BACK, BOMB, DOWN, LEFT, MENU, OK, RIGHT, UP, ticks_diff
from firmware.play.menu import ACT, ASK, CARDS, PLAY, columns
from firmware.play.text import NO_BOMB, colour, face, is_bomb, reading
from firmware.screens.hand_draw import HandDraw

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x
_WISHES = const(("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))
# The Mah Jong's card code, engine_core.tichu.game MAHJONG_CARD (a test keeps them equal):
# importing the Tichu engine for it would load it into a Chimera match too.
MAHJONG_CARD = 1 << 3 | 4
GRACE = 300  # ms after a hand came up by itself in which its keys are an OK meant for the table


class Hand(HandDraw):
    # the caches too: the legal list of a Tichu trick can be 10 KB, not to be held once gone
    WIDGETS = ("head", "right", "cur", "marks", "mark_layer", "cards", "labels", "label_layer", "lines",
               "_acts", "_plays", "_items", "_menu", "_view", "_public")
    _items = None  # (state, selection, seat, the items) for the press being handled
    _acts = None  # (state, the legal actions in the screen's form: see legal()), per position
    _plays = None  # (the distinct plays, those that are bombs), likewise
    _menu = None  # (state, the menu's columns), per position
    _view = None  # (state, the seat view), likewise
    TURN = DOWN

    def __init__(self, app, seat, claim=False, auto=False):
        HandDraw.__init__(self, app)
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
            if self.is_bomb(p):
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
        # The menu's columns now ([[option]]: firmware/play/menu.py), or None where the free
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
        # Where a new position's menu opens: on the lowest play that is not a bomb, else on
        # Pass, else on "Choose cards" (out of turn too). Never on a bomb, whose one OK
        # could not be taken back, unless BOMB on the table asked for the bombs (a claim).
        # With proposals on, tips.proposed moves it onto the proposal, a bomb excepted.
        self.col = self.row = 0
        self.proposal = None
        fall = -1  # the column of Pass, else of "Choose cards"
        for i in range(len(cols) if not self.claim else 0):
            o = cols[i][0]
            if isinstance(o, int) or o[0] == PLAY:
                if not self.is_bomb(self.expand(o)[1]):
                    fall = -1
                    self.col = i
                    break
            elif o[0] == ACT and o[1][1] == "pass" or o[0] == CARDS and fall < 0:
                fall = i
        if fall >= 0:
            self.col = fall
        self.show_option()

    def is_bomb(self, cards):
        r = self.reading_of(cards)
        return r is not None and is_bomb(self.game(), r)

    def tips(self):
        # Does this seat's player want proposals (and is it not a bomb claim)?
        play = self.app.settings["play"]
        return not self.claim and len(play) > 4 and play[4] >> self.seat & 1

    def proposed(self):
        # The strong bot's proposal for this position, once (firmware/play/tips.py).
        if not self.tips() or self.asked is self.state():
            return False
        from firmware.play.tips import proposed

        return proposed(self)

    def reason(self):
        # The proposal's reason while it is in view, else None.
        if self.proposal is None:
            return None
        from firmware.play.tips import reason

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
        # An option as ("play", cards, as), ("act", ...): a play's code (play/menu.py plays) back.
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
            text = reading(self.game(), r, self.t, w[1], w[2])  # a Phoenix's stand-in named
            if self.proposal is not None:  # a proposed Mah Jong play: the wish OK makes with it
                from firmware.play.tips import wish
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
            # mono: a suit letter in Tichu (a straight flush is a bomb, T3.2); Chimera's
            # suits never matter (C5), so its mono hand stays short
            out.append((face(game, c, mono and (free or game == "tichu")), col, c, c in sel, None))
        if free:
            from firmware.play.free import actions

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
            from firmware.play.free import key

            key(self, k)

    def menu_key(self, k, cols):
        if (k == LEFT or k == RIGHT) and len(cols) == 1:
            # one column (a bid, the Grand Tichu question, the Dragon's gift): they page the
            # cards, the decision in view stays
            crows, lines = self.rows
            step = crows if k == RIGHT else -crows
            self.top = (self.top + step) % (lines if lines > crows else 1)
            return
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
            if w[0] == PLAY and self.is_bomb(w[1]):
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
        elif a[0] == ASK:  # a call: asked once (T2.4: it cannot be taken back); Yes first if it is the tip
            self.pending = a[1]
            p = self.proposal
            yes = int(p is not None and p[0] == a[1])
            app.open("choice", "Choice", a[2], [self.t("No"), self.t("Yes")], "ask", yes)
            return
        elif a[0] == "play":
            cards = tuple(self.sel)
            text, fine = self.status()
            if not fine:
                app.open("message", "Message", self.t("Not now"), text)
                return
            st = self.state()
            top = st.top_seat
            if game == "tichu":
                partner = top == (seat + 2) % 4
            else:
                partner = 0 <= st.chimera != seat and top != st.chimera
            if a[-1] is not True and st.top is not None and 0 <= top != seat and partner \
                    and self.is_bomb(cards):
                # a bomb over the partner's trick (Tichu's seat opposite, Chimera's other
                # Hunter): asked once, No first
                self.pending = a
                app.open("choice", "Choice", self.t("Bomb your partner?"), [self.t("No"), self.t("Yes")],
                         "bomb", 0)
                return
            if game == "tichu" and MAHJONG_CARD in cards:  # the Mah Jong: name a wish (T4.1)
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
            from firmware.play.refusal import refusal

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
        self.calm = None  # back from a message or a question: the player's own press, no grace
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
        elif tag == "bomb" and p is not None and i == 1:
            self.do(p + (True,))  # asked: no second question


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
