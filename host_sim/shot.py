"""`python -m host_sim shot --board NAME --keys "down down ok" --out FILE.png`

Runs the firmware headless on the board's profile, presses the keys (logical names:
up down left right ok back menu bomb, and cw/ccw for an encoder; "up*3" repeats), waits
for the panel to refresh as the board would (e-paper: its 2 s limit) and writes what is on
the panel as a PNG of exactly its size. No window, no display server. ``--keys ""``
shows the start screen. A hand that came up by itself takes no key for a moment (an OK
meant for the table, firmware/screens/hand.py GRACE): the keys wait that out, as a person
reading the cards does. ``--state DIR`` keeps the journal (the running match and the
settings) in DIR, as the board keeps it on its flash, so several calls can continue a
match; each call starts on the screen the board powers up on."""

import contextlib
import os
import sys

from boards import IDS


def store_in(directory):
    """The board's journal store kept in ``directory`` on the host: its nvm as the file
    nvm.bin (4 KB, written as the RP2040 port writes it: host_sim/stubs/microcontroller)."""
    from firmware.storage.stores import NvmStore
    from host_sim.stubs.microcontroller import NVM

    os.makedirs(directory, exist_ok=True)
    return NvmStore(NVM(path=os.path.join(directory, "nvm.bin")))


def out_problem(path):
    """Why the PNG cannot be written to ``path`` (checked before anything runs), or None."""
    parent = os.path.dirname(path) or "."
    if os.path.isdir(path):
        return "it is a directory"
    if not os.path.exists(parent):
        return "directory %s does not exist" % parent
    if not os.path.isdir(parent):
        return "%s is not a directory" % parent
    if not os.access(path if os.path.exists(path) else parent, os.W_OK):
        return "permission denied"
    return None


def _why(err, path):
    """An OSError from writing ``path``, said in a few words."""
    import errno

    if err.errno == errno.ENOENT:
        return "directory %s does not exist" % (os.path.dirname(path) or ".")
    if err.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if err.errno == errno.EISDIR:
        return "it is a directory"
    if err.errno == errno.ENOTDIR:
        return "a part of the path is not a directory"
    if err.errno == errno.EEXIST:
        return "it exists and is not a directory"
    return (err.strerror or str(err)).lower()


def press_keys(dev, text):
    """Press ``text``'s logical keys on the simulator ``dev``, each after the grace time of a
    hand that came up by itself (a person reads the cards first)."""
    from host_sim.device import parse_keys
    from host_sim.player import calm

    for name in parse_keys(text, dev.profile.ID, dev.key_names):
        calm(dev)
        dev.press(name)


def main(argv):
    from host_sim.cli import Parser
    from host_sim.device import INSTALL_HELP, INSTALLS

    ap = Parser(prog="python -m host_sim shot", description=__doc__.split("\n\n")[1])
    ap.add_argument("--board", default="picosystem", choices=IDS)
    ap.add_argument("--keys", default="", help='logical keys (up down left right ok back menu bomb, cw '
                    'ccw on an encoder), e.g. "ok up*3 ok"')
    ap.add_argument("--out", required=True, help="the PNG to write")
    ap.add_argument("--state", help="directory for the journal (default: start empty, keep nothing)")
    ap.add_argument("--install", default="drive", choices=INSTALLS, help=INSTALL_HELP)
    args = ap.parse_args(argv)

    from host_sim.device import Device, board_key_names, parse_keys

    # Every mistake in the command line is found before the firmware runs: nothing is
    # written (no PNG, no journal) when one is.
    try:
        parse_keys(args.keys, args.board, board_key_names(args.board))
    except ValueError as e:
        print("shot: %s" % e, file=sys.stderr)
        return 2
    problem = out_problem(args.out)
    if problem:
        print("shot: cannot write %s: %s" % (args.out, problem), file=sys.stderr)
        return 2
    try:
        store = store_in(args.state) if args.state else None
    except OSError as e:
        print("shot: cannot keep the journal in %s: %s" % (args.state, _why(e, args.state)), file=sys.stderr)
        return 2
    dev = Device(args.board, store, install=args.install)
    press_keys(dev, args.keys)
    data = dev.png()
    f = None
    try:
        f = open(args.out, "wb")
        with f:
            f.write(data)
    except OSError as e:
        if f is not None:  # opened, then the write failed (disk full): leave no partial PNG
            with contextlib.suppress(OSError):
                os.remove(args.out)
        print("shot: cannot write %s: %s" % (args.out, _why(e, args.out)), file=sys.stderr)
        return 2
    print("%s: %s %dx%d, %s after %d presses" % (args.out, args.board, dev.panel.width, dev.panel.height,
                                                   type(dev.screen()).__name__, dev.presses))
    return 0
