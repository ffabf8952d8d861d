# Scoring a played Tichu round (RULES T6) from its piles, calls and finishing order.
#
# The T6 arithmetic itself is the score keeper's (scoresheet.score_round): the game fills
# in the same score-sheet line a table would write down, so both modes score alike.
# The game has already moved the cards as T6.2 says (the last trick, the last player's
# hand and pile) before it asks for the line.

from engine_core.cards import points_in
from engine_core.tichu.cards import POINTS

CALL_NAMES = ("", "tichu", "grand")  # by game.State.calls: 0 none, 1 Tichu, 2 Grand


def card_points(codes):
    # T1.4: the card points in a pile of card codes.
    return points_in(codes, POINTS)


def sheet_line(state):
    """The score-keeper entry (CONTRACT 3) for a finished round of game.State. The round
    ended after two players out only on a double victory (T6.1)."""
    out = state.out
    calls = {}
    for s in range(4):
        if state.calls[s]:
            calls[str(s)] = CALL_NAMES[state.calls[s]]
    line = {"calls": calls, "first_out": out[0], "double_victory": None}
    if len(out) == 2:
        line["double_victory"] = out[0] & 1
    else:
        p = state.piles
        line["card_points"] = [card_points(p[0] + p[2]), card_points(p[1] + p[3])]
    return line


def round_deltas(state):
    """T6: the per-team deltas of a finished round."""
    # imported here: the device drops the score-sheet arithmetic between rounds
    from engine_core.tichu.scoresheet import score_round

    return tuple(score_round(sheet_line(state)))
