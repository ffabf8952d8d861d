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
    if not game._is_int(seat) or not 0 <= seat < game.SEATS:
        return []
    p = state.phase
    if p == game.GRAND_WINDOW:
        if state.decided >> seat & 1:
            return []
        return [(seat, "grand"), (seat, "no_grand")]
    out = []
    if p == game.PUSH and state.pushes[seat] is None:
        out = _pushes(seat, state.hands[seat])
    elif p == game.PLAY and seat == state.turn:
        out = _on_turn(state, seat)
    elif p == game.PLAY or p == game.GIFT:
        if p == game.GIFT and seat == state.top_seat:  # T4.5: to an opponent
            out = [(seat, "gift", (seat + 1) % 4), (seat, "gift", (seat + 3) % 4)]
        for b in bombs_now(state, seat):
            out.append((seat, "play", b, None))
    if game.may_call(state, seat):
        out.append((seat, "tichu"))
    return out


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
    """Pass (unless leading or the wish forbids it, T5.1, T4.2) and every play."""
    lead = state.lead
    top = state.top
    w = state.wish
    plays = legal_plays(state.hands[seat], None if lead else top, w)
    out = []
    if not lead:
        bound = False
        for p in plays:
            if w and game.has_rank(p, w):
                bound = True
                break
        if not bound:
            out.append((seat, "pass"))
    for p in plays:
        rs = classify(p)
        if len(rs) > 1 and not lead:
            rs = [r for r in rs if beats(r, top)]
        names = [game.unit_value(r, p) for r in rs] if len(rs) > 1 else (None,)
        wishes = _WISHES if game.MAHJONG_CARD in p else ()
        for a in names:
            if wishes:
                for x in wishes:
                    out.append((seat, "play", p, a, x))
            else:
                out.append((seat, "play", p, a))
    return out


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
    acts = [a for a in legal_actions(state, seat) if a[1] != "tichu"]
    return acts[prng.below(len(acts))] if acts else None


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
