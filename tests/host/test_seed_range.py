"""Seeds out of range are refused (issue 28): every `python -m host_sim` command that takes
--seed takes one range, the seeds the engine's PRNG tells apart (Pcg32 adds its seed to a
64-bit state, engine_core/prng.py: 0 .. 2**64 - 1), through one argparse type
(host_sim/cli.py seed); anything else is one line on stderr and exit status 2, before
anything runs or is written (a negative seed or a 23-digit one was taken silently)."""

import os
import sys

import pytest

from engine_core.prng import Pcg32
from host_sim.__main__ import COMMANDS, main

# every command that takes --seed, with what else it needs to get as far as its seed
SEEDED = {"sim": ["sim"], "play chimera": ["play", "chimera"], "play tichu": ["play", "tichu"],
          "arena": ["arena", "chimera", "--bots", "3,1"], "fit": ["fit", "--dealt", "1"]}
BAD = ["-5", "12345678901234567890123", "18446744073709551616", "+5", "1e3", "0x10", " 5", "", "x"]


@pytest.fixture
def place(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setattr(sys, "stdin", open(os.devnull))  # nothing may wait for input
    return tmp_path


def run(argv, capsys):
    try:
        status = main(list(argv))
    except SystemExit as e:
        status = e.code
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("bad", BAD)
@pytest.mark.parametrize("command", sorted(SEEDED))
def test_a_seed_out_of_range_is_one_line_and_status_2(command, bad, place, capsys):
    status, out, err = run(SEEDED[command] + ["--seed", bad], capsys)
    assert status == 2 and out == "" and err.count("\n") == 1 and err.endswith("\n"), (status, out, err)
    assert "argument --seed: a seed is a whole number from 0 to 18446744073709551615" in err, err
    assert "Traceback" not in err and os.listdir(place) == []


def test_every_command_that_takes_a_seed_is_checked(place, capsys):
    for name in COMMANDS:
        status, out, _ = run([name, "chimera", "--help"] if name == "play" else [name, "--help"], capsys)
        assert status == 0, name
        assert ("--seed" in out) == any(argv[0] == name for argv in SEEDED.values()), name


def test_the_range_is_the_prngs():
    from host_sim.cli import SEED_MAX, seed

    assert seed("0") == 0 and seed("007") == 7 and seed(str(SEED_MAX)) == SEED_MAX == 2 ** 64 - 1
    # one more would only stand for 0: the PRNG takes its seed modulo 2**64
    a, b = Pcg32(SEED_MAX + 1), Pcg32(0)
    assert [a.next() for _ in range(4)] == [b.next() for _ in range(4)]
    a, b = Pcg32(SEED_MAX), Pcg32(SEED_MAX - 1)
    assert a.next() != b.next()


def test_the_largest_seed_plays(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", open(os.devnull))
    record = str(tmp_path / "r.json")
    status, out, err = run(["play", "tichu", "--seed", "18446744073709551615", "--record", record], capsys)
    assert status == 0 and "seed 18446744073709551615" in out and err == "", err
    assert '"seed": 18446744073709551615' in open(record).read()
