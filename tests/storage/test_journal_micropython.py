"""The journal's own code under MicroPython (the npm WebAssembly build that `make test` installs):
power cut at every byte of a shortened session, with the native and with the Python CRC."""

import os
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.parametrize("crc", ["native", "python"])
def test_cut_at_every_byte_under_micropython(crc):
    args = ["node", "tests/mp/exec.mjs", "tests/storage/mp_journal.py"] + (["py"] if crc == "python" else [])
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "journal ok" in done.stdout and "crc %s" % crc in done.stdout, done.stdout
