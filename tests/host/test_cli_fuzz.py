"""Every command-line mistake gets one line and exit status 2, before anything is written
(issue 21 item 6): every `python -m host_sim` command is run with bad arguments (a table of
the mistakes people make, then seeded random ones built from each command's own --help),
and the test fails on any traceback, any other status, any second line, and any file made.
Every command has --help, and judge's does not wait for input.

The commands run in this process (host_sim.__main__.main, as `python -m host_sim` runs
them) in an empty folder; `deploy`'s own messages are another change's: for it only the
status and the absence of a traceback are checked."""

import os
import random
import re
import subprocess
import sys

import pytest

from host_sim.__main__ import COMMANDS, main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FULL = bool(os.environ.get("FUZZ_FULL"))
ONE_LINE_EXEMPT = {"deploy"}  # its messages are issue 21 item 3's (another branch)


@pytest.fixture
def place(tmp_path, monkeypatch):
    """An empty working folder with a file and a read-only folder in it to name."""
    work = tmp_path / "work"
    work.mkdir()
    (work / "afile").write_text("not a folder\n")
    (work / "garbage.json").write_text("{not json")
    ro = work / "readonly"
    ro.mkdir()
    ro.chmod(0o555)
    monkeypatch.chdir(work)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setattr(sys, "stdin", open(os.devnull))  # nothing may wait for input
    yield work
    ro.chmod(0o755)


def listing(work):
    out = []
    for top, dirs, files in os.walk(work):
        out += [os.path.relpath(os.path.join(top, n), work) for n in dirs + files]
    return sorted(out)


def run(argv, capsys):
    """(status, stdout, stderr) of `python -m host_sim ARGV`; a traceback fails the test."""
    try:
        status = main(list(argv))
    except SystemExit as e:
        status = e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    out, err = capsys.readouterr()
    return status, out, err


def assert_one_line_refusal(argv, status, out, err):
    assert status == 2, (argv, status, out, err)
    assert "Traceback" not in err + out, (argv, err)
    if argv[0] not in ONE_LINE_EXEMPT:
        assert err.endswith("\n") and err.count("\n") == 1, (argv, err)
        assert out == "", (argv, out)


# -- the mistakes people make -----------------------------------------------------------------

MISTAKES = [
    ["nosuch"],
    ["judge", "--bogus"],
    ["judge", "extra"],
    ["play"],
    ["play", "poker"],
    ["play", "chimera", "--bogus"],
    ["play", "chimera", "--record", "/nonexistent/dir/r.json"],
    ["play", "tichu", "--record", "afile"],  # an existing file is never written over
    ["play", "tichu", "--record", "afile/r.json"],
    ["play", "tichu", "--record", "readonly/r.json"],
    ["play", "chimera", "--seed", "x"],
    ["play", "tichu", "--names", "A,B"],
    ["play", "chimera", "--limit", "-5"],
    ["play", "tichu", "--bots", "7"],
    ["play", "tichu", "--level", "9"],
    ["arena"],
    ["arena", "chimera"],
    ["arena", "tichu", "--bots", "9,9"],
    ["arena", "tichu", "--bots", "3,1", "--trace", "afile"],
    ["arena", "tichu", "--bots", "3,1", "--trace", "readonly/x"],
    ["arena", "tichu", "--bots", "3,1", "--jobs", "0"],
    ["sim", "--state", "afile"],
    ["sim", "--state", "afile/sub"],
    ["sim", "--state", "readonly/sim"],
    ["sim", "--board", "nosuch"],
    ["sim", "--seed", "x"],
    ["shots", "--out", "afile"],
    ["shots", "--out", "readonly/shots"],
    ["shots", "--board", "nosuch"],
    ["fit", "--board", "nosuch"],
    ["fit", "--bogus"],
    ["typecheck", "--bogus"],
    ["typecheck", "extra"],
    ["shot"],
    ["shot", "--out", "/nonexistent/dir/x.png"],
    ["shot", "--out", "x.png", "--keys", "up*0"],
    ["shot", "--out", "x.png", "--keys", "jump"],
    ["shot", "--out", "x.png", "--state", "afile"],
    ["shot", "--out", "afile/x.png"],
    ["emu", "--board", "nosuch"],
    ["emu", "--keys", "jump"],
    ["emu", "--keys", "up*0"],
    ["emu", "--board", "badger2040", "--keys", "cw"],
    ["emu", "--out", "afile"],
    ["emu", "--out", "readonly/frames"],
    ["emu", "--flash", "/nonexistent/flash.img"],
    ["emu", "--flash", "afile"],  # not a flash image: the wrong size
    ["emu", "--flash", "readonly"],
    ["emu", "--save-flash", "/nonexistent/dir/flash.img"],
    ["emu", "--save-flash", "afile/flash.img"],
    ["emu", "--save-flash", "readonly"],
    ["backup", "--bogus"],
    ["backup", "--out", "/nonexistent/dir/b.json", "--port", "/nonexistent"],
    ["backup", "--out", "afile", "--port", "/nonexistent"],
    ["backup", "--port", "/nonexistent"],
    ["records", "--out", "afile", "--port", "/nonexistent"],
    ["records", "--port", "/dev/null"],
    ["restore"],
    ["restore", "--file", "/nonexistent/b.json"],
    ["restore", "--file", "."],
    ["serial-board", "--state", "afile"],
    ["serial-board", "--state", "readonly/board"],
    ["serial-board", "--board", "nosuch"],
    ["uf2", "--board", "nosuch"],
    ["uf2", "--out", "x.uf2"],
    ["uf2", "--board", "picosystem", "--out", "/nonexistent/dir/x.uf2"],
    ["uf2", "--board", "picosystem", "--out", "afile/x.uf2"],
    ["uf2", "--board", "picosystem", "--circuitpython-uf2", "/nonexistent/f.uf2"],
    ["uf2", "--board", "picosystem", "--mpy-cross", "/nonexistent/mpy-cross"],
    ["bundle", "--bogus"],
    ["bundle", "--out", "/nonexistent/dir/x.zip"],
    ["bundle", "--out", "afile/x.zip"],
    ["bundle", "--mpy-cross", "/nonexistent/mpy-cross"],
    ["deploy"],
    ["deploy", "--bogus"],
    ["deploy", "--board", "nosuch"],
]
# restore of a file that is no backup is refused with status 1 (board_commands: nothing written,
# the board not even asked)
REFUSED = [["restore", "--file", "garbage.json"], ["restore", "--file", "afile"]]


def test_the_mistakes_cover_every_command():
    assert {m[0] for m in MISTAKES} >= set(COMMANDS)


ROOT_USER = hasattr(os, "geteuid") and os.geteuid() == 0  # root may write into a read-only folder


def cases(mistakes):
    return [pytest.param(m, id=" ".join(m), marks=pytest.mark.skipif(
        ROOT_USER and any("readonly" in a for a in m), reason="root writes into a read-only folder"))
        for m in mistakes]


@pytest.mark.parametrize("argv", cases(MISTAKES))
def test_a_mistake_is_one_line_and_status_2_and_writes_nothing(argv, place, capsys):
    before = listing(place)
    assert_one_line_refusal(argv, *run(argv, capsys))
    assert listing(place) == before, argv


@pytest.mark.parametrize("argv", REFUSED, ids=[" ".join(m) for m in REFUSED])
def test_a_file_that_is_no_backup_is_refused_in_one_line(argv, place, capsys):
    status, out, err = run(argv, capsys)
    assert status == 1 and out == "" and err.count("\n") == 1 and "Traceback" not in err, err


# -- --help -----------------------------------------------------------------------------------------


def help_argv(name):
    return [name, "chimera", "--help"] if name == "play" else [name, "--help"]


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_has_help(name, place, capsys):
    status, out, err = run(help_argv(name), capsys)
    assert status == 0 and "usage:" in out and err == "", (name, out, err)
    assert listing(place) == ["afile", "garbage.json", "readonly"]


def test_judge_help_answers_at_once_with_input_left_open():
    proc = subprocess.Popen([sys.executable, "-m", "host_sim", "judge", "--help"], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        status = proc.wait(timeout=30)  # stdin stays open: waiting for input would time out here
    finally:
        proc.stdin.close()
        if proc.poll() is None:
            proc.kill()
    out, err = proc.stdout.read(), proc.stderr.read()
    proc.stdout.close()
    proc.stderr.close()
    assert status == 0 and "usage:" in out and "JSON" in out and err == ""


def test_play_help_is_help_and_a_missing_game_a_mistake(capsys):
    assert run(["play", "--help"], capsys)[0] == 0
    assert_one_line_refusal(["play"], *run(["play"], capsys))


# -- random mistakes, built from each command's own options --------------------------------------

VALUES = ["", "x", "-1", "0", "99999999999999999999", "1.5", "/nonexistent/dir/f", "afile", "afile/f",
          ".", "nosuch", "3,1", "0,0,0,0,0", "up*0", "é", "--", "-", "A,B"]


def options(name, capsys):
    _, out, _ = run(help_argv(name), capsys)
    return sorted(set(re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", out)) - {"--help"})


def random_mistakes(name, opts, rng, n):
    positional = {"play": ["chimera", "tichu"], "arena": ["chimera", "tichu"]}.get(name, [])
    for _ in range(n):
        argv = [name] + ([rng.choice(positional)] if positional else [])
        for _ in range(rng.randint(0, 3)):
            if opts:
                argv += [rng.choice(opts), rng.choice(VALUES)]
        argv.insert(rng.randint(1 + bool(positional), len(argv)),
                    rng.choice(["--no-such-option", "-Z", "--%s" % rng.choice(["x", "helpme", "seeds"])]))
        yield argv


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_random_bad_arguments_never_end_in_a_traceback(name, place, capsys):
    opts = options(name, capsys)
    rng = random.Random(21 + len(name))
    before = listing(place)
    for argv in random_mistakes(name, opts, rng, 60 if FULL else 8):
        assert_one_line_refusal(argv, *run(argv, capsys))
        assert listing(place) == before, argv


def test_emu_without_the_emulator_says_why_in_one_line(place, capsys, monkeypatch):
    # a clone without ../shared/tools/circuitpython (or without node): one line, before anything runs
    import host_sim.emu.board

    why = "no ../shared/tools/circuitpython (CircuitPython's RP2040 firmware and boot ROM) beside this clone"
    monkeypatch.setattr(host_sim.emu.board, "missing", lambda: why)
    argv = ["emu", "--out", "frames", "--keys", "ok"]
    status, out, err = run(argv, capsys)
    assert_one_line_refusal(argv, status, out, err)
    assert why in err
    assert listing(place) == ["afile", "garbage.json", "readonly"]


# -- make ----------------------------------------------------------------------------------------------


def test_make_heap_journal_without_the_shared_tools_says_what_is_missing(tmp_path):
    # A fresh clone: no ../shared beside the repository (the make runs in a copy of the Makefile).
    clone = tmp_path / "repo"
    clone.mkdir()
    (clone / "Makefile").write_text(open(os.path.join(ROOT, "Makefile")).read())
    r = subprocess.run(["make", "--no-print-directory", "heap-journal"], cwd=clone, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 2, r
    [line] = r.stderr.strip().splitlines()
    assert "../shared/tools/circuitpython-rp2040" in line and "BUILD.md" in line, line


def test_make_sim_takes_a_seed_as_the_readme_says():
    readme = open(os.path.join(ROOT, "README.md")).read()
    assert "make sim SEED=N" in readme and "`make sim` takes `--seed" not in readme
    r = subprocess.run(["make", "-n", "sim", "SEED=60"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and "--seed \"60\"" in r.stdout, r
