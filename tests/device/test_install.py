"""The frozen install (make uf2: the app compiled into the firmware) against the drive's
(make deploy): firmware/install.py tells them apart by the modules' __file__, and frozen the
app stays in one VM and keeps its modules; the journal holds the same either way."""

import sys

import pytest

from firmware import install
from firmware.keys import OK, UP
from firmware.storage.saves import load
from firmware.storage.stores import NvmStore
from host_sim.device import Device
from host_sim.player import menu, new_match, play_dealt_round, play_setup, screen_name


@pytest.fixture(autouse=True)
def _drive_after():
    yield
    install.FROZEN = False  # the host's own modules are files: as at import


def _journal(nvm):
    from firmware.app import fresh_settings

    settings = fresh_settings()
    kept = {}
    return settings, load(NvmStore(nvm), None, settings, kept), kept


@pytest.mark.parametrize("path, frozen", [
    ("firmware/install.py", True),  # a frozen module's __file__ on CircuitPython (KIT.md)
    ("/app_a/firmware/install.mpy", False),  # make deploy's folder on CIRCUITPY
    ("/firmware/install.py", False),  # the app copied to the drive's root by hand
    ("/work/main/firmware/install.py", False),  # the desktop
    ("C:\\cards\\firmware\\install.py", False),
])
def test_the_install_is_told_by_the_modules_path(path, frozen):
    assert install.frozen(path) is frozen


def test_the_desktop_runs_the_drive_install_unless_told():
    assert install.frozen(install.__file__) is False
    Device("picosystem", install="frozen")
    assert install.FROZEN is True
    Device("picosystem")
    assert install.FROZEN is False
    with pytest.raises(ValueError):
        Device("picosystem", install="flash")


@pytest.mark.parametrize("game", ["chimera", "tichu"])
def test_frozen_a_dealt_match_plays_its_rounds_in_one_vm_with_the_journal_as_on_the_drive(game):
    boards = {}
    for how in ("drive", "frozen"):
        nvm = bytearray(b"\xff" * 4096)
        dev = Device("picosystem", NvmStore(nvm), seed=7, install=how)
        dev.app.pause_ms = 0
        play_setup(dev, game, humans=(0,), level=1)
        for _ in range(2):
            play_dealt_round(dev)
            dev.press(OK)  # the breakdown's OK deals the next round
            assert screen_name(dev) in ("Table", "Hand", "Privacy", "MatchEnd")
        boards[how] = (dev, nvm)
    drive, frozen = boards["drive"][0], boards["frozen"][0]
    assert drive.app.reloads == 3 and frozen.app.reloads == 0  # the match, two rounds
    assert frozen.app.book.totals == drive.app.book.totals
    assert frozen.text() == drive.text()
    assert frozen.app.store.spare is not None  # one VM for many rounds keeps the compaction's buffer
    kept = [_journal(nvm)[1:] for _, nvm in boards.values()]
    assert kept[0][0].totals == kept[1][0].totals and kept[0][1]["seed"] == kept[1][1]["seed"]
    again = Device("picosystem", NvmStore(boards["frozen"][1]), seed=7, install="frozen")  # a power cut
    assert again.app.book.totals == frozen.app.book.totals and again.app.dealt.seed == frozen.app.dealt.seed


def test_frozen_the_modules_stay_and_on_the_drive_they_go():
    for how, kept in (("drive", False), ("frozen", True)):
        for name in [n for n in sys.modules if n.startswith("firmware.screens.settings")]:
            del sys.modules[name]
        dev = Device("picosystem", install=how)
        menu(dev, "Settings")
        assert "firmware.screens.settings" in sys.modules
        dev.press("back")
        assert ("firmware.screens.settings" in sys.modules) is kept, how


def test_frozen_a_new_language_and_a_new_match_need_no_fresh_vm():
    nvm = bytearray(b"\xff" * 4096)
    dev = Device("picosystem", NvmStore(nvm), install="frozen")
    new_match(dev, "tichu", 500)
    assert screen_name(dev) == "Totals"
    menu(dev, "Settings")
    dev.press(UP)  # the language: Deutsch
    dev.press(OK)
    assert dev.app.reloads == 0
    assert screen_name(dev) == "Menu" and "Einstellungen" in dev.text()
    settings, book, _ = _journal(nvm)
    assert settings["lang"] == 1 and settings["at"] is None and book.limit == 500
    again = Device("picosystem", NvmStore(nvm), install="frozen")  # a power cut now: the totals, in German
    assert screen_name(again) == "Totals" and again.app.texts.lang == 1


def test_frozen_a_step_the_heap_has_no_room_for_still_gives_way_to_a_fresh_vm(monkeypatch):
    # The fallback is the same in both installs: the frozen app has heap to spare, but a
    # MemoryError still ends in a fresh VM that the journal brings back, never in a crash.
    import builtins

    nvm = bytearray(b"\xff" * 4096)
    dev = Device("picosystem", NvmStore(nvm), seed=3, install="frozen")
    dev.app.pause_ms = 0
    play_setup(dev, "chimera", humans=(0,), level=1)
    real = builtins.__import__
    failed = []

    def tight(name, *args, **kw):
        if name == "firmware.screens.playscore" and not failed:
            failed.append(name)
            raise MemoryError("memory allocation failed, allocating 1280 bytes")
        return real(name, *args, **kw)

    monkeypatch.setattr(builtins, "__import__", tight)
    play_dealt_round(dev)  # its breakdown at the end
    monkeypatch.setattr(builtins, "__import__", real)
    assert failed and dev.app.reloads == 1 and screen_name(dev) == "PlayScore"
    assert dev.app.book.rounds() == 1


def test_the_hands_mah_jong_is_the_engines():
    # firmware/screens/hand.py names the card itself so that a Chimera match never loads
    # the Tichu engine (on the drive install, heap).
    from engine_core.tichu.game import MAHJONG_CARD
    from firmware.screens import hand

    assert hand.MAHJONG_CARD == MAHJONG_CARD
