"""Minimal test runner for tests/engine under MicroPython (also runs on CPython).

tests/mp/run.mjs copies engine_core/ and tests/engine/ into the WebAssembly
MicroPython's filesystem, imports this module and calls ``main(root)``.

For every module ``tests/engine/test_*.py`` (sorted by name) it imports the module
and calls each top-level function whose name starts with ``test_`` with no
arguments. A test passes if it returns, fails if it raises; a module that cannot
be imported (SyntaxError, ImportError, ...) counts as one failure. The last line
printed is always ``N passed, N failed``; ``main`` returns the exit status
(0 only if at least one test ran and none failed).

Written in the MicroPython subset: no f-strings with nested quotes, no pathlib,
no traceback module (sys.print_exception on MicroPython).
"""

import gc
import os
import sys

TEST_PACKAGE = "tests.engine"


def _print_exception(exc):
    if hasattr(sys, "print_exception"):  # MicroPython / CircuitPython
        sys.print_exception(exc)
    else:  # CPython, when this file is run directly
        import traceback

        traceback.print_exception(type(exc), exc, exc.__traceback__)


def _describe(exc):
    text = str(exc)
    name = type(exc).__name__
    return name + ": " + text if text else name


def _is_function(obj):
    # Plain functions only: not classes, not builtins imported into the module.
    return type(obj) is type(_is_function)


def discover(root):
    """Module names of tests/engine/test_*.py under ``root``, sorted."""
    folder = root + "/" + TEST_PACKAGE.replace(".", "/")
    names = []
    for entry in os.listdir(folder):
        if entry.startswith("test_") and entry.endswith(".py"):
            names.append(TEST_PACKAGE + "." + entry[:-3])
    names.sort()
    return names


def _import(name):
    module = __import__(name)
    for part in name.split(".")[1:]:
        module = getattr(module, part)
    return module


def main(root, selected=None):
    """Run the tests under ``root``; ``selected``: optional substrings of ``module.test_name``."""
    if root not in sys.path:
        sys.path.insert(0, root)
    passed = 0
    failed = 0
    for modname in discover(root):
        short = modname[len(TEST_PACKAGE) + 1 :]
        try:
            module = _import(modname)
        except Exception as exc:  # every module is imported, even when tests are selected
            failed += 1
            print("FAIL " + short + " (import): " + _describe(exc))
            _print_exception(exc)
            continue
        tests = []
        for attr in dir(module):
            if attr.startswith("test_"):
                obj = getattr(module, attr)
                if _is_function(obj):
                    tests.append(attr)
        tests.sort()
        for attr in tests:
            label = short + "." + attr
            if selected and not any(s in label for s in selected):
                continue
            try:
                getattr(module, attr)()
            except Exception as exc:  # a failing test must not stop the run
                failed += 1
                print("FAIL " + label + ": " + _describe(exc))
                _print_exception(exc)
            else:
                passed += 1
            gc.collect()
    print("%d passed, %d failed" % (passed, failed))
    if failed or not passed:
        return 1
    return 0


if __name__ == "__main__":
    # Direct run: python3 tests/mp/runner.py [selector ...] from anywhere.
    here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    project = here + "/../.."
    sys.exit(main(project, sys.argv[1:]))
