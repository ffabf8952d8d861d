# Settings: the language, and the limit each new match of a game starts with.

from firmware.app import LIMITS
from firmware.keys import OK
from firmware.rounds.form import Field
from firmware.screens.formscreen import FormScreen
from firmware.texts import languages


class Settings(FormScreen):
    def __init__(self, app):
        s = app.settings
        t = app.t
        self.langs = languages()
        fields = [
            Field("lang", t("Language"), list(range(len(self.langs))), s["lang"], self._lang),
            Field("chimera", t("Chimera to"), list(LIMITS), s["chimera"], wrap=False),
            Field("tichu", t("Tichu to"), list(LIMITS), s["tichu"], wrap=False),
        ]
        FormScreen.__init__(self, app, fields)

    def _lang(self, v):
        return self.langs[v]

    def title(self):
        return self.t("Settings")

    def footer(self, n):
        return [self.t("%s: save") % self.t(self.app.hints[OK])], True

    def submit(self):
        app = self.app
        for f in self.fields:
            app.settings[f.key] = f.value()
        app.back()
        app.save_settings()
