"""A change of screen lets the last screen's objects go before the next screen's code loads
(firmware/app.py App._start, Panel.leave): the display no longer holds the old group, so
the heap it took is free for the import (on the board, 2.5-6 KB at each switch)."""

import builtins

from firmware.keys import OK
from host_sim.device import Device


def test_the_display_holds_no_screen_while_the_next_ones_code_loads(monkeypatch):
    dev = Device("picosystem")
    app = dev.app
    shown = app.panel.display.root_group
    assert shown is app.screen.group  # the menu
    seen = []
    real = builtins.__import__

    def spy(name, *args, **kw):
        if name.startswith("firmware.screens."):
            seen.append((name, app.panel.display.root_group))
        return real(name, *args, **kw)

    monkeypatch.setattr(builtins, "__import__", spy)
    dev.press(OK)
    monkeypatch.setattr(builtins, "__import__", real)
    assert seen and all(group is app.panel.group for _, group in seen), seen
    assert app.panel.display.root_group is app.screen.group is not shown  # the new screen, shown


def test_dropping_modules_by_whole_name_needs_no_list_of_every_module(monkeypatch):
    # A journal write that ran out of heap drops the journal's code next (App.record): by
    # whole names that needs no heap for a list of sys.modules; a prefix ("firmware.screens.")
    # still drops every module it begins, and its package forgets it too.
    import builtins
    import sys
    import types

    from firmware import install

    pkg = types.ModuleType("dropme")
    for name in ("dropme", "dropme.a", "dropme.b_x", "dropme.c"):
        sys.modules[name] = types.ModuleType(name)
    sys.modules["dropme"] = pkg
    pkg.a = sys.modules["dropme.a"]
    real = builtins.list

    def no_list(*args):  # the heap has no room for a list of every module
        if args and args[0] is sys.modules:
            raise MemoryError("memory allocation failed, allocating 256 bytes")
        return real(*args)

    monkeypatch.setattr(builtins, "list", no_list)
    install.drop(("dropme.a", "dropme.none"))
    monkeypatch.setattr(builtins, "list", real)
    assert "dropme.a" not in sys.modules and not hasattr(pkg, "a")
    install.drop(("dropme.b_",))
    assert "dropme.b_x" not in sys.modules and "dropme.c" in sys.modules
    for name in ("dropme", "dropme.c"):
        del sys.modules[name]
