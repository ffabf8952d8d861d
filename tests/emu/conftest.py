"""The emulated boards (host_sim/emu): CircuitPython's own firmware in rp2040js. Without
../shared/tools/circuitpython beside the clone, or without node and rp2040js, every test
here skips with the one reason host_sim.emu.board.missing() gives."""

import pytest

from host_sim.device import install_standins
from host_sim.emu.board import missing

install_standins()  # before any test module imports the firmware (as in tests/device/)

WHY = missing()


@pytest.fixture(autouse=True)
def _needs_the_emulator():
    if WHY:
        pytest.skip("emulated boards: %s" % WHY)
