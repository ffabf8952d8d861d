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


def keyboard_game(path, seed):
    """A game of a keyboard player at seat 0 who pushes its highest three cards (so a Mah Jong
    dealt stays), names a card twice once, wishes now and then, then takes entry #1; the
    lines written and the prompts asked."""
    lines = []
    asked = []
    box = []

    def read(prompt):
        s = box[0].state
        asked.append(prompt)
        assert len(asked) < 5000, "the table keeps asking: %s" % prompt
        if prompt.startswith("wish"):
            return "7" if len(asked) % 2 else ""
        if prompt.startswith("bomb"):
            return "#1"
        if game.decision(s)[0] == "push":
            return "push " + " ".join(game.DECK.format(s.hands[0][-3:]))
        if len(asked) == 3:
            return "MJ MJ"  # refused: named twice
        return "#1"

    args = parse_args(["--seed", str(seed), "--bots", "1,2,3", "--limit", "1000", "--record", path])
    box.append(Table(args, read=read, write=lines.append))
    assert box[0].run() == 0
    finished(box[0], path)
    return lines, asked


def test_keyboard_player_pushes_plays_and_wishes(tmp_path):
    # T2.3, T4.1, T5.1: typed pushes, the wish prompt, numbers to the end, refusals with reasons.
    # The wish prompt needs the Mah Jong in the human's hand: the first seed whose deals give it.
    for seed in range(8, 20):
        lines, asked = keyboard_game(str(tmp_path / ("human%d.json" % seed)), seed)
        assert any(x.startswith("  not allowed:") for x in lines)
        if any(p.startswith("wish") for p in asked):
            return
    raise AssertionError("no wish prompt in 12 games")


def test_quit_leaves_a_record_that_replays(tmp_path):
    path = str(tmp_path / "stopped.json")
    answers = iter(["#2", "q"])
    t = Table(parse_args(["--seed", "1", "--bots", "1,2,3", "--record", path]),
              read=lambda p: next(answers), write=lambda x: None)
    assert t.run() == 0
    ans = replayed(path)
    assert ans["ok"] is True and ans["rounds"] == []


def test_a_human_is_offered_a_bomb_out_of_turn():
    # T5.2: a seat not on turn that could bomb is asked first
    lines = []
    answers = iter(["", "#1"])
    t = Table(parse_args(["--seed", "1", "--bots", "1,2,3"]), read=lambda p: next(answers),
              write=lines.append)
    t.state = position(["3j 7j 7s 7p 7t", "6j", "8j", "9j"], 2, "5j", 1)
    assert t.bomb_offers((2,)) is None  # Enter: not now
    assert t.bomb_offers((2,)) is None  # asked once per position
    t.offered = None
    t.asked.clear()
    assert t.bomb_offers((2,)) == (0, "play", codes("7j 7s 7p 7t"), None)
    assert any("could bomb single 5 by Ben" in x for x in lines)


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


def answering(t, answers, default=None):
    """Scripted keyboard: the answers in turn, then ``default`` (or the end of input);
    the prompts asked are listed."""
    it = iter(answers)
    prompts = []

    def read(prompt):
        prompts.append(prompt)
        x = next(it, default)
        if x is None:
            raise EOFError
        return x
    t.read = read
    return prompts


def test_wish_forms_and_a_clear_refusal():
    # T4.1: a wish is a rank 2..A; the usual spellings are taken, anything else says what is
    s = run(CALLS_A)[0]
    for text, wish in (("MJ wish 9", 9), ("MJ wish=9", 9), ("MJ wish:K", 13), ("MJ wish k", 13),
                       ("MJ wish 14", 14), ("MJ wish A", 14), ("MJ wish 10", 10), ("MJ wish none", None)):
        assert parse_typed(text, 0, s) == (0, "play", codes("MJ"), None, wish), text
    assert parse_typed("MJ", 0, s) == (0, "play", codes("MJ"), None)  # no wish named: asked for
    for bad in ("MJ wish 1", "MJ wish 15", "MJ wish x", "MJ wish MJ"):
        try:
            parse_typed(bad, 0, s)
        except Refused as e:
            reason = str(e)
        else:
            raise AssertionError(bad)
        assert "a wish is a rank 2..10, J, Q, K, A (or 11..14 for J..A)" in reason, reason
        assert "MJ wish 9" in reason
    try:
        parse_typed("MJ wish 1", 0, s)
    except Refused as e:
        assert str(e).startswith("1 is no wish (1 is the Mah Jong itself)")
    try:
        parse_typed("2 wish 9", 0, s)
    except Refused as e:
        assert "only a play with the Mah Jong names a wish" in str(e)


def test_the_mah_jong_asks_for_the_wish_and_explains_it():
    s = position(["MJ 3j 4s", "6j", "8j", "9j"], 0)  # seat 0 leads
    lines = []
    t = Table(parse_args(["--seed", "1"]), write=lines.append)
    t.state = s
    prompts = answering(t, ["MJ", "1", "wish K"])
    assert t.human(0, "play", game.legal_actions(s, 0)) == (0, "play", codes("MJ"), None, 13)
    assert prompts[1].startswith("wish a rank (2..10, J, Q, K, A")
    assert any("1 is no wish (1 is the Mah Jong itself)" in x for x in lines)
    acts = [a for a in game.legal_actions(s, 0) if len(a) < 5 or a[4] is None]
    mj = "#%d" % (acts.index((0, "play", codes("MJ"), None, None)) + 1)
    answering(t, [mj, ""])  # an entry of the list names no wish: asked, Enter for none
    assert t.human(0, "play", game.legal_actions(s, 0)) == (0, "play", codes("MJ"), None, None)
    answering(t, ["MJ wish none"])  # said: not asked
    assert t.human(0, "play", game.legal_actions(s, 0)) == (0, "play", codes("MJ"), None, None)


def test_bare_numbers_are_cards_and_list_entries_take_a_hash():
    s = position(["3j 4s 7j 7s 9t", "6j", "8j", "9j"], 0)  # seat 0 leads
    lines = []
    t = Table(parse_args(["--seed", "1"]), write=lines.append)
    t.state = s
    acts = game.legal_actions(s, 0)
    listed = [a for a in acts if len(a) < 5 or a[4] is None]
    answering(t, ["7"])
    assert t.human(0, "play", acts) == (0, "play", codes("7j"), None, None)
    answering(t, ["#4"])
    assert t.human(0, "play", acts) == listed[3]
    answering(t, ["#99", "1", "5", "#1"])
    assert t.human(0, "play", acts) == listed[0]
    refusals = [x for x in lines if x.startswith("  not allowed:")]
    assert "there is no entry #99" in refusals[0]
    assert "unknown tichu card: 1" in refusals[1] and "type #1" in refusals[1]
    assert "you hold no (more) 5" in refusals[2] and "type #5" in refusals[2]


def test_bombs_are_offered_only_when_they_matter():
    # T5.2: asked once per play of an opponent (not again after every pass, not on the
    # partner's play); n: no more this trick; off: never; bombs on: again
    lines = []
    t = Table(parse_args(["--seed", "1"]), write=lines.append)
    prompts = answering(t, ["", "n", "off"])
    t.state = position(["3j 7j 7s 7p 7t", "6j Qj", "8j Kj", "9j Qs As"], 2, "5j", 1)

    def step(action, due):
        if action:
            t.apply(action)
        assert game.decision(t.state)[1] == due
        return t.bomb_offers(due)

    def asked():
        return sum(1 for p in prompts if p.startswith("bomb?"))

    step(None, (2,))
    assert asked() == 1 and any("could bomb single 5 by Ben" in x for x in lines)
    step((2, "pass"), (3,))
    step((3, "pass"), (0,))
    step((0, "pass"), (1,))  # everybody passed: Ben's trick waits, still the same play
    assert asked() == 1
    step((1, "play", codes("Qj")), (2,))  # Ben leads again: a new play by an opponent
    assert asked() == 2 and any("no bombs this trick" in x for x in lines)
    step((2, "play", codes("Kj")), (3,))  # the partner's play
    step((3, "play", codes("As")), (0,))
    step((0, "pass"), (1,))  # "n" holds for this trick
    step((1, "pass"), (2,))
    step((2, "pass"), (3,))
    assert asked() == 2
    step((3, "play", codes("Qs")), (0,))  # the trick is taken: a new trick
    step((0, "pass"), (1,))
    assert asked() == 3 and any("bombs off" in x for x in lines)
    step((1, "pass"), (2,))
    step((2, "pass"), (3,))
    assert asked() == 3 and 0 in t.bombs_off
    t.at_seat = 0
    assert t.command("bombs on") and 0 not in t.bombs_off
    assert "bombs off / bombs on" in t.HELP and "n (no bombs this trick)" in t.HELP


def test_bomb_prompts_in_a_whole_game_each_name_a_new_play_of_an_opponent():
    # The old table asked after every play and every pass (once per position). A bomb in the
    # human's hand is rare: games are played until five prompts came.
    box = []
    plays = []
    asked = []

    def read(prompt):
        s = box[-1].state
        asked.append(prompt)
        assert len(asked) < 50000, "the table keeps asking: %s" % prompt
        if prompt.startswith("bomb"):
            assert game.team(s.top_seat) == 1
            plays.append((box[-1].args.seed, len(s.match.rounds), s.trick, s.top_seat))
            return ""
        if prompt.startswith("wish"):
            return ""
        if game.decision(s)[0] == "push" and 0 in game.decision(s)[1]:
            return " ".join(game.DECK.format(s.hands[0][:3]))  # the word push may be left out
        return "#1"

    for seed in range(10, 40):
        box.append(Table(parse_args(["--seed", str(seed), "--limit", "1000"]), read=read, write=[].append))
        assert box[-1].run() == 0
        if len(plays) >= 5:
            break
    assert len(plays) >= 5 and len(set(plays)) == len(plays)


def round_end(argv, events):
    """What the table says when the last of ``events`` (record events) ends the round."""
    from engine_core.tichu import record

    lines = []
    t = Table(parse_args(argv), write=lines.append)
    t.state = run(events[:-1])[0]
    t.apply(record.to_action(events[-1]))
    return "\n".join(lines)


def test_round_end_shows_the_score_sheet():
    # T6 via the engine's sheet_line: card points per team, calls made or failed, double victory
    from tests.engine.tichu_flows import DELTAS_A, DELTAS_B, ROUND_A, ROUND_B

    text = round_end(["--seed", "1"], ROUND_A)
    assert "Round 1 over. Out: Carla, David, Anna, Ben." in text
    assert "card points (T6.3): Anna+Carla 60, Ben+David 40" in text
    assert "Ben called Tichu and did not go out first: -100 for Ben+David" in text
    assert "Carla called Tichu and went out first: +100 for Anna+Carla" in text
    assert "David called Grand Tichu and did not go out first: -200 for Ben+David" in text
    assert "round: Anna+Carla %+d, Ben+David %+d" % DELTAS_A in text

    text = round_end(["--seed", "1"], ROUND_B)
    assert "double victory: Anna+Carla +200; card points are not counted (T6.1)" in text
    assert "Anna called Grand Tichu and went out first: +200 for Anna+Carla" in text
    assert "Carla called Tichu and did not go out first: -100 for Anna+Carla" in text
    assert "round: Anna+Carla %+d, Ben+David %+d" % DELTAS_B in text


def test_card_notation_in_the_help_and_once_as_a_hint():
    from host_sim.tichu_table import HELP, HINT
    for words in ("2..10, J, Q, K, A", "MJ (Mah Jong", "DOG", "PHX (Phoenix)", "DRG (Dragon)", "Jade",
                  "#N", "MJ wish 9"):
        assert words in HELP, words
    for words in ("MJ (Mah Jong)", "DOG", "PHX (Phoenix)", "DRG (Dragon)", "j s p t", "#N"):
        assert words in HINT, words
    s = position(["3j 4s 7j 7s 9t", "6j", "8j", "9j"], 0)
    lines = []
    t = Table(parse_args(["--seed", "1"]), write=lines.append)
    t.state = s
    answering(t, ["?", "#1", "#1"])
    t.human(0, "play", game.legal_actions(s, 0))
    t.human(0, "play", game.legal_actions(s, 0))
    assert lines.count("  " + HINT) == 1 and t.help_text() in lines and t.help_text().startswith(HELP)


def test_the_dragon_trick_is_given_by_name():
    s = run(CALLS_A)[0]
    names = ["Anna", "Ben", "Carla", "David"]
    assert parse_typed("gift ben", 0, s, names) == (0, "gift", 1)
    assert parse_typed("gift David", 0, s, names) == (0, "gift", 3)
    assert parse_typed("gift 3", 0, s, names) == (0, "gift", 3)
    try:
        parse_typed("gift Zoe", 0, s, names)
    except Refused as e:
        assert "gift Ben or gift David" in str(e)
    else:
        raise AssertionError("gift Zoe")
