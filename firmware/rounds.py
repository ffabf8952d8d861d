"""The round-entry forms of the score keeper, one per game (CONTRACT score-keeper round
entry, RULES D3, C8, T6).

A form turns field choices into the CONTRACT entry dict; the score book checks and
scores it, so nothing the rules forbid can be confirmed. The fields are ordered and
preset for the common round. Tichu: the form opens on the card points (50 : 50,
steps of 5, the other team's share computed), nobody called, the first player out
preselected, a double victory one step away in the "out first" field; so the common
round is OK, a few steps, OK.
"""

from firmware.form import Field, find

TICHU_POINTS = list(range(-25, 130, 5))
CALLS = (None, "tichu", "grand")
CHIMERA_BIDS = (20, 30, 40)
TREASURE = list(range(0, 65, 5))


class TichuRound:
    game = "tichu"

    def __init__(self, book, t, entry=None):
        self.book = book
        self.t = t
        names = book.names
        e = entry or {}
        calls = e.get("calls") or {}
        dv = e.get("double_victory")
        pts = e.get("card_points") or [50, 50]
        # Each seat out first, followed by its team's double victory (T6.1) with that seat first.
        finish = []  # type: list[tuple[int, int | None]]
        for s in range(4):
            finish.append((s, None))
            finish.append((s, s % 2))
        self.fields = [
            Field("points", t("points"), TICHU_POINTS, pts[0], self._points, wrap=False),
            Field("finish", t("out_first"), finish, (e.get("first_out", 0), dv), self._finish),
        ]
        for s in range(4):
            self.fields.append(Field(str(s), names[s], CALLS, calls.get(str(s)), self._call))
        self.fields.append(Field("penalty", t("penalty"), [None, 0, 1], e.get("wish_penalty"),
                                 self._team))
        self.focus = 0

    def _points(self, v):
        # A double victory or a wish penalty leaves the card points out (T6.1, T6.5).
        if find(self.fields, "finish").value()[1] is not None:
            return "--"
        if find(self.fields, "penalty").value() is not None:
            return "--"
        return "%d : %d" % (v, 100 - v)

    def _finish(self, v):
        n = self.book.names
        seat, dv = v
        if dv is None:
            return n[seat]
        return self.t("double") % (n[seat] + "+" + n[(seat + 2) % 4])

    def _call(self, v):
        return self.t("call_" + (v or "none"))

    def _team(self, v):
        return self.t("none") if v is None else self.book.side_names()[v]

    def changed(self, field):
        """A call usually means the caller went out first: follow it until set by hand."""
        fin = find(self.fields, "finish")
        if field.key in ("0", "1", "2", "3") and field.value() is not None and not fin.touched:
            fin.set((int(field.key), None))

    def entry(self):
        seat, dv = find(self.fields, "finish").value()
        calls = {}
        for s in range(4):
            c = find(self.fields, str(s)).value()
            if c is not None:
                calls[str(s)] = c
        p = find(self.fields, "points").value()
        e = {"calls": calls, "first_out": seat, "double_victory": dv, "card_points": [p, 100 - p]}
        pen = find(self.fields, "penalty").value()
        if pen is not None:
            e["wish_penalty"] = pen
        return e


class ChimeraRound:
    game = "chimera"

    def __init__(self, book, t, entry=None):
        self.book = book
        self.t = t
        seats = [0, 1, 2]
        e = entry
        if e is None:
            last = book.entries[-1]["chimera"] if book.entries else 0
            e = {"chimera": last, "bid": 20, "first_out": last, "treasure": [0, 0, 0]}
        yes_no = [False, True]
        self.fields = [
            Field("chimera", t("chimera_seat"), seats, e["chimera"], self._name),
            Field("bid", t("bid"), list(CHIMERA_BIDS), e["bid"], wrap=False),
            Field("first_out", t("out_first"), seats, e["first_out"], self._name),
            Field("traps", t("traps"), list(range(14)), e.get("traps", 0), wrap=False),
            Field("attack", t("attack"), yes_no, e.get("attack", False), self._yes),
            Field("silent_hunter", t("silent"), yes_no, e.get("silent_hunter", False), self._yes),
        ]
        for s in seats:
            self.fields.append(Field("t%d" % s, t("treasure") % book.names[s], TREASURE,
                                     e["treasure"][s], wrap=False))
        self.focus = 0
        if entry is not None:
            find(self.fields, "first_out").touched = True

    def _name(self, v):
        return self.book.names[v]

    def _yes(self, v):
        return self.t("yes" if v else "no")

    def changed(self, field):
        """The Chimera usually goes out first (C8.1): follow it until set by hand."""
        first = find(self.fields, "first_out")
        if field.key == "chimera" and not first.touched:
            first.set(field.value())

    def entry(self):
        e = {}
        for f in self.fields[:6]:
            e[f.key] = f.value()
        e["treasure"] = [find(self.fields, "t%d" % s).value() for s in range(3)]
        return e


def round_form(book, t, entry=None):
    cls = TichuRound if book.game == "tichu" else ChimeraRound
    return cls(book, t, entry)
