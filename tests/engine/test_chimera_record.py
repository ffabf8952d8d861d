"""Chimera game records (CONTRACT 2) and judge replay (CONTRACT 3)."""

import json

from engine_core.chimera import game, record
from engine_core.judge import handle
from engine_core.prng import Pcg32
from tests.engine.chimera_flows import (
    DEAL_A,
    DEAL_B,
    DELTAS_A,
    DELTAS_B,
    PLAY_A,
    ROUND_A,
    ROUND_B,
)
from tests.engine.game_checks import replayer

replay, at = replayer("chimera", 400)


def deal_with(**changes):
    d = json.loads(json.dumps(DEAL_A[1]))
    d.update(changes)
    return ["deal", d]


def test_replay_totals_rounds_winner():
    # CONTRACT 3, C8, C9.1
    assert replay(ROUND_A + ROUND_B) == {"ok": True, "totals": [125, -40, 35],
                                         "rounds": [list(DELTAS_A), list(DELTAS_B)], "winner": None}
    assert replay(ROUND_A, 100) == {"ok": True, "totals": [105, 0, 0], "rounds": [[105, 0, 0]],
                                    "winner": 0}


def test_a_record_may_stop_anywhere():
    # CONTRACT 3: completed rounds only; a redeal is no round
    assert replay([]) == {"ok": True, "totals": [0, 0, 0], "rounds": [], "winner": None}
    assert replay(ROUND_A + ROUND_B[:5]) == {"ok": True, "totals": [105, 0, 0],
                                             "rounds": [[105, 0, 0]], "winner": None}
    passed = [DEAL_A, [0, "pass"], [1, "pass"], [2, "pass"]]
    assert replay(passed)["rounds"] == []


def test_events_after_the_end_are_illegal():
    # CONTRACT 3, C9.1
    assert at(ROUND_A + [DEAL_B], 100) == len(ROUND_A)
    assert at(ROUND_A + [[1, "pass"]], 100) == len(ROUND_A)


def test_malformed_records_as_a_whole():
    # CONTRACT 3: {"error": ...} without ok
    for rec in (None, [], "x", {"game": "tichu!", "events": []}, {"events": []},
                {"game": "chimera", "limit": 0, "events": []},
                {"game": "chimera", "limit": "400", "events": []},
                {"game": "chimera", "limit": True, "events": []},
                {"game": "chimera", "limit": 2.5, "events": []},
                {"game": "chimera", "limit": 400},
                {"game": "chimera", "limit": 400, "events": {}}):
        ans = handle({"op": "replay", "record": rec})
        assert list(ans) == ["error"], rec
    assert "error" in handle({"op": "replay"})


def test_missing_limit_means_400():
    # C9.1: the default limit (Decision: a record without one plays to 400)
    assert handle({"op": "replay", "record": {"game": "chimera", "events": ROUND_A}})["ok"] is True


def test_deal_must_be_the_whole_deck():
    # CONTRACT 2, C2.2: every token with its family; exactly the deck; 17/17/17 + 3
    hands = DEAL_A[1]["hands"]
    bad = [
        deal_with(hands=[hands[0][:-1], hands[1], hands[2]]),              # 16 cards
        deal_with(hands=[hands[0][:-1] + ["1s"], hands[1], hands[2]]),     # 1s twice
        deal_with(hands=[hands[0][:-1] + ["3"], hands[1], hands[2]]),      # no family
        deal_with(hands=[hands[0][:-1] + ["3x"], hands[1], hands[2]]),     # no such card
        deal_with(hands=hands[:2]),                                        # two hands
        deal_with(kitty=["7s", "7p"]),
        deal_with(face_up="7s"),                                           # in the hideout
        deal_with(face_up="7"),
        deal_with(dealer=3),
        deal_with(dealer="2"),
        ["deal"],
        ["deal", {"dealer": 2}],
        ["deal", DEAL_A[1], 1],
    ]
    for ev in bad:
        assert at([ev]) == 0, ev
    assert replay([deal_with(hands=[" ".join(h) for h in hands])])["ok"] is True


def test_deals_follow_the_dealer_rotation():
    # C2.4 (next seat each round), C3.5 (same dealer after a pass-out)
    assert at(ROUND_A + [deal_with(dealer=2)]) == len(ROUND_A)
    passed = [DEAL_A, [0, "pass"], [1, "pass"], [2, "pass"]]
    assert at(passed + [DEAL_B]) == 4
    assert replay(passed + [DEAL_A])["ok"] is True


def test_events_in_turn_and_phase():
    # C3.1, C3.2, C4.2, C7.3, CONTRACT 2
    assert at([[0, "bid", 20]]) == 0                       # no deal yet
    assert at([DEAL_A, [1, "bid", 20]]) == 1               # face-up holder first
    assert at([DEAL_A, [0, "bid", 25]]) == 1
    assert at([DEAL_A, [0, "bid", 20], [1, "bid", 20]]) == 2
    assert at([DEAL_A, DEAL_A]) == 1
    assert at(ROUND_A[:4] + [[1, "give", []]]) == 4        # bid 20: no give is written
    assert at(ROUND_A[:4] + [[0, "play", ["3"]]]) == 4     # play tokens carry families
    assert at(ROUND_A[:4] + [[0, "play", ["8s"]]]) == 4    # not held
    assert replay(ROUND_A[:4] + [[0, "play", "3s"]])["ok"] is True  # CONTRACT 1: a string
    assert at(ROUND_B[:2] + [[2, "give", ["1s"]]]) == 2    # two cards with 40
    assert at(ROUND_B[:3] + [[2, "give", ["1t", "2s"]]]) == 3  # gave already
    assert at([DEAL_A, [0, "pass", None]]) == 1
    assert at([DEAL_A, [0]]) == 1
    assert at([DEAL_A, 0]) == 1
    assert at([DEAL_A, [0, "double"]]) == 1


def test_forced_bid_is_not_written():
    # CONTRACT 2, C3.5: a written forced move is illegal: it is not that seat's turn
    passed = [DEAL_A, [0, "pass"], [1, "pass"], [2, "pass"]]
    assert at(passed + passed + [[0, "bid", 20]]) == 8
    assert replay(passed + passed + [[1, "pass"], [2, "pass"]] + PLAY_A)["rounds"] == [list(DELTAS_A)]


def test_as_option():
    # CONTRACT 2, C5.2: as names the highest unit; none of the readings: illegal
    lead = ROUND_A[:4]
    trio = [0, "play", ["7s", "7p", "7t"]]
    assert replay(lead + [trio + [{"as": "7"}]])["ok"] is True
    assert replay(lead + [trio + [{"as": 7}]])["ok"] is True
    assert replay(lead + [trio + [{}]])["ok"] is True
    for opts in ({"as": "8"}, {"as": "9s"}, {"as": "X"}, "7", [7], {"as": True}):
        assert at(lead + [trio + [opts]]) == 4, opts
    assert at(lead + [trio + [{"as": "7"}, 1]]) == 4


def test_written_events_read_back_as_the_same_actions():
    # CONTRACT 2: the writer and the reader agree on every action of a random match
    g = Pcg32(11)
    s = game.new_match(150)
    w = record.Writer(150, seed=11)
    actions = []
    while game.decision(s)[0] != "over":
        kind, due = game.decision(s)
        if kind == "deal":
            a = game.next_deal(s, g)
        else:
            acts = game.legal_actions(s, due[g.below(len(due))])
            a = acts[g.below(len(acts))]
        s, evs = game.apply(s, a)
        w.add(a, evs)
        actions.append(a)
    rec = json.loads(json.dumps(w.record))
    assert rec["seed"] == 11 and rec["game"] == "chimera" and rec["limit"] == 150
    for a, ev in zip(actions, rec["events"]):
        b = record.to_action(ev)
        if a[0] == "deal":
            assert b == a
        else:
            assert b[:3] == tuple(a[:3]) and (len(a) < 4 or a[3] is None or b[3] == a[3])
    ans = handle({"op": "replay", "record": rec})
    assert ans == {"ok": True, "totals": list(s.match.totals),
                   "rounds": [list(r) for r in s.match.rounds], "winner": s.match.winner}
