"""Possible worlds of a Chimera seat, for the bots' honesty tests (issue 11).

``scramble(state, seat, g)`` re-deals every card ``seat`` cannot see among the places
it cannot see into (the other hands, and the hideout while nobody has taken it), each
place keeping its count; cards whose place the seat knows stay: the face-up card (dealt
in the open, C2.3) and what a Hunter gave to its partner (C4.2), while unplayed. The
gives the seat did not see are redrawn too. A bot that only uses what its seat may
know decides the same in every such world.

``positions(...)`` plays games with bots of mixed levels and yields every decision
point (state, seat due). Runs on MicroPython: no random module, Pcg32 only.
"""

from engine_core.chimera import game
from engine_core.chimera.game import BID, GIVE, PLAY


def _known_places(state, seat):
    # card -> place index (seat, or 3 for the hideout) for hidden cards whose place the
    # seat knows.
    pinned = {}
    fu = state.face_up
    ch = state.chimera
    exchanged = state.phase == PLAY and state.bid > 20
    for s in range(3):
        if s == seat:
            continue
        if fu in state.hands[s]:
            # the holder got it in the open; only an exchange the seat did not see
            # (the Chimera's view of the Hunters) can have moved it
            if not (exchanged and seat == ch):
                pinned[fu] = s
    if exchanged and seat != ch:
        partner = 3 - ch - seat
        for x in state.gives[seat]:
            if x in state.hands[partner]:
                pinned[x] = partner
    return pinned


def scramble(state, seat, g):
    s = state.copy()
    places = [list(h) for h in state.hands] + [list(state.kitty)]
    pinned = _known_places(state, seat)
    pool = []
    counts = [0, 0, 0, 0]
    for i in range(4):
        if i == seat:
            continue
        keep = [x for x in places[i] if pinned.get(x) == i]
        pool += [x for x in places[i] if pinned.get(x) != i]
        counts[i] = len(places[i]) - len(keep)
        places[i] = keep
    g.shuffle(pool)
    for i in range(4):
        if i != seat:
            places[i] += pool[:counts[i]]
            pool = pool[counts[i]:]
    s.hands = tuple(tuple(sorted(places[i])) for i in range(3))
    s.kitty = tuple(sorted(places[3]))
    s.gives = _scrambled_gives(s, state, seat, g)
    return s


def _scrambled_gives(s, state, seat, g):
    ch = state.chimera
    gives = list(state.gives)
    for h in range(3):
        if h == ch or h == seat or gives[h] is None:
            continue
        if state.phase == GIVE:
            src = list(s.hands[h])  # chosen, still in the giver's hand
        elif seat == ch:
            other = 3 - ch - h
            src = list(s.hands[other]) + list(s.piles[other])  # handed over unseen
        else:
            continue  # a Hunter knows what its partner gave it
        g.shuffle(src)
        gives[h] = tuple(sorted(src[:len(gives[h])]))
    return tuple(gives)


def positions(bot, levels_per_game, games, g, limit=10000):
    # Yield (state, seat) at every decision of ``games`` rounds played by bots, the
    # levels of the three seats taken in turn from ``levels_per_game``.
    for n in range(games):
        levels = levels_per_game[n % len(levels_per_game)]
        st = game.new_match(limit=limit, dealer=n % 3)
        rounds = 0
        while True:
            kind, seats = game.decision(st)
            if kind == "over":
                break
            if kind == "deal":
                if len(st.match.rounds) > rounds:
                    break
                action = game.next_deal(st, g)
            else:
                for s in seats:
                    yield st, s
                s = seats[g.below(len(seats))]
                action = bot.decide(st, s, levels[s], g)
            st = game.apply(st, action)[0]


def category(state, seat, action):
    # The decision kind an honesty test must cover: bid, give, lead, follow (a play on a
    # trick), pass, reading (a seat with a Pi Ya straight of two readings to choose).
    kind = game.decision(state)[0]
    if kind == BID:
        return "bid"
    if kind == GIVE:
        return "give"
    for a in game.legal_actions(state, seat):
        if len(a) == 4 and a[3] is not None:
            return "reading"
    if action[1] == "pass":
        return "pass"
    return "lead" if state.top is None else "follow"
