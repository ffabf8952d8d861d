"""`python -m host_sim sim --board NAME`: the device in a window.

The unchanged firmware runs on the board's profile; blinka-displayio-pygamedisplay
draws the panel in a pygame window (scaled up for the small panels) and the keyboard
stands in for the board's buttons (the legend is printed at start). The match and
the settings are kept in a journal under build/sim/<board>/, so closing the window
(or Ctrl-C, which closes it after the pass in progress; exit status 130) and starting
again resumes the match, as a power cut does on the board.
Without a display (no window possible) it says so and exits with status 2 before
anything else: use the terminal table `make play` (`python -m host_sim play <game>`) or
headless screenshots (`python -m host_sim shot`)."""

import contextlib
import os
import signal
import sys
import tempfile
import time

from boards import IDS

INSTEAD = ('play at the terminal with `make play` (python -m host_sim play chimera|tichu), or take '
           'screenshots with python -m host_sim shot --board NAME --keys "..." --out FILE.png')
HEADLESS = ("dummy", "offscreen")  # SDL video drivers that open no window


def no_window_reason(env, platform, smoke=False):
    """Why no window can be opened, read from the environment alone, or None. SDL's dummy
    and offscreen drivers open none; they are taken only for a run of --seconds (smoke
    tests), which ends by itself. On Linux without an SDL driver named, a window needs
    an X or Wayland server: DISPLAY or WAYLAND_DISPLAY."""
    driver = env.get("SDL_VIDEODRIVER", "").strip().lower()
    drivers = [d.strip() for d in driver.split(",") if d.strip()]
    if drivers and all(d in HEADLESS for d in drivers):
        return None if smoke else "SDL_VIDEODRIVER=%s opens no window" % driver
    server = env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")
    if not drivers and platform.startswith("linux") and not server:
        return "no display server (DISPLAY and WAYLAND_DISPLAY are not set)"
    return None


def pygame_window_reason(pygame, smoke=False):
    """Why pygame's display cannot open a window, or None (it is left initialised then).
    What SDL prints while it tries its drivers (e.g. "XDG_RUNTIME_DIR is invalid") is
    passed on only when a window driver was found: else the one-line reason says it all."""
    with _stderr_held() as held:
        try:
            pygame.display.init()
            driver = pygame.display.get_driver()
        except pygame.error as e:
            return "pygame cannot open a display (%s)" % (str(e).strip() or "no video driver")
        named = [d.strip().lower() for d in os.environ.get("SDL_VIDEODRIVER", "").split(",")]
        if driver in HEADLESS and not (smoke and driver in named):
            pygame.display.quit()
            return "pygame found no display, only its %s video driver" % driver
        held.keep = True
    return None


class _Held:
    keep = False


@contextlib.contextmanager
def _stderr_held():
    """File descriptor 2 (where SDL writes) goes to a temporary file for the block; it is
    written to stderr afterwards if the block set ``keep``."""
    held = _Held()
    try:
        fd = sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):  # stderr replaced (pytest's capsys): nothing to hold
        yield held
        return
    sys.stderr.flush()
    saved = os.dup(fd)
    with tempfile.TemporaryFile() as tmp:
        os.dup2(tmp.fileno(), fd)
        try:
            yield held
        finally:
            os.dup2(saved, fd)
            os.close(saved)
            if held.keep:
                tmp.seek(0)
                sys.stderr.write(tmp.read().decode(errors="replace"))


def _no_window(reason):
    print("sim: no window can be opened here: %s; %s" % (reason, INSTEAD), file=sys.stderr)
    return 2


class CtrlC:
    """Ctrl-C stops the simulator as closing the window does (``with CtrlC() as stop``): in the
    terminal (SIGINT) or in the window (``window_key``) it only sets ``asked``; the main loop
    then closes the window after its pass, so no journal write is cut short and the match's
    record is brought up to date. A further Ctrl-C asks the same (it never stops half-way
    through a write). A SIGINT ignored when the simulator started (a background job) stays
    ignored, and a handler someone else set is left alone."""

    def __init__(self):
        self.asked = False
        self.old = None

    def __enter__(self):
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:  # Python's own
            self.old = signal.signal(signal.SIGINT, self.ask)
        return self

    def __exit__(self, *exc):
        if self.old is not None:
            signal.signal(signal.SIGINT, self.old)
            self.old = None

    def ask(self, signum=None, frame=None):
        self.asked = True

    def window_key(self, pygame, ev):
        """Whether the key event ``ev`` is Ctrl-C in the window (then the stop is asked; the
        event is no button's)."""
        if ev.key != pygame.K_c or not ev.mod & pygame.KMOD_CTRL:
            return False
        if ev.type == pygame.KEYDOWN:
            self.ask()
        return True


def _stopped(state, records):
    said = "sim: stopped (Ctrl-C); the match and the settings are kept in %s: start again to go on" % state
    if records is not None and records.path is not None:
        said += "; the match's game record is %s" % records.path
    print(said)
    return 130  # as the terminal table's Ctrl-C (128 + SIGINT)


def legend(profile):
    from firmware.keys import HOLD_MS

    lines = ["%s (%dx%d): keyboard -> button -> key" % (profile.NAME, profile.WIDTH, profile.HEIGHT)]
    for n, label in enumerate(profile.LABELS):
        tap, hold = profile.KEYMAP[n]
        if tap is None and hold is None:
            what = "(free)"
        else:
            what = tap or ""
            if hold:
                what += ", held %d ms: %s" % (HOLD_MS, hold)
        lines.append("  %-10s %-14s %s" % (profile.SIM_KEYS[n], label, what))
    enc = getattr(profile, "ENCODER_KEYS", None)
    if enc:
        lines.append("  %-10s %-14s turn clockwise" % (enc[0], "encoder"))
        lines.append("  %-10s %-14s turn anticlockwise" % (enc[1], "encoder"))
    lines.append("  close the window, or Ctrl-C (here or in the window), to stop: the match is kept")
    return "\n".join(lines)


def main(argv):
    from host_sim.cli import Parser, fail, folder_problem, seed
    from host_sim.device import INSTALL_HELP, INSTALLS

    ap = Parser(prog="python -m host_sim sim", description=__doc__.split("\n\n")[1])
    ap.add_argument("--board", default="picosystem", choices=IDS)
    ap.add_argument("--state", help="journal directory (default build/sim/<board>)")
    ap.add_argument("--fresh", action="store_true", help="forget the saved match and settings first (the "
                    "game records in STATE/records stay)")
    ap.add_argument("--seed", type=seed, help="deal the dealer mode's cards from this seed (default: "
                    "os.urandom, as the board)")
    ap.add_argument("--seconds", type=float, help="close the window after this long (smoke tests; "
                    "then SDL_VIDEODRIVER=dummy or offscreen may stand in for a display)")
    ap.add_argument("--install", default="drive", choices=INSTALLS, help=INSTALL_HELP)
    args = ap.parse_args(argv)
    problem = folder_problem(args.state or os.path.join("build", "sim", args.board))
    if problem:
        return fail("sim", "cannot keep the match there: %s" % problem)
    with CtrlC() as stop:
        return _run(args, stop)


def _run(args, stop):
    # The simulator after its command line: ``stop`` (a CtrlC) says whether Ctrl-C was pressed.
    smoke = bool(args.seconds)
    reason = no_window_reason(os.environ, sys.platform, smoke)
    if reason:
        return _no_window(reason)

    from host_sim.device import install_standins

    install_standins()  # before the firmware is imported: it binds these module names
    from boards import load
    from firmware import install
    from firmware.app import App
    from host_sim.displayio_host import pygame_display_class
    from host_sim.shot import store_in
    from host_sim.sim_records import CURRENT, RecordingStore, Records
    from host_sim.stubs import board as board_stub, supervisor

    PyGameDisplay = pygame_display_class()
    import pygame

    reason = pygame_window_reason(pygame, smoke)
    if reason:
        return _no_window(reason)

    profile = load(args.board)
    board_stub.use(profile.BOARD_ID)
    install.FROZEN = args.install == "frozen"
    state = args.state or os.path.join("build", "sim", profile.ID)
    if args.fresh:  # the match and which record file it wrote to (a new match gets a new one)
        for name in ("nvm.bin", os.path.join("records", CURRENT)):
            if os.path.exists(os.path.join(state, name)):
                os.remove(os.path.join(state, name))
    if stop.asked:  # before the window: nothing runs
        pygame.quit()
        return _stopped(state, None)
    try:
        display = PyGameDisplay(width=profile.WIDTH, height=profile.HEIGHT, flags=pygame.SCALED,
                                caption="%s - score keeper" % profile.NAME)
    except pygame.error as e:
        pygame.quit()
        return _no_window("pygame cannot open a window (%s)" % e)
    keys = profile.make_keys()
    encoder = profile.make_encoder()
    records = Records(state, profile.ID)
    store = RecordingStore(store_in(state), records)
    app = App(profile, display, keys, store, encoder)
    if args.seed is not None:
        from host_sim.device import seed_source

        app.seed_source = seed_source(args.seed)
    print(legend(profile))
    print("  dealt matches are saved as game records (docs/judge.md) in %s" % os.path.join(state, "records"))
    names = {name: n for n, name in enumerate(profile.SIM_KEYS)}
    enc = getattr(profile, "ENCODER_KEYS", ())

    def on_event(ev):
        if stop.window_key(pygame, ev):
            return
        name = pygame.key.name(ev.key)
        if encoder is not None and name in enc and ev.type == pygame.KEYDOWN:
            encoder.position += 1 if name == enc[0] else -1
        elif name in names:
            keys.inject(names[name], ev.type == pygame.KEYDOWN, supervisor.ticks_ms())

    end = time.monotonic() + args.seconds if args.seconds else None

    def on_time():
        app.step(supervisor.ticks_ms())
        records.after_pass(app, store)
        if stop.asked or (end is not None and time.monotonic() > end):
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    app.step(supervisor.ticks_ms())
    display.event_loop(interval=0.01, on_time=on_time, on_event=on_event,
                       events=[pygame.KEYDOWN, pygame.KEYUP], delay=0.005)
    records.after_pass(app, store)
    return _stopped(state, records) if stop.asked else 0
