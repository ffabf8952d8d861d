"""`python -m host_sim emu --board NAME [--keys "ok up*3 ok"] [--out DIR] [--flash IMG]
[--save-flash IMG] [--echo] [--install drive|frozen]`

Boots CircuitPython's own firmware for the board in an emulated RP2040 (rp2040js), with the
app on CIRCUITPY as `make uf2 INSTALL=drive` lays it (--install frozen: `make uf2`'s one file,
the firmware with the app in it), presses the keys (logical names as `shot --keys`:
up down left right ok back menu, cw/ccw on the MacroPad's encoder; "up*3" repeats) and writes
DIR/first.png (the first screen) and DIR/last.png (after the keys). Prints one line: chip
time to the first screen and in all, the screens seen with their free heap, the flash's
erases and page programs; then the firmware's traceback, if it printed one (status 1).
--flash starts from a flash image an earlier run saved with --save-flash, so runs can
continue a match (as shot's --state). docs/emulator.md says what is emulated and how."""

import os
import sys

from boards import IDS

NAME = "emu"


def flash_bytes(board):
    from host_sim.emu.board import WIRING

    return WIRING[board].flash_mb << 20


def flash_problem(path, board):
    """Why ``path`` is no flash image of ``board`` to start from, or None."""
    if not os.path.exists(path):
        return "%s does not exist" % path
    if not os.path.isfile(path):
        return "%s is not a file" % path
    if not os.access(path, os.R_OK):
        return "%s is not readable (permission denied)" % path
    size, want = os.path.getsize(path), flash_bytes(board)
    if size != want:
        return ("%s is %d bytes, a %s's flash is %d (%d MB): not a flash image this command saved "
                "for that board" % (path, size, board, want, want >> 20))
    return None


def press_keys(b, text):
    """Press the logical keys of ``text`` on the emulated board ``b``, each when the last has
    been dealt with (EmuBoard.keys); stops at a traceback. The keys are checked first
    (host_sim.device.parse_keys: KeysError, nothing pressed)."""
    b.keys(text)
    if not b.traceback():
        b.settle(quiet_ms=500)


def summary(b, first_ms, out):
    """The run in one line."""
    first = "no first screen" if first_ms is None else "first screen at %.0f ms of chip time" % first_ms
    seen = ", ".join("%s %d" % s[:2] for s in b.screens) or "none"
    erases, programs = b.flash_ops
    pngs = [os.path.join(out, n) for n in ("first.png", "last.png") if os.path.exists(os.path.join(out, n))]
    return ("%s: %s, %.0f ms in all; screens (free heap, bytes): %s; flash: %d erases, %d page programs; %s"
            % (b.board, first, b.chip_ms, seen, erases, programs, " ".join(pngs) or "no frames written"))


def main(argv):
    from host_sim.cli import Parser, fail, folder_problem, new_file_problem

    ap = Parser(prog="python -m host_sim emu", description=__doc__.split("\n\n")[1])
    ap.add_argument("--board", default="picosystem", choices=IDS)
    ap.add_argument("--keys", default="", help='logical keys, e.g. "ok up*3 ok" (default: none)')
    ap.add_argument("--out", help="folder for first.png and last.png (default: build/emu/BOARD)")
    ap.add_argument("--flash", help="a flash image to start from (saved by --save-flash)")
    ap.add_argument("--save-flash", help="save the flash (the drive and the nvm) here at the end")
    ap.add_argument("--echo", action="store_true", help="print the firmware's console as it comes")
    ap.add_argument("--install", default="drive", choices=("drive", "frozen"),
                    help="drive (default): the board's stock CircuitPython, the app's files on CIRCUITPY; "
                         "frozen: make uf2's firmware with the app in it")
    args = ap.parse_args(argv)

    from host_sim.device import board_key_names, parse_keys

    # Every mistake is said before the emulator starts, and nothing is written then.
    try:
        parse_keys(args.keys, args.board, board_key_names(args.board))
    except ValueError as e:
        return fail(NAME, str(e))
    from host_sim.emu.board import ROOT, EmuBoard, missing
    from host_sim.emu.link import EmuError

    out = args.out or os.path.join(ROOT, "build", "emu", args.board)
    problem = folder_problem(out)
    if problem:
        return fail(NAME, "cannot write the frames: %s" % problem)
    if args.flash:
        problem = flash_problem(args.flash, args.board)
        if problem:
            return fail(NAME, "--flash: %s" % problem)
    if args.save_flash:
        problem = new_file_problem(args.save_flash)
        if problem:
            return fail(NAME, "--save-flash: %s" % problem)
    why = missing()
    if not why and args.install == "frozen":
        from host_sim.uf2 import kit_problem, toolchain_problem

        why = kit_problem() or toolchain_problem()
    if why:
        return fail(NAME, "cannot run the emulated board: %s" % why)

    def echo(text):
        sys.stdout.write(text)
        sys.stdout.flush()

    os.makedirs(out, exist_ok=True)
    flash = os.path.abspath(args.flash) if args.flash else None  # the emulator runs in the repository
    try:
        b = EmuBoard(args.board, flash=flash, echo=echo if args.echo else None, install=args.install)
    except EmuError as e:
        return fail(NAME, str(e), 1)
    with b:
        return run(b, args, out)


def run(b, args, out):
    """Boot, the keys, the frames, the flash saved, the summary; the status (1: a traceback, or
    the emulator stopped)."""
    from host_sim.emu.link import EmuError

    status = 0
    first_ms = None
    try:
        first_ms = b.boot()
        write(os.path.join(out, "first.png"), b.png())
        if not b.traceback():
            press_keys(b, args.keys)
        write(os.path.join(out, "last.png"), b.png())
        if args.save_flash:
            b.dump(os.path.abspath(args.save_flash))
    except EmuError as e:
        # a traceback is printed whole below: its console need not come twice
        print("%s: %s" % (NAME, str(e).split("\n")[0] if b.traceback() else e), file=sys.stderr)
        status = 1
    if args.echo:
        print()
    print(summary(b, first_ms, out))
    tb = b.traceback()
    if tb:
        print("%s: the firmware printed a traceback:\n%s" % (NAME, tb.rstrip()), file=sys.stderr)
        status = 1
    return status


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)
