"""A dealt match in the journal (firmware/storage/dealt_codec.py, firmware/storage/saves.py): the round in
progress is journaled as its seed and its actions, a few bytes each, and comes back after a
restart exactly, whether it was appended action by action or written whole by a compaction;
the score book and settings around it read as before."""

import pytest

from engine_core.action_codec import encode as encode_action, encode_seed
from engine_core.dealt import Dealt
from engine_core.scorebook import ScoreBook
from firmware.storage import saves
from firmware.storage.dealt_codec import ESCAPE, Decoder, Encoder
from firmware.storage.stores import NvmStore
from host_sim.board_backup import default_settings as fresh_settings  # the stand-ins first, then firmware.app

NAMES = {"chimera": ["Ann", "Bob", "Cid"], "tichu": ["Ann", "Bob", "Cid", "Dee"]}


class Session:
    """The journal side of a dealt match as the app keeps it: the book, the seats, the round
    in progress; bot actions batched into one payload until a human is due."""

    def __init__(self, game, levels, limit, store):
        self.game, self.store = game, store
        self.settings = fresh_settings()
        self.book = ScoreBook(game, NAMES[game], limit)
        self.seats = {"t": "dealt", "game": game, "levels": list(levels), "first_dealer": 0}
        self.dealt = Dealt(game, levels, limit)
        self.round = []  # payload bytes of the round in progress
        saves.write(store, self.snapshot, None)

    def snapshot(self):
        yield self.settings
        for p in self.book.payloads():
            yield p
            if p["t"] == "new":
                yield self.seats
        for b in self.round:
            yield {"t": "actions", "b": b}

    def write(self, payload):
        saves.write(self.store, self.snapshot, payload, dealt=True)

    def start(self, seed):
        self.dealt.start(seed)
        b = encode_seed(self.dealt.dealer(), seed)
        self.round = [b]
        self.write({"t": "actions", "b": b})

    def act(self, n):
        """Apply up to ``n`` bot actions, journaled as one payload; True when the round ended."""
        b = b""
        for _ in range(n):
            a = self.dealt.bot_action()
            self.dealt.apply(a)
            b += encode_action(self.game, a)
            if self.dealt.finished():
                break
        self.round.append(b)
        self.write({"t": "actions", "b": b})
        if self.dealt.finished():
            self.write(self.book.add(self.dealt.entry()))
            self.dealt.next_round()
            self.round = []
            return True
        return False


def load(store):
    settings = fresh_settings()
    dealt = {}
    book = saves.load(store, None, settings, dealt)
    return book, dealt, settings


@pytest.mark.parametrize("game", ["chimera", "tichu"])
def test_a_round_in_progress_comes_back_with_its_seed_and_actions(game):
    store = NvmStore(bytearray(b"\xff" * 4096))
    s = Session(game, [0] * len(NAMES[game]), 1000, store)
    seed = 11
    rounds = 0
    while rounds < 2:  # two whole rounds, then part of a third
        s.start(seed)
        seed += 1
        while not s.act(7):
            pass
        rounds += 1
    s.start(seed)
    s.act(5)
    s.act(3)
    book, dealt, _ = load(store)
    assert book.deltas == s.book.deltas and len(book.deltas) == 2
    assert dealt["levels"] == [0] * len(NAMES[game]) and dealt["seed"] == seed
    same = [encode_action(game, a) for a in s.dealt.actions]  # (a play's trailing None is dropped)
    assert [encode_action(game, a) for a in dealt["actions"]] == same
    again = Dealt(game, dealt["levels"], book.limit, book.totals, book.deltas, dealt["first_dealer"])
    again.start(dealt["seed"], dealt["actions"])
    assert again.state.to_list() == s.dealt.state.to_list()
    s.write(None)  # a compaction writes the same journal whole
    book2, dealt2, _ = load(store)
    assert book2.deltas == book.deltas and dealt2 == dealt


def test_between_rounds_no_round_is_in_progress_and_settings_still_apply():
    store = NvmStore(bytearray(b"\xff" * 4096))
    s = Session("tichu", [0, 0, 0, 0], 1000, store)
    s.start(3)
    while not s.act(20):
        pass
    s.settings["lang"] = 1
    s.write(s.settings)  # a settings change inside a dealt match is escaped
    book, dealt, settings = load(store)
    assert settings["lang"] == 1 and dealt["seed"] is None and dealt["actions"] == []
    assert len(book.deltas) == 1


def test_a_new_score_keeper_match_ends_the_dealt_one():
    store = NvmStore(bytearray(b"\xff" * 4096))
    s = Session("chimera", [0, 0, 0], 400, store)
    s.start(3)
    s.act(4)
    book = ScoreBook("tichu", NAMES["tichu"], 1000)

    def plain():
        yield fresh_settings()
        yield from book.payloads()

    saves.write(store, plain, None)
    got, dealt, _ = load(store)
    assert got.game == "tichu" and dealt == {}


def test_escaped_and_raw_payloads_cannot_be_mistaken():
    enc, dec = Encoder(), Decoder()
    seats = {"t": "dealt", "game": "tichu", "levels": [None, 2, 2, 2], "first_dealer": 0}
    for p in (fresh_settings(), ScoreBook("tichu", NAMES["tichu"], 1000).header(), seats):
        assert dec.decode(enc.encode(p)) == p
    pass_byte = encode_action("tichu", (1, "pass"))
    assert dec.decode(enc.encode({"t": "actions", "b": pass_byte})) == {"t": "actions", "b": pass_byte}
    settings = enc.encode(fresh_settings())
    assert settings[0] == ESCAPE and dec.decode(settings) == fresh_settings()
    for seat in range(4):  # no action's first byte is the escape
        for a in ((seat, "pass"), (seat, "play", (8,)), (seat, "tichu"), (seat, "grand"), (seat, "gift", 1),
                  (seat, "play", (8, 9), 2, 5), (seat, "push", (8, 9, 10))):
            assert encode_action("tichu", a)[0] != ESCAPE
    with pytest.raises(ValueError):
        Encoder().encode({"t": "actions", "b": pass_byte})  # actions only inside a dealt match
