# A match of rounds, for either game: limit, totals, round history, dealer, redeals.
#
# Sides are seats in Chimera and teams in Tichu.
#
# A Match is immutable: every change returns a new one, so game states that share it
# never see each other's future.


# The end rule lives on its own so the score keeper loads it without the Match class.
from engine_core.match_end import match_winner, valid_limit  # noqa: F401 - valid_limit re-exported


class Match:
    # ``dealer``: the seat due to deal next, -1 before the first deal (anyone may).
    # ``redeals``: deals passed out in the current round (Chimera C3.5/C3.6; Tichu keeps 0).
    # ``winner``: side index once the match is over, else None.

    def __init__(self, limit, sides, totals=None, rounds=(), dealer=-1, redeals=0, winner=None):
        self.limit = limit
        self.totals = totals if totals is not None else (0,) * sides
        self.rounds = rounds
        self.dealer = dealer
        self.redeals = redeals
        self.winner = winner

    def _with(self, totals=None, rounds=None, dealer=None, redeals=None, winner=None):
        return Match(self.limit, len(self.totals),
                     self.totals if totals is None else totals,
                     self.rounds if rounds is None else rounds,
                     self.dealer if dealer is None else dealer,
                     self.redeals if redeals is None else redeals,
                     winner)

    def over(self):
        return self.winner is not None

    def passed_out(self, dealer):
        # A deal nobody bid on: the same dealer deals again (C3.5).
        return self._with(dealer=dealer, redeals=self.redeals + 1, winner=self.winner)

    def scored(self, deltas, seat):
        # A completed round: add the deltas, reset the redeal count, move the deal on (``seat`` deals next).
        totals = tuple(self.totals[i] + deltas[i] for i in range(len(deltas)))
        return self._with(totals, self.rounds + (tuple(deltas),), seat, 0,
                          match_winner(totals, self.limit))

    def to_list(self):
        return [self.limit, list(self.totals), [list(r) for r in self.rounds],
                self.dealer, self.redeals, self.winner]

    @classmethod
    def from_list(cls, x):
        limit, totals, rounds, dealer, redeals, winner = x
        return cls(limit, len(totals), tuple(totals), tuple(tuple(r) for r in rounds),
                   dealer, redeals, winner)
