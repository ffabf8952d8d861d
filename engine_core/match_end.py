# When a match is over (RULES C9.2, T7.1), for both games and the score keeper: after
# every round the match is over when some total is at or above the limit and the highest
# total is held by one side alone; a shared lead plays on.


def match_winner(totals, limit):
    # The index of the winning side, or None while the match goes on.
    best = max(totals)
    if best < limit:
        return None
    leaders = [i for i in range(len(totals)) if totals[i] == best]
    return leaders[0] if len(leaders) == 1 else None


def valid_limit(limit):
    # C9.1: any positive integer limit.
    return isinstance(limit, int) and not isinstance(limit, bool) and limit > 0
