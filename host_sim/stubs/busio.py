"""Host stand-in for CircuitPython's `busio` (I2C, only what a profile's make_i2c and
adafruit_fram need; SPI, only what a profile's make_display needs: a bus that sends nowhere).

Blinka installs a `busio` of its own that looks for real hardware on the PC; this one is a
bus with nothing on it until a chip is attached (`attach(address, chip)`, module-wide like
the wires of a board): the serial stand-in board (host_sim/serial_board.py) attaches its
file-backed FRAM here."""

_chips: dict = {}  # I2C address -> chip on the wires


def attach(address, chip):
    _chips[address] = chip


def detach_all():
    _chips.clear()


class I2C:
    def __init__(self, scl=None, sda=None, *, frequency=100000, timeout=255):
        self.pins = (scl, sda)
        self.frequency = frequency
        self._locked = False

    def try_lock(self):
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        self._locked = False

    def scan(self):
        return sorted(_chips)

    def chip(self, address):
        """The chip answering at ``address``, or None (host only: adafruit_fram's stand-in asks)."""
        return _chips.get(address)

    def deinit(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()


class SPI:
    def __init__(self, clock, MOSI=None, MISO=None, half_duplex=False):
        self.pins = (clock, MOSI, MISO)

    def deinit(self):
        pass
