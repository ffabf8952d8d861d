"""Issue 29's sparring partners (host_sim/sparring) play as their sources describe, in
Chimera's rules (RULES C3-C8): "port" (sm9sun's hand-value agent, the RHCP baseline of
qq456cvb/doudizhu-C), "plan" (the fewest plays) and "bold" (plan with bold bids). Their
honesty (re-dealt unseen cards) is checked with the others in
test_chimera_bot_honesty.py."""

from engine_core.chimera.combos import PAIR, PAIR_SEQ, SINGLE, STRAIGHT, TRAP, TRIO_SEQ_SINGLES
from engine_core.prng import Pcg32
from host_sim.sparring import PLAYERS, TITLES, bold, plan, port
from tests.engine.chimera_flows import codes
from tests.engine.test_chimera_bot import position

TOKENS = {"H": 13, "P": 14, "C": 15}


def counts(text):
    c = [0] * 16
    for t in text.split():
        c[TOKENS.get(t) or int(t)] += 1
    return tuple(c)


def play(name, st, seat):
    return PLAYERS[name].decide(st, seat, Pcg32(3))


class Bidder:
    """What a bid reads of the Seat: the counts, the bid on the table."""

    def __init__(self, text, on_table=0):
        self.counts = list(counts(text))
        self.v = {"bid": on_table}
        self.seat = 1

    def passing(self):
        return (self.seat, "pass")


def test_the_three_are_registered_for_the_arena():
    for name in ("port", "plan", "bold"):
        assert name in PLAYERS and TITLES[name]


def test_port_values_hands_on_the_source_scale():
    # get_GroupData: a card M on 3..17 (Chimera's value + 2); one combination, one round
    assert port.value(counts("3 3 3 5")) == (-5, 1)  # trio with one: M - 10
    assert port.value(counts("P C")) == (20, 1)  # the rocket: 20
    assert port.value(counts("4 4 4 4")) == (10, 1)  # a bomb: M - 3 + 7
    assert port.value(counts("1 2 3 4 5 9 9")) == (-2 + 1, 2)  # straight M - 9, pair M - 10


def test_port_leads_a_trio_with_the_card_that_keeps_the_rest_best():
    # the rest 4..8 is one straight only if the 12 goes with the trio
    st = position(["3s 3p 3t 4s 5s 6s 7s 8s 12t", "1s 2s", "12s 4p"], 0)
    assert play("port", st, 0) == (0, "play", tuple(sorted(codes("3s 3p 3t 12t"))), None)
    # no trio: the lowest value's best combination (here its single)
    assert port.unlimit(counts("2 4 4 9 9 12 H"))[0] == (2,)


def test_port_has_no_partner_and_answers_a_trap_with_a_higher_one():
    # the source plays every seat alike: over its partner's 10 (plan leaves it)
    st = position(["3s 4s 5s 6s 8t 9t", "10s 1p 3p", "12s 4p 5p 6p Hs"], 2, top=(SINGLE, 1, 10), top_seat=1)
    assert play("port", st, 2) == (2, "play", codes("12s"), None)
    assert play("plan", st, 2) == (2, "pass")
    st = position(["3s 4s 5s 6s 8t 9t 10t 11t", "10s 1p 3p", "5j 5s 5p 5t 9p"], 2,
                  top=(TRAP, 1, 3), top_seat=0)
    assert play("port", st, 2) == (2, "play", tuple(sorted(codes("5j 5s 5p 5t"))), None)


def test_port_bids_by_landscore():
    # SumValue below 10 passes; 10..14 -> 1 (20), 15..19 -> 2 (30), 20 and more -> 3 (40)
    weak = "1 1 2 3 4 6 7 7 8 9 9 10 11 11 12 12 H"
    assert port.value(counts(weak))[0] < 10
    assert port.bid(Bidder(weak)) == (1, "pass")
    strong = "P C H H H H 12 12 12 11 11 10 10 9 9 8 8"
    assert port.value(counts(strong))[0] >= 20
    assert port.bid(Bidder(strong)) == (1, "bid", 40)


def test_plan_finds_the_fewest_plays_and_attaches_wings():
    (n, _), combos = plan.plan(counts("3 4 5 6 7 8 8 9 9 10 10"))
    assert n == 2 and sorted(cb[0] for cb in combos) == sorted([STRAIGHT, PAIR_SEQ])
    (n, _), combos = plan.plan(counts("5 5 5 6 6 6 3 9 H H"))
    assert n == 2 and sorted(cb[0] for cb in combos) == sorted([TRIO_SEQ_SINGLES, PAIR])


def test_plan_keeps_its_trap_unless_it_goes_out_or_stops_an_opponent():
    st = position(["3s 4s 5s 6s 8t 9t 10t 11t", "10s 1p 3p", "5j 5s 5p 5t 2p 9p"], 2,
                  top=(SINGLE, 1, 12), top_seat=0)
    assert play("plan", st, 2) == (2, "pass")
    assert play("port", st, 2) == (2, "play", tuple(sorted(codes("5j 5s 5p 5t"))), None)
    st = position(["3s 4s 5s 6s 8t 9t 10t 11t", "10s 1p 3p", "5j 5s 5p 5t 9p"], 2,
                  top=(SINGLE, 1, 12), top_seat=0)
    assert play("plan", st, 2) == (2, "play", tuple(sorted(codes("5j 5s 5p 5t"))), None)  # then 9 is out


def test_plan_feeds_a_partner_with_one_card():
    st = position(["9s 9p 12s 12p Ht Hs", "3s 7s 7p 7t 11s", "5t"], 1)
    assert play("plan", st, 1) == (1, "play", codes("3s"), None)


def test_bold_bids_where_plan_passes():
    hand = "1 1 3 3 5 6 6 8 9 9 11 11 12 H 2 4 10"  # 8 plays, one Hero: 7.5
    assert plan.need(counts(hand)) == 7.5  # plan bids at 5 or fewer, bold at 8.5
    assert plan.bid(Bidder(hand)) == (1, "pass")
    assert bold.BID_AT != plan.BID_AT
    assert PLAYERS["bold"] is bold
    assert plan.bid(Bidder(hand), bold.BID_AT) == (1, "bid", 20)
    assert plan.bid(Bidder(hand, 20), bold.BID_AT) == (1, "pass")  # only above the table
