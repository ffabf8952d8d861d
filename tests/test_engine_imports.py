"""engine_core/ must run unchanged on CPython, MicroPython and CircuitPython (RP2040).

This CPython-only test parses every module under engine_core/ (without importing it)
and fails on what the board does not have:
- imports outside ALLOWED (the engine itself, relative imports inside the package,
  and a few modules every port has). Only exception: ``typing`` imported inside a
  ``try:`` whose handler catches ImportError (annotations only);
- ``str.ljust`` / ``str.rjust`` (missing on MicroPython and CircuitPython);
- ``raise ... from ...`` (MicroPython warns "exception chaining not supported" and
  drops the cause);
- ``__import__`` calls (they would bypass this check).

The MicroPython run itself is tests/mp (node tests/mp/run.mjs).
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "engine_core"

# Top-level modules engine_core may import (besides itself). Anything else, e.g.
# dataclasses, enum, itertools, functools, copy, abc, random, typing, re, os, is refused.
ALLOWED = frozenset({"gc", "sys", "time", "json", "struct", "math", "collections", "micropython"})
TYPING_ONLY = "typing"
FORBIDDEN_ATTRS = {
    "ljust": "str.ljust is missing on MicroPython/CircuitPython; pad by hand",
    "rjust": "str.rjust is missing on MicroPython/CircuitPython; pad by hand",
}


def _catches_import_error(handler):
    """True when an except clause catches ImportError (alone, in a tuple, or a bare except).

    Not ModuleNotFoundError: MicroPython has no such name, so evaluating that handler
    on the board (where typing is missing) would raise NameError.
    """
    kind = handler.type
    if kind is None:
        return True
    names = kind.elts if isinstance(kind, ast.Tuple) else [kind]
    return any(isinstance(n, ast.Name) and n.id == "ImportError" for n in names)


class _Checker(ast.NodeVisitor):
    def __init__(self, label, package_parts):
        self.label = label
        self.package_parts = package_parts  # e.g. ["engine_core", "chimera"]
        self.guarded = 0  # depth of try-bodies whose handlers catch ImportError
        self.problems = []

    def _problem(self, node, text):
        self.problems.append("%s:%d: %s" % (self.label, node.lineno, text))

    def _check_absolute(self, node, name, shown):
        root = name.split(".")[0]
        if root == PACKAGE:
            return
        if name in ALLOWED:
            return
        if name == TYPING_ONLY and self.guarded:
            return
        if name == TYPING_ONLY:
            why = "typing only inside try/except ImportError"
        elif root in ALLOWED:
            why = "submodule %r is not available on the board" % name
        else:
            why = "module %r is not on the allow-list %s" % (name, ", ".join(sorted(ALLOWED)))
        self._problem(node, "forbidden import `%s`: %s" % (shown, why))

    def visit_Try(self, node):
        guarded = any(_catches_import_error(h) for h in node.handlers)
        self.guarded += guarded
        for stmt in node.body:
            self.visit(stmt)
        self.guarded -= guarded
        for part in node.handlers + node.orelse + node.finalbody:
            self.visit(part)

    visit_TryStar = visit_Try

    def visit_Import(self, node):
        for alias in node.names:
            self._check_absolute(node, alias.name, "import " + alias.name)

    def visit_ImportFrom(self, node):
        names = ", ".join(a.name for a in node.names)
        if node.level:
            # Relative: fine while it stays inside engine_core.
            if node.level > len(self.package_parts):
                self._problem(
                    node,
                    "forbidden import `from %s%s import %s`: goes above the %s package"
                    % ("." * node.level, node.module or "", names, PACKAGE),
                )
            return
        self._check_absolute(node, node.module, "from %s import %s" % (node.module, names))

    def visit_Attribute(self, node):
        if node.attr in FORBIDDEN_ATTRS:
            self._problem(node, "`.%s`: %s" % (node.attr, FORBIDDEN_ATTRS[node.attr]))
        self.generic_visit(node)

    def visit_Raise(self, node):
        if node.cause is not None:
            self._problem(node, "`raise ... from ...`: exception chaining is not supported on MicroPython")
        self.generic_visit(node)

    def visit_Call(self, node):
        if isinstance(node.func, ast.Name) and node.func.id == "__import__":
            self._problem(node, "`__import__(...)`: dynamic imports bypass this check")
        self.generic_visit(node)


def check_source(source, label, package_parts):
    """Problems ("file:line: text") in one module's source; package_parts: its package path."""
    try:
        tree = ast.parse(source, filename=label)
    except SyntaxError as exc:
        return ["%s:%s: does not parse: %s" % (label, exc.lineno, exc.msg)]
    checker = _Checker(label, package_parts)
    checker.visit(tree)
    return checker.problems


def check_tree(root, package=PACKAGE):
    """Problems in every .py file of the package directory root/package."""
    problems = []
    for path in sorted((Path(root) / package).rglob("*.py")):
        rel = path.relative_to(root)
        package_parts = list(rel.parts[:-1])  # the package a module (or __init__) belongs to
        problems += check_source(path.read_text(encoding="utf-8"), rel.as_posix(), package_parts)
    return problems


def test_engine_core_uses_only_board_modules():
    if not list((ROOT / PACKAGE).rglob("*.py")):
        pytest.skip("no engine_core modules yet")
    problems = check_tree(ROOT)
    assert not problems, "engine_core must run on MicroPython/CircuitPython:\n" + "\n".join(problems)


# --- the checker itself --------------------------------------------------------------------------


def _write(tmp_path, rel, text):
    path = tmp_path / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_checker_rejects_a_bad_import(tmp_path):
    _write(tmp_path, "engine_core/__init__.py", "")
    _write(tmp_path, "engine_core/game/__init__.py", "")
    _write(
        tmp_path,
        "engine_core/game/bad.py",
        "import sys\nfrom engine_core.cards import card\n\nfrom dataclasses import dataclass\n",
    )
    problems = check_tree(tmp_path)
    assert len(problems) == 1, problems
    assert problems[0].startswith("engine_core/game/bad.py:4: forbidden import `from dataclasses import")


@pytest.mark.parametrize(
    "source",
    [
        "import itertools\n",
        "import functools\n",
        "import enum\n",
        "import copy\n",
        "import abc\n",
        "import random\n",
        "import os\n",
        "import collections.abc\n",
        "from collections.abc import Mapping\n",
        "import typing\n",
        "from typing import List\n",
        "try:\n    from typing import List\nexcept ValueError:\n    pass\n",
        "try:\n    import dataclasses\nexcept ImportError:\n    pass\n",
        "try:\n    import typing\nexcept ModuleNotFoundError:\n    pass\n",
        "from ... import x\n",
        "x = 'a'.ljust(3)\n",
        "f = str.rjust\n",
        "try:\n    pass\nexcept KeyError as e:\n    raise ValueError('v') from e\n",
        "m = __import__('os')\n",
    ],
)
def test_checker_rejects(source):
    problems = check_source(source, "engine_core/game/m.py", ["engine_core", "game"])
    assert len(problems) == 1, problems
    assert problems[0].startswith("engine_core/game/m.py:"), problems


@pytest.mark.parametrize(
    "source",
    [
        "import gc, sys, time, json, struct, math, collections, micropython\n",
        "from collections import OrderedDict, deque\n",
        "from micropython import const\n",
        "import engine_core.cards\nfrom engine_core import errors\n",
        "from . import cards\nfrom .. import errors\nfrom ..cards import card\n",
        "try:\n    from typing import List\nexcept ImportError:\n    pass\n",
        "try:\n    import typing\nexcept (ImportError, AttributeError):\n    typing = None\n",
        "raise ValueError('no chaining')\n",
        "s = '%-5s|%5s' % ('a', 'b')\n",
    ],
)
def test_checker_accepts(source):
    assert check_source(source, "engine_core/game/m.py", ["engine_core", "game"]) == []


# --- const() names -------------------------------------------------------------------------------
# The board's compiler puts a module's ``_NAME = const(...)`` in place of each use that comes
# after it and keeps no such name: a use above the definition (in a function defined earlier)
# is a NameError on the board only, never on CPython, where const() is the identity.


def const_uses_before_definition(source, label):
    tree = ast.parse(source, filename=label)
    defined = {}
    for node in tree.body:
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                and isinstance(node.value.func, ast.Name) and node.value.func.id == "const"):
            for target in node.targets:
                defined[target.id] = node.lineno
    return ["%s:%d: %s is used before its const() definition (line %d)"
            % (label, n.lineno, n.id, defined[n.id])
            for n in ast.walk(tree)
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.lineno < defined.get(n.id, 0)]


def test_const_names_are_defined_before_use():
    problems = []
    for package in ("engine_core", "firmware", "boards"):
        for path in sorted((ROOT / package).rglob("*.py")):
            problems += const_uses_before_definition(path.read_text(encoding="utf-8"),
                                                     path.relative_to(ROOT).as_posix())
    assert not problems, "\n".join(problems)


def test_const_check_finds_a_use_above_the_definition():
    source = "def f():\n    return _A\n\n\n_A = const(1)\n_B = const(_A + 1)\n"
    assert const_uses_before_definition(source, "m.py") == [
        "m.py:2: _A is used before its const() definition (line 5)"]
