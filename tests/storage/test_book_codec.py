"""The score keeper's journal payloads as bytes (firmware/storage/book_codec.py): every change the score
book and the app make comes back exactly, in a few bytes (CONTRACT score-keeper round entry)."""

import json

import pytest

from engine_core.scorebook import ScoreBook
from firmware.storage.book_codec import decode, encode
from tests.storage.session import CHIMERA, CHIMERA_EDIT, SETTINGS, TICHU, TICHU_EDIT


def changes():
    out = [SETTINGS]
    book = ScoreBook("tichu", ["Ann", "Bob", "Cid", "Dee"], 1000, "2026-11-23T19:00")
    out.append(book.header())
    out += [book.add(e) for e in TICHU]
    out += [book.undo(), book.edit(2, TICHU_EDIT)]
    book = ScoreBook("chimera", ["Ärni", "Fin", "Gus"], 400)
    out.append(book.header())
    out += [book.add(e) for e in CHIMERA]
    out += [book.undo(), book.edit(1, CHIMERA_EDIT)]
    return out


@pytest.mark.parametrize("payload", changes(), ids=lambda p: p["t"])
def test_every_change_comes_back_exactly(payload):
    assert decode(encode(payload)) == payload


def test_a_round_is_four_bytes_and_an_undo_one():
    for p in changes():
        size = len(encode(p))
        if p["t"] == "round":
            assert size <= 4, p
        if p["t"] == "edit":
            assert size <= 6, p
        if p["t"] == "undo":
            assert encode(p) == b"\x05"


TICHU_ODD = [
    {"calls": {"0": "grand", "3": "tichu"}, "first_out": 0, "double_victory": 0, "card_points": [0, 0]},
    {"calls": {}, "first_out": 1, "double_victory": None, "card_points": [-25, 125], "wish_penalty": 1},
    {"calls": {"1": "tichu"}, "first_out": 1, "double_victory": 1},  # points left out (CONTRACT)
    {"calls": {}, "first_out": 2, "double_victory": None, "card_points": [50, 50], "note": "extra field"},
]
CHIMERA_ODD = [
    {"chimera": 2, "bid": 40, "first_out": 2, "traps": 13, "attack": True, "silent_hunter": False,
     "treasure": [60, 0, 0]},
    {"chimera": 0, "bid": 20, "first_out": 0, "traps": 0, "attack": False, "silent_hunter": False,
     "treasure": [0, 0, 0], "attack_note": 1},
    {"chimera": 1, "bid": 30, "first_out": 1, "treasure": [5, 10, 15]},  # optional fields left out
]


@pytest.mark.parametrize("entry", TICHU_ODD + CHIMERA_ODD)
def test_entries_the_packed_form_cannot_carry_are_kept_as_text(entry):
    for p in ({"t": "round", "e": entry}, {"t": "edit", "i": 300, "e": entry}):
        b = encode(p)
        assert decode(b) == p
        assert json.loads(json.dumps(decode(b))) == p


def test_a_header_the_packed_form_cannot_carry_is_kept_as_text():
    for h in (ScoreBook("tichu", ["A", "B", "C", "D"], 10 ** 6).header(),
              {"t": "new", "game": "chimera", "names": ["A", "B", "C"], "limit": 400, "extra": 1}):
        assert decode(encode(h)) == h


@pytest.mark.parametrize("junk", [b"", b"\x00", b"\x63abc", b"\x02\x07"])
def test_bytes_that_are_no_payload_raise_value_error(junk):
    with pytest.raises((ValueError, IndexError)):
        decode(junk)
