"""One file to drag onto the board: `make uf2 BOARD=NAME [INSTALL=frozen|drive]`.

Frozen (the default): CircuitPython 10.3 for the board with the app compiled into it, and a
CIRCUITPY drive that holds only what the app reads as files (code.py, which imports the frozen
app, and the texts' table), in one UF2. The firmware comes from the relink kit in
../shared/tools/circuitpython/kit (KIT.md there: freeze.sh BOARD APP_DIR OUT.uf2 links the
board's CircuitPython objects with the app's modules; it refuses in one line when the app does
not fit the firmware's 1020 KB region). It needs Debian's gcc-arm-none-eabi and
libnewlib-arm-none-eabi; installed here when this runs as root with apt-get, else one line
says how. The app's bytecode, constants and names then live in flash, not in the heap
(firmware/install.py, docs/heap.md).

Drive (INSTALL=drive, `make uf2 INSTALL=drive [MPY_CROSS=PATH] [CIRCUITPYTHON_UF2=PATH]`): the
app as files, exactly what `make deploy` writes onto an empty drive (host_sim/deploy.py's
drive_tree: the app's folder /app_a with its lib/, and the code.py that starts it; .mpy files
with MPY_CROSS), for a board that runs a stock CircuitPython.

Either way the CIRCUITPY drive is a FAT image formatted as CircuitPython formats its own
(folder2uf2, a pinned dependency, builds it). The image covers the board's whole drive: on an
RP2040, CircuitPython keeps 1020 KB of firmware at the start of the flash, then the 4 KB
nvm sector (where the app keeps the match), then CIRCUITPY up to the end of the flash, whose
size the board's profile names (FLASH_MB). Copied onto the board's RPI-RP2 drive it replaces
the firmware (frozen) and every file on CIRCUITPY, and leaves the nvm as it was: no block of it
lies in the nvm sector, so the match and the settings survive an update.

CIRCUITPYTHON_UF2: a CircuitPython UF2 downloaded for the board, put in front of the drive in
the same file (folder2uf2 --combine), so a blank board needs one copy. Before that, it must be
an RP2040 UF2 (family id), lie wholly below the nvm sector (the layout the drive was made for),
and be the build for this board: CircuitPython puts its board id (boot_out.txt's "Board ID:")
into the firmware as a C string, and a board id names one board and so one flash size. folder2uf2
checks the first two only as far as the firmware's blocks say (no family id passes) and not the
third; a firmware for another board would run with a drive of the wrong size, or none.
"""

import os
import struct
import subprocess
import sys
import tempfile

from host_sim.deploy import ROOT, DeployError, _assigned, board_profiles, check_board, drive_tree

FAMILY_RP2040 = 0xE48BFF56  # the UF2 family id of RP2040 (not RP2350) flash images
XIP_BASE = 0x10000000  # where the RP2040 maps its flash
NVM_START = 0xFF000  # the nvm sector: right after CircuitPython's 1020 KB of firmware
DRIVE_START = 0x100000  # CIRCUITPY: right after the nvm
MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)  # UF2 block: two at the start, one at the end
FLAG_FAMILY = 0x00002000
BLOCK = 512
OUT = os.path.join(ROOT, "build")


def read_blocks(path):
    """[(target address, payload bytes, family id or None)] of a UF2 file, in file order; a file
    that is not one raises DeployError."""
    with open(path, "rb") as f:
        raw = f.read()
    if not raw or len(raw) % BLOCK:
        raise DeployError("%s is not a UF2 file (not whole 512-byte blocks)" % path)
    out = []
    for i in range(0, len(raw), BLOCK):
        head = struct.unpack_from("<8I", raw, i)
        if head[:2] != MAGIC[:2] or struct.unpack_from("<I", raw, i + BLOCK - 4)[0] != MAGIC[2]:
            raise DeployError("%s is not a UF2 file (block %d has no UF2 magic)" % (path, i // BLOCK))
        flags, addr, size = head[2], head[3], head[4]
        if size > 476:
            raise DeployError("%s: block %d claims %d bytes" % (path, i // BLOCK, size))
        out.append((addr, raw[i + 32:i + 32 + size], head[7] if flags & FLAG_FAMILY else None))
    return out


def profile(board):
    """(board id as CircuitPython names it, flash bytes) of a board profile."""
    path = check_board(board)[board]
    mb = _assigned(path, "FLASH_MB")
    if not mb:
        raise DeployError("boards/%s.py names no FLASH_MB: the drive's size is unknown" % board)
    return _assigned(path, "BOARD_ID"), mb * 1024 * 1024


def check_firmware(path, board_id):
    """Refuse a CircuitPython UF2 that is not RP2040's, reaches the nvm, or is another board's."""
    if not os.path.isfile(path):
        raise DeployError("CIRCUITPYTHON_UF2=%s is not a file" % path)
    blocks = read_blocks(path)
    families = {fam for _, _, fam in blocks}
    if families != {FAMILY_RP2040}:
        raise DeployError("%s is not an RP2040 UF2 (family id %s, RP2040's is 0x%08x)" % (
            path, ", ".join("none" if f is None else "0x%08x" % f for f in sorted(families, key=str)),
            FAMILY_RP2040))
    low = min(addr for addr, _, _ in blocks)
    high = max(addr + len(data) for addr, data, _ in blocks)
    if low < XIP_BASE or high > XIP_BASE + NVM_START:
        raise DeployError("%s fills flash 0x%08x..0x%08x: CircuitPython for an RP2040 board with its drive "
                          "at 1 MB ends below the nvm at 0x%08x" % (path, low, high, XIP_BASE + NVM_START))
    image = b"".join(data for _, data, _ in sorted(blocks, key=lambda b: b[0]))
    if board_id.encode() + b"\0" not in image:
        raise DeployError("%s is not CircuitPython for %s (its board id is not in it): download the "
                          "%s build" % (path, board_id, board_id))
    return len(blocks)


def build(board, out=None, mpy_cross=None, circuitpython_uf2=None, log=print, extra=()):
    """Write the drive install's UF2 for ``board``; returns (path, the drive's files as
    [(path, bytes)]). ``extra``: more files for the drive, as (path, bytes) (the emulator's
    settings.toml)."""
    board_id, flash = profile(board)
    if circuitpython_uf2:
        check_firmware(circuitpython_uf2, board_id)
    tree = list(drive_tree(board, mpy_cross)) + list(extra)
    out = out or os.path.join(OUT, "%s-drive%s.uf2" % (board, "-circuitpython" if circuitpython_uf2 else ""))
    _pack(tree, flash, out, circuitpython_uf2, log)
    log("%s: %s's app (%d files%s) on a %d KB CIRCUITPY drive (%d MB flash), %d KB%s" % (
        os.path.relpath(out), board, len(tree), ", .mpy" if mpy_cross else "", (flash - DRIVE_START) // 1024,
        flash // (1024 * 1024), -(-os.path.getsize(out) // 1024),
        ", CircuitPython in front" if circuitpython_uf2 else ""))
    return out, tree


def _pack(tree, flash, out, combine, log):
    # The CIRCUITPY image of ``tree`` into the UF2 ``out``, after the UF2 ``combine`` if any.
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        top = os.path.join(tmp, "CIRCUITPY")
        for path, data in tree:
            dest = os.path.join(top, *path.split("/"))
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            with open(dest, "wb") as f:
                f.write(data)
        cmd = [sys.executable, "-m", "folder2uf2", "--flash-offset", "0x%x" % DRIVE_START,
               "--flash-size", "0x%x" % flash, "--family-id", "0x%08x" % FAMILY_RP2040, "-o", out, top]
        if combine:
            cmd[-1:-1] = ["--combine", combine]
        done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise DeployError("folder2uf2 failed: %s" % (done.stderr or done.stdout).strip())
    for line in done.stdout.splitlines():
        log("  folder2uf2: " + line)


# -- the frozen install ------------------------------------------------------------------------

# How each board starts its UF2 bootloader (the drive RPI-RP2).
BOOTLOADER = {
    "picosystem": "switch it on while holding X",
    "pico_display_pack": "hold BOOTSEL on the Pico while plugging in USB",
    "macropad": "hold the rotary encoder pressed down while plugging in USB",
    "badger2040": "hold BOOT/USR on the back while pressing RESET",
}
KIT = os.path.join(os.path.dirname(ROOT), "shared", "tools", "circuitpython", "kit")
TOOLCHAIN = ("gcc-arm-none-eabi", "libnewlib-arm-none-eabi")
HOW_TO_INSTALL = "sudo apt-get install -y " + " ".join(TOOLCHAIN)
# The drive's code.py: the app is in the firmware. An app of the drive install that was
# there before is gone with the rest of the drive (the image replaces it whole).
FROZEN_CODE_PY = (b"# The gadget's app is frozen into this board's firmware (make uf2): this file only\n"
                  b"# starts it. The match is kept in the flash beside the drive, not in a file.\n"
                  b"import firmware.code\n")
TEXTS = "firmware/texts.tsv"  # on the frozen drive at its root (firmware/texts.py TABLE)


def kit_problem(kit=KIT):
    """Why the firmware cannot be relinked here (one sentence), or None."""
    if not os.path.isfile(os.path.join(kit, "freeze.sh")):
        return ("no CircuitPython relink kit at %s (it comes with ../shared beside this clone); "
                "`make uf2 INSTALL=drive` builds the drive install without it" % os.path.relpath(kit))
    return None


def toolchain_problem(run=subprocess.run, which=None):
    """Make sure arm-none-eabi-gcc is there: install Debian's packages when this runs as root
    with apt-get; None when it is there, else one sentence that says how."""
    import shutil

    which = which or shutil.which
    if which("arm-none-eabi-gcc") and which("arm-none-eabi-objcopy"):
        return None
    if which("apt-get") and hasattr(os, "geteuid") and os.geteuid() == 0:
        import fcntl

        os.makedirs(OUT, exist_ok=True)
        with open(os.path.join(OUT, "toolchain.lock"), "w") as lock:  # test workers: one apt-get
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not which("arm-none-eabi-gcc"):
                print("uf2: installing %s (apt-get), for the firmware's link" % " and ".join(TOOLCHAIN),
                      file=sys.stderr, flush=True)
                run(["apt-get", "install", "-y", "--no-install-recommends"] + list(TOOLCHAIN),
                    capture_output=True, text=True)
        if which("arm-none-eabi-gcc"):
            return None
    return "the firmware's link needs the Arm toolchain: %s" % HOW_TO_INSTALL


def freeze_tree(board):
    """[(module path, source bytes)] of the app's .py files as they are frozen: the drive
    install's folder (host_sim/deploy.py plan), its lib/ at the top (a library is imported
    by its own name)."""
    from host_sim.deploy import app_files

    out = []
    for dest, data in app_files(board):
        if dest.endswith(".py"):
            out.append((dest[4:] if dest.startswith("lib/") else dest, data))
    return out


def frozen_drive(board, extra=()):
    """[(path, bytes)] of the frozen install's CIRCUITPY: what the app reads as files."""
    from host_sim.deploy import app_files

    texts = [data for dest, data in app_files(board) if dest == TEXTS]
    return [("code.py", FROZEN_CODE_PY), ("texts.tsv", texts[0])] + list(extra)


def build_frozen(board, out=None, log=print, extra=(), kit=KIT, modules=()):
    """Write the frozen install's UF2 for ``board``: the firmware with the app in it, then its
    drive. Returns (path, freeze.sh's line: the firmware region used and left). ``extra``:
    more files for the drive; ``modules``: more modules to freeze, as (path, bytes)."""
    problem = kit_problem(kit) or toolchain_problem()
    if problem:
        raise DeployError(problem)
    board_id, flash = profile(board)
    out = out or os.path.join(OUT, "%s.uf2" % board)
    with tempfile.TemporaryDirectory() as tmp:
        app = os.path.join(tmp, "app")
        for path, data in freeze_tree(board) + list(modules):
            dest = os.path.join(app, *path.split("/"))
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            with open(dest, "wb") as f:
                f.write(data)
        firmware = os.path.join(tmp, "firmware.uf2")
        done = subprocess.run(["sh", os.path.join(kit, "freeze.sh"), board_id, app, firmware],
                              capture_output=True, text=True)
        if done.returncode != 0:
            lines = (done.stderr or done.stdout).strip().splitlines() or ["exit %d" % done.returncode]
            raise DeployError("the firmware for %s: %s" % (board, lines[-1]))
        # "freeze.sh: BOARD: N app modules + M board modules frozen -> PATH; firmware U bytes of R (room ...)"
        line = done.stdout.strip().splitlines()[-1]
        fit = "%s; %s" % (line.split(" -> ")[0].split(": ", 2)[-1], line.split("; ")[1])
        check_firmware(firmware, board_id)  # the nvm and the drive stay clear of it
        tree = frozen_drive(board, extra)
        _pack(tree, flash, out, firmware, log)
    log("%s: CircuitPython for %s with the app frozen in, and its CIRCUITPY drive (%s), %d KB" % (
        os.path.relpath(out), board, ", ".join(p for p, _ in tree), -(-os.path.getsize(out) // 1024)))
    log("  the firmware: %s" % fit)
    return out, fit


def cli_problem(out, mpy_cross):
    # Why the command line cannot be carried out, before anything is built: the file to
    # write, the mpy-cross named. (bundle.py asks the same.)
    from host_sim.cli import new_file_problem

    if out and new_file_problem(out):
        return new_file_problem(out)
    if mpy_cross and not (os.path.isfile(mpy_cross) and os.access(mpy_cross, os.X_OK)):
        return "no mpy-cross at %s (CircuitPython's, see docs/install.md)" % mpy_cross
    return None


def main(argv=None):
    from host_sim.cli import Parser

    ap = Parser(prog="python -m host_sim uf2", description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", help="board profile id (boards/<id>.py); default: one UF2 per board")
    ap.add_argument("--install", default="frozen", choices=("frozen", "drive"),
                    help="frozen (default): the app in CircuitPython's firmware; drive: the app's files "
                         "on CIRCUITPY, for a stock CircuitPython")
    ap.add_argument("--out", help="the UF2 to write (default build/<board>.uf2, build/<board>-drive.uf2; "
                                  "with --board only)")
    ap.add_argument("--mpy-cross", help="drive install: CircuitPython's mpy-cross, to ship .mpy, not .py")
    ap.add_argument("--circuitpython-uf2", help="drive install: CircuitPython's UF2 for the board, in front")
    args = ap.parse_args(argv)
    if not args.board and (args.out or args.circuitpython_uf2):
        ap.error("--out and --circuitpython-uf2 are for one board: name it with --board")
    if args.install == "frozen" and (args.mpy_cross or args.circuitpython_uf2):
        ap.error("--mpy-cross and --circuitpython-uf2 are for --install drive (the frozen UF2 has its own "
                 "firmware)")
    problem = cli_problem(args.out, args.mpy_cross)
    if args.circuitpython_uf2 and not os.path.isfile(args.circuitpython_uf2):
        problem = "no file %s (the board's CircuitPython UF2)" % args.circuitpython_uf2
    if args.install == "frozen":
        problem = problem or kit_problem() or toolchain_problem()
    if problem:
        print("uf2: %s" % problem, file=sys.stderr)
        return 2
    try:
        for board in [args.board] if args.board else sorted(board_profiles()):
            if args.install == "frozen":
                build_frozen(board, args.out)
            else:
                build(board, args.out, args.mpy_cross, args.circuitpython_uf2)
        for board in [args.board] if args.board else sorted(board_profiles()):
            print("%s: %s, then copy the .uf2 onto the drive RPI-RP2 that shows up."
                  % (board, BOOTLOADER[board]))
        print("A UF2 replaces every file on CIRCUITPY (copy off what you keep there first); the match and "
              "the settings, in the nvm or an FRAM, stay.")
    except DeployError as e:
        print("uf2: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
