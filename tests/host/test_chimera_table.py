"""The terminal table (`python -m host_sim play chimera`): bots, keyboard, record file."""

import json
import subprocess
import sys

from engine_core.chimera import game
from engine_core.chimera.cards import DECK
from engine_core.errors import Refused
from engine_core.judge import handle
from host_sim.chimera_table import Table, parse_args, parse_typed
from tests.engine.chimera_flows import ROUND_A, codes, run


def replayed(path):
    with open(path) as f:
        return handle({"op": "replay", "record": json.load(f)})


def test_bots_play_a_whole_match_and_the_record_replays(tmp_path):
    # C9.1, CONTRACT 2: the record written as the game goes replays to the same result
    path = str(tmp_path / "match.json")
    lines = []
    t = Table(parse_args(["--seed", "3", "--bots", "0,1,2", "--limit", "60", "--record", path]),
              write=lines.append)
    assert t.run() == 0
    m = t.state.match
    assert game.decision(t.state)[0] == "over"
    assert replayed(path) == {"ok": True, "totals": list(m.totals),
                              "rounds": [list(r) for r in m.rounds], "winner": m.winner}
    assert any("wins the match" in x for x in lines)


def test_keyboard_player_by_numbers_and_typed_cards(tmp_path):
    # C7.2: typed cards, refusals with a reason, then the number list to the end
    path = str(tmp_path / "human.json")
    typed = iter(["x", "bid 25", "9 9 9 9 9"])
    lines = []

    def read(prompt):
        return next(typed, "1")

    t = Table(parse_args(["--seed", "8", "--bots", "1,2", "--limit", "40", "--record", path]),
              read=read, write=lines.append)
    assert t.run() == 0
    assert sum(1 for x in lines if x.startswith("  not allowed:")) == 3
    assert replayed(path)["winner"] == t.state.match.winner is not None


def test_quit_leaves_a_record_that_replays(tmp_path):
    path = str(tmp_path / "stopped.json")
    answers = iter(["2", "q"])
    t = Table(parse_args(["--seed", "1", "--bots", "1,2", "--record", path]),
              read=lambda p: next(answers), write=lambda x: None)
    assert t.run() == 0
    ans = replayed(path)
    assert ans["ok"] is True and ans["rounds"] == []


def test_typed_cards_become_actions():
    # C5.2: values stand for any held card; "as" picks the reading
    s = run(ROUND_A[:4])[0]  # seat 0 leads with 1j..12j, four Heroes, 3s and 7s 7p 7t
    assert parse_typed("7 7", 0, s) == (0, "play", codes("7j 7s"), None)
    assert parse_typed("7t 3", 0, s) == (0, "play", codes("7t 3j"), None)
    assert parse_typed("1 2 3 4 5 as 5", 0, s)[3] == 5
    assert parse_typed("pass", 0, s) == (0, "pass")
    assert parse_typed("bid 30", 0, s) == (0, "bid", 30)
    for bad in ("", "7 7 7 7 7", "7 as", "7 as 7 7", "bid x", "7x"):
        try:
            parse_typed(bad, 0, s)
        except Refused:
            continue
        raise AssertionError(bad)
    assert DECK.token(parse_typed("H", 0, s)[2][0]) == "Hj"


def test_command_line_entry():
    # `python -m host_sim play chimera` with bots only runs to the end of the match
    out = subprocess.run([sys.executable, "-m", "host_sim", "play", "chimera", "--seed", "4",
                          "--bots", "0,1,2", "--limit", "30"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and "wins the match" in out.stdout
    bad = subprocess.run([sys.executable, "-m", "host_sim", "play", "chess"], capture_output=True, text=True)
    assert bad.returncode == 2
