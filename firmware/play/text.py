# The dealer mode's words and card faces that the table and the hand share, for the
# screens only (dropped with them): a card's face (its value, and its family as a colour
# on colour panels or a letter on mono ones) and a reading in short words ("straight 5-9",
# "bomb 7777"). What only one screen says lives in it (the table: what an action did; the
# hand: an engine refusal), so neither holds the other's words. Every text goes through
# the table (firmware/texts.tsv).

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


def reading(game, r, t):
    # A reading in short words: "pair 9", "straight 5-9", "bomb 7777", "Phoenix".
    kind, length, rank = r
    if game == "chimera":
        if kind == _CHIMERA_ATTACK:
            return t("Chimera attack")
        name = t(_CHIMERA_KINDS[kind])
        if kind == _CHIMERA_TRAP:  # "trap 4x11": by count and value, not "11111111" (a pure four, C5.3)
            return "%s 4x%s" % (name, value_token(game, rank))
        if kind == 0 and rank in CHIMERA_SPECIALS:
            return t(CHIMERA_SPECIALS[rank])
    else:
        name = t(_TICHU_KINDS[kind])
        if kind == 0:
            v = rank >> 1
            if rank & 1:
                return t("Phoenix")
            if v in TICHU_SPECIALS:
                return t(TICHU_SPECIALS[v])
            rank = v
        elif kind == _TICHU_BOMB_FOUR:
            return "%s 4x%s" % (name, value_token(game, rank))
    if length > 1:
        return "%s %s-%s" % (name, value_token(game, rank - length + 1), value_token(game, rank))
    return name + " " + value_token(game, rank)


# The card a play may read more than one way for (T3.3, C5.2): the Phoenix, the Pi Ya.
WILD = {"tichu": (15, "%s, Phoenix as %s"), "chimera": (14, "%s, Pi Ya as %s")}


def stand_in(g, game, cards, r):
    # The value the wild card of ``cards`` stands for in reading ``r`` ("straight 2-6,
    # Phoenix as 2"), or None: the value that, as a plain card in its place, reads as
    # ``r`` (a straight flush counts as the straight it is).
    wild = WILD[game][0]
    rest = [c for c in cards if c >> 3 != wild]
    if not rest or len(rest) == len(cards):
        return None
    suit = ((rest[0] & 7) + 1) & 3  # not a straight flush by accident
    for v in range(2 if game == "tichu" else 1, wild if game == "tichu" else 13):
        try:
            x = g.reading_for(tuple(sorted(rest + [v << 3 | suit])), None, None)
        except Exception:  # IllegalAction: not a combination so
            continue
        if x[1] == r[1] and x[2] == r[2] and (x[0] == r[0] or x[0] == _TICHU_BOMB_FLUSH and game == "tichu"):
            return v
    return None


def is_bomb(game, r):
    return r[0] >= (_CHIMERA_TRAP if game == "chimera" else _TICHU_BOMB_FOUR)
