# The Chimera round-entry form of the score keeper (CONTRACT Chimera round entry, RULES C8).
#
# The form turns field choices into the CONTRACT entry dict; the score book checks and
# scores it, so nothing the rules forbid can be confirmed (too much treasure, a silent
# Hunter who won treasure, ...: the screen shows the book's reason). It starts from the
# last round's Chimera with a bid of 20; the first player out follows the Chimera until
# set by hand (the Chimera usually goes out first, C8.1).

from firmware.rounds.form import Field, find

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

_CHIMERA_BIDS = const((20, 30, 40))
TREASURE = list(range(0, 65, 5))


class RoundForm:
    def __init__(self, book, t, entry=None):
        self.book = book
        self.t = t
        seats = [0, 1, 2]
        e = entry
        if e is None:
            last = book.entry(-1)["chimera"] if book.rounds() else 0
            e = {"chimera": last, "bid": 20, "first_out": last, "treasure": [0, 0, 0]}
        yes_no = [False, True]
        self.fields = [
            Field("chimera", t("Chimera"), seats, e["chimera"], self._name),
            Field("bid", t("Bid"), list(_CHIMERA_BIDS), e["bid"], wrap=False),
            Field("first_out", t("Out 1st"), seats, e["first_out"], self._name),
            Field("traps", t("Traps"), list(range(14)), e.get("traps", 0), wrap=False),
            Field("attack", t("Attack"), yes_no, e.get("attack", False), self._yes),
            Field("silent_hunter", t("Silent hunter"), yes_no, e.get("silent_hunter", False), self._yes),
        ]
        for s in seats:
            self.fields.append(Field("t%d" % s, t("Treasure %s") % book.names[s], TREASURE,
                                     e["treasure"][s], wrap=False))
        self.focus = 0
        if entry is not None:
            find(self.fields, "first_out").touched = True

    def _name(self, v):
        return self.book.names[v]

    def _yes(self, v):
        return self.t("yes" if v else "no")

    def changed(self, field):
        # The Chimera usually goes out first (C8.1): follow it until set by hand.
        first = find(self.fields, "first_out")
        if field.key == "chimera" and not first.touched:
            first.set(field.value())

    def entry(self):
        e = {}
        for f in self.fields[:6]:
            e[f.key] = f.value()
        e["treasure"] = [find(self.fields, "t%d" % s).value() for s in range(3)]
        return e
