"""Copy the app onto a board's CIRCUITPY drive: `make deploy BOARD=NAME [DRIVE=PATH] [MPY_CROSS=PATH]`.

The app lives in one of two folders, /app_a or /app_b, and the drive's code.py (a few lines
this module writes) names the one the board runs. A deploy writes the other folder whole (the
Adafruit libraries the board profile lists in LIBS, from the pinned PyPI packages in .venv,
under lib/; engine_core/; the board's profile with the shared modules of boards/; firmware/),
syncs, and only then changes the folder's name in code.py: one byte of a file that keeps its
length. Power gone or cable pulled at any moment, the board starts either the old app or the
new one, never half of each; CircuitPython's auto-reload during the copy restarts the old one.
The folder of the old app goes last. With an mpy-cross (CircuitPython's own, matching the
firmware's version) every module is compiled to .mpy first.

Before anything is written: the board named in boot_out.txt must be BOARD's, and the drive
must have room for the new folder beside the old one. When the running app is already this
one, nothing is written (the flash wears). The app ships no boot.py: the first version's
boot.py, which took the drive from the computer at every power-up, is removed (recognised
by its text), and so is that version's app at the drive's root; any other boot.py, the
first version's journal files (journal0.bin, journal1.bin), lib/ and anything else of the
user's are never touched.
"""

import argparse
import ast
import glob
import os
import re
import shutil
import string
import subprocess
import sys
import sysconfig
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SLOTS = ("app_a", "app_b")  # the two homes of the app on the drive: same length, one byte apart
START = "firmware/code.py"  # the app's entry module; the drive's code.py imports it
CODE_PY = (
    "# Written by make deploy (host_sim/deploy.py). The app is in the folder named below; a\n"
    "# deploy writes the other folder whole, then changes this name: the board runs the old app\n"
    "# or the new one, never half of each.\n"
    "import sys\n"
    "sys.path[0:0] = [\"/%s\", \"/%s/lib\"]\n"
    "import firmware.code\n")
LIVE = re.compile(r'^sys\.path\[0:0\] = \["/(app_[ab])", "/app_[ab]/lib"\]$', re.M)
# A line only the first version's boot.py holds (it remounted CIRCUITPY for the app).
OLD_BOOT_MARK = b'storage.remount("/", readonly=False)'
OLD_BOOT_TITLE = b"/boot.py on the board (make deploy copies it there)"
FLAT = ("engine_core", "firmware", "boards")  # the first version's app at the drive's root
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
    """[(path in the app's folder, source path)] in the order they are written."""
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
    if not os.path.isfile(os.path.join(root, START)):
        raise DeployError("%s is missing" % START)
    files += _tree_files(root, "firmware")
    return files


def compile_mpy(files, mpy_cross):
    """The same plan with every module compiled by CircuitPython's mpy-cross."""
    if not (os.path.isfile(mpy_cross) and os.access(mpy_cross, os.X_OK)):
        raise DeployError("MPY_CROSS=%s is not an executable file" % mpy_cross)
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for dest, src in files:
            if not dest.endswith(".py"):
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


def drive_tree(board, mpy_cross=None, slot=SLOTS[0], root=None, site=None):
    """(path on the drive, bytes) of everything a deploy onto an empty drive writes, in the
    order it writes them: the app's folder ``slot``, then code.py (make uf2 packs this tree)."""
    files = plan(board, root, site)
    if mpy_cross:
        files = compile_mpy(files, mpy_cross)
    for dest, src in files:
        yield slot + "/" + dest, _content(src)
    yield "code.py", code_py(slot)


# -- writing ---------------------------------------------------------------------------------


def _content(src):
    if isinstance(src, bytes):
        return src
    with open(src, "rb") as f:
        return f.read()


def write_file(path, data):
    # A file of the same length is written over in place, not truncated first: the switch of
    # code.py from one app folder to the other then changes its bytes and nothing else (no
    # moment where code.py is empty, no new cluster in the FAT).
    os.makedirs(os.path.dirname(path), exist_ok=True)
    same = os.path.isfile(path) and os.path.getsize(path) == len(data)
    with open(path, "r+b" if same else "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def code_py(slot):
    return (CODE_PY % (slot, slot)).encode()


def live_slot(drive):
    """The folder the drive's code.py runs the app from, or None (no code.py of ours)."""
    try:
        with open(os.path.join(drive, "code.py"), encoding="utf-8", errors="replace") as f:
            m = LIVE.search(f.read())
    except OSError:
        return None
    return m.group(1) if m else None


def board_on_drive(drive):
    """The board id CircuitPython wrote into boot_out.txt ("Board ID:..."), or None."""
    try:
        with open(os.path.join(drive, "boot_out.txt"), encoding="utf-8", errors="replace") as f:
            m = re.search(r"^Board ID:\s*(\S+)", f.read(), re.M)
    except OSError:
        return None
    return m.group(1) if m else None


def check_board_id(board, drive, profiles):
    found = board_on_drive(drive)
    want = _assigned(profiles[board], "BOARD_ID")
    if found is None or found == want:
        return
    match = [b for b, path in sorted(profiles.items()) if _assigned(path, "BOARD_ID") == found]
    raise DeployError("the board on %s is %s (its boot_out.txt), not %s's %s: %s" % (
        drive, found, board, want,
        "deploy with BOARD=%s" % match[0] if match else "no profile in boards/ is for it"))


def cluster_size(drive):
    """Bytes per cluster of the drive's file system (what a file takes at least)."""
    if hasattr(os, "statvfs"):
        st = os.statvfs(drive)
        return st.f_frsize or st.f_bsize or 512
    try:
        import ctypes

        per_cluster, per_sector, free, total = (ctypes.c_ulong() for _ in range(4))
        ctypes.windll.kernel32.GetDiskFreeSpaceW(  # type: ignore[attr-defined]
            os.path.splitdrive(os.path.abspath(drive))[0] + "\\", ctypes.byref(per_cluster),
            ctypes.byref(per_sector), ctypes.byref(free), ctypes.byref(total))
        return per_cluster.value * per_sector.value or 4096
    except (AttributeError, OSError):
        return 4096


def _room(sizes, folders, cluster):
    """Bytes that files of ``sizes`` and ``folders`` folders take on the drive."""
    return sum(-(-n // cluster) * cluster for n in sizes) + folders * cluster


def _folder_room(path, cluster):
    sizes, folders = [], 0
    for here, _, files in os.walk(path):
        folders += 1
        sizes += [os.path.getsize(os.path.join(here, f)) for f in files]
    return _room(sizes, folders, cluster)


def _same(drive, slot, contents):
    """Whether the folder ``slot`` holds exactly ``contents`` and code.py runs it."""
    top = os.path.join(drive, slot)
    if not os.path.isdir(top) or sorted(_tree(top)) != sorted(dest for dest, _ in contents):
        return False
    for dest, data in contents:
        with open(os.path.join(top, dest), "rb") as f:
            if f.read() != data:
                return False
    with open(os.path.join(drive, "code.py"), "rb") as f:
        return f.read() == code_py(slot)


def _leftovers(drive, live):
    """What goes once the new app runs: the old app's folder, the first version's app at the
    root and its boot.py."""
    out = [s for s in SLOTS if s != live and os.path.isdir(os.path.join(drive, s))]
    out += [top for top in FLAT if os.path.isdir(os.path.join(drive, top))]
    boot = os.path.join(drive, "boot.py")
    if os.path.isfile(boot):
        with open(boot, "rb") as f:
            text = f.read()
        if OLD_BOOT_MARK in text and OLD_BOOT_TITLE in text:
            out.append("boot.py")
    return out


def _remove(drive, name):
    path = os.path.join(drive, name)
    if os.path.isdir(path):
        shutil.rmtree(path)
    else:
        os.remove(path)


def _sync():
    if hasattr(os, "sync"):
        os.sync()


def deploy(board, drive=None, mpy_cross=None, root=None, site=None, write=None, log=print):
    """Put the app for `board` on the drive; returns (written, unchanged, removed) drive paths."""
    profiles = check_board(board, root)
    drive = choose_drive(drive)
    if not os.access(drive, os.W_OK):
        raise DeployError("%s is read-only for this computer. The app's first version took the drive "
                          "at every power-up: unplug the board, hold its Back key (README) while plugging "
                          "it in, and deploy again; this version leaves the drive to the computer." % drive)
    check_board_id(board, drive, profiles)
    files = plan(board, root, site)
    if mpy_cross:
        files = compile_mpy(files, mpy_cross)
    contents = [(dest, _content(src)) for dest, src in files]
    live = live_slot(drive)
    if live is not None and _same(drive, live, contents):
        log("%s: the app in /%s is this one already: nothing written" % (drive, live))
        return [], [live + "/" + dest for dest, _ in contents] + ["code.py"], []
    slot = SLOTS[1] if live == SLOTS[0] else SLOTS[0]
    cluster = cluster_size(drive)
    folders = len({os.path.dirname(dest) for dest, _ in contents}) + 1
    need = _room([len(data) for _, data in contents], folders, cluster) + cluster  # and code.py
    free = shutil.disk_usage(drive).free
    if os.path.isdir(os.path.join(drive, slot)):  # left by a deploy that was cut short: it goes first
        free += _folder_room(os.path.join(drive, slot), cluster)
    if need > free:
        raise DeployError("the new app needs %d KB beside the running one, and %s has %d KB free: "
                          "make room on the drive%s" % (-(-need // 1024), drive, free // 1024,
                                                        "" if mpy_cross else ", or deploy with MPY_CROSS= "
                                                        "(.mpy files are smaller)"))
    if os.path.isdir(os.path.join(drive, slot)):
        shutil.rmtree(os.path.join(drive, slot))
    write = write or write_file
    written = []
    for dest, data in contents:
        write(os.path.join(drive, slot, dest), data)
        written.append(slot + "/" + dest)
    _sync()  # every file of the new app on the drive before code.py names it
    write(os.path.join(drive, "code.py"), code_py(slot))
    written.append("code.py")
    _sync()
    removed = _leftovers(drive, slot)
    for name in removed:
        _remove(drive, name)
    _sync()
    log("%s: the app written to /%s (%d files%s) and started from code.py; %s"
        % (drive, slot, len(contents), ", .mpy" if mpy_cross else "",
           "removed " + ", ".join("/" + r for r in removed) if removed else "nothing removed"))
    return written, [], removed


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
