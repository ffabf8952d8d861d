"""The simulator's game records are never overwritten (issue 21 item 1): every match has a
file of its own, created exclusively, written atomically, kept up to date after every
journal write, also when the match is ended early; --fresh forgets the match, not the
records. The simulator's own loop part (Records.after_pass over a RecordingStore) runs
after every pass of the headless device here, as host_sim/sim.py runs it in the window."""

import json
import os
import subprocess
import sys

import pytest

from engine_core.bot_driver import FIND, Driver
from host_sim.device import Device
from host_sim.player import play_setup
from host_sim.shot import store_in
from host_sim.sim_records import RecordingStore, Records, create_exclusively, write_atomically

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def sim(state, seed=4):
    """A headless simulator on the journal folder ``state``: (device, records, store)."""
    records = Records(str(state), "picosystem")
    store = RecordingStore(store_in(str(state)), records)
    dev = Device("picosystem", store, seed=seed)
    step = dev.step

    def step_and_record():
        keys = step()
        records.after_pass(dev.app, store)
        return keys

    dev.step = step_and_record
    records.after_pass(dev.app, store)
    dev.app.pause_ms = 0
    return dev, records, store


def act(dev, n):
    # ``n`` actions at the table, any seat's, as a level-1 bot would choose them
    s = dev.app.session
    for _ in range(n):
        d = s.dealt
        if d.state is None:
            s.deal()
            continue
        s.act(Driver(d.game, [1] * len(d.levels), d.seed, FIND).action(d.state, d.step()))
    dev.step()


def record_files(state):
    return sorted(n for n in os.listdir(os.path.join(state, "records")) if n.endswith(".record.json"))


def read(state, name):
    with open(os.path.join(state, "records", name)) as f:
        return json.load(f)


def actions_in(rec):
    return sum(1 for e in rec["events"] if e[0] != "deal")


def kept_all(now, before):
    # ``now`` is the record ``before`` was, with at most the bots' last actions added (journaled
    # when the match ended)
    return now["events"][:len(before["events"])] == before["events"] and all(
        now[k] == before[k] for k in before if k != "events")


def test_two_matches_of_the_same_players_on_the_same_day_get_two_files(tmp_path):
    dev, records, _ = sim(tmp_path)
    play_setup(dev, "tichu", humans=(0,), level=1)
    act(dev, 40)
    [first] = record_files(tmp_path)
    a = read(tmp_path, first)
    play_setup(dev, "tichu", humans=(0,), level=1)  # "End this match?" -> OK: the same players again
    files = record_files(tmp_path)
    assert len(files) == 2 and first in files
    assert kept_all(read(tmp_path, first), a)  # the first match's record is still there
    assert all(n.startswith("tichu-Anna-Ben-Carla-David-") for n in files)


def test_ending_a_match_early_keeps_every_action_in_its_record(tmp_path):
    dev, records, _ = sim(tmp_path)
    play_setup(dev, "chimera", humans=(0,), level=1)
    s = dev.app.session
    act(dev, 5)
    while s.unsaved == 0 or not s.playing():  # bots' actions the journal does not hold yet
        d = s.dealt
        last = Driver(d.game, [1] * 3, d.seed, FIND).action(d.state, d.step())
        s.act(last)
        if s.dealt.state is None:
            s.deal()
    [first] = record_files(tmp_path)
    pending, before = s.unsaved, actions_in(read(tmp_path, first))
    play_setup(dev, "chimera", humans=(0,), level=1)  # ended in the middle of the round
    rec = read(tmp_path, first)
    assert rec["events"][-1][:2] == [last[0], last[1]]  # the bots' last actions are in it
    assert actions_in(rec) == before + pending


def test_a_restarted_simulator_goes_on_with_the_matchs_own_file_and_the_same_seed_makes_a_new_one(tmp_path):
    dev, _, _ = sim(tmp_path, seed=60)
    play_setup(dev, "tichu", humans=(0,), level=1)
    act(dev, 30)
    [first] = record_files(tmp_path)
    again, _, _ = sim(tmp_path, seed=60)  # the window closed and opened again: the match resumes
    act(again, 10)
    assert record_files(tmp_path) == [first]
    resumed = read(tmp_path, first)
    assert actions_in(resumed) >= 30
    # a new match with the same players and the same seeds as the first: a file of its own
    play_setup(again, "tichu", humans=(0,), level=1)
    act(again, 5)
    files = record_files(tmp_path)
    assert len(files) == 2 and kept_all(read(tmp_path, first), resumed)


def test_a_taken_name_is_never_written_over(tmp_path, monkeypatch):
    import host_sim.sim_records as sr

    ids = iter(["abcd", "abcd", "ef01"])
    monkeypatch.setattr(sr.secrets, "token_hex", lambda n: next(ids))
    a = create_exclusively(str(tmp_path), "tichu-A-B-C-D", "first\n", now=0)
    b = create_exclusively(str(tmp_path), "tichu-A-B-C-D", "second\n", now=0)
    assert a != b and b.endswith("-ef01.record.json")
    assert open(a).read() == "first\n" and open(b).read() == "second\n"


def test_a_record_write_cut_short_leaves_the_old_file_whole(tmp_path, monkeypatch):
    path = tmp_path / "r.record.json"
    path.write_text("old\n")

    def cut(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", cut)
    with pytest.raises(OSError):
        write_atomically(str(path), "new\n")
    assert path.read_text() == "old\n" and os.listdir(tmp_path) == ["r.record.json"]


def test_fresh_forgets_the_match_but_keeps_the_records(tmp_path):
    dev, _, _ = sim(tmp_path)
    play_setup(dev, "chimera", humans=(0,), level=1)
    act(dev, 10)
    [first] = record_files(tmp_path)
    kept = read(tmp_path, first)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-m", "host_sim", "sim", "--board", "picosystem", "--state",
                           str(tmp_path), "--seconds", "0.5", "--fresh"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert record_files(tmp_path) == [first] and read(tmp_path, first) == kept
    assert not (tmp_path / "nvm.bin").exists()  # the match is forgotten (no write since)
