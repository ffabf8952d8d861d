"""Host stand-in for CircuitPython's `supervisor`: ticks_ms from a clock the host sets, and
`runtime.display`, which refuses what the firmware refuses.

`clock` is a callable returning milliseconds; the simulator uses real time, the
headless device a virtual clock that only moves when told."""

import time

_start = time.monotonic()


def _real():
    return int((time.monotonic() - _start) * 1000)


clock = _real

# The host's stand-ins for the board's native display types (the desktop's panels, the
# busdisplay stand-in): the only types runtime.display takes besides None.
display_types: list = []


def native_display(cls):
    """Class decorator: ``cls`` stands in for a native display type (not its subclasses)."""
    display_types.append(cls)
    return cls


class Runtime:
    def __init__(self):
        self._display = None

    @property
    def display(self):
        return self._display

    @display.setter
    def display(self, display):
        # CircuitPython 10.3 (common_hal_displayio_set_primary_display, which the setter calls)
        # takes None or one of the displays its native constructors made, compared by identity:
        # an instance of a Python subclass (adafruit_st7789's ST7789 over busdisplay.BusDisplay)
        # is another object and is refused with this TypeError (issue 26). Here: exact types.
        if display is not None and type(display) not in display_types:
            raise TypeError("Display must be of type AnyDisplay or None, not %s" % type(display).__name__)
        self._display = display


runtime = Runtime()


# CircuitPython starts ticks_ms 65 s short of its wrap at 2**29, so that code that
# subtracts ticks instead of taking their difference modulo 2**29 fails soon after
# power-up, on the board and here alike (issue 26: the emulated board found a hand that
# swallowed every OK once the ticks had wrapped).
TICKS_START = (1 << 29) - 65536


def ticks_ms():
    return (clock() + TICKS_START) % (1 << 29)


def reload():
    raise SystemExit("supervisor.reload()")
