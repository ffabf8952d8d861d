import pytest

from host_sim.device import Device, install_standins
from host_sim.shot import store_in

# The firmware imports CircuitPython's module names (terminalio, keypad, board, ...) when it is
# first imported: the host stand-ins must be in place before any test module imports it.
install_standins()


@pytest.fixture
def make_device(tmp_path):
    """make_device(board, state="a"): a device whose journal lives in tmp_path/state."""

    def make(board, state="journal"):
        return Device(board, store_in(str(tmp_path / state)))

    return make
