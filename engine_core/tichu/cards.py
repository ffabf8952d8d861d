# The Tichu deck (RULES T1): Dog 0, Mah Jong 1, ranks 2..14 (A), Phoenix 15, Dragon 16.
#
# The values follow the single-card order DOG MJ 2 .. A PHX DRG, so sorting card codes
# sorts a play the way CONTRACT section 1 writes it.

from engine_core.cards import Deck

DOG = 0
MAHJONG = 1
ACE = 14
PHOENIX = 15
DRAGON = 16

_TOKENS = {DOG: "DOG", MAHJONG: "MJ", PHOENIX: "PHX", DRAGON: "DRG",
           11: "J", 12: "Q", 13: "K", ACE: "A"}
for _v in range(2, 11):
    _TOKENS[_v] = str(_v)

DECK = Deck("tichu", _TOKENS, (DOG, MAHJONG, PHOENIX, DRAGON))
VALUE_TOKENS = _TOKENS

# T1.4 card points by value.
POINTS = {5: 5, 10: 10, 13: 10, DRAGON: 25, PHOENIX: -25}
