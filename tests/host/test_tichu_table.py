"""The Tichu terminal table (`python -m host_sim play tichu`): bots, keyboard, bombs out of
turn, the wish prompt, record file."""

import json
import subprocess
import sys

from engine_core.errors import Refused
from engine_core.judge import handle
from engine_core.tichu import game
from host_sim.tichu_table import Table, parse_args, parse_typed
from tests.engine.tichu_flows import CALLS_A, codes, position, run


def replayed(path):
    with open(path) as f:
        return handle({"op": "replay", "record": json.load(f)})


def finished(t, path):
    m = t.state.match
    assert replayed(path) == {"ok": True, "totals": list(m.totals), "rounds": [list(r) for r in m.rounds],
                              "winner": m.winner}


def test_bots_play_a_whole_game_and_the_record_replays(tmp_path):
    # T7.1, CONTRACT 2: the record written as the game goes replays to the same result
    path = str(tmp_path / "game.json")
    lines = []
    t = Table(parse_args(["--seed", "3", "--bots", "0,1,2,3", "--limit", "300", "--record", path]),
              write=lines.append)
    assert t.run() == 0
    assert game.decision(t.state)[0] == "over"
    finished(t, path)
    assert any("wins the game" in x for x in lines)


def test_keyboard_player_pushes_plays_and_wishes(tmp_path):
    # T2.3, T4.1, T5.1: typed pushes, the wish prompt, numbers to the end, refusals with reasons
    path = str(tmp_path / "human.json")
    lines = []
    box = []
    asked = []

    def read(prompt):
        s = box[0].state
        asked.append(prompt)
        if prompt.startswith("wish"):
            return "7" if len(asked) % 2 else ""
        if prompt.startswith("bomb"):
            return "1"
        if game.decision(s)[0] == "push":
            return "push " + " ".join(game.DECK.format(s.hands[0][:3]))
        if len(asked) == 3:
            return "MJ MJ"  # refused: named twice
        return "1"

    t = Table(parse_args(["--seed", "8", "--bots", "1,2,3", "--limit", "200", "--record", path]),
              read=read, write=lines.append)
    box.append(t)
    assert t.run() == 0
    assert any(x.startswith("  not allowed:") for x in lines)
    assert any(p.startswith("wish") for p in asked)
    finished(t, path)


def test_quit_leaves_a_record_that_replays(tmp_path):
    path = str(tmp_path / "stopped.json")
    answers = iter(["2", "q"])
    t = Table(parse_args(["--seed", "1", "--bots", "1,2,3", "--record", path]),
              read=lambda p: next(answers), write=lambda x: None)
    assert t.run() == 0
    ans = replayed(path)
    assert ans["ok"] is True and ans["rounds"] == []


def test_a_human_is_offered_a_bomb_out_of_turn():
    # T5.2: a seat not on turn that could bomb is asked first
    lines = []
    answers = iter(["", "1"])
    t = Table(parse_args(["--seed", "1", "--bots", "1,2,3"]), read=lambda p: next(answers),
              write=lines.append)
    t.state = position(["3j 7j 7s 7p 7t", "6j", "8j", "9j"], 1, "5j", 2)
    assert t.bomb_offers((1,)) is None  # Enter: no
    assert t.bomb_offers((1,)) is None  # asked once per position
    t.offered = None
    assert t.bomb_offers((1,)) == (0, "play", codes("7j 7s 7p 7t"), None)
    assert any("could bomb single 5" in x for x in lines)


def test_typed_text_becomes_actions():
    s = run(CALLS_A)[0]
    assert parse_typed("pass", 0, s) == (0, "pass")
    assert parse_typed("no", 2, s) == (2, "no_grand")
    assert parse_typed("gift 3", 0, s) == (0, "gift", 3)
    assert parse_typed("MJ wish 9", 0, s) == (0, "play", codes("MJ"), None, 9)
    assert parse_typed("2 2 2", 0, s) == (0, "play", codes("2j 2p 2t"), None, None)
    assert parse_typed("2j 2p 2t 3s 3t as 2", 0, s)[3] == 2
    assert parse_typed("push 2j 3s MJ", 0, s) == (0, "push", codes("2j 3s MJ"))
    for bad in ("", "gift x", "MJ wish", "MJ wish 1", "7 7 7 7 7", "2 as", "Zz"):
        try:
            parse_typed(bad, 0, s)
        except Refused:
            continue
        raise AssertionError(bad)


def test_command_line_entry():
    out = subprocess.run([sys.executable, "-m", "host_sim", "play", "tichu", "--seed", "2", "--bots",
                          "0,1,2,3", "--limit", "100"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "wins the game" in out.stdout
    bad = subprocess.run([sys.executable, "-m", "host_sim", "play", "tichu", "--bots", "4"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2
