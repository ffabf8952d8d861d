"""Host stand-in for CircuitPython's `terminalio`: FONT, the built-in 6x12 terminal font,
as the board has it: one Bitmap holding every glyph as a tile (``bitmap``) and
``get_glyph(code).tile_index`` into it. Built from the same Terminus BDF that
adafruit-blinka-displayio ships (CircuitPython's built-in font is Terminus 12 too).

CircuitPython builds its font with the characters its translation needs; this one has
ASCII alone, like the English builds the boards run (../shared/tools/circuitpython, and the
frozen UF2s made from them): the app spells "ä" as "ae" there (firmware/ui.py Ui.fit), and the
emulated PicoSystem drew "Bot-Staerke" where this font, with the German letters, had drawn
"Bot-Stärke". ``Font(chars)`` makes one with other characters (``ASCII + GERMAN``: a German
build)."""

import os

from displayio import Bitmap

import host_sim.displayio_host  # noqa: F401  (blinka's displayio first)

ASCII = "".join(chr(c) for c in range(0x20, 0x7F))
GERMAN = "ÄÖÜäöüß"


class Glyph:
    def __init__(self, bitmap, tile_index, width, height, dx, dy, shift_x, shift_y):
        self.bitmap = bitmap
        self.tile_index = tile_index
        self.width = width
        self.height = height
        self.dx = dx
        self.dy = dy
        self.shift_x = shift_x
        self.shift_y = shift_y


class Font:
    def __init__(self, chars=ASCII):
        import fontio
        from adafruit_bitmap_font import bitmap_font

        bdf = bitmap_font.load_font(os.path.join(os.path.dirname(fontio.__file__), fontio.DEFAULT_FONT))
        w, h, x_off, y_off = bdf.get_bounding_box()
        self._box = (w, h)
        bdf.load_glyphs(chars)
        self.bitmap = Bitmap(w * len(chars), h, 2)
        self._glyphs = {}
        for i, ch in enumerate(chars):
            g = bdf.get_glyph(ord(ch))
            if g is None:
                continue
            top = (h + y_off) - (g.height + g.dy)  # glyph rows below the cell's top
            left = g.dx - x_off
            for y in range(g.height):
                for x in range(g.width):
                    if g.bitmap[x, y] and 0 <= left + x < w and 0 <= top + y < h:
                        self.bitmap[i * w + left + x, top + y] = 1
            self._glyphs[ord(ch)] = Glyph(self.bitmap, i, w, h, 0, y_off, w, 0)

    def get_bounding_box(self):
        return self._box

    def get_glyph(self, codepoint):
        return self._glyphs.get(codepoint)


FONT = Font()
