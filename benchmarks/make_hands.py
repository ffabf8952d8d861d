"""Writes the seeded benchmark hand files (one hand per line, CONTRACT tokens).

    python benchmarks/make_hands.py   # rewrites benchmarks/hands/*.txt

The files are committed so every run measures the same hands; this script only
documents how they were made (host-side Python random, not the engine PRNG).
"""

import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine_core.chimera.cards import DECK  # noqa: E402

HANDS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "hands")
SPECS = [("chimera20.txt", DECK, 20, 20261121), ("chimera17.txt", DECK, 17, 20261122)]


def write(name, deck, size, seed, count=1000):
    rng = random.Random(seed)
    with open(os.path.join(HANDS, name), "w") as f:
        for _ in range(count):
            hand = sorted(rng.sample(deck.card_list, size))
            f.write(" ".join(deck.format(hand)) + "\n")


if __name__ == "__main__":
    for spec in SPECS:
        write(*spec)
