"""Settings: the language, and the limit each new match of a game starts with."""

from firmware.form import Field
from firmware.screens.formscreen import FormScreen
from firmware.screens.newmatch import LIMITS
from firmware.texts import LANG_NAMES


class Settings(FormScreen):
    def __init__(self, app):
        s = app.settings
        t = app.t
        fields = [
            Field("lang", t("language"), list(range(len(LANG_NAMES))), s["lang"], self._lang),
            Field("chimera", t("limit_chimera"), list(LIMITS), s["chimera"], wrap=False),
            Field("tichu", t("limit_tichu"), list(LIMITS), s["tichu"], wrap=False),
        ]
        FormScreen.__init__(self, app, fields)

    def _lang(self, v):
        return LANG_NAMES[v]

    def title(self):
        return self.t("settings")

    def submit(self):
        app = self.app
        for f in self.fields:
            app.settings[f.key] = f.value()
        app.save_settings()
        app.pop()
