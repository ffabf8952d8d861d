"""firmware/boot.py: the app gets the flash unless the Back key is held at power-up."""

import sys
import types

import pytest

import boards
import firmware.boot as boot
import host_sim.stubs.storage as storage_stub
from firmware.keys import BACK, OK

BOARD_IDS = {profile: board_id for board_id, profile in boards.BY_BOARD_ID.items()}
APP_WRITES = [("remount", "/", False, False)]


class _Keys:
    """keypad.Keys over pins named like board attributes: the pins in `held` are down at power-up
    and each reports one press; `opened` lists the pin tuples the profile asked for."""

    held = set()
    fail = False
    opened = []
    deinited = 0

    def __init__(self, pins, value_when_pressed, pull=True):
        if _Keys.fail:
            raise RuntimeError("pin in use")
        _Keys.opened.append(pins)
        self.queue = [types.SimpleNamespace(key_number=i, pressed=True)
                      for i, pin in enumerate(pins) if pin in _Keys.held]
        self.events = self

    def get(self):
        return self.queue.pop(0) if self.queue else None

    def deinit(self):
        _Keys.deinited += 1


def fake_board(board_id):
    mod = types.ModuleType("board")
    mod.board_id = board_id
    mod.__getattr__ = lambda name: name  # every pin is its own name
    return mod


@pytest.fixture
def power_up(monkeypatch):
    """power_up(profile id, logical key held or None) -> storage calls boot.py made."""
    keypad = types.ModuleType("keypad")
    keypad.Keys = _Keys
    monkeypatch.setitem(sys.modules, "keypad", keypad)
    monkeypatch.setitem(sys.modules, "storage", storage_stub)
    monkeypatch.setattr(boot, "SCAN_S", 0)

    def run(profile_id, held=None):
        monkeypatch.setitem(sys.modules, "board", fake_board(BOARD_IDS[profile_id]))
        _Keys.held, _Keys.opened, _Keys.deinited = set(), [], 0
        if held is not None:
            profile = boards.load(profile_id)
            profile.make_keys()
            pins = _Keys.opened[-1]
            _Keys.held = {pins[[tap for tap, _ in profile.KEYMAP].index(held)]}
        storage_stub.reset()
        boot.main()
        return list(storage_stub.calls)

    yield run
    _Keys.fail = False


@pytest.mark.parametrize("profile_id", boards.IDS)
def test_normal_power_up_gives_the_flash_to_the_app(power_up, profile_id, capsys):
    assert power_up(profile_id) == APP_WRITES
    assert _Keys.deinited == 1  # the keys are free again for the app
    assert "hold %s" % boards.load(profile_id).HINTS[BACK] in capsys.readouterr().out


@pytest.mark.parametrize("profile_id", boards.IDS)
def test_back_held_at_power_up_leaves_the_drive_to_usb(power_up, profile_id, capsys):
    assert power_up(profile_id, BACK) == []
    assert "%s held" % boards.load(profile_id).HINTS[BACK] in capsys.readouterr().out


@pytest.mark.parametrize("profile_id", boards.IDS)
def test_another_key_held_does_not_count(power_up, profile_id):
    assert power_up(profile_id, OK) == APP_WRITES


def test_unreadable_keys_leave_the_drive_to_usb(power_up, capsys):
    _Keys.fail = True
    assert power_up("picosystem") == []
    assert "unreadable" in capsys.readouterr().out
