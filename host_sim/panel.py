"""A virtual panel in place of the board's display driver: same size and colour depth,
the same displayio API the app uses (root_group, auto_refresh, refresh(),
time_to_refresh), drawn by adafruit-blinka-displayio's own compositor.

A screenshot renders the whole group tree through a blinka ``_DisplayCore`` in the
panel's colour space (RGB565, or 1-bit grey for the OLED and e-paper, thresholded as
the real controllers are) into RGB bytes, no window and no display server needed.
Rendering happens when a picture is asked for, not at every refresh (the tests press
hundreds of keys); callers first wait until the app has refreshed its latest change
(host_sim.device.Device.settle), so the picture is what the last refresh put on the
glass. An e-paper panel refuses a refresh sooner than its minimum interval, as
CircuitPython's does, and ``refresh_times`` lets tests check the batching.
"""

import contextlib
import io

from host_sim.displayio_host import Area, DisplayCore
from host_sim.stubs.supervisor import native_display


@native_display  # it stands in for the board's own display (board.DISPLAY), a native type
class VirtualPanel:
    def __init__(self, width, height, depth=16, min_refresh_ms=0, clock=None):
        self.width = width
        self.height = height
        self.depth = depth
        self.min_refresh_ms = min_refresh_ms
        self.clock = clock
        self.auto_refresh = True
        self.refreshes = 0
        self.refresh_times = []
        self.last_refresh = None
        grey = depth < 8
        self._core = DisplayCore(
            bus=None, width=width, height=height, ram_width=0x100, ram_height=0x100, colstart=0,
            rowstart=0, rotation=0, color_depth=1 if grey else 16, grayscale=grey,
            pixels_in_byte_share_row=True, bytes_per_cell=1, reverse_pixels_in_byte=False,
            reverse_bytes_in_word=False, column_command=0x2A, row_command=0x2B,
            set_current_column_command=0, set_current_row_command=0, data_as_commands=False,
            always_toggle_chip_select=False, sh1107_addressing=False, address_little_endian=False)

    @property
    def root_group(self):
        return self._core.current_group

    @root_group.setter
    def root_group(self, group):
        if not self._core.set_root_group(group):
            raise ValueError("Group already used")

    @property
    def time_to_refresh(self):
        if not self.min_refresh_ms or self.last_refresh is None:
            return 0.0
        # the clock is supervisor.ticks_ms, which wraps at 2**29 (a minute after power-up)
        left = self.min_refresh_ms - (self.clock() - self.last_refresh) % (1 << 29)
        return max(0, left) / 1000

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        if self.time_to_refresh > 0:
            raise RuntimeError("Refresh too soon")
        self.refreshes += 1
        self.last_refresh = self.clock() if self.clock else 0
        self.refresh_times.append(self.last_refresh)
        return True

    def render(self):
        """The group tree as RGB bytes, now."""
        w, h = self.width, self.height
        grey = self.depth < 8
        buf = memoryview(bytearray(w * h // 8 + 4 if grey else w * h * 2))
        mask = memoryview(bytearray((w * h // 32 + 1) * 4)).cast("I")
        with contextlib.redirect_stdout(io.StringIO()):
            self._core.fill_area(Area(0, 0, w, h), mask, buf)
        raw = bytes(buf)
        out = bytearray(w * h * 3)
        if grey:
            for i in range(w * h):
                if raw[i >> 3] >> (i & 7) & 1:
                    out[3 * i:3 * i + 3] = b"\xff\xff\xff"
            return bytes(out)
        for i in range(w * h):
            v = raw[2 * i] | raw[2 * i + 1] << 8
            out[3 * i] = (v >> 11 & 31) * 255 // 31
            out[3 * i + 1] = (v >> 5 & 63) * 255 // 63
            out[3 * i + 2] = (v & 31) * 255 // 31
        return bytes(out)

    def png(self):
        from host_sim.png import encode
        return encode(self.width, self.height, self.render())
