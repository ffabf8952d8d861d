# Trick play of the Tichu bots (RULES T4, T5): the lead, the follow, the bombs, as
# actions of game.legal_actions. Reads only the seat's view (view.py) and the plays the
# own hand may make (movegen.legal_plays: the own hand and the table).
#
# Levels: 1 plays its lowest play; 2 plays by the plan (bot_hand.plan) and with the
# partner; 3 adds the finer parts (the Dog and low leads for a partner who called,
# stopping an opponent who called, bombs only once the trick is won, the wish by the
# push, the score) and plays for tricks more readily, above all once a seat is out
# (URG_*).

from engine_core.order import stable_sorted
from engine_core.tichu import bot_hand
from engine_core.tichu.bot_hand import bomb_combo, bombs_in, loss8, plan, replan, win8
from engine_core.tichu.cards import DOG, MAHJONG, PHOENIX, POINTS
from engine_core.tichu.combos import (
    SINGLE,
    beats,
    classify,
)
from engine_core.tichu.movegen import legal_plays

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

MJ_CARD = MAHJONG << 3 | 4
_MAX_REPLANS = const(6)  # follows weighed by a new plan, lowest first: the time budget on the board
# Level 3's extra urgency to win a trick, in eighths of a combination's loss (_urgency):
# always a little (holding winners back lost more tricks than it saved, measured in the
# arena), much more once somebody is out (the partner: the double victory, T6.1; an
# opponent: the other one must not be second) and after its own Tichu call.
_URG_BASE = const(4)
_URG_DOUBLE = const(16)
_URG_STOP = const(12)
_URG_CALLED = const(4)
WINNER = 6  # win8 from which a combination counts as one that wins back the lead


class Ctx:
    # One decision's working set: the view, the tracked cards, the level, the bombs
    # held and the plan of the rest (combos, loss in eighths, its sort key).
    __slots__ = ("v", "t", "level", "bombs", "bomb_cards", "combos", "loss", "key")


def context(v, level):
    x = Ctx()
    x.v = v
    x.level = level
    x.t = bot_hand.track(v)
    x.bombs = bombs_in(v.hand)
    used = []
    for b in x.bombs:
        used.extend(b)
    x.bomb_cards = used
    rest = [c for c in v.hand if c not in used]
    key, combos = plan(rest, x.t)
    x.key = key
    x.loss = key >> 4
    x.combos = combos
    return x


def trick_points(v):
    return bot_hand_points(v.trick)


def bot_hand_points(cards):
    s = 0
    for c in cards:
        s += POINTS.get(c >> 3, 0)
    return s


# ----------------------------------------------------------------------------- cards and actions

def cards_for(values, hand, avoid):
    """Card codes of ``hand`` for the values ``values`` (15: the Phoenix), cards of bombs
    (``avoid``) last; a straight is kept out of one suit (that would be a bomb, T3.4).
    None when the hand lacks them."""
    pool = [c for c in hand if c not in avoid] + [c for c in hand if c in avoid]
    out = []
    for val in values:
        for c in pool:
            if c >> 3 == val and c not in out:
                out.append(c)
                break
        else:
            return None
    if len(out) >= 5 and PHOENIX not in values and _one_suit(out):
        for i in range(len(out)):
            for c in pool:
                if c >> 3 == out[i] >> 3 and c & 7 != out[i] & 7 and c not in out:
                    out[i] = c
                    return tuple(sorted(out))
        return None
    return tuple(sorted(out))


def _one_suit(cards):
    f = cards[0] & 7
    for c in cards:
        if c & 7 != f or c >> 3 == MAHJONG:
            return False
    return True


def action_for(v, cards, rank, lead, wish=None):
    """The legal_actions entry for playing ``cards`` read at ``rank`` (plain value of
    the highest unit), with ``wish`` if they hold the Mah Jong (choices._on_turn)."""
    rs = classify(cards)
    if len(rs) > 1 and not lead:
        rs = [r for r in rs if beats(r, v.top)]
    as_value = None
    if len(rs) > 1:
        as_value = rs[-1][2]
        for r in rs:
            if r[2] == rank:
                as_value = rank
    if MJ_CARD in cards:
        return (v.seat, "play", cards, as_value, wish)
    return (v.seat, "play", cards, as_value)


def reading_of(cards, top):
    """(kind, length, rank as a plain value, values) of a play on ``top`` (None:
    lead), as a plan combination."""
    rs = classify(cards)
    r = rs[-1]
    if top is not None:
        for i in range(len(rs) - 1, -1, -1):
            if beats(rs[i], top):
                r = rs[i]
                break
    vals = tuple(c >> 3 for c in cards)
    if r[0] == SINGLE:
        return (SINGLE, 1, cards[0] >> 3, vals)
    return (r[0], r[1], r[2], vals)


def _is_bomb_cards(p):
    """T3.4 on a legal play: four equal cards, or five and more of one suit without the
    Phoenix (movegen never lists those as straights)."""
    n = len(p)
    if n == 4:
        return p[0] >> 3 == p[3] >> 3
    return n >= 5 and _one_suit(p) and p[-1] >> 3 != PHOENIX


def has_value(values, w):
    for x in values:
        if x == w:
            return True
    return False


# ----------------------------------------------------------------------------- level 1

def simple(v):
    """Level 1: the lowest play (a lone lowest card when leading), never a bomb unless
    the wish leaves nothing else, pass when nothing beats."""
    hand = v.hand
    if v.lead:
        w = v.wish
        pick = hand[0]
        if w:
            for c in hand:
                if c >> 3 == w:
                    pick = c
                    break
        return action_for(v, (pick,), pick >> 3, True)
    plays = legal_plays(hand, v.top, v.wish)
    best = None
    bkey = 99
    for p in plays:
        r = reading_of(p, v.top)
        k = r[2] + (50 if r[0] >= 6 else 0)
        if k < bkey:
            best, bkey = (p, r), k
    bound = v.wish and any(has_value(tuple(c >> 3 for c in p), v.wish) for p in plays)
    if best is None or (best[1][0] >= 6 and not bound):
        return (v.seat, "pass")
    return action_for(v, best[0], best[1][2], False)


# ----------------------------------------------------------------------------- the plan levels

def lead(x, rng):
    v = x.v
    hand = v.hand
    seat = v.seat
    partner = (seat + 2) % 4
    combos = x.combos
    w = v.wish
    if w and any(c >> 3 == w for c in hand):
        return _lead_wish(x, w)
    # one combination left (a bomb included): out with it
    if len(combos) + len(x.bombs) == 1:
        if x.bombs:
            return action_for(v, tuple(sorted(x.bombs[0])), 0, True)
        return _lead_combo(x, combos[0], rng)
    # a trick won by an opponent who went out waits to be taken: bomb it if worth it
    if x.bombs and v.top is not None and (v.top_seat & 1) != (seat & 1) and x.level >= 3 \
            and trick_points(v) >= 15:
        b = _beating_bomb(x)
        if b is not None:
            return b
    opp_low = min(v.counts[(seat + 1) % 4] or 99, v.counts[(seat + 3) % 4] or 99)
    partner_in = v.counts[partner] > 0
    partner_called = v.calls[partner] and partner_in
    opp_called = _opp_caller(v)
    dog = None
    for c in combos:
        if c[0] == SINGLE and c[2] == DOG:
            dog = c
    # the Dog hands the lead to a partner who called, or who is better placed
    if dog is not None and partner_in:
        weak = _losers(x) >= _winners(x) + 2
        if (x.level >= 3 and (partner_called or (weak and v.counts[partner] <= len(hand)))) \
                or len(combos) == 1 or (x.level == 2 and weak and v.counts[partner] < len(hand)):
            return _lead_combo(x, dog, rng)
    cand = [c for c in combos if not (c[0] == SINGLE and c[2] == DOG)]
    if not cand:
        if dog is not None:
            return _lead_combo(x, dog, rng)
        return action_for(v, tuple(sorted(x.bombs[0])), 0, True)
    t = x.t
    if x.level >= 3 and partner_called and not v.calls[seat]:
        # lead low singles the partner can take
        singles = [c for c in cand if c[0] == SINGLE and c[2] < 11]
        if singles:
            return _lead_combo(x, singles[0], rng)
    if opp_low == 1 or (x.level >= 3 and opp_called and opp_low <= 3):
        multi = [c for c in cand if c[0] != SINGLE]
        if multi:
            return _lead_combo(x, _lowest(multi), rng)
        return _lead_combo(x, _highest_single(cand), rng)
    losers = [c for c in cand if win8(c, t) < WINNER]
    if losers:
        # the longest loser first (hard to follow), then the lowest
        best = losers[0]
        for c in losers:
            if len(c[3]) > len(best[3]) or (len(c[3]) == len(best[3]) and c[2] < best[2]):
                best = c
        return _lead_combo(x, best, rng)
    return _lead_combo(x, _lowest(cand), rng)


def _lowest(combos):
    best = combos[0]
    for c in combos:
        if c[2] < best[2] or (c[2] == best[2] and len(c[3]) > len(best[3])):
            best = c
    return best


def _highest_single(combos):
    best = combos[0]
    for c in combos:
        if c[0] == SINGLE and (best[0] != SINGLE or c[2] > best[2]):
            best = c
    return best


def _winners(x):
    n = len(x.bombs)
    for c in x.combos:
        if win8(c, x.t) >= WINNER:
            n += 1
    return n


def _losers(x):
    n = 0
    for c in x.combos:
        if win8(c, x.t) < WINNER and not (c[0] == SINGLE and c[2] == DOG):
            n += 1
    return n


def _opp_caller(v):
    for s in ((v.seat + 1) % 4, (v.seat + 3) % 4):
        if v.calls[s] and v.counts[s] and not v.out:
            return True
    return False


def _lead_combo(x, combo, rng):
    v = x.v
    cards = cards_for(combo[3], v.hand, x.bomb_cards)
    if cards is None:  # cannot happen for plan combinations; stay legal anyway
        cards = (v.hand[0],)
        combo = (SINGLE, 1, v.hand[0] >> 3, (v.hand[0] >> 3,))
    wish = choose_wish(x, cards) if MJ_CARD in cards else None
    return action_for(v, cards, combo[2], True, wish)


def _lead_wish(x, w):
    """T4.2: leading under an open wish for a value held: a combination of the plan
    holding it, else that card alone (or a bomb, which never has to fulfil it)."""
    v = x.v
    best = None
    for c in x.combos:
        if has_value(c[3], w) and (best is None or loss8(c, x.t) > loss8(best, x.t)):
            best = c
    if best is None:
        if w in [c >> 3 for c in x.bomb_cards] and len(x.combos) == 0:
            return action_for(v, tuple(sorted(x.bombs[0])), 0, True)
        best = (SINGLE, 1, w, (w,))
    cards = cards_for(best[3], v.hand, x.bomb_cards)
    if cards is None:
        cards = cards_for((w,), v.hand, ())
        best = (SINGLE, 1, w, (w,))
    wish = choose_wish(x, cards) if MJ_CARD in cards else None
    return action_for(v, cards, best[2], True, wish)


def choose_wish(x, cards):
    """T4.1: level 1 names none; 2 the highest value it lacks that is still out; 3 a
    value it pushed to an opponent that is high enough to hurt, else the same."""
    if x.level < 2:
        return None
    v = x.v
    mine = [c >> 3 for c in v.hand if c not in cards]
    u = x.t.u
    if x.level >= 3:
        for card in v.placed:
            r = card >> 3
            if 2 <= r <= 14 and (v.placed[card] & 1) != (v.seat & 1) and r >= 10 and r not in mine:
                return r
    for r in range(14, 1, -1):
        if r not in mine and u[r] >= 2:
            return r
    return None


# ----------------------------------------------------------------------------- follow

def follow(x, rng):
    v = x.v
    seat = v.seat
    top = v.top
    plays = legal_plays(v.hand, top, v.wish)
    w = v.wish
    bound = False
    if w:
        for p in plays:
            if has_value(tuple(c >> 3 for c in p), w):
                bound = True
                break
    nonbomb = []
    bombs = []
    seen = []
    for p in plays:
        if _is_bomb_cards(p):
            bombs.append(p)
            continue
        vals = tuple(c >> 3 for c in p)
        if vals in seen:  # another choice of suits: the same play for the plan
            continue
        seen.append(vals)
        nonbomb.append(reading_of(p, top))
    if bound:
        nonbomb = [r for r in nonbomb if has_value(r[3], w)]
    n_hand = len(v.hand)
    # out with one play
    for r in nonbomb:
        if len(r[3]) == n_hand:
            return _play_combo(x, r)
    for p in bombs:
        if len(p) == n_hand:
            return action_for(v, p, 0, False)
    partner = (seat + 2) % 4
    on_top_partner = v.top_seat == partner
    if on_top_partner and not bound:
        return (seat, "pass")
    choice = _best_follow(x, nonbomb, bound)
    if choice is not None:
        return _play_combo(x, choice)
    if (bound and not nonbomb) or (not on_top_partner and _want_bomb(x, True)):
        b = _beating_bomb(x)
        if b is not None:
            return b
    if bound and nonbomb:
        return _play_combo(x, nonbomb[0])
    return (seat, "pass")


def _best_follow(x, items, bound):
    """The follow whose rest plays best, if it is worth playing now."""
    if not items:
        return None
    v = x.v
    t = x.t
    old = x.loss
    urgency = _urgency(x)
    best = None
    best_gain = -99
    evals = 0
    for r in stable_sorted(items, lambda r: r[2]):
        gain = None
        for c in x.combos:
            if c[:3] == r[:3] and sorted(c[3]) == sorted(r[3]):
                gain = loss8(c, t)
                break
        if gain is None:
            if evals == _MAX_REPLANS:
                continue
            evals += 1
            rest = _minus(v.hand, r[3], x.bomb_cards)
            if rest is None:
                continue
            gain = old - (replan(rest, t, x.combos)[0] >> 4)
        if gain > best_gain:
            best, best_gain = r, gain
    if best is None:
        return None
    if bound or best_gain + urgency > 0:
        return best
    return None


def _urgency(x):
    """How much the trick on the table matters to this seat, in eighths."""
    v = x.v
    u = 0
    pts = trick_points(v)
    if pts >= 10:
        u += 1 + pts // 15
    ts = v.top_seat
    if ts >= 0 and (ts & 1) != (v.seat & 1):
        left = v.counts[ts]
        if left <= 2:
            u += 4
        if x.level >= 3 and v.calls[ts] and not v.out:
            u += 3
        nxt = (v.seat + 1) % 4
        if v.counts[nxt] and v.counts[nxt] <= 2:
            u += 1
    if x.level >= 3:
        u += _URG_BASE
        out = v.out
        if out and (out[0] & 1) == (v.seat & 1):
            u += _URG_DOUBLE  # the partner is out first: go for the double victory (T6.1)
        elif out and ts >= 0 and (ts & 1) != (v.seat & 1):
            u += _URG_STOP  # an opponent is out first: the other must not be second
        elif v.calls[v.seat] and not out:
            u += _URG_CALLED
    return u


def _minus(hand, values, avoid):
    cards = cards_for(values, hand, avoid)
    if cards is None:
        return None
    return [c for c in hand if c not in cards and c not in avoid]


def _play_combo(x, r):
    v = x.v
    cards = cards_for(r[3], v.hand, x.bomb_cards)
    wish = choose_wish(x, cards) if MJ_CARD in cards else None
    return action_for(v, cards, r[2], False, wish)


# ----------------------------------------------------------------------------- bombs

def _want_bomb(x, on_turn):
    """Is now the moment to bomb the trick on the table (T5.2)? Level 2: when an
    opponent is about to win it and it matters; level 3 waits until everybody passed
    (nobody else can answer) unless an opponent would go out."""
    v = x.v
    ts = v.top_seat
    if not x.bombs or ts < 0 or (ts & 1) == (v.seat & 1) or v.top is None:
        return False
    rest_after = len(x.combos)
    finishing = rest_after <= 1 or _losers(x) <= _winners(x) - 1
    u = _urgency(x) - (_URG_BASE if x.level >= 3 else 0)  # a bomb is spent on a real need
    if x.level >= 3 and not v.lead and not finishing and v.counts[ts] > 2:
        return False
    return finishing or u >= 4 or trick_points(v) >= 25


def _beating_bomb(x):
    """The smallest bomb that beats the table, as an action; None if none."""
    v = x.v
    best = None
    for b in x.bombs:
        bc = bomb_combo(b)
        r = classify(tuple(sorted(b)))[-1]
        if v.top is None or beats(r, v.top):
            if best is None or bc[1] * 16 + bc[2] < best[0]:
                best = (bc[1] * 16 + bc[2], tuple(sorted(b)))
    if best is None:
        return None
    return (v.seat, "play", best[1], None)


def out_of_turn(x):
    """A bomb out of turn (T5.2), or None."""
    v = x.v
    if v.top is None or not x.bombs:
        return None
    if not _want_bomb(x, False):
        return None
    return _beating_bomb(x)


def gift(x):
    """T4.5: the Dragon trick to the opponent more likely to finish last (its pile goes
    to the first out, T6.2), level 1 to the next seat."""
    v = x.v
    a, b = (v.seat + 1) % 4, (v.seat + 3) % 4
    if x.level < 2:
        return (v.seat, "gift", a)
    if v.counts[b] > v.counts[a] or (v.counts[b] == v.counts[a] and v.calls[a] and not v.calls[b]):
        return (v.seat, "gift", b)
    return (v.seat, "gift", a)

