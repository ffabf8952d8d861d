# What one seat can know at a Tichu table (RULES T2.3, T5): its own hand, the public
# table and history, and what it gave and got in the push. The only door through which
# bots (and the device's private screens) see a game: nothing else of the State is
# hidden-safe, since it holds every hand.
#
# The public history a State keeps is its result: the piles (who took which cards),
# the trick on the table, the calls, the finishing order, the open wish, the card
# counts. The view hands those out as they are; the hidden parts (the other hands, the
# last 6 cards while the Grand Tichu window is open, the other seats' pushes) never.

SEATS = 4


class View:
    # seat, phase; hand: own cards (the first 8 while the Grand Tichu window is open);
    # counts: cards held per seat; calls, decided, out, wish, turn, lead, trick, top,
    # top_seat, passes, played, piles: as in game.State (public); pushed: own push or
    # None; others_pushed: bits of the seats that have pushed; got: the cards received
    # from seat+1, partner, seat+3 after the exchange, else None; gone: every card
    # played so far (piles and trick); placed: {card: seat} for cards this seat pushed
    # that are still in that seat's hand; totals (own team first), limit.
    __slots__ = ("seat", "phase", "hand", "counts", "calls", "decided", "out", "wish", "turn",
                 "lead", "trick", "top", "top_seat", "passes", "played", "piles", "pushed",
                 "others_pushed", "got", "gone", "placed", "totals", "limit")


def seat_view(state, seat):
    """The knowledge of ``seat`` (0..3) in ``state``."""
    v = View()
    v.seat = seat
    v.phase = state.phase
    v.hand = state.hands[seat]
    v.counts = tuple(len(h) for h in state.hands)
    v.calls = state.calls
    v.decided = state.decided
    v.out = state.out
    v.wish = state.wish
    v.turn = state.turn
    v.lead = state.lead
    v.trick = state.trick
    v.top = state.top
    v.top_seat = state.top_seat
    v.passes = state.passes
    v.played = state.played
    v.piles = state.piles
    v.pushed = state.pushes[seat]
    bits = 0
    for s in range(SEATS):
        if state.pushes[s] is not None:
            bits |= 1 << s
    v.others_pushed = bits & ~(1 << seat)
    v.got = None
    if bits == 15:  # all four pushed: the exchange is done (game._push)
        # pushes[g][k] went to seat g + 1 + k: the card from g to seat is at k = seat - g - 1
        v.got = tuple(state.pushes[(seat + 1 + i) % SEATS][2 - i] for i in range(3))
    gone = list(state.trick)
    for p in state.piles:
        gone.extend(p)
    v.gone = gone
    placed = {}
    if v.got is not None:
        for k in range(3):
            c = v.pushed[k]
            if c not in gone:
                placed[c] = (seat + 1 + k) % SEATS
    v.placed = placed
    t = state.match.totals
    me = seat & 1
    v.totals = (t[me], t[1 - me])
    v.limit = state.match.limit
    return v
