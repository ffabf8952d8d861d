"""Tichu game records (CONTRACT 2), judge replay and judge score (CONTRACT 3), the deal
from the PRNG (RULES T2.1, T2.2, D1) and scoring a played round (T6)."""

import json

from engine_core.judge import handle
from engine_core.prng import Pcg32
from engine_core.tichu import deal, game, record, scoring
from engine_core.tichu.cards import DECK
from tests.engine.game_checks import replayer
from tests.engine.tichu_flows import (
    CALLS_A,
    DEAL_A,
    DEAL_B,
    DELTAS_A,
    DELTAS_B,
    PLAY_A,
    ROUND_A,
    ROUND_B,
    play,
    position,
    run,
)

replay, at = replayer("tichu", 1000)


def copy(x):
    return json.loads(json.dumps(x))


# --------------------------------------------------------------------------- replay

def test_replay_answers_per_team():
    # CONTRACT 3, T1.3, T6, T7.1
    assert replay(ROUND_A + ROUND_B) == {"ok": True, "totals": [460, -260],
                                         "rounds": [list(DELTAS_A), list(DELTAS_B)], "winner": None}
    assert replay(ROUND_A + ROUND_B, 400)["winner"] == 0
    assert replay(ROUND_B, 300) == {"ok": True, "totals": [300, 0], "rounds": [[300, 0]], "winner": 0}


def test_a_record_may_stop_anywhere():
    # CONTRACT 3: completed rounds only; winner null until the end
    assert replay([]) == {"ok": True, "totals": [0, 0], "rounds": [], "winner": None}
    for n in (1, 2, 7, len(ROUND_B) - 1):
        assert replay(ROUND_A + ROUND_B[:n]) == {"ok": True, "totals": list(DELTAS_A),
                                                 "rounds": [list(DELTAS_A)], "winner": None}


def test_events_after_the_end_are_illegal():
    # CONTRACT 3
    assert at(ROUND_B + [DEAL_A], 300) == len(ROUND_B)
    assert at(ROUND_A + [[0, "pass"]]) == len(ROUND_A)


def test_header_errors():
    # CONTRACT 3: malformed as a whole
    for rec in ({"game": "tichu", "limit": 0, "events": []}, {"game": "tichu", "limit": "x", "events": []},
                {"game": "tichu", "events": {}}, {"game": "tichu", "limit": True, "events": []}):
        ans = handle({"op": "replay", "record": rec})
        assert list(ans) == ["error"], ans
    assert replay([], limit=1)["ok"] is True
    rec = {"game": "tichu", "events": ROUND_A}
    assert handle({"op": "replay", "record": rec})["winner"] is None  # T7.1: 1000 by default


def test_declining_is_never_written():
    # CONTRACT 2: the window closes at the first event that is not a grand
    assert at([DEAL_A, [0, "no_grand"]]) == 1
    assert at([DEAL_A, [0, "pass"]]) == 1  # closes the window, then no pass while pushing
    assert at([DEAL_A, [3, "grand"], [1, "tichu"], [0, "grand"]]) == 3
    assert replay([DEAL_A, [3, "grand"], [0, "grand"], [3, "tichu"]])["ok"] is False


def test_illegal_events_are_named_by_index():
    # CONTRACT 3, D2: the first illegal event
    n = len(CALLS_A)
    cases = [
        (CALLS_A + [play(1, "9p")], n),  # not seat 1's turn, and no bomb
        (CALLS_A + [play(0, "MJ", {"wish": "1"})], n),
        (CALLS_A + [play(0, "MJ", {"wish": "PHX"})], n),
        (CALLS_A + [play(0, "2j", {"wish": "9"})], n),
        (CALLS_A + [play(0, "MJ", {"wish": "9"}), [1, "pass"]], n + 1),  # T4.2
        (CALLS_A + [play(0, "MJ", {"wish": "9"}), play(1, "As")], n + 1),
        (CALLS_A + PLAY_A[:6] + [[2, "gift", 0]], n + 6),  # to an opponent (T4.5)
        (CALLS_A + PLAY_A[:6] + [[1, "gift", 0]], n + 6),
        (CALLS_A + PLAY_A[:6] + [[2, "gift", "1"]], n + 6),
        (CALLS_A + [[0, "play", ["MJ"], "x"]], n),
        (CALLS_A + [[0, "play", ["MJ"], {}, {}]], n),
        (CALLS_A + [[0, "play", ["MJ", "MJ"]]], n),
        (CALLS_A + [[0, "play", ["2"]]], n),  # every token carries its family
        (CALLS_A + [[0, "play", "MJ 2x"]], n),
        (CALLS_A + [[0, "tichu", 1]], n),
        (CALLS_A + [[0, "pass", {}]], n),
        (CALLS_A + [[0, "bid", 20]], n),
        (CALLS_A + [[4, "pass"]], n),
        (CALLS_A + [[True, "pass"]], n),
        (CALLS_A + [["0", "pass"]], n),
        (CALLS_A + [[]], n),
        (CALLS_A + ["pass"], n),
        (CALLS_A[:4] + [[0, "push", ["2s", "8s"]]], 4),
        (CALLS_A[:3] + [[0, "push", ["3p", "2s", "8s"], {}]], 3),
    ]
    for events, index in cases:
        assert at(events) == index, events[index:]


def test_deal_event_checks():
    # CONTRACT 2: {"dealer", "first8", "last6"}, every token with its family, the whole deck
    d = DEAL_A[1]
    for key, val in (("dealer", 4), ("dealer", "0"), ("first8", d["first8"][:3]),
                     ("last6", d["first8"]), ("first8", "x")):
        bad = copy(d)
        bad[key] = val
        assert at([["deal", bad]]) == 0, key
    for key in ("dealer", "first8", "last6"):
        bad = copy(d)
        del bad[key]
        assert at([["deal", bad]]) == 0
    bad = copy(d)
    bad["first8"][0][0] = bad["last6"][1][0]
    assert at([["deal", bad]]) == 0
    bad = copy(d)
    bad["first8"][0][1] = bad["first8"][0][1][:-1]
    assert at([["deal", bad]]) == 0
    assert at([["deal", d, 1]]) == 0
    assert at([["deal"]]) == 0
    bad = copy(d)
    bad["extra"] = 1  # optional fields may be added
    assert replay([["deal", bad]])["ok"] is True


def test_as_option_picks_a_reading():
    # T3.3, CONTRACT 2: as names the highest unit; default the highest legal now
    hands = ["8j 8s Kj Ks PHX 2t", "9j 9s 9p Qj Qs", "3j", "4j"]
    s = position(hands, 0)
    for opts, rank in (({"as": "K"}, 13), ({"as": "8"}, 8), ({}, 13), ({"as": None}, 13)):
        a = record.to_action(play(0, "8j 8s Kj Ks PHX", opts))
        assert game.apply(s, a)[0].top[2] == rank
    for bad in ({"as": "9"}, {"as": "Z"}, {"as": True}):
        a = None
        try:
            a = record.to_action(play(0, "8j 8s Kj Ks PHX", bad))
            game.apply(s, a)
        except game.IllegalAction:
            continue
        raise AssertionError(bad)
    s = game.apply(s, record.to_action(play(0, "8j 8s Kj Ks PHX", {"as": "8"})))[0]
    s2, ev = game.apply(s, record.to_action(play(1, "9j 9s 9p Qj Qs")))
    assert s2.top_seat == 1


def test_writer_round_trip():
    # CONTRACT 2: a record written as the game goes replays; as and wish are kept
    s = game.new_match()
    w = record.Writer(1000, seed=5, players=["a", "b", "c", "d"])
    for ev in ROUND_A:
        a = record.to_action(ev)
        s, events = game.apply(s, a)
        w.add(a, events)
    assert w.record["events"] == ROUND_A
    s = game.apply(game.new_match(), record.to_action(DEAL_B))[0]
    w = record.Writer(1000)
    w.add((0, "no_grand"))
    assert w.record["events"] == []
    hands = ["8j 8s Kj Ks PHX", "3j", "4j", "5j"]
    s, events = game.apply(position(hands, 0), (0, "play", tuple(DECK.parse("8j 8s Kj Ks PHX"))))
    assert record.to_event((0, "play", tuple(DECK.parse("8j 8s Kj Ks PHX"))), events[0][2]) \
        == [0, "play", ["8j", "8s", "Kj", "Ks", "PHX"], {"as": "K"}]
    assert record.to_event((1, "play", tuple(DECK.parse("MJ")), None, 11)) \
        == [1, "play", ["MJ"], {"wish": "J"}]
    assert record.to_event((1, "push", tuple(DECK.parse("Kj 2s MJ")))) == [1, "push", ["Kj", "2s", "MJ"]]


def test_wish_and_as_accept_number_ints():
    # CONTRACT 2 Decision as for Chimera: a number rank may be an int
    assert record.to_action([0, "play", ["MJ"], {"wish": 9}])[4] == 9
    assert record.to_action([0, "play", ["MJ"], {"wish": "A"}])[4] == 14
    assert record.to_action([0, "play", ["MJ"], {"wish": None}])[4] is None


# --------------------------------------------------------------------------- score

def score(rnd):
    return handle({"op": "score", "game": "tichu", "round": rnd})


def test_score_keeper_rounds():
    # T6.1-T6.5, CONTRACT 3 score
    assert score({"calls": {"2": "tichu", "1": "tichu", "3": "grand"}, "first_out": 2,
                  "double_victory": None, "card_points": [60, 40]}) == {"deltas": list(DELTAS_A)}
    assert score({"calls": {"0": "grand", "2": "tichu"}, "first_out": 0,
                  "double_victory": 0}) == {"deltas": list(DELTAS_B)}
    assert score({"calls": {}, "first_out": 1, "double_victory": None, "card_points": [125, -25]}) \
        == {"deltas": [125, -25]}
    assert score({"calls": {"1": "tichu"}, "first_out": 1, "double_victory": None, "card_points": [50, 50],
                  "wish_penalty": 0}) == {"deltas": [0, 300]}
    assert score({"calls": {"1": "tichu"}, "first_out": 1, "wish_penalty": 1}) == {"deltas": [200, 100]}


def test_score_keeper_refusals():
    # D3: impossible rounds are refused with a reason
    for rnd in ({"first_out": 0, "card_points": [55, 40]},
                {"first_out": 0, "card_points": [52, 48]},
                {"first_out": 0, "card_points": [130, -30]},
                {"first_out": 1, "double_victory": 0},
                {"first_out": 4, "card_points": [50, 50]},
                {"first_out": 0},
                {"calls": {"0": "tichu", " 0": "grand"}, "first_out": 0, "card_points": [50, 50]},
                {"calls": {"5": "tichu"}, "first_out": 0, "card_points": [50, 50]},
                {"calls": {"0": "small"}, "first_out": 0, "card_points": [50, 50]},
                "x"):
        ans = score(rnd)
        assert list(ans) == ["error"] and ans["error"], rnd


def test_played_round_fills_the_score_sheet():
    # T6.2, T6.3: the game scores through the score keeper's line
    s = run(ROUND_A)[0]
    assert scoring.sheet_line(s) == {"calls": {"1": "tichu", "2": "tichu", "3": "grand"}, "first_out": 2,
                                     "double_victory": None, "card_points": [60, 40]}
    s = run(ROUND_B)[0]
    assert scoring.sheet_line(s) == {"calls": {"0": "grand", "2": "tichu"}, "first_out": 0,
                                     "double_victory": 0}
    assert scoring.card_points(DECK.card_list) == 100


# --------------------------------------------------------------------------- deal

def test_deal_from_the_prng_is_reproducible():
    # D1, T2.1, T2.2: 8 then 6 cards each, one at a time from the dealer's next seat
    a = deal.deal(Pcg32(42), 2)
    assert a == deal.deal(Pcg32(42), 2)
    assert a != deal.deal(Pcg32(43), 2)
    _, dealer, first, rest = a
    assert dealer == 2 and [len(h) for h in first] == [8] * 4 and [len(h) for h in rest] == [6] * 4
    every = []
    for h in first + rest:
        every.extend(h)
    assert sorted(every) == DECK.card_list
    stack = list(DECK.card_list)
    Pcg32(42).shuffle(stack)
    assert stack[0] in first[3] and stack[1] in first[0] and stack[32] in rest[3]
    assert game.apply(game.new_match(), a)[1] == [("dealt", 2)]


def test_next_deal_follows_the_match_dealer():
    # T2.5: the device deals from seat 0, then moves the deal on
    s = game.new_match()
    assert game.next_deal(s, Pcg32(1))[1] == 0
    s = run(ROUND_A)[0]
    assert game.next_deal(s, Pcg32(1))[1] == 1
