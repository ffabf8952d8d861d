"""The arena's sparring partners (issue 18, host_sim/sparring) play the rules they are
described by: RLCard's Dou Dizhu rule agent ("ref") and its stronger version ("pro"),
in Chimera's rules (RULES C5-C8)."""

from engine_core.chimera.combos import PAIR, SINGLE, STRAIGHT, TRIO_SINGLE
from engine_core.prng import Pcg32
from host_sim.sparring import PLAYERS, hands, pro, ref
from tests.engine.chimera_flows import codes
from tests.engine.test_chimera_bot import position


def play(name, st, seat):
    return PLAYERS[name].decide(st, seat, Pcg32(3))


def test_ref_leads_the_combination_holding_its_lowest_card():
    # the split takes trios before straights: 3 3 3 is led, not a straight from 3 (C5)
    st = position(["3s 3p 3t 4s 5s 6s 7s 9t Ht", "1s 2s", "12t 4p"], 0)
    assert play("ref", st, 0) == (0, "play", codes("3s 3p 3t"), None)
    st = position(["3s 4s 5s 6s 7s 9t 9s Ht", "1s 2s", "12t 4p"], 0)
    assert play("ref", st, 0) == (0, "play", codes("3s 4s 5s 6s 7s"), None)


def test_ref_follows_with_the_lowest_of_the_kind_and_never_over_its_partner():
    st = position(["3s 4s 5s 6s 8t 9t", "10s 1p 3p", "12s 4p 5p 6p Hs"], 2, top=(SINGLE, 1, 10), top_seat=0)
    assert play("ref", st, 2) == (2, "play", codes("12s"), None)  # C6.1: same kind, higher
    st = position(["3s 4s 5s 6s 8t 9t", "10s 1p 3p", "12s 4p 5p 6p Hs"], 2, top=(SINGLE, 1, 10), top_seat=1)
    assert play("ref", st, 2) == (2, "pass")


def test_pro_goes_out_and_leaves_a_winning_partner_alone():
    st = position(["3s 4s 5s 6s 8t", "9s 9p", "1t 2t Ht"], 1, top=(PAIR, 1, 5), top_seat=0)
    assert play("pro", st, 1) == (1, "play", codes("9s 9p"), None)  # C7.5
    st = position(["3s 4s 5s 6s 8t 9t", "10s 1p 3p", "12s 4p 5p 6p Hs"], 2, top=(SINGLE, 1, 10), top_seat=1)
    assert play("pro", st, 2) == (2, "pass")


def test_pro_feeds_a_partner_with_one_card():
    # seat 1 (Hunter) leads, its partner seat 2 plays next and holds one card
    st = position(["9s 9p 12s 12p Ht Hs", "3s 7s 7p 7t 11s", "5t"], 1)
    assert play("pro", st, 1) == (1, "play", codes("3s"), None)


def test_pro_keeps_a_trap_unless_it_goes_out_with_it():
    # a Hunter's trap gives a winning Chimera 25 more (C8.1): not spent on an early single
    st = position(["3s 4s 5s 6s 8t 9t 10t 11t 12t 1j", "5j 5p 5t 5s 1p 3p 7p 8p 9p", "12s 4p 6p 7t Hs"],
                  1, top=(SINGLE, 1, 11), top_seat=0)
    assert play("pro", st, 1) == (1, "pass")
    # with the trap the rest is one straight (C5): trap, then out
    st = position(["3s 4s 5s", "5j 5p 5t 5s 7p 8p 9p 10p 11p", "12s 4p 6p 7t Hs"], 1,
                  top=(SINGLE, 1, 13), top_seat=0)
    assert play("pro", st, 1) == (1, "play", tuple(sorted(codes("5j 5p 5t 5s"))), None)


def test_pro_splits_by_the_fewest_leads_and_uses_pi_ya_in_a_straight():
    u = [0] + [4] * 13 + [1, 1]
    c = [0] * 16
    for x in (3, 4, 5, 6, 8, 10, 10, 14):
        c[x] += 1
    k, combos = pro.best_split(c, u, 20, pi_ya=True)
    kinds = sorted(cb[0] for cb in combos)
    assert STRAIGHT in kinds and 14 in [x for cb in combos for x in cb[3]]
    assert len(combos) == 2  # 3 4 5 6 P 8 (C5.2), 10 10
    c = [0] * 16
    for x in (4, 4, 4, 9):
        c[x] += 1
    assert [cb[0] for cb in pro.best_split(c, u, 20)[1]] == [TRIO_SINGLE]


def test_tracking_knows_what_can_still_be_beaten():
    u = [0] * 16
    u[13] = 1  # one Hero still out
    assert hands.beatable(u, (SINGLE, 1, 12, (12,)), 5)
    assert not hands.beatable(u, (PAIR, 1, 12, (12, 12)), 5)
    u[13] = 2
    assert hands.beatable(u, (PAIR, 1, 12, (12, 12)), 5)
    assert not hands.beatable(u, (PAIR, 1, 12, (12, 12)), 1)  # one card left cannot hold a pair


def test_ref_bids_by_hand_points():
    assert ref.points([0] * 13 + [2, 1, 1]) == 4 + 3 + 2 * 2
