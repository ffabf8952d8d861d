"""adafruit-blinka-displayio for the host, imported quietly and in an order that works.

busdisplay must come before displayio's core (they import each other), and Blinka's
own `microcontroller` prints a warning on a PC; both happen once, here, before any
host_sim stand-in takes the CircuitPython module names. Import blinka's pieces from
this module."""

import contextlib
import io

with contextlib.redirect_stdout(io.StringIO()):
    import busdisplay  # noqa: F401
    import displayio  # noqa: F401
    import vectorio  # noqa: F401
    from displayio._area import Area  # noqa: F401
    from displayio._displaycore import _DisplayCore as DisplayCore  # noqa: F401


def pygame_display_class():
    """blinka-displayio-pygamedisplay's PyGameDisplay (imports pygame, quietly)."""
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # no sound used; keeps ALSA quiet
    with contextlib.redirect_stdout(io.StringIO()):
        from blinka_displayio_pygamedisplay import PyGameDisplay
    return PyGameDisplay
