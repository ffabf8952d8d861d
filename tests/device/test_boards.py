"""Board profiles: every logical key reachable, keys and names consistent, real pin names."""

import pytest

import boards
from firmware.keys import BACK, DOWN, LEFT, MENU, OK, RIGHT, UP
from host_sim.device import install_standins
from host_sim.stubs import board as board_stub

NEEDED = (UP, DOWN, LEFT, RIGHT, OK, BACK, MENU)


@pytest.mark.parametrize("name", boards.IDS)
def test_profile_is_consistent(name):
    install_standins()
    p = boards.load(name)
    assert p.ID == name and boards.BY_BOARD_ID[p.BOARD_ID] == name
    pins = board_stub.use(p.BOARD_ID)
    keys = p.make_keys()  # raises AttributeError on a pin the board does not have
    assert all(pin.name in pins for pin in keys.pins)
    assert len(p.KEYMAP) == keys.key_count == len(p.LABELS) == len(p.SIM_KEYS)
    given = [k for pair in p.KEYMAP for k in pair if k is not None]
    for k in NEEDED:
        assert k in given, "%s: no button gives %s" % (name, k)
    taps = [t for t, _ in p.KEYMAP]
    for k in (UP, DOWN, OK, BACK):  # the everyday keys are never behind a hold
        assert k in taps
    assert OK in p.HINTS and p.WIDTH > 0 and p.HEIGHT > 0 and p.DEPTH in (1, 16)
    assert p.PAPER == (p.REFRESH_MS > 0)
    assert isinstance(p.LIBS, tuple)  # the Adafruit libraries make deploy copies (firmware needs none)


def test_board_pins_from_the_circuitpython_board_definitions():
    install_standins()
    board_stub.use("raspberry_pi_pico")
    assert [pin.name for pin in boards.load("pico_display_pack").make_keys().pins] == [
        "GP12", "GP13", "GP14", "GP15"]  # A B X Y of the Display Pack
    board_stub.use("pimoroni_badger2040")
    assert boards.load("badger2040").make_keys().value_when_pressed is True
    board_stub.use("adafruit_macropad_rp2040")
    enc = boards.load("macropad").make_encoder()
    assert [pin.name for pin in enc.pins] == ["ENCODER_A", "ENCODER_B"]
