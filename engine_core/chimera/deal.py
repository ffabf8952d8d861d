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
from engine_core.chimera.game import _DECK, _DOING, BID, DEAL, State, _cards, _fresh, _is_int
from engine_core.errors import IllegalAction

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


def dealt(state, action):
    # game.apply for a deal action: checked (C2), the round's first state and its events.
    if state.phase != DEAL:
        raise IllegalAction("no deal is due: %s" % _DOING[state.phase])
    if len(action) != 5:
        raise IllegalAction("a deal is (\"deal\", dealer, hands, kitty, face_up)")
    dealer, hands, kitty, face_up = action[1], action[2], action[3], action[4]
    if not _is_int(dealer) or not 0 <= dealer < SEATS:
        raise IllegalAction("no seat %r to deal" % (dealer,))
    due = state.match.dealer
    if due >= 0 and dealer != due:
        why = "the same dealer deals again (C3.5)" if state.match.redeals else "the deal moves on (C2.4)"
        raise IllegalAction("seat %d must deal, not seat %d: %s" % (due, dealer, why))
    if not isinstance(hands, (tuple, list)) or len(hands) != SEATS:
        raise IllegalAction("a deal has 3 hands")
    hands = tuple(tuple(sorted(_cards(h))) for h in hands)
    for h in hands:
        if len(h) != HAND:
            raise IllegalAction("every hand gets 17 cards (C2.2), not %d" % len(h))
    kitty = tuple(sorted(_cards(kitty)))
    if len(kitty) != 3:
        raise IllegalAction("the hideout has 3 cards (C2.2), not %d" % len(kitty))
    everything = hands[0] + hands[1] + hands[2] + kitty
    if len(set(everything)) != len(_DECK):
        for c in _DECK:
            if everything.count(c) != 1:
                raise IllegalAction("%s dealt %d times: a deal is the whole deck, each card once"
                                    % (DECK.token(c), everything.count(c)))
    holder = -1
    for i in range(SEATS):
        if _is_int(face_up) and face_up in hands[i]:
            holder = i
    if holder < 0:
        raise IllegalAction("the face-up card must be in a hand (C2.3)")
    s = _fresh(State(), state.match, BID)
    s.dealer = dealer
    s.hands = hands
    s.kitty = kitty
    s.face_up = face_up
    s.turn = holder  # C3.1
    return s, [("dealt", dealer, holder)]
