"""Randomised full Chimera matches with invariants (RULES C2-C9, D2; CONTRACT 2, 3).

Every step: all 54 cards are somewhere (hands, hideout, trick, piles; at the end of a
round the hands are the set-aside cards); apply never changes the state it is given;
random illegal actions (wrong seat, cards not held, no combination, not beating,
out-of-phase verbs, bad ``as``, wrong dealer) are refused and change nothing; a saved
state (JSON) goes on exactly like the original. Every round: the deltas agree with a
score computed here, independently, from tricks and plays tracked by this test. Every
match: replaying the written record through ``judge`` gives what live play gave; and
records with one random flaw never break replay, which names the first illegal event.

`make test` plays a few hundred matches; `make fuzz` (FUZZ_FULL=1) plays 10,000.
"""

import json
import os

import pytest

from engine_core.chimera import game, record
from engine_core.chimera.cards import DECK, value_counts
from engine_core.chimera.combos import ATTACK, TRAP, beats, classify
from engine_core.errors import IllegalAction
from engine_core.prng import Pcg32
from tests.host.record_fuzz import check_match_end, run_matches

SMALL = 300
FULL = 10000
LIMITS = (1, 60, 150, 400)
DECK_LIST = DECK.card_list
TREASURE_POINTS = {2: 10, 11: 5}  # C1.4, restated here on purpose


class Tracker:
    """The round as this test sees it, built only from actions and deals."""

    def __init__(self):
        self.passed_out = False

    def deal(self, action):
        _, self.dealer, hands, kitty, face_up = action
        self.hands = [set(h) for h in hands]
        self.kitty = set(kitty)
        self.holder = [s for s in range(3) if face_up in hands[s]][0]
        self.bid = 0
        self.chimera = -1
        self.passes = 0
        self.gives = {}
        self.trick = []
        self.last = -1
        self.piles = [[], [], []]
        self.played = set()
        self.traps = 0
        self.attack = False
        self.first_out = -1

    def act(self, a, phase):
        seat, verb = a[0], a[1]
        if verb == "bid":
            self.bid, self.chimera, self.passes = a[2], seat, 0
            if a[2] == 40:
                self.take_hideout()
        elif verb == "pass" and phase == "bid":
            self.passes += 1
            if self.bid and self.passes == 2:
                self.take_hideout()
            elif not self.bid and self.passes == 3:
                if self.passed_out:  # C3.5 forced 20 for the face-up holder
                    self.bid, self.chimera, self.passes = 20, self.holder, 0
                else:
                    self.passed_out = True
        elif verb == "give":
            self.gives[seat] = set(a[2])
            if len(self.gives) == 2:
                (x, gx), (y, gy) = self.gives.items()
                self.hands[x] = self.hands[x] - gx | gy
                self.hands[y] = self.hands[y] - gy | gx
        elif verb == "pass":
            self.passes += 1
            if self.passes == 2:
                self.piles[self.last] += self.trick
                self.trick, self.passes = [], 0
        elif verb == "play":
            kinds = [r[0] for r in classify(value_counts(a[2]))]
            self.traps += TRAP in kinds
            self.attack = self.attack or ATTACK in kinds
            self.played.add(seat)
            self.hands[seat] -= set(a[2])
            self.trick += list(a[2])
            self.last, self.passes = seat, 0
            if not self.hands[seat]:
                self.first_out = seat
                self.piles[seat] += self.trick
                self.trick = []

    def take_hideout(self):
        self.hands[self.chimera] |= self.kitty
        self.kitty = set()
        self.passes = 0

    def deltas(self):
        """C8 from this test's own piles and counts."""
        ch, bid = self.chimera, self.bid
        out = [sum(TREASURE_POINTS.get(c >> 3, 0) for c in p) for p in self.piles]
        if self.first_out == ch:
            silent = any(s not in self.played for s in range(3) if s != ch)
            out[ch] += 2 * bid + 25 * (self.traps + self.attack + silent)
        else:
            for s in range(3):
                out[s] += -bid if s == ch else 20
        self.passed_out = False
        return tuple(out)


def check_cards(s):
    """All 54 cards accounted for, each once."""
    if s.dealer < 0:
        return
    every = s.hands[0] + s.hands[1] + s.hands[2] + s.kitty + s.trick + s.piles[0] + s.piles[1] + s.piles[2]
    assert sorted(every) == DECK_LIST
    for h in s.hands:
        assert list(h) == sorted(h)


def check_refused(s, action):
    """Refused; that it changed nothing is checked once per batch (try_illegal)."""
    with pytest.raises(IllegalAction):
        game.apply(s, action)


def legal_by_rules(s, seat, cards):
    """Independent of the engine's game code: held, a combination, beats the table."""
    if seat != s.turn or not cards or not set(cards) <= set(s.hands[seat]):
        return False
    rs = classify(value_counts(cards))
    return any(s.top is None or beats(r, s.top) for r in rs)


def try_illegal(s, kind, due, rng):
    """Throw a handful of illegal actions at state ``s``; none may change it."""
    before = s.to_list()
    _try_illegal(s, kind, due, rng)
    assert s.to_list() == before


def _try_illegal(s, kind, due, rng):
    others = [x for x in range(3) if x not in due]
    seat = due[0] if due else 0
    hand = s.hands[seat] if s.dealer >= 0 else ()
    foreign = [c for c in DECK_LIST if c not in hand]
    some = (rng.choice(hand),) if hand else (rng.choice(DECK_LIST),)
    if kind != "deal":
        check_refused(s, ("deal",) + game.next_deal(s, Pcg32(rng.next()))[1:])
    else:
        nd = game.next_deal(s, Pcg32(rng.next()))
        if s.match.dealer >= 0:
            check_refused(s, ("deal", (s.match.dealer + 1) % 3) + nd[2:])
        check_refused(s, (rng.below(3), "pass"))
        return
    if kind == "over":
        for a in ((0, "pass"), (1, "bid", 40), (2, "play", some)):
            check_refused(s, a)
        return
    for o in others:
        for a in ((o, "pass"), (o, "bid", 40), (o, "play", some), (o, "give", some)):
            check_refused(s, a)
    if kind == "bid":
        for amount in (s.bid, 25, 50, 0):
            check_refused(s, (seat, "bid", amount))
        check_refused(s, (seat, "play", some))
        check_refused(s, (seat, "give", some))
    elif kind == "give":
        n = game.GIVES[s.bid]
        check_refused(s, (seat, "give", tuple(hand[:n + 1])))
        check_refused(s, (seat, "give", tuple(hand[:n - 1])))
        check_refused(s, (seat, "give", (rng.choice(foreign),) + tuple(hand[:n - 1])))
        check_refused(s, (seat, "pass"))
        check_refused(s, (seat, "play", some))
        check_refused(s, (s.chimera, "give", tuple(s.hands[s.chimera][:n])))
    elif kind == "play":
        check_refused(s, (seat, "bid", 40))
        check_refused(s, (seat, "give", some))
        check_refused(s, (seat, "play", (rng.choice(foreign),)))
        if s.top is None:
            check_refused(s, (seat, "pass"))
        for _ in range(3):  # random subsets of the hand: refused unless the rules allow them
            k = 1 + rng.below(min(6, len(hand)))
            pool = list(hand)
            rng.shuffle(pool)
            cards = tuple(pool[:k])
            if legal_by_rules(s, seat, cards):
                game.apply(s, (seat, "play", cards))
            else:
                check_refused(s, (seat, "play", cards))
        acts = [a for a in game.legal_actions(s, seat) if a[1] == "play"]
        if acts:
            a = rng.choice(acts)
            names = [r[2] for r in classify(value_counts(a[2])) if r[0] != ATTACK]
            bad = [v for v in range(0, 17) if v not in names]
            check_refused(s, a[:3] + (rng.choice(bad),))


def choose(acts, kind, rng):
    """A random legal action, passing a little more often than uniform so that pass-outs,
    forced bids and long tricks happen often."""
    if acts[0][1] == "pass" and rng.below(10) < (6 if kind == "bid" else 3):
        return acts[0]
    return rng.choice(acts)


def play_match(seed, limit):
    rng = Pcg32(seed, 7)
    deals = Pcg32(seed)
    s = game.new_match(limit)
    writer = record.Writer(limit, seed=seed)
    tracker = Tracker()
    steps = 0
    while True:
        kind, due = game.decision(s)
        if steps % 3 == 0:
            try_illegal(s, kind, due, rng)
        if kind == "over":
            break
        if kind == "deal":
            a = game.next_deal(s, deals)
            tracker.deal(a)
        else:
            seat = rng.choice(due)
            a = choose(game.legal_actions(s, seat), kind, rng)
            tracker.act(a, kind)
        before = s.to_list()
        nxt, events = game.apply(s, a)
        assert s.to_list() == before  # apply never changes its input
        for e in events:
            if e[0] == "round_over":
                assert e[1] == tracker.deltas()
        assert [list(p) for p in nxt.piles] == tracker.piles
        assert [set(h) for h in nxt.hands] == tracker.hands
        check_cards(nxt)
        writer.add(a, events)
        if steps % 17 == 0:  # the board's save and restore
            nxt = game.State.from_list(json.loads(json.dumps(nxt.to_list())))
        s = nxt
        steps += 1
    return check_match_end(s, limit, 3, writer, seed, rng, JUNK, DECK.format(DECK_LIST))


JUNK = (None, True, 1.5, -1, 3, 40, "x", "pass", "deal", "P", "7j", [], {}, [[]], ["7j"],
        {"as": "9"}, 10 ** 30)


def test_random_matches_keep_every_invariant():
    run_matches(SMALL, play_match, LIMITS)


@pytest.mark.fuzz
def test_random_matches_keep_every_invariant_full():
    run_matches(FULL if os.environ.get("FUZZ_FULL") else SMALL, play_match, LIMITS)
