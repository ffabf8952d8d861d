"""The logical input layer (firmware/keys.py): taps, holds, repeats, the encoder."""

from firmware.keys import (
    _REPEAT_DELAY_MS as REPEAT_DELAY_MS,
    _REPEAT_MS as REPEAT_MS,
    BACK,
    CCW,
    CW,
    DOWN,
    HOLD_MS,
    LEFT,
    MENU,
    OK,
    UP,
    Input,
    ticks_diff,
)
from host_sim.stubs.keypad import Keys
from host_sim.stubs.rotaryio import IncrementalEncoder

KEYMAP = ((UP, None), (OK, MENU), (DOWN, LEFT), (None, None))


def _input(encoder=None):
    keys = Keys(("a", "b", "c", "d"), value_when_pressed=False)
    inp = Input(keys, KEYMAP, encoder)
    assert inp.poll(0) == []  # the app's first pass: nothing was down at start
    return keys, inp


def test_a_key_down_when_the_app_starts_is_no_press():
    # After a reload (firmware/install.py) the new keypad reports the button that switched
    # modes if it is still held: neither it nor its release acts; the next press does.
    keys = Keys(("a", "b", "c", "d"), value_when_pressed=False)
    inp = Input(keys, KEYMAP)
    keys.inject(0, True, 0)
    keys.inject(1, True, 5)
    assert inp.poll(10) == []
    assert inp.poll(10 + HOLD_MS) == []  # held past the hold time: still nothing
    keys.inject(0, False, 900)
    keys.inject(1, False, 905)
    assert inp.poll(1000) == []
    keys.inject(0, True, 1100)
    assert inp.poll(1100) == [UP]
    keys.inject(1, True, 1200)
    keys.inject(1, False, 1250)
    assert inp.poll(1300) == [OK]


def test_a_key_without_hold_action_acts_on_press_and_repeats_while_held():
    keys, inp = _input()
    keys.inject(0, True, 1000)
    assert inp.poll(1000) == [UP]
    assert inp.poll(1000 + REPEAT_DELAY_MS - 1) == []
    assert inp.poll(1000 + REPEAT_DELAY_MS) == [UP]
    assert inp.poll(1000 + REPEAT_DELAY_MS + REPEAT_MS) == [UP]
    keys.inject(0, False, 1000 + REPEAT_DELAY_MS + REPEAT_MS + 10)
    assert inp.poll(5000) == []


def test_a_key_with_a_hold_action_taps_on_release_or_holds():
    keys, inp = _input()
    keys.inject(1, True, 0)
    assert inp.poll(10) == []
    keys.inject(1, False, 100)
    assert inp.poll(110) == [OK]
    keys.inject(1, True, 200)
    assert inp.poll(200 + HOLD_MS) == [MENU]
    assert inp.poll(200 + 3 * HOLD_MS) == []  # once per hold
    keys.inject(1, False, 200 + 3 * HOLD_MS)
    assert inp.poll(200 + 3 * HOLD_MS) == []
    # Held long but released before any poll saw it: still the hold action.
    keys.inject(2, True, 5000)
    keys.inject(2, False, 5000 + HOLD_MS + 5)
    assert inp.poll(5000 + HOLD_MS + 10) == [LEFT]


def test_unmapped_keys_and_the_encoder():
    enc = IncrementalEncoder("a", "b")
    keys, inp = _input(enc)
    keys.inject(3, True, 0)
    keys.inject(3, False, 50)
    assert inp.poll(60) == []
    enc.position = 2
    assert inp.poll(70) == [CW, CW]
    enc.position = 1
    assert inp.poll(80) == [CCW]


def test_idle_time_and_ticks_that_wrap():
    keys, inp = _input()
    assert inp.idle_ms(0) > 10000
    keys.inject(1, True, 0)
    inp.poll(0)
    assert inp.idle_ms(50) == 0  # a key is down
    keys.inject(1, False, 100)
    inp.poll(100)
    assert inp.idle_ms(400) == 300
    wrap = 1 << 29
    assert ticks_diff(5, wrap - 5) == 10 and ticks_diff(wrap - 5, 5) == -10
    assert BACK not in [k for pair in KEYMAP for k in pair]
