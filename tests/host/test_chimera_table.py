"""The terminal table (`python -m host_sim play chimera`): bots, keyboard, record file."""

import json
import subprocess
import sys

from engine_core.chimera import game
from engine_core.chimera.cards import DECK
from engine_core.errors import Refused
from engine_core.judge import handle
from host_sim.chimera_table import Table, action_text, parse_args, parse_typed
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


def test_keyboard_player_by_list_entries_and_typed_cards(tmp_path):
    # C7.2: typed cards, refusals with a reason, then entry #1 of the list to the end
    path = str(tmp_path / "human.json")
    typed = iter(["x", "bid 25", "9 9 9 9 9"])
    lines = []
    asked = []

    def read(prompt):
        asked.append(prompt)
        assert len(asked) < 20000, "the table keeps asking: %s" % prompt
        return next(typed, "#1")

    t = Table(parse_args(["--seed", "8", "--bots", "1,2", "--limit", "40", "--record", path]),
              read=read, write=lines.append)
    assert t.run() == 0
    assert sum(1 for x in lines if x.startswith("  not allowed:")) == 3
    assert replayed(path)["winner"] == t.state.match.winner is not None


def test_quit_leaves_a_record_that_replays(tmp_path):
    path = str(tmp_path / "stopped.json")
    answers = iter(["#2", "q"])
    lines = []
    t = Table(parse_args(["--seed", "1", "--bots", "1,2", "--record", path]),
              read=lambda p: next(answers), write=lines.append)
    assert t.run() == 0
    assert lines[-1] == "stopped; the record so far is in %s" % path
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


def answering(t, answers):
    """Scripted keyboard: the answers in turn, then the end of input."""
    it = iter(answers)
    prompts = []

    def read(prompt):
        prompts.append(prompt)
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None
    t.read = read
    return prompts


def test_bare_numbers_are_cards_and_list_entries_take_a_hash():
    # A bare number used to pick list entry N: "9" played entry 9 (here the attack P C).
    # Now it is the card 9, entries are #N, and a bare number that names no card you can
    # play says so.
    s = run(ROUND_A[:6])[0]  # seat 2 (8..12 three each, P, C) on a single 5
    lines = []
    t = Table(parse_args(["--seed", "1"]), write=lines.append)
    t.state = s
    acts = game.legal_actions(s, 2)
    assert action_text(acts[8]) == "play P C"
    answering(t, ["9"])
    assert t.human(2, "play") == (2, "play", codes("9s"), None)
    answering(t, ["#9"])
    assert t.human(2, "play") == acts[8]
    answering(t, ["#0", "#10", "4", "13", "#1"])
    assert t.human(2, "play") == (2, "pass")
    refusals = [x for x in lines if x.startswith("  not allowed:")]
    assert len(refusals) == 4
    assert "the list has #1 to #9" in refusals[0] and "the list has #1 to #9" in refusals[1]
    assert "you hold no (more) 4" in refusals[2] and "type #4" in refusals[2]
    assert "a bare number is a card" in refusals[2]
    assert "unknown chimera card: 13" in refusals[3] and "#13" not in refusals[3]  # no entry 13
    assert any("  #1 pass  #2 play 8" in x for x in lines) and any("#9 play P C" in x for x in lines)
    # While bidding, 20, 30 and 40 alone are bids; other bare numbers are explained.
    b = run(ROUND_A[:1])[0]
    t.state = b
    prompts = answering(t, ["2", "30"])
    assert t.human(0, "bid") == (0, "bid", 30)
    assert "#N" in prompts[0]
    assert "type #2" in [x for x in lines if x.startswith("  not allowed:")][-1]
    assert parse_typed("20", 0, b) == (0, "bid", 20)


def test_card_notation_in_the_help_and_once_as_a_hint():
    from host_sim.chimera_table import HELP, HINT
    for words in ("1..12", "H (Hero)", "P (Pi Ya)", "C (Chimera)", "Jade", "Sword", "Pagoda", "Star",
                  "#N", "as 9"):
        assert words in HELP, words
    for words in ("H (Hero)", "P (Pi Ya)", "C (Chimera)", "j s p t", "#N"):
        assert words in HINT, words
    s = run(ROUND_A[:4])[0]
    lines = []
    t = Table(parse_args(["--seed", "1"]), write=lines.append)
    t.state = s
    answering(t, ["h", "#1"])
    t.human(0, "play")
    answering(t, ["#1"])
    t.human(0, "play")
    assert lines.count("  " + HINT) == 1  # said the first time seat 0 is asked for cards
    assert t.help_text() in lines and t.help_text().startswith(HELP)


def round_end(argv, events):
    """What the table says when the last of ``events`` (record events) ends the round."""
    from engine_core.chimera import record

    lines = []
    t = Table(parse_args(argv), write=lines.append)
    t.state = run(events[:-1])[0]
    t.apply(record.to_action(events[-1]))
    return "\n".join(lines)


def test_round_end_shows_the_score_sheet():
    # C8 via the engine's sheet_line: bid, made or not, traps, attack, silent Hunter, treasures
    from tests.engine.chimera_flows import DELTAS_A, DELTAS_B, ROUND_B

    text = round_end(["--seed", "1"], ROUND_A)
    assert "Round 1 over: Anna went out first." in text
    assert "Anna, the Chimera with 20, made it: 2 x 20 = +40" in text
    assert "1 trap +25, no Chimera attack +0, a silent Hunter +25" in text
    assert "treasures in the tricks (2 = 10, 11 = 5): Anna 15, Ben 0, Carla 0" in text
    assert "round: Anna +%d, Ben +%d, Carla +%d" % DELTAS_A in text

    text = round_end(["--seed", "1", "--names", "Ute,Vic,Wim"], ROUND_B)
    assert "Round 1 over: Wim went out first." in text
    assert "Vic, the Chimera with 40, failed: Vic -40, Ute and Wim +20 each (C8.2)" in text
    assert "1 trap, the Chimera attack, a silent Hunter: no bonuses when a Hunter goes out first" in text
    assert "Ute 0, Vic 0, Wim 15" in text
    assert "round: Ute %+d, Vic %+d, Wim %+d" % DELTAS_B in text
