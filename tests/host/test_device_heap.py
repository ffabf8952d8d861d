"""make heap-device's script works on CircuitPython's RP2040-like interpreter: the score
keeper's session ends on the totals it entered, and one dealt round of each game is
played through to its breakdown by key presses beside level-3 bots (skipped without
../shared/tools)."""

import importlib.util
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _runner():
    spec = importlib.util.spec_from_file_location(
        "device_heap_run", os.path.join(ROOT, "benchmarks", "device_heap_run.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


RUN = _runner()
pytestmark = pytest.mark.skipif(RUN.missing() is not None, reason=str(RUN.missing()))


@pytest.fixture(scope="module")
def path(tmp_path_factory):
    return RUN.prepare(str(tmp_path_factory.mktemp("heap_device")))


def test_one_dealt_round_of_each_game_and_the_score_keeper_run_on_the_interpreter(path):
    status, out = RUN.run(path, 1024, "picosystem", ["keeper", "chimera", "tichu"], rounds=1)
    assert status == 0, out
    assert out.rstrip().endswith("completed"), out
    for match in ("tichu match: totals [675, 25] on MatchEnd",
                  "chimera match: totals [305, 5, 235] on MatchEnd",
                  "long match: totals [1500, 1500] on Totals"):
        assert match in out, out
    for game in ("chimera", "tichu"):
        line = RUN.figure(out, game + " dealt match")
        assert " 1 rounds, " in line and line.endswith("as meant"), out
        assert int(re.search(r"(\d+) plays by seat 0", line).group(1)) > 0, line
    before = int(re.search(r"heap before the app.*?(\d+) bytes", out).group(1))
    peak = int(re.search(r"^PEAK (\d+) bytes", out, re.M).group(1))
    assert 20 * 1024 < peak - before < 1024 * 1024, out  # the app's own: some, within the heap


def test_a_heap_too_small_is_reported_as_memory_error(path):
    status, out = RUN.run(path, 64, "picosystem", ["keeper"])  # less: the script does not compile
    assert status == 3, out
    assert out.startswith("MemoryError in "), out
