"""The Project Bundle: `make bundle [MPY_CROSS=PATH]` writes build/climbing-cards-bundle.zip.

The layout of the bundles Adafruit's Learn guides offer ("Download Project Bundle"): one folder
per CircuitPython major version, holding what goes onto the CIRCUITPY drive (code.py and lib/),
and a README.txt beside it that says what to copy where. One bundle serves every board: lib/
holds the app (engine_core/, firmware/, boards/ with every board's profile; the app picks the
profile by the board it runs on) and the Adafruit libraries any board's profile lists, from the
same pinned packages make deploy copies (host_sim/deploy.py's plan for each board, merged).
code.py only imports the app from lib/. The folder's major version is the one CircuitPython's
mpy-cross reports when MPY_CROSS= is given (.mpy files are tied to it), else the one the
project is written for (circuitpython-stubs in requirements-dev.txt).
"""

import argparse
import os
import re
import subprocess
import sys
import zipfile

from host_sim.deploy import ROOT, DeployError, board_profiles, compile_mpy, plan

NAME = "climbing-cards"  # the zip's top folder
OUT = os.path.join(ROOT, "build", NAME + "-bundle.zip")
CODE_PY = (
    "# Climbing cards gadget (from its Project Bundle): the app is in lib/ (engine_core,\n"
    "# firmware, boards and the Adafruit libraries it needs); firmware/code.py starts it.\n"
    "import firmware.code\n")
README = """Climbing cards gadget: Chimera and Tichu, dealt and scored on a CircuitPython board
==================================================================================

For: Pimoroni PicoSystem, Raspberry Pi Pico with the Pimoroni Pico Display Pack,
Adafruit MacroPad RP2040, Pimoroni Badger 2040, each running CircuitPython {major}.x.

1. Put CircuitPython {major}.x on the board (circuitpython.org, the build for your board).
   Its drive CIRCUITPY shows up on the computer.
2. Open the folder "CircuitPython {major}.x" of this bundle.
3. Copy code.py and the folder lib onto CIRCUITPY. Say yes when asked to replace files.
   The board restarts by itself into the app.

What this replaces: code.py, and in lib/ the folders engine_core, firmware and boards
and the libraries {libs}.
Everything else on CIRCUITPY stays: your other libraries in lib/, settings.toml, boot.py.
Updating from an older bundle? Delete lib/engine_core, lib/firmware and lib/boards on
CIRCUITPY first, so no file of the old version stays behind.

The match and the settings are not files on CIRCUITPY: the board keeps them in its flash
apart from the drive (or in an FRAM chip, if one is plugged in), so copying this bundle,
or a newer one, keeps the running match.
"""


def major_version(mpy_cross=None):
    """The CircuitPython major version the bundle is for."""
    if mpy_cross:
        done = subprocess.run([mpy_cross, "--version"], capture_output=True, text=True)
        m = re.search(r"CircuitPython (\d+)\.", done.stdout)
        if not m:
            raise DeployError("%s --version does not name a CircuitPython version: %r"
                              % (mpy_cross, done.stdout.strip()))
        return int(m.group(1))
    with open(os.path.join(ROOT, "requirements-dev.txt"), encoding="utf-8") as f:
        m = re.search(r"^circuitpython-stubs==(\d+)\.", f.read(), re.M)
    if not m:
        raise DeployError("requirements-dev.txt pins no circuitpython-stubs")
    return int(m.group(1))


def files(mpy_cross=None, site=None):
    """[(path under lib/, source path or bytes)]: every board's deploy plan, merged."""
    merged = {}
    for board in sorted(board_profiles()):
        for dest, src in plan(board, site=site):
            merged.setdefault(dest, src)
    out = sorted(merged.items())
    return compile_mpy(out, mpy_cross) if mpy_cross else out


def build(out=OUT, mpy_cross=None, site=None, log=print):
    """Write the bundle; returns the zip's path."""
    major = major_version(mpy_cross)
    top = "%s/CircuitPython %d.x/" % (NAME, major)
    content = files(mpy_cross, site)
    libs = sorted({dest.split("/")[1].split(".")[0] for dest, _ in content if dest.startswith("lib/")})
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(NAME + "/README.txt", README.format(major=major, libs=", ".join(libs)))
        z.writestr(top + "code.py", CODE_PY)
        for dest, src in content:
            # The app's folders go under lib/ beside the libraries deploy keeps in its own lib/.
            name = top + (dest if dest.startswith("lib/") else "lib/" + dest)
            if isinstance(src, bytes):
                z.writestr(name, src)
            else:
                z.write(src, name)
    log("%s: CircuitPython %d.x/ with code.py and lib/ (%d files%s), %d KB" % (
        os.path.relpath(out), major, len(content) + 1, ", .mpy" if mpy_cross else "",
        -(-os.path.getsize(out) // 1024)))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_sim bundle", description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=OUT, help="the zip to write (default build/%s-bundle.zip)" % NAME)
    ap.add_argument("--mpy-cross", help="CircuitPython's mpy-cross: ship .mpy instead of .py")
    args = ap.parse_args(argv)
    try:
        build(args.out, args.mpy_cross)
    except DeployError as e:
        print("bundle: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
