"""Mistakes at the command line of `host_sim shot` and `host_sim sim` (issue 12): a clear
one-line message on stderr and exit status 2, no traceback, nothing written; and `sim`
without a display says so at once instead of waiting for a window that never comes."""

import errno
import os
import subprocess
import sys

import pytest

from host_sim import shot, sim
from host_sim.device import Device, KeysError, board_key_names, parse_keys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _one_line_error(capsys):
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, err
    return err


# -- shot --keys --------------------------------------------------------------------------


@pytest.mark.parametrize("token", ["up*x", "up*0", "up*-2", "up*", "*3", "up*2*2", "up*1.5"])
def test_shot_a_bad_repeat_count_names_the_token_and_the_form(tmp_path, capsys, token):
    out = tmp_path / "x.png"
    state = tmp_path / "state"
    rc = shot.main(["--board", "picosystem", "--keys", "ok " + token, "--out", str(out),
                    "--state", str(state)])
    assert rc == 2
    err = _one_line_error(capsys)
    assert err.startswith("shot: bad repeat")
    assert '"%s"' % token in err and '"up*3"' in err
    assert not out.exists() and not state.exists()


@pytest.mark.parametrize("board, names", [
    ("picosystem", "up down left right ok back menu bomb"),
    ("badger2040", "up down left right ok back menu bomb"),
    ("macropad", "up down left right ok back menu bomb cw ccw"),
])
def test_shot_an_unknown_key_lists_the_boards_key_names(tmp_path, capsys, board, names):
    out = tmp_path / "x.png"
    state = tmp_path / "state"
    rc = shot.main(["--board", board, "--keys", "ok jump", "--out", str(out), "--state", str(state)])
    assert rc == 2
    err = _one_line_error(capsys)
    assert 'unknown key "jump"' in err and "%s has no button for jump" % board in err
    assert err.rstrip().endswith("its keys are: " + names)
    assert not out.exists() and not state.exists()


def test_shot_the_encoder_keys_only_where_there_is_an_encoder(tmp_path, capsys):
    assert shot.main(["--board", "picosystem", "--keys", "cw", "--out", str(tmp_path / "x.png")]) == 2
    assert 'unknown key "cw"' in _one_line_error(capsys)
    assert shot.main(["--board", "macropad", "--keys", "CW ccw*2", "--out", str(tmp_path / "x.png")]) == 0


def test_keys_are_all_checked_before_any_is_pressed():
    names = board_key_names("pico_display_pack")
    assert parse_keys("ok UP*2  down", "pico_display_pack", names) == ["ok", "up", "up", "down"]
    assert parse_keys("", "pico_display_pack", names) == []
    dev = Device("pico_display_pack")
    with pytest.raises(KeysError):
        dev.keys_from("ok ok up*x")
    with pytest.raises(KeysError):
        dev.keys_from("ok ok jump")
    assert dev.presses == 0 and dev.log == []


# -- shot --out ---------------------------------------------------------------------------


def test_shot_out_in_a_missing_directory(tmp_path, capsys):
    out = tmp_path / "nowhere" / "x.png"
    state = tmp_path / "state"
    assert shot.main(["--keys", "ok", "--out", str(out), "--state", str(state)]) == 2
    err = _one_line_error(capsys)
    assert err == "shot: cannot write %s: directory %s does not exist\n" % (out, out.parent)
    assert not out.parent.exists() and not state.exists()


def test_shot_out_that_is_a_directory(tmp_path, capsys):
    assert shot.main(["--keys", "ok", "--out", str(tmp_path)]) == 2
    assert _one_line_error(capsys) == "shot: cannot write %s: it is a directory\n" % tmp_path


def test_shot_out_under_a_file(tmp_path, capsys):
    (tmp_path / "file").write_text("")
    out = tmp_path / "file" / "x.png"
    assert shot.main(["--keys", "ok", "--out", str(out)]) == 2
    assert "%s is not a directory" % (tmp_path / "file") in _one_line_error(capsys)


def test_shot_out_without_permission(tmp_path, capsys, monkeypatch):
    """The check as a user without write permission meets it (root passes os.access)."""
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if mode & os.W_OK else real(p, mode, **kw))
    out = tmp_path / "x.png"
    state = tmp_path / "state"
    assert shot.main(["--keys", "ok", "--out", str(out), "--state", str(state)]) == 2
    assert _one_line_error(capsys) == "shot: cannot write %s: permission denied\n" % out
    assert not out.exists() and not state.exists()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root may write anywhere")
def test_shot_out_in_a_read_only_directory(tmp_path, capsys):
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    try:
        assert shot.main(["--keys", "ok", "--out", str(ro / "x.png")]) == 2
        assert _one_line_error(capsys) == "shot: cannot write %s: permission denied\n" % (ro / "x.png")
        assert list(ro.iterdir()) == []
    finally:
        ro.chmod(0o755)


def test_shot_a_write_that_fails_leaves_no_partial_png(tmp_path, capsys, monkeypatch):
    out = tmp_path / "x.png"

    class Full:
        def __init__(self, f):
            self.f = f

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

        def write(self, data):
            self.f.write(data[:10])
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(shot, "open", lambda path, mode: Full(open(path, mode)), raising=False)
    assert shot.main(["--keys", "ok", "--out", str(out)]) == 2
    assert _one_line_error(capsys) == "shot: cannot write %s: no space left on device\n" % out
    assert not out.exists()


def test_shot_a_state_that_is_a_file(tmp_path, capsys):
    state = tmp_path / "state"
    state.write_text("not a directory")
    out = tmp_path / "x.png"
    assert shot.main(["--keys", "ok", "--out", str(out), "--state", str(state)]) == 2
    assert _one_line_error(capsys).startswith("shot: cannot keep the journal in %s: " % state)
    assert not out.exists()


# -- sim without a display ------------------------------------------------------------------


def _check_sim_refused(capsys, state):
    captured = capsys.readouterr()
    assert captured.out == ""  # no key legend
    err = captured.err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("sim: no window can be opened here: ")
    assert "`make play`" in err and "python -m host_sim play chimera|tichu" in err
    assert 'python -m host_sim shot --board NAME --keys "..." --out FILE.png' in err
    assert not state.exists()
    return err


@pytest.fixture
def no_display(monkeypatch):
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    # pygame_display_class() sets these with setdefault: keep them to this test
    monkeypatch.setenv("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    return monkeypatch


def test_sim_on_linux_without_display_server_exits_before_the_legend(tmp_path, capsys, no_display):
    no_display.setattr(sys, "platform", "linux")
    state = tmp_path / "state"
    assert sim.main(["--board", "macropad", "--state", str(state)]) == 2
    assert "DISPLAY and WAYLAND_DISPLAY are not set" in _check_sim_refused(capsys, state)


@pytest.mark.parametrize("driver", ["dummy", "offscreen", "Offscreen,dummy"])
def test_sim_with_a_headless_sdl_driver_and_no_time_limit(tmp_path, capsys, no_display, driver):
    no_display.setenv("SDL_VIDEODRIVER", driver)
    no_display.setenv("DISPLAY", ":0")
    state = tmp_path / "state"
    assert sim.main(["--state", str(state)]) == 2
    assert "SDL_VIDEODRIVER=%s opens no window" % driver.lower() in _check_sim_refused(capsys, state)


def test_sim_when_pygame_cannot_init_its_display(tmp_path, capsys, no_display):
    import pygame

    def fail():
        raise pygame.error("x11 not available")

    no_display.setenv("DISPLAY", ":99")
    no_display.setattr(pygame.display, "init", fail)
    state = tmp_path / "state"
    assert sim.main(["--state", str(state)]) == 2
    assert "pygame cannot open a display (x11 not available)" in _check_sim_refused(capsys, state)


def test_sim_when_pygame_falls_back_to_a_driver_without_window(tmp_path, capsys, no_display):
    import pygame

    quits = []
    no_display.setenv("DISPLAY", ":99")
    no_display.setattr(pygame.display, "init", lambda: None)
    no_display.setattr(pygame.display, "get_driver", lambda: "offscreen")
    no_display.setattr(pygame.display, "quit", lambda: quits.append(1))
    state = tmp_path / "state"
    assert sim.main(["--state", str(state)]) == 2
    assert "only its offscreen video driver" in _check_sim_refused(capsys, state)
    assert quits == [1]


def test_no_window_reason_from_the_environment():
    r = sim.no_window_reason
    assert r({}, "linux") and r({"SDL_VIDEODRIVER": "dummy", "DISPLAY": ":0"}, "darwin")
    assert r({"DISPLAY": ":0"}, "linux") is None and r({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert r({}, "darwin") is None and r({}, "win32") is None  # pygame's own init decides there
    assert r({"SDL_VIDEODRIVER": "kmsdrm"}, "linux") is None  # a driver named: pygame decides
    assert r({"SDL_VIDEODRIVER": "x11,dummy"}, "linux") is None
    assert r({"SDL_VIDEODRIVER": "dummy"}, "linux", smoke=True) is None  # --seconds: smoke test


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY/WAYLAND_DISPLAY are Linux's")
def test_make_sim_without_display_exits_at_once(tmp_path):
    """What `make sim` runs: it used to print the legend and wait forever."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    done = subprocess.run([sys.executable, "-m", "host_sim", "sim", "--board", "picosystem", "--state",
                           str(tmp_path / "state")], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "`make play`" in done.stderr
    assert not (tmp_path / "state").exists()
