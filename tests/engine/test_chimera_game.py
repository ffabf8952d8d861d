"""The Chimera round and match as a state machine (RULES C3-C9, D2)."""

from engine_core.chimera import game, record
from engine_core.chimera.cards import DECK
from engine_core.chimera.combos import ATTACK, SINGLE, STRAIGHT, TRAP
from engine_core.errors import IllegalAction
from engine_core.match import Match
from tests.engine.chimera_flows import (
    DEAL_A,
    DEAL_B,
    DELTAS_A,
    DELTAS_B,
    HEROES,
    PLAY_A,
    ROUND_A,
    ROUND_B,
    cards_in_play,
    codes,
    run,
)
from tests.engine.game_checks import kinds, refuser

refused = refuser(game)


def play(seat, text, as_value=None):
    return (seat, "play", codes(text), as_value)


def dealt_a():
    return run([DEAL_A])[0]


def leading_a():
    """ROUND_A after bidding: seat 0 is the Chimera with 20 cards and leads."""
    return run(ROUND_A[:4])[0]


def position(hands, turn, top=None):
    """A trick-play position of ROUND_A with chosen hands (texts) and table play."""
    s = leading_a().copy()
    s.hands = tuple(tuple(sorted(codes(h))) for h in hands)
    s.turn = turn
    if top is not None:
        s.top = top
        s.top_seat = (turn + 2) % 3
    return s


# --------------------------------------------------------------------------- seam

def test_decisions_through_a_round():
    # C3.1, C4.2, C7.1: whose decision it is, and of what kind
    s = game.new_match()
    assert game.decision(s) == ("deal", ())
    s = run([DEAL_B], s)[0]
    assert game.decision(s) == ("bid", (1,))  # seat 1 holds the face-up 3s
    s = run([[1, "bid", 40]], s)[0]
    assert game.decision(s) == ("give", (0, 2))  # simultaneous: both Hunters due
    s = run([[2, "give", ["1s", "1p"]]], s)[0]
    assert game.decision(s) == ("give", (0,))
    s = run([[0, "give", ["11j", "12j"]]], s)[0]
    assert game.decision(s) == ("play", (1,))


def test_legal_actions_only_for_the_seat_due():
    # C3.2, C7.3
    s = dealt_a()
    assert game.legal_actions(s, 1) == []
    acts = game.legal_actions(s, 0)
    assert acts == [(0, "pass"), (0, "bid", 20), (0, "bid", 30), (0, "bid", 40)]
    s = run([[0, "bid", 30]], s)[0]
    assert game.legal_actions(s, 1) == [(1, "pass"), (1, "bid", 40)]


def test_every_listed_action_is_accepted():
    # D2: legal_actions lists only what apply accepts
    s = leading_a()
    for a in game.legal_actions(s, 0):
        game.apply(s, a)
    s = run([[0, "play", ["3s"]]], s)[0]
    acts = game.legal_actions(s, 1)
    assert acts[0] == (1, "pass")
    for a in acts:
        game.apply(s, a)


def test_state_round_trips_through_lists():
    # the board saves states: from_list(to_list()) continues identically
    s, _ = run(ROUND_A[:6])
    t = game.State.from_list(s.to_list())
    assert t.to_list() == s.to_list()
    a, _ = run(ROUND_A[6:], s)
    b, _ = run(ROUND_A[6:], t)
    assert a.to_list() == b.to_list()


# --------------------------------------------------------------------------- bidding

def test_face_up_holder_bids_first():
    # C3.1
    s = dealt_a()
    assert game.decision(s) == ("bid", (0,))
    assert kinds(run([DEAL_A])[1]) == ["dealt"]
    refused(s, (1, "bid", 20))


def test_bids_are_20_30_40_and_rise():
    # C3.2
    s = dealt_a()
    for bad in (10, 25, 50, 0, True, "20", None):
        refused(s, (0, "bid", bad))
    s = run([[0, "bid", 30]], s)[0]
    refused(s, (1, "bid", 20))
    refused(s, (1, "bid", 30))
    s = run([[1, "bid", 40]], s)[0]
    assert s.chimera == 1 and s.bid == 40


def test_bidding_ends_at_40_at_once():
    # C3.4: the first bidder opens at 40; nobody else speaks
    s, evs = run([DEAL_A, [0, "bid", 40]])
    assert game.decision(s) == ("give", (1, 2))
    assert ("chimera", 0, 40) in evs
    refused(s, (1, "pass"))


def test_bidding_ends_after_two_passes_in_a_row():
    # C3.4
    s, evs = run([DEAL_A, [0, "bid", 20], [1, "bid", 30], [2, "pass"]])
    assert game.decision(s) == ("bid", (0,))
    s, evs = run([[0, "pass"]], s)
    assert ("chimera", 1, 30) in evs
    assert game.decision(s) == ("give", (0, 2))


def test_pass_then_bid_again():
    # C3.3: a player who passed may bid on a later turn
    s, evs = run([DEAL_A, [0, "pass"], [1, "bid", 20], [2, "pass"], [0, "bid", 30],
                  [1, "pass"], [2, "pass"]])
    assert ("chimera", 0, 30) in evs and s.chimera == 0 and s.bid == 30


def test_no_bid_means_a_redeal_by_the_same_dealer():
    # C3.5 (Decision: same dealer); a redeal is no round
    s, evs = run([DEAL_A, [0, "pass"], [1, "pass"], [2, "pass"]])
    assert kinds(evs)[-1] == "redeal" and game.decision(s) == ("deal", ())
    assert s.match.rounds == () and s.match.redeals == 1
    assert "C3.5" in refused(s, record_deal(DEAL_B))  # dealer 0 instead of 2


def record_deal(ev):
    return record.to_action(ev)


def test_redeal_then_forced_20():
    # C3.5: all pass again on the redeal: the face-up holder is forced to 20, and
    # bidding goes on with the next seat
    s, _ = run([DEAL_A, [0, "pass"], [1, "pass"], [2, "pass"]])
    s, evs = run([DEAL_A, [0, "pass"], [1, "pass"], [2, "pass"]], s)
    assert ("forced_bid", 0, 20) in evs
    assert s.bid == 20 and s.chimera == 0 and game.decision(s) == ("bid", (1,))
    refused(s, (0, "bid", 20))  # the forced bid is the engine's, not an action
    t, evs = run([[1, "pass"], [2, "pass"]], s)
    assert ("chimera", 0, 20) in evs and game.decision(t) == ("play", (0,))
    t, evs = run([[1, "bid", 30], [2, "pass"], [0, "pass"]], s)
    assert ("chimera", 1, 30) in evs


def test_redeal_count_resets_after_a_completed_round():
    # C3.6: at most one redeal per round, counted afresh each round
    s, _ = run([DEAL_A, [0, "pass"], [1, "pass"], [2, "pass"]])
    s, _ = run([DEAL_A, [0, "pass"], [1, "pass"], [2, "pass"], [1, "pass"], [2, "pass"]] + PLAY_A, s)
    assert s.match.rounds == (DELTAS_A,) and s.match.redeals == 0
    s, evs = run([DEAL_B, [1, "pass"], [2, "pass"], [0, "pass"]], s)
    assert kinds(evs)[-1] == "redeal"


def test_dealer_moves_each_round():
    # C2.4
    s, _ = run(ROUND_A)
    assert s.match.dealer == 0
    refused(s, record_deal(DEAL_A))  # dealer 2 again
    s, _ = run(ROUND_B, s)
    assert s.match.dealer == 1


# --------------------------------------------------------------------------- hideout, exchange

def test_chimera_takes_the_hideout():
    # C4.1
    s, evs = run(ROUND_A[:4])
    assert ("hideout", 0, codes("7s 7p 7t")) in evs
    assert len(s.hands[0]) == 20 and s.kitty == ()
    assert cards_in_play(s) == DECK.card_list


def test_bid_20_exchanges_nothing():
    # C4.2: 0 cards; no give is possible
    s = leading_a()
    assert game.decision(s) == ("play", (0,))
    assert "give" in refused(s, (1, "give", ()))
    refused(s, (1, "give", codes("1s")))


def test_bid_30_exchanges_one_card_each():
    # C4.2
    s = run([DEAL_A, [0, "pass"], [1, "bid", 30], [2, "pass"], [0, "pass"]])[0]
    assert game.decision(s) == ("give", (0, 2))
    refused(s, (1, "give", codes("1s")))  # the Chimera gives nothing
    refused(s, (0, "give", codes("1j 2j")))  # two cards with a bid of 30
    refused(s, (0, "give", ()))
    refused(s, (0, "give", codes("8s")))  # not held
    assert len(game.legal_actions(s, 0)) == 13  # one per distinct value held: 1..12, H
    t = run([[0, "give", ["1j"]]], s)[0]
    refused(t, (0, "give", codes("2j")))  # already given
    t, evs = run([[2, "give", ["P"]]], t)
    assert ("exchanged", 0, codes("1j"), 2, codes("P")) in evs
    assert codes("P")[0] in t.hands[0] and codes("1j")[0] in t.hands[2]
    assert [len(h) for h in t.hands] == [17, 20, 17]
    assert game.decision(t) == ("play", (1,))


def test_bid_40_exchanges_two_cards_each_simultaneously():
    # C4.2: a Hunter chooses before seeing what is received; either order
    s = run([DEAL_B, [1, "bid", 40]])[0]
    refused(s, (2, "give", codes("1s")))
    t = run([[0, "give", ["11j", "12j"]]], s)[0]
    # seat 2 cannot pass on 11j: it has not arrived yet
    refused(t, (2, "give", codes("11j 1s")))
    t, evs = run([[2, "give", ["1s", "1p"]]], t)
    assert kinds(evs) == ["exchanged"]
    assert set(codes("11j 12j")) <= set(t.hands[2])
    assert set(codes("1s 1p")) <= set(t.hands[0])
    assert cards_in_play(t) == DECK.card_list


# --------------------------------------------------------------------------- trick play

def test_chimera_leads_and_may_not_pass():
    # C7.1, C7.2
    s = leading_a()
    assert "C7.2" in refused(s, (0, "pass"))
    refused(s, play(1, "1s"))  # C7.3: not seat 1's turn


def test_plays_must_be_held_combinations_that_beat():
    # C5, C6.1, D2
    s = leading_a()
    refused(s, play(0, "8s"))  # not held
    refused(s, play(0, "1j 3j"))  # no combination
    refused(s, (0, "play", ()))
    refused(s, (0, "play", codes("3s") + codes("3s")))
    s = run([[0, "play", ["3s"]]], s)[0]
    refused(s, play(1, "1s"))  # lower single
    refused(s, play(1, "3p"))  # equal single
    refused(s, play(1, "4s 4p"))  # another kind
    s = run([[1, "play", ["4s"]]], s)[0]
    assert s.top == (SINGLE, 1, 4)


def test_traps_and_the_attack_beat_everything_in_turn():
    # C6.2, C6.3, C7.3; a player who passed plays again later (C7.2)
    s = leading_a()
    s = run([[0, "play", ["3s"]], [1, "play", ["4s"]], [2, "pass"]], s)[0]
    s, evs = run([[0, "play", HEROES]], s)
    assert evs == [("played", 0, (TRAP, 1, 13))]
    refused(s, play(2, "P C"))  # seat 1 is on turn: no attack out of turn
    s = run([[1, "pass"]], s)[0]
    s, evs = run([[2, "play", ["P", "C"]]], s)
    assert evs == [("played", 2, (ATTACK, 1, 0))]
    assert game.legal_actions(s, 0) == [(0, "pass")]  # nothing beats the attack
    assert s.traps == 1 and s.attack == 1


def test_two_passes_give_the_trick_to_the_last_player():
    # C7.4
    s = leading_a()
    s = run([[0, "play", ["3s"]], [1, "play", ["4s"]], [2, "pass"]], s)[0]
    s, evs = run([[0, "pass"]], s)
    assert evs == [("trick", 1)]
    assert s.piles[1] == codes("3s 4s") and s.trick == () and s.top is None
    assert game.decision(s) == ("play", (1,))
    refused(s, (1, "pass"))  # leading again


def test_round_ends_at_the_last_card_and_the_finisher_takes_the_trick():
    # C7.5: seat 1 goes out on seat 0's single; seat 2 never gets to answer
    s = position(["5j 9j", "7j", "8j 8s"], 0)
    s = run([[0, "play", ["5j"]]], s)[0]
    s, evs = run([[1, "play", ["7j"]]], s)
    assert kinds(evs) == ["played", "out", "round_over"]
    assert s.first_out == 1 and codes("5j 7j")[0] in s.piles[1] and s.trick == ()
    assert s.hands[2] == tuple(sorted(codes("8j 8s")))  # set aside, never scored
    assert game.decision(s) == ("deal", ())
    refused(s, (2, "pass"))


def test_same_kind_needs_the_same_length():
    # C6.1
    s = position(["1j", "5j 6j 7j 8j 9j 10j", "1s"], 1, (STRAIGHT, 5, 6))
    refused(s, play(1, "5j 6j 7j 8j 9j 10j"))
    s = run([[1, "play", ["6j", "7j", "8j", "9j", "10j"]]], s)[0]
    assert s.top == (STRAIGHT, 5, 10)


def test_pi_ya_straight_reads_highest_unless_as_says_otherwise():
    # C5.2: default the highest reading legal now; as picks one; no silent fallback
    s = position(["5j 6j 7j 8j P 1s", "1t", "1p"], 0)
    assert run([[0, "play", ["5j", "6j", "7j", "8j", "P"]]], s)[0].top == (STRAIGHT, 5, 9)
    t = run([[0, "play", ["5j", "6j", "7j", "8j", "P"], {"as": "8"}]], s)[0]
    assert t.top == (STRAIGHT, 5, 8)
    assert "C5.2" in refused(s, play(0, "5j 6j 7j 8j P", 10))
    acts = [a for a in game.legal_actions(s, 0) if len(a[2]) == 5]
    assert [a[3] for a in acts] == [8, 9]
    # on a straight to 8 only the reading to 9 beats
    s = position(["1j", "5j 6j 7j 8j P 1s", "1p"], 1, (STRAIGHT, 5, 8))
    assert "C6" in refused(s, play(1, "5j 6j 7j 8j P", 8))
    assert run([[1, "play", ["5j", "6j", "7j", "8j", "P"]]], s)[0].top == (STRAIGHT, 5, 9)
    assert [a[3] for a in game.legal_actions(s, 1) if a[1] == "play"] == [None]


def test_as_must_name_a_reading():
    # C5.2, CONTRACT 2: an as that names no reading is illegal
    s = leading_a()
    refused(s, play(0, "7s 7p 7t", 8))
    refused(s, play(0, "7s 7p 7t", "7"))
    assert run([[0, "play", ["7s", "7p", "7t"], {"as": "7"}]], s)[0].top[2] == 7
    s = position(["P C", "1t", "1p"], 0)
    refused(s, play(0, "P C", 15))


def test_out_of_phase_and_unknown_actions():
    # D2: wrong verb for the phase, unknown verbs, seats that do not exist
    s = dealt_a()
    refused(s, play(0, "3s"))
    refused(s, (0, "give", codes("3s")))
    refused(s, (3, "bid", 20))
    refused(s, (-1, "pass"))
    refused(s, (True, "pass"))
    refused(s, (0, "double"))
    refused(s, (0,))
    refused(s, "pass")
    refused(s, (0, "pass", 1))
    refused(s, record_deal(DEAL_B))
    m = game.new_match()
    refused(m, (0, "bid", 20))


# --------------------------------------------------------------------------- whole rounds

def test_round_a_scores_the_book_bonuses_live():
    # C8.1, C8.3: 40 + trap 25 + silent Hunter 25 + treasure 15
    s, evs = run(ROUND_A)
    assert ("round_over", DELTAS_A) in evs
    assert s.match.totals == DELTAS_A
    assert cards_in_play(s) == DECK.card_list


def test_round_b_hunter_out_first_and_negative_totals():
    # C8.2: Chimera -40 (attack and trap score nothing), Hunters +20, treasure each
    s, evs = run(ROUND_B)
    assert ("round_over", DELTAS_B) in evs
    assert s.match.totals == DELTAS_B and s.match.totals[1] < 0
    assert cards_in_play(s) == DECK.card_list


def test_two_rounds_add_up_and_the_match_goes_on():
    # C9.1: nobody at 400 yet
    s, _ = run(ROUND_A + ROUND_B)
    assert s.match.rounds == (DELTAS_A, DELTAS_B)
    assert s.match.totals == (125, -40, 35)
    assert game.decision(s) == ("deal", ()) and s.match.winner is None


def test_match_ends_at_the_limit_and_refuses_more():
    # C9.1: limit 100: seat 0 reaches 105 alone
    s, evs = run(ROUND_A, limit=100)
    assert ("match_over", 0) in evs
    assert game.decision(s) == ("over", ())
    refused(s, record_deal(DEAL_B))
    refused(s, (0, "pass"))


def test_a_shared_lead_plays_on():
    # C9.2: 105 each over a limit of 100 is no end; the next round decides
    s = game.new_match(100).copy()
    s.match = Match(100, 3, totals=(0, 105, 0))
    s, evs = run(ROUND_A, s)
    assert s.match.totals == (105, 105, 0) and "match_over" not in kinds(evs)
    assert game.decision(s) == ("deal", ())
    s, evs = run(ROUND_B, s)
    assert s.match.totals == (125, 65, 35) and ("match_over", 0) in evs


def test_new_match_refuses_a_bad_limit():
    # C9.1: any positive integer
    for bad in (0, -5, 1.5, "400", True):
        try:
            game.new_match(bad)
        except IllegalAction:
            continue
        raise AssertionError(bad)
    assert game.new_match(1).match.limit == 1
