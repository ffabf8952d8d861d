# The Tichu deal (RULES T2.1, T2.2) from the engine's PRNG.
#
# How the stack maps to the generator (reproducible from engine_core/prng.py):
#
# 1. The stack starts as ``DECK.card_list`` (DOG MJ 2j 2s 2p 2t 3j ... At PHX DRG), index 0
#    on top, and is shuffled with ``Pcg32.shuffle`` (Fisher-Yates from the bottom up).
# 2. Card ``i`` goes to seat ``(dealer + 1 + i) % 4``, one at a time: cards 0..31 are the
#    first 8 of each hand (the Grand Tichu window, T2.1), cards 32..55 the last 6 (T2.2).
#
# There is no cut and no redeal; the next deal simply draws from the same generator.

from engine_core.tichu.cards import DECK

SEATS = 4
FIRST = 8  # T2.1


def deal(prng, dealer):
    """The deal action ``("deal", dealer, first8, last6)`` for the game: two tuples of
    four sorted tuples of card codes (8 and 6 per seat)."""
    stack = list(DECK.card_list)
    prng.shuffle(stack)
    hands = [[], [], [], []]
    for i in range(len(stack)):
        hands[(dealer + 1 + i) % SEATS].append(stack[i])
    return ("deal", dealer, tuple(tuple(sorted(h[:FIRST])) for h in hands),
            tuple(tuple(sorted(h[FIRST:])) for h in hands))
