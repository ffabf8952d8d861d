"""Chimera combinations, beating and legal plays, rule by rule (RULES C1, C5, C6).

Runs under pytest and under MicroPython (tests/mp): plain functions and tables.
"""

from engine_core.judge import handle


def _classify(cards):
    ans = handle({"op": "classify", "game": "chimera", "cards": cards})
    assert "combos" in ans, (cards, ans)
    return [(r["kind"], r["length"], r["rank"]) for r in ans["combos"]]


def _beats(play, over):
    ans = handle({"op": "beats", "game": "chimera", "play": play, "over": over})
    assert "beats" in ans, (play, over, ans)
    return ans["beats"]


def _legal(hand, over):
    ans = handle({"op": "legal", "game": "chimera", "hand": hand, "over": over})
    assert "plays" in ans, (hand, over, ans)
    return sorted(" ".join(p) for p in ans["plays"])


STRAIGHT_1_12 = "1 2 3 4 5 6 7 8 9 10 11 12"

CLASSIFY = [
    # (rule, cards, readings lowest first)
    ("C1.3 any card is a single", "7s", [("single", 1, "7")]),
    ("C1.3 Pi Ya single", "P", [("single", 1, "P")]),
    ("C1.3 Chimera single", "C", [("single", 1, "C")]),
    ("C5 pair", "4j 4s", [("pair", 1, "4")]),
    ("C5 pair of Heroes", "H H", [("pair", 1, "H")]),
    ("C5 P never in a pair", "H P", []),
    ("C5 different values are no pair", "4 5", []),
    ("C5 pair_seq of three", "3 3 4 4 5 5", [("pair_seq", 3, "5")]),
    ("C5 pair_seq needs three pairs", "3 3 4 4", []),
    ("C5 pair_seq never holds H", "11 11 12 12 H H", []),
    ("C5 pair_seq must be consecutive", "3 3 4 4 6 6", []),
    ("C5 trio", "H H H", [("trio", 1, "H")]),
    ("C5 trio_seq", "3 3 3 4 4 4", [("trio_seq", 2, "4")]),
    ("C5 trio_seq never holds H", "12 12 12 H H H", []),
    ("C5 trio_single with any card", "5 5 5 C", [("trio_single", 1, "5")]),
    ("C5 trio_single of Heroes", "H H H 2", [("trio_single", 1, "H")]),
    ("C5.3 four equal is a trap, not trio_single", "7 7 7 7", [("trap", 1, "7")]),
    ("C5 trio_pair", "5 5 5 H H", [("trio_pair", 1, "5")]),
    ("C5 trio_pair of Heroes", "H H H 5 5", [("trio_pair", 1, "H")]),
    ("C5 trio_seq_singles", "3 3 3 4 4 4 9 P", [("trio_seq_singles", 2, "4")]),
    ("C5 trio_seq_singles H attached", "3 3 3 4 4 4 H C", [("trio_seq_singles", 2, "4")]),
    ("C5 trio_seq_singles never P and C", "3 3 3 4 4 4 P C", []),
    ("C5 trio_seq_singles attached differ", "3 3 3 4 4 4 9 9", []),
    ("C5 trio_seq_singles attached differ from trios", "3 3 3 4 4 4 4 9", []),
    ("C5 trio_seq_singles of three", "6 6 6 7 7 7 8 8 8 1 H P", [("trio_seq_singles", 3, "8")]),
    ("C5 trio_seq_pairs", "3 3 3 4 4 4 9 9 H H", [("trio_seq_pairs", 2, "4")]),
    ("C5 trio_seq_pairs pairs differ", "3 3 3 4 4 4 9 9 9 9", []),
    ("C5 straight", "1 2 3 4 5", [("straight", 5, "5")]),
    ("C5 straight of twelve", STRAIGHT_1_12, [("straight", 12, "12")]),
    ("C5 straight needs five", "1 2 3 4", []),
    ("C5 P inside a straight", "5 6 8 9 P", [("straight", 5, "9")]),
    ("C5.2 P at either end: both readings", "5 6 7 8 P", [("straight", 5, "8"), ("straight", 5, "9")]),
    ("C5 P at the low end only, top is 12", "9 10 11 12 P", [("straight", 5, "12")]),
    ("C5 P at the top only, bottom is 1", "1 2 3 4 P", [("straight", 5, "5")]),
    ("C5 P for exactly one value", "1 2 3 P", []),
    ("C5 P cannot fill two gaps", "1 2 4 6 P", []),
    ("C5 P with all twelve has nothing to fill", STRAIGHT_1_12 + " P", []),
    ("C5 P in a straight of twelve", "1 2 3 4 5 6 7 8 9 10 11 P", [("straight", 12, "12")]),
    ("C5 H never in a straight", "9 10 11 12 H", []),
    ("C5 H never in a straight, even with P", "10 11 12 H P", []),
    ("C5 C never in a straight", "1 2 3 4 C", []),
    ("C5 book example four_two_singles", "7 7 7 7 2 10", [("four_two_singles", 1, "7")]),
    ("C5 four_two_singles H and P", "7 7 7 7 H P", [("four_two_singles", 1, "7")]),
    ("C5 four_two_singles H and C", "7 7 7 7 H C", [("four_two_singles", 1, "7")]),
    ("C5 four_two_singles never P and C", "7 7 7 7 P C", []),
    ("C5 four_two_singles attached differ", "7 7 7 7 2 2", []),
    ("C5 book example four_two_pairs", "7 7 7 7 H H 9 9", [("four_two_pairs", 1, "7")]),
    ("C5 four_two_pairs pairs differ", "7 7 7 7 9 9 9 9", []),
    ("C5 trap of Heroes", "H H H H", [("trap", 1, "H")]),
    ("C5 the attack", "P C", [("chimera_attack", 1, None)]),
    ("C5 P and C only as the attack", "5 P C", []),
    ("C5 nothing at all", "", []),
]


def test_classify_table():
    for rule, cards, want in CLASSIFY:
        assert _classify(cards) == want, (rule, cards, _classify(cards))


def test_classify_accepts_a_json_list():
    assert _classify(["5", "6", "7", "8", "P"]) == [("straight", 5, "8"), ("straight", 5, "9")]


BEATS = [
    # (rule, play, over (None: leading), beats?)
    ("C6.1 higher pair", "8 8", "7 7", True),
    ("C6.1 equal pair", "7 7", "7 7", False),
    ("C6.1 lower pair", "6 6", "7 7", False),
    ("C6.1 another kind", "8 8 8", "7 7", False),
    ("C6.1 longer straight", "2 3 4 5 6 7", "1 2 3 4 5", False),
    ("C6.1 shorter straight", "2 3 4 5 6", "1 2 3 4 5 6", False),
    ("C6.1 straight same length higher", "2 3 4 5 6", "1 2 3 4 5", True),
    ("C6.1 pair_seq length mismatch", "4 4 5 5 6 6 7 7", "3 3 4 4 5 5", False),
    ("C6.1 trio_seq_singles same length", "4 4 4 5 5 5 1 2", "3 3 3 4 4 4 H C", True),
    ("C1.3 P over H", "P", "H", True),
    ("C1.3 C over P", "C", "P", True),
    ("C1.3 P not over C", "P", "C", False),
    ("C6.2 trap over a pair", "3 3 3 3", "12 12", True),
    ("C6.2 trap over a straight", "3 3 3 3", STRAIGHT_1_12, True),
    ("C6.2 higher trap over lower", "4 4 4 4", "3 3 3 3", True),
    ("C6.2 lower trap not over higher", "3 3 3 3", "4 4 4 4", False),
    ("C6.2 trap not over the attack", "H H H H", "P C", False),
    ("C6.3 attack over the highest trap", "P C", "H H H H", True),
    ("C6.3 attack over a single", "P C", "3", True),
    ("C6.3 nothing over the attack", "C", "P C", False),
    ("C6.4 trap over four_two_singles", "3 3 3 3", "H H H H 2 10", True),
    ("C6.4 trap over four_two_pairs", "3 3 3 3", "H H H H 2 2 10 10", True),
    ("C6.4 attack over four_two_pairs", "P C", "H H H H 2 2 10 10", True),
    ("C6.4 four_two_singles not over a trap", "H H H H 2 10", "3 3 3 3", False),
    ("C6.1 higher four_two_singles", "8 8 8 8 2 10", "7 7 7 7 H C", True),
    ("C5.2 some reading beats", "5 6 7 8 P", "4 5 6 7 8", True),
    ("C5.2 over read at its highest", "5 6 7 8 9", "5 6 7 8 P", False),
    ("C5.2 over read at its highest, beaten", "6 7 8 9 10", "5 6 7 8 P", True),
    ("C7.1 any combination leads", "3 3 3 4 4 4 9 P", None, True),
    ("C7.1 no combination never", "3 4", None, False),
    ("C6 no combination never beats", "3 4", "2", False),
]


def test_beats_table():
    for rule, play, over, want in BEATS:
        assert _beats(play, over) is want, (rule, play, over)


LEGAL = [
    # (rule, hand, over, every play)
    ("C7.1 leading: every combination", "3 3 P C", None, ["3", "3 3", "C", "P", "P C"]),
    ("C6.2 trap on a pair", "8 8 8 8 2", "7 7", ["8 8", "8 8 8 8"]),
    ("C6.4 trap against fours with attachments", "3 3 3 3 5", "H H H H 2 10", ["3 3 3 3"]),
    ("C6.3 the attack on the highest trap", "P C 5", "H H H H", ["P C"]),
    ("C6.3 nothing on the attack", "H H H H 3", "P C", []),
    ("C6.1 length must match", "4 5 6 7 8 9", "1 2 3 4 5", ["4 5 6 7 8", "5 6 7 8 9"]),
    ("C5.2 Pi Ya straight beats through its upper reading", "5 6 7 8 P", "4 5 6 7 8",
     ["5 6 7 8 P"]),
    ("C5 Pi Ya for a held value: only readings above 5", "1 2 3 4 5 P", "1 2 3 4 5", ["2 3 4 5 P"]),
    ("C5 Pi Ya for a held value, leading", "1 2 3 4 5 P", None,
     ["1", "2", "3", "4", "5", "P", "1 2 3 4 5", "1 2 3 4 P", "2 3 4 5 P", "1 2 3 5 P", "1 2 4 5 P",
      "1 3 4 5 P", "1 2 3 4 5 P"]),
    ("C6.2 only a higher trap on a trap", "3 3 3 3 9 9 9 9", "5 5 5 5", ["9 9 9 9"]),
    ("C6.1 trio_single kickers", "9 9 9 2 P", "8 8 8 H", ["2 9 9 9", "9 9 9 P"]),
]


def test_legal_table():
    for rule, hand, over, want in LEGAL:
        assert _legal(hand, over) == sorted(want), (rule, _legal(hand, over))


def test_legal_plays_are_values_sorted_and_distinct():
    # CONTRACT 3: values only, each sorted by C1.3, none twice.
    plays = handle({"op": "legal", "game": "chimera", "over": None,
                    "hand": ["7j", "7s", "7p", "8t", "8j", "8s", "P", "H", "1j"]})["plays"]
    seen = set()
    order = {"H": 13, "P": 14, "C": 15}
    for p in plays:
        vals = [order.get(t) or int(t) for t in p]
        assert vals == sorted(vals), p
        assert " ".join(p) not in seen
        seen.add(" ".join(p))
    assert ["7", "7", "7", "8", "8", "8", "1", "H"] not in plays
    assert ["1", "7", "7", "7", "8", "8", "8", "H"] in plays


BAD = [
    # (why, request) -> every one is {"error": ...}
    ("not an object", [1, 2]),
    ("unknown op", {"op": "shuffle", "game": "chimera"}),
    ("unknown game", {"op": "classify", "game": "skat", "cards": []}),
    ("no game", {"op": "classify", "cards": []}),
    ("missing cards", {"op": "classify", "game": "chimera"}),
    ("cards not a list", {"op": "classify", "game": "chimera", "cards": 5}),
    ("token not a string", {"op": "classify", "game": "chimera", "cards": [5]}),
    ("unknown token", {"op": "classify", "game": "chimera", "cards": ["13"]}),
    ("lower-case hero", {"op": "classify", "game": "chimera", "cards": ["h"]}),
    ("family on a special", {"op": "classify", "game": "chimera", "cards": ["Pj"]}),
    ("unique card twice", {"op": "classify", "game": "chimera", "cards": ["7j", "7j"]}),
    ("five fives", {"op": "classify", "game": "chimera", "cards": "5 5 5 5 5"}),
    ("five fives, some with family", {"op": "classify", "game": "chimera", "cards": "5j 5 5 5 5s"}),
    ("two Pi Ya", {"op": "legal", "game": "chimera", "hand": "P P", "over": None}),
    ("over no combination", {"op": "beats", "game": "chimera", "play": "5", "over": "5 7"}),
    ("over missing", {"op": "legal", "game": "chimera", "hand": "5"}),
    ("over impossible", {"op": "legal", "game": "chimera", "hand": "5", "over": "C C"}),
    ("play impossible", {"op": "beats", "game": "chimera", "play": "7j 7j", "over": None}),
    ("over of wrong type", {"op": "beats", "game": "chimera", "play": "5", "over": 7}),
]


def test_bad_requests_get_a_reason():
    for why, req in BAD:
        ans = handle(req)
        assert list(ans) == ["error"], (why, ans)
        assert isinstance(ans["error"], str) and ans["error"], why


def test_error_names_the_bad_token():
    assert "Qx" in handle({"op": "classify", "game": "chimera", "cards": ["5", "Qx"]})["error"]
