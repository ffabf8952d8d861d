import pytest

from host_sim.device import Device
from host_sim.shot import journal_in


@pytest.fixture
def make_device(tmp_path):
    """make_device(board, state="a"): a device whose journal lives in tmp_path/state."""

    def make(board, state="journal"):
        return Device(board, journal_in(str(tmp_path / state)))

    return make
