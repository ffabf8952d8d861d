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
# An option is (text, what): what is ("play", cards, as), ("act", action), ("ask",
# action, question: asked once before it is done) or ("cards",): the free selection.

from firmware.play_text import TICHU_BOMB_FLUSH, is_bomb, reading

PLAY = "play"
ACT = "act"
ASK = "ask"
CARDS = "cards"


def plays(hand, bombs_only):
    # [(reading, cards, as)] of the distinct legal plays, suit variants collapsed.
    game = hand.game()
    g = hand.session().dealt.game
    over = hand.over()
    multi = hand.legal()[3]
    found = []
    for cards in hand.plays(bombs_only):
        for v in multi.get(hand.play_key(cards)) or (None,):
            try:
                r = g.reading_for(tuple(cards), over, v)
            except Exception:  # IllegalAction: a bomb seen from out of turn, or the lead's
                try:
                    r = g.reading_for(tuple(cards), None, v)
                except Exception:
                    continue
            found.append((r, tuple(cards), v))
    if game == "chimera":  # its legal list is by values already (families never matter)
        return found
    # Tichu: one play per reading and values (a straight flush keeps its suits), made of
    # the cards that spoil the fewest bombs.
    spoil = {}  # type: dict
    for r, cards, _v in found:
        if is_bomb(game, r):
            for c in cards:
                spoil[c] = 1
    best = {}  # type: dict
    order = []
    for r, cards, v in found:
        k = (r, v, cards if r[0] == TICHU_BOMB_FLUSH else tuple([c >> 3 for c in cards]))
        cost = 0
        for c in cards:
            cost += spoil.get(c, 0)
        old = best.get(k)
        if old is None:
            order.append(k)
            best[k] = (cost, r, cards, v)
        elif cost < old[0]:
            best[k] = (cost, r, cards, v)
    return [best[k][1:] for k in order]


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
            opts.append((t("Pass") if a[1] == "pass" else t("Bid %d") % a[2], (ACT, a)))
        cols.append(opts)
        return cols
    if mine and kind == "grand":
        cols.append([(t("No Grand"), (ACT, (seat, "no_grand"))),
                     (t("Grand Tichu!"), (ASK, (seat, "grand"), t("Call Grand Tichu?")))])
        return cols
    if mine and kind == "gift":
        opts = []
        for to in ((seat + 1) % 4, (seat + 3) % 4):
            opts.append((t("Dragon to %s") % names[to], (ACT, (seat, "gift", to))))
        cols.append(opts)
    if kind == "play" and (mine or game == "tichu"):
        groups = {}  # type: dict
        keys = []
        for r, cards, v in plays(hand, not mine):
            k = (99, 0) if is_bomb(game, r) else (r[0], r[1])
            if k not in groups:
                groups[k] = []
                keys.append(k)
            groups[k].append((r[2], cards, v, r))
        keys.sort()
        for k in keys:
            g = groups[k]
            g.sort(key=_by_rank)
            cols.append([(reading(game, x[3], t), (PLAY, x[1], x[2])) for x in g])
    if game == "tichu" and st is not None and hand.session().dealt.game.may_call(st, seat):
        cols.append([(t("Tichu!"), (ASK, (seat, "tichu"), t("Call Tichu?")))])
    if kind == "play" and (mine or game == "tichu"):
        cols.append([(t("Choose cards"), (CARDS,))])
    if mine and kind == "play" and hand.may_pass():
        cols.append([(t("Pass"), (ACT, (seat, "pass")))])
    return cols


def _by_rank(x):
    return (x[0], x[1])


def find(cols, action):
    # (column, option) of the option that does ``action`` (a proposal), or None.
    for i in range(len(cols)):
        opts = cols[i]
        for j in range(len(opts)):
            w = opts[j][1]
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
                w = opts[j][1]
                if w[0] == PLAY and sorted([c >> 3 for c in w[1]]) == vals \
                        and w[2] == (action[3] if len(action) > 3 else None):
                    return i, j
    return None
