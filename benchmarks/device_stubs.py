"""Stand-ins for the board's native modules, so the app runs under plain MicroPython.

displayio, vectorio, terminalio, keypad, board and supervisor are C modules on the
board; here they are the smallest Python objects that honour the API the app uses,
allocating what the native ones would allocate on the heap (a TileGrid's tile bytes,
a Bitmap's pixels) and nothing else. The terminal font lives in the board's flash, so
its glyph sheet is a Bitmap without pixel storage. ``install()`` puts them in
sys.modules under their CircuitPython names. MicroPython-safe: no typing, no f-strings.
"""

import sys


class _Module:
    pass


class Group:
    def __init__(self, x=0, y=0, scale=1):
        self._items = []
        self.x = x
        self.y = y
        self.scale = scale
        self.hidden = False

    def append(self, item):
        self._items.append(item)

    def insert(self, i, item):
        self._items.insert(i, item)

    def remove(self, item):
        self._items.remove(item)

    def pop(self, i=-1):
        return self._items.pop(i)

    def __len__(self):
        return len(self._items)

    def __getitem__(self, i):
        return self._items[i]


class Bitmap:
    def __init__(self, width, height, value_count, storage=True):
        self.width = width
        self.height = height
        self._bits = 1 if value_count <= 2 else 8
        self._data = bytearray((width * height * self._bits + 7) // 8) if storage else None


class Palette:
    def __init__(self, n):
        self._colours = [0] * n
        self._transparent = [False] * n

    def __len__(self):
        return len(self._colours)

    def __getitem__(self, i):
        return self._colours[i]

    def __setitem__(self, i, colour):
        self._colours[i] = colour

    def make_transparent(self, i):
        self._transparent[i] = True

    def make_opaque(self, i):
        self._transparent[i] = False


class TileGrid:
    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=None, tile_height=None,
                 default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.x = x
        self.y = y
        self.hidden = False
        self._tiles = bytearray([default_tile] * (width * height))

    def __setitem__(self, i, tile):
        self._tiles[i] = tile

    def __getitem__(self, i):
        return self._tiles[i]


class Rectangle:
    def __init__(self, pixel_shader=None, width=1, height=1, x=0, y=0):
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.x = x
        self.y = y
        self.hidden = False


class Glyph:
    def __init__(self, tile_index):
        self.tile_index = tile_index


class Font:
    """terminalio.FONT: 6x12 cells, ASCII and the German letters, glyph sheet in flash."""

    CHARS = "".join([chr(c) for c in range(32, 127)]) + "ÄÖÜäöüß"

    def __init__(self):
        self.bitmap = Bitmap(6 * len(self.CHARS), 12, 2, storage=False)

    def get_bounding_box(self):
        return (6, 12)

    def get_glyph(self, code):
        i = self.CHARS.find(chr(code))
        return Glyph(i) if i >= 0 else None  # a fresh object per call, as on the board


class Display:
    """A panel: root_group, auto_refresh, refresh()."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.root_group = None
        self.auto_refresh = True
        self.refreshes = 0

    def refresh(self):
        self.refreshes += 1
        return True


class Event:
    def __init__(self, key_number, pressed, timestamp):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed
        self.timestamp = timestamp


class EventQueue:
    def __init__(self):
        self._events = []

    def get(self):
        return self._events.pop(0) if self._events else None


class Keys:
    def __init__(self, pins, value_when_pressed=False, pull=True):
        self.key_count = len(pins)
        self.events = EventQueue()

    def inject(self, n, pressed, timestamp):
        self.events._events.append(Event(n, pressed, timestamp))


class Board:
    """Any pin name the profile asks for."""

    board_id = "stand-in"

    def __getattr__(self, name):
        return name


def install():
    mods = {
        "displayio": {"Group": Group, "Bitmap": Bitmap, "Palette": Palette, "TileGrid": TileGrid},
        "vectorio": {"Rectangle": Rectangle},
        "terminalio": {"FONT": Font()},
        "keypad": {"Keys": Keys, "Event": Event, "EventQueue": EventQueue},
    }
    for name in mods:
        m = _Module()
        for k in mods[name]:
            setattr(m, k, mods[name][k])
        sys.modules[name] = m
    sys.modules["board"] = Board()
