"""Host stand-in for CircuitPython's `supervisor`: ticks_ms from a clock the host sets.

`clock` is a callable returning milliseconds; the simulator uses real time, the
headless device a virtual clock that only moves when told."""

import time

_start = time.monotonic()


def _real():
    return int((time.monotonic() - _start) * 1000)


clock = _real
runtime = None


def ticks_ms():
    return clock() % (1 << 29)


def reload():
    raise SystemExit("supervisor.reload()")
