"""Ctrl-C ends `make sim` cleanly (issue 28): SIGINT closes the window as closing it does,
after the main loop's pass in progress, so the journal is whole, the match resumes at the
next start and its game record is written up to the journal's last action; no traceback,
one line that says so, exit status 130 (as the terminal table's Ctrl-C). Ctrl-C pressed in
the window does the same. (SIGTERM already closed it: SDL makes it a quit event.)"""

import os
import select
import signal
import subprocess
import sys
import time

import pytest

from host_sim.board_backup import Content, game_records
from host_sim.device import Device
from host_sim.player import play_setup, screen_name
from host_sim.shot import store_in
from tests.host.test_sim_records import act, read, record_files, sim

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
READY = b"dealt matches are saved as game records"  # the legend's last line: the loop starts


def journal(state):
    return Content("nvm", (state / "nvm.bin").read_bytes())


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_stops_the_window_simulator_and_keeps_the_match(tmp_path):
    dev, _, _ = sim(tmp_path, seed=5)
    play_setup(dev, "chimera", humans=(), level=1)  # bots only: they play on in the window
    act(dev, 6)
    [name] = record_files(tmp_path)
    before = read(tmp_path, name)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONUNBUFFERED="1")
    # The child gets Ctrl-C's default: a pytest-xdist worker ignores SIGINT and a child
    # inherits that (then Python installs no handler and neither does the simulator).
    p = subprocess.Popen([sys.executable, "-m", "host_sim", "sim", "--board", "picosystem", "--state",
                          str(tmp_path), "--seconds", "120", "--seed", "5"], cwd=ROOT, env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    seen = b""
    try:
        deadline = time.time() + 60
        while READY not in seen and time.time() < deadline:
            if select.select([p.stdout], [], [], 1)[0]:
                chunk = os.read(p.stdout.fileno(), 4096)
                if not chunk:
                    break
                seen += chunk
        assert READY in seen, seen
        while read(tmp_path, name) == before and time.time() < deadline:
            time.sleep(0.2)  # until the bots have played on in the window and it wrote the record
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    out = (seen + out).decode()
    assert p.returncode == 130, err.decode()
    assert "Traceback" not in err.decode() and "KeyboardInterrupt" not in err.decode()
    last = out.rstrip().splitlines()[-1]
    assert last.startswith("sim: stopped (Ctrl-C); the match and the settings are kept in %s" % tmp_path)
    # the journal is whole and holds the match; its record is written up to its last action
    content = journal(tmp_path)
    assert content.book is not None and content.book.game == "chimera"
    assert record_files(tmp_path) == [name] and name in last
    [(_, rec)] = game_records(content, "2026-01-01")
    assert read(tmp_path, name) == rec and len(rec["events"]) > len(before["events"])
    again = Device("picosystem", store_in(str(tmp_path)))  # the next start: the match goes on
    assert again.app.book.entries == content.book.entries and screen_name(again) != "Menu"


def test_ctrl_c_in_the_window_asks_the_same_and_presses_no_button():
    import pygame

    from host_sim.sim import CtrlC

    stop = CtrlC()
    c = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0)
    assert not stop.window_key(pygame, c) and not stop.asked  # c alone: a button (Badger, MacroPad)
    up = pygame.event.Event(pygame.KEYUP, key=pygame.K_c, mod=pygame.KMOD_LCTRL)
    assert stop.window_key(pygame, up) and not stop.asked
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=pygame.KMOD_RCTRL)
    assert stop.window_key(pygame, down) and stop.asked


def test_the_handler_is_the_simulators_only_while_it_runs_and_an_ignored_sigint_stays_ignored():
    from host_sim.sim import CtrlC

    old = signal.getsignal(signal.SIGINT)
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        with CtrlC() as stop:
            assert signal.getsignal(signal.SIGINT) == stop.ask
            os.kill(os.getpid(), signal.SIGINT)  # no KeyboardInterrupt: only asked
            for _ in range(100):
                if stop.asked:
                    break
                time.sleep(0.01)
            assert stop.asked
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a background job's
        with CtrlC() as stop:
            assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, old)
