"""Hand-made Chimera deals and rounds shared by the engine tests, as record events.

ROUND_A (dealer 2): seat 0 holds the face-up 1j, becomes the Chimera at 20, plays a
single, the trap of Heroes, the straight 1..12 and goes out with the trio of 7s from
the hideout. Seat 1 plays one card, seat 2 none: 2 x 20 + trap 25 + silent 25 = 90,
plus 15 treasure in the Chimera's pile (2j, 11j): deltas (105, 0, 0).

ROUND_B (dealer 0): seat 1 holds the face-up 3s and bids 40; the Hunters swap two cards
each; seat 2 traps, the Chimera attacks, seat 2 goes out with the straight 1j..12j it
completed with the cards received. Chimera -40, Hunters +20, seat 2 +15 treasure:
deltas (20, -40, 35).
"""

from engine_core.chimera import game, record
from engine_core.chimera.cards import DECK
from tests.engine.game_checks import runner

STRAIGHT_J = ["1j", "2j", "3j", "4j", "5j", "6j", "7j", "8j", "9j", "10j", "11j", "12j"]
HEROES = ["Hj", "Hs", "Hp", "Ht"]

DEAL_A = ["deal", {
    "dealer": 2,
    "hands": [STRAIGHT_J + HEROES + ["3s"],
              "1s 1p 1t 2s 2p 2t 3p 3t 4s 4p 4t 5s 5p 5t 6s 6p 6t".split(),
              "8s 8p 8t 9s 9p 9t 10s 10p 10t 11s 11p 11t 12s 12p 12t P C".split()],
    "kitty": ["7s", "7p", "7t"],
    "face_up": "1j"}]

PLAY_A = [
    [0, "play", ["3s"]], [1, "play", ["5s"]], [2, "pass"],
    [0, "play", HEROES], [1, "pass"], [2, "pass"],
    [0, "play", STRAIGHT_J], [1, "pass"], [2, "pass"],
    [0, "play", ["7s", "7p", "7t"]],
]
ROUND_A = [DEAL_A, [0, "bid", 20], [1, "pass"], [2, "pass"]] + PLAY_A
DELTAS_A = (105, 0, 0)

DEAL_B = ["deal", {
    "dealer": 0,
    "hands": ["1t 2s 2p 2t 3p 3t 4p 4t 5s 5p 5t 6s 6p 6t 7s 11j 12j".split(),
              "3s 4s P C 7p 7t 8s 8p 8t 9s 9p 9t 10s 10p 10t 11s 11p".split(),
              STRAIGHT_J[:10] + HEROES + ["12s", "1s", "1p"]],
    "kitty": ["11t", "12p", "12t"],
    "face_up": "3s"}]

ROUND_B = [
    DEAL_B, [1, "bid", 40],
    [2, "give", ["1s", "1p"]], [0, "give", ["11j", "12j"]],
    [1, "play", ["3s"]], [2, "play", HEROES], [0, "pass"],
    [1, "play", ["P", "C"]], [2, "pass"], [0, "pass"],
    [1, "play", ["4s"]], [2, "play", ["12s"]], [0, "pass"], [1, "pass"],
    [2, "play", STRAIGHT_J],
]
DELTAS_B = (20, -40, 35)


def codes(text):
    return tuple(DECK.parse(text, True))


run = runner(game, record, 400)


def cards_in_play(state):
    """Every card of the deal wherever it is: hands, hideout, trick, piles."""
    s = state
    return sorted(s.hands[0] + s.hands[1] + s.hands[2] + s.kitty + s.trick
                  + s.piles[0] + s.piles[1] + s.piles[2])
