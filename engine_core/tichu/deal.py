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

from engine_core.errors import IllegalAction
from engine_core.tichu.cards import DECK
from engine_core.tichu.game import _DECK, DEAL, GRAND_WINDOW, HAND, State, _cards, _fresh, _is_int, _phase

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


def dealt(state, action):
    """game.apply for a deal action: checked (T2.1, T2.2), the round's first state and its
    events."""
    _phase(state, (DEAL,), "deal")
    if len(action) != 4:
        raise IllegalAction("a deal is (\"deal\", dealer, first8, last6)")
    dealer = action[1]
    if not _is_int(dealer) or not 0 <= dealer < SEATS:  # T2.5: any seat may deal
        raise IllegalAction("no seat %r to deal" % (dealer,))
    first = _hands(action[2], FIRST, "first8")
    rest = _hands(action[3], HAND - FIRST, "last6")
    everything = first[0] + first[1] + first[2] + first[3] + rest[0] + rest[1] + rest[2] + rest[3]
    if len(set(everything)) != len(_DECK):
        for c in _DECK:
            if everything.count(c) != 1:
                raise IllegalAction("%s dealt %d times: a deal is the whole deck, each card once"
                                    % (DECK.token(c), everything.count(c)))
    s = _fresh(State(), state.match, GRAND_WINDOW)
    s.dealer = dealer
    s.hands = first
    s.rest = rest
    return s, [("dealt", dealer)]


def _hands(x, n, name):
    if not isinstance(x, (tuple, list)) or len(x) != SEATS:
        raise IllegalAction("%s has 4 hands" % name)
    out = tuple(tuple(sorted(_cards(h))) for h in x)
    for h in out:
        if len(h) != n:
            raise IllegalAction("%s: every hand gets %d cards (T2), not %d" % (name, n, len(h)))
    return out
