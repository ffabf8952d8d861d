"""Score-keeper rounds entered by hand, through judge score (CONTRACT 3; RULES C8, T6, D3)."""

from engine_core.judge import handle


def _chimera(rnd):
    return handle({"op": "score", "game": "chimera", "round": rnd})


def _entry(**kw):
    e = {"chimera": 0, "bid": 20, "first_out": 0, "traps": 0, "attack": False, "silent_hunter": False,
         "treasure": [0, 0, 0]}
    e.update(kw)
    return e


CHIMERA_OK = [
    # (rule, entry, deltas per seat)
    ("C8.4 book: bid 20, out first, a trap, a silent Hunter", _entry(traps=1, silent_hunter=True),
     [90, 0, 0]),
    ("C8.4 book: bid 40, a Hunter out first, attack played", _entry(bid=40, first_out=1, attack=True),
     [-40, 20, 20]),
    ("C8.1 twice the bid", _entry(bid=30), [60, 0, 0]),
    ("C8.1 every bonus", _entry(bid=40, traps=2, attack=True, silent_hunter=True), [80 + 100, 0, 0]),
    ("C8.3 each pile's own treasure", _entry(chimera=1, first_out=1, treasure=[10, 25, 15]), [10, 65, 15]),
    ("C8.2 bonuses score nothing when a Hunter is out first",
     _entry(chimera=2, bid=30, first_out=0, traps=3, attack=True, treasure=[20, 0, 40]), [40, 20, 10]),
    ("C8.2 a silent Hunter after the other went out", _entry(first_out=1, silent_hunter=True,
                                                            treasure=[30, 30, 0]), [10, 50, 20]),
    ("D3 all 60 treasure points", _entry(treasure=[60, 0, 0]), [100, 0, 0]),
    ("C8 bonus fields left out did not happen",
     {"chimera": 0, "bid": 20, "first_out": 0, "treasure": [0, 0, 0]}, [40, 0, 0]),
]

CHIMERA_BAD = [
    # (rule, entry)
    ("D3 more treasure than exists", _entry(treasure=[30, 30, 5])),
    ("D3 treasure not a multiple of 5", _entry(treasure=[7, 0, 0])),
    ("D3 negative treasure", _entry(treasure=[-5, 5, 0])),
    ("D3 treasure for two seats", _entry(treasure=[0, 0])),
    ("D3 no seat 3", _entry(chimera=3)),
    ("D3 no seat 3 out first", _entry(first_out=3)),
    ("D3 a seat is no bool", _entry(chimera=True)),
    ("C3.2 a bid is 20, 30 or 40", _entry(bid=25)),
    ("C3.2 no bid of 50", _entry(bid=50)),
    ("D3 traps 0..13", _entry(traps=14)),
    ("D3 traps a whole number", _entry(traps=1.5)),
    ("D3 attack is true or false", _entry(attack=1)),
    ("C8.1 a silent Hunter took no trick", _entry(silent_hunter=True, treasure=[0, 10, 5])),
    ("C8.1 the one who went out was not silent", _entry(first_out=1, silent_hunter=True, treasure=[0, 0, 5])),
    ("D3 the round is an object", []),
    ("D3 treasure is missing", {"chimera": 0, "bid": 20, "first_out": 0}),
]


def test_chimera_rounds_score_per_c8():
    for rule, rnd, want in CHIMERA_OK:
        assert _chimera(rnd) == {"deltas": want}, (rule, _chimera(rnd))


def test_chimera_impossible_rounds_are_refused_with_a_reason():
    for rule, rnd in CHIMERA_BAD:
        ans = _chimera(rnd)
        assert list(ans) == ["error"] and ans["error"], (rule, ans)


def _tichu(rnd):
    return handle({"op": "score", "game": "tichu", "round": rnd})


def test_tichu_double_victory_reason_names_the_team():
    # T6.1, D3: seat 0 is on team 0, so team 1 cannot have the double victory.
    ans = _tichu({"calls": {}, "first_out": 0, "double_victory": 1})
    assert "team 1" in ans["error"], ans


def test_tichu_wish_penalty_ignores_double_victory_and_card_points():
    # T6.5, CONTRACT 3: double_victory and card_points are then ignored.
    assert _tichu({"calls": {}, "first_out": 0, "double_victory": 1, "wish_penalty": 1}) \
        == {"deltas": [200, 0]}
    assert _tichu({"calls": {"0": "tichu"}, "first_out": 0, "card_points": [57, 43], "wish_penalty": 0}) \
        == {"deltas": [100, 200]}
