# The Tichu bots: decide(state, seat, level, rng) -> one action of
# game.legal_actions(state, seat), or None when the seat is not due and lets its chance
# (a bomb, a Tichu call out of turn) go by.
#
# Level 0 is the engine's random player (choices.random_action); 1 easy: lowest plays,
# calls only with very strong hands; 2 normal: plays by a plan of its hand with card
# tracking and works with the partner; 3 strong: all of that with the finer parts (see
# bot_play.py) and calls adapted to the score.
#
# Honest by construction: every policy reads view.seat_view(state, seat) and the plays
# of its own hand only; tests/host/test_tichu_bot_honesty.py re-deals the cards the seat
# cannot see and checks that no decision changes.

from engine_core.tichu import game
from engine_core.tichu.bot_hand import counts, win8
from engine_core.tichu.cards import ACE, DOG, DRAGON, MAHJONG, PHOENIX
from engine_core.tichu.view import seat_view

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

# Hand strength needed for a call, by level (see grand_strength / tichu_strength):
# Tichu at a fitted chance of going out first of 0.7 (level 1), 0.55 (2), 0.54 (3: the fit
# is of play without a call; level 3 playing to its call makes 70-90% of them in the arena);
# Grand Tichu on 8 cards on rare hands (level 3 at 12, e.g. Dragon, Phoenix and an Ace:
# about 1 hand in 40, two thirds of them made against itself, a call worth +-200).
_GRAND_NEED = const((99, 17, 14, 12))
_TICHU_NEED = const((999, 85, 20, 15))


def decide(state, seat, level, rng):
    """One action of game.legal_actions(state, seat), or None (see the module text)."""
    if level <= 0:
        from engine_core.tichu.choices import random_action
        return random_action(state, seat, rng)
    kind, due = game.decision(state)
    if kind == game.DEAL or kind == game.OVER:
        return None
    v = seat_view(state, seat)
    if kind == game.GRAND_WINDOW:
        if seat not in due:
            return None
        return (seat, "grand" if grand_strength(v.hand) >= _grand_need(v, level) else "no_grand")
    # The play's code (bot_play) only where a play, a push or the gift is chosen: most
    # questions out of turn (a call? a bomb?) are answered without it, and a device loads
    # the bots' code for each question.
    if kind == game.PUSH:
        if seat not in due:
            return None
        from engine_core.tichu import bot_play

        x = bot_play.context(v, level)
        if _may_call(v) and tichu_strength(x) >= _tichu_need(v, level) + 40:
            return (seat, "tichu")  # before the push: only the strongest hands
        return push(x)
    on_turn = kind == game.PLAY and seat == state.turn
    if level == 1:
        if on_turn:
            from engine_core.tichu import bot_play

            if _may_call(v) and tichu_strength(bot_play.context(v, level)) >= _TICHU_NEED[1]:
                return (seat, "tichu")
            return bot_play.simple(v)
        if kind == game.GIFT and seat == state.top_seat:
            return (seat, "gift", (seat + 1) % 4)
        return None
    if not on_turn and not _bomb_possible(v) and not (kind == game.GIFT and seat == state.top_seat):
        return None
    from engine_core.tichu import bot_play

    if not on_turn and not _bomb_possible(v):
        return bot_play.gift(bot_play.context(v, level))
    x = bot_play.context(v, level)
    if on_turn:
        if _may_call(v) and _early(v) and tichu_strength(x) >= _tichu_need(v, level):
            return (seat, "tichu")
        if v.lead:
            return bot_play.lead(x, rng)
        return bot_play.follow(x, rng)
    if kind == game.GIFT and seat == state.top_seat:
        return bot_play.gift(x)
    return bot_play.out_of_turn(x)


def _may_call(v):
    """T2.4, as game.may_call reads it from the public table."""
    holding = 0
    for n in v.counts:
        if n:
            holding += 1
    return (v.phase in (game.PUSH, game.PLAY, game.GIFT) and not v.calls[v.seat]
            and not v.played >> v.seat & 1 and holding > 1)


def _early(v):
    """A Tichu call is weighed while the others have played little: the strength was
    measured on hands fresh from the push, against opponents still far from out."""
    for s in range(4):
        if s != v.seat and v.counts[s] < 11:
            return False
    return True


def _bomb_possible(v):
    """Cheap first look: four of a value or five of a suit (choices._may_hold_bomb)."""
    if v.top is None or len(v.hand) < 4:
        return False
    per_suit = [0, 0, 0, 0, 0]
    c = counts(v.hand)
    for x in v.hand:
        per_suit[x & 7] += 1
    return max(c[2:ACE + 1]) == 4 or max(per_suit[:4]) >= 5


# ----------------------------------------------------------------------------- calls

def grand_strength(hand):
    """Grand Tichu on 8 cards (T2.1): the cards that win tricks, in points."""
    c = counts(hand)
    s = 4 * c[DRAGON] + 4 * c[PHOENIX] + 3 * c[ACE] + c[13]
    for v in range(2, ACE + 1):
        if c[v] == 4:
            s += 6
    if c[ACE] >= 2:
        s += 1
    return s


# A logistic model of going out first, fitted (/tmp calibration, 5,000 level-3 rounds
# without calls, 20,000 hands) on the hand fresh from the push; weights x100, logit x100.
# Per feature: combinations (not the Dog), of them winners, their win chances in eighths,
# bombs, Dragon, Phoenix, Aces, Kings, Dog, Mah Jong, low singles (below 10); then the bias.
_FIT = (-9, -36, 6, 85, 35, 7, 2, 14, -100, 1, -42)
_BIAS = const(-47)


def tichu_strength(x):
    """The logit (x100) of going out first with this hand (see _FIT)."""
    from engine_core.tichu.bot_play import WINNER

    c = counts(x.v.hand)
    n = win = sumw = low = 0
    for k in x.combos:
        if k[0] == 0 and k[2] == DOG:
            continue
        n += 1
        w = win8(k, x.t)
        sumw += w
        if w >= WINNER:
            win += 1
        if k[0] == 0 and k[2] < 10:
            low += 1
    f = (n, win, sumw, len(x.bombs), c[DRAGON], c[PHOENIX], c[ACE], c[13], c[DOG], c[MAHJONG], low)
    s = _BIAS
    for i in range(len(f)):
        s += _FIT[i] * f[i]
    return s


def _score_shift(v, level):
    """Level 3 adapts to the score: far behind near the limit it calls on less, well
    ahead on more."""
    if level < 3:
        return 0
    mine, theirs = v.totals
    if theirs >= v.limit - 300 and theirs - mine >= 200:
        return -1
    if mine - theirs >= 400:
        return 1
    return 0


def _grand_need(v, level):
    if level == 1:
        return _GRAND_NEED[1]
    return _GRAND_NEED[level] + 2 * _score_shift(v, level) + (2 if _team_called(v) else 0)


def _tichu_need(v, level):
    if level == 1:
        return _TICHU_NEED[1]
    return _TICHU_NEED[level] + 20 * _score_shift(v, level) + (100 if _team_called(v) else 0)


def _team_called(v):
    return v.calls[(v.seat + 2) % 4] != 0


# ----------------------------------------------------------------------------- the push

def push(x):
    """T2.3: (to seat+1, to the partner, to seat+3). Level 1: the two lowest cards to
    the opponents, the highest to the partner. Levels 2-3 by the plan: the partner gets
    a high single unless this seat calls (then a low one), the opponents the lowest
    single cards the plan does not need (the Dog to one of them when this seat is
    strong); bombs are kept."""
    v = x.v
    hand = list(v.hand)
    seat = v.seat
    if x.level == 1:
        return (seat, "push", (hand[0], hand[-1], hand[1]))
    keep = list(x.bomb_cards)
    partner = (seat + 2) % 4
    strong = v.calls[seat] or tichu_strength(x) >= _tichu_need(v, x.level)
    singles = [c for c in x.combos if c[0] == 0]
    junk_vals = [c[2] for c in singles if 2 <= c[2] <= 12]
    junk = []
    for val in junk_vals:
        for card in hand:
            if card >> 3 == val and card not in keep and card not in junk:
                junk.append(card)
                break
    dog = [c for c in hand if c >> 3 == DOG]
    if dog and (strong or x.level < 3):
        junk = dog + junk
    # the partner's card
    if v.calls[partner]:
        to_partner = _best_card(hand, keep, allow_special=True)
    elif strong:
        to_partner = _lowest_card(hand, keep + junk[:2])
    else:
        to_partner = _best_single(x, hand, keep)
    rest = [c for c in junk if c != to_partner]
    while len(rest) < 2:
        rest.append(_lowest_card(hand, keep + rest + [to_partner]))
    return (seat, "push", (rest[0], to_partner, rest[1]))


def _lowest_card(hand, avoid):
    for c in hand:
        v = c >> 3
        if c not in avoid and 2 <= v <= ACE:
            return c
    for c in hand:
        if c not in avoid:
            return c
    return hand[0]


def _best_card(hand, keep, allow_special):
    for c in reversed(hand):
        v = c >> 3
        if c in keep or v == DOG or v == MAHJONG:
            continue
        if v <= ACE or allow_special:
            return c
    return hand[-1]


def _best_single(x, hand, keep):
    """A high card the plan plays alone (an Ace, a King), else the highest plain card."""
    for c in reversed(x.combos):
        if c[0] == 0 and 10 <= c[2] <= ACE:
            for card in hand:
                if card >> 3 == c[2] and card not in keep:
                    return card
    return _best_card(hand, keep, allow_special=False)
