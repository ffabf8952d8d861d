# The dealer mode's words and card faces, for the screens only (dropped with them):
# a card's face (its value, and its family as a colour on colour panels or a letter on
# mono ones), a reading in short words ("straight 5-9", "bomb 7777"), what an action
# did in public ("Ben bids 30", "Carla bombs!"), and an engine refusal in the chosen
# language. Every text goes through the table (firmware/texts.tsv).

FAMILY = "jspt"
# Jade, Sword, Pagoda, Star on colour panels (the specials in the text colour).
COLOURS = (0x3CD26E, 0x5AB4FF, 0xFF6450, 0xFFD23C)

CHIMERA_TOKENS = {13: "H", 14: "P", 15: "C"}
TICHU_TOKENS = {0: "Dog", 1: "MJ", 11: "J", 12: "Q", 13: "K", 14: "A", 15: "Phx", 16: "Drg"}
TICHU_SPECIALS = {0: "Dog", 1: "Mah Jong", 15: "Phoenix", 16: "Dragon"}
CHIMERA_SPECIALS = {14: "Pi Ya", 15: "Chimera"}

# Kind names by the games' kind numbers (engine_core/<game>/combos.py).
CHIMERA_KINDS = ("single", "pair", "pairs", "trio", "trios", "trio+1", "trio+pair", "trios+1s",
                 "trios+pairs", "straight", "four+2", "four+2 pairs", "trap", "Chimera attack")
TICHU_KINDS = ("single", "pair", "pairs", "trio", "full house", "straight", "bomb", "bomb")
CHIMERA_TRAP = 12
CHIMERA_ATTACK = 13
TICHU_BOMB_FOUR = 6


def value_token(game, v):
    return (CHIMERA_TOKENS if game == "chimera" else TICHU_TOKENS).get(v, str(v))


def face(game, code, mono):
    # A card as it shows in a hand: "7" in Jade's colour, or "7j" on a mono panel.
    v = code >> 3
    f = code & 7
    text = value_token(game, v)
    if mono and f < 4:
        text += FAMILY[f]
    return text


def colour(code, fg):
    f = code & 7
    return COLOURS[f] if f < 4 else fg


def cards_text(game, codes):
    # Cards in words without families, as CONTRACT 1 writes a play: "7 7 8 8".
    return " ".join([value_token(game, c >> 3) for c in sorted(codes)])


def reading(game, r, t):
    # A reading in short words: "pair 9", "straight 5-9", "bomb 7777", "Phoenix".
    kind, length, rank = r
    if game == "chimera":
        if kind == CHIMERA_ATTACK:
            return t("Chimera attack")
        name = t(CHIMERA_KINDS[kind])
        if kind == CHIMERA_TRAP:
            return name + " " + value_token(game, rank) * 4
        if kind == 0 and rank in CHIMERA_SPECIALS:
            return t(CHIMERA_SPECIALS[rank])
    else:
        name = t(TICHU_KINDS[kind])
        if kind == 0:
            v = rank >> 1
            if rank & 1:
                return t("Phoenix")
            if v in TICHU_SPECIALS:
                return t(TICHU_SPECIALS[v])
            rank = v
        elif kind == TICHU_BOMB_FOUR:
            return name + " " + value_token(game, rank) * 4
    if length > 1:
        return "%s %s-%s" % (name, value_token(game, rank - length + 1), value_token(game, rank))
    return name + " " + value_token(game, rank)


def is_bomb(game, r):
    return r[0] >= (CHIMERA_TRAP if game == "chimera" else TICHU_BOMB_FOUR)


def happened(game, names, action, events, t):
    # What an action did, in public words, most telling last ("Ben: pair 9",
    # "Anna takes the trick"). Never a hidden card: gives and pushes are only named.
    out = []
    seat = action[0]
    verb = action[1]
    n = names[seat] if isinstance(seat, int) else ""
    if verb == "bid":
        out.append(t("%s bids %d") % (n, action[2]))
    elif verb == "pass":
        out.append(t("%s passes") % n)
    elif verb == "tichu":
        out.append(t("%s: Tichu!") % n)
    elif verb == "gift":
        out.append(t("%s gives the Dragon to %s") % (n, names[action[2]]))
    for e in events:
        k = e[0]
        if k == "played":
            r = e[2]
            if is_bomb(game, r) and game == "tichu":
                out.append(t("%s bombs!") % n + " " + reading(game, r, t))
            else:
                out.append("%s: %s" % (n, reading(game, r, t)))
        elif k == "called" and e[2] == "grand":
            out.append(t("%s: Grand Tichu!") % names[e[1]])
        elif k == "redeal":
            out.append(t("All passed: new deal"))
        elif k == "forced_bid":
            out.append(t("%s must bid 20") % names[e[1]])
        elif k == "chimera":
            out.append(t("%s is the Chimera (%d)") % (names[e[1]], e[2]))
        elif k == "exchanged":
            out.append(t("Cards exchanged"))
        elif k == "trick":
            if len(e) > 2 and e[2] != e[1]:
                out.append(t("%s gets the Dragon trick") % names[e[2]])
            else:
                out.append(t("%s takes the trick") % names[e[1]])
        elif k == "won":
            out.append(t("%s wins the trick") % names[e[1]])
        elif k == "dog":
            out.append(t("Dog: %s leads") % names[e[2]])
        elif k == "wish":
            out.append(t("Wish: %s") % value_token(game, e[2]))
        elif k == "out":
            out.append(t("%s is out!") % names[e[1]])
        elif k == "double_victory":
            out.append(t("Double victory!"))
    return out


def refusal(game, reason, top, wish, t):
    # The engine's reason (IllegalAction) in the chosen language where it is a common one.
    if reason.startswith("not a combination"):
        return t("not a combination")
    if "does not beat" in reason and top is not None:
        return t("does not beat %s") % reading(game, top, t)
    if "wish for" in reason and wish:
        return t("the wish for %s must be fulfilled") % value_token(game, wish)
    if "Dog is only led" in reason:
        return t("the Dog is only led")
    if "cannot pass" in reason:
        return t("you lead: no pass")
    if "out of turn only a bomb" in reason:
        return t("not your turn: only a bomb")
    return reason
