"""Words that are true (issue 21 item 7): what the terminal table's help says quitting keeps
is what quitting then says it kept; a refusal names the players, not seat numbers; the
record file named with --record is made before anyone plays, never over another file."""

import json
import os
import re

import pytest

from firmware.play.refusal import refusal
from host_sim.chimera_table import main as chimera_main
from tests.host.test_table_input import TABLES, replays, table


@pytest.mark.parametrize("game", sorted(TABLES))
@pytest.mark.parametrize("record", [True, False])
def test_the_help_says_what_quitting_keeps_and_quitting_says_the_same(tmp_path, game, record):
    path = str(tmp_path / "r.json")
    t, lines, _ = table(game, path, answers=["h", "q"])
    if not record:
        t.args.record = None
        os.remove(path)
    assert t.run() == 0
    [help_text] = [x for x in lines if "q: quit" in x]
    promised = re.search(r"q: quit \((.*)\)$", help_text).group(1)
    assert promised in lines[-1], (promised, lines[-1])
    assert os.path.exists(path) == record
    if record:
        replays(path)


def test_a_record_file_is_made_before_anyone_plays(tmp_path):
    path = str(tmp_path / "r.json")
    t, _, prompts = table("chimera", path, answers=[])
    assert json.load(open(path))["game"] == "chimera"  # made by the table, before the first prompt
    assert prompts == []


def test_a_record_never_goes_over_an_existing_file(tmp_path, capsys):
    path = tmp_path / "mine.json"
    path.write_text("my own notes\n")
    with pytest.raises(SystemExit) as e:
        chimera_main(["--record", str(path)])
    assert e.value.code == 2 and path.read_text() == "my own notes\n"
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "exists already" in err


def test_a_refusal_at_the_table_names_the_players(tmp_path):
    from engine_core.tichu import game
    from tests.engine.tichu_flows import position

    t, lines, _ = table("tichu", str(tmp_path / "r.json"), argv=["--names", "Ann,Bo,Cy,Di"],
                        answers=["Aj", "#1"])
    assert t.named("not seat 0's turn: seat 2 is to play") == "not Ann's turn: Cy is to play"
    t.state = position(["3j 4s 7j 7s 9t", "6j", "8j", "9j"], 0)
    t.human(0, "play", game.legal_actions(t.state, 0))  # a card Ann does not hold, then #1
    [said] = [x for x in lines if "not allowed" in x]
    assert "Ann does not hold" in said and "seat" not in said, said


def test_the_devices_refusal_names_the_players():
    names = ["Ann", "Bo", "Cy", "Di"]
    said = refusal("tichu", "seat 1 has already pushed", None, 0, lambda en: en, names)
    assert said == "Bo has already pushed"
    said = refusal("chimera", "seat 2 is the Chimera and gives nothing (C4.2)", None, 0, str, names[:3])
    assert said.startswith("Cy is the Chimera")


def test_records_never_write_over_another_matchs_sheet(tmp_path):
    from host_sim.board_commands import _unused_name

    sheet = {"game": "tichu", "names": ["A", "B", "C", "D"], "rounds": [{"round": 1}], "totals": [60, 40]}
    name = "tichu-2026-11-26-A-B-C-D.json"
    assert _unused_name(str(tmp_path), name, sheet) == str(tmp_path / name)
    (tmp_path / name).write_text(json.dumps(sheet))
    further = dict(sheet, rounds=[{"round": 1}, {"round": 2}], totals=[120, 80])
    assert _unused_name(str(tmp_path), name, further) == str(tmp_path / name)  # the same match, further on
    other = dict(sheet, rounds=[{"round": 1, "other": True}])
    assert _unused_name(str(tmp_path), name, other) == str(tmp_path / "tichu-2026-11-26-A-B-C-D-2.json")
