"""`python -m host_sim shot`: a PNG of exactly the panel's size, headless, for every board."""

import os
import subprocess
import sys

import pytest

from host_sim.player import BOARDS
from host_sim.png import decode_size

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIZES = {"picosystem": (240, 240), "pico_display_pack": (240, 135), "macropad": (128, 64),
         "badger2040": (296, 128)}


def _shot(*args):
    env = dict(os.environ)
    env.pop("DISPLAY", None)  # no display server
    env.pop("WAYLAND_DISPLAY", None)
    return subprocess.run([sys.executable, "-m", "host_sim", "shot"] + list(args), cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("board", BOARDS)
def test_shot_writes_the_panel(tmp_path, board):
    out = tmp_path / "start.png"
    done = _shot("--board", board, "--keys", "", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert decode_size(out.read_bytes()) == SIZES[board]
    assert "Menu after 0 presses" in done.stdout


def test_shot_continues_a_match_kept_in_a_state_directory(tmp_path):
    state = str(tmp_path / "state")
    out = str(tmp_path / "x.png")
    first = _shot("--board", "macropad", "--state", state, "--keys", "ok ok ok up*3 ok", "--out", out)
    assert first.returncode == 0
    done = _shot("--board", "macropad", "--state", state, "--keys", "", "--out", out)
    assert "Totals after 0 presses" in done.stdout
    bad = _shot("--board", "macropad", "--keys", "jump", "--out", out)
    assert bad.returncode == 2 and "no button for jump" in bad.stderr
