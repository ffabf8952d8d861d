"""Writes the seeded benchmark hand files (one hand per line, CONTRACT tokens).

    python benchmarks/make_hands.py   # rewrites benchmarks/hands/*.txt and *.jsonl

Tichu: tichu14.txt holds 14-card hands to lead from; tichu14_follow.jsonl holds judge
`legal` requests, a 14-card hand and a combination on the table that a second 14-card
hand from the rest of the deck could lead (its kind drawn evenly among the kinds that
hand can make, then one of those plays).

The files are committed so every run measures the same hands; this script only
documents how they were made (host-side Python random, not the engine PRNG).
"""

import json
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine_core.chimera.cards import DECK  # noqa: E402
from engine_core.tichu.cards import DECK as TICHU  # noqa: E402
from engine_core.tichu.combos import classify  # noqa: E402
from engine_core.tichu.movegen import legal_plays  # noqa: E402

HANDS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "hands")
SPECS = [("chimera20.txt", DECK, 20, 20261121), ("chimera17.txt", DECK, 17, 20261122),
         ("tichu14.txt", TICHU, 14, 20261123)]


def write(name, deck, size, seed, count=1000):
    rng = random.Random(seed)
    with open(os.path.join(HANDS, name), "w") as f:
        for _ in range(count):
            hand = sorted(rng.sample(deck.card_list, size))
            f.write(" ".join(deck.format(hand)) + "\n")


def write_tichu_follow(name="tichu14_follow.jsonl", seed=20261124, count=1000):
    rng = random.Random(seed)
    with open(os.path.join(HANDS, name), "w") as f:
        for _ in range(count):
            cards = rng.sample(TICHU.card_list, 28)
            hand, other = sorted(cards[:14]), cards[14:]
            by_kind = {}
            for p in legal_plays(other):
                by_kind.setdefault(classify(list(p))[0][0], []).append(p)
            over = rng.choice(by_kind[rng.choice(sorted(by_kind))])
            req = {"op": "legal", "game": "tichu", "hand": TICHU.format(hand), "over": TICHU.format(over)}
            f.write(json.dumps(req) + "\n")


if __name__ == "__main__":
    for spec in SPECS:
        write(*spec)
    write_tichu_follow()
