"""`python -m host_sim typecheck`: mypy over firmware/ and boards/ against circuitpython-stubs.

The firmware is checked against the stubs as installed; each board profile is checked
again with `board` replaced by that board's own definition from circuitpython-stubs
(board_definitions/<board_id>), so a pin name the board lacks is an error, as it would
be on the device. Those definitions still type DISPLAY with the display classes'
pre-9.0 homes (displayio.Display, displayio.EPaperDisplay), which the same stubs no
longer have; the copy names their current modules. Bodies without annotations are
checked too (the firmware has few); mypy settings are in pyproject.toml."""

import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FLAGS = ["--no-error-summary"]
MOVED = (("displayio.EPaperDisplay", "epaperdisplay.EPaperDisplay"),
         ("displayio.Display", "busdisplay.BusDisplay"))


def board_stub_dir(tmp, board_id):
    """A directory holding board/__init__.pyi for ``board_id``, to put first on MYPYPATH."""
    import board_definitions

    for root in board_definitions.__path__:
        src = os.path.join(root, board_id, "__init__.pyi")
        if os.path.exists(src):
            d = os.path.join(tmp, board_id)
            os.makedirs(os.path.join(d, "board"), exist_ok=True)
            with open(src) as f:
                text = f.read()
            for old, new in MOVED:
                text = text.replace(old, new)
            with open(os.path.join(d, "board", "__init__.pyi"), "w") as f:
                f.write("import busdisplay\nimport epaperdisplay\n" + text)
            return d
    raise SystemExit("circuitpython-stubs has no board definition %s" % board_id)


def mypy(paths, mypypath):
    env = dict(os.environ, MYPYPATH=os.pathsep.join(mypypath))
    done = subprocess.run([sys.executable, "-m", "mypy"] + FLAGS + paths, cwd=ROOT, env=env,
                          capture_output=True, text=True)
    out = (done.stdout + done.stderr).strip()
    if out:
        print(out)
    return done.returncode


def main(argv):
    from boards import IDS, load
    from host_sim.cli import Parser

    Parser(prog="python -m host_sim typecheck", description=__doc__.strip().split("\n\n")[0]).parse_args(argv)

    failed = 0
    firmware = sorted(os.path.join("firmware", f) for f in os.listdir(os.path.join(ROOT, "firmware"))
                      if f.endswith(".py")) + [os.path.join("firmware", "screens")]
    failed |= mypy(firmware + [os.path.join("boards", "__init__.py")], [ROOT])
    with tempfile.TemporaryDirectory() as tmp:
        for name in IDS:
            stubs = board_stub_dir(tmp, load(name).BOARD_ID)
            failed |= mypy([os.path.join("boards", name + ".py")], [stubs, ROOT])
    print("typecheck: %s" % ("errors above" if failed else "firmware/ and boards/ are clean"))
    return 1 if failed else 0
