"""Sparring partner "mc": a Monte Carlo player, the yardstick of issue 29 (item 1). Desktop
only: never shipped to the board, and nothing in engine_core/ or firmware/ imports it.

At each decision with more than one legal action:

- Candidates (at most ``CANDIDATES``): the choices of the rollout bot, of level 3 and of
  level 1, pass when it is legal, for a lead the combinations of the hand's plan
  (bot_plan.plan), then the other legal actions in the order legal_actions lists them
  (lowest first); bids: every legal bid. Follows of the same reading count once.
- Worlds (``SAMPLES``): the cards the seat has not seen (the deck less its hand and
  everything played) are dealt at random to the other hands and, while bidding, to the
  hideout, each place keeping its size, with the known places fixed: the face-up card in
  its holder's hand while bidding and exchanging (C2.3), what a Hunter gave in its
  partner's hand (C4.2). What the seat may know comes from view.seat_view only (the rest
  of the State it copies is public: the table, the bids, the match); the partner's give
  while exchanging is left to the rollout.
- Rollouts: in every world each candidate is played, then the round is played out by the
  level-``ROLLOUT`` bot at every seat (the same worlds for every candidate, so their
  differences are paired). A deal passed out (C3.5) is worth 0.
- Value: the seat's score of the round less the mean score of the two other seats (the
  figure the arena ranks by, C8); the best mean wins, ties to the earlier candidate.
"""

from engine_core.chimera import bot, game
from engine_core.chimera.bot_plan import plan, threats, unseen
from engine_core.chimera.cards import DECK, value_counts
from engine_core.chimera.game import BID, GIVE, PLAY, decision
from engine_core.chimera.view import seat_view
from engine_core.prng import Pcg32

SAMPLES = 32  # worlds per decision
CANDIDATES = 6  # actions weighed per decision
ROLLOUT = 2  # the bot level that plays the rounds out
_DECK = tuple(sorted(DECK.card_list))


def decide(state, seat, rng):
    kind, due = decision(state)
    if seat not in due:
        return None
    return choose(state, seat, rng)[0]


def choose(state, seat, rng, samples=SAMPLES, candidates=CANDIDATES, rollout=ROLLOUT):
    """(action, candidates weighed, their mean values): the decision of ``seat``, due now."""
    acts = game.legal_actions(state, seat)
    if len(acts) == 1:
        return acts[0], acts, [0.0]
    v = seat_view(state, seat)
    cands = shortlist(state, seat, v, acts, candidates, rollout)
    totals = [0.0] * len(cands)
    for _ in range(samples):
        w = world(state, v, rng)
        seed = rng.next()
        for j in range(len(cands)):
            totals[j] += playout(w, cands[j], seat, rollout, seed)
    best = 0
    for j in range(1, len(cands)):
        if totals[j] > totals[best]:
            best = j
    return cands[best], cands, [x / samples for x in totals]


# ----------------------------------------------------------------------------- candidates

def shortlist(state, seat, v, acts, k, rollout):
    """At most ``k`` legal actions worth weighing (see the module comment), in order."""
    if v["phase"] == BID:
        return acts
    out = []
    seen = set()

    def add(a):
        key = _key(a, v["top"])
        if len(out) < k and key not in seen:
            seen.add(key)
            out.append(a)

    for level in (rollout, 3, 1):
        add(bot.decide(state, seat, level, Pcg32(0)))
    if v["phase"] == PLAY:
        if v["top"] is not None:
            add(acts[0])  # pass
        else:
            by_values = {}
            for a in acts:
                by_values.setdefault(_values(a[2]), a)
            c = value_counts(v["hand"])
            combos = plan(c, threats(unseen(c, value_counts(v["played"]))), True, True)[1]
            for cb in sorted(combos, key=lambda cb: (cb[3][0], -len(cb[3]))):
                if cb[3] in by_values:
                    add(by_values[cb[3]])
    elif v["phase"] == GIVE:
        add(acts[-1])  # the highest cards
    for a in acts:
        add(a)
    return out


def _values(codes):
    return tuple(sorted(x >> 3 for x in codes))


def _key(a, top):
    # Plays that follow with the same reading differ only in attached cards: one is enough.
    if a[1] != "play":
        return a[1:]
    if top is None:
        return ("play", _values(a[2]), a[3])
    return ("follow", game.reading_for(a[2], top, a[3]))


# ----------------------------------------------------------------------------- worlds

def world(state, v, rng):
    """A State like ``state`` with the cards ``v``'s seat cannot see dealt anew at random,
    every known place kept (module comment). Reads hidden cards from ``v`` only."""
    seat = v["seat"]
    ch = v["chimera"]
    seen = set(v["hand"]) | set(v["played"])
    pool = [x for x in _DECK if x not in seen]
    places = [[], [], [], []]  # seats 0..2, hideout 3
    size = [v["sizes"][s] if s != seat else 0 for s in range(3)]
    size.append(len(pool) - sum(size))  # the hideout: 3 while bidding, else 0
    pinned = {}
    if v["face_up_holder"] >= 0 and v["face_up_holder"] != seat:
        pinned[v["face_up"]] = v["face_up_holder"]
    gives = [None, None, None]
    if v["phase"] == PLAY and v["got"] is not None:
        partner = 3 - ch - seat
        gives[seat], gives[partner] = v["gave"], v["got"]
        for x in v["gave"]:
            pinned[x] = partner
    free = []
    for x in pool:
        if x in pinned:
            places[pinned[x]].append(x)
        else:
            free.append(x)
    rng.shuffle(free)
    for i in range(4):
        n = size[i] - len(places[i])
        places[i] += free[:n]
        free = free[n:]
    places[seat] = list(v["hand"])
    w = state.copy()
    w.hands = tuple(tuple(sorted(places[s])) for s in range(3))
    w.kitty = tuple(sorted(places[3]))
    w.gives = tuple(gives)
    return w


# ----------------------------------------------------------------------------- rollouts

def playout(w, action, seat, level, seed):
    """The value for ``seat`` of playing ``action`` in world ``w``, then the round out by
    the level-``level`` bot: its score less the mean of the others (0 if passed out)."""
    rng = Pcg32(seed)
    state, events = game.apply(w, action)
    while True:
        for e in events:
            if e[0] == "round_over":
                d = e[1]
                return d[seat] - (d[0] + d[1] + d[2] - d[seat]) / 2.0
        kind, due = decision(state)
        if kind != BID and kind != GIVE and kind != PLAY:
            return 0.0  # passed out: a new deal, worth the same to every seat
        state, events = game.apply(state, bot.decide(state, due[0], level, rng))
