"""A scripted player at the simulated device (host_sim.device), for tests and screenshots.

Every helper only presses logical keys, which the device turns into that board's button
presses; it reads the screen objects only to know how many presses a choice needs, as a
person reads the screen. From the totals screen, tichu_round() and chimera_round()
enter a round field by field (CONTRACT score-keeper round entry)."""

from firmware.keys import DOWN, LEFT, OK, RIGHT, UP, ticks_diff

BOARDS = ("picosystem", "pico_display_pack", "macropad", "badger2040")


def screen_name(dev):
    return type(dev.screen()).__name__


def focus(dev, key):
    """Move the form's focus to the field ``key`` the short way round."""
    scr = dev.screen()
    keys = [f.key for f in scr.fields]
    n = len(keys)
    target = keys.index(key)
    fwd = (target - scr.focus) % n
    back = (scr.focus - target) % n
    for _ in range(fwd if fwd <= back else back):
        dev.press(RIGHT if fwd <= back else LEFT)
    assert dev.screen().fields[dev.screen().focus].key == key


def choose(dev, key, value):
    """Set the form field ``key`` to ``value`` with UP/DOWN."""
    focus(dev, key)
    f = dev.screen().fields[dev.screen().focus]
    n = len(f.options)
    steps = f.options.index(value) - f.i
    if f.wrap and abs(steps) > n // 2:
        steps = steps - n if steps > 0 else steps + n
    for _ in range(abs(steps)):
        dev.press(UP if steps > 0 else DOWN)
    assert f.value() == value, (key, f.value(), value)


def menu(dev, row):
    """Open a main-menu row, from any screen."""
    from firmware.keys import MENU

    if screen_name(dev) != "Menu":
        dev.press(MENU)
    scr = dev.screen()
    rows = [r[0] for r in scr.rows()]
    target = rows.index(row)
    while dev.screen().focus != target:
        dev.press(DOWN)
    dev.press(OK)


def new_match(dev, game, limit, names=None):
    menu(dev, "New match")
    assert screen_name(dev) == "NewMatch"
    choose(dev, "game", game)
    choose(dev, "limit", limit)
    for i, name in enumerate(names or ()):
        choose(dev, "p%d" % i, name)
    dev.press(OK)
    end_match(dev)
    assert screen_name(dev) == "Totals"


def tichu_round(dev, points=50, calls=None, first=0, double=False, penalty=None):
    """Enter a Tichu round from the totals screen (CONTRACT Tichu round entry)."""
    assert screen_name(dev) == "Totals"
    dev.press(OK)
    assert screen_name(dev) == "RoundEntry"
    for seat in sorted(calls or {}):
        choose(dev, str(seat), calls[seat])
    choose(dev, "finish", (first, first % 2 if double else None))
    if not double and penalty is None:
        choose(dev, "points", points)
    if penalty is not None:
        choose(dev, "penalty", penalty)
    dev.press(OK)


def chimera_round(dev, chimera, bid, first, treasure, traps=0, attack=False, silent=False, save=True):
    """Enter a Chimera round from the totals screen (CONTRACT Chimera round entry)."""
    assert screen_name(dev) == "Totals"
    dev.press(OK)
    assert screen_name(dev) == "RoundEntry"
    choose(dev, "chimera", chimera)
    choose(dev, "bid", bid)
    choose(dev, "first_out", first)
    choose(dev, "traps", traps)
    choose(dev, "attack", attack)
    choose(dev, "silent_hunter", silent)
    for s in range(3):
        choose(dev, "t%d" % s, treasure[s])
    if save:
        dev.press(OK)


# -- the dealer mode (dealt cards) ------------------------------------------------------------


def play_setup(dev, game, humans=(0,), level=1, pause=0, names=None, limit=None, hints=()):
    """Deal a new match from Play: setup: ``humans`` the human seats, the others bots;
    ``hints`` the humans to whom the device proposes plays."""
    from firmware.screens.playsetup import BOT, HELPED, HUMAN

    menu(dev, "Play: setup")
    assert screen_name(dev) == "PlaySetup"
    choose(dev, "game", game)
    n = len(dev.screen().chosen())
    for s in range(n):
        choose(dev, "h%d" % s, HELPED if s in hints else HUMAN if s in humans else BOT)
        if names:
            choose(dev, "p%d" % s, names[s])
    if limit is not None:
        choose(dev, "limit", limit)
    choose(dev, "level", level)
    choose(dev, "delay", pause)
    dev.press(OK)
    end_match(dev)


def end_match(dev):
    """A match was running: answer "End this match?" with New match (it opens on Cancel)."""
    if screen_name(dev) == "Choice":
        dev.press(UP)
        dev.press(OK)


def cursor_to(dev, index):
    """Move the hand's cursor to item ``index`` the short way round."""
    scr = dev.screen()
    n = len(scr.items())
    fwd = (index - scr.cursor) % n
    back = (scr.cursor - index) % n
    key = DOWN if fwd <= back else UP
    for _ in range(2 * n):  # (DOWN skips a call at the end: firmware/play/free.py)
        if dev.screen().cursor == index:
            break
        dev.press(key)
    assert dev.screen().cursor == index


def item_index(dev, test):
    """The index of the first hand item for which test(item) holds, or None."""
    items = dev.screen().items()
    for i in range(len(items)):
        if test(items[i]):
            return i
    return None


def do_item(dev, test):
    """Put the cursor on the first action item ``test`` accepts and press OK; False if none."""
    i = item_index(dev, lambda it: it[2] is None and test(it))
    if i is None:
        return False
    cursor_to(dev, i)
    dev.press(OK)
    return True


def free_selection(dev):
    """Leave the hand's menu for the free card selection ("Choose cards"), if it shows one."""
    if dev.screen().menu() is not None:
        calm(dev)
        assert menu_to(dev, lambda w: w[0] == "cards"), "no free selection here"
        dev.press(OK)
        assert dev.screen().menu() is None


def pick_cards(dev, codes):
    """Select these cards of the hand, in this order (OK on each), in the free selection."""
    free_selection(dev)
    for c in codes:
        i = item_index(dev, lambda it, c=c: it[2] == c)
        cursor_to(dev, i)
        dev.press(OK)


def menu_options(dev):
    """[(column, row, what)] of the hand's menu (firmware/play/menu.py), or [] when the hand
    shows the free card selection."""
    scr = dev.screen()
    cols = scr.menu()
    return [(i, j, scr.expand(cols[i][j])) for i in range(len(cols or ())) for j in range(len(cols[i]))]


def menu_to(dev, test):
    """Bring the first menu option whose ``what`` test() accepts into view the short way
    round (LEFT/RIGHT to its column, UP/DOWN to it); False if there is none."""
    found = [(i, j) for i, j, w in menu_options(dev) if test(w)]
    if not found:
        return False
    col, row = found[0]
    scr = dev.screen()
    n = len(scr.menu())
    if col != scr.col:
        fwd = (col - scr.col) % n
        for _ in range(fwd if fwd <= n - fwd else n - fwd):
            dev.press(RIGHT if fwd <= n - fwd else LEFT)
    scr = dev.screen()
    m = len(scr.menu()[col])
    fwd = (row - scr.row) % m
    for _ in range(fwd if fwd <= m - fwd else m - fwd):
        dev.press(DOWN if fwd <= m - fwd else UP)
    scr = dev.screen()
    assert (scr.col, scr.row % m) == (col, row)
    return True


def menu_do(dev, action):
    """Do ``action`` (a pass, a bid, a call, ...) through the menu; a call's question is
    answered yes. False if the menu does not offer it."""
    if not menu_to(dev, lambda w: w[0] in ("act", "ask") and w[1] == action):
        return False
    asks = dev.screen().option()[0] == "ask"
    dev.press(OK)
    if asks:
        assert screen_name(dev) == "Choice"
        dev.press(DOWN)
        dev.press(OK)
    return True


def human_turn(dev, passes=False, grand=False):
    """Act for the seat whose hand is up and due, by key presses as a person would: bid
    the lowest bid (or pass when ``passes``), give or push the lowest cards, decline Grand
    Tichu (unless ``grand``), give the Dragon to the first opponent offered; in trick play
    play the menu's first play (the lowest of the first kind), or pass when ``passes`` and
    passing is allowed. A Mah Jong play wishes for nothing."""
    calm(dev)
    scr = dev.screen()
    kind, mine = scr.due()
    assert mine, "the seat on screen is not due"
    seat = scr.seat
    acts = [w[1] for _, _, w in menu_options(dev) if w[0] in ("act", "ask")]
    if kind == "bid":
        want = (seat, "pass") if passes or len(acts) == 1 else [a for a in acts if a[1] == "bid"][0]
        assert menu_do(dev, want)
    elif kind == "grand":
        assert menu_do(dev, (seat, "grand" if grand else "no_grand"))
    elif kind in ("give", "push"):
        hand = scr.hand()
        pick_cards(dev, hand[:scr.picking()])
        assert do_item(dev, lambda it: it[4] == kind)
    elif kind == "gift":
        assert menu_do(dev, [a for a in acts if a[1] == "gift"][0])
    else:
        plays = [w for _, _, w in menu_options(dev) if w[0] == "play"]
        if (seat, "pass") in acts and (passes or not plays):
            assert menu_do(dev, (seat, "pass"))
        else:
            assert menu_to(dev, lambda w: w[0] == "play"), "no legal play in the menu"
            assert dev.screen().status()[1], dev.screen().status()
            dev.press(OK)
    if screen_name(dev) == "Choice":  # the Mah Jong's wish: none
        dev.press(OK)


def calm(dev):
    """Wait out the hand's grace time (firmware/screens/hand.py GRACE) after it came up by
    itself, in which it takes no key."""
    scr = dev.screen()
    if getattr(scr, "calm", None) is not None and ticks_diff(dev.app.now, scr.calm) < 0:
        dev.advance(-ticks_diff(dev.app.now, scr.calm) + 20)


def play_dealt_round(dev, passes=lambda n: False, limit=3000, look=None, turns=None):
    """Play on from the table until the round's breakdown shows, acting for every human
    with human_turn (``passes(n)``: pass on the n-th turn) and passing every privacy
    screen. Returns the number of human turns. ``look(what)`` before each human turn and at
    the breakdown ("hand N", "breakdown"); ``turns``: stop after that many, mid-round."""
    n = 0
    for _ in range(limit):
        name = screen_name(dev)
        if name == "PlayScore":
            if look is not None:
                look("breakdown")
            return n
        if name in ("Privacy", "Message"):  # a Message: what the push brought (read, then on)
            dev.press(OK)
        elif name == "Hand":
            calm(dev)
            if dev.screen().due()[1]:
                if n == turns:
                    return n
                if look is not None:
                    look("hand %d" % n)
                human_turn(dev, passes(n))
                n += 1
            else:
                dev.press("back")
        elif name == "Table":
            dev.advance(100)
        else:
            raise AssertionError("unexpected screen %s" % name)
    raise AssertionError("the round did not end")
