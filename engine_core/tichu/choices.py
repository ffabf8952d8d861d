# The legal actions of a seat (``legal_actions`` of the game seam, game.py), the seats
# that could bomb now, and random legal play for bots, tests and benchmarks.
#
# Kept apart from game.py so that replaying and refereeing never load the move
# generator: game.legal_actions and game.bomb_seats import this module on first use.

from engine_core.tichu import game
from engine_core.tichu.combos import beats, bomb_key, classify, is_bomb
from engine_core.tichu.movegen import _bombs, hand_index, legal_plays

_WISHES = (None,) + tuple(range(2, 15))  # T4.1: no wish, or a rank 2..A


def legal_actions(state, seat):
    """See game.legal_actions."""
    return list(actions(state, seat))


def actions(state, seat):
    """legal_actions one at a time, in its order. A lead with the Mah Jong lists each of
    its plays once per wish: up to some 2000 actions from 14 cards, more than a device's
    heap holds beside its screen, while the distinct plays are a few hundred at most."""
    if not game._is_int(seat) or not 0 <= seat < game.SEATS:
        return
    p = state.phase
    if p == game.GRAND_WINDOW:
        if not state.decided >> seat & 1:
            yield (seat, "grand")
            yield (seat, "no_grand")
        return
    if p == game.PUSH and state.pushes[seat] is None:
        for a in _pushes(seat, state.hands[seat]):
            yield a
    elif p == game.PLAY and seat == state.turn:
        for a in _on_turn(state, seat):
            yield a
    elif p == game.PLAY or p == game.GIFT:
        if p == game.GIFT and seat == state.top_seat:  # T4.5: to an opponent
            yield (seat, "gift", (seat + 1) % 4)
            yield (seat, "gift", (seat + 3) % 4)
        for b in bombs_now(state, seat):
            yield (seat, "play", b, None)
    if game.may_call(state, seat):
        yield (seat, "tichu")


def _pushes(seat, hand):
    """T2.3: every ordered choice of 3 cards (to seat+1, the partner, seat+3)."""
    out = []
    for a in hand:
        for b in hand:
            if b != a:
                for c in hand:
                    if c != a and c != b:
                        out.append((seat, "push", (a, b, c)))
    return out


def _on_turn(state, seat):
    """Pass (unless leading or the wish forbids it, T5.1, T4.2) and every play, one at a
    time (see actions)."""
    lead = state.lead
    top = state.top
    w = state.wish
    plays = legal_plays(state.hands[seat], None if lead else top, w)
    if not lead:
        bound = False
        for p in plays:
            if w and game.has_rank(p, w):
                bound = True
                break
        if not bound:
            yield (seat, "pass")
    for p in plays:
        rs = classify(p)
        if len(rs) > 1 and not lead:
            rs = [r for r in rs if beats(r, top)]
        names = [game.unit_value(r, p) for r in rs] if len(rs) > 1 else (None,)
        wishes = _WISHES if game.MAHJONG_CARD in p else ()
        for a in names:
            if wishes:
                for x in wishes:
                    yield (seat, "play", p, a, x)
            else:
                yield (seat, "play", p, a)


def _may_hold_bomb(hand):
    """Cheap test first: a bomb needs four of a rank or five cards of one suit."""
    if len(hand) < 4:
        return False
    per_rank = {}
    per_suit = [0, 0, 0, 0, 0]
    for c in hand:
        per_rank[c >> 3] = per_rank.get(c >> 3, 0) + 1
        per_suit[c & 7] += 1
    return max(per_rank.values()) == 4 or max(per_suit[:4]) >= 5


def bombs_now(state, seat):
    """The bombs ``seat`` may throw now (T5.2): on turn, any bomb it may lead or play;
    out of turn, those that beat a trick on the table. Never on the Dog: it is never
    left on the table."""
    hand = state.hands[seat]
    if state.phase not in (game.PLAY, game.GIFT) or not _may_hold_bomb(hand):
        return []
    top = state.top
    on_turn = state.phase == game.PLAY and seat == state.turn
    if not on_turn and (top is None or game._holding(state.hands) < 2):
        return []
    key = bomb_key(top) if top is not None and is_bomb(top) and not (on_turn and state.lead) else 0
    out = []
    _bombs(hand_index(hand), key, out)
    return out


def claims(v):
    """What the seat of ``v``, its own seat view (view.py), may do out of turn now, read
    from that view alone (a device asks before it opens a hand for a claim): (the bombs
    it may throw, as bombs_now; whether it may call Tichu, as game.may_call)."""
    seat = v.seat
    holding = game.SEATS - v.counts.count(0)
    call = (v.phase in (game.PUSH, game.PLAY, game.GIFT) and not v.calls[seat]
            and not v.played >> seat & 1 and holding > 1)
    out = []
    if v.phase in (game.PLAY, game.GIFT) and _may_hold_bomb(v.hand):
        on_turn = v.phase == game.PLAY and seat == v.turn
        top = v.top
        if on_turn or top is not None and holding >= 2:
            key = bomb_key(top) if top is not None and is_bomb(top) and not (on_turn and v.lead) else 0
            _bombs(hand_index(v.hand), key, out)
    return out, call


def bomb_seats(state):
    """See game.bomb_seats."""
    return tuple(s for s in range(game.SEATS) if bombs_now(state, s))


CALL_ODDS = {"grand": 16, "tichu": 32}  # a random player calls 1 time in this many


def random_action(state, seat, prng):
    """A random legal action of ``seat`` (None if it has none): a call only now and
    then (CALL_ODDS), a push of 3 random cards, else uniform over legal_actions, so
    every wish the rules impose is honoured (T4.2)."""
    kind, due = game.decision(state)
    if kind == game.GRAND_WINDOW:
        if seat not in due:
            return None
        return (seat, "grand" if prng.below(CALL_ODDS["grand"]) == 0 else "no_grand")
    if game.may_call(state, seat) and prng.below(CALL_ODDS["tichu"]) == 0:
        return (seat, "tichu")
    if kind == game.PUSH:
        if seat not in due:
            return None
        hand = list(state.hands[seat])
        for i in range(game.PUSH_CARDS):
            j = i + prng.below(len(hand) - i)
            hand[i], hand[j] = hand[j], hand[i]
        return (seat, "push", tuple(hand[:game.PUSH_CARDS]))
    # Uniform over the actions but the call, counted first and then walked to: the list
    # itself may not fit a device's heap (see actions).
    n = 0
    for a in actions(state, seat):
        if a[1] != "tichu":
            n += 1
    if not n:
        return None
    i = prng.below(n)
    for a in actions(state, seat):
        if a[1] != "tichu":
            if not i:
                return a
            i -= 1


def random_step(state, prng, odds=5):
    """A random legal action for the position: of a seat due (random_action), or, one
    time in ``odds`` during trick play, of a seat that may bomb or call out of turn
    (T2.4, T5.2). None when no action is due (a deal or the end)."""
    kind, due = game.decision(state)
    if not due:
        return None
    if (kind == game.PLAY or kind == game.GIFT) and prng.below(odds) == 0:
        extra = [x for x in bomb_seats(state) + game.tichu_seats(state) if x not in due]
        if extra:
            acts = legal_actions(state, extra[prng.below(len(extra))])
            return acts[prng.below(len(acts))]
    return random_action(state, due[prng.below(len(due))], prng)
