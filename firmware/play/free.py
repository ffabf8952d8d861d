# The hand's free selection (dealer mode): "Choose cards" in the menu, and the push and
# the Hunters' exchange. The cards and then the actions of the moment on one row that the
# cursor walks along: OK toggles the card under it or does the action under it, LEFT/
# RIGHT step through the legal plays holding the card under the cursor (BOMB through the
# bombs), BACK returns to the menu where there is one. Loaded only while a hand shows it.

from firmware.keys import BACK, BOMB, DOWN, LEFT, MENU, OK, RIGHT, UP
from firmware.play.menu import ASK
from firmware.play.text import NO_BOMB, value_token


def actions(hand):
    # The action items of the moment: (text, action or tag).
    t = hand.t
    kind, mine = hand.due()
    seat = hand.seat
    game = hand.game()
    st = hand.state()
    out = []  # type: list[tuple]
    if mine and kind == "give":
        out.append((t("Give"), "give"))
    elif mine and kind == "push":
        out.append((t("Push"), "push"))
    elif kind in ("play", "gift"):
        if hand.sel and mine and kind == "play":
            for v in hand.readings():
                text = t("Play") if v is None else t("Play as %s") % value_token(game, v)
                out.append((text, ("play", v)))
        elif hand.sel and game == "tichu":
            out.append((t("Bomb!"), ("play", None)))
        if mine and kind == "play" and hand.may_pass():
            out.append((t("Pass"), (seat, "pass")))
    if game == "tichu" and st is not None and hand.session().dealt.game.may_call(st, seat):
        out.append((t("Tichu!"), (ASK, (seat, "tichu"), t("Call Tichu?"))))
    return out


def key(hand, k):
    items = hand.items()
    n = len(items)
    if (k == UP or k == DOWN) and n:
        # A call (Tichu!, last) is out of reach of one stray DOWN from the action before it
        # (Push, Pass): DOWN from there wraps to the first card; UP from the first card
        # reaches the call.
        c = hand.cursor + (1 if k == DOWN else -1)
        last = items[n - 1][4]
        if k == DOWN and (c >= n or c == n - 1 and isinstance(last, tuple) and last[0] == ASK):
            c = 0
        hand.cursor = c % n
    elif k == OK and n:
        it = items[hand.cursor]
        if it[2] is not None:
            _toggle(hand, it[2])
        else:
            hand.do(it[4])
    elif k == LEFT or k == RIGHT or k == BOMB:
        _step(hand, 1 if k != LEFT else -1, k == BOMB, items)
    elif k == BACK:
        if hand.free:
            hand.free = False
            hand.show_option()
        else:
            hand.app.back()
    elif k == MENU:
        hand.app.to_menu()


def _toggle(hand, c):
    most = hand.picking()
    if c in hand.sel:
        hand.sel.remove(c)
    elif len(hand.sel) < most:
        hand.sel.append(c)
    elif most == 1:
        hand.sel = [c]


def _step(hand, d, bombs, items):
    # The next (previous) legal play becomes the selection.
    game = hand.game()
    if bombs and game == "chimera":
        hand.app.open("message", "Message", hand.t("No bomb"), hand.t(NO_BOMB["chimera"]), False)
        return
    plays = hand.plays(bombs)
    here = items[hand.cursor][2] if items and not bombs else None
    if here is not None:
        mine = []
        for p in plays:
            if here in p:
                mine.append(p)
            elif game == "chimera" and [c for c in p if c >> 3 == here >> 3]:
                q = list(p)
                for i in range(len(q)):
                    if q[i] >> 3 == here >> 3:
                        q[i] = here
                        break
                mine.append(tuple(q))
        plays = mine or plays  # none holds that card: step through them all
    if not plays:
        return
    hand.step_i = (hand.step_i + d) % len(plays)
    hand.sel = list(plays[hand.step_i])
