# A new dealt match (dealer mode): the game, who sits where (a name per seat, each a
# human or a bot), the limit, the bots' level (1 easy .. 3 strong) and their pause
# before each visible action. Names come from the same list as the score keeper's (the
# initials editor last). OK saves these as the "Play" row's settings and deals at once;
# a running match is ended only after asking.

from engine_core.scorebook import GAMES
from firmware.app import LIMITS, PLAY
from firmware.rounds.form import Field, find
from firmware.rounds.presets import PRESETS
from firmware.screens.formscreen import FormScreen
from firmware.screens.newmatch import NewMatch
from firmware.texts import wrap

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

LEVELS = (1, 2, 3)
# A seat is a human, a human to whom the device proposes plays (engine_core/proposal.py), or a bot.
HUMAN = 1
HELPED = 2
BOT = 0
WHO = {HUMAN: "human", HELPED: "human+tips", BOT: "bot"}
_PAUSES = const((0, 400, 800, 1500, 3000))  # ms


class PlaySetup(NewMatch):
    # The score keeper's new-match form (names, the initials editor, the checks, asking
    # before a running match ends) with a human/bot field per seat and the bots' settings.

    def __init__(self, app):
        FormScreen.__init__(self, app, [])
        self.names = list(app.settings["names"])
        play = app.settings["play"] or PLAY
        self.humans = play[3]
        self.hints = play[4] if len(play) > 4 else 0
        self.fields = self._fields(play[0], None, play[1], play[2])

    def _fields(self, game, limit=None, level=None, pause=None):
        app = self.app
        t = app.t
        opts = self._name_options()
        fields = [Field("game", t("Game"), ["chimera", "tichu"], game, self._game)]
        for p in range(GAMES[game][0]):
            name = self.names[p] if p < len(self.names) else PRESETS[p]
            fields.append(Field("p%d" % p, t("Player %d") % (p + 1), opts, name, self._name))
            who = HELPED if self.hints >> p & 1 else HUMAN if self.humans >> p & 1 else BOT
            fields.append(Field("h%d" % p, t("Seat %d") % (p + 1), [HUMAN, HELPED, BOT], who, self._who))
        fields.append(Field("limit", t("Play to"), list(LIMITS), limit or app.settings[game], wrap=False))
        fields.append(Field("level", t("Bot level"), list(LEVELS), level or 2, wrap=False))
        pause = 800 if pause is None else pause
        fields.append(Field("delay", t("Bot pause"), list(_PAUSES), pause, self._pause, wrap=False))
        return fields

    def _who(self, v):
        return self.t(WHO[v])

    def _pause(self, v):
        return "%d.%d s" % (v // 1000, v % 1000 // 100)

    def title(self):
        return self.t("Play: setup")

    def game(self):
        return self.fields[0].value()

    def levels(self):
        level = find(self.fields, "level").value()
        return [None if f.value() != BOT else level for f in self.fields if f.key[0] == "h"]

    def _bits(self, who=(HUMAN, HELPED)):
        # Bit s set: seat s is one of ``who``.
        bits = 0
        i = 0
        for f in self.fields:
            if f.key[0] == "h":
                if f.value() in who:
                    bits |= 1 << i
                i += 1
        return bits

    def rebuild(self, game, limit):
        self.humans = self._bits()
        self.hints = self._bits((HELPED,))
        self.fields = self._fields(game, limit, find(self.fields, "level").value(),
                                   find(self.fields, "delay").value())

    def footer(self, n):
        problem = self.problem()
        if problem:
            return problem, False
        levels = self.levels()
        humans = len([x for x in levels if x is None])
        text = self.t("%d human, %d bots") % (humans, len(levels) - humans)
        return wrap(text, self.app.ui.cols - 1, n), True

    def keep(self):
        return (self.game(), find(self.fields, "limit").value(), find(self.fields, "level").value(),
                find(self.fields, "delay").value(), self.chosen(), self._bits(), self._bits((HELPED,)),
                self.focus)

    def restore(self, state):
        game, limit, level, pause, self.names, self.humans, self.hints, self.focus = state
        self.fields = self._fields(game, limit, level, pause)

    def _start(self):
        from firmware.play.start import start

        app = self.app
        game = self.game()
        limit = find(self.fields, "limit").value()
        level = find(self.fields, "level").value()
        pause = find(self.fields, "delay").value()
        names = self.chosen()
        app.settings["names"] = names
        app.settings[game] = limit
        app.settings["play"] = [game, level, pause, self._bits(), self._bits((HELPED,))]
        start(app, game, names, limit, self.levels(), pause)
