"""One game record file per match across the app's fresh VMs (issue 28): on the drive install
each dealt round starts in a fresh VM (App._reload builds a new ScoreBook from the journal),
and the simulator's records (host_sim/sim_records.py) go on writing the match's own file; a
new match, even one dealt from the same seed to the same players, gets a file of its own and
never takes an older match's."""

import json
import os
import subprocess
import sys

from engine_core.judge import handle
from firmware.keys import OK, UP
from host_sim.board_backup import Content, game_records
from host_sim.player import menu, play_dealt_round, play_setup
from tests.host.test_sim_records import act, kept_all, read, record_files, sim

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_a_three_round_dealt_match_over_fresh_vms_has_one_record_file(tmp_path):
    dev, _, store = sim(tmp_path, seed=7)
    play_setup(dev, "chimera", humans=(0,), level=1)
    for _ in range(3):
        play_dealt_round(dev, passes=lambda n: True)
        dev.press(OK)  # the breakdown's OK deals the next round: a fresh VM shows it
    assert dev.app.reloads >= 4 and len(dev.app.book.deltas) == 3
    [name] = record_files(tmp_path)
    rec = read(tmp_path, name)
    [(_, journal)] = game_records(Content("nvm", bytes(store.nvm[0:store.size])), "2026-01-01")
    assert rec == journal  # the whole match as far as it was played, not a copy of its start
    done = handle({"op": "replay", "record": rec})
    assert done["ok"] and done["rounds"] == dev.app.book.deltas


def test_a_language_switch_in_a_dealt_match_keeps_its_file(tmp_path):
    dev, _, _ = sim(tmp_path, seed=8)
    play_setup(dev, "chimera", humans=(0,), level=1)
    play_dealt_round(dev, passes=lambda n: True)
    dev.press(OK)
    [name] = record_files(tmp_path)
    reloads = dev.app.reloads
    menu(dev, "Settings")
    dev.press(UP)  # the language: Deutsch, in a fresh VM
    dev.press(OK)
    assert dev.app.reloads == reloads + 1 and dev.app.texts.lang == 1
    assert record_files(tmp_path) == [name]


def test_a_new_match_from_the_same_seed_never_takes_the_old_matchs_file(tmp_path):
    dev, _, _ = sim(tmp_path, seed=60)
    play_setup(dev, "tichu", humans=(0,), level=1)
    act(dev, 30)
    [first] = record_files(tmp_path)
    old = read(tmp_path, first)
    os.remove(tmp_path / "nvm.bin")  # the match forgotten (as by --fresh): records/.current stays
    again, _, _ = sim(tmp_path, seed=60)  # the same seeds, the same players: the same first deal
    play_setup(again, "tichu", humans=(0,), level=1)
    act(again, 5)
    files = record_files(tmp_path)
    assert len(files) == 2 and read(tmp_path, first) == old
    [new] = [n for n in files if n != first]
    assert read(tmp_path, new)["events"][0] == old["events"][0]  # the same deal, its own file


def test_a_restart_goes_on_with_the_file_only_when_the_match_goes_on_from_it(tmp_path):
    dev, _, _ = sim(tmp_path, seed=61)
    play_setup(dev, "chimera", humans=(0,), level=1)
    act(dev, 12)
    [first] = record_files(tmp_path)
    before = read(tmp_path, first)
    again, _, _ = sim(tmp_path, seed=61)  # the window closed and opened again
    act(again, 6)
    assert record_files(tmp_path) == [first] and kept_all(read(tmp_path, first), before)


def test_fresh_forgets_which_file_the_match_wrote_to(tmp_path):
    dev, _, _ = sim(tmp_path)
    play_setup(dev, "chimera", humans=(0,), level=1)
    act(dev, 10)
    current = tmp_path / "records" / ".current"
    assert json.loads(current.read_text())["file"] in record_files(tmp_path)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-m", "host_sim", "sim", "--board", "picosystem", "--state",
                           str(tmp_path), "--seconds", "0.5", "--fresh"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert not current.exists() and len(record_files(tmp_path)) == 1
