"""Host stand-in for CircuitPython's `fourwire` (what a board profile's make_display uses).

Blinka's FourWire drives real pins through its digitalio; this one keeps what it was made
with and what was sent on it, and drives nothing."""


class FourWire:
    def __init__(self, spi_bus, *, command=None, chip_select=None, reset=None, baudrate=24000000,
                 polarity=0, phase=0):
        self.spi_bus = spi_bus
        self.pins = {"command": command, "chip_select": chip_select, "reset": reset}
        self.baudrate = baudrate
        self.sent = []  # (command, data) of every send()

    def reset(self):
        pass

    def send(self, command, data, *, toggle_every_byte=False):
        if not 0 <= command <= 255:
            raise ValueError("command must be 0-255")
        self.sent.append((command, bytes(data)))
