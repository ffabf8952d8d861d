"""The Tichu round and match as a state machine: deal, calls, push, trick play
(RULES T2, T4-T7, D2). Specials, bombs and the wish: test_tichu_game_play.py."""

from engine_core.errors import IllegalAction
from engine_core.match import Match
from engine_core.tichu import game, record
from engine_core.tichu.cards import DECK
from engine_core.tichu.combos import SINGLE
from tests.engine.tichu_flows import (
    CALLS_A,
    DEAL_A,
    DEAL_B,
    DELTAS_A,
    DELTAS_B,
    FINAL_A,
    PUSH_A,
    ROUND_A,
    ROUND_B,
    cards_in_play,
    codes,
    kinds,
    play,
    push_events,
    refused,
    refused_event,
    run,
    run_all,
)


def pushed_a():
    """ROUND_A after the calls and the push: seat 0 holds the Mah Jong and leads."""
    return run(CALLS_A)[0]


# --------------------------------------------------------------------------- seam

def test_decisions_through_the_deal_and_push():
    # T2.1-T2.3, T4.1: whose decision it is, and of what kind
    s = game.new_match()
    assert game.decision(s) == ("deal", ())
    s = run([DEAL_A], s)[0]
    assert game.decision(s) == ("grand", (0, 1, 2, 3))
    s = game.apply(s, (2, "no_grand"))[0]
    s = run([[3, "grand"]], s)[0]
    assert game.decision(s) == ("grand", (0, 1))
    s = game.apply(s, (0, "no_grand"))[0]
    s, ev = game.apply(s, (1, "no_grand"))
    assert kinds(ev) == ["dealt_rest"]
    assert game.decision(s) == ("push", (0, 1, 2, 3))
    s = run(push_events(PUSH_A)[:2], s)[0]
    assert game.decision(s) == ("push", (2, 3))
    s = run(push_events(PUSH_A)[2:], s)[0]
    assert game.decision(s) == ("play", (0,))  # T4.1: the Mah Jong holder leads


def test_legal_actions_in_the_grand_window():
    # T2.1, T2.4: call or decline on 8 cards; no Tichu before 14 cards
    s = run([DEAL_A])[0]
    assert game.legal_actions(s, 1) == [(1, "grand"), (1, "no_grand")]
    assert game.tichu_seats(s) == ()
    s = run([[1, "grand"]], s)[0]
    assert game.legal_actions(s, 1) == []
    assert game.legal_actions(s, 9) == []


def test_every_listed_action_is_accepted():
    # D2: legal_actions lists only what apply accepts
    s = pushed_a()
    acts = game.legal_actions(s, 0)
    assert (0, "pass") not in acts  # leading (T5.1)
    for a in acts:
        game.apply(s, a)
    s = run([play(0, "MJ", {"wish": "9"})], s)[0]
    for seat in range(4):
        for a in game.legal_actions(s, seat):
            game.apply(s, a)


def test_a_device_walks_the_actions_one_at_a_time_and_a_random_player_picks_among_them():
    # D2: choices().actions yields legal_actions in its order without listing them (a lead
    # with the Mah Jong: each play once per wish, T4.1), and the random player is uniform
    # over that list but the call, drawn as it always was (recorded matches replay alike)
    from engine_core.prng import Pcg32
    from engine_core.tichu.choices import CALL_ODDS, random_action

    s = pushed_a()
    walk = game.choices().actions(s, 0)
    assert iter(walk) is walk
    acts = game.legal_actions(s, 0)
    assert list(walk) == acts and len(acts) > 14
    plays = [a for a in acts if a[1] != "tichu"]
    assert game.may_call(s, 0)
    for seed in range(20):
        draws = Pcg32(seed)
        called = draws.below(CALL_ODDS["tichu"]) == 0  # first: a call now and then
        want = (0, "tichu") if called else plays[draws.below(len(plays))]
        assert random_action(s, 0, Pcg32(seed)) == want
    assert list(game.choices().actions(s, 9)) == []


def test_state_round_trips_through_lists():
    # the board saves states: from_list(to_list()) continues identically
    s = run(ROUND_A[:12])[0]
    t = game.State.from_list(s.to_list())
    assert t.to_list() == s.to_list()
    a = run(ROUND_A[12:], s)[0]
    b = run(ROUND_A[12:], t)[0]
    assert a.to_list() == b.to_list()


def test_every_card_is_somewhere():
    # T1: 56 cards, each once, at every step of both rounds
    s = game.new_match()
    for ev in ROUND_A + ROUND_B:
        s = run([ev], s)[0]
        assert cards_in_play(s) == DECK.card_list


# --------------------------------------------------------------------------- deal

def test_deal_must_be_the_whole_deck_in_8_and_6():
    # T2.1, T2.2, CONTRACT 2
    s = game.new_match()
    deal = record.to_action(DEAL_A)
    first, rest = deal[2], deal[3]
    assert "8 cards" in refused(s, deal[:2] + ((first[0][:7],) + first[1:], rest))
    assert "6 cards" in refused(s, deal[:2] + (first, (rest[0] + rest[1][:1],) + rest[1:]))
    swapped = ((rest[0][0],) + first[0][1:],) + first[1:]
    assert "times: a deal is the whole deck" in refused(s, deal[:2] + (swapped, rest))
    assert refused(s, ("deal", 4, first, rest))
    assert refused(s, ("deal", 0, first[:3], rest))
    assert refused(s, deal + (1,))
    for dealer in range(4):  # T2.5: any seat may deal
        assert game.apply(s, ("deal", dealer, first, rest))[0].dealer == dealer


def test_a_deal_is_due_only_between_rounds():
    # T2
    s = run([DEAL_A])[0]
    assert "no deal now" in refused_event(s, DEAL_A)


# --------------------------------------------------------------------------- calls

def test_grand_tichu_only_on_8_cards():
    # T2.1, CONTRACT 2: the first event that is not a grand closes the window
    s = run([DEAL_A, [3, "grand"]])[0]
    assert len(s.hands[0]) == 8
    s2, ev = run([[1, "tichu"]], s)
    assert kinds(ev) == ["dealt_rest", "called"]
    assert [len(h) for h in s2.hands] == [14, 14, 14, 14]
    assert "no Grand Tichu now" in refused(s2, (0, "grand"))
    assert "already called" in refused(s, (3, "grand"))
    s3 = game.apply(s, (0, "no_grand"))[0]
    assert "declined" in refused(s3, (0, "grand"))


def test_a_refused_event_leaves_the_window_open():
    # D2: the window closes only with an event that is accepted
    s = run([DEAL_A])[0]
    assert "no pass now" in refused(s, (0, "pass"))
    assert s.phase == game.GRAND_WINDOW and len(s.hands[0]) == 8


def test_tichu_calls_until_the_first_card():
    # T2.4 and its Decision: after 14 cards, before one's own first card, once, not after Grand
    s = run([DEAL_A, [3, "grand"], [1, "tichu"]])[0]
    assert game.tichu_seats(s) == (0, 2)
    assert "already called grand" in refused(s, (3, "tichu"))
    assert "already called tichu" in refused(s, (1, "tichu"))
    s = pushed_a()
    assert game.tichu_seats(s) == (0,)
    s = run([play(0, "MJ", {"wish": "9"})], s)[0]
    assert "too late" in refused(s, (0, "tichu"))
    assert game.tichu_seats(s) == ()
    assert "tichu takes no argument" in refused(s, (0, "tichu", 1))


def test_tichu_out_of_turn_during_play():
    # T2.4: a seat that has not played may call at any point, not only on its turn
    s = run(CALLS_A[:-1] + [play(0, "MJ", {"wish": "9"})])[0]
    assert game.decision(s) == ("play", (1,))
    assert (2, "tichu") in game.legal_actions(s, 2)
    s, ev = game.apply(s, (2, "tichu"))
    assert ev == [("called", 2, "tichu")] and s.calls == (0, 1, 1, 2)


# --------------------------------------------------------------------------- push

def test_push_is_three_held_cards_each():
    # T2.3
    s = run(CALLS_A[:3])[0]
    p = codes(PUSH_A[0])
    assert "3 cards" in refused(s, (0, "push", p[:2]))
    assert "3 cards" in refused(s, (0, "push", p + codes("6s")))
    assert "does not hold" in refused(s, (0, "push", p[:2] + codes("DRG")))
    assert "named twice" in refused(s, (0, "push", p[:2] + p[:1]))
    s = game.apply(s, (0, "push", p))[0]
    assert "already pushed" in refused(s, (0, "push", p))
    assert "no play now" in refused(s, (0, "play", codes("MJ")))


def test_cards_change_hands_only_when_all_four_pushed():
    # T2.3, CONTRACT 2: nobody passes on a card just received
    s = run(CALLS_A[:3])[0]
    before = s.hands
    for ev in push_events(PUSH_A, (3, 1, 0)):
        s = run([ev], s)[0]
        assert s.hands == before
    s, ev = run(push_events(PUSH_A)[2:3], s)
    assert kinds(ev) == ["pushed", "exchanged"]
    assert s.hands == tuple(tuple(sorted(codes(h))) for h in FINAL_A)


def test_push_order_is_next_partner_previous():
    # CONTRACT 2: the three cards go to seat+1, the partner, seat+3
    s = run(CALLS_A[:3])[0]
    s = run(push_events(PUSH_A), s)[0]
    for g in range(4):
        p = codes(PUSH_A[g])
        for k in range(3):
            assert p[k] in s.hands[(g + 1 + k) % 4]


# --------------------------------------------------------------------------- trick play

def test_only_the_seat_on_turn_plays_or_passes():
    # T5.1
    s = pushed_a()
    assert "leads and cannot pass" in refused(s, (0, "pass"))
    assert "not seat 1's turn" in refused(s, (1, "pass"))
    assert "not seat 1's turn" in refused(s, (1, "play", codes("9p")))
    s = run([play(0, "MJ")], s)[0]
    assert "does not beat" in refused(s, (1, "play", codes("7j 7p")))
    assert "not a combination" in refused(s, (1, "play", codes("7j 9p")))
    assert "does not hold" in refused(s, (1, "play", codes("9j")))


def test_passes_then_the_winner_leads():
    # T5.3: everybody else passed; the winner leads and its play takes the trick
    s = run(CALLS_A + [play(0, "MJ"), play(1, "As")])[0]
    s, ev = run([[2, "pass"], [3, "pass"], [0, "pass"]], s)
    assert ev == [("won", 1)]
    assert game.decision(s) == ("play", (1,)) and s.lead == 1 and s.trick
    assert (1, "pass") not in game.legal_actions(s, 1)
    s, ev = run([play(1, "3p")], s)
    assert kinds(ev) == ["trick", "bombs_closed", "played", "bombs_open"]
    assert ev[0] == ("trick", 1, 1) and set(codes("MJ As")) <= set(s.piles[1])


def test_finishing_order_and_lead_past_players_out():
    # T5.3, T5.4: the lead goes to the next seat that holds cards
    s, ev = run(ROUND_A[:19])
    assert s.out == (2,) and game.decision(s) == ("play", (3,))
    s, ev = run(ROUND_A[19:20], s)
    assert ev[:2] == [("trick", 2, 2), ("bombs_closed",)]
    assert s.out == (2, 3) and game.decision(s) == ("play", (0,))


def test_round_a_scores_from_piles_calls_and_order():
    # T6.2-T6.4: last hand to the opponents, last pile to the first out, calls
    s, ev = run_all(ROUND_A)
    assert s.out == (2, 3, 0, 1)
    assert ("last", 1) in ev and ev[-1] == ("round_over", DELTAS_A)
    assert s.match.rounds == (DELTAS_A,) and s.match.totals == DELTAS_A
    assert s.hands == ((), (), (), ()) and s.piles[1] == ()
    assert set(codes("MJ 9p DRG DOG PHX")) <= set(s.piles[2])
    assert game.decision(s) == ("deal", ()) and s.match.dealer == 1


def test_double_victory_ends_the_round_at_once():
    # T6.1: card points are not counted; calls are
    s, ev = run_all(ROUND_B)
    assert ev[-3:] == [("bombs_closed",), ("double_victory", 0), ("round_over", DELTAS_B)]
    assert len(s.hands[1]) == 13 and len(s.hands[3]) == 14  # never played out
    assert cards_in_play(s) == DECK.card_list


# --------------------------------------------------------------------------- match

def test_match_ends_when_a_team_leads_at_the_limit():
    # T7.1
    s, ev = run(ROUND_A + ROUND_B, limit=400)
    assert s.match.totals == (460, -260) and s.match.winner == 0
    assert ev[-1] == ("match_over", 0) and game.decision(s) == ("over", ())
    assert "match is over" in refused_event(s, DEAL_B)
    s = run(ROUND_A, limit=100)[0]
    assert s.match.winner == 0


def test_tie_at_the_limit_plays_on():
    # T7.1 Decision (C9.2): a shared lead continues
    s = game.new_match(100).copy()
    s.match = Match(100, 2, totals=(100, 100))
    s.match = s.match.scored((0, 0), 0)
    assert s.match.winner is None


def test_new_match_checks_the_limit():
    # T7.1: any positive limit
    for bad in (0, -5, True, "1000", 2.5):
        try:
            game.new_match(bad)
        except IllegalAction:
            continue
        raise AssertionError(bad)
    assert game.new_match().match.limit == 1000


def test_reading_names():
    # for reasons and shells
    assert game.reading_name((SINGLE, 1, 3)) == "single Phoenix"
    assert game.reading_name((SINGLE, 1, 28)) == "single A"
    assert game.reading_name(game.reading_for(codes("MJ 2j 3j 4j 5s"), None)) == "straight MJ-5"
    assert game.reading_name(game.reading_for(codes("8j 8s KJ Kp PHX".replace("KJ", "Kj")), None)) \
        == "full house of K"
