"""What the benchmarks that run the app on CircuitPython's RP2040-like interpreter share
(make cost, make heap-device): where ../shared/tools keeps the interpreter and mpy-cross,
whether they are there, and the app compiled as `make deploy MPY_CROSS=` ships it."""

import os
import shutil

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(os.path.dirname(ROOT), "shared", "tools")
INTERP = os.path.join(TOOLS, "circuitpython-rp2040")
MPY_CROSS = os.path.join(TOOLS, "mpy-cross")
STUBS = os.path.join(ROOT, "benchmarks", "device_stubs.py")


def tools_missing():
    """Which of the two tools is missing (a sentence), or None."""
    for path in (INTERP, MPY_CROSS):
        if not os.access(path, os.X_OK):
            return "%s is not there (the tools of ../shared/tools, see BUILD.md)" % path
    return None


def compile_app(out):
    """engine_core/, firmware/ and boards/ as .mpy files under ``out``, compiled as make deploy
    MPY_CROSS= does (texts.tsv as a file), with the stand-ins for the board's C modules
    (benchmarks/device_stubs.py) beside them."""
    from host_sim.deploy import _tree_files, compile_mpy

    files = []
    for top in ("engine_core", "boards", "firmware"):
        files += _tree_files(ROOT, top)
    os.makedirs(out, exist_ok=True)
    shutil.copyfile(STUBS, os.path.join(out, "device_stubs.py"))
    for dest, content in compile_mpy(files, MPY_CROSS):
        path = os.path.join(out, dest)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if isinstance(content, bytes):
            with open(path, "wb") as f:
                f.write(content)
        else:
            shutil.copyfile(content, path)
