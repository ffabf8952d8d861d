# The hand's menu and free selection (firmware/screens/hand.py): the columns of the moment,
# where the cursor stands, the proposal and its reason, the items of the free selection.


from engine_core.errors import IllegalAction
from firmware.play.menu import ACT, PLAY, columns
from firmware.play.text import colour, face, reading, value_token

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x


class HandMenu:
    # Mixed into Hand: these read the hand's state and its legal plays.

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
            text = reading(self.game(), r, self.t)
            if w[2] is not None:
                text = self.t("%s as %s") % (text, value_token(self.game(), w[2]))
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
            out.append((face(game, c, mono and free), col, c, c in sel, None))
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
