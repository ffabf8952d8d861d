"""Smoke test for the test runners: runs under pytest (CPython) and tests/mp (MicroPython)."""

import sys


def test_interpreter_identifies_itself():
    assert isinstance(sys.implementation.name, str)
    assert sys.implementation.name in ("cpython", "micropython", "circuitpython")


def test_engine_core_imports():
    import engine_core

    assert engine_core.__name__ == "engine_core"
