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
