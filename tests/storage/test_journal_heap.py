"""On CircuitPython's RP2040-like interpreter (../shared/tools/circuitpython-rp2040), the heap the
journal holds while reading a match and while saving a change does not grow with the match
(benchmarks/journal_heap.py prints the figures; this checks they stay the same from 10 to 150
rounds, that a 150-round match loads within a Pico's 171 KB of heap, and a 250-round one beside
80 KB of the app's objects)."""

import os
import re
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CIRCUITPYTHON = os.path.join(ROOT, "..", "shared", "tools", "circuitpython-rp2040")


@pytest.mark.skipif(not os.access(CIRCUITPYTHON, os.X_OK),
                    reason="../shared/tools/circuitpython-rp2040 is not here (a fresh clone without shared/)")
def test_reading_and_saving_hold_the_same_heap_however_long_the_match():
    done = subprocess.run([CIRCUITPYTHON, "-X", "heapsize=171K", "benchmarks/journal_heap.py"], cwd=ROOT,
                          env=dict(os.environ, MICROPYPATH=ROOT), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    rows = re.findall(r"(\d+) rounds: reading holds (\d+) B, appending allocates (\d+) B", done.stdout)
    assert [r[0] for r in rows] == ["10", "50", "150"], done.stdout
    assert len({r[1] for r in rows}) == 1 and len({r[2] for r in rows}) == 1, done.stdout
    assert int(rows[0][1]) < 1024 and int(rows[0][2]) < 1024, done.stdout
    assert "250 rounds beside 80 KB" in done.stdout and ": loads" in done.stdout, done.stdout
