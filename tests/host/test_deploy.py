"""make deploy (host_sim/deploy.py) into a folder standing in for the CIRCUITPY drive, and the
loader it makes the drive's code.py (firmware/drive_code.py).

The project deployed is a small stand-in tree with the real layout, so these tests do not change
with every module the app gains.
"""

import os
import stat
import zlib

import pytest

import host_sim.deploy as deploy
from firmware import drive_code
from host_sim.deploy import DeployError

BOARD = "pico_display_pack"  # the profile with two libraries, one a package and one a module
PROJECT = {
    "engine_core/__init__.py": "",
    "engine_core/cards.py": "CARDS = 1\n",
    "engine_core/chimera/__init__.py": "",
    "engine_core/chimera/rules.py": "RULES = 2\n",
    "engine_core/__pycache__/cards.cpython-311.pyc": "junk",
    "boards/__init__.py": "IDS = ()\n",
    "boards/common.py": "SHARED = 1\n",
    "boards/README.md": "notes\n",
    "boards/picosystem.py": 'LIBS = ("adafruit_display_text",)\n',
    "boards/pico_display_pack.py": 'import board\nLIBS = ("adafruit_display_text", "adafruit_st7789")\n',
    "boards/pico_display_pack_panel.py": "PANEL = 1\n",  # a profile's own module: its board's only
    "boards/picosystem_panel.py": "PANEL = 2\n",
    "firmware/app.py": "APP = 1\n",
    "firmware/screens/menu.py": "MENU = 1\n",
    "firmware/fonts/small.pcf": "font bytes",
    "firmware/code.py": "# code\n",
}
with open(os.path.join(deploy.ROOT, deploy.LOADER)) as _f:
    PROJECT[deploy.LOADER] = _f.read()  # the real loader: the tests run it


@pytest.fixture
def project(tmp_path):
    root = tmp_path / "project"
    for rel, text in PROJECT.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return str(root)


@pytest.fixture
def site(tmp_path):
    """Stand-in site-packages with the two Adafruit libraries the profiles name."""
    root = tmp_path / "site"
    (root / "adafruit_display_text").mkdir(parents=True)
    for name in ("__init__.py", "label.py", "bitmap_label.py"):
        (root / "adafruit_display_text" / name).write_text("# %s\n" % name)
    (root / "adafruit_display_text" / "py.typed").write_text("")
    (root / "adafruit_st7789.py").write_text("# st7789\n")
    return str(root)


@pytest.fixture
def drive(tmp_path):
    d = tmp_path / "CIRCUITPY"
    d.mkdir()
    (d / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico\n")
    (d / "journal0.bin").write_bytes(b"SJ match")
    (d / "settings.toml").write_text('CIRCUITPY_WEB_API_PASSWORD = "x"\n')
    (d / "lib").mkdir()
    (d / "lib" / "someone_elses.py").write_text("# not ours\n")
    return str(d)


class PowerGone(Exception):
    pass


class Recorder(deploy.HostDrive):
    """The drive's operations as deploy makes them, noted in order ("write app_a/x.py", "remove
    code.py", ...); with ``limit`` the power goes before operation number ``limit``."""

    limit = None

    def __init__(self, top):
        deploy.HostDrive.__init__(self, top)
        self.ops = []

    def _note(self, op):
        if self.limit is not None and len(self.ops) == self.limit:
            raise PowerGone(op)
        self.ops.append(op)

    def write(self, rel, data):
        self._note("write " + rel)
        deploy.HostDrive.write(self, rel, data)

    def overwrite(self, rel, data):
        self._note("overwrite " + rel)
        deploy.HostDrive.overwrite(self, rel, data)

    def remove(self, rel):
        self._note("remove " + rel)
        deploy.HostDrive.remove(self, rel)

    def rmdir(self, rel):
        self._note("rmdir " + rel)
        deploy.HostDrive.rmdir(self, rel)

    def rename(self, rel, new):
        self._note("rename %s %s" % (rel, new))
        deploy.HostDrive.rename(self, rel, new)

    def sync(self):
        pass


TODAY = "2026-11-26"


def run(drive, site, mpy_cross=None, board=BOARD, root=None, limit=None, log=None):
    """(the operations in order, the Outcome)."""
    rec = Recorder(drive) if drive else None  # None: deploy looks for the drive itself
    if rec:
        rec.limit = limit
    done = deploy.deploy(board, drive, mpy_cross, root or run.root, site, rec,
                         log=(lambda s: None) if log is None else log.append, today=TODAY)
    return rec.ops if rec else None, done


def tree(top):
    return sorted(os.path.relpath(os.path.join(d, f), top).replace(os.sep, "/")
                  for d, _, files in os.walk(top) for f in files)


@pytest.fixture(autouse=True)
def _root(project):
    run.root = project


APP = [
    "lib/adafruit_display_text/__init__.py", "lib/adafruit_display_text/bitmap_label.py",
    "lib/adafruit_display_text/label.py", "lib/adafruit_st7789.py",
    "engine_core/__init__.py", "engine_core/cards.py", "engine_core/chimera/__init__.py",
    "engine_core/chimera/rules.py",
    "boards/__init__.py", "boards/common.py", "boards/pico_display_pack.py",
    "boards/pico_display_pack_panel.py",
    "firmware/app.py", "firmware/code.py", "firmware/fonts/small.pcf", "firmware/screens/menu.py",
]
KEPT = ["boot_out.txt", "journal0.bin", "lib/someone_elses.py", "settings.toml"]
INSTALL = ["write main.py", "rename main.py code.py"]  # the loader becomes code.py, never torn


def read(drive, rel):
    with open(os.path.join(drive, rel), "rb") as f:
        return f.read()


def write(drive, rel, data):
    os.makedirs(os.path.dirname(os.path.join(drive, rel)), exist_ok=True)
    with open(os.path.join(drive, rel), "wb") as f:
        f.write(data)


def edit_project(rel, text="NEW = 1\n"):
    with open(os.path.join(run.root, rel), "a") as f:
        f.write(text)


def test_the_app_goes_into_a_folder_its_manifest_last_and_the_loader_becomes_code_py(drive, site):
    ops, done = run(drive, site)
    assert ops == ["write app_a/" + f for f in APP] + ["write app_a/manifest.txt"] + INSTALL
    assert done.removed == [] and done.moved == [] and done.unchanged == []
    assert tree(drive) == sorted(["app_a/" + f for f in APP] + ["app_a/manifest.txt", "code.py"] + KEPT)
    assert read(drive, "code.py") == read(run.root, deploy.LOADER)
    assert drive_code.choose(drive) == "app_a" and drive_code.generation(drive, "app_a") == 1


def test_drive_files_is_the_tree_a_deploy_writes_and_app_room_its_size(drive, site):
    run(drive, site)
    files = deploy.drive_files(BOARD, root=run.root, site=site)
    assert sorted(files) == sorted(f for f in tree(drive) if f not in KEPT)
    assert all(read(drive, f) == data for f, data in files.items())
    sizes = {f: len(d) for f, d in files.items()}
    folders = ["app_a", "app_a/lib", "app_a/lib/adafruit_display_text", "app_a/engine_core",
               "app_a/engine_core/chimera", "app_a/boards", "app_a/firmware", "app_a/firmware/fonts",
               "app_a/firmware/screens"]
    assert deploy.app_room(BOARD, root=run.root, site=site) == deploy.room(sizes) == (
        sum(-(-n // 512) for n in sizes.values()) + len(folders)) * 512


def test_the_loader_starts_the_app_from_the_complete_folder(drive, site, monkeypatch):
    # The drive's code.py run as CircuitPython would (the drive is /): it imports firmware.code
    # from the folder its manifest proves complete.
    run(drive, site)
    write(drive, "app_a/firmware/code.py", b"STARTED = __name__\n")
    write(drive, "app_a/firmware/__init__.py", b"")
    write(drive, "app_a/manifest.txt", deploy.manifest(
        [(f, read(drive, "app_a/" + f)) for f in APP + ["firmware/__init__.py"]], 1))
    source = read(drive, "code.py").decode().replace('root=""', "root=%r" % drive).replace(
        '"/%s" % slot', "%r + '/' + slot" % drive)
    monkeypatch.setattr("sys.path", list(__import__("sys").path))
    for name in ("firmware", "firmware.code"):
        monkeypatch.delitem(__import__("sys").modules, name, raising=False)
    exec(compile(source, "code.py", "exec"), {"__name__": "__main__"})
    started = __import__("sys").modules["firmware.code"]
    assert started.STARTED == "firmware.code" and started.__file__.startswith(drive)
    for name in ("firmware.code", "firmware"):
        __import__("sys").modules.pop(name, None)


def test_the_loader_runs_the_newest_complete_folder_and_no_folder_that_is_not(drive, site):
    run(drive, site)
    edit_project("engine_core/cards.py")
    run(drive, site)
    assert drive_code.choose(drive) == "app_b" and drive_code.generation(drive, "app_b") == 2
    manifest = read(drive, "app_b/manifest.txt")
    write(drive, "app_b/manifest.txt", manifest[:-5])  # cut short: the older folder runs
    assert drive_code.choose(drive) == "app_a"
    write(drive, "app_b/manifest.txt", manifest.replace(b"app 2", b"app 3"))  # its CRC no longer matches
    assert drive_code.choose(drive) == "app_a"
    write(drive, "app_b/manifest.txt", manifest)
    assert drive_code.choose(drive) == "app_b"
    cards = read(drive, "app_b/engine_core/cards.py")
    write(drive, "app_b/engine_core/cards.py", cards.replace(b"NEW", b"OLD"))  # same size, other bytes
    assert drive_code.choose(drive) == "app_a" and drive_code.choose(drive, contents=False) == "app_b"
    os.remove(os.path.join(drive, "app_a/boards/common.py"))
    assert drive_code.choose(drive) is None


def test_a_second_deploy_of_the_same_app_writes_nothing(drive, site):
    run(drive, site)
    ops, done = run(drive, site)
    assert ops == [] and done.written == [] and len(done.unchanged) == len(APP) + 1


def test_the_next_deploy_writes_only_what_the_other_folder_lacks(drive, site):
    run(drive, site)
    edit_project("engine_core/cards.py")
    ops, done = run(drive, site)  # /app_b is new: all of it, then its manifest
    assert ops == ["write app_b/" + f for f in APP] + ["write app_b/manifest.txt"]
    assert drive_code.choose(drive) == "app_b" and done.removed == []
    assert "app_a/boards/common.py" in tree(drive)  # the older app stays: the next deploy reuses it
    edit_project("firmware/app.py")
    os.remove(os.path.join(run.root, "firmware/screens/menu.py"))
    ops, done = run(drive, site)  # /app_a held the version before: its manifest goes first
    assert ops == ["remove app_a/manifest.txt", "remove app_a/firmware/screens/menu.py",
                   "rmdir app_a/firmware/screens", "write app_a/engine_core/cards.py",
                   "write app_a/firmware/app.py", "write app_a/manifest.txt"]
    assert done.removed == ["app_a/firmware/screens/menu.py"]
    assert len(done.unchanged) == len(APP) - 3 + 1  # and code.py
    assert drive_code.choose(drive) == "app_a" and drive_code.generation(drive, "app_a") == 3


def copy_drive(drive, n):
    import shutil

    d = "%s-%d" % (drive, n)
    shutil.copytree(drive, d)
    return d


def test_a_deploy_cut_between_operations_runs_the_old_app_and_the_next_one_finishes(drive, site):
    run(drive, site)
    edit_project("engine_core/cards.py")
    before = {f: read(drive, f) for f in tree(drive)}
    for cut in range(len(APP) + 1):
        d = copy_drive(drive, cut)
        with pytest.raises(PowerGone):
            run(d, site, limit=cut)
        assert drive_code.choose(d) == "app_a", cut
        assert {f: read(d, f) for f in tree(d) if not f.startswith("app_b/")} == before, cut
        ops, _ = run(d, site)  # what the cut left is not written again
        assert ops == ["write app_b/" + f for f in APP[cut:]] + ["write app_b/manifest.txt"], cut
        assert drive_code.choose(d) == "app_b" and b"NEW = 1" in read(d, "app_b/engine_core/cards.py")


OLD_FILES = ["app_a/" + f for f in APP]


def previous_version(drive, slot="app_a"):
    """The drive as the version before the loader left it: its code.py names the folder."""
    for f in APP:
        write(drive, slot + "/" + f, b"# previous " + f.encode() + b"\n")
    write(drive, "code.py", deploy.old_code_py(slot))


def test_over_the_previous_version_code_py_becomes_a_stub_in_place_before_anything_else(drive, site):
    previous_version(drive)
    held = {f: read(drive, f) for f in OLD_FILES}
    log = []
    ops, done = run(drive, site, log=log)
    assert ops == (["overwrite code.py", "write main.py", "write app_a/manifest.txt"]
                   + ["write app_b/" + f for f in APP] + ["write app_b/manifest.txt", "remove code.py",
                                                         "rename main.py code.py"])
    assert read(drive, "code.py") == deploy.loader(run.root)
    assert not os.path.exists(os.path.join(drive, "main.py"))
    assert {f: read(drive, f) for f in OLD_FILES} == held  # the previous app stays, now with its manifest
    assert drive_code.generation(drive, "app_a") == 1 and drive_code.choose(drive) == "app_b"
    assert done.removed == ["code.py"] and done.moved == []
    assert "  removed: /code.py (an older deploy's, now the loader)" in log


def test_the_stub_runs_the_loader_only_once_it_is_whole(drive, site, tmp_path, capsys):
    previous_version(drive)
    code = read(drive, "code.py")
    entry = deploy.loader(run.root)
    text = deploy.stub(entry, len(code), "app_a")
    assert len(text) == len(code) and deploy.code_py_kind(text) == "stub"
    main = tmp_path / "main.py"
    source = text.decode().replace("'/main.py'", repr(str(main)))
    main.write_bytes(b"RAN = 1\n")  # not the loader
    scope = {"__name__": "__main__"}
    with pytest.raises(SystemExit):
        exec(compile(source.replace("while 1:pass", "raise SystemExit"), "code.py", "exec"), scope)
    assert capsys.readouterr().out == drive_code.INCOMPLETE + "\n" and "RAN" not in scope
    good = b"RAN = 1\n"
    source = deploy.stub(good, len(code), "app_a").decode().replace("'/main.py'", repr(str(main)))
    exec(compile(source, "code.py", "exec"), scope)
    assert scope["RAN"] == 1


def test_a_deploy_over_the_previous_version_cut_short_is_finished_by_the_next(drive, site):
    previous_version(drive)
    for cut in range(len(APP) + 6):
        d = copy_drive(drive, cut)
        with pytest.raises(PowerGone):
            run(d, site, limit=cut)
        ops, done = run(d, site)
        assert read(d, "code.py") == deploy.loader(run.root) and drive_code.choose(d) == "app_b", cut
        assert done.moved == [] and not os.path.exists(os.path.join(d, "main.py")), cut
        # The previous app gets its manifest only from the deploy that found its code.py (cut
        # before that, the stub's state cannot say the folder is as that code.py ran it).
        certified = ["app_a/manifest.txt"] if cut == 0 or cut > 2 else []
        assert tree(d) == sorted(OLD_FILES + certified + ["code.py"] + KEPT
                                 + ["app_b/" + f for f in APP] + ["app_b/manifest.txt"]), cut


def test_a_code_py_of_the_users_is_moved_aside_named_so_and_listed(drive, site):
    mine = b"print('my own program')\n"
    write(drive, "code.py", mine)
    write(drive, "main.py", b"print('mine too')\n")
    write(drive, "code.txt", b"print('and this')\n")
    log = []
    ops, done = run(drive, site, log=log)
    assert ops[-5:] == ["rename main.py main.user-%s.py" % TODAY, "write main.py",
                        "rename code.txt code.user-%s.txt" % TODAY,
                        "rename code.py code.user-%s.py" % TODAY, "rename main.py code.py"]
    assert read(drive, "code.user-%s.py" % TODAY) == mine
    assert read(drive, "main.user-%s.py" % TODAY) == b"print('mine too')\n"
    assert done.removed == [] and len(done.moved) == 3
    assert "  yours, kept: /code.py is now /code.user-%s.py" % TODAY in log
    assert "  removed: nothing" in log
    assert ("  kept, not deploy's: /code.user-%s.py, /code.user-%s.txt, /journal0.bin, /lib/, "
            "/main.user-%s.py, /settings.toml" % (TODAY, TODAY, TODAY)) in log
    write(drive, "code.py", b"print('again mine')\n")  # the same day: the name is taken
    run(drive, site)
    assert read(drive, "code.user-%s-2.py" % TODAY) == b"print('again mine')\n"


def test_the_first_versions_app_at_the_root_goes_once_the_new_one_runs(drive, site):
    for rel in ("engine_core/cards.py", "firmware/app.py", "boards/picosystem.py", "firmware/x.mpy"):
        write(drive, rel, b"# first version\n")
    ops, done = run(drive, site)
    assert ops[-len(INSTALL):] != INSTALL and "rename main.py code.py" in ops
    assert sorted(r for r in done.removed if "/" not in r) == ["boards", "engine_core", "firmware"]
    assert tree(drive) == sorted(["app_a/" + f for f in APP] + ["app_a/manifest.txt", "code.py"] + KEPT)


FIRST_VERSION_BOOT = """\"\"\"/boot.py on the board (make deploy copies it there): who may write
the CIRCUITPY flash.\"\"\"
def main():
    import storage
    storage.remount("/", readonly=False)
"""


def test_the_first_versions_boot_py_goes_and_the_drive_stays_the_computers(drive, site):
    write(drive, "boot.py", FIRST_VERSION_BOOT.encode())
    _, done = run(drive, site)
    assert done.removed == ["boot.py"] and not os.path.exists(os.path.join(drive, "boot.py"))


def test_a_boot_py_of_the_users_is_kept_and_listed(drive, site):
    mine = b"import storage\nstorage.remount('/', readonly=False)  # my own\n"
    write(drive, "boot.py", mine)
    log = []
    _, done = run(drive, site, log=log)
    assert done.removed == [] and read(drive, "boot.py") == mine
    assert "  kept, not deploy's: /boot.py, /journal0.bin, /lib/, /settings.toml" in log


def test_another_boards_drive_is_refused_before_anything_is_written(drive, site):
    with open(os.path.join(drive, "boot_out.txt"), "w") as f:
        f.write("Adafruit CircuitPython 9.2.1 on 2024-11-20; Pimoroni PicoSystem with rp2040\n"
                "Board ID:pimoroni_picosystem\nUID:E6614C311B7A8B21\n")
    before = tree(drive)
    edit_project("boards/picosystem.py", 'BOARD_ID = "pimoroni_picosystem"\n')
    edit_project("boards/pico_display_pack.py", 'BOARD_ID = "raspberry_pi_pico"\n')
    with pytest.raises(DeployError, match="is pimoroni_picosystem .* not pico_display_pack's "
                                          "raspberry_pi_pico: deploy with BOARD=picosystem"):
        run(drive, site)
    assert tree(drive) == before
    ops, _ = run(drive, site, board="picosystem")
    assert ops[-1] == "rename main.py code.py"


def test_the_room_a_deploy_asks_for_is_the_apps_measured_size(drive, site, monkeypatch):
    real = deploy.shutil.disk_usage
    need = deploy.app_room(BOARD, root=run.root, site=site, cluster=deploy.cluster_size(drive))
    before = tree(drive)
    monkeypatch.setattr(deploy.shutil, "disk_usage", lambda p: real(p)._replace(free=need - 1))
    with pytest.raises(DeployError, match="needs %d KB beside the running one, and .* has \\d+ KB free: make "
                                          "room on the drive, or deploy with MPY_CROSS=" % -(-need // 1024)):
        run(drive, site)
    assert tree(drive) == before
    monkeypatch.setattr(deploy.shutil, "disk_usage", lambda p: real(p)._replace(free=need))
    run(drive, site)


def test_the_readme_states_the_apps_size_as_deploy_measures_it():
    import re

    with open(os.path.join(deploy.ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    m = re.search(r"The app takes (\d+) KB of CIRCUITPY as `\.py` files and (\d+) KB as `\.mpy`", readme)
    assert m, "README: the deploy section states the app's size"
    largest = max(deploy.app_room(b) for b in deploy.board_profiles())
    assert int(m.group(1)) == -(-largest // 1024)
    mpy = os.path.join(os.path.dirname(deploy.ROOT), "shared", "tools", "mpy-cross")
    if os.access(mpy, os.X_OK):
        assert int(m.group(2)) == -(-max(deploy.app_room(b, mpy) for b in deploy.board_profiles()) // 1024)


def test_the_incomplete_screen_fits_every_boards_panel():
    from host_sim import device  # noqa: F401  (it puts the host's terminalio where the loader imports it)
    from host_sim.stubs import terminalio

    cw, ch = terminalio.FONT.get_bounding_box()[:2]
    for board, path in deploy.board_profiles().items():
        width, height = deploy._assigned(path, "WIDTH"), deploy._assigned(path, "HEIGHT")
        scale, lines = drive_code.layout(width, height, cw, ch)
        assert " ".join(lines) == drive_code.INCOMPLETE, board
        assert max(len(s) for s in lines) * cw * scale <= width and len(lines) * ch * scale <= height, board


def test_the_loaders_panel_for_a_plain_pico_is_the_display_packs():
    import re

    import adafruit_st7789

    assert drive_code.ST7789_INIT == adafruit_st7789._INIT_SEQUENCE + b"\x36\x01\xc0" + b"\x21\x00"
    with open(os.path.join(deploy.ROOT, "boards", "pico_display_pack_panel.py")) as f:
        make = f.read()  # the profile's make_display, at power-up
    with open(os.path.join(deploy.ROOT, deploy.LOADER)) as f:
        loader = f.read()
    assert tuple(int(n) for n in re.findall(r"board\.GP(\d+)", make)) == drive_code.DISPLAY_PACK_PINS
    for part in ("clock=", "MOSI=", "command=", "chip_select=", "backlight_pin=", "rowstart=40, colstart=53",
                 "rotation=270", "width=width, height=height"):
        assert part in make, part
    for part in ("clock=sck, MOSI=mosi", "command=dc, chip_select=cs", "rowstart=40, colstart=53",
                 "rotation=270", "backlight_pin=light", "width=240, height=135"):
        assert part in loader, part
    path = os.path.join(deploy.ROOT, "boards", "pico_display_pack.py")
    assert (deploy._assigned(path, "WIDTH"), deploy._assigned(path, "HEIGHT")) == (240, 135)


def test_a_manifest_names_every_file_with_its_size_and_crc():
    contents = [("a.py", b"A = 1\n"), ("lib/b.mpy", b"\x00\x01")]
    text = deploy.manifest(contents, 7)
    lines = drive_code.manifest_lines(text)
    assert lines == [b"app 7", b"6 %08x a.py" % zlib.crc32(b"A = 1\n"),
                     b"2 %08x lib/b.mpy" % zlib.crc32(b"\x00\x01")]
    for cut in range(len(text)):
        assert drive_code.manifest_lines(text[:cut]) is None, cut


FAKE_MPY_CROSS = """#!/bin/sh
# fake mpy-cross: mpy-cross [FLAGS] -o OUT -s NAME SRC  ->  OUT holds a marker and the source
while [ "$1" != "-o" ]; do shift; done
out="$2"; src="$5"
case "$src" in *broken*) echo "SyntaxError in $src" >&2; exit 1;; esac
{ printf 'MPY %s\\n' "$4"; cat "$src"; } > "$out"
"""


def fake_mpy_cross(tmp_path, text=FAKE_MPY_CROSS):
    path = tmp_path / "mpy-cross"
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def test_mpy_cross_compiles_every_module_and_the_drives_code_py_stays_text(drive, site, tmp_path):
    ops, _ = run(drive, site, fake_mpy_cross(tmp_path))
    compiled = [f for f in APP if f.endswith(".py")]
    assert ops == ["write app_a/" + (f[:-3] + ".mpy" if f in compiled else f) for f in APP] + [
        "write app_a/manifest.txt"] + INSTALL
    for f in compiled:
        name = f[:-3].replace("lib/", "", 1).replace("/", ".").replace(".__init__", "")
        assert read(drive, "app_a/" + f[:-3] + ".mpy").startswith(b"MPY " + name.encode() + b"\n")
    shipped = [f for f in tree(drive) if f.endswith(".py")]
    assert shipped == ["code.py", "lib/someone_elses.py"]


def test_mpy_cross_failure_writes_nothing(drive, site, tmp_path):
    before = tree(drive)
    broken = FAKE_MPY_CROSS.replace("*broken*", "*cards.py")
    with pytest.raises(DeployError, match="mpy-cross failed on engine_core/cards.py"):
        run(drive, site, fake_mpy_cross(tmp_path, broken))
    assert tree(drive) == before


def test_no_drive_found_is_a_clear_message_and_nothing_is_written(monkeypatch, tmp_path, site, capsys):
    monkeypatch.setattr(deploy, "DRIVE_GLOBS", (str(tmp_path / "media" / "*" / "CIRCUITPY"),))
    monkeypatch.setattr(deploy.HostDrive, "write", lambda self, path, data: pytest.fail("wrote %s" % path))
    monkeypatch.setattr(deploy, "ROOT", run.root)
    assert deploy.main(["--board", BOARD]) == 2
    err = capsys.readouterr().err
    assert "no CIRCUITPY drive found" in err and "DRIVE=PATH" in err and "nothing was written" in err


def test_the_mounted_drive_is_found(monkeypatch, tmp_path, site, drive):
    media = tmp_path / "media" / "ann"
    media.mkdir(parents=True)
    os.rename(drive, media / "CIRCUITPY")
    monkeypatch.setattr(deploy, "DRIVE_GLOBS", (str(tmp_path / "media" / "*" / "CIRCUITPY"),))
    run(None, site)
    assert (media / "CIRCUITPY" / "code.py").exists()
    (tmp_path / "media" / "bob" / "CIRCUITPY").mkdir(parents=True)
    with pytest.raises(DeployError, match="several CIRCUITPY drives"):
        run(None, site)


def test_refusals_write_nothing(monkeypatch, tmp_path, site, drive):
    before = tree(drive)
    with pytest.raises(DeployError, match="unknown board 'gameboy'"):
        run(drive, site, board="gameboy")
    with pytest.raises(DeployError, match="not a folder"):
        run(str(tmp_path / "nowhere"), site)
    plain = tmp_path / "usbstick"
    plain.mkdir()
    with pytest.raises(DeployError, match="does not look like a CIRCUITPY drive"):
        run(str(plain), site)
    with pytest.raises(DeployError, match="adafruit_display_text is not installed"):
        run(drive, str(tmp_path / "empty-site"))
    monkeypatch.setattr(deploy.os, "access", lambda path, mode: False)
    with pytest.raises(DeployError, match="read-only for this computer"):
        run(drive, site)
    assert tree(drive) == before and tree(str(plain)) == []


def test_every_board_profile_names_libraries_installed_in_the_venv():
    profiles = deploy.board_profiles(deploy.ROOT)
    assert sorted(profiles) == ["badger2040", "macropad", "pico_display_pack", "picosystem"]
    for board, path in profiles.items():
        for lib in deploy._assigned(path, "LIBS"):
            files = deploy.library_files(lib)
            assert files, (board, lib)
            for dest, src in files:
                assert dest.startswith("lib/") and dest.endswith(".py") and os.path.isfile(src), (board, dest)


# Modules CircuitPython on the RP2040 has built in: its own (typed by circuitpython-stubs) and the
# MicroPython core ones it keeps.
CORE = {"__future__", "array", "binascii", "builtins", "collections", "errno", "gc", "io", "json", "math",
        "micropython", "os", "random", "re", "select", "struct", "sys", "time", "zlib"}


def builtin_modules():
    import sysconfig

    site = sysconfig.get_paths()["purelib"]
    return CORE | {n[:-len("-stubs")] for n in os.listdir(site) if n.endswith("-stubs")}


def required_imports(path):
    """Absolute imports of a module that must succeed: not those guarded by `except ImportError`
    (or a broader except) nor those under `if TYPE_CHECKING`."""
    import ast

    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    optional = set()
    for node in ast.walk(tree):
        guarded = []
        if isinstance(node, ast.Try):
            caught = " ".join(ast.unparse(h.type) if h.type else "BaseException" for h in node.handlers)
            if "ImportError" in caught or "Exception" in caught:
                guarded = node.body
        elif isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            guarded = node.body
        for stmt in guarded:
            optional |= {id(n) for n in ast.walk(stmt)}
    out = set()
    for node in ast.walk(tree):
        if id(node) in optional:
            continue
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module)
    return out


def test_the_real_app_deploys_for_every_board_and_everything_it_imports_is_there(tmp_path):
    builtins = builtin_modules()
    for board in deploy.board_profiles(deploy.ROOT):
        drive = tmp_path / board
        drive.mkdir()
        (drive / "boot_out.txt").write_text("Adafruit CircuitPython\n")
        done = deploy.deploy(board, str(drive), log=lambda s: None)
        assert done.written[-1] == "code.py" and "boot.py" not in done.written, board
        slot = str(drive / drive_code.choose(str(drive)))
        files = tree(slot)
        assert "boards/%s.py" % board in files and "firmware/code.py" in files
        # what the board can import: the app's folder and its lib/ (code.py puts them on sys.path),
        # builtins
        modules = set()
        for f in files:
            if f.endswith(".py"):
                rel = f[4:] if f.startswith("lib/") else f
                name = rel[:-3].replace("/", ".")
                modules.add(name[:-len(".__init__")] if name.endswith(".__init__") else name)
        for f in files:
            if not f.endswith(".py"):
                continue
            for name in required_imports(os.path.join(slot, f)):
                top = name.split(".")[0]
                assert name in modules or top in builtins, (board, f, name)


class ScreenShown(Exception):
    pass


def test_the_incomplete_screen_draws_its_text_whole_on_every_boards_panel(monkeypatch):
    from host_sim import device  # noqa: F401  (it puts the host's terminalio where the loader imports it)
    from host_sim.panel import VirtualPanel
    from host_sim.stubs import terminalio

    font = terminalio.FONT
    cw, ch = font.get_bounding_box()[:2]
    chars = {font.get_glyph(o).tile_index: chr(o) for o in range(32, 127) if font.get_glyph(o) is not None}

    def stop(seconds):
        raise ScreenShown()

    monkeypatch.setattr("time.sleep", stop)
    for board, path in deploy.board_profiles().items():
        width, height = deploy._assigned(path, "WIDTH"), deploy._assigned(path, "HEIGHT")
        panel = VirtualPanel(width, height, deploy._assigned(path, "DEPTH"))
        monkeypatch.setattr(drive_code, "_panel", lambda p=panel: p)
        with pytest.raises(ScreenShown):
            drive_code.show_incomplete()
        text = panel.root_group[1]
        shown = []
        for grid in text:
            assert 0 <= grid.x and (grid.x + grid.width * cw) * text.scale <= width, board
            assert 0 <= grid.y and (grid.y + ch) * text.scale <= height, board
            shown.append("".join(chars[grid[i]] for i in range(grid.width)))
        assert " ".join(shown) == drive_code.INCOMPLETE, board
        assert any(panel.render()), board


def test_over_the_previous_version_a_folder_without_the_app_gets_no_manifest(drive, site):
    previous_version(drive)
    import shutil

    shutil.rmtree(os.path.join(drive, "app_a", "firmware"))  # what is left is no app
    ops, _ = run(drive, site)
    assert "write app_a/manifest.txt" not in ops and drive_code.generation(drive, "app_a") == -1
    assert ops[:2] == ["overwrite code.py", "write main.py"] and drive_code.choose(drive) == "app_b"


def test_over_the_previous_version_a_main_py_of_the_users_is_moved_aside_first(drive, site):
    previous_version(drive)
    write(drive, "main.py", b"print('mine')\n")
    ops, done = run(drive, site)
    assert ops[:3] == ["overwrite code.py", "rename main.py main.user-%s.py" % TODAY, "write main.py"]
    assert read(drive, "main.user-%s.py" % TODAY) == b"print('mine')\n" and done.moved == [
        ("main.py", "main.user-%s.py" % TODAY)]
