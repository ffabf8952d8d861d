# What the strong bot would do in a human's seat, and one short line of why: the device's
# proposals (dealer mode, Proposals on for that seat).
#
# The action is the level-3 bot's own (engine_core/<game>/bot.py), asked with the same
# generator a bot in that seat would draw from (bot_driver.bot_rng), so it is exactly
# what the bot would play. The reason is read from the seat view only, like the bot's
# decision: the proposal knows nothing a player in that seat could not know. A reason is
# an English text of the device's text table (firmware/texts.tsv) and its arguments, so
# the shell translates it: (text, args).

from engine_core.bot_driver import bot_module, bot_rng

LEVEL = 3
_BOMB = {"chimera": 12, "tichu": 6}  # the first bomb kind (a trap; four of a kind)
_SINGLE_TOP = {"chimera": 15, "tichu": 16}  # the highest single card's value
_LOWEST = {"chimera": 0, "tichu": 1}  # values below this are no single to spare (the Dog, the Mah Jong)


def propose(game, state, seat, seed, step):
    """(action, (reason text, args)) of the level-3 bot for ``seat``, or None when the
    bot has nothing to do there."""
    a = bot_module(game).decide(state, seat, LEVEL, bot_rng(seed, step, seat))
    if a is None:
        return None
    return a, reason(game, state, seat, a)


def reason(game, state, seat, a):
    if game.__name__.endswith("tichu.game"):
        from engine_core.tichu.cards import DECK
        from engine_core.tichu.view import seat_view
        name = "tichu"
    else:
        from engine_core.chimera.cards import DECK
        from engine_core.chimera.view import seat_view
        name = "chimera"
    view = seat_view(state, seat)
    verb = a[1]
    if name == "tichu":
        hand, top_seat, partner = view.hand, view.top_seat, (seat + 2) % 4
        gone, lead = view.gone, view.lead
    else:
        hand, top_seat = view["hand"], view["top_seat"]
        ch = view["chimera"]
        partner = 3 - seat - ch if ch >= 0 and ch != seat else -1
        gone, lead = view["played"], view["top"] is None
    if verb == "pass":
        if top_seat == partner and top_seat >= 0:
            return ("Your partner is winning this trick", ())
        if name == "chimera" and view["phase"] == "bid":
            return ("Too weak to bid", ())
        return ("Keep your cards for a later trick", ())
    if verb == "bid":
        return ("Strong enough to bid %d", (a[2],))
    if verb == "tichu":
        return ("A strong hand: call Tichu", ())
    if verb == "grand":
        return ("Very strong first 8 cards", ())
    if verb == "no_grand":
        return ("Not strong enough for Grand Tichu", ())
    if verb == "push":
        return ("Low cards to the opponents, a good one to your partner", ())
    if verb == "give":
        return ("Cards you can spare", ())
    if verb == "gift":
        return ("%s is less likely to go out first", (a[2],))
    # a play
    cards = a[2]
    r = game.reading_for(tuple(cards), None if lead else _top(view, name), a[3] if len(a) > 3 else None)
    if len(cards) == len(hand):
        return ("Plays you out", ())
    if r[0] >= _BOMB[name]:
        return ("A bomb takes this trick", ())
    if len(cards) == 1:
        v = cards[0] >> 3
        if not _higher_single(name, DECK, v, hand, gone):
            return ("%s: nobody else holds a higher single", (v,))
        if lead and v == min([c >> 3 for c in hand if c >> 3 > _LOWEST[name]] or [v]):
            return ("Lowest single you can spare", ())
    if lead:
        return ("Leads low, keeps your strong cards", ())
    return ("Lowest play that beats it", ())


def _top(view, name):
    return view.top if name == "tichu" else view["top"]


def _higher_single(name, deck, v, hand, gone):
    # Could a card this seat cannot see beat the single ``v``? (The Phoenix beats any
    # single but the Dragon, T4.4; in Chimera the values' order is the singles' order.)
    held = {}
    for c in hand:
        held[c] = 1
    for c in gone:
        held[c] = 1
    for c in deck.card_list:
        if c in held:
            continue
        w = c >> 3
        if w > v or (name == "tichu" and w == 15 and v < _SINGLE_TOP[name]):
            if not (name == "tichu" and w == 0):
                return True
    return False
