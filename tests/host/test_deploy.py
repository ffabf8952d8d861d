"""make deploy (host_sim/deploy.py) into a folder standing in for the CIRCUITPY drive.

The project deployed is a small stand-in tree with the real layout, so these tests do not change
with every module the app gains.
"""

import os
import stat

import pytest

import host_sim.deploy as deploy
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
    "firmware/app.py": "APP = 1\n",
    "firmware/screens/menu.py": "MENU = 1\n",
    "firmware/fonts/small.pcf": "font bytes",
    "firmware/code.py": "# code\n",
}


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


class Recorder:
    """Writes as deploy would, noting the order; with ``limit`` the power goes before write
    number ``limit``."""

    limit = None

    def __init__(self):
        self.order = []

    def __call__(self, path, data):
        if self.limit is not None and len(self.order) == self.limit:
            raise PowerGone(path)
        self.order.append(path)
        deploy.write_file(path, data)


def run(drive, site, mpy_cross=None, board=BOARD, root=None):
    rec = Recorder()
    _, unchanged, removed = deploy.deploy(board, drive, mpy_cross, root or run.root, site, rec,
                                          log=lambda s: None)
    return [os.path.relpath(p, drive).replace(os.sep, "/") for p in rec.order], unchanged, removed


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
    "firmware/app.py", "firmware/code.py", "firmware/fonts/small.pcf", "firmware/screens/menu.py",
]
KEPT = ["boot_out.txt", "journal0.bin", "lib/someone_elses.py", "settings.toml"]


def read(drive, rel):
    with open(os.path.join(drive, rel), "rb") as f:
        return f.read()


def test_the_app_goes_into_a_folder_of_its_own_and_code_py_last(drive, site):
    order, unchanged, removed = run(drive, site)
    assert unchanged == [] and removed == []
    assert order == ["app_a/" + f for f in APP] + ["code.py"]
    assert tree(drive) == sorted(order + KEPT)
    assert read(drive, "code.py") == deploy.code_py("app_a") and deploy.live_slot(drive) == "app_a"
    assert b'sys.path[0:0] = ["/app_a", "/app_a/lib"]' in deploy.code_py("app_a")


def test_the_generated_code_py_starts_the_app_from_its_folder(drive, site, tmp_path, monkeypatch):
    # Run the drive's code.py as CircuitPython would (the drive is /): it must import
    # firmware.code from the app's folder.
    run(drive, site)
    with open(os.path.join(drive, "app_a", "firmware", "code.py"), "w") as f:
        f.write("STARTED = __name__\n")
    with open(os.path.join(drive, "app_a", "firmware", "__init__.py"), "w") as f:
        f.write("")
    source = read(drive, "code.py").decode().replace('"/app_a', '"%s/app_a' % drive)
    monkeypatch.setattr("sys.path", list(__import__("sys").path))
    monkeypatch.delitem(__import__("sys").modules, "firmware", raising=False)
    monkeypatch.delitem(__import__("sys").modules, "firmware.code", raising=False)
    scope = {}
    exec(compile(source, "code.py", "exec"), scope)
    started = __import__("sys").modules["firmware.code"]
    assert started.STARTED == "firmware.code" and started.__file__.startswith(drive)
    for name in ("firmware.code", "firmware"):
        __import__("sys").modules.pop(name, None)


def test_the_next_deploy_writes_the_other_folder_then_switches_and_removes_the_old(drive, site):
    run(drive, site)
    again, unchanged, removed = run(drive, site)
    assert again == [] and removed == [] and len(unchanged) == len(APP) + 1  # the same app: nothing
    with open(os.path.join(drive, "app_a", "engine_core", "cards.py"), "a") as f:
        f.write("# edited on the drive\n")
    order, _, removed = run(drive, site)
    assert order == ["app_b/" + f for f in APP] + ["code.py"] and removed == ["app_a"]
    assert deploy.live_slot(drive) == "app_b" and tree(drive) == sorted(order + KEPT)
    order, _, removed = run(drive, site, board="picosystem")
    assert order[-1] == "code.py" and removed == ["app_b"] and deploy.live_slot(drive) == "app_a"


class PowerGone(Exception):
    pass


def test_a_deploy_cut_short_leaves_the_old_app_running_and_the_next_one_finishes(drive, site):
    run(drive, site)
    before = {f: read(drive, f) for f in tree(drive)}
    with open(os.path.join(run.root, "engine_core", "cards.py"), "a") as f:
        f.write("NEW = 1\n")
    for cut in range(len(APP) + 1):  # the power goes before file ``cut`` of the new folder, or code.py
        rec = Recorder()
        rec.limit = cut
        with pytest.raises(PowerGone):
            deploy.deploy(BOARD, drive, None, run.root, site, rec, log=lambda s: None)
        assert deploy.live_slot(drive) == "app_a", cut
        assert {f: read(drive, f) for f in tree(drive) if not f.startswith("app_b/")} == before, cut
    order, _, removed = run(drive, site)  # the leftover folder is written again whole
    assert order == ["app_b/" + f for f in APP] + ["code.py"] and removed == ["app_a"]
    assert b"NEW = 1" in read(drive, "app_b/engine_core/cards.py")


def test_the_switch_rewrites_one_byte_of_code_py_in_place(drive, site):
    run(drive, site)
    with open(os.path.join(drive, "app_a", "boards", "common.py"), "a") as f:
        f.write("# changed\n")
    a, b = deploy.code_py("app_a"), deploy.code_py("app_b")
    assert len(a) == len(b) and sum(x != y for x, y in zip(a, b, strict=True)) == 2  # "/app_b", "/app_b/lib"
    order, _, _ = run(drive, site)
    assert order[-1] == "code.py" and read(drive, "code.py") == b


def test_the_first_versions_app_at_the_root_goes_once_the_new_one_runs(drive, site):
    for rel in ("engine_core/cards.py", "firmware/app.py", "boards/picosystem.py", "firmware/x.mpy"):
        os.makedirs(os.path.dirname(os.path.join(drive, rel)), exist_ok=True)
        with open(os.path.join(drive, rel), "w") as f:
            f.write("# first version\n")
    with open(os.path.join(drive, "code.py"), "w") as f:
        f.write("# the first version's code.py\n")
    order, _, removed = run(drive, site)
    assert order[-1] == "code.py" and sorted(removed) == ["boards", "engine_core", "firmware"]
    assert tree(drive) == sorted(["app_a/" + f for f in APP] + ["code.py"] + KEPT)


FIRST_VERSION_BOOT = """\"\"\"/boot.py on the board (make deploy copies it there): who may write
the CIRCUITPY flash.\"\"\"
def main():
    import storage
    storage.remount("/", readonly=False)
"""


def test_the_first_versions_boot_py_goes_and_the_drive_stays_the_computers(drive, site):
    with open(os.path.join(drive, "boot.py"), "w") as f:
        f.write(FIRST_VERSION_BOOT)
    _, _, removed = run(drive, site)
    assert removed == ["boot.py"] and not os.path.exists(os.path.join(drive, "boot.py"))


def test_a_boot_py_of_the_users_is_kept(drive, site):
    mine = "import storage\nstorage.remount('/', readonly=False)  # my own\n"
    with open(os.path.join(drive, "boot.py"), "w") as f:
        f.write(mine)
    _, _, removed = run(drive, site)
    assert removed == []
    with open(os.path.join(drive, "boot.py")) as f:
        assert f.read() == mine


def test_another_boards_drive_is_refused_before_anything_is_written(drive, site):
    with open(os.path.join(drive, "boot_out.txt"), "w") as f:
        f.write("Adafruit CircuitPython 9.2.1 on 2024-11-20; Pimoroni PicoSystem with rp2040\n"
                "Board ID:pimoroni_picosystem\nUID:E6614C311B7A8B21\n")
    before = tree(drive)
    with open(os.path.join(run.root, "boards", "picosystem.py"), "a") as f:
        f.write('BOARD_ID = "pimoroni_picosystem"\n')
    with open(os.path.join(run.root, "boards", "pico_display_pack.py"), "a") as f:
        f.write('BOARD_ID = "raspberry_pi_pico"\n')
    with pytest.raises(DeployError, match="is pimoroni_picosystem .* not pico_display_pack's "
                                          "raspberry_pi_pico: deploy with BOARD=picosystem"):
        run(drive, site)
    assert tree(drive) == before
    order, _, _ = run(drive, site, board="picosystem")
    assert order[-1] == "code.py"


def test_a_drive_without_room_for_the_new_app_is_refused_before_anything_is_written(drive, site, monkeypatch):
    run(drive, site)
    with open(os.path.join(run.root, "engine_core", "cards.py"), "a") as f:
        f.write("NEW = 1\n")
    before = {f: read(drive, f) for f in tree(drive)}
    real = deploy.shutil.disk_usage
    monkeypatch.setattr(deploy.shutil, "disk_usage",
                        lambda p: real(p)._replace(free=5 * deploy.cluster_size(p)))
    with pytest.raises(DeployError, match="needs \\d+ KB beside the running one, and .* has \\d+ KB free: "
                                          "make room on the drive, or deploy with MPY_CROSS="):
        run(drive, site)
    assert {f: read(drive, f) for f in tree(drive)} == before


FAKE_MPY_CROSS = """#!/bin/sh
# fake mpy-cross: mpy-cross -o OUT -s NAME SRC  ->  OUT holds a marker and the source
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
    run(drive, site)
    order, _, removed = run(drive, site, fake_mpy_cross(tmp_path))
    compiled = [f for f in APP if f.endswith(".py")]
    assert order == ["app_b/" + (f[:-3] + ".mpy" if f in compiled else f) for f in APP] + ["code.py"]
    assert removed == ["app_a"]
    for f in compiled:
        assert read(drive, "app_b/" + f[:-3] + ".mpy").startswith(b"MPY " + f.encode() + b"\n")
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
    monkeypatch.setattr(deploy, "write_file", lambda path, data: pytest.fail("wrote %s" % path))
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
        written, _, _ = deploy.deploy(board, str(drive), log=lambda s: None)
        assert written[-1] == "code.py" and "boot.py" not in written, board
        slot = str(drive / deploy.live_slot(str(drive)))
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
