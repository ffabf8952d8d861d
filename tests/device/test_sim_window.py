"""`python -m host_sim sim`: the window simulator starts, prints the legend, draws the board's
panel and closes cleanly (SDL's dummy video driver: no display server needed). sim takes the
dummy driver only with --seconds, a smoke test that ends by itself; without it, it exits with
status 2 (tests/device/test_cli_errors.py)."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_the_window_simulator_runs_headless(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-m", "host_sim", "sim", "--board", "macropad", "--state",
                           str(tmp_path), "--seconds", "1"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Adafruit MacroPad RP2040 (128x64)" in out
    assert "Key5" in out and "ok" in out and "page down" in out
    assert "Traceback" not in done.stderr
