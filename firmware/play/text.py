# The dealer mode's words and card faces that the table and the hand share, for the
# screens only (dropped with them): a card's face (its value, and its family as a colour
# on colour panels or a letter on mono ones) and a reading in short words ("straight 5-9",
# "bomb 7777"). What only one screen says lives in it (the table: what an action did; the
# hand: an engine refusal), so neither holds the other's words. Every text goes through
# the table (firmware/texts.tsv).

from firmware.texts import NBSP

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

_FAMILY = const("jspt")
# Jade, Sword, Pagoda, Star on colour panels (the specials in the text colour).
_COLOURS = const((0x3CD26E, 0x5AB4FF, 0xFF6450, 0xFFD23C))

CHIMERA_TOKENS = {13: "H", 14: "P", 15: "C"}
TICHU_TOKENS = {0: "Dog", 1: "MJ", 11: "J", 12: "Q", 13: "K", 14: "A", 15: "Phx", 16: "Drg"}
TICHU_SPECIALS = {0: "Dog", 1: "Mah Jong", 15: "Phoenix", 16: "Dragon"}
CHIMERA_SPECIALS = {14: "Pi Ya", 15: "Chimera card"}  # the card, not the role

# Kind names by the games' kind numbers (engine_core/<game>/combos.py).
_CHIMERA_KINDS = const(("single", "pair", "pairs", "trio", "trios", "trio+1", "trio+pair", "trios+1s",
                 "trios+pairs", "straight", "four+2", "four+2 pairs", "trap", "Chimera attack"))
_TICHU_KINDS = const(("single", "pair", "pairs", "trio", "full house", "straight", "bomb", "bomb"))
_CHIMERA_TRAP = const(12)
_CHIMERA_ATTACK = const(13)
_CHIMERA_STRAIGHT = const(9)
# The cards each value of a combination's range holds, by kind: pair 2, trio 3, straight 1.
_TICHU_EACH = const((1, 2, 2, 3, 3, 1, 4, 1))
_CHIMERA_EACH = const((1, 2, 2, 3, 3, 3, 3, 3, 3, 1, 4, 4, 4, 1))
_TICHU_BOMB_FOUR = const(6)
_TICHU_BOMB_FLUSH = const(7)
# Why BOMB does nothing: in Chimera traps too are played on one's own turn only (C7.3).
NO_BOMB = {"chimera": "In Chimera only the player on turn plays, traps too",
           "tichu": "No bomb in this hand now"}


def value_token(game, v):
    return (CHIMERA_TOKENS if game == "chimera" else TICHU_TOKENS).get(v, str(v))


def face(game, code, mono):
    # A card as it shows in a hand: "7" in Jade's colour, or "7j" on a mono panel.
    v = code >> 3
    f = code & 7
    text = value_token(game, v)
    if mono and f < 4:
        text += _FAMILY[f]
    return text


def colour(code, fg):
    f = code & 7
    return _COLOURS[f] if f < 4 else fg


def cards_text(game, codes):
    # Cards in words without families, as CONTRACT 1 writes a play: "7 7 8 8".
    return " ".join([value_token(game, c >> 3) for c in sorted(codes)])


def reading(game, r, t, cards=None, v=None):
    # A reading in short words: "pair 9", "straight 5-9", "bomb 4x7", "Phoenix". With the
    # play's ``cards``: what the Phoenix (Pi Ya) among them stands for ("straight 2-6,
    # Phoenix as 2": two plays never share a name), else ``v``, the reading's "as" value
    # ("... as 9"). (One function: every name is interned on the board, docs/heap.md.)
    kind, length, rank = r
    tichu = game != "chimera"
    if not tichu and kind == _CHIMERA_ATTACK:
        return t("Chimera attack")
    name = t((_TICHU_KINDS if tichu else _CHIMERA_KINDS)[kind])
    if kind == (_TICHU_BOMB_FOUR if tichu else _CHIMERA_TRAP):  # "trap 4x11", not "11111111" (C5.3, T3.2)
        return "%s 4x%s" % (name, value_token(game, rank))
    if kind == 0:
        if not tichu:
            return t(CHIMERA_SPECIALS[rank]) if rank in CHIMERA_SPECIALS else \
                name + " " + value_token(game, rank)
        if rank & 1:
            return t("Phoenix")
        rank >>= 1
        return t(TICHU_SPECIALS[rank]) if rank in TICHU_SPECIALS else name + " " + value_token(game, rank)
    if length > 1:
        name = "%s %s-%s" % (name, value_token(game, rank - length + 1), value_token(game, rank))
    else:
        name = name + " " + value_token(game, rank)
    if not cards:
        return t("%s as %s") % (name, value_token(game, v)) if v is not None else name
    # The cards a value of the range holds (pair 2, trio 3, ...), and whether the cards
    # beside them are pairs: what is attached is named ("full house 5+8", "trio+1 1+7").
    each = (_TICHU_EACH if tichu else _CHIMERA_EACH)[kind]
    pairs = kind in ((4,) if tichu else (6, 8, 11))
    vals = [c >> 3 for c in cards]
    wild = 15 if tichu else 14  # the Phoenix (T3.3), the Pi Ya in a straight (C5.2)
    n = None
    if wild in vals and (tichu or kind == _CHIMERA_STRAIGHT):
        vals.remove(wild)
        for x in range(rank - length + 1, rank + 1):
            if vals.count(x) < each:
                n = x
        if n is None:  # a full house's pair
            n = [x for x in vals if vals.count(x) == 1][0]
        vals.append(n)
    try:
        for x in range(rank - length + 1, rank + 1):
            for _ in range(each):
                vals.remove(x)
    except ValueError:  # cards that are not this reading: its plain name
        return name
    if vals:
        vals.sort()
        name += "+" + " ".join([value_token(game, x) for x in (vals[::2] if pairs else vals)])
    if n is not None:  # what the Phoenix stands for, kept on one line
        name += ", " + (t("%s as %s") % (t(TICHU_SPECIALS[15] if tichu else CHIMERA_SPECIALS[14]),
                                          value_token(game, n))).replace(" ", NBSP)
    elif v is not None:
        name = t("%s as %s") % (name, value_token(game, v))
    return name


def is_bomb(game, r):
    return r[0] >= (_CHIMERA_TRAP if game == "chimera" else _TICHU_BOMB_FOUR)
