"""The deal of RULES C2: cut, face-up card, hideout, 17 each from the dealer's next seat."""

from engine_core.chimera.cards import DECK
from engine_core.chimera.deal import cut, deal, deal_out
from engine_core.prng import Pcg32


def test_cut_puts_the_face_up_card_between_the_parts():
    # C2.1: top to bottom: rest of the lower part, face-up card, upper part
    stack = list(range(54))
    for depth in range(22, 33):
        out, face = cut(stack, depth)
        assert face == 53 - depth
        assert out[face] == depth  # the top card of the lower part
        assert out[:face] == list(range(depth + 1, 54))
        assert out[face + 1:] == list(range(depth))


def test_hideout_first_then_one_card_at_a_time_from_the_dealers_next_seat():
    # C2.2: cards 0..2 to the hideout, card 3 to dealer + 1, card 4 to dealer + 2, ...
    stack = list(range(54))
    for dealer in range(3):
        kitty, hands = deal_out(stack, dealer)
        assert kitty == (0, 1, 2)
        assert hands[(dealer + 1) % 3][:2] == (3, 6)
        assert hands[(dealer + 2) % 3][:2] == (4, 7)
        assert hands[dealer][:2] == (5, 8)
        assert [len(h) for h in hands] == [17, 17, 17]


def test_every_cut_depth_puts_the_face_up_card_in_a_hand():
    # C2.3: depth 22..32 puts the face-up card at stack index 21..31, never the hideout
    for depth in range(22, 33):
        out, face = cut(list(range(54)), depth)
        kitty, hands = deal_out(out, 0)
        assert out[face] not in kitty
        assert sum(1 for h in hands if out[face] in h) == 1


def test_a_deal_is_the_whole_deck():
    # C1, C2.2: 17 + 17 + 17 + 3, each card once, face-up card in a hand
    g = Pcg32(5)
    for dealer in (0, 1, 2, 0):
        _, d, hands, kitty, face_up = deal(g, dealer)
        assert d == dealer
        assert sorted(hands[0] + hands[1] + hands[2] + kitty) == DECK.card_list
        assert len(kitty) == 3
        assert any(face_up in h for h in hands)
