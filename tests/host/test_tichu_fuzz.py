"""Randomised full Tichu matches with invariants (RULES T1-T7, D2; CONTRACT 2, 3).

Random players (choices.random_step) act when due; now and then a seat that is not
due throws a bomb or calls Tichu out of turn (T2.4, T5.2). A Tracker follows the game
from the actions alone, restating the rules of trick play here, and every step checks:
the engine's decision, hands and piles are the Tracker's; all 56 cards are somewhere;
apply never changes the state it is given; random illegal actions (wrong seat, cards
not held, no combination, not beating, a wish ignored, out-of-phase verbs, bad options,
gifts to the partner, calls too late) are refused and change nothing, and random card
sets are accepted exactly when the rules here say so; every move of a random player
honours the wish (T4.2), checked by a search of its own; a saved state (JSON) goes on
like the original. Every round: the deltas are this file's own T6 arithmetic, and the
card points sum to 100 unless a double victory. Every match: the written record
replays through judge to the same answer, and flawed records never break replay.

`make test` plays sixty matches; `make fuzz` (FUZZ_FULL=1) plays 10,000.
"""

import json
import os
from itertools import combinations

import pytest

from engine_core.errors import IllegalAction
from engine_core.prng import Pcg32
from engine_core.tichu import game, record
from engine_core.tichu.cards import DECK
from engine_core.tichu.choices import random_step
from engine_core.tichu.combos import BOMB_FOUR, SINGLE, beats, classify, is_bomb
from tests.host.record_fuzz import check_match_end, run_matches

SMALL = 60
FULL = 10000
LIMITS = (1, 100, 300, 1000)
DECK_LIST = DECK.card_list
POINTS = {5: 5, 10: 10, 13: 10, 15: -25, 16: 25}  # T1.4, restated here on purpose
DOG, MJ, PHX, DRG = 0, 1, 15, 16
DRAGON_TOP = (SINGLE, 1, 2 * DRG)


def rank_of(c):
    return c >> 3


def has_rank(cards, v):
    return any(rank_of(c) == v for c in cards)


class Tracker:
    """The round as this test sees it, built only from the actions."""

    def deal(self, a):
        _, self.dealer, first, rest = a
        self.hands = [set(h) for h in first]
        self.rest = [set(h) for h in rest]
        self.window = True
        self.decided = set()
        self.calls = {}
        self.pushes = {}
        self.trick, self.top, self.winner, self.passes = [], None, -1, 0
        self.piles = [[], [], [], []]
        self.out = []
        self.wish = 0
        self.turn, self.leading, self.gift, self.over = -1, False, False, False
        self.played = set()
        self.trick_top_cards = ()

    # ---- where things stand
    def holders(self):
        return [i for i in range(4) if self.hands[i]]

    def after(self, seat):
        for k in range(1, 5):
            if self.hands[(seat + k) % 4]:
                return (seat + k) % 4
        return -1

    def decision(self):
        if self.window:
            return "grand", tuple(i for i in range(4) if i not in self.decided)
        if len(self.pushes) < 4:
            return "push", tuple(i for i in range(4) if i not in self.pushes)
        if self.gift:
            return "gift", (self.winner,)
        return "play", (self.turn,)

    def may_call(self, seat):
        """T2.4 and its Decision."""
        return not self.window and seat not in self.calls and seat not in self.played \
            and not self.over and len(self.holders()) > 1

    def must_fulfil(self, seat):
        """T4.2 by a search of its own: can ``seat``, on turn, make a legal play holding a
        real card of the wished rank (bombs included)?"""
        hand = sorted(self.hands[seat])
        w = self.wish
        if not w or not has_rank(hand, w):
            return False
        if self.leading:
            return True  # that card alone is a lead
        wished = [c for c in hand if rank_of(c) == w]
        others = [c for c in hand if rank_of(c) != w]
        n = len(self.trick_top_cards)
        for k in range(1, min(n, len(wished)) + 1):
            for ws in combinations(wished, k):
                for os_ in combinations(others, n - k):
                    if any(beats(r, self.top) for r in classify(ws + os_)):
                        return True
        if len(wished) == 4 and beats((BOMB_FOUR, 1, w), self.top):
            return True
        for c in wished:  # straight flushes through c
            suit = [x for x in hand if x & 7 == c & 7 and 2 <= rank_of(x) <= 14]
            ranks = {rank_of(x) for x in suit}
            for lo in range(2, w + 1):
                for hi in range(max(w, lo + 4), 15):
                    if all(v in ranks for v in range(lo, hi + 1)):
                        run = [x for x in suit if lo <= rank_of(x) <= hi]
                        if beats(classify(run)[-1], self.top):
                            return True
        return False

    def reading(self, cards, as_value, over):
        rs = classify(cards)
        if as_value is not None:
            rs = [r for r in rs if (rank_of(cards[0]) if r[0] == SINGLE else r[2]) == as_value]
        if over is not None:
            rs = [r for r in rs if beats(r, over)]
        return rs[-1] if rs else None

    def legal_play(self, seat, cards, as_value=None):
        """Independent of game.py: may ``seat`` play ``cards`` now?"""
        if self.window or len(self.pushes) < 4 or self.over or len(self.holders()) < 2:
            return False
        if not cards or not set(cards) <= self.hands[seat]:
            return False
        on_turn = seat == self.turn and not self.gift
        if on_turn and self.leading:
            r = self.reading(cards, as_value, None)
        elif on_turn:
            r = self.reading(cards, as_value, self.top)
        else:
            r = self.reading(cards, as_value, self.top) if self.top is not None else None
            return r is not None and is_bomb(r)
        if r is None:
            return False
        if self.wish and not is_bomb(r) and not has_rank(cards, self.wish):
            return not self.must_fulfil(seat)
        return True

    # ---- what the actions do
    def close_window(self):
        for i in range(4):
            self.hands[i] |= self.rest[i]
            self.rest[i] = set()
        self.window = False

    def take(self, to):
        self.piles[to] += self.trick
        self.trick, self.top, self.passes = [], None, 0

    def act(self, a):
        seat, verb = a[0], a[1]
        if self.window and verb not in ("grand", "no_grand"):
            self.close_window()
        if verb in ("grand", "no_grand"):
            self.decided.add(seat)
            if verb == "grand":
                self.calls[seat] = 200
            if len(self.decided) == 4:
                self.close_window()
        elif verb == "tichu":
            self.calls[seat] = 100
        elif verb == "push":
            self.pushes[seat] = a[2]
            if len(self.pushes) == 4:  # T2.3
                for g, cards in self.pushes.items():
                    self.hands[g] -= set(cards)
                for g, cards in self.pushes.items():
                    for k in range(3):
                        self.hands[(g + 1 + k) % 4].add(cards[k])
                self.turn = [i for i in range(4) if (MJ << 3 | 4) in self.hands[i]][0]
                self.leading = True
        elif verb == "gift":
            self.take(a[2])
            self.gift = False
            if len(self.holders()) < 2:
                self.finish()
            else:
                self.turn = seat if self.hands[seat] else self.after(seat)
                self.leading = True
        elif verb == "pass":
            self.passes += 1
            if self.passes == len([h for h in self.holders() if h != self.winner]):
                if self.top == DRAGON_TOP:
                    self.gift = True
                else:
                    self.leading = True
                    self.turn = self.winner if self.hands[self.winner] else self.after(self.winner)
            else:
                self.turn = self.after(seat)
        else:
            self.play(seat, a[2], a[3] if len(a) > 3 else None, a[4] if len(a) > 4 else None)

    def play(self, seat, cards, as_value, wish):
        on_turn = seat == self.turn and not self.gift
        if on_turn and self.leading:  # T5.3: only a bomb on it keeps the trick going
            r = self.reading(cards, as_value, None)
            continues = self.top is not None and is_bomb(r) and beats(r, self.top)
            if self.top is not None and not continues:
                self.take(self.winner)
        else:
            r = self.reading(cards, as_value, self.top)
            continues = self.top is not None
        if r[0] == SINGLE and rank_of(cards[0]) == PHX:  # T4.4
            r = (SINGLE, 1, self.top[2] + 1 if continues else 3)
        self.hands[seat] -= set(cards)
        self.played.add(seat)
        if self.wish and has_rank(cards, self.wish):
            self.wish = 0
        if wish:
            self.wish = wish
        dog = rank_of(cards[0]) == DOG
        if dog:
            self.piles[seat] += list(cards)
        else:
            self.trick += list(cards)
            self.trick_top_cards = cards
            self.top, self.winner, self.passes, self.leading, self.gift = r, seat, 0, False, False
        if not self.hands[seat]:
            self.out.append(seat)
            if len(self.out) == 2 and self.out[0] % 2 == self.out[1] % 2:
                self.over = True  # T6.1
                return
            if len(self.holders()) == 1:
                if self.top == DRAGON_TOP:
                    self.gift = True
                else:
                    if self.trick:
                        self.take(self.winner)
                    self.finish()
                return
        if dog:  # T4.3
            p = (seat + 2) % 4
            self.turn = p if self.hands[p] else self.after(p)
            self.leading = True
        else:
            self.turn = self.after(seat)

    def finish(self):
        """T6.2: the last hand to the opponents, the last pile to the first out."""
        last = self.holders()[0]
        self.piles[(last + 1) % 4] += sorted(self.hands[last])
        self.piles[self.out[0]] += self.piles[last]
        self.piles[last] = []
        self.hands[last] = set()
        self.out.append(last)
        self.over = True

    def deltas(self):
        """T6 from this test's own piles, calls and order."""
        d = [0, 0]
        if len(self.out) == 2:
            d[self.out[0] % 2] = 200
        else:
            for i in range(4):
                d[i % 2] += sum(POINTS.get(rank_of(c), 0) for c in self.piles[i])
            assert d[0] + d[1] == 100  # T1.4: all card points are scored
        for seat, v in self.calls.items():
            d[seat % 2] += v if seat == self.out[0] else -v
        return tuple(d)


def snapshot(s):
    """Every field of a state, deeply comparable (all tuples and ints), and its match's."""
    m = s.match
    return tuple(getattr(s, f) for f in game.State.__slots__[1:]) + (m.limit, m.totals, m.rounds,
                                                                     m.dealer, m.winner)


def check_refused(s, action):
    before = snapshot(s)
    with pytest.raises(IllegalAction):
        game.apply(s, action)
    assert snapshot(s) == before


def check_cards(s):
    """All 56 cards accounted for, each once."""
    if s.dealer < 0:
        return
    every = list(s.trick)
    for i in range(4):
        every += list(s.hands[i]) + list(s.rest[i]) + list(s.piles[i])
        assert list(s.hands[i]) == sorted(s.hands[i])
    assert sorted(every) == DECK_LIST


def try_illegal(s, kind, due, t, rng):
    """Throw a handful of illegal actions at state ``s``, and random card sets that the
    Tracker judges."""
    others = [x for x in range(4) if x not in due]
    seat = due[0] if due else rng.below(4)
    hand = sorted(s.hands[seat]) if s.dealer >= 0 else []
    foreign = [c for c in DECK_LIST if c not in hand]
    some = (rng.choice(hand),) if hand else (rng.choice(DECK_LIST),)
    if kind == "deal":
        check_refused(s, (rng.below(4), "pass"))
        check_refused(s, (0, "tichu"))
        return
    check_refused(s, game.next_deal(s, Pcg32(rng.next())))
    if kind == "over":
        for a in ((0, "pass"), (1, "grand"), (2, "play", some), (3, "tichu")):
            check_refused(s, a)
        return
    check_refused(s, (seat, "bid", 20))
    check_refused(s, (seat, "play", (rng.choice(foreign),)))
    check_refused(s, (4, "pass"))
    if kind == "grand":  # each of these closes the window, then is refused
        check_refused(s, (seat, "pass"))
        check_refused(s, (seat, "play", some))
        check_refused(s, (seat, "gift", (seat + 1) % 4))
        check_refused(s, (seat, "push", tuple(hand[:2])))
        return
    for x in range(4):
        if not t.may_call(x):
            check_refused(s, (x, "tichu"))
        check_refused(s, (x, "grand"))
    if kind == "push":
        check_refused(s, (seat, "push", tuple(hand[:2])))
        check_refused(s, (seat, "push", tuple(hand[:2]) + (rng.choice(foreign),)))
        check_refused(s, (seat, "pass"))
        for o in others:
            check_refused(s, (o, "push", tuple(s.hands[o][:3])))
        return
    if kind == "gift":
        w = due[0]
        check_refused(s, (w, "gift", (w + 2) % 4))
        check_refused(s, (w, "gift", w))
        check_refused(s, ((w + 1) % 4, "gift", w))
        check_refused(s, (w, "pass"))
    for o in others:
        check_refused(s, (o, "pass"))
    if kind == "play" and (t.leading or t.must_fulfil(seat)):
        check_refused(s, (seat, "pass"))
    for _ in range(4):  # random card sets: accepted exactly when the Tracker says so
        x = rng.below(4)
        pool = sorted(s.hands[x])
        if not pool:
            continue
        rng.shuffle(pool)
        cards = tuple(pool[:1 + rng.below(min(6, len(pool)))])
        if t.legal_play(x, cards):
            game.apply(s, (x, "play", cards))
        else:
            check_refused(s, (x, "play", cards))
    if hand and MJ << 3 | 4 not in hand:
        check_refused(s, (seat, "play", some, None, 9))


def check_legal_actions(s, seat, t, rng):
    """legal_actions lists what apply accepts, pass exactly when allowed, and every move
    the random player may pick honours the wish (T4.2)."""
    acts = game.legal_actions(s, seat)
    bound = t.must_fulfil(seat)
    assert ((seat, "pass") in acts) == (not t.leading and not bound)
    for a in acts:
        if a[1] == "play" and bound:
            r = classify(a[2])[-1]
            assert is_bomb(r) or has_rank(a[2], t.wish)
    for _ in range(3):
        a = rng.choice(acts)
        if a[1] == "play":
            assert t.legal_play(seat, a[2], a[3])
        game.apply(s, a)


def play_match(seed, limit):
    rng = Pcg32(seed, 7)
    deals = Pcg32(seed)
    s = game.new_match(limit)
    writer = record.Writer(limit, seed=seed)
    t = Tracker()
    steps = 0
    while True:
        kind, due = game.decision(s)
        if kind == "deal":
            assert s.dealer < 0 or t.over
        elif kind != "over":
            assert (kind, due) == t.decision()
        if steps % 3 == 0:
            try_illegal(s, kind, due, t, rng)
        if kind == "over":
            break
        if kind == "deal":
            a = game.next_deal(s, deals)
            t.deal(a)
        else:
            a = random_step(s, rng)
            seat = a[0]
            if kind == "play" and seat == due[0] and steps % 7 == 0:
                check_legal_actions(s, seat, t, rng)
            if kind == "play" and seat == t.turn:  # T4.2: the random player honours the wish
                if a[1] == "pass":
                    assert not t.leading and not t.must_fulfil(seat)
                elif a[1] == "play":
                    assert t.legal_play(seat, a[2], a[3] if len(a) > 3 else None)
            assert game.tichu_seats(s) == tuple(x for x in range(4) if t.may_call(x))
            t.act(a)
        before = snapshot(s)
        nxt, events = game.apply(s, a)
        assert snapshot(s) == before  # apply never changes its input
        for e in events:
            if e[0] == "round_over":
                assert t.over and e[1] == t.deltas()
        assert [set(h) for h in nxt.hands] == t.hands
        assert [sorted(p) for p in nxt.piles] == [sorted(p) for p in t.piles]
        assert nxt.wish == t.wish and nxt.out == tuple(t.out)
        check_cards(nxt)
        writer.add(a, events)
        if steps % 17 == 0:  # the board's save and restore
            nxt = game.State.from_list(json.loads(json.dumps(nxt.to_list())))
        s = nxt
        steps += 1
    return check_match_end(s, limit, 2, writer, seed, rng, JUNK, DECK.format(DECK_LIST))


JUNK = (None, True, 1.5, -1, 4, 9, "x", "pass", "deal", "grand", "PHX", "7j", [], {}, [[]], ["7j"],
        {"wish": "9"}, {"as": "K"}, 10 ** 30)


def test_random_matches_keep_every_invariant():
    run_matches(SMALL, play_match, LIMITS)


@pytest.mark.fuzz
def test_random_matches_keep_every_invariant_full():
    run_matches(FULL if os.environ.get("FUZZ_FULL") else SMALL, play_match, LIMITS)
