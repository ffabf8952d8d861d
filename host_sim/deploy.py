"""Copy the app onto a board's CIRCUITPY drive: `make deploy BOARD=NAME [DRIVE=PATH] [MPY_CROSS=PATH]`.

What goes there: the Adafruit libraries the board profile lists in LIBS (the .py files of the pinned
PyPI packages installed in .venv) under lib/, engine_core/, the board's profile with the shared
modules of boards/ (boards.select() finds the profile by board.board_id, else takes the only one
deployed), firmware/ without its entry file, and last /code.py (CircuitPython reloads after
writes; with code.py last the app restarts only once everything else is in place), then a sync.
With an mpy-cross (CircuitPython's own, matching the firmware's version) every module but code.py
is compiled to .mpy first. Everything is prepared before the first write,
so a failure writes nothing; files whose bytes are already on the drive are not written again (the
flash wears), and copies of deployed modules under the other suffix are removed (a stale .py would
shadow its new .mpy). The app ships no boot.py: the first version's boot.py, which took the drive
from the computer at every power-up, is removed (recognised by its text); any other boot.py, the
first version's journal files (journal0.bin, journal1.bin) and anything else of the user's are
never touched.
"""

import argparse
import ast
import glob
import os
import string
import subprocess
import sys
import sysconfig
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENTRY = {"code.py": "firmware/code.py"}  # drive root <- source
# A line only the first version's boot.py holds (it remounted CIRCUITPY for the app).
OLD_BOOT_MARK = b'storage.remount("/", readonly=False)'
OLD_BOOT_TITLE = b"/boot.py on the board (make deploy copies it there)"
MIRRORED = ("engine_core", "firmware", "boards")  # drive folders that hold only what deploy puts there
SKIP_DIRS = ("__pycache__",)
SKIP_SUFFIXES = (".pyc", ".pyi", ".md", ".typed")
DRIVE_GLOBS = ("/media/*/CIRCUITPY", "/run/media/*/CIRCUITPY", "/media/CIRCUITPY", "/Volumes/CIRCUITPY")


class DeployError(Exception):
    """A reason to stop before anything is written."""


# -- finding things --------------------------------------------------------------------------


def board_profiles(root=None):
    """{board id: path} of the modules in boards/ that are board profiles (they define LIBS)."""
    out = {}
    for path in sorted(glob.glob(os.path.join(root or ROOT, "boards", "*.py"))):
        if _assigned(path, "LIBS") is not None:
            out[os.path.basename(path)[:-3]] = path
    return out


def _assigned(path, name):
    """The literal value a module assigns to `name` at top level, or None (read, not imported:
    a profile may import board-only modules)."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    for node in tree.body:
        if isinstance(node, ast.Assign) and [t for t in node.targets if getattr(t, "id", None) == name]:
            return ast.literal_eval(node.value)
    return None


def find_drives():
    found = []
    for pattern in DRIVE_GLOBS:
        found += [p for p in sorted(glob.glob(pattern)) if os.path.isdir(p)]
    return found + _windows_drives("CIRCUITPY")


def _windows_drives(label):
    """Drive letters whose volume label is `label` (nothing elsewhere than Windows)."""
    out: list[str] = []
    if sys.platform != "win32":
        return out
    import ctypes

    volume_name = ctypes.windll.kernel32.GetVolumeInformationW
    for letter in string.ascii_uppercase:
        root = letter + ":\\"
        name = ctypes.create_unicode_buffer(64)
        if volume_name(root, name, 64, None, None, None, None, 0) and name.value == label:
            out.append(root)
    return out


def choose_drive(drive):
    if drive:
        if not os.path.isdir(drive):
            raise DeployError("DRIVE=%s is not a folder; is the board plugged in and mounted?" % drive)
        candidates = [drive]
    else:
        candidates = find_drives()
        if not candidates:
            raise DeployError(
                "no CIRCUITPY drive found (looked in %s%s). Plug the board in (CircuitPython on it: see "
                "README), wait until CIRCUITPY is mounted, or give DRIVE=PATH."
                % (", ".join(DRIVE_GLOBS), " and drive letters" if sys.platform == "win32" else ""))
        if len(candidates) > 1:
            raise DeployError("several CIRCUITPY drives: %s; choose one with DRIVE=PATH"
                              % ", ".join(candidates))
    drive = candidates[0]
    if not os.path.isfile(os.path.join(drive, "boot_out.txt")):
        raise DeployError("%s does not look like a CIRCUITPY drive (no boot_out.txt)" % drive)
    return drive


def library_files(name, site=None):
    """[(path on the drive, source path)] of one Adafruit library, a package or a single module."""
    site = site or sysconfig.get_paths()["purelib"]
    package = os.path.join(site, name)
    if os.path.isdir(package):
        return [("lib/%s/%s" % (name, rel), os.path.join(package, rel)) for rel in _tree(package, (".py",))]
    module = package + ".py"
    if os.path.isfile(module):
        return [("lib/%s.py" % name, module)]
    raise DeployError("library %s is not installed in %s: run `make venv`" % (name, site))


def _tree(top, suffixes=None):
    """Relative paths (with /) of the files under `top` that deploy copies, sorted."""
    out = []
    for here, dirs, files in os.walk(top):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.startswith("."))
        for f in sorted(files):
            if f.startswith(".") or f.endswith(SKIP_SUFFIXES):
                continue
            if suffixes is not None and not f.endswith(suffixes):
                continue
            out.append(os.path.relpath(os.path.join(here, f), top).replace(os.sep, "/"))
    return out


def _tree_files(root, top, skip=()):
    """[(path on the drive, source path)] of everything deploy copies from the folder `top`."""
    return [(top + "/" + rel, os.path.join(root, top, rel)) for rel in _tree(os.path.join(root, top))
            if top + "/" + rel not in skip]


# -- the plan --------------------------------------------------------------------------------


def check_board(board, root=None):
    """The board profiles, after making sure `board` is one of them."""
    profiles = board_profiles(root)
    if board not in profiles:
        known = ", ".join(sorted(profiles)) or "none yet"
        raise DeployError("unknown board %r; BOARD is one of: %s" % (board, known))
    return profiles


def plan(board, root=None, site=None):
    """[(path on the drive, source path)] in the order they are written."""
    root = root or ROOT
    profiles = check_board(board, root)
    files = []
    for lib in _assigned(profiles[board], "LIBS") or ():
        files += library_files(lib, site)
    files += _tree_files(root, "engine_core")
    for path in sorted(glob.glob(os.path.join(root, "boards", "*"))):
        name = os.path.basename(path)
        stem = name[:-3] if name.endswith(".py") else None
        if not os.path.isfile(path) or name.endswith(SKIP_SUFFIXES) or name.startswith("."):
            continue
        if stem in profiles and stem != board:
            continue
        files.append(("boards/" + name, path))
    files += _tree_files(root, "firmware", skip=ENTRY.values())
    for dest in ENTRY:  # code.py last
        src = os.path.join(root, ENTRY[dest])
        if not os.path.isfile(src):
            raise DeployError("%s is missing" % ENTRY[dest])
        files.append((dest, src))
    return files


def compile_mpy(files, mpy_cross):
    """The same plan with every module but the two entry files compiled by CircuitPython's mpy-cross."""
    if not (os.path.isfile(mpy_cross) and os.access(mpy_cross, os.X_OK)):
        raise DeployError("MPY_CROSS=%s is not an executable file" % mpy_cross)
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for dest, src in files:
            if dest in ENTRY or not dest.endswith(".py"):
                out.append((dest, src))
                continue
            target = os.path.join(tmp, "out.mpy")
            done = subprocess.run([mpy_cross, "-o", target, "-s", dest, src], capture_output=True, text=True)
            if done.returncode != 0 or not os.path.isfile(target):
                raise DeployError("mpy-cross failed on %s: %s" % (dest, (done.stderr or done.stdout).strip()))
            with open(target, "rb") as f:
                out.append((dest[:-3] + ".mpy", f.read()))
            os.remove(target)
    return out


# -- writing ---------------------------------------------------------------------------------


def _content(src):
    if isinstance(src, bytes):
        return src
    with open(src, "rb") as f:
        return f.read()


def write_file(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def _stale(drive, files):
    """Files on the drive that deploy put there earlier and that this plan does not: other-suffix
    twins of planned modules anywhere, and whatever else lies in the mirrored folders."""
    planned = {dest for dest, _ in files}
    stale = []
    for dest in sorted(planned):
        stem, _, suffix = dest.rpartition(".")
        if suffix in ("py", "mpy") and dest not in ENTRY:
            twin = stem + (".mpy" if suffix == "py" else ".py")
            if twin not in planned and os.path.isfile(os.path.join(drive, twin)):
                stale.append(twin)
    for top in MIRRORED:
        if os.path.isdir(os.path.join(drive, top)):
            stale += [top + "/" + rel for rel in _tree(os.path.join(drive, top))
                      if top + "/" + rel not in planned and top + "/" + rel not in stale]
    boot = os.path.join(drive, "boot.py")
    if os.path.isfile(boot):
        with open(boot, "rb") as f:
            text = f.read()
        if OLD_BOOT_MARK in text and OLD_BOOT_TITLE in text:
            stale.append("boot.py")
    return stale


def deploy(board, drive=None, mpy_cross=None, root=None, site=None, write=None, log=print):
    """Put the app for `board` on the drive; returns (written, unchanged, removed) drive paths."""
    check_board(board, root)
    drive = choose_drive(drive)
    if not os.access(drive, os.W_OK):
        raise DeployError("%s is read-only for this computer. The app's first version took the drive "
                          "at every power-up: unplug the board, hold its Back key (README) while plugging "
                          "it in, and deploy again; this version leaves the drive to the computer." % drive)
    files = plan(board, root, site)
    if mpy_cross:
        files = compile_mpy(files, mpy_cross)
    contents = [(dest, _content(src)) for dest, src in files]
    removed = _stale(drive, files)
    for dest in removed:  # before the new files: a stale twin must not shadow them for a moment
        os.remove(os.path.join(drive, dest))
    write = write or write_file
    written, unchanged = [], []
    for dest, data in contents:
        path = os.path.join(drive, dest)
        if os.path.isfile(path):
            with open(path, "rb") as f:
                if f.read() == data:
                    unchanged.append(dest)
                    continue
        write(path, data)
        written.append(dest)
    if hasattr(os, "sync"):
        os.sync()
    log("%s: %d files written, %d unchanged, %d removed%s"
        % (drive, len(written), len(unchanged), len(removed), " (.mpy)" if mpy_cross else ""))
    return written, unchanged, removed


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_sim deploy", description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", required=True, help="board profile id (boards/<id>.py)")
    ap.add_argument("--drive", help="the CIRCUITPY folder (default: look for the mounted drive)")
    ap.add_argument("--mpy-cross", help="CircuitPython's mpy-cross: ship .mpy instead of .py")
    args = ap.parse_args(argv)
    try:
        deploy(args.board, args.drive, args.mpy_cross)
    except DeployError as e:
        print("deploy: %s" % e, file=sys.stderr)
        print("deploy: nothing was written", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
