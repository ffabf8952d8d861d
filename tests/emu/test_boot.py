"""Every board boots CircuitPython's own firmware with the app as `make uf2` lays it and
comes up on the menu without a traceback, drawing the simulator's first frame byte for byte
(issue 26 item 4)."""

import pytest

from host_sim.device import Device
from host_sim.emu.board import EmuBoard, differences
from host_sim.player import BOARDS


@pytest.mark.parametrize("board", BOARDS)
def test_the_board_boots_to_the_simulators_first_frame(board):
    with EmuBoard(board) as emu:
        emu.boot()
        assert emu.traceback() is None, emu.traceback()
        assert emu.screens and emu.screens[0][0] == "menu", emu.console[-2000:]
        w, h, rgb = emu.frame()
    sim = Device(board)
    sim.settle()
    assert (w, h) == (sim.panel.width, sim.panel.height)
    want = sim.panel.render()
    assert len(rgb) == len(want) == w * h * 3
    assert rgb == want, "%s: pixels that differ, their box: %s" % (board, differences(rgb, want, w))
