"""An unreadable journal is reported (issue 21 item 5): at power-up over a store that holds
bytes but no journal (garbage, a zeroed nvm, a compaction the power cut short) the device
says in one screen that a saved match could not be read, and offers to keep the bytes
untouched (then nothing is saved until the next start) or to start fresh. `make backup`
still copies the raw bytes. A blank nvm, a new FRAM (zeros) and an older journal to move
in are no such case."""

import pytest

from firmware.keys import BACK, DOWN, OK
from firmware.storage.fram_store import FramStore
from firmware.storage.stores import NvmStore
from host_sim.board_backup import Content, check_backup, make_backup
from host_sim.device import Device
from host_sim.player import new_match, screen_name, tichu_round
from tests.storage.legacy_format import dump, slot

TITLE = "Match unreadable"


def torn_compaction():
    # A journal whose snapshot lost its end (an erase and reprogram cut after the header)
    nvm = bytearray(b"\xff" * 4096)
    dev = Device("picosystem", NvmStore(nvm))
    new_match(dev, "tichu", 1000)
    tichu_round(dev, points=60)
    nvm[40:4096] = b"\xff" * (4096 - 40)
    return bytes(nvm)


UNREADABLE = {"zeroed": bytes(4096), "garbage": bytes((i * 37 + 11) & 0xFF for i in range(4096)),
              "torn compaction": torn_compaction()}


@pytest.mark.parametrize("what", sorted(UNREADABLE))
def test_an_unreadable_nvm_is_said_in_one_screen_and_kept_untouched(what):
    image = UNREADABLE[what]
    nvm = bytearray(image)
    dev = Device("picosystem", NvmStore(nvm))
    assert screen_name(dev) == "Choice" and dev.texts() == [TITLE, "Keep it untouched", "Start fresh"]
    dev.press(OK)  # keep it
    assert screen_name(dev) == "Menu"
    new_match(dev, "tichu", 1000)  # played on, nothing saved
    tichu_round(dev, points=60)
    assert "NOT SAVED" in dev.text()
    assert bytes(nvm) == image
    again = Device("picosystem", NvmStore(nvm))  # and asked again at the next start
    assert again.texts()[0] == TITLE


def test_back_keeps_the_bytes_too():
    image = UNREADABLE["zeroed"]
    nvm = bytearray(image)
    dev = Device("macropad", NvmStore(nvm))
    dev.press(BACK)
    new_match(dev, "tichu", 1000)
    assert bytes(nvm) == image


def test_start_fresh_saves_from_then_on():
    nvm = bytearray(UNREADABLE["garbage"])
    dev = Device("picosystem", NvmStore(nvm))
    dev.press(DOWN)
    dev.press(OK)  # start fresh
    new_match(dev, "tichu", 1000)
    tichu_round(dev, points=60)
    again = Device("picosystem", NvmStore(nvm))
    assert screen_name(again) != "Choice" and again.app.book.totals == dev.app.book.totals


def test_a_damaged_fram_journal_is_said_too_but_a_first_compaction_cut_short_is_no_loss():
    from firmware.storage.saves import write

    fram = bytearray(32768)
    write(FramStore(fram), lambda: [{"t": "settings", "lang": 1}], None)
    damaged = bytearray(fram)
    damaged[20:60] = bytes(40)  # the snapshot's bytes, the header intact
    assert screen_name(Device("picosystem", FramStore(damaged))) == "Choice"
    cut_short = bytearray(32768)  # a new chip whose first compaction lost power before its header
    cut_short[0:9] = b"\xff" * 9
    cut_short[9:60] = fram[9:60]
    assert screen_name(Device("picosystem", FramStore(cut_short))) == "Menu"


def test_backup_copies_the_unreadable_bytes_as_they_are():
    image = UNREADABLE["garbage"]
    doc = make_backup(Content("nvm", image, "picosystem"), "2026-11-26T12:00:00")
    assert check_backup(doc).image == image and doc["match"] is None


@pytest.mark.parametrize("what", ["blank nvm", "new fram", "first version's journal"])
def test_no_question_where_nothing_was_lost(what):
    if what == "new fram":
        store = FramStore(bytearray(32768))
        dev = Device("picosystem", store)
    elif what == "blank nvm":
        dev = Device("picosystem", NvmStore(bytearray(b"\xff" * 4096)))
    else:
        from firmware.storage.choice import open_store

        half = slot(2, [dump({"t": "settings", "lang": 0})])
        nvm = bytearray(half + b"\xff" * (4096 - len(half)))
        store, older = open_store(nvm=nvm, fram=None, files=())
        dev = Device("picosystem", store, older=older)
    assert screen_name(dev) == "Menu" and TITLE not in dev.texts()


def test_a_backup_of_unreadable_bytes_is_not_restored_over_a_board(tmp_path, capsys):
    import json

    from host_sim.__main__ import main as host_sim

    path = tmp_path / "garbage-backup.json"
    path.write_text(json.dumps(make_backup(Content("nvm", UNREADABLE["garbage"]), "2026-11-26T12:00:00")))
    assert host_sim(["restore", "--port", "/nonexistent", "--file", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot read as a journal" in err
