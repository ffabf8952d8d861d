# A new match: game, limit and a name per seat. Names come from a preset list, the
# names entered before, or the initials editor (the last choice of every name field).
# The seats of the last match are offered first, so a rematch is one OK away. Ending a
# running match asks first.

from engine_core.scorebook import GAMES, ScoreBook
from firmware.app import LIMITS
from firmware.keys import OK
from firmware.rounds.form import Field, find
from firmware.rounds.presets import PRESETS
from firmware.screens.formscreen import FormScreen
from firmware.texts import wrap

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

GAME_NAMES = {"chimera": "Chimera", "tichu": "Tichu"}
_CUSTOM_MAX = const(8)


class NewMatch(FormScreen):
    def __init__(self, app):
        FormScreen.__init__(self, app, [])
        self.names = list(app.settings["names"])
        self.fields = self._fields(app.book.game if app.book is not None else "tichu")

    def _name_options(self):
        # The names a seat may take: the entered ones, the presets, the initials editor last.
        opts = list(self.app.settings["custom"])
        for n in PRESETS + tuple(self.names):
            if n not in opts:
                opts.append(n)
        opts.append(None)  # the initials editor
        return opts

    def _fields(self, game, limit=None):
        app = self.app
        t = app.t
        opts = self._name_options()
        fields = [
            Field("game", t("Game"), ["chimera", "tichu"], game, self._game),
            Field("limit", t("Play to"), list(LIMITS), limit or app.settings[game], wrap=False),
        ]
        for p in range(GAMES[game][0]):
            name = self.names[p] if p < len(self.names) else PRESETS[p]
            fields.append(Field("p%d" % p, t("Player %d") % (p + 1), opts, name, self._name))
        return fields

    def _game(self, v):
        return GAME_NAMES[v]

    def _name(self, v):
        return self.t("(other)") if v is None else v  # opens the initials editor

    def title(self):
        return self.t("New match")

    def chosen(self):
        return [f.value() for f in self.fields if f.key[0] == "p"]

    def rebuild(self, game, limit):
        # The fields anew from ``self.names`` (a game change, a name from the editor).
        self.fields = self._fields(game, limit)

    def changed(self, field):
        if field.key == "game":
            names = self.chosen()
            self.names = names + self.names[len(names):]
            self.rebuild(field.value(), None)

    def footer(self, n):
        problem = self.problem()
        if problem:
            return problem, False
        names = self.chosen()
        if len(names) == 4:  # Tichu: show the teams (T1.3: seats 0+2 and 1+3)
            if n < 2:  # one line: initials only
                names = [x[0] for x in names]
            names = [names[0] + "+" + names[2], ":", names[1] + "+" + names[3]]
        return wrap(" ".join(names), self.app.ui.cols - 1, n), True

    def problem(self):
        names = self.chosen()
        for i in range(len(names)):
            if names[i] is None:
                return self.t("Player %d: no name") % (i + 1)
            if names[i] in names[:i]:
                return self.t("%s twice") % names[i]
        return None

    def key(self, k):
        f = self.fields[self.focus]
        if k == OK and f.key[0] == "p" and f.value() is None:
            self.app.open("initials", "Initials")
        else:
            FormScreen.key(self, k)

    def keep(self):
        return (self.fields[0].value(), self.fields[1].value(), self.chosen(), self.focus)

    def restore(self, state):
        game, limit, self.names, self.focus = state
        self.fields = self._fields(game, limit)

    def resume(self, result):
        if isinstance(result, str):  # a name from the initials editor, for the focused seat
            custom = self.app.settings["custom"]
            if result in custom:
                custom.remove(result)
            custom.insert(0, result)
            while len(custom) > _CUSTOM_MAX:
                custom.pop()
            self.names[int(self.fields[self.focus].key[1:])] = result
            self.rebuild(find(self.fields, "game").value(), find(self.fields, "limit").value())
        elif result[1] == 0:  # "End this match?" -> New match
            self._start()

    def submit(self):
        if self.problem():
            return
        book = self.app.book
        if book is not None and not book.over():
            # it cannot be undone: the question opens on Cancel
            self.app.open("choice", "Choice", self.t("End this match?"),
                          [self.t("New match"), self.t("Cancel")], "replace", 1)
        else:
            self._start()

    def _start(self):
        app = self.app
        game = find(self.fields, "game").value()
        limit = find(self.fields, "limit").value()
        names = self.chosen()
        app.settings["names"] = names
        app.settings[game] = limit
        app.start_match(ScoreBook(game, names, limit))
