"""A dealt match leaves the board as a CONTRACT 2 record (issue 10): the journaled seeds and
actions are the record, `make records` (host_sim records over the board's REPL) writes it
beside the score sheet, and `judge` replays it to the score book's scores."""

import json
import os
import subprocess
import sys

import pytest

from firmware.storage.stores import NvmStore
from host_sim.board_backup import Content, game_records
from host_sim.device import Device
from host_sim.player import play_dealt_round, play_setup

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def dealt_match(game, rounds, seed=3):
    """A Device and its nvm after ``rounds`` dealt rounds and part of the next, one human."""
    nvm = bytearray(b"\xff" * 4096)
    dev = Device("picosystem", NvmStore(nvm), seed=seed)
    dev.app.pause_ms = 0
    play_setup(dev, game, humans=(0,), level=1)
    for _ in range(rounds):
        play_dealt_round(dev)
        dev.press("ok")  # the breakdown: the next deal
    for _ in range(5):
        dev.advance(100)
    return dev, nvm


def judge(request):
    out = subprocess.run([sys.executable, "-m", "host_sim", "judge"], input=json.dumps(request) + "\n",
                         capture_output=True, text=True, cwd=ROOT, check=True).stdout
    return json.loads(out)


@pytest.mark.parametrize("game", ["chimera", "tichu"])
def test_the_journal_of_a_dealt_match_is_its_record_and_judge_agrees(game):  # CONTRACT 2, 3
    dev, nvm = dealt_match(game, 2)
    book = dev.app.book
    [(name, rec)] = game_records(Content("nvm", bytes(nvm)), "2026-11-25")
    assert name.endswith(".record.json") and rec["game"] == game and rec["players"] == book.names
    answer = judge({"op": "replay", "record": rec})
    assert answer["ok"] is True, answer
    assert answer["rounds"] == book.deltas and answer["totals"] == book.totals
    # the round in progress is in the record as far as it was played
    deals = [e for e in rec["events"] if e[0] == "deal"]
    assert len(deals) >= 3


def test_a_score_keeper_match_has_no_game_record():
    nvm = bytearray(b"\xff" * 4096)
    dev = Device("picosystem", NvmStore(nvm))
    from host_sim.player import new_match, tichu_round

    new_match(dev, "tichu", 1000)
    tichu_round(dev, points=60)
    assert game_records(Content("nvm", bytes(nvm)), "2026-11-25") == []


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="the stand-in needs a pseudo-terminal")
def test_make_records_writes_the_game_record_beside_the_score_sheet(tmp_path):
    from host_sim.__main__ import main as host_sim

    dev, nvm = dealt_match("tichu", 1)
    state = tmp_path / "board"
    state.mkdir()
    (state / "nvm.bin").write_bytes(bytes(nvm))
    proc = subprocess.Popen([sys.executable, "-m", "host_sim", "serial-board", "--board", "picosystem",
                             "--state", str(state)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        port = proc.stdout.readline().strip()
        assert host_sim(["records", "--port", port, "--out", str(tmp_path / "out")]) == 0
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        proc.stdout.close()
    names = sorted(os.listdir(tmp_path / "out"))
    assert len(names) == 2 and names[1].endswith(".record.json"), names
    rec = json.loads((tmp_path / "out" / names[1]).read_text())
    assert judge({"op": "replay", "record": rec})["totals"] == dev.app.book.totals


def test_the_simulator_writes_the_game_record_into_its_state_folder(tmp_path):
    dev, nvm = dealt_match("chimera", 1)
    (tmp_path / "nvm.bin").write_bytes(bytes(nvm))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-m", "host_sim", "sim", "--board", "picosystem", "--state",
                           str(tmp_path), "--seconds", "1", "--seed", "4"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    [name] = [n for n in os.listdir(tmp_path / "records") if n.endswith(".record.json")]
    rec = json.loads((tmp_path / "records" / name).read_text())
    assert judge({"op": "replay", "record": rec})["rounds"] == dev.app.book.deltas
