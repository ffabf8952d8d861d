"""Honesty checks of the Tichu bots: re-deal what a seat cannot see, ask again.

``redeal(state, seat, prng)`` permutes the cards the seat cannot know the place of
among the places it cannot see: the other hands, the last 6 cards while the Grand
Tichu window is open (its own too), the other seats' pushes. Counts stay; the own
hand, every played card and every card the seat pushed that was not played yet (it
knows who holds it) stay where they are. A bot that reads only view.seat_view decides
the same on every re-deal.

Runs under pytest and MicroPython (tests/mp): plain functions.
"""

from engine_core.prng import Pcg32
from engine_core.tichu import game
from engine_core.tichu.view import seat_view


def redeal(state, seat, prng):
    """A copy of ``state`` with the cards hidden from ``seat`` dealt anew."""
    v = seat_view(state, seat)
    fixed = set(state.hands[seat]) | set(v.gone) | set(v.placed)
    hidden = []
    for g in range(4):
        if g != seat:
            hidden.extend(c for c in state.hands[g] if c not in fixed)
        hidden.extend(state.rest[g])
    moved = list(hidden)
    prng.shuffle(moved)
    sigma = {}
    for i in range(len(hidden)):
        sigma[hidden[i]] = moved[i]

    def m(cards):
        return tuple(sigma.get(c, c) for c in cards)

    s = state.copy()
    s.hands = tuple(tuple(sorted(m(h))) if g != seat else h for g, h in enumerate(state.hands))
    s.rest = tuple(tuple(sorted(m(r))) for r in state.rest)
    s.pushes = tuple(p if p is None or g == seat else m(p) for g, p in enumerate(state.pushes))
    return s, len(hidden) > 0 and moved != hidden


def chances(state):
    """The seats with a decision now: the seats due, and the seats that could bomb or
    call Tichu out of turn (as engine_core.bot_driver asks them)."""
    kind, due = game.decision(state)
    if kind == game.DEAL or kind == game.OVER:
        return ()
    extra = game.tichu_seats(state)
    if kind == game.PLAY or kind == game.GIFT:
        extra = extra + game.bomb_seats(state)
    return tuple(due) + tuple(s for s in range(4) if s in extra and s not in due)


def situation(state, seat):
    """The kind of decision ``seat`` faces: grand, push, lead, lead_mj, follow, gift,
    bomb (a bomb out of turn possible), tichu (only a call out of turn possible)."""
    kind, due = game.decision(state)
    if kind == game.GRAND_WINDOW:
        return "grand"
    if seat in due:
        if kind == game.PUSH:
            return "push"
        if kind == game.GIFT:
            return "gift"
        if state.lead:
            return "lead_mj" if game.MAHJONG_CARD in state.hands[seat] else "lead"
        return "follow"
    if seat in game.bomb_seats(state):
        return "bomb"
    return "tichu"


def outcome(action):
    """What the decision was: None, grand, no_grand, tichu, push, pass, gift, wish (a
    Mah Jong play naming a wish), play."""
    if action is None:
        return None
    verb = action[1]
    if verb == "play" and len(action) > 4 and action[4]:
        return "wish"
    return verb


def check_position(decide, state, levels, tries, seed):
    """Ask every seat with a decision at every level on ``state`` and on ``tries``
    re-deals; returns [(situation, level, outcome)] and raises AssertionError with the
    position when an answer changes."""
    seen = []
    for seat in chances(state):
        sit = situation(state, seat)
        for level in levels:
            a = decide(state, seat, level, Pcg32(seed + level))
            for k in range(tries):
                other, changed = redeal(state, seat, Pcg32(seed * 31 + k))
                b = decide(other, seat, level, Pcg32(seed + level))
                assert a == b, ("seat %d level %d decided %r, after a re-deal %r (%s)"
                                % (seat, level, a, b, sit), state.to_list())
            seen.append((sit, level, outcome(a)))
    return seen
