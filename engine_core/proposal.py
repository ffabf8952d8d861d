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
    """(text, args): why ``a`` is good, true of ``a`` itself. Each reason is said only
    where its condition holds (tests/engine/test_proposal_reasons.py checks every one of
    them against an oracle of its own); a pass with nothing else legal gets none (None),
    and a choice no short reason fits gets the plain "The strong bot's choice"."""
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
        gone, lead, top = view.gone, view.lead, view.top
    else:
        hand, top_seat, top = view["hand"], view["top_seat"], view["top"]
        ch = view["chimera"]
        partner = 3 - seat - ch if ch >= 0 and ch != seat else -1
        gone, lead = view["played"], top is None
    strong = _STRONG[name]
    if verb == "pass":
        others = _legal_others(game, state, seat)
        if not others:
            return None  # nothing else was legal: no advice
        if top_seat == partner and top_seat >= 0 and top is not None:
            return ("Your partner is winning this trick", ())
        if name == "chimera" and view["phase"] == "bid":
            return ("Too weak to bid", ())
        return ("Keep your cards for a later trick", ())
    if verb == "bid":
        # The bid gate prices odds, not strength: a bid on a hand without a strong card or
        # a trap is the bot's choice, never "strong" (C3.2).
        if _holds_strength(hand, strong):
            return ("Strong enough to bid %d", (a[2],))
        return (_CHOICE, ())
    if verb == "tichu":
        return ("A strong hand: call Tichu", ())
    if verb == "grand":
        return ("Very strong first 8 cards", ())
    if verb == "no_grand":
        return ("Not strong enough for Grand Tichu", ())
    if verb == "push":
        vs = [c >> 3 for c in a[2]]  # next seat, partner, previous seat
        if _LOW_PUSH[0] <= vs[0] <= _LOW_PUSH[1] and _LOW_PUSH[0] <= vs[2] <= _LOW_PUSH[1] \
                and (vs[1] >= _GOOD_PUSH or vs[1] == 0):
            return ("Low cards to the opponents, a good one to your partner", ())
        if max(vs) < strong:
            return ("Your strong cards stay with you" if view.calls[seat] else "Cards you can spare", ())
        return (_CHOICE, ())
    if verb == "give":
        if max([c >> 3 for c in a[2]]) < strong:
            return ("Cards you can spare", ())
        return (_CHOICE, ())
    if verb == "gift":
        other = (a[2] + 2) % 4  # the other opponent
        counts = view.counts
        if counts[a[2]] > counts[other]:
            return ("%s holds more cards", (a[2],))
        return (_CHOICE, ())
    # a play
    cards = a[2]
    vs = [c >> 3 for c in cards]
    r = game.reading_for(tuple(cards), None if lead else top, a[3] if len(a) > 3 else None)
    if len(cards) == len(hand):
        return ("Plays you out", ())
    if r[0] >= _BOMB[name]:
        return (_BOMB_TEXT[name][r[0] - _BOMB[name]] if not lead else _CHOICE, ())
    if name == "tichu" and len(cards) == 1 and vs[0] == _DOG:
        # T4.3: to the partner, or past it when the partner is out (and never "Leads low")
        return ("The Dog hands the lead to your partner" if view.counts[partner] else _CHOICE, ())
    if len(cards) == 1:
        v = vs[0]
        if not _higher_single(name, DECK, v, hand, gone):
            return ("%s: nobody else holds a higher single", (v,))
        if lead and v < strong and v == min([c >> 3 for c in hand if c >> 3 > _LOWEST[name]] or [v]):
            return ("Lowest single you can spare", ())
    if lead:
        if max(vs) < strong and r[2] <= _lowest_rank(game, state, seat, r, None, len(cards)):
            return ("Leads low, keeps your strong cards", ())
        return (_CHOICE, ())
    if r[2] <= _lowest_rank(game, state, seat, r, top, len(cards)):
        return ("Lowest play that beats it", ())
    return (_CHOICE, ())


_CHOICE = "The strong bot's choice"
_STRONG = {"chimera": 13, "tichu": 14}  # the strong cards: Hero, Pi Ya, Chimera / A, Phoenix, Dragon
_DOG = 0
_LOW_PUSH = (2, 9)  # an opponent's push card that is low: 2 to 9
_GOOD_PUSH = 11  # a partner's push card that is good: J and up (or the Dog: the lead)
# The bomb kinds' reasons in order: a trap and the Chimera attack; four of a kind and a
# straight flush.
_BOMB_TEXT = {"chimera": ("A trap takes this trick", "The Chimera attack takes this trick"),
              "tichu": ("A bomb takes this trick", "A bomb takes this trick")}


def _holds_strength(hand, strong):
    # A strong card, or four of one value (a trap; the Chimera's bomb, C6.2).
    vs = [c >> 3 for c in hand]
    for v in vs:
        if v >= strong or vs.count(v) == 4:
            return True
    return False


def _legal_others(game, state, seat):
    # Is anything but a pass legal for ``seat`` now (a play, a bid)? One action at a
    # time where the game lists them so (a Tichu lead: some 2000 with the Mah Jong).
    c = game.choices()
    for x in getattr(c, "actions", c.legal_actions)(state, seat):
        if x[1] != "pass" and x[1] != "tichu":
            return True
    return False


def _lowest_rank(game, state, seat, r, top, n):
    # The lowest rank among ``seat``'s legal plays of ``r``'s kind and length now (on a
    # lead: top is None): a play of rank <= it is the lowest it has. ``n``: the play's
    # number of cards, which its kind and length fix (a pair 2, a pair_seq of 3 pairs 6).
    low = r[2]
    for cards, v in _each_play(game, state, seat):
        if len(cards) != n:
            continue
        try:
            x = game.reading_for(tuple(cards), top, v)
        except Exception:  # IllegalAction: the legal list's own readings always read
            continue
        if x[0] == r[0] and x[1] == r[1] and x[2] < low:
            low = x[2]
    return low


def _each_play(game, state, seat):
    # (cards, as) of ``seat``'s legal plays, one at a time (a Chimera lead offers hundreds).
    c = game.choices()
    if hasattr(c, "play_steps"):  # Chimera: in pieces, as the device's hand lists them
        others, steps = c.play_steps(state, seat)
        by_value = c.cards_by_value(state.hands[seat])
        for step in steps:
            for values in c.step_plays(state, seat, step):
                for v in c.readings_of(values, state.top) or (None,):
                    yield c.pick_cards(by_value, values), v
        return
    for a in c.actions(state, seat):
        if a[1] == "play":
            yield a[2], a[3] if len(a) > 3 else None


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
