# Score-keeper arithmetic for one Tichu round entered by hand (RULES T6, D3).
#
# The entry is CONTRACT's dict: calls, first_out, double_victory, card_points, and the
# optional wish_penalty (T6.5). Deltas are per team (T1.3: seat % 2).

from engine_core.entry_fields import check_object, int_in, need, points
from engine_core.errors import EntryError

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

SEATS = 4
CALL_VALUE = {"tichu": 100, "grand": 200}
SWEEP = 200  # T6.1 double victory, also the wish penalty of T6.5
_CARD_POINTS = const(100)  # T1.4


def team_of(seat):
    return seat % 2


def _calls(entry):
    calls = entry.get("calls", {})
    if calls is None:
        calls = {}
    if not isinstance(calls, dict):
        raise EntryError("calls must map seats to \"tichu\" or \"grand\"")
    seen = {}
    for key in calls:
        call = calls[key]
        try:
            seat = int(key)
        except (TypeError, ValueError):
            seat = -1
        if str(seat) != str(key).strip() or seat < 0 or seat >= SEATS:
            raise EntryError("no such seat in calls: %s" % key)
        if seat in seen or not isinstance(call, str):
            raise EntryError("two calls by seat %d" % seat)
        if call not in CALL_VALUE:
            raise EntryError("a call is \"tichu\" or \"grand\", not %s" % call)
        seen[seat] = call
    return seen


def _team(entry, name):
    x = entry.get(name)
    if x is None:
        return None
    return int_in(entry, name, 0, 1)


def score_round(entry):
    # Deltas per team, or EntryError with the reason the round cannot have happened.
    check_object(entry)
    calls = _calls(entry)
    first = int_in(entry, "first_out", 0, SEATS - 1)
    penalty = _team(entry, "wish_penalty")
    # CONTRACT: with a wish penalty, double_victory and card_points are ignored.
    sweep = _team(entry, "double_victory") if penalty is None else None
    if sweep is not None and team_of(first) != sweep:
        raise EntryError("seat %d went out first, so team %d cannot have a double victory"
                         % (first, sweep))
    deltas = [0, 0]
    if penalty is not None:  # T6.5: as a double victory for the other team
        deltas[1 - penalty] = SWEEP
    elif sweep is not None:  # T6.1
        deltas[sweep] = SWEEP
    else:  # T6.3
        pts = need(entry, "card_points")
        if not isinstance(pts, list) or len(pts) != 2:
            raise EntryError("card_points must list the two teams' points")
        for t in range(2):
            points(pts[t], "card points of team %d" % t, -25, 125)
        if pts[0] + pts[1] != _CARD_POINTS:
            raise EntryError("card points add up to %d, not 100" % (pts[0] + pts[1]))
        deltas[0], deltas[1] = pts[0], pts[1]
    for seat in calls:  # T6.4
        v = CALL_VALUE[calls[seat]]
        deltas[team_of(seat)] += v if seat == first else -v
    return deltas
