"""A new match: game, limit and a name per seat. Names come from a preset list, the
names entered before, or the initials editor (the last choice of every name field).
The seats of the last match are offered first, so a rematch is one OK away."""

from engine_core.scorebook import GAMES, ScoreBook
from firmware.form import Field, find
from firmware.keys import OK
from firmware.screens.formscreen import FormScreen, wrap

PRESETS = ("Anna", "Ben", "Carla", "David", "Eva", "Finn", "Greta", "Hugo",
           "Ida", "Jonas", "Kim", "Lea")
LIMITS = (100, 200, 300, 400, 500, 600, 750, 1000, 1250, 1500, 2000)
CUSTOM_MAX = 8


class NewMatch(FormScreen):
    def __init__(self, app):
        FormScreen.__init__(self, app, [])
        self.names = list(app.settings["names"])
        self.fields = self._fields(app.book.game if app.book is not None else "tichu")

    def _options(self):
        opts = list(self.app.settings["custom"])
        for p in PRESETS:
            if p not in opts:
                opts.append(p)
        for n in self.names:
            if n not in opts:
                opts.append(n)
        opts.append(None)  # the initials editor
        return opts

    def _fields(self, game):
        app = self.app
        t = app.t
        opts = self._options()
        fields = [
            Field("game", t("game"), ["chimera", "tichu"], game, t),
            Field("limit", t("limit"), list(LIMITS), app.settings[game], wrap=False),
        ]
        for p in range(GAMES[game][0]):
            name = self.names[p] if p < len(self.names) else PRESETS[p]
            fields.append(Field("p%d" % p, t("player") % (p + 1), opts, name, self._show))
        return fields

    def _show(self, v):
        return self.t("initials") if v is None else v

    def title(self):
        return self.t("new_match")

    def chosen(self):
        return [f.value() for f in self.fields[2:]]

    def changed(self, field):
        if field.key == "game":
            self.names = [n for n in self.chosen() if n is not None] + self.names[len(self.fields) - 2:]
            self.fields = self._fields(field.value())

    def footer(self, n):
        problem = self.problem()
        if problem:
            return problem, False
        names = self.chosen()
        if len(names) == 4:  # Tichu: show the teams (T1.3: seats 0+2 and 1+3)
            names = [names[0] + "+" + names[2], ":", names[1] + "+" + names[3]]
        return wrap(" ".join(names), self.app.ui.cols - 1, n), True

    def problem(self):
        names = self.chosen()
        for i in range(len(names)):
            if names[i] is None:
                return self.t("player") % (i + 1) + ": " + self.t("initials")
            if names[i] in names[:i]:
                return self.t("same_name") % names[i]
        return None

    def key(self, k):
        f = self.fields[self.focus]
        if k == OK and f.key[0] == "p" and f.value() is None:
            self.app.open("initials", "Initials", self._named)
        else:
            FormScreen.key(self, k)

    def _named(self, name):
        """The initials editor's result for the focused seat."""
        custom = self.app.settings["custom"]
        if name in custom:
            custom.remove(name)
        custom.insert(0, name)
        del custom[CUSTOM_MAX:]
        self.names = self.chosen()
        self.names[self.focus - 2] = name
        self.fields = self._fields(find(self.fields, "game").value())

    def submit(self):
        if self.problem():
            return
        app = self.app
        book = app.book
        if book is not None and not book.over():
            app.open("choice", "Choice", self.t("replace_match"),
                     [self.t("new_match"), self.t("cancel")], self._confirmed)
        else:
            self._start()

    def _confirmed(self, choice):
        if choice == 0:
            self._start()

    def _start(self):
        app = self.app
        game = find(self.fields, "game").value()
        limit = find(self.fields, "limit").value()
        names = self.chosen()
        app.settings["names"] = names
        app.settings[game] = limit
        app.start_match(ScoreBook(game, names, limit))
        app.to_menu()
        app.open("totals", "Totals")
