"""Switches of mode through a fresh VM (firmware/modes.py): the host's model of the board's
supervisor.reload() starts the app again from its store alone, so what comes back is what
the journal holds."""

from firmware.app import fresh_settings
from firmware.keys import DOWN, OK, UP
from firmware.saves import load
from firmware.stores import NvmStore
from host_sim.device import Device
from host_sim.player import choose, menu, new_match, play_setup, screen_name


def _journal(nvm):
    settings = fresh_settings()
    kept = {}
    book = load(NvmStore(nvm), None, settings, kept)
    return settings, book, kept


def test_a_new_language_comes_back_on_the_menu_after_a_reload_and_only_once():
    nvm = bytearray(b"\xff" * 4096)
    dev = Device("picosystem", NvmStore(nvm))
    new_match(dev, "tichu", 500)
    assert dev.app.reloads == 1 and screen_name(dev) == "Totals"
    menu(dev, "Settings")
    dev.press(UP)  # the language: Deutsch
    dev.press(OK)
    assert dev.app.reloads == 2
    assert screen_name(dev) == "Menu" and dev.app.texts.lang == 1 and "Einstellungen" in dev.text()
    settings, book, _ = _journal(nvm)
    assert settings["lang"] == 1 and settings["at"] is None  # the menu only this once
    assert book.game == "tichu" and book.limit == 500
    again = Device("picosystem", NvmStore(nvm))  # a power cut now: the match's totals
    assert screen_name(again) == "Totals"


def test_a_limit_in_the_settings_is_no_switch_of_mode():
    nvm = bytearray(b"\xff" * 4096)
    dev = Device("picosystem", NvmStore(nvm))
    menu(dev, "Settings")
    dev.press(DOWN)
    dev.press(UP)
    dev.press(OK)
    assert dev.app.reloads == 0 and screen_name(dev) == "Menu"


def test_a_dealt_match_starts_in_a_fresh_vm_at_its_table_and_plays_on():
    nvm = bytearray(b"\xff" * 4096)
    dev = Device("picosystem", NvmStore(nvm), seed=3)
    dev.app.pause_ms = 0
    play_setup(dev, "chimera", humans=(0,), level=1)
    assert dev.app.reloads == 1
    assert screen_name(dev) in ("Table", "Hand", "Privacy")
    _, book, kept = _journal(nvm)
    assert book.game == "chimera" and kept["seed"] == dev.seeds.given[0]
    d = dev.app.dealt
    assert d.state is not None and d.seed == dev.seeds.given[0]  # dealt again from the journal
    for _ in range(50):  # the bots play on in the new VM
        dev.advance(100)
    assert dev.app.dealt.steps > 0 or screen_name(dev) == "Hand"


def test_without_a_store_the_switch_stays_in_this_vm():
    dev = Device("picosystem", None)
    menu(dev, "Settings")
    choose(dev, "lang", 1)
    dev.press(OK)
    assert dev.app.reloads == 0 and dev.app.texts.lang == 1 and screen_name(dev) == "Menu"
    new_match(dev, "chimera", 300)
    assert dev.app.reloads == 0
