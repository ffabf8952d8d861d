"""The common Tichu round takes at most 8 presses, on every board (issue 6, RULES T6).

The common round: nobody called, no double victory, card points anywhere from 20 : 80
to 80 : 20. From the totals screen: OK opens the form on the card points (50 : 50),
each UP/DOWN (or encoder detent) moves 5 points to one team and the complement to the
other, OK saves; the first player out is preselected and does not change the score.
"""

import pytest

from firmware.keys import CW, DOWN, OK, RIGHT, UP
from host_sim.device import Device
from host_sim.player import BOARDS, new_match, screen_name

TICHU = ["Anna", "Ben", "Carla", "David"]
LIMIT = 2000


def _entered(dev, presses):
    before = dev.presses
    for k in presses:
        dev.press(k)
    assert screen_name(dev) == "Totals"
    return dev.presses - before


@pytest.mark.parametrize("board", BOARDS)
def test_the_common_tichu_round_takes_at_most_8_presses(board):  # T6.3
    dev = Device(board)
    new_match(dev, "tichu", LIMIT, TICHU)
    worst = 0
    for pts in range(20, 85, 5):
        steps = (pts - 50) // 5
        more = CW if dev.encoder is not None and steps > 0 else UP
        n = _entered(dev, [OK] + [more if steps > 0 else DOWN] * abs(steps) + [OK])
        assert dev.app.book.entries[-1] == {"calls": {}, "first_out": 0, "double_victory": None,
                                            "card_points": [pts, 100 - pts]}
        worst = max(worst, n)
    assert worst == 8
    assert dev.app.book.rounds() == 13


@pytest.mark.parametrize("board", BOARDS)
def test_a_double_victory_is_one_choice(board):  # T6.1
    dev = Device(board)
    new_match(dev, "tichu", LIMIT, TICHU)
    for team, step in ((0, UP), (1, DOWN)):
        assert _entered(dev, [OK, RIGHT, step, OK]) == 4
        e = dev.app.book.entries[-1]
        assert e["double_victory"] == team and e["first_out"] % 2 == team
    assert dev.app.book.totals == [200, 200]
