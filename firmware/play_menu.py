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

from firmware.play_text import TICHU_BOMB_FLUSH, is_bomb

PLAY = "play"
ACT = "act"
ASK = "ask"
CARDS = "cards"
BOMBS = (99, 0)  # the bombs' column key: after every kind of play


def plays(hand, bombs_only):
    # [(reading, code, cards)] of the distinct legal plays, suit variants collapsed; a
    # play's code is its index in hand.plays(bombs_only) << 4 | which of its readings
    # (0: its only one), what the menu keeps of it (Hand.expand gives it back).
    game = hand.game()
    g = hand.session().dealt.game
    over = hand.over()
    multi = hand.legal()[3]
    found = []
    source = hand.plays(bombs_only)
    for i in range(len(source)):
        cards = source[i]
        vs = multi.get(hand.play_key(cards))
        for k in range(len(vs) if vs else 1):
            v = vs[k] if vs else None
            try:
                r = g.reading_for(cards, over, v)
            except Exception:  # IllegalAction: a bomb seen from out of turn, or the lead's
                try:
                    r = g.reading_for(cards, None, v)
                except Exception:
                    continue
            found.append((r, i << 4 | (k + 1 if vs else 0), cards, v))
    if game == "chimera":  # its legal list is by values already (families never matter)
        return found
    # Tichu: one play per reading and values (a straight flush keeps its suits), made of
    # the cards that spoil the fewest bombs.
    spoil = {}  # type: dict
    for x in found:
        if is_bomb(game, x[0]):
            for c in x[2]:
                spoil[c] = 1
    best = {}  # type: dict
    order = []
    for x in found:
        r, cards = x[0], x[2]
        key = (r, x[3], cards if r[0] == TICHU_BOMB_FLUSH else tuple([c >> 3 for c in cards]))
        cost = 0
        for c in cards:
            cost += spoil.get(c, 0)
        old = best.get(key)
        if old is None:
            order.append(key)
            best[key] = (cost, x)
        elif cost < old[0]:
            best[key] = (cost, x)
    return [best[key][1] for key in order]


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
        groups = {}  # type: dict
        keys = []
        for r, code, cards, _v in plays(hand, not mine):
            k = BOMBS if is_bomb(game, r) else (r[0], r[1])
            if k not in groups:
                groups[k] = []
                keys.append(k)
            groups[k].append((r[2], cards, code))
        keys.sort()
        for k in keys:
            g = groups[k]
            g.sort(key=_by_rank)
            cols.append([x[2] for x in g])
    if game == "tichu" and st is not None and hand.session().dealt.game.may_call(st, seat):
        cols.append([(ASK, (seat, "tichu"), t("Call Tichu?"), t("Tichu!"))])
    if kind == "play" and (mine or game == "tichu"):
        cols.append([(CARDS, t("Choose cards"))])
    if mine and kind == "play" and hand.may_pass():
        cols.append([(ACT, (seat, "pass"), t("Pass"))])
    return cols


def _by_rank(x):
    return (x[0], x[1])


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
