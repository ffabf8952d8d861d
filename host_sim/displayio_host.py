"""adafruit-blinka-displayio for the host, imported quietly and in an order that works.

busdisplay must come before displayio's core (they import each other), and Blinka's
own `microcontroller` prints a warning on a PC; both happen once, here, before any
host_sim stand-in takes the CircuitPython module names. Import blinka's pieces from
this module. It also puts a `displayio.Group` in place that refuses what the board's native
one refuses (`_NativeType` below)."""

import contextlib
import io

with contextlib.redirect_stdout(io.StringIO()):
    import busdisplay  # noqa: F401
    import displayio  # noqa: F401
    import vectorio  # noqa: F401
    from displayio._area import Area  # noqa: F401
    from displayio._displaycore import _DisplayCore as DisplayCore  # noqa: F401


class _NativeType(type):
    """The metaclass of a stand-in for a type that is native (C) on CircuitPython.

    A native type has no ``__init__`` attribute there: ``displayio.Group.__init__(self, ...)``
    in a subclass raises ``AttributeError: type object 'Group' has no attribute '__init__'`` on
    the board (issue 26; ``super().__init__(...)`` is the call that works), while Blinka's
    classes are Python classes that have one. So the name is refused when it is asked of the
    class, or of a subclass that does not define it before the native type in its MRO.
    ``super()``, instance creation and Blinka's own code find ``__init__`` in the classes'
    dicts, not through this method, and keep working."""

    def __getattribute__(cls, name):
        if name == "__init__":
            for c in type.__getattribute__(cls, "__mro__"):
                if c in _NATIVE:
                    raise AttributeError("type object '%s' has no attribute '__init__'" % cls.__name__)
                if "__init__" in c.__dict__:
                    break
        return super().__getattribute__(name)


def _native(blinka_cls):
    """A subclass of ``blinka_cls`` that answers for ``__init__`` as the native type does,
    put in its module under the same name (the app reads ``displayio.Group`` when it runs)."""
    cls = _NativeType(blinka_cls.__name__, (blinka_cls,), {"__module__": displayio.__name__,
                                                            "__qualname__": blinka_cls.__name__})
    _NATIVE.add(cls)
    setattr(displayio, blinka_cls.__name__, cls)
    return cls


_NATIVE: set = set()
# The native types the app subclasses. (Not Bitmap, Palette or TileGrid: Blinka's fast
# drawing paths test ``type(x) is Bitmap`` and the like, and the app subclasses none of them.)
_native(displayio.Group)


def pygame_display_class():
    """blinka-displayio-pygamedisplay's PyGameDisplay (imports pygame, quietly)."""
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # no sound used; keeps ALSA quiet
    with contextlib.redirect_stdout(io.StringIO()):
        from blinka_displayio_pygamedisplay import PyGameDisplay
    from host_sim.stubs import supervisor

    if PyGameDisplay not in supervisor.display_types:  # the window stands in for board.DISPLAY
        supervisor.native_display(PyGameDisplay)
    return PyGameDisplay
