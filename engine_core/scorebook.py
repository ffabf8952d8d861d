# The score book of score-keeper mode (RULES D3, C9, T7; CONTRACT "Score-keeper round entry").
#
# A match is a header (game, player names, limit, optional start time) and the list of
# round entries as entered; everything else (deltas, totals, running totals, statistics,
# the winner) is recomputed from the entries, so an edited round can never leave stale
# totals behind.
#
# Every change returns a small JSON-able payload; the device journals exactly these, and
# ``ScoreBook.replay(payloads)`` rebuilds the book from them:
#
#     {"t": "new", "game": "tichu", "names": [...], "limit": 1000, "started": "..."}
#     {"t": "round", "e": {entry}}      a round appended
#     {"t": "undo"}                     the last round dropped
#     {"t": "edit", "i": 3, "e": {entry}}  round 3 (0-based) replaced
#
# Sides are seats in Chimera and teams in Tichu (T1.3: seat % 2).

import json

from engine_core.errors import EntryError

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

# game -> (players, sides, default limit); limits from C9.1 and T7.1.
GAMES = {"chimera": (3, 3, 400), "tichu": (4, 2, 1000)}
_NAME_MAX = const(12)


def _score_round(game, entry):
    # Imported on demand: the board only loads the arithmetic of the game being kept.
    if game == "chimera":
        from engine_core.chimera.scoresheet import score_round
    else:
        from engine_core.tichu.scoresheet import score_round
    return score_round(entry)


def _winner(totals, limit):
    from engine_core.match_end import match_winner
    return match_winner(totals, limit)


def _text(entry):
    # A round as its JSON text: one short string on the heap instead of nested dicts and
    # lists (about 100 bytes a round instead of 700 on MicroPython), and a private copy,
    # so later changes by the caller do not reach the book.
    return json.dumps(entry)


def _check_header(game, names, limit):
    if game not in GAMES:
        raise EntryError("unknown game: %s" % game)
    players = GAMES[game][0]
    if not isinstance(names, list) or len(names) != players:
        raise EntryError("%s needs %d player names" % (game, players))
    for n in names:
        if not isinstance(n, str) or not n.strip() or len(n) > _NAME_MAX:
            raise EntryError("a player name is 1 to %d characters" % _NAME_MAX)
    if not isinstance(limit, int) or isinstance(limit, bool) or limit <= 0:
        raise EntryError("the limit must be a positive whole number")


class ScoreBook:
    def __init__(self, game, names, limit, started=None):
        _check_header(game, names, limit)
        self.game = game
        self.names = list(names)
        self.limit = limit
        self.started = started
        self.players, self.sides = GAMES[game][0], GAMES[game][1]
        self.rows = []  # the entries as entered, each as its JSON text (_text)
        self.deltas = []
        self.totals = [0] * self.sides

    # -- reading -----------------------------------------------------------------------

    def rounds(self):
        return len(self.rows)

    def entry(self, i):
        return json.loads(self.rows[i])

    @property
    def entries(self):
        return [json.loads(r) for r in self.rows]

    def side_names(self):
        # Names per side: the players in Chimera, "A+C" pairs of partners in Tichu.
        if self.sides == self.players:
            return list(self.names)
        n = self.names
        return [n[t] + "+" + n[t + 2] for t in range(self.sides)]

    def running(self):
        # Totals after each round, oldest first.
        out = []
        t = [0] * self.sides
        for d in self.deltas:
            t = [t[s] + d[s] for s in range(self.sides)]
            out.append(t)
        return out

    def winner(self):
        # The winning side once the match is over (C9.2, T7.1), else None.
        return _winner(self.totals, self.limit)

    def over(self):
        return self.winner() is not None

    def tied(self):
        # Someone reached the limit but the lead is shared: play continues (C9.2).
        return max(self.totals) >= self.limit and self.winner() is None

    # -- checking without changing -----------------------------------------------------

    def preview(self, entry, index=None):
        # (deltas, totals after the change) for adding ``entry`` or, with ``index``, for
        # putting it in place of that round; raises EntryError and changes nothing.
        deltas = _score_round(self.game, entry)
        if index is None:
            if self.over():
                raise EntryError("the match is over")
            return deltas, [self.totals[s] + deltas[s] for s in range(self.sides)]
        self._check_index(index)
        rows = list(self.deltas)
        rows[index] = deltas
        return deltas, self._check_sequence(rows)

    def _check_index(self, index):
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(self.rows):
            raise EntryError("no round %s to change" % index)

    def _check_sequence(self, rows):
        # Final totals of these per-round deltas; refuses a match that would have ended
        # before its last round (no round is played after the end, C9.2).
        t = [0] * self.sides
        last = len(rows) - 1
        for i in range(len(rows)):
            d = rows[i]
            t = [t[s] + d[s] for s in range(self.sides)]
            if i < last and _winner(t, self.limit) is not None:
                raise EntryError("then the match ends after round %d; undo the later rounds first"
                                 % (i + 1))
        return t

    # -- changes: each returns its journal payload -------------------------------------

    def add(self, entry):
        deltas, totals = self.preview(entry)
        row = _text(entry)
        self.rows.append(row)
        self.deltas.append(deltas)
        self.totals = totals
        return {"t": "round", "e": json.loads(row)}

    def undo(self):
        if not self.rows:
            raise EntryError("no round to undo")
        self.rows.pop()
        self.deltas.pop()
        self.totals = self.running()[-1] if self.deltas else [0] * self.sides
        return {"t": "undo"}

    def edit(self, index, entry):
        deltas, totals = self.preview(entry, index)
        row = _text(entry)
        self.rows[index] = row
        self.deltas[index] = deltas
        self.totals = totals
        return {"t": "edit", "i": index, "e": json.loads(row)}

    # -- journal -----------------------------------------------------------------------

    def header(self):
        h = {"t": "new", "game": self.game, "names": list(self.names), "limit": self.limit}
        if self.started is not None:
            h["started"] = self.started
        return h

    def payloads(self):
        # The shortest journal that rebuilds this book (used to compact the journal), one
        # payload at a time: a long match's rows as dicts at once would fill the board's heap.
        yield self.header()
        for r in self.rows:
            yield {"t": "round", "e": json.loads(r)}

    def apply(self, data):
        # Redo one journaled change (not "new": that starts a book, see replay).
        kind = data.get("t")
        if kind == "round":
            self.add(data["e"])
        elif kind == "undo":
            self.undo()
        elif kind == "edit":
            self.edit(data["i"], data["e"])
        else:
            raise EntryError("unknown change: %s" % kind)

    @classmethod
    def from_header(cls, h):
        return cls(h.get("game"), h.get("names"), h.get("limit"), h.get("started"))

    @classmethod
    def replay(cls, payloads):
        # The book the journal describes, or None when it holds no match.
        #
        # Payloads are dicts or their JSON text (str or bytes). A later "new" starts over.
        # A change that cannot be read or redone is skipped: the journal only ever holds
        # accepted changes, so this only happens after a version change, and the rest of
        # the match is worth more than a stop.
        book = None
        for p in payloads:
            try:
                if isinstance(p, (bytes, bytearray)):
                    p = p.decode()
                if isinstance(p, str):
                    p = json.loads(p)
                if p.get("t") == "new":
                    book = cls.from_header(p)
                elif book is not None:
                    book.apply(p)
            except (ValueError, KeyError, TypeError, AttributeError):
                # EntryError is a ValueError; so is bad JSON and bad UTF-8.
                pass
        return book
