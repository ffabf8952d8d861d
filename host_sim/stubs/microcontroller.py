"""Host stand-in for CircuitPython's `microcontroller` (what the firmware uses of it).

`nvm` behaves like the RP2040's: 4096 bytes, erased to 0xFF, slices read as bytearray, slice
assignment of the same length only. Give it a file (`use_nvm(path=...)`, or the environment variable
HOST_SIM_NVM before the first import) and every write is saved there, so a restarted simulator finds
its match again. `erases` counts the writes that the RP2040 port performs with a 4 KB sector erase
(some target byte not 0xFF), so tests can see how often a real board would erase.
"""

import os

NVM_SIZE = 4096  # CircuitPython's raspberrypi port: one flash sector


class NVM:
    def __init__(self, size=NVM_SIZE, path=None):
        self.path = path
        self._mem = bytearray(b"\xff" * size)
        self.writes = 0
        self.erases = 0
        if path and os.path.exists(path):
            with open(path, "rb") as f:
                data = f.read(size)
            self._mem[:len(data)] = data

    def __len__(self):
        return len(self._mem)

    def __getitem__(self, index):
        return self._mem[index]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self._mem))
            if step != 1:
                raise NotImplementedError("only contiguous slices")
            value = bytes(value)
            if len(value) != stop - start:
                raise ValueError("Slice and value different lengths.")
        else:
            start, stop = index, index + 1
            if not 0 <= start < len(self._mem):
                raise IndexError("index out of range")
        if self._mem[start:stop] != b"\xff" * (stop - start):
            self.erases += 1
        self._mem[index] = value
        self.writes += 1
        self._save()

    def _save(self):
        if not self.path:
            return
        tmp = self.path + ".tmp"  # the host file itself is replaced atomically
        with open(tmp, "wb") as f:
            f.write(self._mem)
        os.replace(tmp, self.path)


nvm = NVM(path=os.environ.get("HOST_SIM_NVM") or None)


def use_nvm(size=NVM_SIZE, path=None):
    """Start over with a fresh (or file-backed) nvm; returns it."""
    global nvm
    nvm = NVM(size, path)
    return nvm


class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board.%s" % self.name


class _Processor:
    frequency = 125_000_000
    temperature = 27.0
    voltage = 3.3
    uid = bytearray(b"\x00host-sim")
    reset_reason = None


cpu = _Processor()
cpus = (cpu, cpu)


class RunMode:
    NORMAL = "NORMAL"
    SAFE_MODE = "SAFE_MODE"
    BOOTLOADER = "BOOTLOADER"
    UF2 = "UF2"


next_run_mode = RunMode.NORMAL


def on_next_reset(run_mode):
    global next_run_mode
    next_run_mode = run_mode


class Reset(SystemExit):
    """Raised by reset(): on the host a reset ends the program."""


def reset():
    raise Reset("microcontroller.reset()")


def delay_us(delay):
    pass


def disable_interrupts():
    pass


def enable_interrupts():
    pass
