# Chimera, the whole match as a state machine (RULES C2-C9), behind the game seam of
# docs/engine_api.md: ``decision``, ``legal_actions``, ``apply``.
#
# Actions are the record events with card codes (record.py converts tokens):
# ``("deal", dealer, hands, kitty, face_up)`` (chance: from deal.py or a record),
# ``(seat, "bid", 20|30|40)``, ``(seat, "pass")``, ``(seat, "give", codes)``,
# ``(seat, "play", codes[, as_value or None])``. The forced 20 bid (C3.5) and taking the
# hideout (C4.1) are done here, never acted.
#
# States are never changed: ``apply`` checks the action, then builds a new State that
# shares every unchanged tuple with the old one, so a copy is just a reference.

from engine_core.chimera.cards import DECK, VALUE_TOKENS, value_counts
from engine_core.chimera.combos import ATTACK, KIND_NAMES, TRAP, beats, classify
from engine_core.errors import IllegalAction
from engine_core.match import Match, valid_limit

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

SEATS = 3
HAND = 17
BIDS = (20, 30, 40)
GIVES = {20: 0, 30: 1, 40: 2}  # C4.2: cards each Hunter gives per bid
DEFAULT_LIMIT = 400  # C9.1

# Phases, which are also the decision kinds.
DEAL = "deal"
BID = "bid"
GIVE = "give"
PLAY = "play"
OVER = "over"

_DECK = tuple(DECK.card_list)
_DECK_SET = set(_DECK)
_NO_GIVES = const((None, None, None))
_EMPTY3 = const(((), (), ()))


class State:
    # One moment of a match. ``match``: the engine_core.match.Match (totals, history,
    # dealer, redeals). The rest is the current deal, all ints and tuples:
    #
    # hands, piles: 3 sorted tuples of card codes; kitty: the hideout until taken;
    # face_up: a card code; turn: seat to bid or play (-1 otherwise); bid: highest bid
    # (0 none); chimera: highest bidder, then the Chimera (-1 none); passes: passes in a
    # row; gives: per seat None or the cards given; trick: cards of the trick on the
    # table; top: its reading (kind, length, rank) or None when leading; top_seat: who
    # played it; played: bit s set when seat s played a card; traps, attack: counted for
    # C8.1; first_out: the seat that went out (-1 while the deal runs).

    __slots__ = ("match", "phase", "dealer", "hands", "kitty", "face_up", "turn", "bid",
                 "chimera", "passes", "gives", "trick", "top", "top_seat", "piles", "played",
                 "traps", "attack", "first_out")

    def copy(self):
        s = State()
        s.match = self.match
        s.phase = self.phase
        s.dealer = self.dealer
        s.hands = self.hands
        s.kitty = self.kitty
        s.face_up = self.face_up
        s.turn = self.turn
        s.bid = self.bid
        s.chimera = self.chimera
        s.passes = self.passes
        s.gives = self.gives
        s.trick = self.trick
        s.top = self.top
        s.top_seat = self.top_seat
        s.piles = self.piles
        s.played = self.played
        s.traps = self.traps
        s.attack = self.attack
        s.first_out = self.first_out
        return s

    def to_list(self):
        # Plain JSON-able lists and ints; from_list(to_list()) is an equal state.
        out = [self.match.to_list()]
        for f in _ROUND_FIELDS:
            out.append(_plain(getattr(self, f)))
        return out

    @classmethod
    def from_list(cls, x):
        s = cls()
        s.match = Match.from_list(x[0])
        for i in range(len(_ROUND_FIELDS)):
            setattr(s, _ROUND_FIELDS[i], _frozen(x[i + 1]))
        return s


_ROUND_FIELDS = State.__slots__[1:]


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
    s.hands = _EMPTY3
    s.kitty = ()
    s.face_up = -1
    s.turn = -1
    s.bid = 0
    s.chimera = -1
    s.passes = 0
    s.gives = _NO_GIVES
    s.trick = ()
    s.top = None
    s.top_seat = -1
    s.piles = _EMPTY3
    s.played = 0
    s.traps = 0
    s.attack = 0
    s.first_out = -1
    return s


def new_match(limit=DEFAULT_LIMIT, dealer=-1):
    # A match waiting for its first deal; ``dealer`` -1 lets the first deal name any dealer.
    if not valid_limit(limit):
        raise IllegalAction("the limit must be a positive integer (C9.1)")
    return _fresh(State(), Match(limit, SEATS, dealer=dealer), DEAL)


# ----------------------------------------------------------------------------- the seam

def decision(state):
    # (kind, seats due): ("deal", ()) is a chance node, ("over", ()) the end.
    p = state.phase
    if p == BID or p == PLAY:
        return p, (state.turn,)
    if p == GIVE:
        return p, tuple(s for s in hunters(state) if state.gives[s] is None)
    return p, ()


def hunters(state):
    ch = state.chimera
    return tuple(s for s in range(SEATS) if s != ch)


def next_deal(state, prng):
    # The deal action for the deal that is due, drawn from ``prng`` (deal.py).
    from engine_core.chimera.deal import deal
    d = state.match.dealer
    return deal(prng, d if d >= 0 else 0)


def legal_actions(state, seat):
    # Every legal action of ``seat`` now, one per distinct value multiset (families
    # never matter, C1.1); a play with two legal readings (C5.2) appears once per reading
    # with its ``as``. Empty when the seat is not due. Deals are not listed.
    global _choices
    if _choices is None:  # loaded on first use: replaying or refereeing never needs movegen
        from engine_core.chimera.choices import legal_actions as f
        _choices = f
    return _choices(state, seat)


_choices = None


def choices():
    # The module of a seat's legal actions (choices.py), loaded on first use as for
    # legal_actions: a device's menu of plays takes them from it a piece at a time
    # (play_steps, step_plays, readings_of, cards_by_value, pick_cards).
    from engine_core.chimera import choices as m

    return m


def apply(state, action):
    # (new_state, events) after ``action``; raises IllegalAction(reason) and leaves
    # ``state`` as it was when the rules forbid it (RULES D2).
    if not isinstance(action, (tuple, list)) or len(action) < 2:
        raise IllegalAction("an action is a tuple (seat, verb, ...)")
    if action[0] == "deal":
        # The deal's checks live with the shuffle (deal.py): a round needs them once, and a
        # device drops that module after the round's first screen.
        from engine_core.chimera.deal import dealt

        return dealt(state, action)
    seat, verb = action[0], action[1]
    if not _is_int(seat) or not 0 <= seat < SEATS:
        raise IllegalAction("no seat %r at a Chimera table" % (seat,))
    handler = _VERBS.get(verb) if isinstance(verb, str) else None
    if handler is None:
        raise IllegalAction("unknown action: %r" % (verb,))
    return handler(state, seat, action)


# ----------------------------------------------------------------------------- checks

_DOING = {DEAL: "a deal is due", BID: "bidding is on", GIVE: "the Hunters are exchanging",
          PLAY: "the cards are being played", OVER: "the match is over"}


def _due(state, seat, phase, verb):
    if state.phase != phase:
        raise IllegalAction("no %s now: %s" % (verb, _DOING[state.phase]))
    if phase == GIVE:
        if seat == state.chimera:
            raise IllegalAction("seat %d is the Chimera and gives nothing (C4.2)" % seat)
        if state.gives[seat] is not None:
            raise IllegalAction("seat %d has already given" % seat)
    elif seat != state.turn:
        raise IllegalAction("not seat %d's turn: seat %d is to %s" % (seat, state.turn, phase))


def _is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


_USAGE = {"bid": "bid takes one amount: 20, 30 or 40", "pass": "pass takes no argument",
          "give": "give takes one set of cards", "play": "play takes cards and at most an as"}


def _args(action, min, max):
    if not min <= len(action) <= max:
        raise IllegalAction(_USAGE[action[1]])


def _cards(x):
    # A tuple of distinct deck codes, or IllegalAction.
    if not isinstance(x, (tuple, list)):
        raise IllegalAction("cards must be a sequence of card codes")
    seen = set()
    for c in x:
        if not _is_int(c) or c not in _DECK_SET:
            raise IllegalAction("not a Chimera card: %s" % (c,))
        if c in seen:
            raise IllegalAction("card named twice: %s" % DECK.token(c))
        seen.add(c)
    return tuple(x)


def _check_held(hand, cards, seat):
    for c in cards:
        if c not in hand:
            raise IllegalAction("seat %d does not hold %s" % (seat, DECK.token(c)))


def _minus(hand, cards):
    return tuple(c for c in hand if c not in cards)


def _plus(hand, cards):
    return tuple(sorted(hand + tuple(cards)))


def _replace(items, i, x):
    lst = list(items)
    lst[i] = x
    return tuple(lst)


def _next(seat):
    return (seat + 1) % SEATS


def _show(codes):
    return " ".join(DECK.format(sorted(codes)))


# ----------------------------------------------------------------------------- bidding

def _bid(state, seat, action):
    _due(state, seat, BID, "bid")
    _args(action, 3, 3)
    amount = action[2]
    if not _is_int(amount) or amount not in BIDS:
        raise IllegalAction("a bid is 20, 30 or 40 (C3.2)")
    if amount <= state.bid:
        raise IllegalAction("a bid must be higher than %d (C3.2)" % state.bid)
    s = state.copy()
    s.bid = amount
    s.chimera = seat
    s.passes = 0
    if amount == BIDS[-1]:  # C3.4: 40 ends the bidding at once
        return _bidding_won(s, [])
    s.turn = _next(seat)
    return s, []


def _pass(state, seat, action):
    if state.phase == PLAY:
        return _pass_play(state, seat, action)
    _due(state, seat, BID, "pass")
    _args(action, 2, 2)
    s = state.copy()
    s.passes += 1
    s.turn = _next(seat)
    if s.bid:
        if s.passes == 2:  # C3.4: two passes in a row after a bid
            return _bidding_won(s, [])
        return s, []
    if s.passes < SEATS:
        return s, []
    if not s.match.redeals:  # C3.5: all passed: the same dealer deals again
        s.match = s.match.passed_out(s.dealer)
        s.phase = DEAL
        s.turn = -1
        return s, [("redeal", s.dealer)]
    # C3.5: all passed on the redeal: the face-up holder (back on turn) must bid 20
    holder = s.turn
    s.bid = BIDS[0]
    s.chimera = holder
    s.passes = 0
    s.turn = _next(holder)
    return s, [("forced_bid", holder, BIDS[0])]


def _bidding_won(s, events):
    # C3.4, C4.1: the Chimera takes the hideout; exchange unless the bid is 20.
    ch = s.chimera
    events.append(("chimera", ch, s.bid))
    events.append(("hideout", ch, s.kitty))
    s.hands = _replace(s.hands, ch, _plus(s.hands[ch], s.kitty))
    s.kitty = ()
    s.passes = 0
    if GIVES[s.bid]:
        s.phase = GIVE
        s.turn = -1
    else:
        s.phase = PLAY
        s.turn = ch  # C7.1
    return s, events


# ----------------------------------------------------------------------------- exchange

def _give(state, seat, action):
    _due(state, seat, GIVE, "give")
    _args(action, 3, 3)
    cards = _cards(action[2])
    n = GIVES[state.bid]
    if len(cards) != n:
        raise IllegalAction("each Hunter gives exactly %d card%s with a bid of %d (C4.2)"
                            % (n, "" if n == 1 else "s", state.bid))
    _check_held(state.hands[seat], cards, seat)
    s = state.copy()
    s.gives = _replace(s.gives, seat, tuple(sorted(cards)))
    a, b = hunters(s)
    ga, gb = s.gives[a], s.gives[b]
    if ga is None or gb is None:
        return s, []
    # C4.2: both chose before seeing anything; now the cards change hands
    hands = _replace(s.hands, a, _plus(_minus(s.hands[a], ga), gb))
    s.hands = _replace(hands, b, _plus(_minus(hands[b], gb), ga))
    s.phase = PLAY
    s.turn = s.chimera  # C7.1
    return s, [("exchanged", a, ga, b, gb)]


# ----------------------------------------------------------------------------- trick play

def reading_for(cards, top, as_value):
    # C5.2: the reading ``cards`` are played as on ``top`` (None: leading): the one
    # whose highest unit is ``as_value``, else the highest legal now.
    readings = classify(value_counts(cards))
    if not readings:
        raise IllegalAction("not a combination: %s" % _show(cards))
    if as_value is not None:
        named = [r for r in readings if r[2] == as_value and r[0] != ATTACK]
        if not named:
            raise IllegalAction("%s cannot be read as %s (C5.2)" % (_show(cards), _token(as_value)))
        r = named[0]
        if top is not None and not beats(r, top):
            raise IllegalAction("%s as %s does not beat %s (C6)"
                                % (_show(cards), _token(as_value), reading_name(top)))
        return r
    if top is None:
        return readings[-1]
    for i in range(len(readings) - 1, -1, -1):
        if beats(readings[i], top):
            return readings[i]
    raise IllegalAction("%s does not beat %s (C6)" % (_show(cards), reading_name(top)))


def reading_name(r):
    # A reading in words, for reasons and shells: 'pair of 9', 'straight 5-9'.
    kind, length, rank = r
    if kind == ATTACK:
        return KIND_NAMES[kind]
    if length > 1:
        return "%s %s-%s" % (KIND_NAMES[kind], _token(rank - length + 1), _token(rank))
    return "%s of %s" % (KIND_NAMES[kind], _token(rank))


def _token(v):
    return VALUE_TOKENS.get(v, str(v)) if _is_int(v) else str(v)


def _play(state, seat, action):
    _due(state, seat, PLAY, "play")
    _args(action, 3, 4)
    cards = _cards(action[2])
    if not cards:
        raise IllegalAction("a play needs cards; to play nothing, pass")
    as_value = action[3] if len(action) == 4 else None
    if as_value is not None and not _is_int(as_value):
        raise IllegalAction("as must name a value")
    hand = state.hands[seat]
    _check_held(hand, cards, seat)
    r = reading_for(cards, state.top, as_value)
    s = state.copy()
    s.hands = _replace(s.hands, seat, _minus(hand, cards))
    s.trick = s.trick + cards
    s.top = r
    s.top_seat = seat
    s.passes = 0
    s.played |= 1 << seat
    if r[0] == TRAP:
        s.traps += 1
    elif r[0] == ATTACK:
        s.attack = 1
    events = [("played", seat, r)]
    if s.hands[seat]:
        s.turn = _next(seat)
        return s, events
    # C7.5: out at once; the finisher takes the trick on the table
    s.piles = _replace(s.piles, seat, s.piles[seat] + s.trick)
    s.trick = ()
    s.top = None
    s.turn = -1
    s.first_out = seat
    events.append(("out", seat))
    return _round_over(s, events)


def _pass_play(state, seat, action):
    _due(state, seat, PLAY, "pass")
    _args(action, 2, 2)
    if state.top is None:
        raise IllegalAction("seat %d leads and cannot pass (C7.2)" % seat)
    s = state.copy()
    s.passes += 1
    if s.passes < 2:
        s.turn = _next(seat)
        return s, []
    # C7.4: two passes in a row: the last player takes the trick and leads
    w = s.top_seat
    s.piles = _replace(s.piles, w, s.piles[w] + s.trick)
    s.trick = ()
    s.top = None
    s.passes = 0
    s.turn = w
    return s, [("trick", w)]


def _round_over(s, events):
    from engine_core.chimera.scoring import round_deltas  # here: a device drops it between rounds

    deltas = round_deltas(s)
    s.match = s.match.scored(deltas, _next(s.dealer))  # C2.4
    events.append(("round_over", deltas))
    if s.match.over():
        s.phase = OVER
        events.append(("match_over", s.match.winner))
    else:
        s.phase = DEAL
    return s, events


_VERBS = {"bid": _bid, "pass": _pass, "give": _give, "play": _play}
