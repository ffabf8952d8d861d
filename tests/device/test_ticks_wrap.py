"""supervisor.ticks_ms() wraps at 2**29, and CircuitPython starts it 65 s short of the wrap
so that the first wrap comes soon after power-up (the host's stand-in does the same:
host_sim/stubs/supervisor.py TICKS_START). Code that subtracts ticks instead of taking
their difference modulo 2**29 (firmware/keys.py ticks_diff) breaks then. Issue 26: on the
emulated board, a hand that came up by itself just before the wrap swallowed every OK
after it (its grace time, firmware/screens/hand.py GRACE, never ended)."""

from host_sim import player as pl
from host_sim.device import Device
from host_sim.stubs import supervisor

WRAP = 1 << 29


def _to_the_human_hand(dev):
    # The bots bid first or not: the human's hand comes up by itself when it is due.
    for _ in range(3000):
        scr = dev.screen()
        if type(scr).__name__ == "Hand" and getattr(scr, "calm", None) is not None and scr.due()[1]:
            return dev.now
        dev.advance(20)
    raise AssertionError("the human's hand never came up by itself")


def _dealt(board):
    dev = Device(board)
    dev.app.pause_ms = 0
    pl.play_setup(dev, "chimera", humans=(0,), level=1, pause=0)
    return dev


def test_a_hand_that_came_up_just_before_the_ticks_wrapped_takes_ok_after_its_grace(monkeypatch):
    up = _to_the_human_hand(_dealt("picosystem"))  # when it comes up, on this seed
    # The same match again, the ticks now wrapping 100 ms after the hand comes up.
    monkeypatch.setattr(supervisor, "TICKS_START", WRAP - up - 100)
    dev = _dealt("picosystem")
    assert _to_the_human_hand(dev) == up
    assert supervisor.ticks_ms() > WRAP - 200  # just before the wrap
    steps = dev.app.session.dealt.steps
    pl.calm(dev)  # the grace time passes (300 ms: the ticks have wrapped meanwhile)
    assert supervisor.ticks_ms() < 1000
    pl.human_turn(dev)  # the lowest bid through the menu, OK at the end
    assert dev.app.session.dealt.steps > steps, "the hand took no OK after the ticks wrapped"


def test_the_stand_in_starts_the_ticks_as_circuitpython_does():
    # Read off the emulated PicoSystem: 536,811,002 at 7.1 s of chip time (the first wrap
    # about 67 s after power-up); the stand-in wraps 65.5 s after its clock starts.
    assert WRAP - 70000 < supervisor.TICKS_START < WRAP - 60000


def test_the_e_papers_stand_in_refreshes_across_the_wrap(monkeypatch):
    # The Badger's panel may refresh once every 2 s; its stand-in counts in ticks.
    monkeypatch.setattr(supervisor, "TICKS_START", WRAP - 1000)
    dev = Device("badger2040")
    dev.settle()
    dev.advance(2500)  # the ticks wrap meanwhile
    assert supervisor.ticks_ms() < 2000
    dev.keys_from("down")
    dev.settle()  # "the panel never refreshed" when the wait was counted without the wrap
