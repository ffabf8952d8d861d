"""`python -m host_sim sim --board NAME`: the device in a window.

The unchanged firmware runs on the board's profile; blinka-displayio-pygamedisplay
draws the panel in a pygame window (scaled up for the small panels) and the keyboard
stands in for the board's buttons (the legend is printed at start). The match and
the settings are kept in a journal under build/sim/<board>/, so closing the window
and starting again resumes the match, as a power cut does on the board.
Without a display (no window possible), use `python -m host_sim shot`, or the terminal
table `python -m host_sim play <game>`."""

import argparse
import time

from boards import IDS


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
    lines.append("  close the window to stop")
    return "\n".join(lines)


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m host_sim sim", description=__doc__.split("\n\n")[1])
    ap.add_argument("--board", default="picosystem", choices=IDS)
    ap.add_argument("--state", help="journal directory (default build/sim/<board>)")
    ap.add_argument("--fresh", action="store_true", help="forget the saved match and settings first")
    ap.add_argument("--seconds", type=float, help="close the window after this long (smoke tests)")
    args = ap.parse_args(argv)

    import os
    import shutil

    from host_sim.device import install_standins

    install_standins()  # before the firmware is imported: it binds these module names
    from boards import load
    from firmware.app import App
    from host_sim.displayio_host import pygame_display_class
    from host_sim.shot import store_in
    from host_sim.stubs import board as board_stub, supervisor

    PyGameDisplay = pygame_display_class()
    import pygame

    profile = load(args.board)
    board_stub.use(profile.BOARD_ID)
    state = args.state or os.path.join("build", "sim", profile.ID)
    if args.fresh and os.path.isdir(state):
        shutil.rmtree(state)
    display = PyGameDisplay(width=profile.WIDTH, height=profile.HEIGHT, flags=pygame.SCALED,
                            caption="%s - score keeper" % profile.NAME)
    keys = profile.make_keys()
    encoder = profile.make_encoder()
    app = App(profile, display, keys, store_in(state), encoder)
    print(legend(profile))

    names = {name: n for n, name in enumerate(profile.SIM_KEYS)}
    enc = getattr(profile, "ENCODER_KEYS", ())

    def on_event(ev):
        name = pygame.key.name(ev.key)
        if encoder is not None and name in enc and ev.type == pygame.KEYDOWN:
            encoder.position += 1 if name == enc[0] else -1
        elif name in names:
            keys.inject(names[name], ev.type == pygame.KEYDOWN, supervisor.ticks_ms())

    end = time.monotonic() + args.seconds if args.seconds else None

    def on_time():
        app.step(supervisor.ticks_ms())
        if end is not None and time.monotonic() > end:
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    app.step(supervisor.ticks_ms())
    display.event_loop(interval=0.01, on_time=on_time, on_event=on_event,
                       events=[pygame.KEYDOWN, pygame.KEYUP], delay=0.005)
    return 0
