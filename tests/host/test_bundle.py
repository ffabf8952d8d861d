"""make bundle (host_sim/bundle.py): the Project Bundle zip, unzipped.

Adafruit's layout: one top folder with README.txt and a folder "CircuitPython N.x" holding
code.py and lib/. The modules to find are derived from the code: starting at the bundle's
code.py, every import statement of every module reached (imports in a `try` that catches
ImportError are optional, like the libraries' typing imports), and for the app's imports by
computed name (`__import__("firmware.screens." + name)`), every module of the repository that
name can take. Each must be a module in the bundle or one that CircuitPython has built in: a
module circuitpython-stubs describes, or one of its core modules.
"""

import ast
import glob
import os
import re
import zipfile

import pytest

import host_sim.bundle as bundle

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# CircuitPython's core modules (its Python standard library, docs "Core Modules"): built into
# every build and not in circuitpython-stubs, which describes the native ones.
CORE = {"array", "binascii", "builtins", "collections", "errno", "gc", "io", "json", "math", "os",
        "platform", "random", "re", "select", "struct", "sys", "time", "micropython"}


def native_modules():
    """The modules circuitpython-stubs describes (one <name>-stubs folder each)."""
    import sysconfig

    site = sysconfig.get_paths()["purelib"]
    return {os.path.basename(p)[:-len("-stubs")] for p in glob.glob(os.path.join(site, "*-stubs"))}


@pytest.fixture(scope="module")
def unzipped(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("bundle")
    path = bundle.build(str(tmp / "bundle.zip"), log=lambda *_: None)
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        z.extractall(tmp / "out")
    return str(tmp / "out"), names


def test_the_layout_is_adafruits(unzipped):
    out, names = unzipped
    major = bundle.major_version()
    top = "%s/CircuitPython %d.x/" % (bundle.NAME, major)
    assert bundle.NAME + "/README.txt" in names
    assert top + "code.py" in names
    assert not [n for n in names if not n.startswith(top) and n != bundle.NAME + "/README.txt"]
    assert not [n for n in names[2:] if not n.startswith(top + "lib/")], "only code.py beside lib/"
    readme = open(os.path.join(out, bundle.NAME, "README.txt"), encoding="utf-8").read()
    assert "CircuitPython %d.x" % major in readme and "code.py" in readme and "lib" in readme
    with open(os.path.join(ROOT, "requirements-dev.txt")) as f:  # the version the app is written for
        assert re.search(r"^circuitpython-stubs==%d\." % major, f.read(), re.M)


def imports(path):
    """(module names imported, computed-name patterns as regexes) of one source file."""
    tree = ast.parse(open(path, encoding="utf-8").read(), path)
    names, patterns = set(), set()

    def visit(node, optional):
        if isinstance(node, ast.Try):
            caught = [h.type for h in node.handlers]
            caught += [e for t in caught if isinstance(t, ast.Tuple) for e in t.elts]
            catches = {getattr(t, "id", None) for t in caught}
            for child in node.body:
                visit(child, optional or "ImportError" in catches)
            for child in node.handlers + node.orelse + node.finalbody:
                visit(child, optional)
            return
        if not optional and isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif not optional and isinstance(node, ast.ImportFrom):
            assert node.level == 0, "%s: a relative import" % path
            names.add(node.module)
            names.update(node.module + "." + a.name for a in node.names)  # a submodule, if it is one
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__":
            if isinstance(node.args[0], ast.Constant):
                names.add(node.args[0].value)
            else:
                patterns.add(pattern(node.args[0], path))
        for child in ast.iter_child_nodes(node):
            visit(child, optional)

    visit(tree, False)
    return names, patterns


def pattern(expr, path):
    """The module names a computed __import__ argument can take, as a regex."""
    if isinstance(expr, ast.BinOp) and isinstance(expr.left, ast.Constant):
        text = expr.left.value
        if isinstance(expr.op, ast.Add):
            return re.escape(text) + r"[A-Za-z_0-9]+"
        if isinstance(expr.op, ast.Mod):
            return r"[A-Za-z_0-9]+".join(re.escape(part) for part in text.split("%s"))
    raise AssertionError("%s: an __import__ of a name this test cannot read: %s" % (path, ast.dump(expr)))


def repo_modules():
    """Dotted names of the app's modules in the repository."""
    out = set()
    for top in ("engine_core", "firmware", "boards"):
        for path in glob.glob(os.path.join(ROOT, top, "**", "*.py"), recursive=True):
            rel = os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".")
            out.add(rel[:-len(".__init__")] if rel.endswith(".__init__") else rel)
    return out


def find(base, name):
    """The file of module ``name`` under the drive folder ``base`` (root, then lib/), or None."""
    rel = name.replace(".", "/")
    for where in ("", "lib/"):
        for suffix in (".py", "/__init__.py", ".mpy", "/__init__.mpy"):
            path = os.path.join(base, where + rel + suffix)
            if os.path.isfile(path):
                return path
    return None


def test_code_py_and_every_module_the_app_imports_are_in_it(unzipped):
    out, _ = unzipped
    base = os.path.join(out, bundle.NAME, "CircuitPython %d.x" % bundle.major_version())
    builtin = native_modules() | CORE
    assert {"displayio", "keypad", "supervisor", "board"} <= builtin
    app = repo_modules()
    todo, seen, missing, dynamic = [os.path.join(base, "code.py")], set(), [], set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        names, patterns = imports(path)
        for p in patterns:
            found = {m for m in app if re.fullmatch(p, m)}
            assert found, "no module of the app matches %s (%s)" % (p, path)
            dynamic |= found
        for name in sorted(names | (dynamic - {n for n in names})):
            where = find(base, name)
            if where is not None:
                todo.append(where)
            elif name in app or (name.split(".")[0] not in builtin and name.rpartition(".")[0] not in names):
                # (a name from `from X import name` that is no module is an attribute of X)
                missing.append("%s (imported by %s)" % (name, os.path.relpath(path, base)))
    assert not missing, "not in the bundle, nor built into CircuitPython: %s" % ", ".join(missing)
    reached = {os.path.relpath(p, base) for p in seen}
    # What the app needs: the app itself, its entry, every board's profile, and the libraries.
    assert {"code.py", "lib/firmware/code.py", "lib/firmware/app.py", "lib/engine_core/dealt.py",
            "lib/adafruit_fram.py"} <= reached
    assert "lib/adafruit_st7789.py" not in reached  # the Display Pack's panel is a native BusDisplay
    assert {"lib/boards/%s.py" % b for b in ("picosystem", "pico_display_pack", "macropad", "badger2040")
            } <= reached
    assert {"lib/firmware/screens/menu.py", "lib/firmware/rounds/tichu.py",
            "lib/engine_core/chimera/view.py"} <= reached
