"""Scoring a played Chimera round from its piles (RULES C8)."""

from engine_core.chimera import game
from engine_core.chimera.cards import DECK
from engine_core.chimera.scoring import round_deltas, treasure
from tests.engine.chimera_flows import codes


def test_treasures_are_the_2s_and_11s():
    # C1.4: each 2 is 10, each 11 is 5; 60 in all
    assert treasure(codes("2j")) == 10
    assert treasure(codes("11t")) == 5
    assert treasure(codes("1j 3s 12p Hj P C")) == 0
    assert treasure(DECK.card_list) == 60


def finished(bid, first_out, traps=0, attack=0, played=7, piles=((), (), ())):
    """A finished round with seat 0 as the Chimera."""
    s = game.new_match().copy()
    s.chimera = 0
    s.bid = bid
    s.first_out = first_out
    s.traps = traps
    s.attack = attack
    s.played = played
    s.piles = tuple(codes(p) if p else () for p in piles)
    return s


# (bid, traps, attack, seats that played (bit mask), Chimera's delta): C8.1
CHIMERA_OUT = (
    (20, 0, 0, 7, 40),      # 2 x bid, no bonus
    (30, 0, 0, 7, 60),
    (40, 0, 0, 7, 80),
    (20, 1, 0, 7, 65),      # one trap
    (20, 3, 0, 7, 115),     # 25 for EACH trap
    (20, 0, 1, 7, 65),      # the attack
    (20, 0, 0, 3, 65),      # seat 2 silent
    (20, 0, 0, 5, 65),      # seat 1 silent
    (20, 0, 0, 1, 65),      # both silent: still one bonus (Decision)
    (20, 1, 0, 3, 90),      # C8.4 book example 1
    (30, 2, 1, 1, 160),     # everything combined
    (40, 4, 1, 1, 230),
)


def test_every_bonus_alone_and_combined():
    # C8.1: the Chimera out first; Hunters score 0 before treasure
    for bid, traps, attack, played, want in CHIMERA_OUT:
        assert round_deltas(finished(bid, 0, traps, attack, played)) == (want, 0, 0), (bid, traps)


def test_hunter_out_first_no_bonuses():
    # C8.2, C8.4 book example 2: bid 40, a Hunter out, the attack played
    assert round_deltas(finished(40, 1, 0, 1)) == (-40, 20, 20)
    assert round_deltas(finished(20, 2, 3, 1, 3)) == (-20, 20, 20)
    assert round_deltas(finished(30, 1)) == (-30, 20, 20)


def test_everyone_adds_the_treasure_of_their_own_pile():
    # C8.3: Hunters score their treasure separately
    piles = ("2j 5j", "11s 11p 2t", "2s 9s")
    assert round_deltas(finished(20, 0, piles=piles)) == (50, 20, 10)
    assert round_deltas(finished(30, 2, piles=piles)) == (-20, 40, 30)
