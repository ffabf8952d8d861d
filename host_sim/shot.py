"""`python -m host_sim shot --board NAME --keys "down down ok" --out FILE.png`

Runs the firmware headless on the board's profile, presses the keys (logical names:
up down left right ok back menu, and cw/ccw for an encoder; "up*3" repeats), waits for
the panel to refresh as the board would (e-paper: its 2 s limit) and writes what is on
the panel as a PNG of exactly its size. No window, no display server. ``--keys ""``
shows the start screen. ``--state DIR`` keeps the journal (the running match and the
settings) in DIR, as the board keeps it on its flash, so several calls can continue a
match."""

import argparse
import sys

from boards import IDS


def store_in(directory):
    """The board's journal store kept in ``directory`` on the host: its nvm as the file
    nvm.bin (4 KB, written as the RP2040 port writes it: host_sim/stubs/microcontroller)."""
    import os

    from firmware.stores import NvmStore
    from host_sim.stubs.microcontroller import NVM

    os.makedirs(directory, exist_ok=True)
    return NvmStore(NVM(path=os.path.join(directory, "nvm.bin")))


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m host_sim shot", description=__doc__.split("\n\n")[1])
    ap.add_argument("--board", default="picosystem", choices=IDS)
    ap.add_argument("--keys", default="", help='logical keys, e.g. "ok up*3 ok"')
    ap.add_argument("--out", required=True, help="the PNG to write")
    ap.add_argument("--state", help="directory for the journal (default: start empty, keep nothing)")
    args = ap.parse_args(argv)

    from host_sim.device import Device

    store = store_in(args.state) if args.state else None
    dev = Device(args.board, store)
    try:
        dev.keys_from(args.keys)
    except ValueError as e:
        print("shot: %s" % e, file=sys.stderr)
        return 2
    data = dev.png()
    with open(args.out, "wb") as f:
        f.write(data)
    print("%s: %s %dx%d, %s after %d presses" % (args.out, args.board, dev.panel.width, dev.panel.height,
                                                   type(dev.screen()).__name__, dev.presses))
    return 0
