"""The device on the PC, headless: the unchanged firmware App on a board profile, with
host stand-ins for `board`, `keypad`, `rotaryio`, `supervisor` and `terminalio`, a
virtual panel in place of the display driver and a clock that moves only when told.

Keys go in as the board's own buttons: ``press("ok")`` finds the button whose tap (or,
on boards with few buttons, whose hold) gives that logical key and presses it, held as
long as a person would, so the firmware's whole input path runs. ``presses`` counts
button presses and encoder detents.
"""

import sys

import host_sim.displayio_host  # noqa: F401  (before the stand-ins take module names)
from host_sim.panel import VirtualPanel
from host_sim.stubs import board as board_stub, keypad, rotaryio, supervisor, terminalio

TAP_MS = 80
STEP_MS = 20

_STANDINS = {"board": board_stub, "keypad": keypad, "rotaryio": rotaryio, "supervisor": supervisor,
             "terminalio": terminalio}


class KeysError(ValueError):
    """A --keys text that cannot be pressed: a bad repeat or a key the board does not have."""


def key_names(profile, encoder=None):
    """The logical keys ``profile``'s board can give (its buttons' taps and holds, and cw/ccw
    when it has an encoder), in the order firmware/keys.py lists them."""
    from firmware.keys import BACK, BOMB, CCW, CW, DOWN, LEFT, MENU, OK, RIGHT, UP

    given = {k for pair in profile.KEYMAP for k in pair if k is not None}
    if encoder is not None:
        given.update((CW, CCW))
    return [k for k in (UP, DOWN, LEFT, RIGHT, OK, BACK, MENU, BOMB, CW, CCW) if k in given]


def board_key_names(board):
    """key_names() for the board ``board`` (its id), building nothing but its encoder."""
    install_standins()
    from boards import load

    profile = load(board)
    board_stub.use(profile.BOARD_ID)
    return key_names(profile, profile.make_encoder())


def parse_keys(text, board, names):
    """The logical keys of ``text`` ("down up*3 ok", case-insensitive), repeats spelled out.
    Raises KeysError naming the first bad token, before anything is pressed: a repeat
    must be KEY*N with N a whole number from 1, and each key one of ``names``."""
    out = []
    for tok in text.split():
        name, star, times = tok.partition("*")
        name = name.lower()
        if star and not (name and times.isascii() and times.isdigit() and int(times) >= 1):
            raise KeysError('bad repeat "%s": write the key, "*" and how many presses (1 or more), '
                            'e.g. "up*3"' % tok)
        if name not in names:
            raise KeysError('unknown key "%s": %s has no button for %s; its keys are: %s'
                            % (name, board, name, " ".join(names)))
        out.extend([name] * int(times or 1))
    return out


def seed_source(seed):
    """The dealer mode's round seeds in the simulator: the outputs of a PCG32 seeded with
    ``seed`` (the board takes each from os.urandom; the journal keeps 32 bits), so a run
    deals the same cards every time. Calling it gives the next; ``given`` lists the seeds
    handed out. (An object, not a closure: a device can be copied, e.g. pickled.)"""
    return SeedSource(seed)


class SeedSource:
    def __init__(self, seed):
        from engine_core.prng import Pcg32

        self.g = Pcg32(seed)
        self.given = []

    def __call__(self):
        s = self.g.next()
        self.given.append(s)
        return s


def install_standins():
    """Put the host stand-ins where the firmware imports them (idempotent). The firmware
    binds these names when it is first imported, so this runs before that: here, and at
    the import of this module."""
    for name, mod in _STANDINS.items():
        sys.modules[name] = mod


install_standins()


INSTALLS = ("drive", "frozen")
INSTALL_HELP = ("drive (default: the app's files on CIRCUITPY, make deploy: modules dropped, a fresh VM at "
                "a switch of mode) or frozen (make uf2: the app in the firmware, one VM)")


class Device:
    """``older``: a journal to move in (firmware/storage/choice.py open_store); ``run``:
    False builds the app as it powers up and runs no pass of its main loop (no bot acts);
    ``install``: "drive" (the app's files on CIRCUITPY: modules dropped, fresh VMs) or
    "frozen" (make uf2: the app in the firmware), as firmware/install.py tells them apart
    on the board."""

    def __init__(self, board="picosystem", store=None, seed=1, older=None, run=True, install="drive"):
        install_standins()
        from boards import load
        from firmware import install as installed
        from firmware.app import App
        from firmware.keys import HOLD_MS

        if install not in INSTALLS:
            raise ValueError("install is one of %s, not %r" % (", ".join(INSTALLS), install))
        installed.FROZEN = install == "frozen"  # the process plays one board at a time

        self.profile = p = load(board)
        board_stub.use(p.BOARD_ID)
        self.now = 0
        supervisor.clock = lambda: self.now
        self.clock = supervisor.ticks_ms
        self.panel = VirtualPanel(p.WIDTH, p.HEIGHT, p.DEPTH, p.REFRESH_MS, self.clock)
        self.keys = p.make_keys()
        self.encoder = p.make_encoder()
        self.hold_ms = HOLD_MS + 100
        self.presses = 0
        self.log = []  # the logical keys pressed, in order
        self.key_names = key_names(p, self.encoder)
        self.app = App(p, self.panel, self.keys, store, self.encoder, older)
        self.seeds = seed_source(seed)
        self.app.seed_source = self.seeds
        if run:
            self.step()

    # -- time ---------------------------------------------------------------------------

    def step(self):
        return self.app.step(self.clock())

    def advance(self, ms):
        """Let ``ms`` milliseconds pass, running the main loop every STEP_MS."""
        end = self.now + ms
        while self.now < end:
            self.now = min(end, self.now + STEP_MS)
            self.step()

    def settle(self):
        """Wait until the panel has shown the latest state (e-paper: its refresh limit)."""
        for _ in range(200):
            if not self.app.panel.pending:
                return
            self.advance(100)
        raise AssertionError("the panel never refreshed")

    # -- keys -----------------------------------------------------------------------------

    def button_for(self, logical):
        """(key number, hold?) of the button that gives ``logical``: a tap if any, else a hold."""
        km = self.profile.KEYMAP
        for n in range(len(km)):
            if km[n][0] == logical:
                return n, False
        for n in range(len(km)):
            if km[n][1] == logical:
                return n, True
        raise ValueError("%s has no button for %s" % (self.profile.ID, logical))

    def press_button(self, n, hold=False):
        self.presses += 1
        self.keys.inject(n, True, self.clock())
        self.advance(self.hold_ms if hold else TAP_MS)
        self.keys.inject(n, False, self.clock())
        self.advance(TAP_MS)

    def turn(self, detents):
        self.presses += abs(detents)
        self.encoder.position += detents
        self.advance(TAP_MS)

    def press(self, logical):
        from firmware.keys import CCW, CW

        self.log.append(logical)
        if logical in (CW, CCW) and self.encoder is not None:
            self.turn(1 if logical == CW else -1)
            return
        self.press_button(*self.button_for(logical))

    def keys_from(self, text):
        """Press a space-separated list of logical keys ("down down ok"); ``key*3`` repeats.
        The whole text is checked first (parse_keys): a bad token raises KeysError and
        nothing is pressed."""
        for name in parse_keys(text, self.profile.ID, self.key_names):
            self.press(name)

    # -- what is on the panel --------------------------------------------------------------

    def screen(self):
        return self.app.top()

    def texts(self):
        """The texts of every visible label on the panel, top to bottom, left to right."""
        found = sorted((y, x, lab.text) for x, y, _, lab in labels(self.panel.root_group) if lab.text.strip())
        return [t for _, _, t in found]

    def text(self):
        return "\n".join(self.texts())

    def png(self):
        self.settle()
        return self.panel.png()


class Cell:
    """One text of a firmware.ui.Cells, read as a label: its text, font and what it stands
    for (``card``: a card's code)."""

    def __init__(self, text, card, font):
        self.text = text
        self.card = card
        self.font = font


def labels(group, x0=0, y0=0, scale=1, out=None):
    """[(x, y, scale, label)] of every label under ``group`` that is not hidden, with its
    place on the panel (pixels) and its total scale."""
    if out is None:
        out = []
    if group is None or getattr(group, "hidden", False):
        return out
    x0 += group.x * scale
    y0 += group.y * scale
    scale *= getattr(group, "scale", 1)
    if isinstance(getattr(group, "text", None), str):
        out.append((x0, y0, scale, group))
        return out
    if isinstance(getattr(group, "grids", None), list):  # firmware.ui.Cells: a TileGrid per text
        for i, text in enumerate(group.texts):
            if text:
                g = group.grids[i]
                cell = Cell(text, group.codes[i], group.ui.font)
                out.append((x0 + g.x * scale, y0 + g.y * scale, scale, cell))
        return out
    for item in group:
        if hasattr(item, "__len__") or hasattr(item, "text"):  # a label, or a group of them
            labels(item, x0, y0, scale, out)
    return out
