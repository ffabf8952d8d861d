"""The engine's PRNG and the seeded deal (RULES D1): identical on CPython and MicroPython.

The expected values are written out, so the MicroPython run of this file compares the
interpreter against the same numbers CPython produces.
"""

from engine_core.chimera.cards import DECK
from engine_core.chimera.deal import deal
from engine_core.prng import Pcg32


def test_pcg32_reference_vector():
    # D1: O'Neill's pcg32-demo, pcg32_srandom_r(&rng, 42u, 54u), first six outputs
    g = Pcg32(42)
    got = [g.next() for _ in range(6)]
    assert got == [0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E]


def test_seeds_wider_than_32_bits_and_streams():
    # D1: 64-bit seeds are taken modulo 2**64; another stream is another sequence
    assert Pcg32(2 ** 64 + 5).next() == Pcg32(5).next()
    assert Pcg32(5, 1).next() != Pcg32(5).next()


def test_below_stays_in_range_and_hits_every_value():
    # D1: below(n) is uniform on 0..n-1 (threshold rejection, no modulo bias)
    g = Pcg32(1)
    for n in (1, 2, 3, 11, 54):
        seen = set()
        for _ in range(40 * n):
            x = g.below(n)
            assert 0 <= x < n
            seen.add(x)
        assert len(seen) == n


def test_shuffle_is_a_fixed_permutation():
    # D1: Fisher-Yates from the last index down, j = below(i + 1)
    items = list(range(10))
    Pcg32(7).shuffle(items)
    assert items == [7, 1, 9, 8, 4, 0, 6, 5, 2, 3]


SEED_2024 = (
    ["1j 1t 3j 4j 4s 5s 5t 8s 8t 9s 10p 10t 11s 11p 12p Hj P",
     "1s 1p 2j 4p 4t 5p 6t 7j 7t 8j 9p 10j 10s 12j 12s Hp C",
     "2s 2p 3s 3p 3t 6j 6s 6p 7s 7p 8p 9j 9t 11j 11t 12t Hs"],
    "2t 5j Ht", "6s",
    ["1j 2j 3j 4j 5j 5t 6s 7t 8j 8s 8t 10j 10s 10p 10t 11p Hp",
     "1s 2p 3p 3t 4t 5s 7s 8p 9j 9t 11j 11s 12j 12s Hs Ht C",
     "1p 1t 2s 3s 4s 4p 5p 6j 6p 6t 7p 9s 9p 11t 12t Hj P"],
    "2t 7j 12p", "10p",
)


def test_seed_gives_the_same_deal_everywhere():
    # D1, C2: seed 2024, dealer 0: the deal and the redeal drawn after it
    g = Pcg32(2024)
    for k in (0, 3):
        tag, dealer, hands, kitty, face_up = deal(g, 0)
        assert tag == "deal" and dealer == 0
        assert [" ".join(DECK.format(h)) for h in hands] == SEED_2024[k]
        assert " ".join(DECK.format(kitty)) == SEED_2024[k + 1]
        assert DECK.token(face_up) == SEED_2024[k + 2]
