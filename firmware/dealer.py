# The dealer mode's match in play: the score book's match dealt and played out with
# cards (engine_core/dealt.py), humans and bots mixed, on one shared device.
#
# A dealt match IS a score-book match: ``app.book`` keeps the rounds, totals and the end
# as the score keeper does, and each finished round goes into it through the same
# book.add + app.record path as a round entered by hand. The Dealt's own totals are
# taken from the book before every deal, so Rounds (edit, undo) stay the one truth.
#
# What the screens share lives here, small: the last public happening (``last``: the
# action and its events, put into words by the table), each seat's last word (a bid, a
# pass, a call), the seat whose private view was shown last (``viewer``: the privacy
# screen goes up whenever another human's cards are next), and the bots' clock (a bot
# acts ``pause`` ms after the last visible action; 0 plays them all at once).
#
# Screens: table.Table (public, drives the bots), hand.Hand (one seat's private view),
# privacy.Privacy, playscore.PlayScore (the round's breakdown), playsetup.PlaySetup.
# Starting a dealt match, dealing cards for a running one and resuming one after a power
# cut are firmware/play/start.py's (loaded only for that, dropped with the screens).
#
# The journal (firmware/storage/dealt_codec.py) keeps who sits where (``seats()``, once, after the
# book's "new"), each round's seed as soon as it is dealt, and the round's actions: a
# human's action is written at once, with the bots' actions since the last write before
# it; the bots' actions alone are written when the round ends. After a power cut the
# round is dealt again from its seed and its journaled actions replayed (``resume``);
# the bots then decide again exactly what they decided before (bot_driver.bot_rng), so
# at most the action in flight is lost.

import gc

from engine_core.scorebook import GAMES
from firmware.keys import ticks_diff

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

_QUIET = const(("no_grand", "push", "give"))  # actions nobody sees happen: no pause after them
_LOG = const(8)  # the last visible actions kept for the table's "what happened"


class Session:
    # ``levels``: per seat None (a human) or a bot level; the book is the running match.

    def __init__(self, app, levels, pause):
        book = app.book
        self.app = app
        self.levels = tuple(levels)
        # Imported by name: the engine's dealt match (and its games, bots) are the engine's
        # own to type-check, not the firmware's (host_sim typecheck follows static imports).
        dealt = __import__("engine_core.dealt", None, None, ["Dealt"])
        self.dealt = dealt.Dealt(book.game, self.levels, book.limit, book.totals, book.deltas)
        self.pause = pause
        self.viewer = None
        self.last = None  # (action, events) of the last visible action
        self.log = []  # the last LOG of them, oldest first
        self.said = [None] * GAMES[book.game][0]
        self.pending = None  # (state, the bots' next action or None) cache
        self.since = None  # ticks of the last visible action
        self.hold = 0
        self.opened = None  # the position whose human was shown their cards unasked ("score": the breakdown)
        self.round = b""  # the round as journaled so far: its seed, then its actions, encoded
        self.told = []  # the seats told this round what the push or the exchange brought them

    @property
    def unsaved(self):
        # How many of the round's last actions are not journaled yet (the bots'): the ones
        # the Dealt still holds (``keep`` hands the others over to ``round``).
        return len(self.dealt.actions)

    def seats(self):
        # The journal's record of who sits where (firmware/storage/dealt_codec.py).
        d = self.dealt
        return {"t": "dealt", "game": d.name, "levels": list(self.levels), "first_dealer": d.first_dealer}

    def round_payloads(self):
        # The round in progress as journal payloads: its seed and its actions (those not
        # journaled yet are written with it now).
        d = self.dealt
        if d.state is None or d.finished():
            return
        self.keep(self.round + self.unjournaled())
        yield {"t": "actions", "b": self.round}

    def flush(self):
        # Journal the bots' actions not written yet (before any other change is).
        self._journal(b"")

    def _journal(self, b):
        # The actions not journaled yet, then ``b``: into ``round`` and the journal.
        self.app.drop_bots()
        out = self.unjournaled() + b
        self.keep(self.round + out)
        self.app.record({"t": "actions", "b": out})

    def unjournaled(self):
        # The Dealt's actions not journaled yet, encoded (only now, with the journal's code
        # loaded anyway: action_codec is not held between writes).
        from engine_core.action_codec import encode

        d = self.dealt
        out = b""
        for a in d.actions:
            out += encode(d.name, a)
        return out

    def keep(self, data):
        # ``data`` (the round so far, the pending actions in it) is the round now:
        # the Dealt lets go of those actions only here, once nothing can fail any more.
        self.dealt.take()
        self.round = data

    def humans(self):
        return [s for s in range(len(self.levels)) if self.levels[s] is None]

    def deal(self):
        # The next round, from the book's totals (RULES D1: a fresh seed).
        book = self.app.book
        d = self.dealt
        d.totals = tuple(book.totals)
        d.rounds = tuple([tuple(x) for x in book.deltas])
        d.state = None
        d.start(self.app.new_seed())
        from engine_core.action_codec import encode_seed

        self.round = b""
        self.told = []
        self._journal(encode_seed(d.dealer(), d.seed))
        self.said = [None] * len(self.levels)
        self.last = None
        self.log = []
        self.pending = None
        self.since = None
        self.hold = 0
        self.opened = None

    def playing(self):
        # A round is on the table.
        return self.dealt.state is not None and not self.dealt.finished()

    def act(self, action, now=None):
        # Apply one action (a human's or a bot's); IllegalAction leaves all as it was.
        # When the round is over, its line goes into the score book and the journal.
        d = self.dealt
        events = d.apply(action)
        seat, verb = action[0], action[1]
        if self.levels[seat] is None or d.finished():
            self._journal(b"")
        if verb in ("bid", "pass", "grand", "no_grand", "tichu", "push", "give"):
            self.said[seat] = action[1:]
        elif verb == "play":
            self.said[seat] = None
        if verb not in _QUIET:
            self.last = (action, events)
            self.log.append(self.last)
            if len(self.log) > _LOG:
                self.log.pop(0)
            self.hold = self.pause
        for e in events:
            if e[0] in ("trick", "dealt_rest", "exchanged", "chimera", "redeal"):
                self.said = [None] * len(self.levels)  # a new trick, phase or deal: the words are done
        self.since = now
        self.pending = None
        if d.finished():
            self.score_round()
        return events

    def score_round(self):
        # The finished round's line into the score book and the journal; the next deal
        # starts from the book.
        app = self.app
        payload = app.book.add(self.dealt.entry())
        self.dealt.next_round()
        app.record(payload)

    def bot_due(self, now):
        # The bots' next action once its pause is over, else None.
        d = self.dealt
        if not self.playing():
            return None
        p = self.pending
        if p is None or p[0] is not d.state:
            gc.collect()  # a bot thinks in one piece of heap: the last one's garbage goes first
            p = (d.state, d.bot_action())
            self.pending = p
        if p[1] is None:
            return None
        if self.waiting(now):
            return None
        return p[1]

    def waiting(self, now):
        # True while the last visible action is still being shown (a human's action
        # starts its pause when the table is back, at the first tick).
        if self.since is None:
            if not self.hold:
                return False
            self.since = now
        return ticks_diff(now, self.since) < self.hold

    def may_claim(self, seat):
        # Has ``seat`` anything the table's BOMB (a claim out of turn) could offer it: a
        # bomb to throw now (T5.2) or a Tichu call (T2.4)? Read from its own seat view.
        d = self.dealt
        if d.name != "tichu" or not self.playing():
            return False
        view = __import__("engine_core.tichu.view", None, None, ["seat_view"])  # (by name: see __init__)
        bombs, call = d.game.choices().claims(view.seat_view(d.state, seat))
        return bool(bombs) or call

    def humans_due(self):
        kind, seats = self.dealt.due()
        return [s for s in seats if self.levels[s] is None]

    def needs_privacy(self, seat):
        # The privacy screen goes up before ``seat``'s cards when another human saw theirs
        # last (or nobody yet); with one human at the table, never.
        return len(self.humans()) > 1 and self.viewer != seat
