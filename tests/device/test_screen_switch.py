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
