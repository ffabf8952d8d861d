# Score-keeper arithmetic for one Chimera round entered by hand (RULES C8, D3).
#
# The entry is CONTRACT's dict: chimera, bid, first_out, traps, attack, silent_hunter,
# treasure. Bonus fields left out mean "did not happen".

from engine_core.entry_fields import check_object, flag, int_in, need, points
from engine_core.errors import EntryError

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

SEATS = 3
BIDS = (20, 30, 40)
BONUS = 25
HUNTER_WIN = 20
_TREASURE_TOTAL = const(60)  # C1.4
_MAX_TRAPS = const(13)


def score_round(entry):
    # Deltas per seat, or EntryError with the reason the round cannot have happened.
    check_object(entry)
    chimera = int_in(entry, "chimera", 0, SEATS - 1)
    bid = need(entry, "bid")
    if bid not in BIDS or isinstance(bid, bool) or not isinstance(bid, int):
        raise EntryError("bid must be 20, 30 or 40")
    first = int_in(entry, "first_out", 0, SEATS - 1)
    traps = int_in(entry, "traps", 0, _MAX_TRAPS, 0)
    attack = flag(entry, "attack")
    silent = flag(entry, "silent_hunter")
    treasure = need(entry, "treasure")
    if not isinstance(treasure, list) or len(treasure) != SEATS:
        raise EntryError("treasure must list %d amounts, one per seat" % SEATS)
    for i in range(SEATS):
        points(treasure[i], "treasure of seat %d" % i, 0, _TREASURE_TOTAL)
    total = sum(treasure)
    if total > _TREASURE_TOTAL:
        raise EntryError("treasure adds up to %d, more than the %d there is" % (total, _TREASURE_TOTAL))
    if silent:
        # A silent Hunter played no card, so took no trick (C8.1).
        quiet = [s for s in range(SEATS) if s != chimera and s != first and treasure[s] == 0]
        if not quiet:
            raise EntryError("a silent Hunter cannot have gone out first or won treasure")
    deltas = list(treasure)
    if first == chimera:
        deltas[chimera] += 2 * bid + BONUS * (traps + attack + silent)
    else:  # C8.2: bonuses entered anyway score nothing
        for s in range(SEATS):
            deltas[s] += -bid if s == chimera else HUNTER_WIN
    return deltas
