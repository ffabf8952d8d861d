"""An independent brute-force reference for Chimera combinations (RULES C5, C6).

It builds, by construction from the rule table, every combination that the 54-card
deck allows, as a map multiset -> readings. It shares no code with engine_core, so
agreement with the engine's analysis-based classifier and generator means something.
"""

from collections import Counter
from itertools import combinations

H, P, C = 13, 14, 15
NUMBERS = range(1, 13)
FACES = range(1, 14)  # numbers and the Hero: what may form pairs, trios, fours
ALL = range(1, 16)


def _add(universe, cards, kind, length, rank):
    key = tuple(sorted(cards))
    universe.setdefault(key, set()).add((kind, length, rank))


def _windows(min_len):
    for lo in NUMBERS:
        for hi in NUMBERS:
            if hi - lo + 1 >= min_len:
                yield list(range(lo, hi + 1))


def build_universe():
    u = {}
    for v in ALL:
        _add(u, [v], "single", 1, v)
    for v in FACES:
        _add(u, [v] * 2, "pair", 1, v)
        _add(u, [v] * 3, "trio", 1, v)
        _add(u, [v] * 4, "trap", 1, v)
        for s in ALL:
            if s != v:
                _add(u, [v] * 3 + [s], "trio_single", 1, v)
        for s in FACES:
            if s != v:
                _add(u, [v] * 3 + [s] * 2, "trio_pair", 1, v)
        others = [x for x in ALL if x != v]
        for a, b in combinations(others, 2):
            if {a, b} != {P, C}:
                _add(u, [v] * 4 + [a, b], "four_two_singles", 1, v)
        for a, b in combinations([x for x in FACES if x != v], 2):
            _add(u, [v] * 4 + [a] * 2 + [b] * 2, "four_two_pairs", 1, v)
    _add(u, [P, C], "chimera_attack", 1, None)
    for w in _windows(3):
        _add(u, w * 2, "pair_seq", len(w), w[-1])
    for w in _windows(2):
        k = len(w)
        _add(u, w * 3, "trio_seq", k, w[-1])
        for att in combinations([x for x in ALL if x not in w], k):
            if not (P in att and C in att):
                _add(u, w * 3 + list(att), "trio_seq_singles", k, w[-1])
        for att in combinations([x for x in FACES if x not in w], k):
            _add(u, w * 3 + list(att) * 2, "trio_seq_pairs", k, w[-1])
    for w in _windows(5):
        _add(u, w, "straight", len(w), w[-1])
        for x in w:  # Pi Ya stands in for x
            _add(u, [y for y in w if y != x] + [P], "straight", len(w), w[-1])
    return u


def _order(r):
    return -1 if r[2] is None else r[2]


def beats(play, over):
    """C6 on readings given as (kind name, length, rank)."""
    if over[0] == "chimera_attack":
        return False
    if play[0] == "chimera_attack":
        return True
    if play[0] == "trap":
        return over[0] != "trap" or play[2] > over[2]
    return play[0] == over[0] and play[1] == over[1] and play[2] > over[2]


class Reference:
    def __init__(self):
        self.universe = build_universe()
        self.entries = []
        for k, r in self.universe.items():
            mask = 0
            for v in k:
                mask |= 1 << v
            self.entries.append((mask, Counter(k), k, sorted(r, key=_order)))

    def classify(self, values):
        return sorted(self.universe.get(tuple(sorted(values)), ()), key=_order)

    def legal(self, hand_values, over_values=None):
        hand = Counter(hand_values)
        hmask = 0
        for v in hand:
            hmask |= 1 << v
        over = None
        if over_values is not None:
            over = self.classify(over_values)[-1]  # the highest reading (C5.2)
        out = set()
        for mask, need, key, readings in self.entries:
            if mask & ~hmask == 0 and all(hand[v] >= n for v, n in need.items()):
                if over is None or any(beats(r, over) for r in readings):
                    out.add(key)
        return out
