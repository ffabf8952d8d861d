"""Where the match lives (firmware/storage/choice.py): the FRAM if one answers, else the nvm;
an older home's match is moved in once by the app's first save and the older home is never
written, CIRCUITPY least of all."""

import os

from engine_core.scorebook import ScoreBook
from firmware.storage.choice import find_fram, open_store
from firmware.storage.fram_store import FramStore
from firmware.storage.saves import load, write
from firmware.storage.stores import NvmStore
from host_sim.board_backup import default_settings
from tests.storage.legacy_format import dump, slot
from tests.storage.session import SETTINGS, TICHU, book_state

# The app's settings as a new board starts with them; through the host's stand-ins, so
# firmware.app binds them and not Blinka's modules when this module is the first to import it.
DEFAULTS = default_settings()


def erased(size=4096):
    return bytearray(b"\xff" * size)


def a_match(rounds=5):
    book = ScoreBook("tichu", ["Ann", "Bob", "Cid", "Dee"], 1000)
    changes = [book.header()] + [book.add(e) for e in TICHU[:rounds]]
    return book, changes


def first_version_files(tmp_path, payloads, older=()):
    """journal0.bin holds an older generation, journal1.bin the live one, read-only as on a
    drive the computer owns."""
    paths = (str(tmp_path / "journal0.bin"), str(tmp_path / "journal1.bin"))
    with open(paths[0], "wb") as f:
        f.write(slot(3, [dump(p) for p in older]))
    with open(paths[1], "wb") as f:
        f.write(slot(4, [dump(payloads[0])], [dump(p) for p in payloads[1:]]))
    for p in paths:
        os.chmod(p, 0o444)
    return paths


def start(store, older):
    """What the app does at power-up: load, and save what was moved in."""
    settings = dict(DEFAULTS)
    book = load(store, older, settings)
    if older is not None:
        write(store, lambda: [settings] + (list(book.payloads()) if book else []), None)
    return settings, book


def test_the_first_versions_files_move_into_the_nvm_once(tmp_path):
    book, changes = a_match()
    paths = first_version_files(tmp_path, [SETTINGS] + changes, older=[{"t": "undo"}])
    before = [open(p, "rb").read() for p in paths]
    nvm = erased()
    store, older = open_store(nvm=nvm, files=paths)
    assert isinstance(store, NvmStore) and older is not None
    settings, got = start(store, older)
    assert book_state(got) == book_state(book) and settings["lang"] == SETTINGS["lang"]
    assert [open(p, "rb").read() for p in paths] == before
    # the next power-up: the nvm is the home, the files are not read again
    for p in paths:
        os.chmod(p, 0o644)
        os.remove(p)
    store, older = open_store(nvm=nvm, files=paths)
    assert older is None
    assert book_state(start(store, None)[1]) == book_state(book)


def test_the_first_versions_nvm_journal_is_newer_than_its_files(tmp_path):
    book, changes = a_match(5)
    _, stale = a_match(2)
    paths = first_version_files(tmp_path, stale)
    nvm = erased()
    half = len(nvm) // 2
    data = slot(9, [dump(p) for p in changes])
    nvm[0:len(data)] = data
    nvm[half:half + 4] = b"SJ\x00\x00"  # the other half: a torn frame
    store, older = open_store(nvm=nvm, files=paths)
    _, got = start(store, older)
    assert book_state(got) == book_state(book)
    assert open_store(nvm=nvm, files=paths)[1] is None


def test_nothing_anywhere_starts_empty(tmp_path):
    store, older = open_store(nvm=erased(), files=(str(tmp_path / "a"), str(tmp_path / "b")))
    assert older is None and start(store, older) == (DEFAULTS, None)


def test_a_live_journal_is_never_replaced_by_an_older_home(tmp_path):
    book, changes = a_match(3)
    nvm = erased()
    store = NvmStore(nvm)
    write(store, lambda: [DEFAULTS] + list(book.payloads()), None)
    paths = first_version_files(tmp_path, a_match(1)[1])
    store, older = open_store(nvm=nvm, files=paths)
    assert older is None and book_state(start(store, None)[1]) == book_state(book)


def test_a_new_fram_takes_the_match_from_the_nvm_and_leaves_the_nvm_alone(tmp_path):
    book, _ = a_match(4)
    nvm = erased()
    write(NvmStore(nvm), lambda: [SETTINGS] + list(book.payloads()), None)
    kept = bytes(nvm)
    fram = bytearray(32768)  # a new chip: zeros, no journal
    store, older = open_store(nvm=nvm, fram=fram, files=())
    assert isinstance(store, FramStore)
    settings, got = start(store, older)
    assert book_state(got) == book_state(book) and settings["lang"] == SETTINGS["lang"]
    assert bytes(nvm) == kept
    store, older = open_store(nvm=nvm, fram=fram, files=())
    assert older is None and book_state(start(store, None)[1]) == book_state(book)


class Profile:
    def __init__(self, make_i2c):
        self.make_i2c = make_i2c


def test_no_bus_or_no_chip_means_no_fram():
    assert find_fram(object()) is None  # a profile without make_i2c
    assert find_fram(Profile(lambda: None)) is None

    def broken():
        raise ValueError("No pull up found on SDA or SCL; check your wiring")

    assert find_fram(Profile(broken)) is None


def test_without_any_nvm_there_is_no_store(monkeypatch):
    import firmware.storage.choice as choice

    monkeypatch.setattr(choice, "board_nvm", lambda: None)
    assert open_store() == (None, None)
