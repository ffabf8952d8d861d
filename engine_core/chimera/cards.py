# The Chimera deck (RULES C1): values 1..12, Hero 13, Pi Ya 14, Chimera 15.

from engine_core.cards import Deck

HERO = 13
PIYA = 14
CHIMERA = 15
TOP = 15  # highest value; count vectors have TOP + 1 slots, slot 0 unused

_TOKENS = {}
for _v in range(1, 13):
    _TOKENS[_v] = str(_v)
_TOKENS[HERO] = "H"
_TOKENS[PIYA] = "P"
_TOKENS[CHIMERA] = "C"

DECK = Deck("chimera", _TOKENS, (PIYA, CHIMERA))
VALUE_TOKENS = _TOKENS

# C1.4: every 2 is worth 10, every 11 is worth 5.
TREASURE = {2: 10, 11: 5}


def value_counts(codes):
    # Count vector (length TOP + 1) of the values of card codes.
    c = [0] * (TOP + 1)
    for x in codes:
        c[x >> 3] += 1
    return c
