# The Tichu round-entry form of the score keeper (CONTRACT Tichu round entry, RULES T6).
#
# The form turns field choices into the CONTRACT entry dict; the score book checks and
# scores it, so nothing the rules forbid can be confirmed. It is set up for the common
# round: it opens on the card points (50 : 50, steps of 5, the other team's share
# computed), nobody called, the first player out preselected (it does not change the
# score without calls), a double victory one step away in the "out first" field (UP:
# the first team's, DOWN: the second's); so the common round is OK, a few steps, OK.
# A call sets the first player out to the caller until that field is set by hand.

from firmware.rounds.form import Field, find

TICHU_POINTS = list(range(-25, 130, 5))
CALLS = (None, "tichu", "grand")
CALL_TEXT = {None: "no call", "tichu": "Tichu", "grand": "Grand"}


class RoundForm:
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
            Field("points", t("Points"), TICHU_POINTS, pts[0], self._points, wrap=False),
            Field("finish", t("Out 1st"), finish, (e.get("first_out", 0), dv), self._finish),
        ]
        for s in range(4):
            self.fields.append(Field(str(s), names[s], CALLS, calls.get(str(s)), self._call))
        # T6.5, real cards only: the team whose player ignored the Mah Jong wish.
        self.fields.append(Field("penalty", t("Wish penalty"), [None, 0, 1], e.get("wish_penalty"),
                                 self._team, help=(t("Who missed the wish"), t("Other team: +200"))))
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
        return "%s+%s 1-2" % (n[seat], n[(seat + 2) % 4])

    def _call(self, v):
        return self.t(CALL_TEXT[v])

    def _team(self, v):
        return self.t("none") if v is None else self.book.side_names()[v]

    def changed(self, field):
        # A call usually means the caller went out first: follow it until set by hand.
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
