# What one seat at a Chimera table can know (issue 11): the only door to hidden cards
# for bots and private screens.
#
# A seat knows its own hand, everything played in the open (the cards of every trick,
# who took which trick, the bidding, how many cards each seat holds, the face-up card),
# what it gave and got in the Hunters' exchange, and, as the Chimera, the hideout (it is
# in its hand). Everything else a State holds (the other hands, the hideout before it is
# taken, the partner's give before the exchange is done) stays out.

from engine_core.chimera.game import BID, GIVE, PLAY, SEATS


def seat_view(state, seat):
    # A dict of plain ints and tuples; see the module comment for what it holds.
    hands = state.hands
    played = state.trick
    for p in state.piles:
        played = played + p
    v = {
        "seat": seat,
        "phase": state.phase,
        "dealer": state.dealer,
        "hand": hands[seat],
        "sizes": (len(hands[0]), len(hands[1]), len(hands[2])),
        "bid": state.bid,
        "chimera": state.chimera,
        "turn": state.turn,
        "passes": state.passes,
        "trick": state.trick,
        "top": state.top,
        "top_seat": state.top_seat,
        "piles": state.piles,
        "played": tuple(sorted(played)),
        "played_bits": state.played,
        "traps": state.traps,
        "attack": state.attack,
        "face_up": state.face_up,
        "face_up_holder": -1,
        "gave": None,
        "got": None,
        "totals": state.match.totals,
        "limit": state.match.limit,
    }
    if state.phase == BID or state.phase == GIVE:
        # The face-up card was dealt in the open (C2.3): everybody saw who got it; until
        # the Hunters' exchange it stays in that hand (the hideout never holds it).
        for s in range(SEATS):
            if state.face_up in hands[s]:
                v["face_up_holder"] = s
    ch = state.chimera
    if state.phase == PLAY and ch >= 0 and seat != ch and state.gives[seat] is not None:
        # C4.2: after the exchange a Hunter knows both halves of it.
        v["gave"] = state.gives[seat]
        v["got"] = state.gives[3 - ch - seat]
    elif state.gives[seat] is not None:
        v["gave"] = state.gives[seat]
    return v
