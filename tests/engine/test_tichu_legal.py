"""Tichu legal plays through judge: leads, follows, specials, bombs and the wish
(RULES T3, T4, T5, CONTRACT 3 legal).

Runs under pytest and under MicroPython (tests/mp): plain functions and tables.
"""

from engine_core.judge import handle
from engine_core.tichu.cards import DECK
from engine_core.tichu.combos import classify
from engine_core.tichu.movegen import legal_plays


def _legal(hand, over, wish=None, on=None):
    req = {"op": "legal", "game": "tichu", "hand": hand, "over": over}
    if wish is not None:
        req["wish"] = wish
    if on is not None:
        req["phoenix_on"] = on
    ans = handle(req)
    assert "plays" in ans, (hand, over, ans)
    return sorted(" ".join(p) for p in ans["plays"])


def _want(plays):
    return sorted(plays)


LEGAL = [
    # (rule, hand, over, phoenix_on, every legal play)
    ("T4 every special is a single lead; the Phoenix pairs with the 2 only",
     "DOG MJ PHX DRG 2", None, None, ["DOG", "MJ", "PHX", "DRG", "2", "2 PHX"]),
    ("CONTRACT 3 cards without a letter are alike: every distinct set once",
     "5j 5 5", None, None, ["5", "5j", "5 5", "5j 5", "5j 5 5"]),
    ("T3.5 Phoenix above, inside, below; each set once",
     "3 4 5 6 PHX", None, None,
     ["3", "4", "5", "6", "PHX", "3 PHX", "4 PHX", "5 PHX", "6 PHX", "3 4 5 6 PHX"]),
    ("T3.4 a one-suit run is a bomb only; with the Phoenix a straight",
     "5s 6s 7s 8s 9s PHX", None, None,
     ["5s", "6s", "7s", "8s", "9s", "PHX", "5s PHX", "6s PHX", "7s PHX", "8s PHX", "9s PHX",
      "5s 6s 7s 8s 9s",
      "5s 6s 7s 8s PHX", "5s 6s 7s 9s PHX", "5s 6s 8s 9s PHX", "5s 7s 8s 9s PHX", "6s 7s 8s 9s PHX",
      "5s 6s 7s 8s 9s PHX"]),
    ("T5.1 a higher single; the Phoenix and the Dragon too",
     "5 8j 8 PHX DRG", "7", None, ["8j", "8", "PHX", "DRG"]),
    ("T4.4 nothing but a bomb on the Dragon", "A PHX 3 3 3 3", "DRG", None, ["3 3 3 3"]),
    ("T4.3 nothing on the Dog, not even a bomb", "A PHX 3 3 3 3 DRG", "DOG", None, []),
    ("T4.4 a lone Phoenix over counts as led", "MJ 2 DRG", "PHX", None, ["2", "DRG"]),
    ("T4.4 a Phoenix on a 9 counts 9.5", "9 10 DRG", "PHX", "9", ["10", "DRG"]),
    ("T5.1 same length straights only, plus bombs",
     "MJ 2 3 4 5 6 7 7 7 7", "2 3 4 5 6", None,
     ["3 4 5 6 7", "7 7 7 7"]),
    ("T3.5 Phoenix below to reach A", "J Q K A PHX 2", "9 10 J Q K", None, ["J Q K A PHX"]),
    ("T5.2 only higher bombs on a bomb", "2 2 2 2 9 9 9 9 3s 4s 5s 6s 7s", "8 8 8 8", None,
     ["9 9 9 9", "3s 4s 5s 6s 7s"]),
    ("T5.2 only longer or higher straight flushes on one",
     "2j 3j 4j 5j 6j 7j A A A A", "3s 4s 5s 6s 7s", None, ["2j 3j 4j 5j 6j 7j"]),
    ("T3.3 a full house read at the higher trio beats",
     "8 8 K K PHX", "Q Q Q 2 2", None, ["8 8 K K PHX"]),
    ("T3.1 pair_seqs with the Phoenix in any pair",
     "4 4 5 5 PHX", "2 2 3 3", None, ["4 4 5 5", "4 4 5 PHX", "4 5 5 PHX"]),
]


def test_legal_table():
    # T3-T5: exactly these plays, none twice
    for rule, hand, over, on, want in LEGAL:
        assert _legal(hand, over, None, on) == _want(want), (rule, _legal(hand, over, None, on))


WISH = [
    # (rule, hand, over, wish, every legal play)
    ("T4.2 wish fulfilled by a pair", "8j 8s 9 9 PHX", "5 5", "8",
     ["8j 8s", "8j PHX", "8s PHX"]),
    ("T4.2 wish fulfilled by a full house", "8j 7 7 7 PHX 2", "4 4 4 2 2", "8",
     ["7 7 7 8j PHX"]),
    ("T4.2 wish fulfilled by a straight with the Phoenix below", "J Q K A PHX 3", "9 10 J Q K", "A",
     ["J Q K A PHX"]),
    ("T4.2 wish fulfilled only by a bomb: the bombs, nothing else", "8j 8s 8p 8t 5 DRG 3 3 3 3", "A", "8",
     ["8j 8s 8p 8t", "3 3 3 3"]),
    ("T4.2 only by a bomb, no other bomb", "8j 8s 8p 8t 5 DRG", "A", "8", ["8j 8s 8p 8t"]),
    ("T4.2 the Phoenix never fulfils the wish", "PHX 9 9 3", "5 5", "8", ["9 9", "9 PHX"]),
    ("T4.2 the Phoenix never fulfils the wish (single)", "PHX 9 3", "7", "8", ["PHX", "9"]),
    ("T4.2 a real card with the Phoenix fulfils it", "8 PHX K K", "7 7", "8", ["8 PHX"]),
    ("T4.2 escaped by an unrelated bomb", "8 3 3 3 3 K", "5", "8", ["8", "3 3 3 3"]),
    ("T4.2 a lead under a wish", "8j 8s 2 PHX DOG", None, "8",
     ["8j", "8s", "8j 8s", "8j PHX", "8s PHX", "8j 8s PHX"]),
    ("T4.2 a lead under a wish in a straight only", "MJ 2 3 4 5 9 9", None, "4",
     ["4", "MJ 2 3 4 5"]),
    ("T4.2 no play holds the wish: everything legal", "3 PHX K", "A", "3", ["PHX"]),
    ("T4.2 the wished rank not held", "9 10 PHX", "7", "8", ["9", "10", "PHX"]),
    ("T4.2 a wished card in a straight flush fulfils it", "5s 6s 7s 8s 9s K", "Q", "7",
     ["5s 6s 7s 8s 9s"]),
    ("T4.2 nothing on the Dog, wish or not", "8 8 8 8", "DOG", "8", []),
    ("T4.2 no wish when null", "8 9", "7", None, ["8", "9"]),
]


def test_wish_table():
    # T4.2: the wish binds when some legal play holds a real card of that rank
    for rule, hand, over, wish, want in WISH:
        assert _legal(hand, over, wish) == _want(want), (rule, _legal(hand, over, wish))


def test_plays_are_sorted_real_cards():
    # CONTRACT 1, 3: every play is the actual cards, sorted DOG MJ 2 .. A PHX DRG
    hand = ["DRG", "Kt", "PHX", "Ks", "5", "MJ", "Kj", "DOG", "4", "2p", "3j"]
    ans = handle({"op": "legal", "game": "tichu", "hand": hand, "over": None})
    order = [c >> 3 << 3 | (c & 7) for c in DECK.parse(hand)]
    assert ["MJ", "2p", "3j", "4", "5", "PHX"] in ans["plays"]
    assert ["Kj", "Ks", "PHX"] in ans["plays"] and ["Kj", "Ks", "Kt", "PHX"] not in ans["plays"]
    for p in ans["plays"]:
        codes = DECK.parse(p)
        assert codes == sorted(codes), p
        for c in codes:
            assert c in order, p
    assert len(set(tuple(p) for p in ans["plays"])) == len(ans["plays"])


def test_every_play_classifies():
    # T3: what the generator lists is a combination
    hand = DECK.parse("MJ 2j 2s 3j 3s 4j 5j 6j 7j 7s 7p 7t PHX DRG")
    plays = legal_plays(hand)
    assert len(plays) > 100
    for p in plays:
        assert classify(list(p)), p
