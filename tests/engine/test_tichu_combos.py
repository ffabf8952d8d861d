"""Tichu combinations and beating through judge, rule by rule (RULES T3, T4, T5.2, CONTRACT 3).

Runs under pytest and under MicroPython (tests/mp): plain functions and tables.
"""

from engine_core.judge import handle
from engine_core.tichu.cards import DECK
from engine_core.tichu.combos import (
    BOMB_FOUR,
    BOMB_STRAIGHT_FLUSH,
    DOG_RANK,
    PHOENIX_LED,
    SINGLE,
    STRAIGHT,
    beats,
    classify,
    placed,
)


def _classify(cards):
    ans = handle({"op": "classify", "game": "tichu", "cards": cards})
    assert "combos" in ans, (cards, ans)
    return [(r["kind"], r["length"], r["rank"]) for r in ans["combos"]]


def _beats(play, over, on=None):
    req = {"op": "beats", "game": "tichu", "play": play, "over": over}
    if on is not None:
        req["phoenix_on"] = on
    ans = handle(req)
    assert "beats" in ans, (play, over, ans)
    return ans["beats"]


SF = "bomb_straight_flush"

CLASSIFY = [
    # (rule, cards, readings lowest first)
    ("T3 single", "7s", [("single", 1, "7")]),
    ("T3 single without family", "A", [("single", 1, "A")]),
    ("T4.3 Dog single", "DOG", [("single", 1, "DOG")]),
    ("T4.1 Mah Jong single", "MJ", [("single", 1, "MJ")]),
    ("T4.4 Phoenix single", "PHX", [("single", 1, "PHX")]),
    ("T4.5 Dragon single", "DRG", [("single", 1, "DRG")]),
    ("T3 pair", "4j 4s", [("pair", 1, "4")]),
    ("T3.1 Phoenix in a pair", "4 PHX", [("pair", 1, "4")]),
    ("T3.1 Phoenix never pairs with the Mah Jong", "MJ PHX", []),
    ("T3.1 Phoenix never pairs with the Dragon", "PHX DRG", []),
    ("T3.1 Phoenix never pairs with the Dog", "DOG PHX", []),
    ("T3 different ranks are no pair", "4 5", []),
    ("T3 trio", "9 9 9", [("trio", 1, "9")]),
    ("T3.1 Phoenix in a trio", "9 9 PHX", [("trio", 1, "9")]),
    ("T3 pair_seq of two", "3 3 4 4", [("pair_seq", 2, "4")]),
    ("T3 pair_seq of five", "3 3 4 4 5 5 6 6 7 7", [("pair_seq", 5, "7")]),
    ("T3 pair_seq up to A", "Q Q K K A A", [("pair_seq", 3, "A")]),
    ("T3.1 Phoenix in the top pair", "3 3 4 PHX", [("pair_seq", 2, "4")]),
    ("T3.1 Phoenix in the low pair", "3 4 4 PHX", [("pair_seq", 2, "4")]),
    ("T3.1 Phoenix in a middle pair", "2 2 3 4 4 PHX", [("pair_seq", 3, "4")]),
    ("T3 pair_seq must be consecutive", "3 3 5 5", []),
    ("T3.1 Phoenix is one card, never a whole pair", "3 3 PHX 5 5 6 6", []),
    ("T3.2 no Mah Jong in a pair_seq", "MJ 2 2 PHX", []),
    ("T3 full house", "8 8 8 K K", [("full_house", 1, "8")]),
    ("T3 full house ranks by its trio", "2 2 2 A A", [("full_house", 1, "2")]),
    ("T3.3 Phoenix with two pairs: full house of either", "8 8 K K PHX",
     [("full_house", 1, "8"), ("full_house", 1, "K")]),
    ("T3.1 Phoenix completes the pair", "8 8 8 K PHX", [("full_house", 1, "8")]),
    ("T3.4 four equal and the Phoenix are nothing", "3 3 3 3 PHX", []),
    ("T3 trio and two singles are nothing", "8 8 8 K Q", []),
    ("T3.1 Phoenix never pairs with a special in a full house", "8 8 8 MJ PHX", []),
    ("T3.2 Dragon never in a full house", "8 8 8 DRG PHX", []),
    ("T3 straight", "3 4 5 6 7", [("straight", 5, "7")]),
    ("T3 straight of any suits", "3j 4s 5p 6t 7j 8s", [("straight", 6, "8")]),
    ("T3.2 Mah Jong as the 1", "MJ 2 3 4 5", [("straight", 5, "5")]),
    ("T3.1 Phoenix above a Mah Jong run, never below it", "MJ 2 3 4 PHX", [("straight", 5, "5")]),
    ("T3.5 Phoenix as the 2 after the Mah Jong", "MJ PHX 3 4 5", [("straight", 5, "5")]),
    ("T3.1 Phoenix never stands for the Mah Jong", "2 3 4 5 PHX", [("straight", 5, "6")]),
    ("T3.5 Phoenix above or below", "3 4 5 6 PHX", [("straight", 5, "6"), ("straight", 5, "7")]),
    ("T3.5 Phoenix inside", "3 4 6 7 PHX", [("straight", 5, "7")]),
    ("T3.5 Phoenix below 10 J Q K A", "PHX 10 J Q K A", [("straight", 6, "A")]),
    ("T3.5 Phoenix below J Q K A", "J Q K A PHX", [("straight", 5, "A")]),
    ("T3.1 Phoenix fills one gap only", "3 4 7 8 PHX", []),
    ("T3 straight needs five cards", "2 3 4 5", []),
    ("T3 the Mah Jong run up to A", "MJ 2 3 4 5 6 7 8 9 10 J Q K A", [("straight", 14, "A")]),
    ("T3.2 no Dog in a straight", "DOG 2 3 4 5", []),
    ("T3.2 no Dragon in a straight", "10 J Q K A DRG", []),
    ("T3.4 one suit is a straight flush", "5s 6s 7s 8s 9s", [(SF, 5, "9")]),
    ("T3.4 straight flush up to A", "10j Jj Qj Kj Aj", [(SF, 5, "A")]),
    ("T3.4 thirteen of one suit", "2t 3t 4t 5t 6t 7t 8t 9t 10t Jt Qt Kt At", [(SF, 13, "A")]),
    ("T3.4 one card of another suit: plain straight", "5s 6s 7s 8s 9p", [("straight", 5, "9")]),
    ("T3.4 one-suit run with the Phoenix: plain straight", "5s 6s 7s 8s PHX",
     [("straight", 5, "8"), ("straight", 5, "9")]),
    ("T3.4 Mah Jong with one suit: plain straight", "MJ 2j 3j 4j 5j", [("straight", 5, "5")]),
    ("CONTRACT 1 cards without a letter never make a straight flush", "5 6 7 8 9",
     [("straight", 5, "9")]),
    ("CONTRACT 1 one card without a letter: plain straight", "5s 6s 7s 8s 9", [("straight", 5, "9")]),
    ("T3.4 four equal is a bomb", "7 7 7 7", [("bomb_four", 1, "7")]),
    ("T3.4 four equal with suits", "7j 7s 7p 7t", [("bomb_four", 1, "7")]),
    ("T3.4 nothing else with a four", "7 7 7 7 8", []),
    ("T3.1 three and the Phoenix are no bomb", "7 7 7 PHX", []),
    ("T3.2 Dog and Dragon", "DOG DRG", []),
    ("T3 nothing", "", []),
]


def test_classify_table():
    # T3, T3.1-T3.6, T4: every reading, lowest first
    for rule, cards, want in CLASSIFY:
        assert _classify(cards) == want, (rule, cards, _classify(cards))


def test_classify_takes_a_json_list_and_any_order():
    # CONTRACT 1: a list of tokens in any order reads as the same set
    assert _classify(["K", "PHX", "8", "K", "8"]) == [("full_house", 1, "8"), ("full_house", 1, "K")]
    assert _classify(["9s", "5s", "7s", "6s", "8s"]) == [(SF, 5, "9")]


BEATS = [
    # (rule, play, over, phoenix_on, beats)
    ("T5.1 higher single", "8", "7", None, True),
    ("T5.1 equal single does not beat", "7s", "7j", None, False),
    ("T5.1 higher pair", "8 8", "7 7", None, True),
    ("T5.1 other kind", "8 8", "9", None, False),
    ("T5.1 same length pair_seq", "4 4 5 5", "2 2 3 3", None, True),
    ("T5.1 other length pair_seq", "4 4 5 5 6 6", "2 2 3 3", None, False),
    ("T5.1 higher trio", "3 3 PHX", "2 2 2", None, True),
    ("T5.1 full house by its trio", "3 3 3 2 2", "2 2 2 A A", None, True),
    ("T5.1 full house by its trio, not the pair", "2 2 2 A A", "3 3 3 2 2", None, False),
    ("T3.3 some reading beats", "8 8 K K PHX", "Q Q Q 2 2", None, True),
    ("T3.3 over is read at its highest", "Q Q Q 2 2", "8 8 K K PHX", None, False),
    ("T3.3 over is read at its highest (beaten)", "A A A 2 2", "8 8 K K PHX", None, True),
    ("T3.5 straight over a Phoenix straight read at its top", "3 4 5 6 7", "3 4 5 6 PHX", None, False),
    ("T3.5 higher straight", "4 5 6 7 8", "3 4 5 6 PHX", None, True),
    ("T3.5 Phoenix below reaches A", "J Q K A PHX", "9 10 J Q K", None, True),
    ("T5.1 straight of other length", "3 4 5 6 7 8", "2 3 4 5 6", None, False),
    ("T3.2 straight over a Mah Jong straight", "3 4 5 6 7", "MJ 2 3 4 5", None, True),
    ("T4.4 Phoenix on an A", "PHX", "A", None, True),
    ("T4.4 Phoenix on the Mah Jong", "PHX", "MJ", None, True),
    ("T4.4 Phoenix never on the Dragon", "PHX", "DRG", None, False),
    ("T4.5 Dragon on the Phoenix", "DRG", "PHX", None, True),
    ("T4.4 led Phoenix is 1.5: a 2 beats it", "2", "PHX", None, True),
    ("T4.4 led Phoenix is 1.5: the Mah Jong does not", "MJ", "PHX", None, False),
    ("T4.4 Phoenix on a 2 is 2.5", "2", "PHX", "2", False),
    ("T4.4 Phoenix on a 2 is 2.5: a 3 beats it", "3", "PHX", "2", True),
    ("T4.4 Phoenix on the Mah Jong is 1.5", "2", "PHX", "MJ", True),
    ("T4.4 Phoenix on an A is beaten by the Dragon only", "A", "PHX", "A", False),
    ("T4.5 Dragon on a Phoenix on an A", "DRG", "PHX", "A", True),
    ("T4.5 the Dragon over every single", "DRG", "A", None, True),
    ("T4.5 nothing but a bomb on the Dragon", "A", "DRG", None, False),
    ("T4.5 a bomb on the Dragon", "2 2 2 2", "DRG", None, True),
    ("T4.3 the Dog only as a lead", "DOG", "2", None, False),
    ("T4.3 the Dog is led", "DOG", None, None, True),
    ("T4.3 nothing on the Dog", "MJ", "DOG", None, False),
    ("T4.3 not even a bomb on the Dog", "7 7 7 7", "DOG", None, False),
    ("T4.3 not even a straight flush on the Dog", "2s 3s 4s 5s 6s", "DOG", None, False),
    ("T5.1 anything is led", "8 8 K K PHX", None, None, True),
    ("CONTRACT 3 no combination never beats", "4 5", None, None, False),
    ("CONTRACT 3 no combination never beats a single", "4 5", "3", None, False),
    ("T5.2 a bomb on a trio", "2 2 2 2", "A A A", None, True),
    ("T5.2 a bomb on a straight", "2 2 2 2", "MJ 2 3 4 5 6 7 8 9 10 J Q K A", None, True),
    ("T5.2 a higher four", "3 3 3 3", "2 2 2 2", None, True),
    ("T5.2 a lower four", "2 2 2 2", "3 3 3 3", None, False),
    ("T5.2 a straight flush on any four", "2s 3s 4s 5s 6s", "A A A A", None, True),
    ("T5.2 no four on a straight flush", "A A A A", "2s 3s 4s 5s 6s", None, False),
    ("T5.2 longer straight flush on a higher shorter one", "2j 3j 4j 5j 6j 7j", "10s Js Qs Ks As", None,
     True),
    ("T5.2 shorter straight flush on a longer one", "10s Js Qs Ks As", "2j 3j 4j 5j 6j 7j", None, False),
    ("T5.2 higher straight flush of the same length", "3t 4t 5t 6t 7t", "2s 3s 4s 5s 6s", None, True),
    ("T5.2 equal straight flush of the same length", "2t 3t 4t 5t 6t", "2s 3s 4s 5s 6s", None, False),
    ("T3.4 a Phoenix straight is no bomb", "2s 3s 4s 5s PHX", "A A A", None, False),
    ("T5.1 a plain straight on a straight flush", "3 4 5 6 7", "2s 3s 4s 5s 6s", None, False),
    ("T5.2 a straight flush on a straight", "3s 4s 5s 6s 7s", "10 J Q K A", None, True),
]


def test_beats_table():
    # T3, T4, T5.2, CONTRACT 3 beats
    for rule, play, over, on, want in BEATS:
        assert _beats(play, over, on) == want, (rule, play, over, on)


ERRORS = [
    # (rule, request fields) -> an error answer
    ("CONTRACT 3 over that is no combination", {"op": "beats", "play": "5", "over": "4 5"}),
    ("CONTRACT 1 five 5s", {"op": "classify", "cards": "5 5 5 5 5"}),
    ("CONTRACT 1 a card twice", {"op": "classify", "cards": "7j 7j"}),
    ("CONTRACT 1 two Phoenixes", {"op": "classify", "cards": "PHX PHX"}),
    ("CONTRACT 1 unknown token", {"op": "classify", "cards": "1 2 3"}),
    ("CONTRACT 1 Chimera token", {"op": "classify", "cards": "H"}),
    ("CONTRACT 1 suit on a special", {"op": "classify", "cards": "PHXj"}),
    ("CONTRACT 3 missing field", {"op": "beats", "play": "5"}),
    ("CONTRACT 3 phoenix_on on the Dragon", {"op": "beats", "play": "5", "over": "PHX", "phoenix_on": "DRG"}),
    ("CONTRACT 3 phoenix_on on the Dog", {"op": "beats", "play": "5", "over": "PHX", "phoenix_on": "DOG"}),
    ("CONTRACT 3 phoenix_on on itself", {"op": "beats", "play": "5", "over": "PHX", "phoenix_on": "PHX"}),
    ("CONTRACT 3 phoenix_on with a suit", {"op": "beats", "play": "5", "over": "PHX", "phoenix_on": "8s"}),
    ("CONTRACT 3 phoenix_on as a number", {"op": "beats", "play": "5", "over": "PHX", "phoenix_on": 8}),
    ("T4.1 wish of a special", {"op": "legal", "hand": "5", "over": None, "wish": "MJ"}),
    ("T4.1 wish with a suit", {"op": "legal", "hand": "5", "over": None, "wish": "8s"}),
    ("T4.1 wish as a number", {"op": "legal", "hand": "5", "over": None, "wish": 8}),
    ("T4.1 wish of a 1", {"op": "legal", "hand": "5", "over": None, "wish": "1"}),
    ("T4.1 empty wish", {"op": "legal", "hand": "5", "over": None, "wish": ""}),
]


def test_refusals_answer_an_error():
    # CONTRACT 1, 3: impossible sets and bad fields are errors, never an answer
    for rule, req in ERRORS:
        req = dict(req)
        req["game"] = "tichu"
        ans = handle(req)
        assert list(ans) == ["error"], (rule, ans)


def test_phoenix_on_is_read_only_for_a_lone_phoenix():
    # CONTRACT 3: phoenix_on places a lone Phoenix; other tables ignore it
    assert _beats("8", "7", "A")
    assert not _beats("3", "3 PHX", "2") and _beats("4 4", "3 PHX", "2")


def test_single_ranks_and_placing_the_phoenix():
    # T4.4: half steps keep the Phoenix between two cards; placed() puts it on the table
    phx = classify(DECK.parse("PHX"))[0]
    assert phx == (SINGLE, 1, PHOENIX_LED)
    assert classify(DECK.parse("DOG"))[0] == (SINGLE, 1, DOG_RANK)
    eight = classify(DECK.parse("8"))[0]
    on8 = placed(phx, eight)
    assert on8 == (SINGLE, 1, 17)
    assert placed(phx, None) == phx
    assert not beats(eight, on8) and beats(classify(DECK.parse("9"))[0], on8)
    straight = (STRAIGHT, 5, 9)
    assert placed(straight, None) == straight


def test_bomb_readings():
    # T3.4, T5.2: bombs carry their own kinds
    assert classify(DECK.parse("K K K K")) == [(BOMB_FOUR, 1, 13)]
    assert classify(DECK.parse("9p 10p Jp Qp Kp Ap")) == [(BOMB_STRAIGHT_FLUSH, 6, 14)]
