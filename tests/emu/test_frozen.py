"""The frozen install (issue 27): `make uf2`'s one file, CircuitPython with the app compiled
in and its CIRCUITPY drive, booted on an empty flash. Every board comes up on the
simulator's first frame with the heap the drive install's modules held left free; on the
PicoSystem a score-keeper round is played key for key beside the simulator (no fresh VM:
the totals follow the setup at once), and a newer UF2 dragged over the board keeps the
match (the nvm lies between the firmware and the drive)."""

import pytest

from host_sim.device import Device
from host_sim.emu.board import EmuBoard, frozen_image
from host_sim.emu.command import press_keys
from host_sim.player import BOARDS, screen_name
from host_sim.uf2 import kit_problem, toolchain_problem
from tests.emu.test_score_keeper import same_frame

WHY = kit_problem() or toolchain_problem()  # (installs the toolchain where it may: root, apt-get)
# The drive install leaves 126-131 KB free at the menu (docs/emulator.md); frozen, the app's modules
# hold about 25 KB instead of about 116 KB.
FROZEN_MENU_FREE = 150_000
NEWER = [("newer_build.py", b"BUILD = 2\n")]  # a module more: another firmware image


@pytest.fixture(autouse=True)
def _needs_the_kit():
    if WHY:
        pytest.skip("the frozen install: %s" % WHY)


@pytest.mark.parametrize("board", BOARDS)
def test_the_frozen_uf2_boots_to_the_simulators_first_frame_with_the_heap_free(board):
    with EmuBoard(board, install="frozen") as emu:
        emu.boot()
        assert emu.traceback() is None, emu.traceback()
        assert emu.screens and emu.screens[0][0] == "menu", emu.console[-2000:]
        assert emu.screens[0][1] > FROZEN_MENU_FREE, emu.screens
        same_frame(emu, Device(board, install="frozen"), "the menu")


def test_a_frozen_round_then_a_newer_uf2_dragged_over_keeps_the_match(tmp_path):
    board = "picosystem"
    sim = Device(board, install="frozen")
    dump = str(tmp_path / "flash.img")
    with EmuBoard(board, install="frozen") as emu:
        emu.boot()
        for keys, screen in (("ok right ok", "Totals"), ("ok up*3", "RoundEntry"), ("ok", "Totals")):
            press_keys(emu, keys)
            sim.keys_from(keys)
            assert emu.traceback() is None, emu.traceback()
            assert screen_name(sim) == screen, keys
            same_frame(emu, sim, "after %r (%s)" % (keys, screen))
        assert sim.app.book.totals == [65, 35] and sim.app.reloads == 0
        assert "soft reboot" not in emu.console  # one VM from power-up on
        assert [s[0] for s in emu.screens] == ["menu", "newmatch", "totals", "entry", "totals"]
        emu.dump(dump)
    newer = frozen_image(board, modules=NEWER)
    with EmuBoard(board, flash=dump, firmware=newer, install="frozen") as emu:
        emu.boot()
        assert emu.traceback() is None, emu.traceback()
        assert [s[0] for s in emu.screens] == ["totals"]
        same_frame(emu, sim, "after the update")
