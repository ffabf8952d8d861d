# The hand's choices as a menu made for buttons (dealer mode): columns that LEFT/RIGHT
# step through, each a list that UP/DOWN step through, and OK takes the one in view.
#
# In trick play a column holds the plays of one kind and length ("pair", "straight of
# 6"), by rank; the bombs are one column; then come a Tichu call, the free card
# selection ("Cards") and Pass, last, so that LEFT from the first kind is Pass. Plays
# that differ only in suits are one play (RULES T3/C5: a combination's kind and rank
# never depend on suits), played with the cards that break the fewest bombs; a straight
# flush and each reading of the Phoenix stay plays of their own. The bid, the Grand
# Tichu question and the Dragon's gift are one column each.
#
# An option is a play's code (an int, see plays(): a Chimera lead may offer hundreds, and
# the board keeps them while the hand is up), which Hand.expand turns into ("play",
# cards, as), or ("act", action, text), ("ask", action, question: asked once before it
# is done, text) or ("cards", text): the free selection. A play's name is made when it is
# in view (Hand.option_text).

from engine_core.errors import IllegalAction
from firmware.play.text import is_bomb

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

PLAY = "play"
ACT = "act"
ASK = "ask"
CARDS = "cards"
BOMBS = 999  # the bombs' column key: after every kind of play (kind << 5 | length)
_CODE = const(0x3FFFFF)  # a play's code in a menu entry rank << 22 | code


def plays(hand, bombs_only):
    # {column key: [rank << 22 | code]} of the distinct legal plays, suit variants
    # collapsed. A column key is a reading's kind << 5 | length (BOMBS for the bombs); a
    # play's code is its index (Hand.each_play) << 4 | which of its readings (0: its only
    # one), what the menu keeps of it (Hand.expand gives it back). Ints, not tuples: a
    # Chimera lead offers hundreds of plays.
    game = hand.game()
    g = hand.session().dealt.game
    over = hand.over()
    tichu = game == "tichu"
    spoil = {}  # type: dict  # Tichu: the cards that make a bomb
    if tichu:
        for cards in hand.plays(bombs_only):
            if _bomb_cards(cards):
                for c in cards:
                    spoil[c] = 1
    best = {}  # type: dict  # Tichu: (values, as) -> (cards spoilt, column, rank << 22 | code)
    cols = {}  # type: dict
    for i, cards in hand.each_play(bombs_only):
        vs = hand.readings_of(cards)
        flush = tichu and len(cards) >= 5 and _one_family(cards)
        for k in range(len(vs) if vs else 1):
            v = vs[k] if vs else None
            code = i << 4 | (k + 1 if vs else 0)
            key = None
            if tichu and not flush:  # suits change nothing but a straight flush (T3)
                vals = [c >> 3 for c in cards]  # sorted: a legal play's cards are (Hand.legal)
                vals.append(0 if v is None else v + 1)
                key = bytes(vals)
                cost = 0
                for c in cards:
                    cost += spoil.get(c, 0)
                old = best.get(key)
                if old is not None:
                    if cost < old[0]:
                        best[key] = (cost, old[1], old[2] & ~_CODE | code)
                    continue
            r = _reading(g, cards, over, v)
            if r is None:
                continue
            col = BOMBS if is_bomb(game, r) else r[0] << 5 | r[1]
            rank = r[2]
            if tichu and len(cards) == 1:  # singles in the hand row's order: the Phoenix after the A
                rank = (cards[0] >> 3) << 1
            if key is None:
                _add(cols, col, rank << 22 | code)
            else:
                best[key] = (cost, col, rank << 22 | code)
    for x in best.values():
        _add(cols, x[1], x[2])
    return cols


def _reading(g, cards, over, v):
    # Only IllegalAction: a MemoryError must reach the hand (Hand.menu), not drop the play.
    try:
        return g.reading_for(cards, over, v)
    except IllegalAction:  # a bomb seen from out of turn, or the lead's
        try:
            return g.reading_for(cards, None, v)
        except IllegalAction:
            return None


def _add(cols, col, x):
    opts = cols.get(col)
    if opts is None:
        cols[col] = [x]
    else:
        opts.append(x)


def _bomb_cards(cards):
    # Tichu: four of a value, or five or more of one suit in a row (a legal play's cards).
    n = len(cards)
    if n == 4:
        v = cards[0] >> 3
        for c in cards:
            if c >> 3 != v:
                return False
        return True
    return n >= 5 and _one_family(cards)


def _one_family(cards):
    f = cards[0] & 7
    for c in cards:
        if c & 7 != f:
            return False
    return True


def columns(hand, claim):
    # The columns of the moment: [[option]].
    t = hand.t
    game = hand.game()
    seat = hand.seat
    kind, mine = hand.due()
    names = hand.app.book.names
    st = hand.state()
    cols = []  # type: list[list[tuple]]
    if claim:
        mine = False
    if mine and kind == "bid":
        opts = []
        for a in hand.legal()[1]:
            opts.append((ACT, a, t("Pass") if a[1] == "pass" else t("Bid %d") % a[2]))
        cols.append(opts)
        return cols
    if mine and kind == "grand":
        cols.append([(ACT, (seat, "no_grand"), t("No Grand")),
                     (ASK, (seat, "grand"), t("Call Grand Tichu?"), t("Grand Tichu!"))])
        return cols
    if mine and kind == "gift":
        opts = []
        for to in ((seat + 1) % 4, (seat + 3) % 4):
            opts.append((ACT, (seat, "gift", to), t("Dragon to %s") % names[to]))
        cols.append(opts)
    if kind == "play" and (mine or game == "tichu"):
        groups = plays(hand, not mine)
        keys = sorted(groups)
        for k in keys:
            opts = groups.pop(k)
            opts.sort()  # by rank, then by the legal list's order
            for j in range(len(opts)):
                opts[j] &= _CODE
            cols.append(opts)
    if game == "tichu" and st is not None and hand.session().dealt.game.may_call(st, seat):
        cols.append([(ASK, (seat, "tichu"), t("Call Tichu?"), t("Tichu!"))])
    if kind == "play" and (mine or game == "tichu"):
        cols.append([(CARDS, t("Choose cards"))])
    if mine and kind == "play" and hand.may_pass():
        cols.append([(ACT, (seat, "pass"), t("Pass"))])
    return cols


def find(cols, action, expand):
    # (column, option) of the option that does ``action`` (a proposal), or None.
    for i in range(len(cols)):
        opts = cols[i]
        for j in range(len(opts)):
            w = expand(opts[j])
            if w[0] == PLAY and action[1] == "play" and sorted(w[1]) == sorted(action[2]) \
                    and w[2] == (action[3] if len(action) > 3 else None):
                return i, j
            if (w[0] == ACT or w[0] == ASK) and w[1] == action:
                return i, j
    if action[1] == "play":  # the proposed cards are a suit variant of one option
        vals = sorted([c >> 3 for c in action[2]])
        for i in range(len(cols)):
            opts = cols[i]
            for j in range(len(opts)):
                w = expand(opts[j])
                if w[0] == PLAY and sorted([c >> 3 for c in w[1]]) == vals \
                        and w[2] == (action[3] if len(action) > 3 else None):
                    return i, j
    return None
