"""Score-keeper sessions as lists of concrete changes for Keeper.apply (tests/storage/cut_session.py),
made with ScoreBook.add/undo/edit from a seeded PRNG, so every entry is one the book accepts;
and the first app version's journal files holding a running match.

A step is ("settings", {key: value}), ("new", game, names, limit), ("round", entry),
("undo",) or ("edit", index, entry): tuples here, lists once they went through JSON (the
device test hands them to CircuitPython that way); Keeper.apply takes both.
"""

from engine_core.scorebook import ScoreBook
from tests.storage.cut_session import Keeper, chimera_entry, clone, keeps_going, next_entry, tichu_entry
from tests.storage.flash_model import XorShift32


def next_edit(book, rng):
    make = chimera_entry if book.game == "chimera" else tichu_entry
    for _ in range(12):
        i = rng.below(book.rounds())
        e = make(rng)
        if keeps_going(book, e, i):
            return i, e
    return 0, book.entry(0)


class _Planner:
    # Builds concrete steps by making them on a Keeper without a store.

    def __init__(self, seed, keeper=None):
        self.rng = XorShift32(seed)
        self.k = keeper or Keeper()
        self.steps = []

    def do(self, step):
        self.k.apply(step)
        self.steps.append(step)

    def settings(self, **changes):
        self.do(("settings", changes))

    def new(self, game, names, limit):
        self.do(("new", game, names, limit))

    def rounds(self, n):
        for _ in range(n):
            self.do(("round", next_entry(self.k.book, self.rng)))

    def undo(self):
        self.do(("undo",))

    def edit(self):
        i, e = next_edit(self.k.book, self.rng)
        self.do(("edit", i, e))


def session_steps(first_rounds=40, second_rounds=10, seed=2024):
    # Settings, a long Tichu match (a settings change, undo and edit late in it), then a
    # Chimera match with undo and edit.
    p = _Planner(seed)
    p.settings(lang=1, custom=["JAN", "KIM"])
    p.new("tichu", ["Ann", "Bob", "JAN", "Dee"], 2500)
    p.rounds(first_rounds)
    p.settings(lang=0)
    p.undo()
    p.edit()
    p.rounds(2)
    p.new("chimera", ["Eva", "KIM", "Gus"], 750)
    p.rounds(second_rounds)
    p.undo()
    p.edit()
    p.rounds(1)
    return p.steps


def long_match_steps(game, rounds, seed=7):
    # One match of ``rounds`` rounds with the odd undo and edit: what a long evening enters.
    p = _Planner(seed)
    if game == "tichu":
        p.new("tichu", ["Ann", "Bob", "Cid", "Dee"], 3000)
    else:
        p.new("chimera", ["Eva", "Fin", "Gus"], 3000)
    while p.k.book.rounds() < rounds:
        p.rounds(10)
        p.undo()
        p.edit()
        p.rounds(1)
    p.settings(lang=1)
    return p.steps


def resume_steps(keeper, rounds=6, seed=99):
    # A session going on from ``keeper``'s state (the device test starts from a moved-in
    # match); planned on a copy without a store.
    k = Keeper()
    k.settings = clone(keeper.settings)
    if keeper.book is not None:
        k.book = ScoreBook.replay(keeper.book.payloads())
    p = _Planner(seed, k)
    p.rounds(rounds)
    p.settings(lang=1)
    p.undo()
    p.edit()
    p.new("chimera", ["Eva", "Fin", "Gus"], 400)
    p.rounds(4)
    p.undo()
    p.edit()
    return p.steps


# -- the first app version's journal (tests/storage/legacy_format.py writes it) ----------------


def legacy_journals(seed=11, rounds=9):
    # (journal0.bin, journal1.bin, the Keeper state they hold): a Tichu match of the first
    # version; journal1 is the live slot, journal0 an older compaction of the same match.
    from tests.storage.legacy_format import dump, slot

    p = _Planner(seed)
    p.settings(lang=1, custom=["JAN", "KIM", "LEO", "MIA", "NOA", "OLI", "PIA", "RAY"])
    p.new("tichu", ["Annabelle", "Bartholomew", "JAN", "Dorothea"], 1000)
    p.rounds(3)
    older = [dump(x) for x in p.k.snapshot()]
    p.rounds(rounds - 3)
    newer = [dump(x) for x in p.k.snapshot()]
    appended = []
    for kind in ("round", "round", "round", "undo", "edit", "settings", "round", "round"):
        if kind == "settings":
            p.settings(lang=0)
            appended.append(dump(p.k.settings))
            continue
        book = p.k.book
        if kind == "round":
            appended.append(dump(book.add(next_entry(book, p.rng))))
        elif kind == "undo":
            appended.append(dump(book.undo()))
        else:
            i, e = next_edit(book, p.rng)
            appended.append(dump(book.edit(i, e)))
    return slot(4, older), slot(5, newer, appended), p.k.state()
