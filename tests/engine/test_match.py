"""The end of a match, shared by both games (RULES C9, T7.1)."""

from engine_core.match import Match, match_winner, valid_limit

# (totals, limit, winner)
ENDS = (
    ((0, 0, 0), 400, None),
    ((399, 120, -40), 400, None),       # C9.1: nobody at the limit
    ((400, 120, -40), 400, 0),          # at the limit is enough
    ((120, 455, 410), 400, 1),          # the highest total wins, not the first over
    ((420, 420, 10), 400, None),        # C9.2: a shared lead plays on
    ((420, 420, 425), 400, 2),
    ((-20, -30, -10), 1, None),         # negative totals
    ((1000, 990), 1000, 0),             # T7.1: teams
    ((1010, 1010), 1000, None),
)


def test_match_winner():
    # C9.1, C9.2, T7.1 (Decision: over when a total is at the limit and one side leads alone)
    for totals, limit, want in ENDS:
        assert match_winner(totals, limit) == want, totals


def test_limits_are_positive_integers():
    # C9.1
    assert valid_limit(1) and valid_limit(750)
    for bad in (0, -1, 2.5, "400", True, None):
        assert not valid_limit(bad)


def test_rounds_add_up_and_the_dealer_moves():
    # C2.4, C9.1
    m = Match(300, 3)
    m2 = m.scored((105, 0, 0), 1)
    assert m.totals == (0, 0, 0) and m.rounds == ()  # unchanged: matches are immutable
    m2 = m2.scored((-40, 20, 35), 2)
    assert m2.totals == (65, 20, 35) and m2.rounds == ((105, 0, 0), (-40, 20, 35))
    assert m2.dealer == 2 and m2.winner is None and not m2.over()


def test_tie_continuation():
    # C9.2: tied at the top over the limit: play on until one leads alone
    m = Match(100, 3).scored((100, 100, 0), 1)
    assert m.winner is None
    m = m.scored((0, 0, 20), 2)
    assert m.winner is None
    m = m.scored((-20, 5, 0), 0)
    assert m.winner == 1 and m.over()


def test_redeals_count_per_round():
    # C3.5, C3.6: a pass-out keeps the dealer; a completed round resets the count
    m = Match(400, 3, dealer=2).passed_out(2)
    assert m.redeals == 1 and m.dealer == 2 and m.rounds == ()
    m = m.scored((40, 0, 0), 0)
    assert m.redeals == 0 and m.dealer == 0


def test_match_round_trips_through_lists():
    m = Match(500, 3).scored((1, 2, 3), 1).passed_out(1)
    n = Match.from_list(m.to_list())
    assert n.to_list() == m.to_list() and n.rounds == m.rounds and n.totals == m.totals
