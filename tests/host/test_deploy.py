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
    def __init__(self):
        self.order = []

    def __call__(self, path, data):
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


def test_copies_what_the_board_needs_and_code_py_last(drive, site):
    order, unchanged, removed = run(drive, site)
    assert unchanged == [] and removed == []
    assert order == [
        "lib/adafruit_display_text/__init__.py", "lib/adafruit_display_text/bitmap_label.py",
        "lib/adafruit_display_text/label.py", "lib/adafruit_st7789.py",
        "engine_core/__init__.py", "engine_core/cards.py", "engine_core/chimera/__init__.py",
        "engine_core/chimera/rules.py",
        "boards/__init__.py", "boards/common.py", "boards/pico_display_pack.py",
        "firmware/app.py", "firmware/fonts/small.pcf", "firmware/screens/menu.py",
        "code.py",
    ]
    kept = ["boot_out.txt", "journal0.bin", "lib/someone_elses.py", "settings.toml"]
    assert tree(drive) == sorted(order + kept)
    with open(os.path.join(drive, "code.py")) as f:
        assert f.read() == "# code\n"


def test_a_second_deploy_writes_only_what_changed(drive, site):
    first, _, _ = run(drive, site)
    again, unchanged, removed = run(drive, site)
    assert again == [] and removed == [] and sorted(unchanged) == sorted(first)
    with open(os.path.join(drive, "engine_core", "cards.py"), "a") as f:
        f.write("# edited on the drive\n")
    os.remove(os.path.join(drive, "code.py"))
    again, _, _ = run(drive, site)
    assert again == ["engine_core/cards.py", "code.py"]


def test_modules_deploy_no_longer_ships_are_removed_but_nothing_of_the_users(drive, site):
    run(drive, site)
    for stale in ("engine_core/gone.py", "firmware/screens/gone.mpy", "boards/picosystem.py"):
        with open(os.path.join(drive, stale), "w") as f:
            f.write("# old\n")
    _, _, removed = run(drive, site)
    assert sorted(removed) == ["boards/picosystem.py", "engine_core/gone.py", "firmware/screens/gone.mpy"]
    assert os.path.exists(os.path.join(drive, "journal0.bin"))
    assert os.path.exists(os.path.join(drive, "lib", "someone_elses.py"))


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


def test_mpy_cross_compiles_every_module_but_the_entry_files(drive, site, tmp_path):
    py_order, _, _ = run(drive, site)
    order, _, removed = run(drive, site, fake_mpy_cross(tmp_path))
    compiled = [f for f in py_order if f.endswith(".py") and f != "code.py"]
    assert order == [f[:-3] + ".mpy" if f in compiled else f for f in py_order
                     if f not in ("code.py", "firmware/fonts/small.pcf")]
    assert sorted(removed) == sorted(compiled)  # the .py twins of the new .mpy files
    for f in compiled:
        with open(os.path.join(drive, f[:-3] + ".mpy"), "rb") as h:
            assert h.read().startswith(b"MPY " + f.encode() + b"\n")
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
        files = tree(str(drive))
        assert "boards/%s.py" % board in files
        # what the board can import: the drive's root and lib/ (CircuitPython's sys.path), builtins
        modules = set()
        for f in files:
            if f.endswith(".py"):
                rel = f[4:] if f.startswith("lib/") else f
                name = rel[:-3].replace("/", ".")
                modules.add(name[:-len(".__init__")] if name.endswith(".__init__") else name)
        for f in files:
            if not f.endswith(".py"):
                continue
            for name in required_imports(os.path.join(str(drive), f)):
                top = name.split(".")[0]
                assert name in modules or top in builtins, (board, f, name)
