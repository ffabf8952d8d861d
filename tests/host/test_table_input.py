"""Both terminal tables (`python -m host_sim play chimera|tichu`): leaving at any prompt
(q, end of input, Ctrl-C) with one line and the right exit status, never a traceback;
player names; the record written whole."""

import json
import os
import re
import select
import signal
import subprocess
import sys
import time

import pytest

from engine_core.judge import handle
from host_sim import chimera_table, tichu_table
from tests.engine.tichu_flows import position

TABLES = {"chimera": chimera_table, "tichu": tichu_table}


def replays(path):
    with open(path) as f:
        ans = handle({"op": "replay", "record": json.load(f)})
    assert ans["ok"] is True, ans
    return ans


def table(game, path, argv=(), answers=(), stop=EOFError):
    """A table whose keyboard types ``answers`` and then raises ``stop``."""
    it = iter(answers)
    lines = []
    prompts = []

    def read(prompt):
        prompts.append(prompt)
        x = next(it, None)
        if x is None:
            raise stop
        return x

    mod = TABLES[game]
    t = mod.Table(mod.parse_args(["--seed", "5", "--record", path] + list(argv)), read=read,
                  write=lines.append)
    return t, lines, prompts


@pytest.mark.parametrize("game", sorted(TABLES))
@pytest.mark.parametrize("stop, status", [(EOFError, 0), (KeyboardInterrupt, 130)])
@pytest.mark.parametrize("after", [0, 1, 2])
def test_end_of_input_and_ctrl_c_at_a_prompt(tmp_path, game, stop, status, after):
    # End of input stops with 0, Ctrl-C with 130: one line, no exception, a record that replays
    path = str(tmp_path / "r.json")
    t, lines, prompts = table(game, path, answers=["#1"] * after, stop=stop)
    assert t.run() == status
    assert len(prompts) == after + 1
    assert lines[-1] == "\nstopped; the record so far is in %s" % path
    replays(path)


@pytest.mark.parametrize("stop, status", [(EOFError, 0), (KeyboardInterrupt, 130)])
def test_end_of_input_and_ctrl_c_at_the_wish_prompt(tmp_path, stop, status):
    path = str(tmp_path / "r.json")
    t, lines, prompts = table("tichu", path, answers=["MJ"], stop=stop)
    t.state = position(["MJ 3j 4s", "6j", "8j", "9j"], 0)
    assert t.run() == status
    assert prompts[-1].startswith("wish")
    assert lines[-1].endswith("stopped; the record so far is in %s" % path)


@pytest.mark.parametrize("game", sorted(TABLES))
def test_ctrl_c_while_the_bots_play(tmp_path, game):
    # Ctrl-C can come between prompts too (bots only here): same line, status 130
    path = str(tmp_path / "r.json")
    mod = TABLES[game]
    lines = []

    def write(x):
        lines.append(x)
        if len(lines) == 40:
            raise KeyboardInterrupt

    every = ",".join(str(s) for s in range(mod.Table.SEATS))
    t = mod.Table(mod.parse_args(["--seed", "5", "--bots", every, "--record", path]), write=write)
    assert t.run() == 130
    assert lines[-1] == "\nstopped; the record so far is in %s" % path
    assert replays(path)["rounds"] == [list(r) for r in t.state.match.rounds]
    assert not os.path.exists(path + ".part")


def test_quit_and_stop_without_a_record():
    t = chimera_table.Table(chimera_table.parse_args(["--seed", "5"]), read=lambda p: "q",
                            write=[].append)
    lines = []
    t.say = lines.append
    assert t.run() == 0
    assert lines[-1] == "stopped (no record kept: --record FILE keeps one)"


def _command(game, path):
    return [sys.executable, "-m", "host_sim", "play", game, "--seed", "5", "--record", path]


@pytest.mark.parametrize("game", sorted(TABLES))
def test_end_of_input_at_the_command_line(tmp_path, game):
    path = str(tmp_path / "r.json")
    out = subprocess.run(_command(game, path), input="#1\n", capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr and out.stderr == ""
    assert out.stdout.rstrip().endswith("stopped; the record so far is in %s" % path)
    replays(path)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
@pytest.mark.parametrize("game", sorted(TABLES))
def test_ctrl_c_at_the_command_line(tmp_path, game):
    path = str(tmp_path / "r.json")
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    # The child gets Ctrl-C's default: a pytest-xdist worker ignores SIGINT, a child inherits
    # that, and Python then installs no KeyboardInterrupt for it (the table ended at EOF instead).
    p = subprocess.Popen(_command(game, path), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=env,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    seen = b""
    deadline = time.time() + 60
    try:
        while not seen.endswith(b"> ") and time.time() < deadline:  # the first prompt
            if select.select([p.stdout], [], [], 1)[0]:
                chunk = os.read(p.stdout.fileno(), 4096)
                if not chunk:
                    break
                seen += chunk
        assert seen.endswith(b"> "), seen
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert p.returncode == 130, err
    assert b"Traceback" not in err and err == b""
    assert out.decode().rstrip().endswith("stopped; the record so far is in %s" % path)
    replays(path)


@pytest.mark.parametrize("game", sorted(TABLES))
def test_players_have_names(tmp_path, game):
    # The table speaks of players by name; seat numbers only in brackets
    path = str(tmp_path / "r.json")
    mod = TABLES[game]
    seats = mod.Table.SEATS
    names = ["Zoe", "Yann", "Xia", "Wolf"][:seats]
    every = ",".join(str(s) for s in range(seats))
    lines = []
    t = mod.Table(mod.parse_args(["--seed", "4", "--bots", every, "--limit", "200", "--record", path,
                                  "--names", ",".join(names)]), write=lines.append)
    assert t.run() == 0
    text = "\n".join(lines)
    assert not re.search(r"\b[Ss]eats? \d", text), re.search(r".*\b[Ss]eats? \d.*", text).group(0)
    assert not re.search(r"\b[Tt]eam \d", text)
    for n in names:
        assert n in text
    assert "Zoe [0] (bot)" in lines[0]
    with open(path) as f:
        assert json.load(f)["players"] == names
    replays(path)
    # a human's prompt names them
    t, lines, prompts = table(game, path + ".2", ["--names", ",".join(names)])
    t.run()
    assert any(x.startswith("%s [0], your " % names[0]) for x in lines)


@pytest.mark.parametrize("game", sorted(TABLES))
def test_default_and_bad_names(game, capsys):
    mod = TABLES[game]
    seats = mod.Table.SEATS
    assert mod.parse_args([]).names == ["Anna", "Ben", "Carla", "David"][:seats]
    for bad in (["A", "B"], ["A", "B", "C", "D", "E"], ["Ann", "ann", "C", "D"], ["A", "", "C", "D"],
                ["7", "B", "C", "D"], ["#A", "B", "C", "D"]):
        with pytest.raises(SystemExit) as e:
            mod.parse_args(["--names", ",".join(bad[:seats] if len(bad) == 4 else bad)])
        assert e.value.code == 2, bad
        assert "--names" in capsys.readouterr().err
