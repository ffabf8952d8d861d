"""Host stand-in for CircuitPython's `storage`: mounts are not changed, calls are recorded.

As on the board, "/" starts read-only for the program (writable over USB); `remount` flips that
flag and appends to `calls`, so tests can check what boot.py asked for.
"""

calls: list[tuple] = []


class _Mount:
    def __init__(self, label="CIRCUITPY"):
        self.label = label
        self.readonly = True


_mounts = {"/": _Mount()}


def getmount(mount_path):
    try:
        return _mounts[mount_path]
    except KeyError:
        raise OSError(22, "no mount at %s" % mount_path) from None


def remount(mount_path, readonly=False, *, disable_concurrent_write_protection=False):
    getmount(mount_path).readonly = readonly
    calls.append(("remount", mount_path, readonly, disable_concurrent_write_protection))


def disable_usb_drive():
    calls.append(("disable_usb_drive",))


def enable_usb_drive():
    calls.append(("enable_usb_drive",))


def reset():
    """Back to the power-up state (between tests)."""
    del calls[:]
    for m in _mounts.values():
        m.readonly = True
