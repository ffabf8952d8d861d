"""The arena (`python -m host_sim arena`): seat-rotated duplicate deals, the figures, errors;
and the cost benchmark (benchmarks/cost.py) on a tiny run when its tools are there."""

import json
import os
import subprocess
import sys

import pytest

from engine_core.judge import handle
from host_sim import arena


def played(argv):
    lines = []
    data = arena.run(arena.parse_args(argv), lines.append)
    return data, "\n".join(lines)


def test_assignments_put_each_bot_on_every_side():
    tichu, chimera = arena.Game("tichu"), arena.Game("chimera")
    assert tichu.assignments() == [(0, 1), (1, 0)]
    a = chimera.assignments()
    assert len(a) == len(set(a)) == 6 and all(0 in x and 1 in x for x in a)
    for side in range(3):  # every seat is held by A as often as by B
        assert sum(x[side] for x in a) == 3


def test_random_against_random_differs_by_nothing_but_chance(tmp_path):
    data, text = played(["tichu", "--bots", "0,0", "--deals", "30", "--matches", "2", "--jobs", "1",
                         "--trace", str(tmp_path)])
    for words in ("30 deals x 2 seat assignments = 60 rounds", "score per round (95% CI)", "A - B per round",
                  "2 matches to 1000 x 2 seat assignments = 4 matches", "match wins", "Tichu calls made",
                  "ms per decision mean/med/max", "rounds/s"):
        assert words in text, words
    diffs = [sum(a - b for a, b in d) / len(d) for d in data["deals"]]
    m, h = arena.interval(diffs)
    assert h > 0 and m - h < 0 < m + h
    assert len(data["deals"]) == 30 and all(len(d) == 2 for d in data["deals"])


def test_a_deal_is_the_same_cards_in_every_assignment_and_records_replay(tmp_path):
    arena.run(arena.parse_args(["chimera", "--bots", "1,0", "--deals", "2", "--matches", "1", "--jobs", "1",
                                "--limit", "60", "--trace", str(tmp_path)]), [].append)
    names = sorted(os.listdir(tmp_path))
    assert len([n for n in names if n.startswith("deal00001_")]) == 6
    assert len([n for n in names if n.startswith("match00000_")]) == 6
    firsts = set()
    for n in names:
        with open(os.path.join(tmp_path, n)) as f:
            record = json.load(f)
        assert handle({"op": "replay", "record": record})["ok"] is True
        if n.startswith("deal00001_"):
            firsts.add(json.dumps(record["events"][0]))
            assert record["players"][0].startswith(n[10] + " (level ")
    assert len(firsts) == 1  # one deal, played six ways


def test_the_figures_do_not_depend_on_the_number_of_processes():
    argv = ["chimera", "--bots", "2,1", "--deals", "4", "--matches", "1", "--limit", "60"]
    one = arena.run(arena.parse_args(argv + ["--jobs", "1"]), [].append)
    two = arena.run(arena.parse_args(argv + ["--jobs", "2"]), [].append)
    for key in ("deals", "wins", "stats", "rounds"):
        assert one[key] == two[key], key


@pytest.mark.parametrize("argv, words", [
    (["tichu", "--bots", "3"], "two levels"),
    (["tichu", "--bots", "4,1"], "two levels"),
    (["tichu", "--bots", "1,2,3"], "two levels"),
    (["tichu", "--bots", "a,b"], "two levels"),
    (["tichu", "--bots", "3,ref"], "two levels"),  # the sparring partners play Chimera only
    (["chimera", "--bots", "3,refx"], "two levels"),
    (["tichu"], "--bots"),
    (["poker", "--bots", "1,2"], "invalid choice"),
    (["tichu", "--bots", "1,2", "--deals", "-1"], "--deals"),
    (["tichu", "--bots", "1,2", "--deals", "0", "--matches", "0"], "not both 0"),
    (["tichu", "--bots", "1,2", "--jobs", "0"], "--jobs"),
    (["tichu", "--bots", "1,2", "--limit", "0"], "--limit"),
    (["tichu", "--bots", "1,2", "--seed", "-3"], "--seed"),
])
def test_bad_arguments_say_what_is_wrong(argv, words, capsys):
    with pytest.raises(SystemExit) as e:
        arena.parse_args(argv)
    assert e.value.code == 2
    assert words in capsys.readouterr().err


def test_a_trace_that_is_a_file_is_refused(tmp_path, capsys):
    path = tmp_path / "file"
    path.write_text("x")
    with pytest.raises(SystemExit):
        arena.parse_args(["tichu", "--bots", "1,2", "--trace", str(path)])
    assert "--trace" in capsys.readouterr().err


def test_command_line():
    out = subprocess.run([sys.executable, "-m", "host_sim", "arena", "chimera", "--bots", "3,0",
                          "--deals", "3", "--matches", "1", "--limit", "60"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "as Chimera with" in out.stdout and "3 deals x 6 seat assignments" in out.stdout
    bad = subprocess.run([sys.executable, "-m", "host_sim", "arena", "chimera", "--bots", "9,0"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "two levels" in bad.stderr


def test_sparring_partners_play_in_the_arena_and_bids_show_their_mean_score():
    # issue 18: any level against a sparring partner (host_sim/sparring), per bid level the
    # share made and the Chimera's mean score of the round (RULES C8)
    lines = []
    data = arena.run(arena.parse_args(["chimera", "--bots", "3,pro", "--deals", "3", "--matches", "1",
                                       "--limit", "60", "--jobs", "1"]), lines.append)
    text = "\n".join(lines)
    assert "B = pro" in text and "as Chimera, every bid: made" in text
    assert "as Chimera, every bid: mean score" in text
    assert len(data["deals"]) == 3 and data["stats"]
    for _, what, made, score in data["stats"]:
        bid = int(what[4:])
        # C8.1-C8.3: out first, 2 x bid and more; else minus the bid plus its treasure (C1.4: 60 at most)
        assert score >= 2 * bid if made else score <= 60 - bid
    lines = []
    arena.run(arena.parse_args(["chimera", "--bots", "ref,pro", "--deals", "2", "--matches", "0",
                                "--jobs", "1"]), lines.append)
    assert "A = ref" in lines[0] and "B = pro" in lines[0]


def test_chimera_style_counts_every_bidding_turn_and_every_seat_round():
    # issue 29: how each bot bids (every bidding turn, C3), its seat-rounds as the Chimera
    # and as a Hunter (C8), and the traps and attacks it plays (C6.2, C6.3)
    lines = []
    data = arena.run(arena.parse_args(["chimera", "--bots", "3,0", "--deals", "4", "--matches", "0",
                                       "--jobs", "1"]), lines.append)
    text = "\n".join(lines)
    for title in ("bidding turns 20/30/40/pass", "seat-rounds as the Chimera", "Hunter seat-rounds won",
                  "traps / attacks played"):
        assert title in text
    c = data["style"]
    rounds = 4 * 6
    assert c["chimera"][0] + c["chimera"][1] == rounds  # one Chimera a round
    assert c["hunter"][0] + c["hunter"][1] == 2 * rounds
    chimera_won = sum(made for _, _, made, _ in data["stats"])
    assert sum(c.get("hunter won", (0, 0))) == 2 * (rounds - chimera_won)
    assert sum(c.get("chimera won", (0, 0))) == chimera_won
    turns = sum(sum(c.get(k, (0, 0))) for k in ("turn 20", "turn 30", "turn 40", "turn pass"))
    assert turns >= rounds  # a round opens with at least one bidding turn (C3.5 forces one bid)
    # the random player (B) bids at random: some of its turns are bids, some passes
    assert c["turn pass"][1] and c["turn 20"][1] + c["turn 30"][1] + c["turn 40"][1]


def test_cost_benchmark_tiny_run():
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(arena.__file__)), "benchmarks"))
    import cost

    why = cost.missing()
    if why:
        pytest.skip(why)
    rows = cost.measure(cost.parse_args(["--positions", "2", "--games", "chimera", "--levels", "0",
                                         "--screen-positions", "0"]))
    assert [r[1] for r in rows] == ["legal_actions", "apply", "import bots", "decide L0"]
    for _, title, measured, heaps in rows:
        assert len(measured) == len(heaps) == 2
        for label, instructions, completed in measured:
            assert completed and cost.ms(instructions) > 0.01, (title, label)  # a step costs something
        assert all(kb <= cost.BUDGET_KB for _, kb in heaps), heaps
    lines = []
    cost.table(rows, lines.append)
    assert lines[0].split()[:3] == ["game", "step", "n"] and lines[1].startswith("chimera  legal_actions")
    assert cost.ms(50e6) == 1000  # 2.5 cycles an instruction at 125 MHz
