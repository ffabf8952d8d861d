# Proposals in the hand (dealer mode, a seat set to "human+tips"): what the strong bot
# would do there (engine_core/proposal.py), with the menu, or the push's and the
# exchange's cards, on it, and its reason in words. Loaded only for a seat that wants
# tips: the board holds none of it otherwise.

from firmware.play.menu import ACT, ASK, PLAY, find
from firmware.play.text import value_token


def proposed(hand):
    # Asked once per position, from the main loop's pass (Hand.tick) or a key, never from
    # a draw: the board's Python stack has no room for a bot's search below the opening
    # of a screen. True if there is a proposal (the screen shows it anew).
    st = hand.state()
    if st is None:
        return False
    cols = hand.menu() or []
    hand.asked = st
    hand.proposal = p = _propose(hand)
    if p is None:
        return False
    a = p[0]
    at = find(cols, a, hand.expand) if cols else None
    if at is not None and a[1] == "play" and hand.is_bomb(a[2]):
        at = None  # a bomb is never preselected: its tip shows once the player goes to it
    if at is not None:
        hand.col, hand.row = at
        if a[1] == "play":  # exactly the bot's cards, not another suit of them
            cols[at[0]][at[1]] = (PLAY, tuple(a[2]), a[3] if len(a) > 3 else None)
    elif a[1] in ("push", "give"):
        hand.sel = list(a[2])
        hand.cursor = len(hand.hand())  # on the action that gives them
    elif a[1] == "tichu" and not cols:  # a call before the push: on the call
        hand.cursor = len(hand.hand()) + 1
    hand.show_option()
    return True


def _propose(hand):
    # (action, (reason text, args)) of the strong bot for the hand's seat where it is due;
    # None else. The bots' modules go again at once.
    if not hand.due()[1]:
        return None
    from firmware.app import BOT_MODULES
    from firmware.install import drop

    # Imported by name: the bots are the engine's own to type-check (as in dealer.py).
    proposal = __import__("engine_core.proposal", None, None, ["propose"])
    d = hand.session().dealt
    try:
        return proposal.propose(d.game, d.state, hand.seat, d.seed, d.step())
    finally:
        drop(BOT_MODULES)


def reason(hand):
    # "Tip: ..." while the option in view (the selection, in the push or the exchange) is
    # the proposal, else None.
    p = hand.proposal
    a = p[0]
    w = hand.option()
    if w is None and a[1] == "tichu":  # a call proposed in the push: the cursor on it
        it = hand.items()
        x = it[hand.cursor][4] if hand.cursor < len(it) else None
        here = isinstance(x, tuple) and x[0] == ASK and x[1] == a
    elif w is None:
        here = a[1] in ("push", "give") and tuple(hand.sel) == tuple(a[2])
    else:
        here = w[0] in (ACT, ASK) and w[1] == a or w[0] == PLAY and a[1] == "play" and w[1] == tuple(a[2])
    if not here or p[1] is None:  # (None: a forced pass, no advice)
        return None
    text, args = p[1]
    t = hand.t(text)
    if args:
        x = args[0]
        if "%s" in text:
            x = value_token(hand.game(), x) if a[1] == "play" else hand.app.book.names[x]
        t = t % x
    return hand.t("Tip: %s") % t


def wish(hand):
    # ". Wish: K" after the name of a proposed Mah Jong play in view (OK plays it with
    # that wish, no question), else "".
    a = hand.proposal[0]
    if len(a) < 5 or hand.reason() is None:
        return ""
    return ". " + (hand.t("Wish: %s") % value_token(hand.game(), a[4]) if a[4] else hand.t("No wish"))
