# Scoring a played Chimera round (RULES C8) from its piles and its plays.
#
# The C8 arithmetic itself is the score keeper's (scoresheet.score_round): the game
# fills in the same score-sheet line a table would write down, so both modes score alike.

from engine_core.cards import points_in
from engine_core.chimera.cards import TREASURE

SEATS = 3


def treasure(codes):
    # C1.4: the treasure points in a pile of card codes.
    return points_in(codes, TREASURE)


def sheet_line(state):
    # The score-keeper entry (CONTRACT 3) for a finished round of game.State: treasure
    # from each seat's own pile (C8.3), bonuses from what was played (C8.1).
    ch = state.chimera
    silent = False
    for s in range(SEATS):
        if s != ch and not state.played >> s & 1:
            silent = True
    return {"chimera": ch, "bid": state.bid, "first_out": state.first_out, "traps": state.traps,
            "attack": bool(state.attack), "silent_hunter": silent,
            "treasure": [treasure(p) for p in state.piles]}


def round_deltas(state):
    # C8: the per-seat deltas of a finished round.
    # imported here: the device drops the score-sheet arithmetic between rounds
    from engine_core.chimera.scoresheet import score_round

    return tuple(score_round(sheet_line(state)))
