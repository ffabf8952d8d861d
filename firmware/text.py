"""A line of text as one TileGrid over the font's glyph sheet, the way CircuitPython's own
terminal draws: one byte per character cell, no per-label bitmap and no text library
(adafruit_display_text costs the board about 28 KB of heap just to import).

The font is a fontio.BuiltinFont-like object: ``bitmap`` holds every glyph as a tile of
the bounding box's size, ``get_glyph(code).tile_index`` finds it (terminalio.FONT)."""

import displayio


class Text(displayio.Group):
    """``anchor``: which point of the text sits at ``pos`` ((0, 0) top left, (1, 0) top
    right, (0.5, 0) top centre); the text grows from there as it changes."""

    def __init__(self, font, text, colour, scale, anchor, pos):
        displayio.Group.__init__(self, scale=scale)
        self.font = font
        box = font.get_bounding_box()
        self.cw = box[0]
        self.ch = box[1]
        self.anchor = anchor
        self.pos = pos
        self.palette = displayio.Palette(2)
        self.palette.make_transparent(0)
        self.palette[1] = colour
        self.grid = None  # type: displayio.TileGrid | None
        self._text = ""
        self._show(text)

    @property
    def text(self):
        return self._text

    @text.setter
    def text(self, text):
        if text != self._text:
            self._show(text)

    def _show(self, text):
        n = len(text)
        if self.grid is None or self.grid.width < n:
            if self.grid is not None:
                self.remove(self.grid)
            self.grid = displayio.TileGrid(self.font.bitmap, pixel_shader=self.palette, width=max(1, n),
                                           height=1, tile_width=self.cw, tile_height=self.ch,
                                           default_tile=self._tile(" "))
            self.append(self.grid)
        g = self.grid
        for i in range(g.width):
            g[i] = self._tile(text[i] if i < n else " ")
        self._text = text
        self._place()

    def _tile(self, ch):
        glyph = self.font.get_glyph(ord(ch))
        if glyph is None:
            glyph = self.font.get_glyph(63)  # "?"
        return glyph.tile_index

    def _place(self):
        w = len(self._text) * self.cw * self.scale
        h = self.ch * self.scale
        self.x = int(self.pos[0] - self.anchor[0] * w)
        self.y = int(self.pos[1] - self.anchor[1] * h)

    @property
    def color(self):
        return self.palette[1]

    @color.setter
    def color(self, colour):
        self.palette[1] = colour

    def move(self, pos, scale=None):
        """Place the text anew (and resize it): the big totals change scale as they grow."""
        if scale is not None:
            self.scale = scale
        self.pos = pos
        self._place()
