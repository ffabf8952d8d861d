# A round in words, for the rounds list and the dealt round's breakdown: a module apart
# from the entry forms (firmware/rounds/tichu.py, chimera.py), so a dealt match never
# loads a form it does not show.


def summary(book, e, t):
    return (_tichu if book.game == "tichu" else _chimera)(book, e, t)


def _tichu(book, e, t):
    # Who went out first (or the double victory, the wish penalty), then each call and
    # whether it was made (T6.4).
    n = book.names
    first = e["first_out"]
    if e.get("wish_penalty") is not None:
        out = [t("%s missed the wish") % book.side_names()[e["wish_penalty"]], t("%s out first") % n[first]]
    elif e.get("double_victory") is not None:
        out = [t("%s double victory") % book.side_names()[e["double_victory"]]]
    else:
        out = [t("%s out first") % n[first]]
    calls = e.get("calls") or {}
    for s in range(4):
        c = calls.get(str(s))
        if c is not None:
            made = "made" if s == first else "failed"
            # rounds.tichu.CALL_TEXT's words, not imported: that would load the entry form
            # and intern its names in every dealt round's VM.
            out.append(t("%s " + ("Tichu" if c == "tichu" else "Grand") + " " + made) % n[s])
    return ", ".join(out)


def _chimera(book, e, t):
    # The Chimera's bid and whether it held (C8.1: it holds when the Chimera goes out
    # first), who went out first.
    n = book.names
    won = e["first_out"] == e["chimera"]
    out = [t("%s bid %d: won" if won else "%s bid %d: lost") % (n[e["chimera"]], e["bid"])]
    if not won:
        out.append(t("%s out first") % n[e["first_out"]])
    return ", ".join(out)
