"""Copy the app onto a board's CIRCUITPY drive: `make deploy BOARD=NAME [DRIVE=PATH] [MPY_CROSS=PATH]`.

The app lives in one of two folders, /app_a or /app_b (the Adafruit libraries the board profile
lists in LIBS, from the pinned PyPI packages in .venv, under lib/; engine_core/; the board's
profile with the shared modules of boards/; firmware/). The drive's code.py is the loader
(firmware/drive_code.py): it runs the folder whose manifest.txt is whole and whose files all
have the sizes and CRCs it names, the newest when both do; with neither, it shows "App
incomplete" on the panel.
A deploy writes the folder that does not run: its manifest goes first, the files that differ
from what the folder holds are written (the others stay), and the new manifest goes last, after
a sync; that last write is the switch. Power gone or cable pulled at any moment, the board starts
the old app, the new one or the "incomplete" screen, never half an app (make deploy-cuts counts
it, cut at every flash operation). The folder of the older app stays: the next deploy writes
only what changed in it. With an mpy-cross (CircuitPython's own, matching the firmware's version)
every module is compiled to .mpy first.

Before anything is written: the board named in boot_out.txt must be BOARD's, and the drive must
have room for what is written. When the running app is already this one, nothing is written (the
flash wears). code.py is written once, when it is not the loader: whole as main.py first, then
renamed, so that it is never torn. A code.py (or code.txt, main.py) that deploy did not write is
moved aside as code.user-DATE.py, never deleted; the code.py the version before the loader wrote
is removed. The first version's boot.py (which took the drive from the computer at every
power-up, recognised by its text) and its app at the drive's root go. Anything else on the drive
is left as it is, and deploy lists what at the root is not its own.
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
import time
import zlib

from firmware import drive_code

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SLOTS = drive_code.SLOTS  # the two homes of the app on the drive
MANIFEST = drive_code.MANIFEST  # in each: written last, it makes the folder complete
START = "firmware/code.py"  # the app's entry module; the loader imports it
LOADER = "firmware/drive_code.py"  # the drive's code.py, not part of the app's folder
LOADER_MARK = b"# The drive's code.py. make deploy (host_sim/deploy.py)"
CLUSTER = 512  # bytes per cluster of CIRCUITPY as CircuitPython formats it on an RP2040 (1 MB, FAT12)
# The code.py of the version before the loader: it named the folder it ran.
OLD_CODE_PY = (
    "# Written by make deploy (host_sim/deploy.py). The app is in the folder named below; a\n"
    "# deploy writes the other folder whole, then changes this name: the board runs the old app\n"
    "# or the new one, never half of each.\n"
    "import sys\n"
    "sys.path[0:0] = [\"/%s\", \"/%s/lib\"]\n"
    "import firmware.code\n")
# What operating systems put on a drive of their own accord.
SYSTEM = (".fseventsd", ".Trashes", ".Spotlight-V100", ".metadata_never_index", "System Volume Information")
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
        # A profile and its own modules (<id>_*.py, loaded only when the profile asks): the
        # board's, not another board's.
        owner = next((p for p in profiles if stem == p or (stem or "").startswith(p + "_")), None)
        if owner is not None and owner != board:
            continue
        files.append(("boards/" + name, path))
    if not os.path.isfile(os.path.join(root, START)):
        raise DeployError("%s is missing" % START)
    files += _tree_files(root, "firmware", skip=(LOADER,))
    return files


# -O3: no line numbers in the bytecode (nor asserts: the app has none), about 7% of its
# size, which the board loads into its heap. A traceback on the board names the module
# and the function but no line; the desktop simulator runs the .py files and has them.
MPY_FLAGS = ["-O3"]


def _module_name(dest):
    # The source name a module's bytecode carries: its dotted name, a string the board
    # interns anyway when it imports the module (a path would be a second one, for good).
    name = dest[:-3]
    name = (name[4:] if name.startswith("lib/") else name).replace("/", ".")
    return name[:-len(".__init__")] if name.endswith(".__init__") else name


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
            done = subprocess.run([mpy_cross] + MPY_FLAGS + ["-o", target, "-s", _module_name(dest), src],
                                  capture_output=True, text=True)
            if done.returncode != 0 or not os.path.isfile(target):
                raise DeployError("mpy-cross failed on %s: %s" % (dest, (done.stderr or done.stdout).strip()))
            with open(target, "rb") as f:
                out.append((dest[:-3] + ".mpy", f.read()))
            os.remove(target)
    return out


# -- what goes on the drive ------------------------------------------------------------------


def _content(src):
    if isinstance(src, bytes):
        return src
    with open(src, "rb") as f:
        return f.read()


def app_files(board, mpy_cross=None, root=None, site=None):
    """[(path in the app's folder, bytes)] of the app for ``board``, in the order deploy writes them."""
    files = plan(board, root, site)
    if mpy_cross:
        files = compile_mpy(files, mpy_cross)
    return [(dest, _content(src)) for dest, src in files]


def loader(root=None):
    """The drive's code.py: firmware/drive_code.py, which picks the app folder by its manifest."""
    return _content(os.path.join(root or ROOT, LOADER))


def manifest(contents, gen):
    """A folder's manifest.txt, the last file deploy writes into it (firmware/drive_code.py reads it)."""
    body = ("app %d\n" % gen + "".join("%d %08x %s\n" % (len(data), zlib.crc32(data), dest)
                                       for dest, data in contents)).encode()
    return body + b"end %08x\n" % zlib.crc32(body)


def drive_files(board, mpy_cross=None, root=None, site=None):
    """{path on the drive: bytes}: everything deploy writes onto a drive that holds no app yet."""
    contents = app_files(board, mpy_cross, root, site)
    out = {SLOTS[0] + "/" + dest: data for dest, data in contents}
    out[SLOTS[0] + "/" + MANIFEST] = manifest(contents, 1)
    out["code.py"] = loader(root)
    return out


def drive_tree(board, mpy_cross=None):
    """[(path on the drive, bytes)] of drive_files() in the order deploy writes them: the app's
    folder, its manifest, the loader (make uf2 packs this tree)."""
    return list(drive_files(board, mpy_cross).items())


def room(sizes, cluster=CLUSTER):
    """Bytes that files of ``sizes`` take on a FAT drive, with a cluster for each folder they are in
    ({path: size}: the folders are counted from the paths)."""
    folders = {os.path.dirname(p) for p in sizes} - {""}
    parents = set()
    for d in folders:
        while d:
            parents.add(d)
            d = os.path.dirname(d)
    return sum(-(-n // cluster) * cluster for n in sizes.values()) + len(parents) * cluster


def app_room(board, mpy_cross=None, cluster=CLUSTER, root=None, site=None):
    """What the app takes on a drive with ``cluster``-byte clusters: the free room a deploy needs
    when the other folder holds none of it (the README's figure, tests/host/test_deploy.py)."""
    return room({p: len(d) for p, d in drive_files(board, mpy_cross, root, site).items()}, cluster)


# -- the drive -------------------------------------------------------------------------------


class HostDrive:
    """The file operations deploy makes on the mounted drive, one whole file or one name at a
    time. benchmarks/deploy_cuts.py records them and replays them on a modelled flash."""

    def __init__(self, top):
        self.top = top

    def path(self, rel):
        return os.path.join(self.top, *rel.split("/"))

    def write(self, rel, data):
        # Folders as needed; a file that exists is written over (truncated first).
        path = self.path(rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())

    def overwrite(self, rel, data):
        # The bytes of a file of the same length, in place: no cluster changes hands.
        with open(self.path(rel), "r+b") as f:
            assert len(data) == os.fstat(f.fileno()).st_size
            f.write(data)
            f.flush()
            os.fsync(f.fileno())

    def remove(self, rel):
        os.remove(self.path(rel))

    def rmdir(self, rel):
        os.rmdir(self.path(rel))

    def rename(self, rel, new):
        os.rename(self.path(rel), self.path(new))

    def sync(self):
        if hasattr(os, "sync"):
            os.sync()


def _read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def _files(top):
    """{relative path: size} of every file under ``top`` (none when it is not a folder)."""
    out = {}
    for here, _, files in os.walk(top):
        for f in files:
            path = os.path.join(here, f)
            out[os.path.relpath(path, top).replace(os.sep, "/")] = os.path.getsize(path)
    return out


STUB_HEAD = b"# make deploy: /main.py once whole; was /"
STUB = (STUB_HEAD + b"%s\n"
        b"try:\n from binascii import crc32\n d=open('/main.py','rb').read()\n"
        b" if crc32(d)!=0x%08x:\n  raise OSError\nexcept Exception:\n"
        b" d='print(\"" + drive_code.INCOMPLETE.encode() + b"\")\\nwhile 1:pass'\nexec(d)\n")


def stub(entry, length, slot):
    """The code.py that takes the previous version's place in place (``length`` bytes, its own;
    ``slot`` the folder it ran): it runs /main.py once that is ``entry`` whole, else says the app
    is incomplete."""
    text = STUB % (slot.encode(), zlib.crc32(entry))
    assert len(text) <= length, "the stub outgrew the code.py it replaces"
    return text + b"#" * (length - len(text) - 1) + b"\n"


def code_py_kind(data, root=None):
    """Whose the drive's code.py is: "loader" (this version's), "previous" (the version before the
    loader: it runs the folder it names, unchecked), "stub" (a deploy from that version was cut
    short), "ours" (an older loader), "user" or None (there is none)."""
    if data is None:
        return None
    if data == loader(root):
        return "loader"
    if any(data == old_code_py(s) for s in SLOTS):
        return "previous"
    if data.startswith(STUB_HEAD):
        return "stub"
    if data.startswith(LOADER_MARK):
        return "ours"
    return "user"


def old_code_py(slot):
    """The code.py the version before the manifests wrote: it named the folder to run."""
    return (OLD_CODE_PY % (slot, slot)).encode()


def running_slot(drive, root=None):
    """The folder the drive's code.py runs the app from, or None."""
    data = _read(os.path.join(drive, "code.py"))
    kind = code_py_kind(data, root)
    if kind == "stub":  # a deploy over the previous version was cut short: the folder it ran
        return drive_code.choose(drive) or next(
            (s for s in SLOTS if data.startswith(STUB_HEAD + s.encode())), None)
    if kind in ("loader", "ours"):
        return drive_code.choose(drive)
    return next((s for s in SLOTS if data == old_code_py(s)), None)


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
        return st.f_frsize or st.f_bsize or CLUSTER
    try:
        import ctypes

        per_cluster, per_sector, free, total = (ctypes.c_ulong() for _ in range(4))
        ctypes.windll.kernel32.GetDiskFreeSpaceW(  # type: ignore[attr-defined]
            os.path.splitdrive(os.path.abspath(drive))[0] + "\\", ctypes.byref(per_cluster),
            ctypes.byref(per_sector), ctypes.byref(free), ctypes.byref(total))
        return per_cluster.value * per_sector.value or CLUSTER
    except (AttributeError, OSError):
        return CLUSTER


def _first_version(drive):
    """What the first app version left that goes once the new app runs: its app at the root and
    its boot.py, which took the drive from the computer at every power-up."""
    out = [top for top in FLAT if os.path.isdir(os.path.join(drive, top))]
    text = _read(os.path.join(drive, "boot.py"))
    if text is not None and OLD_BOOT_MARK in text and OLD_BOOT_TITLE in text:
        out.append("boot.py")
    return out


def aside_name(drive, name, today):
    """A free name for a file of the user's that must leave ``name``: code.py -> code.user-DATE.py."""
    stem, ext = os.path.splitext(name)
    for n in range(1, 1000):
        new = "%s.user-%s%s%s" % (stem, today, "" if n == 1 else "-%d" % n, ext)
        if not os.path.exists(os.path.join(drive, new)):
            return new
    raise DeployError("no free name to keep your %s under" % name)


def not_ours(drive):
    """The entries at the drive's root that deploy did not make (folders end in /)."""
    out = []
    for name in sorted(os.listdir(drive)):
        if name in ("code.py", "boot_out.txt") + SLOTS or name in SYSTEM or name.startswith("._"):
            continue
        out.append(name + "/" if os.path.isdir(os.path.join(drive, name)) else name)
    return out


class Outcome:
    """What a deploy did, as drive paths: written, unchanged (already there), removed, moved
    ([(old, new)]: the user's files it moved aside) and others (the root's entries not deploy's)."""

    def __init__(self):
        self.written = []
        self.unchanged = []
        self.removed = []
        self.moved = []
        self.others = []


def _remove_tree(io, drive, top):
    """Remove the folder ``top`` file by file, then its folders, deepest first."""
    for rel in sorted(_files(os.path.join(drive, top)), key=lambda p: (-p.count("/"), p)):
        io.remove(top + "/" + rel)
    for here, _, _ in sorted(os.walk(os.path.join(drive, top)), key=lambda w: -len(w[0])):
        io.rmdir(os.path.relpath(here, drive).replace(os.sep, "/"))


def deploy(board, drive=None, mpy_cross=None, root=None, site=None, io=None, log=print, today=None):
    """Put the app for `board` on the drive (see the module's text); returns an Outcome."""
    profiles = check_board(board, root)
    drive = choose_drive(drive)
    if not os.access(drive, os.W_OK):
        raise DeployError("%s is read-only for this computer. The app's first version took the drive "
                          "at every power-up: unplug the board, hold its Back key (docs/install.md) while "
                          "plugging it in, and deploy again; this version leaves the drive to the computer."
                          % drive)
    check_board_id(board, drive, profiles)
    contents = app_files(board, mpy_cross, root, site)
    entry = loader(root)
    io = io or HostDrive(drive)
    today = today or time.strftime("%Y-%m-%d")
    done = Outcome()
    code = _read(os.path.join(drive, "code.py"))
    kind = code_py_kind(code, root)
    newest = drive_code.choose(drive)
    running = running_slot(drive, root)
    if newest is not None and all(_read(os.path.join(drive, newest, d)) == data for d, data in contents):
        done.unchanged = [newest + "/" + d for d, _ in contents]
        if kind == "loader":
            done.unchanged.append("code.py")
            log("%s: the app in /%s is this one already: nothing written" % (drive, newest))
        else:
            _check_room(drive, {"main.py": len(entry)}, 0, mpy_cross)
            _install_loader(io, drive, entry, kind, today, done)
            log("%s: the app in /%s is this one already; code.py made its loader" % (drive, newest))
        return _finish(io, drive, newest, done, log)
    slot = SLOTS[1] if (running or newest) == SLOTS[0] else SLOTS[0]
    gen = max(2 if kind == "previous" else 1, max(drive_code.generation(drive, s) for s in SLOTS) + 1)
    top = os.path.join(drive, slot)
    there = _files(top)
    same = [d for d, data in contents if there.get(d) == len(data) and _read(os.path.join(top, d)) == data]
    write = [(d, data) for d, data in contents if d not in same]
    new_manifest = manifest(contents, gen)
    cluster = cluster_size(drive)
    sizes = {slot + "/" + d: len(data) for d, data in write}
    sizes[slot + "/" + MANIFEST] = len(new_manifest)
    if kind != "loader":
        sizes["main.py"] = len(entry)  # then renamed code.py
    _check_room(drive, sizes, sum(-(-n // cluster) * cluster for p, n in there.items() if p not in same),
                mpy_cross)
    if kind == "previous":
        # That version's code.py runs its folder unchecked, and any write that moves a cluster
        # rewrites the FAT's sector, where a cut can cut that folder's files short. So first,
        # in place (no cluster moves), code.py becomes the stub, which runs the loader once it
        # is whole as main.py; then the running folder gets the manifest of what it holds.
        held = [(rel, _read(os.path.join(drive, running, rel)))
                for rel in sorted(_files(os.path.join(drive, running)))]
        io.overwrite("code.py", stub(entry, len(code), running))
        io.sync()
        _put_main(io, drive, entry, kind, today, done)
        if set(dict(held)) & {START, START[:-3] + ".mpy"}:  # an app, not a folder emptied by hand
            io.write(running + "/" + MANIFEST, manifest(held, gen - 1))
            io.sync()
    _write_folder(io, drive, slot, there, {d for d, _ in contents}, write, new_manifest, done)
    done.unchanged = [slot + "/" + d for d in same]
    if kind != "loader":
        _install_loader(io, drive, entry, kind, today, done)
    else:
        done.unchanged.append("code.py")
    log("%s: the app written to /%s (%d files: %d written, %d there already%s); it runs once its "
        "manifest is whole" % (drive, slot, len(contents), len(write), len(same),
                               ", .mpy" if mpy_cross else ""))
    return _finish(io, drive, slot, done, log)


def _check_room(drive, sizes, freed, mpy_cross):
    # ``sizes``: {drive path: bytes} to be written; ``freed``: bytes the deploy frees first.
    need = room(sizes, cluster_size(drive))  # onto a drive without the app: app_room(), the README's figure
    free = shutil.disk_usage(drive).free + freed
    if need > free:
        raise DeployError("the new app needs %d KB beside the running one, and %s has %d KB free: "
                          "make room on the drive%s" % (-(-need // 1024), drive, free // 1024,
                                                        "" if mpy_cross else ", or deploy with MPY_CROSS= "
                                                        "(.mpy files are smaller)"))


def _write_folder(io, drive, slot, there, wanted, write, new_manifest, done):
    # The folder's manifest goes first (from then on the loader passes it by), then what the new
    # app has not (deepest first, then emptied folders), then the files that differ; the new
    # manifest last, once they are on the drive.
    top = os.path.join(drive, slot)
    if MANIFEST in there:
        io.remove(slot + "/" + MANIFEST)
        io.sync()
    for rel in sorted((p for p in there if p != MANIFEST and p not in wanted),
                      key=lambda p: (-p.count("/"), p)):
        io.remove(slot + "/" + rel)
        done.removed.append(slot + "/" + rel)
    for here, _, _ in sorted(os.walk(top), key=lambda w: -len(w[0])):
        if here != top and not os.listdir(here):
            io.rmdir(os.path.relpath(here, drive).replace(os.sep, "/"))
    for dest, data in write:
        io.write(slot + "/" + dest, data)
        done.written.append(slot + "/" + dest)
    io.sync()
    io.write(slot + "/" + MANIFEST, new_manifest)
    done.written.append(slot + "/" + MANIFEST)
    io.sync()


def _finish(io, drive, slot, done, log):
    # The first version's leftovers go; what deploy did is said.
    for name in _first_version(drive):
        if os.path.isdir(os.path.join(drive, name)):
            _remove_tree(io, drive, name)
        else:
            io.remove(name)
        done.removed.append(name)
    io.sync()
    done.others = not_ours(drive)
    for old, new in done.moved:
        log("  yours, kept: /%s is now /%s" % (old, new))
    olds = [r for r in done.removed if r.startswith(slot + "/")]
    named = [r for r in done.removed if r not in olds]
    log("  removed: %s" % ("; ".join(
        (["%d files of the older app in /%s" % (len(olds), slot)] if olds else [])
        + ["/" + r + " (" + ("the first app version's" if r in FLAT or r == "boot.py" else
                             "an older deploy's, now the loader" if r == "code.py" else "deploy's own")
           + ")" for r in named]) or "nothing"))
    _report_others(done, log)
    return done


def _report_others(done, log):
    if done.others:
        log("  kept, not deploy's: %s" % ", ".join("/" + n for n in done.others))


def _put_main(io, drive, entry, kind, today, done):
    # The loader whole as /main.py (CircuitPython runs it when there is no code.py). A main.py
    # there is the user's, unless a deploy over the previous version was cut short (the stub:
    # that deploy moved the user's aside before it wrote its own).
    there = _read(os.path.join(drive, "main.py"))
    if there == entry:
        return
    if there is not None and kind != "stub":
        _aside(io, drive, "main.py", today, done)
    io.write("main.py", entry)
    io.sync()


def _install_loader(io, drive, entry, kind, today, done):
    # code.py becomes the loader without a moment in which it is torn or missing: the loader is
    # whole as main.py first, the old code.py leaves by name (removed when deploy wrote it, else
    # moved aside), then main.py is renamed. A cut runs the old code.py or the loader.
    _put_main(io, drive, entry, kind, today, done)
    if os.path.exists(os.path.join(drive, "code.txt")):  # CircuitPython would run it first
        _aside(io, drive, "code.txt", today, done)
    if kind in ("previous", "stub", "ours"):
        io.remove("code.py")
        done.removed.append("code.py")
    elif kind == "user":
        _aside(io, drive, "code.py", today, done)
    io.rename("main.py", "code.py")
    io.sync()
    done.written.append("code.py")


def _aside(io, drive, name, today, done):
    new = aside_name(drive, name, today)
    io.rename(name, new)
    done.moved.append((name, new))


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
