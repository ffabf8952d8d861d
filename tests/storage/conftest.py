import os
import tempfile

import pytest


@pytest.fixture
def ram_dir(tmp_path):
    """A scratch directory in RAM where there is one: the sweeps make thousands of fsync'd writes."""
    if not os.path.isdir("/dev/shm") or not os.access("/dev/shm", os.W_OK):
        yield tmp_path
        return
    with tempfile.TemporaryDirectory(dir="/dev/shm") as d:
        yield d
