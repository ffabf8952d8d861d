"""A scripted player at the simulated device (host_sim.device), for tests and screenshots.

Every helper only presses logical keys, which the device turns into that board's button
presses; it reads the screen objects only to know how many presses a choice needs, as a
person reads the screen. From the totals screen, tichu_round() and chimera_round()
enter a round field by field (CONTRACT score-keeper round entry)."""

from firmware.keys import DOWN, LEFT, OK, RIGHT, UP

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
    if screen_name(dev) == "Choice":  # a match was running: end it
        dev.press(OK)
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


def play_setup(dev, game, humans=(0,), level=1, pause=0, names=None, limit=None):
    """Deal a new match from Play: setup: ``humans`` the human seats, the others bots."""
    menu(dev, "Play: setup")
    assert screen_name(dev) == "PlaySetup"
    choose(dev, "game", game)
    n = len(dev.screen().chosen())
    for s in range(n):
        choose(dev, "h%d" % s, s in humans)
        if names:
            choose(dev, "p%d" % s, names[s])
    if limit is not None:
        choose(dev, "limit", limit)
    choose(dev, "level", level)
    choose(dev, "delay", pause)
    dev.press(OK)
    if screen_name(dev) == "Choice":  # a match was running: end it
        dev.press(OK)


def cursor_to(dev, index):
    """Move the hand's cursor to item ``index`` the short way round."""
    scr = dev.screen()
    n = len(scr.items())
    fwd = (index - scr.cursor) % n
    back = (scr.cursor - index) % n
    for _ in range(fwd if fwd <= back else back):
        dev.press(DOWN if fwd <= back else UP)
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


def pick_cards(dev, codes):
    """Select these cards of the hand, in this order (OK on each)."""
    for c in codes:
        i = item_index(dev, lambda it, c=c: it[2] == c)
        cursor_to(dev, i)
        dev.press(OK)


def human_turn(dev, passes=False, grand=False):
    """Act for the seat whose hand is up and due, by key presses as a person would: bid
    the lowest bid (or pass when ``passes``), give or push the lowest cards, decline Grand
    Tichu (unless ``grand``), give the Dragon to the first opponent offered; in trick play
    step to the first legal play (RIGHT from an action item) and play it, or pass when
    ``passes`` and passing is allowed. A Mah Jong play wishes for nothing."""
    from firmware.keys import RIGHT

    scr = dev.screen()
    kind, mine = scr.due()
    assert mine, "the seat on screen is not due"
    acts = [it[4] for it in scr.items() if it[2] is None]
    if kind == "bid":
        want = (scr.seat, "pass") if passes or len(acts) == 1 else [a for a in acts if a[1] == "bid"][0]
        assert do_item(dev, lambda it: it[4] == want)
    elif kind == "grand":
        assert do_item(dev, lambda it: it[4] == (scr.seat, "grand" if grand else "no_grand"))
    elif kind in ("give", "push"):
        hand = scr.hand()
        pick_cards(dev, hand[:scr.picking()])
        assert do_item(dev, lambda it: it[4] == kind)
    elif kind == "gift":
        assert do_item(dev, lambda it: it[4][1] == "gift")
    else:
        seat = scr.seat
        if (seat, "pass") in acts and (passes or not scr.plays()):
            assert do_item(dev, lambda it: it[4] == (seat, "pass"))
        else:
            first_action = item_index(dev, lambda it: it[2] is None)
            if first_action is not None:
                cursor_to(dev, first_action)
            dev.press(RIGHT)
            assert dev.screen().sel, "no legal play to step to"
            assert dev.screen().status()[1], dev.screen().status()
            assert do_item(dev, lambda it: isinstance(it[4], tuple) and it[4][0] == "play")
    if screen_name(dev) == "Choice":  # the Mah Jong's wish: none
        dev.press(OK)


def play_dealt_round(dev, passes=lambda n: False, limit=3000):
    """Play on from the table until the round's breakdown shows, acting for every human
    with human_turn (``passes(n)``: pass on the n-th turn) and passing every privacy
    screen. Returns the number of human turns."""
    n = 0
    for _ in range(limit):
        name = screen_name(dev)
        if name == "PlayScore":
            return n
        if name == "Privacy":
            dev.press(OK)
        elif name == "Hand":
            if dev.screen().due()[1]:
                human_turn(dev, passes(n))
                n += 1
            else:
                dev.press("back")
        elif name == "Table":
            dev.advance(100)
        else:
            raise AssertionError("unexpected screen %s" % name)
    raise AssertionError("the round did not end")
