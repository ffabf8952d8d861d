"""A score-keeper round on the emulated PicoSystem, key for key beside the simulator: the
frames after the match's setup, on the round's entry and on the totals after it was saved
are the simulator's byte for byte; the round was journaled on the flash, and a power-up on
that flash comes back on the match's totals as the simulator does on the same nvm.

The keys were found once on the simulator (host_sim/player.py new_match(dev, "tichu", 1000)
then OK, UP three times: 65 : 35) and are kept literal here, so the board is pressed
exactly as the simulator was. The round and the power-up are one test: pytest-xdist deals
tests to its workers one by one, and a second test on the round's flash would run the
round again on the other core."""

import os

from host_sim.device import Device
from host_sim.emu.board import EmuBoard, differences
from host_sim.emu.command import press_keys
from host_sim.player import screen_name
from host_sim.shot import store_in

BOARD = "picosystem"  # the quickest to boot
NVM_OFFSET = 0xFF000  # the nvm's 4 KB in the RP2040's flash (CircuitPython's layout)
NVM_SIZE = 4096
STAGES = (
    ("ok right ok", "Totals"),  # New match: Tichu to 1000, the default names; a reload
    ("ok up*3", "RoundEntry"),  # the round's form: card points 65 : 35
    ("ok", "Totals"),  # saved: the totals 65 : 35
)


def same_frame(emu, sim, what):
    w, h, rgb = emu.frame()
    sim.settle()
    want = sim.panel.render()
    assert (w, h) == (sim.panel.width, sim.panel.height), what
    assert rgb == want, "%s: pixels that differ, their box: %s" % (what, differences(rgb, want, w))


def test_a_score_keeper_round_draws_the_simulators_frames_and_survives_a_power_up(tmp_path):
    sim = Device(BOARD, store_in(str(tmp_path / "sim")))
    dump = str(tmp_path / "flash.img")
    with EmuBoard(BOARD) as emu:
        emu.boot()
        for keys, screen in STAGES:
            ops = emu.flash_ops
            press_keys(emu, keys)
            sim.keys_from(keys)
            assert emu.traceback() is None, emu.traceback()
            assert screen_name(sim) == screen, keys
            same_frame(emu, sim, "after %r (%s)" % (keys, screen))
        # the round was journaled: OK on the form programmed the flash (the nvm's sector)
        assert emu.flash_ops[1] > ops[1], (ops, emu.flash_ops)
        assert sim.app.book.totals == [65, 35]
        assert [s[0] for s in emu.screens] == ["menu", "newmatch", "totals", "entry", "totals"]
        emu.dump(dump)

    # Power-up on that flash: the board's own journal, read by the firmware, and by the
    # simulator from the same 4 KB.
    with open(dump, "rb") as f:
        f.seek(NVM_OFFSET)
        nvm = f.read(NVM_SIZE)
    os.makedirs(tmp_path / "board")
    with open(tmp_path / "board" / "nvm.bin", "wb") as f:
        f.write(nvm)
    again = Device(BOARD, store_in(str(tmp_path / "board")))
    assert screen_name(again) == "Totals" and again.app.book.totals == [65, 35]
    with EmuBoard(BOARD, flash=dump) as emu:
        emu.boot()
        assert emu.traceback() is None, emu.traceback()
        assert [s[0] for s in emu.screens] == ["totals"]
        assert emu.flash_ops == (0, 0)  # nothing written at power-up
        same_frame(emu, again, "after the power-up")
