# The score keeper application: one ScoreBook, the screens, the journal, the panel.
#
# Input events go to the screen on top; a change to the book becomes one journal payload
# (ScoreBook's change log) written before the screen moves on; then the panel refreshes
# as the board allows. The match and the settings both live in the journal, so the
# running match and the chosen language come back after a power cut.
#
# Heap: only the screen on top is alive. The screens below it are kept as (module,
# class, arguments) and the small state their keep() gave; going back rebuilds the
# screen below. A change is written after the screen that made it has gone, before the
# panel shows the result. On the drive install (firmware/install.py) the modules only
# screens use (firmware.screens.*, the round forms, the score-sheet arithmetic) are
# dropped from sys.modules when the top screen changes, and the journal's code after
# each write, so the board holds the app's core plus one screen, never all of them.
#
# The dealer mode (dealt cards, firmware/dealer.py) slots in as more screens: ``MENU``
# lists (text, screen module, class, needs a match) rows. A dealt match is a score-book
# match (``book``) plus ``session``, the cards in play (its ``dealt`` is the engine's
# engine_core.dealt.Dealt, also ``app.dealt``); the screen on top may have a ``tick(now)``
# that the main loop calls every pass (the table lets the bots act after a pause).
# ``seed_source``: None on the board (each round's seed from os.urandom); the host
# simulator sets a function that returns the next seed, so its deals repeat.
#
# The modules that run on the board document themselves in comments, not docstrings:
# MicroPython keeps docstrings in the heap (about 15 KB for this app).

import gc

import displayio

from engine_core.scorebook import GAMES
from firmware import install
from firmware.install import drop, fresh_vm, switch
from firmware.keys import Input, ticks_diff
from firmware.texts import Texts
from firmware.ui import Screen, Ui

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

_SETTLE_MS = const(400)  # e-paper: quiet time before a refresh

# The settings, journaled as one payload; limits start at the rules' defaults (C9.1, T7.1).
DEFAULTS = {"t": "settings", "lang": 0, "chimera": GAMES["chimera"][2], "tichu": GAMES["tichu"][2],
            "names": [], "custom": [], "play": [], "at": None}
# "play": the last dealt match's game, bot level (1..3), bot pause in ms, the human
# seats (bit s: seat s is a human) and the humans who want proposals (bit s; a setting
# journaled before there were proposals has none), PLAY until one was set up; the "Play"
# row deals with these at once. "at": "menu" when the menu is to come back at the next
# start (a new language switches through a fresh VM, firmware/install.py); journaled only then.
PLAY = ["tichu", 2, 800, 1, 0]  # type: list

# Main menu rows: (text, module under firmware.screens, class name, needs a running match).
MENU = [
    ("Scores", "totals", "Totals", True),
    ("New match", "newmatch", "NewMatch", False),
    ("Rounds", "history", "History", True),
    ("Statistics", "stats", "Stats", True),
    ("Settings", "settings", "Settings", False),
    ("Play", "table", "Table", False),
    ("Play: setup", "playsetup", "PlaySetup", False),
]
_HOME = const(("menu", "Menu", ()))
# The limits a match may be played to (C9.1 suggests 300, 400, 500, 750; T7.1 plays to 1000).
LIMITS = (100, 150, 200, 250, 300, 350, 400, 450, 500, 600, 700, 750, 800, 900, 1000, 1250, 1500, 2000,
          2500, 3000)
# Modules that only screens use: dropped (on the drive install, firmware/install.py)
# whenever the screen on top changes. The bots too: only the table asks them
# (engine_core.dealt imports the driver, the driver the bots, at each question), so they
# are never held beside a seat's cards; and the shuffle and the scoring, needed once a
# round. A name ending in "." or "_" stands for every module it begins.
BOT_MODULES = ("engine_core.bot_driver", "engine_core.proposal", "engine_core.chimera.bot",
               "engine_core.chimera.bot_", "engine_core.tichu.bot", "engine_core.tichu.bot_")
SCREEN_MODULES = ("firmware.screens.", "firmware.rounds.", "firmware.play.", "engine_core.chimera.scoresheet",
                  "engine_core.tichu.scoresheet", "engine_core.entry_fields", "engine_core.match_stats",
                  "engine_core.chimera.deal", "engine_core.tichu.deal", "engine_core.chimera.scoring",
                  "engine_core.tichu.scoring") + BOT_MODULES
# The engine's games (rules, views, bots): a dealt match loads its game's; they go when
# another match takes its place, so a Tichu match after a Chimera one holds one game.
_GAME_MODULES = const(("engine_core.chimera", "engine_core.chimera.", "engine_core.tichu",
                       "engine_core.tichu."))
# Journal bytes kept free for a dealt round (firmware/storage/journal.py; a round writes at most
# about 300).
_ROUND_ROOM = const(1024)
# The journal's code: loaded for a write, dropped after it.
_JOURNAL_MODULES = const(("firmware.storage.saves", "firmware.storage.journal", "firmware.storage.book_codec",
                          "firmware.storage.dealt_codec", "engine_core.action_codec"))


def heap_log_level():
    # CARDS_HEAP_LOG in the drive's settings.toml: 1 prints the free heap at every change
    # of screen on the console, 2 also the largest block one allocation can have (a test
    # that costs a few ms). Absent, nothing is printed and nothing measured.
    try:
        from os import getenv
        return int(getenv("CARDS_HEAP_LOG") or 0)
    except (ImportError, ValueError):
        return 0


def heap_line(screen, level):
    gc.collect()
    line = "heap %s free=%d" % (screen, gc.mem_free())  # type: ignore[attr-defined]
    if level > 1:
        low, high = 0, gc.mem_free() + 16  # type: ignore[attr-defined]
        while high - low > 16:  # the largest bytearray that can be had, to 16 bytes
            mid = (low + high) // 2
            try:
                b = bytearray(mid)
                del b
                low = mid
            except MemoryError:
                high = mid
        line += " block=%d" % low
    print(line)


def fresh_settings():
    # A copy of DEFAULTS whose lists are the copy's own: screens change them in place.
    return {k: (list(v) if isinstance(v, list) else v) for k, v in DEFAULTS.items()}


class Panel:
    # When to refresh the panel. LCD and OLED: right after each change, whole frames
    # only (auto refresh off, so a half-updated screen never shows). E-paper: at most one
    # refresh per ``min_ms`` and only once the keys have been quiet for ``settle_ms``, so
    # a burst of presses becomes one refresh.

    def __init__(self, display, min_ms=0, settle_ms=0):
        self.display = display
        self.min_ms = min_ms
        self.settle_ms = settle_ms
        self.pending = False
        self.last = None
        self.group = displayio.Group()  # what the display holds between two screens (leave)
        if hasattr(display, "auto_refresh"):
            display.auto_refresh = False

    def show(self, group):
        self.display.root_group = group
        self.pending = True

    def leave(self):
        # The panel keeps what it shows (nothing refreshes it until show()), but the
        # display no longer holds the last screen's objects: 2.5-6 KB freed before the
        # next screen's code loads. (Names the board has interned already: a new one in a
        # dealt round's VM can cost the 7.7 KB of a seventh qstr pool, docs/heap.md.)
        self.display.root_group = self.group

    def flush(self, now, idle_ms):
        # Refresh if something changed and the panel may refresh now; True if it did.
        if not self.pending or idle_ms < self.settle_ms:
            return False
        if self.last is not None and ticks_diff(now, self.last) < self.min_ms:
            return False
        if getattr(self.display, "time_to_refresh", 0) > 0:
            return False
        try:
            self.display.refresh()
        except RuntimeError:  # e-paper: "Refresh too soon"
            return False
        self.pending = False
        self.last = now
        return True


class App:
    def __init__(self, board, display, keys, store=None, encoder=None, older=None):
        self._boot(board, display, keys, store, encoder, older)

    def _boot(self, board, display, keys, store, encoder, older):
        # The app's start, at power-up or in a fresh VM (and in its host model, _reload).
        # Only what the app uses of the profile is kept, so the board may drop the module.
        self.hints = board.HINTS  # the keys' names in English: the screens say them through t() ("Knopf")
        self.ui = Ui(board.WIDTH, board.HEIGHT, board.DEPTH, board.PAPER, board.PX_PER_MM)
        refresh = board.REFRESH_MS
        self.panel = Panel(display, refresh, _SETTLE_MS if refresh else 0)
        self.input = Input(keys, board.KEYMAP, encoder)
        self.settings = fresh_settings()
        self.book = None
        self.session = None  # the dealt match's cards (firmware/dealer.py), or None
        self.seed_source = None
        self.pause_ms = None  # None: the bots pause as the settings say (tests set 0)
        self.now = 0  # ticks of the main loop's pass in progress
        self.unsaved = False  # the last journal write failed: the next one rewrites it all
        self.unreadable = None  # the store, while the question about its bytes (no journal) is open
        # A fresh VM asked for: True for a switch of mode (firmware/install.py), MemoryError
        # for a step the heap had no room for (_no_room), which that VM does again.
        self.reloading = False  # type: object
        self.on_reload = None  # the board's reload (code.py); None: start again in place
        self.reloads = 0
        self._next = None  # while a screen's tick runs: [] or the screen it opens (_tick)
        self.heap_log = heap_log_level()
        self._made = (board.ID, display, keys, store, encoder)  # for _reload's model (no module kept)
        # The journal is kept as its store (and the store's cursor); each write opens it
        # anew (see above). ``older``: a journal to move into the store (storage/choice.py).
        self.store = store
        self.began = None  # the journal's end once started (below): no fresh VM before that
        self._reserve()  # a fresh VM's (the host's model of one keeps the store)
        kept = self._load(older)
        if older is not None:
            self._resume(kept)
            kept = None
            self.record(None)
        elif self.book is None and self.store is not None:
            from firmware.storage.journal import Journal

            if not Journal(self.store).live() and not self.store.blank():
                self.unreadable, self.store, self.unsaved = self.store, None, True
        older = None
        # A dealt match's cards are dealt again only now: its game's modules, held for the
        # whole match, take the room the journal's code leaves (not gaps between its parts).
        drop(_JOURNAL_MODULES)
        gc.collect()
        self.texts = Texts(self.settings["lang"], self.ui.fit)
        self._resume(kept)
        if self.session is not None:
            self.room_for_a_round()
        self.began = None if self.store is None else self.store.cursor  # see _no_room
        self.stack = []  # [(module, class, args), state] of the screens below the top one
        self.where = _HOME
        self.screen = Screen(self)  # a blank one until home() opens the first
        if self.settings["at"] == "menu":  # a new language: its menu, once
            self.settings["at"] = None
            self.record(dict(self._settings(), at=None))
            self.to_menu()
        else:
            self.home()
        if self.unreadable is not None:
            self.ask_unreadable()

    def t(self, text):
        return self.texts.get(text)

    # -- screens ------------------------------------------------------------------------

    def open(self, module, cls, *args):
        # Cover the screen on top with a new one.
        self.stack.append((self.where, self.screen.keep()))
        self._start((module, cls, args), None, None)

    def back(self, result=None):
        # Close the screen on top; the one below comes back and gets ``result``.
        where, state = self.stack.pop()
        self._start(where, state, result)

    def swap(self, module, cls, *args):
        # Put a new screen in place of the one on top.
        self._start((module, cls, args), None, None)

    def home(self):
        # The main menu, with the running match's totals on top of it if there is one.
        self.stack = []
        if self.book is None:
            self._start(_HOME, None, None)
        else:
            self.stack.append((_HOME, None))
            # a dealt match's table while it goes on; once it is over, its totals (and the end)
            dealt = self.session is not None and not self.book.over()
            where = ("table", "Table", ()) if dealt else ("totals", "Totals", ())
            self._start(where, None, None)

    def to_menu(self):
        self.stack = []
        self._start(_HOME, None, None)

    def top(self):
        return self.screen

    def _start(self, where, state, result):
        if self._next is not None:  # a tick asks (see _tick)
            self._next = [(where, state, result)]
            return
        self.screen.leave()
        self.panel.leave()
        self.screen = Screen(self)
        drop(SCREEN_MODULES)
        gc.collect()
        module, cls, args = where
        try:
            mod = __import__("firmware.screens." + module, None, None, [cls])
            scr = getattr(mod, cls)(self, *args)
        except MemoryError:  # (a dealt round's breakdown can need a seventh qstr pool: docs/heap.md)
            if not self._no_room():
                raise
            return
        del mod
        if self.reloading:  # it switched modes: a fresh VM shows what comes next
            return
        if state is not None:
            scr.restore(state)
        self.where = where
        self.screen = scr
        if result is not None:
            scr.resume(result)
        if self.screen is scr and not self.reloading:  # resume may have moved on already
            try:
                self.panel.show(scr.enter())
            except MemoryError:  # (a hand's first draw lists its plays)
                if not self._no_room():
                    raise
            if self.heap_log:
                heap_line(module, self.heap_log)

    def step(self, now):
        # One pass of the main loop at ``now`` (ticks in ms).
        self.now = now
        keys = self.input.poll(now)
        for k in keys:
            if self.reloading:
                break
            try:
                self.screen.handle(k)
            except MemoryError:  # (a play's menu in a heap left in pieces: see _no_room)
                if not self._no_room():
                    raise
        if self.reloading:
            self.texts.close()
            self._reload()
            return keys
        try:
            shown = self.screen
            moved = self._tick(now)
            if self.screen is not shown and not self.reloading:
                # The screen its tick opened ticks at once, before the panel shows it: a
                # hand's proposal is in its first frame, not 0.5 s after it.
                moved = self._tick(now) or moved
            if moved and not self.reloading:  # it moved on by itself (a bot played)
                self.screen.draw()
                self.panel.pending = True
            if keys and not self.reloading:
                self.screen.draw()
                self.panel.pending = True
        except MemoryError:  # (a bot's search, a draw: see _no_room)
            if not self._no_room():
                raise
        self.texts.close()  # the pass's texts are read: no file held between passes
        self.panel.flush(now, self.input.idle_ms(now))
        return keys

    def _tick(self, now):
        # The screen's tick. A screen it opens comes once the tick has returned: the old
        # screen's code and objects are let go before the new one's are loaded (the end of
        # a dealt round, the table opening the breakdown, is the heap's tightest moment).
        tick = getattr(self.screen, "tick", None)
        if tick is None:
            return False
        self._next = []
        try:
            moved = tick(now)
        finally:
            where = self._next
            self._next = None
        tick = None
        if where:
            self._start(*where[0])
        return moved

    def _no_room(self):
        # A step the heap has no room for (a MemoryError) is done again in a fresh VM, which
        # the journal brings back to where this one was (the bots' actions journaled first:
        # asked again, they play the same). Only once this VM has journaled something: a
        # fresh VM that runs out again before that would only start another. False: no.
        s = self.session
        if s is not None and s.unsaved and not self.unsaved:
            try:
                s.flush()
            except MemoryError:  # then the fresh VM's bots make them again
                pass
        return self._give_way()

    def may_give_way(self):
        # Whether a fresh VM may do a step again: only once this one has started and
        # journaled something since (a fresh VM that ran out again would only start
        # another), and while nothing is NOT SAVED (install.fresh_vm).
        store = self.store
        return (store is not None and not self.unsaved and self.began is not None
                and store.cursor != self.began)

    def _give_way(self):
        # Ask for a fresh VM that does the step again (reloading is MemoryError, not a switch
        # of mode), if this one may give way; False: it goes on.
        if not self.may_give_way() or not fresh_vm(self):
            return False
        self.reloading = MemoryError
        if self.heap_log:
            print("heap fallback")  # a reload for lack of heap, not a switch of mode
        return True

    def _reload(self):
        # The switch of mode asked for: a fresh VM on the board (code.py's on_reload);
        # elsewhere (the host simulator, tests) its model: the app starts again from its
        # store alone, as the new VM does (what only the host sets is kept).
        if self.on_reload is not None:
            self.on_reload()
            return
        host = (self.seed_source, self.pause_ms, self.reloads + 1)
        self.screen.leave()
        from boards import load

        self.store.cursor = None  # the new VM reads the journal anew
        made = self._made
        self._boot(load(made[0]), *made[1:], None)
        self.seed_source, self.pause_ms, self.reloads = host

    # -- the model and the journal ------------------------------------------------------

    def _load(self, older):
        # A journal that cannot be read (the FRAM stops answering, the heap runs out) is
        # left as it is, for the next start or a backup: the app goes on without a store,
        # showing NOT SAVED, and never writes over it.
        if self.store is None:
            return None
        from firmware.storage.saves import load

        kept = {}  # type: dict
        try:
            self.book = load(self.store, older, self.settings, kept)
        except (OSError, MemoryError):
            self.book = None
            self.store = None
            self.unsaved = True
        return kept

    def _resume(self, state):
        if self.book is not None and state:  # a dealt match: its seats and its round in progress
            from firmware.play.start import resume

            resume(self, state)

    def ask_unreadable(self):
        # The store holds bytes that are no journal (garbage, zeros, a compaction the power
        # cut short): one screen says a saved match could not be read. Until it is answered,
        # and after "Keep it" (or BACK), nothing is saved, so the bytes stay as they are for
        # `make backup` and the next start; "Start fresh" lets the next save replace them.
        self.open("choice", "Choice", self.t("Match unreadable"),
                  [self.t("Keep it untouched"), self.t("Start fresh")], "unreadable")

    def answer_unreadable(self, result):
        # "Start fresh": the store comes back (unsaved: the next save writes it whole).
        if result == ("unreadable", 1):
            self.store = self.unreadable
        self.unreadable = None

    def _snapshot(self):
        # The whole state as the shortest journal, one payload at a time: settings, then
        # the match.
        yield self._settings()
        if self.book is not None:
            for p in self.book.payloads():
                yield p
                if p["t"] == "new" and self.session is not None:
                    yield self.session.seats()
            if self.session is not None:
                for p in self.session.round_payloads():
                    yield p

    def record(self, data):
        # Journal one change already made to the book or the settings; None: rewrite it all.
        # Nothing more once a write ran out of heap and this VM gives way (below): the
        # fresh VM starts from the journal as it stood before that write.
        if self.store is None or self.reloading is MemoryError:
            return
        s = self.session
        if s is not None and s.unsaved and data is not None and data.get("t") != "actions":
            s.flush()  # the bots' actions go first, in the order they happened
            if self.reloading is MemoryError:  # that write ran out and this VM gives way
                return
        self.drop_bots()
        from firmware.storage.saves import write

        try:
            dealt = s is not None and data is not None and data.get("t") != "dealt"
            write(self.store, self._snapshot, None if self.unsaved else data, dealt)
            self.unsaved = False
        except MemoryError:
            # Nothing written (the heap runs out before the flash is touched). A round's
            # actions or its score, which a fresh VM makes again from the journal (the bots
            # play the same; a person presses again), and a new dealt match's first write (a
            # fresh VM comes back to what the journal holds, the last match; the new one is
            # set up again) let this VM give way to one, as _no_room does without the flush
            # that just failed. Anything else (the settings, a match's rounds) only this VM
            # holds: NOT SAVED, as for a flash that failed, and the next write has it all.
            if data is None:  # the whole journal: a new match's first write, or a compaction
                kind = "new" if self.book is not None and not self.book.rounds() else None
            else:
                kind = data.get("t")
            if s is None or kind not in ("actions", "round", "new") or not self._give_way():
                self.unsaved = True
        except OSError:  # nothing written, or a torn frame the next write skips
            self.unsaved = True
        drop(_JOURNAL_MODULES)
        gc.collect()

    def room_for_a_round(self):
        # A dealt match's VM lasts a round at most on the drive install (the next one
        # starts in a fresh VM: screens/playscore.py). So the journal is given room for a round now, compacted
        # while the heap is whole, and the compaction's buffer goes for the round: 4 KB more
        # for the cards. A round writes at most about 300 bytes (tests/host/
        # test_journal_capacity.py); should one not fit, its compaction makes its own buffer.
        store = self.store
        if store is None or getattr(store, "spare", None) is None:
            return
        end = store.cursor[2] if store.cursor is not None else store.size  # the load left it
        if store.size - end < _ROUND_ROOM:
            self.record(None)
        if not self.unsaved and not install.FROZEN:  # frozen: one VM for many rounds keeps it
            store.spare = None

    def drop_bots(self):
        # The bots' code (still there after a bot's play that is journaled now, or that
        # ended the round) makes room for the journal's: the next bot to think loads it.
        drop(BOT_MODULES)
        gc.collect()

    def start_match(self, book, session=None):
        # The new match replaces the old one in the journal at once (one atomic reset),
        # then a fresh VM shows it (firmware/install.py).
        # ``session``: its dealt cards (a dealt match), None for the score keeper.
        if session is None:
            self.end_session()
        self.book = book
        self.session = session
        self.record(None)
        if not switch(self):
            self.home()

    def end_session(self):
        # The dealt match's cards are done with: its game's modules go too (install.py).
        # The bots' last actions are journaled first: the match ends as it was played (a
        # record made from the journal, host_sim/sim_records.py, has them).
        s = self.session
        if s is not None and s.unsaved and s.playing():
            s.flush()
        self.session = None
        drop(_GAME_MODULES)
        gc.collect()
        # The round's VM let the compaction's buffer go (room_for_a_round); what comes next
        # (a new match) compacts: the buffer again, now that the game's code left room.
        self._reserve()

    def _reserve(self):
        # The nvm store's compaction buffer (firmware/storage/stores.py), if it has none now.
        if getattr(self.store, "reserve", None) is not None:
            try:
                self.store.reserve()
            except MemoryError:  # a compaction then makes its own
                pass

    def save_settings(self):
        # A new language switches through a fresh VM that opens the menu in it (the drive
        # install; frozen, the menu stays and takes the language at once).
        s = self.settings
        if (s["lang"] != self.texts.lang and not install.FROZEN and self.store is not None
                and not self.unsaved):
            s["at"] = "menu"
            self.record(self._settings())
            s["at"] = None
            if switch(self):
                return
        self.texts.use(s["lang"])
        self.record(self._settings())

    def _settings(self):
        # The settings payload; "play" only once a dealt match was set up, "at" only when
        # set (the journal keeps no bytes for a default).
        s = self.settings
        return {k: s[k] for k in s if s[k] or k not in ("play", "at")}

    # -- the dealer mode --------------------------------------------------------------------

    @property
    def dealt(self):
        # The dealt match (engine_core.dealt.Dealt) in play, or None.
        return self.session.dealt if self.session is not None else None

    def new_seed(self):
        # A round's seed (RULES D1): os.urandom on the board, the simulator's own otherwise.
        if self.seed_source is not None:
            return self.seed_source()
        import os

        return int.from_bytes(os.urandom(4), "little")  # the journal keeps 32 bits of it
