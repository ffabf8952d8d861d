"""Host stand-in for CircuitPython's `busdisplay` (what a board profile's make_display uses).

BusDisplay is a native type on the board; Blinka's is a Python class that drives real pins.
This one is the host's virtual panel (host_sim/panel.py) of the size asked, keeping what it
was made with: the bus, the init sequence (read as the firmware reads it, so a malformed one
fails here), the controller window and the backlight pin. It takes the firmware's keyword
arguments and no others. As on the board, supervisor.runtime.display accepts a BusDisplay
and not an instance of a Python subclass of it (host_sim/stubs/supervisor.py)."""

from host_sim.panel import VirtualPanel
from host_sim.stubs.supervisor import native_display


def init_commands(init_sequence):
    """[(command, data, delay_ms)] of an init sequence: a command byte, a count byte (bit 7:
    a delay byte follows the data; 255 means 500 ms), the data."""
    seq = bytes(init_sequence)
    out = []
    i = 0
    while i < len(seq):
        if i + 2 > len(seq):
            raise ValueError("init_sequence ends inside a command")
        n = seq[i + 1] & 0x7F
        delay = seq[i + 1] & 0x80
        end = i + 2 + n + (1 if delay else 0)
        if end > len(seq):
            raise ValueError("init_sequence ends inside a command")
        ms = (500 if seq[end - 1] == 255 else seq[end - 1]) if delay else 0
        out.append((seq[i], seq[i + 2:i + 2 + n], ms))
        i = end
    return out


@native_display
class BusDisplay(VirtualPanel):
    def __init__(self, display_bus, init_sequence, *, width, height, colstart=0, rowstart=0, rotation=0,
                 color_depth=16, grayscale=False, pixels_in_byte_share_row=True, bytes_per_cell=1,
                 reverse_pixels_in_byte=False, set_column_command=0x2A, set_row_command=0x2B,
                 write_ram_command=0x2C, backlight_pin=None, brightness_command=None, brightness=1.0,
                 single_byte_bounds=False, data_as_commands=False, auto_refresh=True,
                 native_frames_per_second=60, backlight_on_high=True, SH1107_addressing=False):
        if rotation % 90:
            raise ValueError("Display rotation must be in 90 degree increments")
        VirtualPanel.__init__(self, width, height, color_depth)
        self.bus = display_bus
        self.init_sequence = bytes(init_sequence)
        self.commands = init_commands(init_sequence)
        self.window = (colstart, rowstart)
        self.rotation = rotation
        self.backlight_pin = backlight_pin
        self.brightness = brightness
        self.auto_refresh = auto_refresh
