# Statistics of a kept match (the score keeper's Statistics screen): Chimera bids won and
# lost, Tichu calls made and failed, per player. Apart from engine_core/scorebook.py,
# which every VM of the app holds: only that screen loads this.


def stats(book):
    # Per player: Chimera bids won/lost; Tichu calls made/failed, split tichu/grand.
    n = book.players
    if book.game == "chimera":
        s = {"won": [0] * n, "lost": [0] * n}
        for i in range(book.rounds()):
            e = book.entry(i)
            s["won" if e["first_out"] == e["chimera"] else "lost"][e["chimera"]] += 1
        return s
    s = {"tichu_made": [0] * n, "tichu_failed": [0] * n,
         "grand_made": [0] * n, "grand_failed": [0] * n}
    for i in range(book.rounds()):
        e = book.entry(i)
        calls = e.get("calls") or {}
        for key in calls:
            seat = int(key)
            kind = "tichu" if calls[key] == "tichu" else "grand"
            s[kind + ("_made" if seat == e["first_out"] else "_failed")][seat] += 1
    return s
