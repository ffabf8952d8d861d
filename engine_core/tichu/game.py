# Tichu, the whole game as a state machine (RULES T2-T7), behind the game seam of
# docs/engine_api.md: ``decision``, ``legal_actions``, ``apply``, ``next_deal``.
#
# Actions are the record events with card codes (record.py converts tokens):
# ``("deal", dealer, first8, last6)`` (chance: deal.py or a record), ``(seat, "grand")``,
# ``(seat, "no_grand")`` (declining Grand Tichu: live play only, records never write it),
# ``(seat, "tichu")``, ``(seat, "push", (to_next, to_partner, to_previous))``,
# ``(seat, "play", codes[, as_value[, wish]])``, ``(seat, "pass")``, ``(seat, "gift", to_seat)``.
#
# Besides the seats due (``decision``), a seat may call Tichu (``tichu_seats``) or throw a
# bomb (``bomb_seats``) at many points out of turn (T2.4, T5.2); a play by a seat that is
# not on turn is such a bomb. The trick on the table is taken when its winner, or the
# seat leading for a winner who is out, makes a play that does not bomb it, or when the
# Dragon trick is given away (T5.3 Decision): until then anyone may bomb it.
#
# States are never changed: ``apply`` checks the action, then builds a new State that
# shares every unchanged tuple with the old one.

from engine_core.errors import IllegalAction
from engine_core.match import Match, valid_limit
from engine_core.tichu.cards import DECK, MAHJONG, VALUE_TOKENS
from engine_core.tichu.combos import (
    DOG_RANK,
    DRAGON_RANK,
    KIND_NAMES,
    SINGLE,
    beats,
    classify,
    is_bomb,
    placed,
)

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

SEATS = 4
HAND = 14
FIRST = 8  # T2.1
PUSH_CARDS = 3  # T2.3
DEFAULT_LIMIT = 1000  # T7.1
TICHU = 1  # calls[seat]: 0 none, TICHU, GRAND; scoring.CALL_NAMES[call] names it
_GRAND = const(2)

# Phases, which are also the decision kinds.
DEAL = "deal"
GRAND_WINDOW = "grand"
PUSH = "push"
PLAY = "play"
GIFT = "gift"
OVER = "over"

MAHJONG_CARD = MAHJONG << 3 | 4
_DECK = tuple(DECK.card_list)
_DECK_SET = set(_DECK)
_EMPTY4 = const(((), (), (), ()))
_ALL = const(0b1111)  # every seat (SEATS) in a bit set
_DRAGON_TOP = (SINGLE, 1, DRAGON_RANK)


class State:
    # One moment of a match. ``match``: the engine_core.match.Match (team totals,
    # history, dealer). The rest is the current deal, all ints and tuples:
    #
    # hands, piles: 4 sorted / appended tuples of card codes; rest: the last 6 of each
    # hand while the Grand Tichu window is open, else (); calls: per seat 0, TICHU or
    # GRAND; decided: bit s set when seat s called or declined Grand Tichu; pushes: per
    # seat None or its 3 cards (to s+1, partner, s+3); turn: the seat to play (-1 none);
    # lead: 1 when that seat leads (a trick still on the table is then complete and
    # waits to be taken, T5.3); trick: the cards on the table; top: the reading on top
    # as it lies (combos.placed) or None; top_seat: who played it; passes: in a row
    # since; played: bit s set when seat s played a card (T2.4); out: finishing order;
    # wish: the open wished rank 2..14, 0 none (T4.2).
    # (Comments, not docstrings: MicroPython keeps module and class docstrings in the heap.)

    __slots__ = ("match", "phase", "dealer", "hands", "rest", "calls", "decided", "pushes",
                 "turn", "lead", "trick", "top", "top_seat", "passes", "piles", "played", "out",
                 "wish")

    def copy(self):
        s = State()
        for f in _FIELDS:
            setattr(s, f, getattr(self, f))
        return s

    def to_list(self):
        """Plain JSON-able lists and ints; from_list(to_list()) is an equal state."""
        return [self.match.to_list()] + [_plain(getattr(self, f)) for f in _FIELDS[1:]]

    @classmethod
    def from_list(cls, x):
        s = cls()
        s.match = Match.from_list(x[0])
        for i in range(1, len(_FIELDS)):
            setattr(s, _FIELDS[i], _frozen(x[i]))
        return s


_FIELDS = State.__slots__


def _plain(x):
    if isinstance(x, tuple):
        return [_plain(y) for y in x]
    return x


def _frozen(x):
    if isinstance(x, list):
        return tuple(_frozen(y) for y in x)
    return x


def _fresh(s, match, phase):
    s.match = match
    s.phase = phase
    s.dealer = -1
    s.hands = s.piles = s.rest = _EMPTY4
    s.calls = (0, 0, 0, 0)
    s.pushes = (None, None, None, None)
    s.decided = s.lead = s.passes = s.played = s.wish = 0
    s.turn = s.top_seat = -1
    s.trick = s.out = ()
    s.top = None
    return s


def new_match(limit=DEFAULT_LIMIT, dealer=-1):
    """A match waiting for its first deal; ``dealer`` is the seat next_deal deals from."""
    if not valid_limit(limit):
        raise IllegalAction("the limit must be a positive integer (T7.1)")
    return _fresh(State(), Match(limit, 2, dealer=dealer), DEAL)


def team(seat):
    return seat & 1  # T1.3


# ----------------------------------------------------------------------------- the seam

def decision(state):
    """(kind, seats due). "grand": the seats that have neither called nor declined;
    "push": the seats that have not pushed; "play": the seat on turn; "gift": the
    Dragon trick's winner; ("deal", ()) is a chance node, ("over", ()) the end."""
    p = state.phase
    if p == GRAND_WINDOW:
        return p, tuple(s for s in range(SEATS) if not state.decided >> s & 1)
    if p == PUSH:
        return p, tuple(s for s in range(SEATS) if state.pushes[s] is None)
    if p == PLAY:
        return p, (state.turn,)
    if p == GIFT:
        return p, (state.top_seat,)
    return p, ()


def next_deal(state, prng):
    """The deal action for the deal that is due, drawn from ``prng`` (deal.py)."""
    from engine_core.tichu.deal import deal
    d = state.match.dealer
    return deal(prng, d if d >= 0 else 0)


def legal_actions(state, seat):
    """Every action ``seat`` may take now: what it is due to do, and what it may do
    out of turn (a Tichu call, a bomb). One action per distinct set of cards; a play
    with two legal readings (T3.3) once per reading with its ``as``, a play with the
    Mah Jong once per wish. Deals are not listed."""
    return choices().legal_actions(state, seat)


def choices():
    # The module of a seat's legal actions (choices.py), imported on first use: replaying
    # or refereeing never needs the move generator. A device's menu walks a seat's actions
    # one at a time (its ``actions``).
    from engine_core.tichu import choices as m

    return m


def bomb_seats(state):
    """The seats that could play a bomb now (the seat on turn included), for a shell
    that offers bombs out of turn (T5.2)."""
    return choices().bomb_seats(state)


def may_call(state, seat):
    """T2.4: 14 cards held (the Grand Tichu window closed), no call yet, no card played,
    the round still on."""
    return (state.phase in (PUSH, PLAY, GIFT) and not state.calls[seat]
            and not state.played >> seat & 1 and _holding(state.hands) > 1)


def tichu_seats(state):
    """The seats that could call Tichu now."""
    return tuple(s for s in range(SEATS) if may_call(state, s))


def apply(state, action):
    """(new_state, events) after ``action``; raises IllegalAction(reason) and leaves
    ``state`` as it was when the rules forbid it (RULES D2)."""
    if not isinstance(action, (tuple, list)) or len(action) < 2:
        raise IllegalAction("an action is a tuple (seat, verb, ...)")
    if action[0] == "deal":
        # The deal's checks live with the shuffle (deal.py): a round needs them once, and a
        # device drops that module after the round's first screen.
        from engine_core.tichu.deal import dealt

        return dealt(state, action)
    seat, verb = action[0], action[1]
    if not _is_int(seat) or not 0 <= seat < SEATS:
        raise IllegalAction("no seat %r at a Tichu table" % (seat,))
    handler = _VERBS.get(verb) if isinstance(verb, str) else None
    if handler is None:
        raise IllegalAction("unknown action: %r" % (verb,))
    if state.phase == GRAND_WINDOW and verb not in ("grand", "no_grand"):
        # CONTRACT 2: the first event that is not a grand closes the window
        s = state.copy()
        events = _close_window(s, [])
        s, more = handler(s, seat, action)
        return s, events + more
    return handler(state, seat, action)


# ----------------------------------------------------------------------------- helpers

_DOING = {DEAL: "a deal is due", GRAND_WINDOW: "Grand Tichu may be called on 8 cards",
          PUSH: "the players are pushing", PLAY: "the cards are being played",
          GIFT: "the Dragon trick waits to be given away", OVER: "the match is over"}
_USAGE = {"push": "one list of 3 cards", "gift": "one seat", "play": "cards, at most an as and a wish"}


def _is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def _args(action, min, max):
    if not min <= len(action) <= max:
        raise IllegalAction("%s takes %s" % (action[1], _USAGE.get(action[1], "no argument")))


def _phase(state, values, verb):
    if state.phase not in values:
        raise IllegalAction("no %s now: %s" % (verb, _DOING[state.phase]))


def _cards(x):
    """A tuple of distinct deck codes in the given order, or IllegalAction."""
    if not isinstance(x, (tuple, list)):
        raise IllegalAction("cards must be a sequence of card codes")
    for i in range(len(x)):
        c = x[i]
        if not _is_int(c) or c not in _DECK_SET:
            raise IllegalAction("not a Tichu card: %s" % (c,))
        if c in x[:i]:
            raise IllegalAction("card named twice: %s" % DECK.token(c))
    return tuple(x)


def _check_held(hand, cards, seat):
    for c in cards:
        if c not in hand:
            raise IllegalAction("seat %d does not hold %s" % (seat, DECK.token(c)))


def _minus(hand, cards):
    return tuple(c for c in hand if c not in cards)


def _replace(items, i, x):
    lst = list(items)
    lst[i] = x
    return tuple(lst)


def _holding(hands):
    return SEATS - [len(h) > 0 for h in hands].count(False)


def next_holder(hands, seat):
    """The first seat after ``seat`` that still holds cards (T5.3), -1 if none."""
    for k in range(1, SEATS + 1):
        if hands[(seat + k) % SEATS]:
            return (seat + k) % SEATS
    return -1


def has_rank(codes, v):
    """True when ``codes`` hold a real card of rank ``v`` (the Phoenix never counts)."""
    for c in codes:
        if c >> 3 == v:
            return True
    return False


def _show(codes):
    return " ".join(DECK.format(sorted(codes)))


def reading_name(r):
    """A reading in words, for reasons and shells: 'pair of 9', 'straight 5-9'."""
    kind, length, rank = r
    if kind == SINGLE:
        return "single " + ("Phoenix" if rank & 1 else VALUE_TOKENS[rank >> 1])
    name = KIND_NAMES[kind].replace("_", " ")
    if length > 1:
        return "%s %s-%s" % (name, VALUE_TOKENS[rank - length + 1], VALUE_TOKENS[rank])
    return "%s of %s" % (name, VALUE_TOKENS[rank])


# ----------------------------------------------------------------------------- deal, calls, push

def _close_window(s, events):
    """T2.2: the last 6 cards are dealt; from now on the seats may call Tichu and push."""
    s.hands = tuple(tuple(sorted(s.hands[i] + s.rest[i])) for i in range(SEATS))
    s.rest = _EMPTY4
    s.decided = _ALL
    s.phase = PUSH
    events.append(("dealt_rest",))
    return events


def _decide(state, seat, action):
    """T2.1: ``grand`` calls Grand Tichu, ``no_grand`` declines (live play only)."""
    _args(action, 2, 2)
    if state.phase != GRAND_WINDOW:
        raise IllegalAction("no Grand Tichu now: it is called on the first 8 cards (T2.1); %s"
                            % _DOING[state.phase])
    if state.calls[seat]:
        raise IllegalAction("seat %d has already called Grand Tichu (T2.4: nobody calls twice)" % seat)
    if state.decided >> seat & 1:
        raise IllegalAction("seat %d has already declined Grand Tichu" % seat)
    s = state.copy()
    s.decided |= 1 << seat
    events = []
    if action[1] == "grand":
        s.calls = _replace(s.calls, seat, _GRAND)
        events.append(("called", seat, "grand"))
    if s.decided == _ALL:
        _close_window(s, events)
    return s, events


def _tichu(state, seat, action):
    _args(action, 2, 2)
    _phase(state, (PUSH, PLAY, GIFT), "Tichu call")
    if state.calls[seat]:
        from engine_core.tichu.scoring import CALL_NAMES

        raise IllegalAction("seat %d has already called %s (T2.4: nobody calls twice, no Tichu "
                            "after Grand Tichu)" % (seat, CALL_NAMES[state.calls[seat]]))
    if state.played >> seat & 1:
        raise IllegalAction("seat %d has played a card: too late for Tichu (T2.4)" % seat)
    if _holding(state.hands) < 2:
        raise IllegalAction("the round is over (T6.2)")
    s = state.copy()
    s.calls = _replace(s.calls, seat, TICHU)
    return s, [("called", seat, "tichu")]


def _push(state, seat, action):
    _args(action, 3, 3)
    _phase(state, (PUSH,), "push")
    if state.pushes[seat] is not None:
        raise IllegalAction("seat %d has already pushed" % seat)
    cards = _cards(action[2])
    if len(cards) != PUSH_CARDS:
        raise IllegalAction("a push is 3 cards, one to each other player (T2.3), not %d" % len(cards))
    _check_held(state.hands[seat], cards, seat)
    s = state.copy()
    s.pushes = _replace(s.pushes, seat, cards)
    events = [("pushed", seat)]
    if None in s.pushes:
        return s, events
    # T2.3: all four have given; now the cards change hands
    hands = [list(_minus(s.hands[g], s.pushes[g])) for g in range(SEATS)]
    for g in range(SEATS):
        for k in range(PUSH_CARDS):
            hands[(g + 1 + k) % SEATS].append(s.pushes[g][k])
    s.hands = tuple(tuple(sorted(h)) for h in hands)
    s.phase = PLAY
    s.lead = 1
    for g in range(SEATS):
        if MAHJONG_CARD in s.hands[g]:
            s.turn = g  # T4.1: the Mah Jong holder leads
    events.append(("exchanged", s.pushes))
    return s, events


# ----------------------------------------------------------------------------- trick play

def unit_value(r, cards):
    """The value an ``as`` names for reading ``r`` of ``cards``: the highest unit (the
    trio of a full house, the top of a straight); a single's own card."""
    return cards[0] >> 3 if r[0] == SINGLE else r[2]


def reading_for(cards, over, as_value=None):
    """T3.3: the reading ``cards`` are played as on ``over`` (None: leading): the one
    whose highest unit is ``as_value``, else the highest that may be played now."""
    rs = classify(cards)
    if not rs:
        raise IllegalAction("not a combination: %s" % _show(cards))
    if as_value is not None:
        rs = [r for r in rs if unit_value(r, cards) == as_value]
        if not rs:
            raise IllegalAction("%s cannot be read as %s (T3.3)"
                                % (_show(cards), VALUE_TOKENS.get(as_value, as_value)))
    if over is None:
        return rs[-1]
    for i in range(len(rs) - 1, -1, -1):
        if beats(rs[i], over):
            return rs[i]
    if rs[0][0] == SINGLE and rs[0][2] == DOG_RANK:
        raise IllegalAction("the Dog is only led (T4.3)")
    raise IllegalAction("%s does not beat %s (T5.1)" % (_show(cards), reading_name(over)))


def must_fulfil(state, seat):
    """T4.2: a wish is open and ``seat``, on turn, can make a legal play holding a real
    card of the wished rank (leading, that card alone will do)."""
    w = state.wish
    hand = state.hands[seat]
    if not w or not has_rank(hand, w):
        return False
    if state.lead:
        return True
    # Only here does replaying need the move generator: can any legal play fulfil it?
    from engine_core.tichu.movegen import legal_plays
    for p in legal_plays(hand, state.top):
        if has_rank(p, w):
            return True
    return False


def _play(state, seat, action):
    _args(action, 3, 5)
    _phase(state, (PLAY, GIFT), "play")
    cards = _cards(action[2])
    if not cards:
        raise IllegalAction("a play needs cards; to play nothing, pass")
    as_value = action[3] if len(action) > 3 else None
    wish = action[4] if len(action) > 4 else None
    if as_value is not None and not _is_int(as_value):
        raise IllegalAction("as must name a value")
    if wish is not None and (not _is_int(wish) or not 2 <= wish <= 14):
        raise IllegalAction("a wish is a rank 2..A (T4.1)")
    if wish and MAHJONG_CARD not in cards:
        raise IllegalAction("only a play with the Mah Jong names a wish (T4.1)")
    hand = state.hands[seat]
    _check_held(hand, cards, seat)
    if _holding(state.hands) < 2:
        raise IllegalAction("the round is over: the Dragon trick waits to be given away (T6.2)")
    top = state.top
    on_turn = state.phase == PLAY and seat == state.turn
    take = False  # the play first takes the finished trick for its winner (T5.3)
    if on_turn and state.lead:
        r = reading_for(cards, None, as_value)
        take = top is not None and not (is_bomb(r) and beats(r, top))
    elif on_turn:
        r = reading_for(cards, top, as_value)
    else:
        r = reading_for(cards, None, as_value)
        if top is None or not is_bomb(r):
            if state.phase == GIFT:
                raise IllegalAction("seat %d gives the Dragon trick away first (T4.5); only a bomb "
                                    "may be played now (T5.3)" % state.top_seat)
            raise IllegalAction("not seat %d's turn: seat %d is to play; out of turn only a bomb on "
                                "a trick on the table (T5.2)" % (seat, state.turn))
        r = reading_for(cards, top, as_value)
    if on_turn and state.wish and not is_bomb(r) and not has_rank(cards, state.wish) \
            and must_fulfil(state, seat):
        raise IllegalAction("the wish for %s must be fulfilled (T4.2)" % VALUE_TOKENS[state.wish])
    s = state.copy()
    s.phase = PLAY  # a bomb on the Dragon trick keeps it from being given away (T5.3)
    events = []
    if take:
        _take(s, s.top_seat, s.top_seat, events)
    r = placed(r, s.top)
    s.hands = _replace(s.hands, seat, _minus(hand, cards))
    s.played |= 1 << seat
    events.append(("played", seat, r))
    if s.wish and has_rank(cards, s.wish):
        events.append(("wish_fulfilled", s.wish))
        s.wish = 0
    if wish:
        s.wish = wish
        events.append(("wish", seat, wish))
    dog = r[0] == SINGLE and r[2] == DOG_RANK
    if dog:  # T4.3: the Dog scores 0 and stays with its player; it is never covered
        s.piles = _replace(s.piles, seat, s.piles[seat] + cards)
    else:
        if s.top is None:
            events.append(("bombs_open",))
        s.trick = s.trick + cards
        s.top = r
        s.top_seat = seat
        s.passes = 0
        s.lead = 0
    if not s.hands[seat]:  # T5.4
        s.out = s.out + (seat,)
        events.append(("out", seat))
        if len(s.out) == 2 and team(s.out[0]) == team(s.out[1]):
            return _round_over(s, events)  # T6.1: double victory, at once
        if _holding(s.hands) < 2:
            return _last_trick(s, events)  # T6.2
    if dog:  # T4.3: the lead goes to the partner, or on from there
        p = (seat + 2) % SEATS
        s.turn = p if s.hands[p] else next_holder(s.hands, p)
        s.lead = 1
        events.append(("dog", seat, s.turn))
    else:
        s.turn = next_holder(s.hands, seat)
    return s, events


def _pass(state, seat, action):
    _args(action, 2, 2)
    _phase(state, (PLAY,), "pass")
    if seat != state.turn:
        raise IllegalAction("not seat %d's turn: seat %d is to play" % (seat, state.turn))
    if state.lead:
        raise IllegalAction("seat %d leads and cannot pass (T5.1)" % seat)
    if must_fulfil(state, seat):
        raise IllegalAction("the wish for %s must be fulfilled: no pass (T4.2)" % VALUE_TOKENS[state.wish])
    s = state.copy()
    s.passes += 1
    w = s.top_seat
    if s.passes < _holding(s.hands) - (1 if s.hands[w] else 0):
        s.turn = next_holder(s.hands, seat)
        return s, []
    # T5.3: everybody else has passed; the trick waits to be taken (or bombed)
    if s.top == _DRAGON_TOP:
        s.phase = GIFT
        s.turn = -1
    else:
        s.lead = 1
        s.turn = w if s.hands[w] else next_holder(s.hands, w)
    return s, [("won", w)]


def _gift(state, seat, action):
    _args(action, 3, 3)
    _phase(state, (GIFT,), "gift: only a Dragon trick is given away (T4.5)")
    w = state.top_seat
    if seat != w:
        raise IllegalAction("seat %d won the Dragon trick and gives it away (T4.5)" % w)
    to = action[2]
    if not _is_int(to) or not 0 <= to < SEATS or team(to) == team(w):
        raise IllegalAction("the Dragon trick goes to an opponent: seat %d or %d (T4.5)"
                            % ((w + 1) % SEATS, (w + 3) % SEATS))
    s = state.copy()
    events = []
    _take(s, w, to, events)
    if _holding(s.hands) < 2:
        return _finish(s, events)
    s.phase = PLAY
    s.lead = 1
    s.turn = w if s.hands[w] else next_holder(s.hands, w)
    return s, events


def _take(s, winner, seat, events):
    """The trick on the table goes to ``seat``'s pile (the winner's, or the Dragon gift's)."""
    s.piles = _replace(s.piles, seat, s.piles[seat] + s.trick)
    s.trick = ()
    s.top = None
    s.top_seat = -1
    s.passes = 0
    events.append(("trick", winner, seat))
    events.append(("bombs_closed",))


def _last_trick(s, events):
    """T6.2: one seat holds cards; the last play's maker takes the trick (a Dragon is
    given away first)."""
    s.turn = -1
    s.lead = 0
    if s.top == _DRAGON_TOP:
        s.phase = GIFT
        return s, events
    if s.trick:
        _take(s, s.top_seat, s.top_seat, events)
    return _finish(s, events)


def _finish(s, events):
    """T6.2: the last player's hand to the opponents (the next seat's pile), their
    pile to the first player out."""
    last = next_holder(s.hands, 0)
    opp = (last + 1) % SEATS
    first = s.out[0]
    piles = list(s.piles)
    piles[opp] = piles[opp] + s.hands[last]
    piles[first] = piles[first] + piles[last]
    piles[last] = ()
    s.piles = tuple(piles)
    s.hands = _replace(s.hands, last, ())
    s.out = s.out + (last,)
    events.append(("last", last))
    return _round_over(s, events)


def _round_over(s, events):
    if s.top is not None:
        events.append(("bombs_closed",))
    if len(s.out) == 2:
        events.append(("double_victory", team(s.out[0])))
    from engine_core.tichu.scoring import round_deltas  # here: a device drops it between rounds

    deltas = round_deltas(s)
    s.match = s.match.scored(deltas, (s.dealer + 1) % SEATS)
    s.turn = -1
    s.lead = 0
    events.append(("round_over", deltas))
    if s.match.over():
        s.phase = OVER
        events.append(("match_over", s.match.winner))
    else:
        s.phase = DEAL
    return s, events


_VERBS = {"grand": _decide, "no_grand": _decide, "tichu": _tichu, "push": _push, "play": _play,
          "pass": _pass, "gift": _gift}
