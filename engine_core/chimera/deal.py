# The Chimera deal (RULES C2) from the engine's PRNG.
#
# How the stack maps to the generator (reproducible from engine_core/prng.py):
#
# 1. The stack starts as ``DECK.card_list`` (1j 1s 1p 1t 2j ... 12t Hj Hs Hp Ht P C), index 0
#    on top, and is shuffled with ``Pcg32.shuffle`` (Fisher-Yates from the bottom up).
# 2. Cut depth ``d = 22 + below(11)`` (C2.3): the upper part is the top ``d`` cards, the lower
#    part the other ``54 - d``. The top card of the lower part goes face up on the upper part
#    and the rest of the lower part on top (C2.1), so the stack becomes
#    ``lower[1:] + [lower[0]] + upper`` and the face-up card lies at index ``53 - d`` (21..31).
# 3. Cards 0..2 are the hideout (C2.2); card ``3 + i`` goes to seat ``(dealer + 1 + i) % 3``,
#    one at a time, so everyone gets 17 and the face-up card always lands in a hand.
#
# A redeal (C3.5) simply draws the next deal from the same generator.

from engine_core.chimera.cards import DECK

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

SEATS = 3
HAND = 17
_KITTY = const(3)
_CUT_LOW = const(22)
_CUT_SPAN = const(11)  # depths 22..32


def cut(stack, depth):
    # C2.1: the stack after a cut ``depth`` cards deep, and the face-up card's index.
    upper = stack[:depth]
    lower = stack[depth:]
    return lower[1:] + lower[:1] + upper, len(lower) - 1


def deal_out(stack, dealer):
    # C2.2: (hideout, hands) from a stack, hands dealt one card at a time from dealer + 1.
    hands = [[], [], []]
    for i in range(SEATS * HAND):
        hands[(dealer + 1 + i) % SEATS].append(stack[_KITTY + i])
    return tuple(sorted(stack[:_KITTY])), tuple(tuple(sorted(h)) for h in hands)


def deal(prng, dealer):
    # The deal action ``("deal", dealer, hands, kitty, face_up)`` for the game.
    stack = list(DECK.card_list)
    prng.shuffle(stack)
    stack, face = cut(stack, _CUT_LOW + prng.below(_CUT_SPAN))
    kitty, hands = deal_out(stack, dealer)
    return ("deal", dealer, hands, kitty, stack[face])
