"""Every save a real score-keeper session makes, in order, as the journal sees it.

A Tichu match (new match, rounds, a change of settings, undo, edit), then a new Chimera match (the
journal is reset), its rounds, undo and edit, and finally the app compacting the journal to the
book's shortest form. Payloads are the score book's own change records (and the app's settings
record) as JSON, as the app journals them.
"""

import copy
import json

from engine_core.scorebook import ScoreBook


def dump(payload):
    return json.dumps(payload, separators=(",", ":")).encode()


def _tichu(calls, first_out, points, double=None):
    return {"calls": calls, "first_out": first_out, "double_victory": double, "card_points": points}


def _chimera(chimera, bid, first_out, traps, treasure, attack=False, silent=False):
    return {"chimera": chimera, "bid": bid, "first_out": first_out, "traps": traps, "attack": attack,
            "silent_hunter": silent, "treasure": treasure}


TICHU = [
    _tichu({}, 0, [45, 55]),
    _tichu({"1": "tichu"}, 1, [30, 70]),
    _tichu({"0": "grand"}, 2, [60, 40]),
    _tichu({}, 3, [25, 75]),
    _tichu({"2": "tichu"}, 2, [50, 50]),
    _tichu({}, 1, [-25, 125]),
    _tichu({"3": "tichu"}, 0, [80, 20]),
    _tichu({}, 0, [100, 0]),
    _tichu({"1": "tichu", "2": "tichu"}, 2, [35, 65]),
    _tichu({}, 3, [40, 60]),
]
TICHU_EDIT = _tichu({"0": "tichu"}, 0, [55, 45])
TICHU_LATE = [_tichu({}, 1, [20, 80]), _tichu({"0": "tichu"}, 0, [70, 30])]

CHIMERA = [
    _chimera(0, 20, 0, 1, [10, 20, 15]),
    _chimera(1, 30, 2, 0, [25, 10, 20]),
    _chimera(2, 40, 2, 2, [0, 5, 40], attack=True),
    _chimera(0, 30, 1, 1, [20, 20, 20]),
    _chimera(1, 20, 1, 0, [0, 15, 30], silent=True),
    _chimera(2, 30, 0, 3, [30, 15, 10]),
]
CHIMERA_EDIT = _chimera(1, 40, 1, 1, [10, 10, 10])
SETTINGS = {"t": "settings", "lang": 1, "chimera": 400, "tichu": 1000, "names": ["Ann", "Bob"], "custom": []}


def book_state(book):
    """What the screen shows of a match; equal states mean the same match."""
    if book is None:
        return None
    return copy.deepcopy((book.game, book.names, book.limit, book.entries, book.deltas, book.totals,
                          book.winner()))


def steps():
    """[(label, op, data, book state after)]: op "reset" with a list of payloads, "append" with one."""
    out = []

    def new(game, names, limit):
        book = ScoreBook(game, names, limit)
        out.append(("new %s match" % game, "reset", [dump(book.header())], book_state(book)))
        return book

    def change(label, payload, book):
        out.append((label, "append", dump(payload), book_state(book)))

    book = new("tichu", ["Ann", "Bob", "Cid", "Dee"], 1000)
    for i, e in enumerate(TICHU):
        change("tichu round %d" % (i + 1), book.add(e), book)
        if i == 4:
            change("settings", SETTINGS, book)
    change("tichu undo", book.undo(), book)
    change("tichu edit round 3", book.edit(2, TICHU_EDIT), book)
    for e in TICHU_LATE:
        change("tichu round %d" % (book.rounds() + 1), book.add(e), book)
    book = new("chimera", ["Eva", "Fin", "Gus"], 400)
    for i, e in enumerate(CHIMERA):
        change("chimera round %d" % (i + 1), book.add(e), book)
    change("chimera undo", book.undo(), book)
    change("chimera edit round 2", book.edit(1, CHIMERA_EDIT), book)
    out.append(("compact (reset)", "reset", [dump(p) for p in book.payloads()], book_state(book)))
    return out


def apply(journal, step):
    _, op, data, _ = step
    if op == "reset":
        journal.reset(data)
    else:
        journal.append(data)


def lists():
    """The journal's list after each step (what load() must return)."""
    out = []
    cur = []
    for _, op, data, _ in steps():
        cur = list(data) if op == "reset" else cur + [data]
        out.append(cur)
    return out
