"""The score keeper application: one ScoreBook, a stack of screens, the journal.

Input events go to the top screen; a change to the book becomes one journal payload
(ScoreBook's change log) written before the screen moves on; then the panel refreshes
as the board allows. The match and the settings both live in the journal, so the
running match and the chosen language come back after a power cut.

The dealer mode slots in as more screens: ``MENU`` lists (text key, screen module,
class, needs a match) rows, and a later issue appends its own.
"""

import gc
import json

from engine_core.scorebook import ScoreBook
from firmware.keys import Input
from firmware.panel import Panel
from firmware.texts import text
from firmware.ui import Ui

SETTLE_MS = 400  # e-paper: quiet time before a refresh

DEFAULTS = {"t": "settings", "lang": 0, "chimera": 400, "tichu": 1000, "names": [], "custom": []}

# Main menu rows: (text key, module under firmware.screens, class name, needs a running match).
MENU = [
    ("continue", "totals", "Totals", True),
    ("new_match", "newmatch", "NewMatch", False),
    ("history", "history", "History", True),
    ("stats", "stats", "Stats", True),
    ("settings", "settings", "Settings", False),
]


def _encode(payload):
    return json.dumps(payload).encode()


class App:
    def __init__(self, profile, display, keys, journal=None, encoder=None):
        self.profile = profile
        self.ui = Ui(profile.WIDTH, profile.HEIGHT, profile.DEPTH, profile.PAPER, profile.PX_PER_MM)
        refresh = profile.REFRESH_MS
        self.panel = Panel(display, refresh, SETTLE_MS if refresh else 0)
        self.input = Input(keys, profile.KEYMAP, encoder)
        self.journal = journal
        self.settings = dict(DEFAULTS)
        self.book = None
        self.unsaved = False  # the last journal write failed: the next one rewrites it all
        self.stack = []
        self._load()
        self.open("menu", "Menu")
        if self.book is not None:
            self.open("totals", "Totals")

    def t(self, key):
        return text(key, self.settings["lang"])

    # -- screens ------------------------------------------------------------------------

    def open(self, module, cls, *args):
        """Show a new screen (its module is imported the first time)."""
        mod = __import__("firmware.screens." + module, None, None, [cls])
        self.push(getattr(mod, cls)(self, *args))

    def push(self, screen):
        if self.stack:
            self.stack[-1].leave()
        self.stack.append(screen)
        self._show()

    def pop(self):
        self.stack.pop().leave()
        self._show()

    def replace(self, module, cls, *args):
        self.stack.pop().leave()
        self.open(module, cls, *args)

    def to_menu(self):
        while len(self.stack) > 1:
            self.stack.pop().leave()
        self._show()

    def top(self):
        return self.stack[-1]

    def _show(self):
        gc.collect()
        self.panel.show(self.stack[-1].enter())

    def step(self, now):
        """One pass of the main loop at ``now`` (ticks in ms)."""
        keys = self.input.poll(now)
        for k in keys:
            self.stack[-1].handle(k)
        if keys:
            self.stack[-1].draw()
            self.panel.touch()
        self.panel.flush(now, self.input.idle_ms(now))
        return keys

    # -- the model and the journal ------------------------------------------------------

    def _load(self):
        if self.journal is None:
            return
        try:
            raw = self.journal.load()
        except OSError:
            raw = []
            self.unsaved = True
        changes = []
        for r in raw:
            try:
                p = json.loads(bytes(r).decode())
            except (ValueError, UnicodeError):
                continue
            if isinstance(p, dict) and p.get("t") == "settings":
                for k in DEFAULTS:
                    if k in p:
                        self.settings[k] = p[k]
            else:
                changes.append(p)
        self.book = ScoreBook.replay(changes)
        self.journal.shrink = self._snapshot

    def _snapshot(self, payloads=None):
        """The whole state as the shortest journal: settings, then the match."""
        out = [_encode(self.settings)]
        if self.book is not None:
            out += [_encode(p) for p in self.book.payloads()]
        return out

    def record(self, payload):
        """Journal one change already made to the book or the settings."""
        if self.journal is None:
            return
        try:
            if self.unsaved:
                self.journal.reset(self._snapshot())
            else:
                self.journal.append(_encode(payload))
            self.unsaved = False
        except OSError:
            self.unsaved = True

    def start_match(self, book):
        self.book = book
        if self.journal is not None:
            try:
                self.journal.reset(self._snapshot())
                self.unsaved = False
            except OSError:
                self.unsaved = True

    def save_settings(self):
        self.record(self.settings)
