"""Host stand-in for CircuitPython's `board`, with the pin names of a real board.

`use(board_id)` fills this module with that board's pins, read from the board
definitions in circuitpython-stubs (the same names CircuitPython has on the device),
so a profile's make_keys() runs unchanged against the right pin names; a name the
board lacks raises AttributeError as on the device. The board's default I2C buses
(`I2C()`, `STEMMA_I2C()`, where its definition has them) are singletons of the host
`busio` stand-in. DISPLAY is left out: the simulator swaps the display for a virtual
panel."""

import os
import re
import sys

board_id = None
_pins = []
_BUSES = ("I2C", "STEMMA_I2C")


def _definition(bid):
    import board_definitions  # installed with circuitpython-stubs

    for root in board_definitions.__path__:
        path = os.path.join(root, bid, "__init__.pyi")
        if os.path.exists(path):
            with open(path) as f:
                return f.read()
    raise ValueError("no CircuitPython board definition for %s" % bid)


def use(bid):
    """Make this module look like `board` on ``bid`` (e.g. "pimoroni_picosystem")."""
    from host_sim.stubs.microcontroller import Pin

    global board_id
    me = sys.modules[__name__]
    for name in _pins:
        delattr(me, name)
    _pins.clear()
    for name in _BUSES:
        if hasattr(me, name):
            delattr(me, name)
    definition = _definition(bid)
    for m in re.finditer(r"^([A-Z][A-Z0-9_]*): microcontroller\.Pin", definition, re.M):
        setattr(me, m.group(1), Pin(m.group(1)))
        _pins.append(m.group(1))
    for name in _BUSES:
        if re.search(r"^def %s\(" % name, definition, re.M):
            setattr(me, name, _singleton_bus())
    board_id = bid
    return _pins


def _singleton_bus():
    bus: list = []

    def make():
        # Like CircuitPython's board.I2C(): one object, default settings, however often asked.
        if not bus:
            from host_sim.stubs.busio import I2C

            bus.append(I2C())
        return bus[0]

    return make
