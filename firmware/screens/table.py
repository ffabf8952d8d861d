# The table (dealer mode), public: what everybody at the table may see. Per seat its
# name, how many cards it holds, its call (Tichu, Grand) or bid and whether it is the
# Chimera, the points (treasure) it has taken ("25p"), its last word (a bid, a pass) and a
# mark on whose turn it is; the trick on the
# table and who played it (the face-up card while the Chimera is bid for), the open wish,
# and a line saying what just happened. Never a hand, the hideout, a pushed card or who
# holds a bomb.
#
# The "Play" row of the menu opens it: it continues the running match with cards, or
# deals a new one with the last settings ("Play: setup" changes them). Here the bots act,
# one visible action per pause (the session's clock, ticked by the main loop); when a
# human is due, that seat's cards come up by themselves (after the privacy screen when
# another human looked last). OK shows the cards of the human due (or of the only human,
# or asks whose); BOMB (Tichu) asks which human claims a bomb or calls Tichu out of turn,
# and play waits while the claim is open (a seat with neither is told so: no hand opens);
# UP/DOWN show the last happenings in full; BACK and MENU go to the menu. When a round
# is over, its breakdown comes up.

from firmware.keys import BACK, BOMB, DOWN, MENU, OK, UP
from firmware.play.text import NO_BOMB, face, reading, value_token
from firmware.texts import NBSP, wrap
from firmware.ui import Screen

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

_BURST = const(400)  # bot actions at most per tick when they do not pause


class Table(Screen):
    WIDGETS = ("right", "cells", "lines")

    def __init__(self, app):
        Screen.__init__(self, app)
        s = app.session
        if s is None or app.book is None or app.book.over():
            self._begin()

    def _begin(self):
        # Cards for the running match, or a new match with the last settings.
        from firmware.app import PLAY
        from firmware.play.start import deal_on, levels_from, start

        app = self.app
        play = app.settings["play"] or PLAY
        book = app.book
        if book is not None and not book.over():
            deal_on(app, levels_from(app.settings, book.game), play[2])
            return
        from engine_core.scorebook import GAMES
        from firmware.rounds.presets import PRESETS

        game = play[0]
        n = GAMES[game][0]
        names = list(app.settings["names"][:n])
        for p in PRESETS:
            if len(names) < n and p not in names:
                names.append(p)
        limit = app.settings[game]
        start(app, game, names, limit, levels_from(app.settings, game), play[2], quiet=True)

    # -- the screen --------------------------------------------------------------------

    def build(self, ui, g):
        self.right = ui.title(g, self.title())[1]
        # a cell per seat (two a line on small panels) and the lines below them
        self.cells = [ui.label(g, "", 0, -ui.h) for _ in range(len(self.app.session.levels))]
        self.lines = [ui.label(g, "", ui.s * 2, ui.top() + i * ui.lh) for i in range(max(1, ui.rows - 1))]

    def title(self):
        return "Chimera" if self.app.book.game == "chimera" else "Tichu"

    def seat_text(self, seat, width, short=False):
        # ``seat`` in at most ``width`` characters, whole: its name, cards held and call
        # (Tichu) or Chimera bid first, then while there is room its points taken and
        # its last word. ``short``: two seats a line (calls as one letter after the count).
        s = self.app.session
        d = s.dealt
        st = d.state
        game = d.name
        t = self.t
        mark = ""
        if not self.app.ui.colour:  # colour panels show whose turn it is in colour
            kind, due = d.due() if st is not None else ("over", ())
            mark = ">" if seat in due else " "
        text = mark + self.app.book.names[seat]
        more = []
        if st is not None:
            n = len(st.hands[seat])
            if game == "chimera":
                text += " %d" % n
                if st.chimera == seat and st.phase != "bid":
                    text += " " + t("Ch%d") % st.bid
            else:
                call = ("", "T", "GT")[st.calls[seat]]
                if seat in st.out:
                    text += " #%d" % (st.out.index(seat) + 1)
                else:
                    text += " %d" % n
                if call:
                    text += (call[0] if short else " " + call)
                if d.due()[0] == "push" and st.pushes[seat] is not None:
                    more.append(t("ok"))
            taken = _points(game, st.piles[seat])
            if taken:
                more.append(t("%dp") % taken)
            said = s.said[seat]
            if said is not None and st.phase in ("bid", "play"):
                if said[0] == "pass":
                    more.append("-" if short else t("pass"))
                elif said[0] == "bid":
                    more.append("%d" % said[1])
        for m in more:
            if len(text) + 1 + len(m) <= width:
                text += " " + m
        return text

    def trick_text(self):
        s = self.app.session
        d = s.dealt
        st = d.state
        t = self.t
        names = self.app.book.names
        game = d.name
        if st is None:
            return t("Round over") if not self.app.book.over() else t("Match over")
        kind, due = d.due()
        if st.top is not None and st.top_seat >= 0:
            return "%s: %s" % (names[st.top_seat], reading(game, st.top, t))
        if kind == "bid":
            fu = st.face_up
            holder = [x for x in range(3) if fu in st.hands[x]]
            text = t("Face up: %s") % face(game, fu, True)
            return text + (NBSP + names[holder[0]] if holder else "")  # the card and its holder on one line
        if kind == "give":
            return t("The Hunters exchange")
        if kind == "grand":
            return t("Grand Tichu?")
        if kind == "push":
            return t("Pushing")
        if kind == "play" and due:
            return t("%s leads") % names[due[0]]
        return ""

    def happenings(self, n, trick):
        # The last ``n`` things that happened, oldest first; the play the trick line says
        # is left out, wherever it is among them (the newest play: passes may follow it).
        s = self.app.session
        parts = []
        for action, events in s.log[-n - 1:]:
            parts += happened(s.dealt.name, self.app.book.names, action, events, self.t)
        for i in range(len(parts) - 1, -1, -1):
            if parts[i] == trick:
                del parts[i]
                break
        return parts[-n:] if n else []

    def draw(self):
        ui = self.app.ui
        s = self.app.session
        d = s.dealt
        st = d.state
        book = self.app.book
        n = len(s.levels)
        rows = len(self.lines)
        right = self.t("Round %d") % (book.rounds() + (1 if st is not None else 0))
        if st is not None and d.name == "tichu" and st.wish:
            right = self.t("Wish: %s") % value_token("tichu", st.wish)
        ui.set(self.right, right)
        usable = (ui.w - ui.s * 2) // (ui.cw * ui.s)
        trick = self.trick_text()
        # One seat a line where there is room for the seats, the trick and a happening
        # (Chimera: the trick whole), else two a line, the Chimera then on a line of its own.
        per = 1 if rows >= n + 2 or n == 3 and rows >= n + len(wrap(trick, usable, 0)) else 2
        width = usable if per == 1 else (usable - 1) // 2
        ch = st.chimera if per > 1 and st is not None and d.name == "chimera" and st.phase != "bid" else -1
        due = d.due()[1] if st is not None else ()
        top = ui.top()
        for x in range(n):
            p = x if ch < 0 else n - 1 if x == ch else x - (x > ch)  # the cell's place
            lab = self.cells[x]
            lab.move((ui.s * 2 + (p % per) * (width + 1) * ui.cw * ui.s, top + (p // per) * ui.lh))
            ui.set(lab, self.seat_text(x, usable if p == n - 1 and p % per == 0 else width, per > 1),
                   ui.hi if ui.colour and x in due else ui.fg)
        seat_rows = (n + per - 1) // per
        out = ["" for _ in range(seat_rows)]
        out += wrap(trick, usable, rows - seat_rows)  # what does not fit: cut by clip() (the fit check hears)
        while out and not out[-1]:
            out.pop()
        left = rows - len(out)
        # the newest happenings that fit whole, oldest first; then the keys' hint, when
        # there is room for it and a blank line before it
        news = []  # type: list[str]
        for p in reversed(self.happenings(left, trick)):
            lines = wrap(p, usable, 0)
            if len(news) + len(lines) > left or len(p) > usable * len(lines):
                break
            news = lines + news
        first = len(out)
        out += news
        last = len(out)
        hint = self.hint()
        if rows - len(out) >= 2 and len(hint) <= usable:
            while len(out) < rows - 1:
                out.append("")
            out.append(hint)
        for i in range(rows):
            ui.set(self.lines[i], out[i] if i < len(out) else "", ui.hi if first <= i < last else ui.fg)

    def hint(self):
        hints = self.app.hints
        t = self.t
        text = t("%s: cards") % t(hints[OK])
        if self.app.session.dealt.name == "tichu" and BOMB in hints:
            text += "  " + t("%s: bomb") % t(hints[BOMB])
        return text

    # -- the bots and the humans -------------------------------------------------------

    def tick(self, now):
        app = self.app
        s = app.session
        if s is None or app.screen is not self:
            return False
        if app.pause_ms is not None:
            s.pause = app.pause_ms
        if s.dealt.state is None:  # the round is over: its breakdown, once the last play was seen
            if not s.waiting(now) and s.opened != "score":
                s.opened = "score"
                app.open("playscore", "PlayScore")
            return False
        moved = False
        for _ in range(_BURST):
            a = s.bot_due(now)
            if a is None:
                break
            s.act(a, now)
            moved = True
            if s.pause or not s.playing():
                break
        if moved:
            return True
        if s.waiting(now) or not s.playing():
            return False
        due = s.humans_due()
        if due and s.opened is not s.dealt.state:
            s.opened = s.dealt.state
            self.private(due[0], auto=True)
        return False

    def private(self, seat, claim=False, auto=False):
        # ``seat``'s cards, after the privacy screen when another human looked last (for a
        # claim, whenever there is another human: whoever pressed BOMB holds the device).
        # ``auto``: they came up by themselves (the hand then lets a late OK pass). A claim
        # of a seat with no bomb (and no call) opens no hand: one message says so, here or,
        # with other humans at the table, after the privacy screen (it tells of a hand).
        s = self.app.session
        if s.needs_privacy(seat) or claim and len(s.humans()) > 1:
            self.app.open("privacy", "Privacy", seat, claim)
        elif claim and not s.may_claim(seat):
            self.app.open("message", "Message", self.t("No bomb"), self.t(NO_BOMB["tichu"]), False)
        else:
            s.viewer = seat
            self.app.open("hand", "Hand", seat, claim, auto)

    def ask(self, title, tag):
        # Which human: at once when there is one.
        s = self.app.session
        humans = s.humans()
        if len(humans) == 1:
            self.private(humans[0], tag == "claim")
        elif humans:
            names = [self.app.book.names[x] for x in humans]
            self.app.open("choice", "Choice", title, names + [self.t("Cancel")], tag)

    def key(self, k):
        app = self.app
        s = app.session
        if k == OK:
            if s.dealt.state is None:
                if app.book.over():
                    app.open("matchend", "MatchEnd")
                else:
                    app.open("playscore", "PlayScore")
                return
            due = s.humans_due()
            if due:
                self.private(due[0])
            else:
                self.ask(self.t("Whose cards?"), "look")
        elif k == BOMB and s.playing() and s.dealt.name == "tichu":
            self.ask(self.t("Bomb/Tichu: who?"), "claim")
        elif k == BOMB:  # Chimera: nothing is played out of turn (C7.3)
            app.open("message", "Message", self.t("No bomb"), self.t(NO_BOMB["chimera"]), False)
        elif (k == UP or k == DOWN) and s.log:
            parts = []
            for action, events in s.log:
                parts += happened(s.dealt.name, app.book.names, action, events, self.t)
            # each happening on one line where it fits: a name stays with its play
            app.open("message", "Message", self.t("What happened"),
                     ". ".join([p.replace(" ", NBSP) for p in parts[-12:]]), False)
        elif k == BACK or k == MENU:
            app.to_menu()

    def resume(self, result):
        tag, i = result
        humans = self.app.session.humans()
        if i < len(humans):
            self.private(humans[i], tag == "claim")


def _points(game, cards):
    # The card points (Tichu, T1.4) or treasure (Chimera, C1.4) in a seat's pile: public,
    # every trick was taken face up.
    if game == "tichu":
        from engine_core.tichu.scoring import card_points

        return card_points(cards)
    from engine_core.chimera.scoring import treasure

    return treasure(cards)


def happened(game, names, action, events, t):
    # What an action did, in public words, most telling last ("Ben: pair 9",
    # "Anna wins the trick"), each event once in one wording: a bomb is a play ("Anna:
    # bomb 4x5"), a trick is won once (Tichu: when the others have passed, not again when
    # its winner's next play takes it), the Dragon's gift is the gift. Never a hidden card:
    # gives and pushes are only named.
    out = []
    played = False
    seat = action[0]
    verb = action[1]
    n = names[seat] if isinstance(seat, int) else ""
    if verb == "bid":
        out.append(t("%s bids %d") % (n, action[2]))
    elif verb == "pass":
        out.append(t("%s passes") % n)
    elif verb == "tichu":
        out.append(t("%s: Tichu!") % n)
    elif verb == "gift":
        out.append(t("%s gives the Dragon to %s") % (n, names[action[2]]))
    for e in events:
        k = e[0]
        if k == "played":
            out.append("%s: %s" % (n, reading(game, e[2], t)))
            played = True
        elif k == "called" and e[2] == "grand":
            out.append(t("%s: Grand Tichu!") % names[e[1]])
        elif k == "redeal":
            out.append(t("All passed: new deal"))
        elif k == "forced_bid":
            out.append(t("%s must bid 20") % names[e[1]])
        elif k == "chimera":
            out.append(t("%s is the Chimera (%d)") % (names[e[1]], e[2]))
        elif k == "exchanged":
            out.append(t("Cards exchanged"))
        elif k == "trick":  # (the Dragon trick given away: the gift said so, T4.5)
            if (len(e) < 3 or e[2] == e[1]) and (game == "chimera" or played):  # Tichu's last trick, T6.2
                out.append(t("%s wins the trick") % names[e[1]])
        elif k == "won":
            out.append(t("%s wins the trick") % names[e[1]])
        elif k == "dog":
            out.append(t("Dog: %s leads") % names[e[2]])
        elif k == "wish":
            out.append(t("Wish: %s") % value_token(game, e[2]))
        elif k == "out":
            out.append(t("%s is out!") % names[e[1]])
        elif k == "double_victory":
            out.append(t("Double victory!"))
    return out
