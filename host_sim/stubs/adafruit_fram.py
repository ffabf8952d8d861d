"""Host stand-in for the adafruit_fram library: `FRAM_I2C` over a chip on the host's I2C
stand-in (host_sim/stubs/busio.py), and `FileFRAM`, a chip whose cells are a file.

FRAM_I2C keeps the library's (1.3.x) behaviour where firmware could trip over it: the size
is always 32 KB, a slice read returns a bytearray of exactly stop - start bytes, an int
index reads a bytearray of one byte, slice writes take bytes, bytearray, list or tuple and
refuse open-ended slices. Nothing answering at the address raises ValueError, as
adafruit_bus_device does when no device acknowledges."""

import os

SIZE = 0x8000  # the library's _MAX_SIZE_I2C, whatever the chip


class FileFRAM:
    """An FRAM chip kept in ``path`` (created zeroed, as chips usually come from the factory,
    so the firmware sees memory it never wrote). Every write is saved at once."""

    def __init__(self, path, size=SIZE):
        self.path = path
        self.mem = bytearray(size)
        if os.path.exists(path):
            with open(path, "rb") as f:
                data = f.read(size)
            self.mem[:len(data)] = data
        else:
            self._save()

    def read(self, address, n):
        return bytearray(self.mem[address:address + n])

    def write(self, address, data):
        self.mem[address:address + len(data)] = bytes(data)
        self._save()

    def _save(self):
        tmp = self.path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(self.mem)
        os.replace(tmp, self.path)


class FRAM_I2C:
    def __init__(self, i2c_bus, address=0x50, write_protect=False, wp_pin=None):
        chip = i2c_bus.chip(address)
        if chip is None:
            raise ValueError("No I2C device at address: 0x%x" % address)
        self._chip = chip
        self.write_protected = write_protect
        self.write_wraparound = False

    def __len__(self):
        return SIZE

    def __getitem__(self, address):
        if isinstance(address, int):
            if not 0 <= address < SIZE:
                raise ValueError("Address '%d' out of range." % address)
            return self._chip.read(address, 1)
        if address.step is not None:
            raise ValueError("Slice stepping is not currently available.")
        start = 0 if address.start is None else address.start
        stop = SIZE if address.stop is None else address.stop
        if start < 0 or stop > SIZE:
            raise ValueError("Address slice out of range.")
        return self._chip.read(start, max(0, stop - start))

    def __setitem__(self, address, value):
        if self.write_protected:
            raise RuntimeError("FRAM currently write protected.")
        if isinstance(address, int):
            if not isinstance(value, int):
                raise ValueError("Data stored in an address must be an integer 0-255")
            if not 0 <= address < SIZE:
                raise ValueError("Address '%d' out of range." % address)
            self._chip.write(address, bytes((value,)))
            return
        if not isinstance(value, (bytes, bytearray, list, tuple)):
            raise ValueError("Data must be bytes, bytearray, list, or tuple for multiple addresses")
        if address.start is None or address.stop is None:
            raise ValueError("Boundless slices are not supported")
        if address.step not in (None, 1):
            raise ValueError("Slice stepping is not currently available.")
        if address.start < 0 or address.stop > SIZE:
            raise ValueError("Slice '%d:%d' out of range." % (address.start, address.stop))
        if len(value) < address.stop - address.start:
            raise ValueError("Cannot set values with a list smaller than the number of indexes")
        # The library writes all of ``value`` from the start address, even past the slice.
        if address.start + len(value) > SIZE:
            raise ValueError("Starting address + data length extends beyond FRAM maximum address.")
        self._chip.write(address.start, bytes(value))
