# Drawing on the panel, whatever its size, colour depth or light (e-paper) or dark theme:
# the theme and text metrics (Ui), a line of text (Text) and the base of every screen
# (Screen); the scrolling list with a focus bar is firmware/screens/rowlist.py (the dealt hand and
# table do without it). Screens place text on a character grid (``cols`` x ``rows`` of
# body text) and ask for big numbers scaled to the room they have; nothing here or in the
# screens knows which board it runs on.
#
# One module rather than three: each module costs the board heap of its own, and these
# parts are always in use together.

import displayio
import terminalio
import vectorio

from firmware.keys import CCW, CW, DOWN, UP

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

# What to write when the board's font lacks a letter (CircuitPython's built-in font only
# holds the characters of the language the firmware was built for): each letter, then its
# two. One string, not a dict: the board keeps no name for each of these short texts.
_FALLBACK = const("äaeöoeüueÄAeÖOeÜUeßss")

# (background, text, bar, text on bar, title bar, highlight, warning)
_DARK = const((0x000000, 0xFFFFFF, 0x1F5FB0, 0xFFFFFF, 0x303A48, 0xFFC02A, 0xFF5A4A))
_MONO = const((0x000000, 0xFFFFFF, 0xFFFFFF, 0x000000, 0xFFFFFF, 0xFFFFFF, 0xFFFFFF))
PAPER = (0xFFFFFF, 0x000000, 0x000000, 0xFFFFFF, 0x000000, 0x000000, 0x000000)

BODY_MM = 2.6  # body text height on the glass, like print read at arm's length


class Ui:
    # ``px_per_mm``: the panel's pixel density, which sets the body text scale.

    def __init__(self, width, height, depth, paper=False, px_per_mm=4.0, font=None):
        self.w = width
        self.h = height
        self.colour = depth >= 8 and not paper
        self.font = font if font is not None else terminalio.FONT
        box = self.font.get_bounding_box()
        self.cw = box[0]
        self.ch = box[1]
        self.s = max(1, int(BODY_MM * px_per_mm / self.ch + 0.5))
        # Line height: a pixel of air per scale step, except on tiny panels (5 rows on 64 px).
        self.lh = self.ch * self.s + (self.s if height >= 100 else 0)
        self.cols = width // (self.cw * self.s)
        self.rows = height // self.lh
        theme = PAPER if paper else (_DARK if self.colour else _MONO)
        self.bg, self.fg, self.bar, self.on_bar, self.title_bg, self.hi, self.warn = theme
        self._palettes = {}
        self._fits = {}

    def fit(self, text):
        # ``text`` with the letters the font lacks spelled out (ä -> ae).
        for ch in text:
            if ord(ch) > 126:
                return "".join([self._char(c) for c in text])
        return text

    def _char(self, c):
        if ord(c) <= 126:
            return c
        r = self._fits.get(c)
        if r is None:
            i = _FALLBACK.find(c)
            r = c if self.font.get_glyph(ord(c)) is not None else _FALLBACK[i + 1:i + 3] if i >= 0 else "?"
            self._fits[c] = r
        return r

    def label(self, group, text, x, y, scale=0, colour=None, anchor=(0.0, 0.0)):
        lab = Text(self.font, self.fit(text), self.fg if colour is None else colour, scale or self.s,
                   anchor, (x, y))
        group.append(lab)
        return lab

    def set(self, label, text, colour=None):
        label.text = self.fit(text)
        if colour is not None and label.color != colour:
            label.color = colour

    def big_scale(self, chars, width, height):
        # The largest text scale at which ``chars`` characters fit ``width`` x ``height``.
        s = min(width // max(1, chars * self.cw), height // self.ch)
        return s if s > 0 else 1

    def palette(self, colour):
        p = self._palettes.get(colour)
        if p is None:
            p = displayio.Palette(1)
            p[0] = colour
            self._palettes[colour] = p
        return p

    def rect(self, group, x, y, w, h, colour):
        r = vectorio.Rectangle(pixel_shader=self.palette(colour), width=w, height=h, x=x, y=y)
        group.append(r)
        return r

    def layer(self, group):
        # An empty group on top of what ``group`` holds so far: what goes into it later
        # still lies below what is added to ``group`` after it.
        g = displayio.Group()
        group.append(g)
        return g

    def background(self, group):
        if self.bg != 0x000000:  # dark panels start black anyway
            self.rect(group, 0, 0, self.w, self.h, self.bg)

    def title(self, group, text, right=""):
        # A title bar in the first row; returns (left label, right label).
        self.rect(group, 0, 0, self.w, self.lh + self.s, self.title_bg)
        colour = self.fg if self.colour else self.bg
        left = self.label(group, text, self.s * 2, self.s, colour=colour)
        r = self.label(group, right, self.w - self.s * 2, self.s, colour=colour, anchor=(1.0, 0.0))
        return left, r

    def top(self):
        # The first pixel row below the title bar.
        return self.lh + self.s * 2


# font -> the tile of each ASCII code (a byte each); colour -> the palette of text in that
# colour (0 transparent), shared by every Text
_TILE_MAPS = {}  # type: dict
_TEXT_PALETTES = {}  # type: dict


def text_palette(colour):
    # One palette per text colour for every Text: a palette each costs the board about
    # 100 bytes a label, and a screen has up to 30 of them.
    p = _TEXT_PALETTES.get(colour)
    if p is None:
        p = displayio.Palette(2)
        p.make_transparent(0)
        p[1] = colour
        _TEXT_PALETTES[colour] = p
    return p


def tile_map(font):
    # The glyph sheet's tile of every ASCII character, looked up once per font: asking the
    # font for each character of each text allocates a Glyph every time on the board.
    m = _TILE_MAPS.get(font)
    if m is None:
        m = bytearray(127)
        for o in range(127):
            m[o] = tile_of(font, o if o >= 32 else 63)
        _TILE_MAPS[font] = m
    return m


def tile_of(font, o):
    # The glyph sheet's tile of character code ``o`` ("?" where the font has none).
    glyph = font.get_glyph(o)
    if glyph is None:
        glyph = font.get_glyph(63)
    return glyph.tile_index


def text_grid(font, n, pixel_shader):
    # A line of ``n`` (at least one) character cells over the font's glyph sheet, blank.
    cw, ch = font.get_bounding_box()[:2]
    return displayio.TileGrid(font.bitmap, pixel_shader=pixel_shader, width=max(1, n), height=1,
                              tile_width=cw, tile_height=ch, default_tile=tile_map(font)[32])


def write_text(grid, font, text):
    # ``text`` into the cells of ``grid``, blank after it.
    tiles = tile_map(font)
    n = len(text)
    for i in range(grid.width):
        o = ord(text[i]) if i < n else 32
        grid[i] = tiles[o] if o < 127 else tile_of(font, o)


class Text(displayio.Group):
    # A line of text as one TileGrid over the font's glyph sheet, the way CircuitPython's
    # own terminal draws it: a byte per character cell, no bitmap per label and no text
    # library (adafruit_display_text costs the board about 28 KB of heap to import).
    # ``anchor``: which point of the text sits at ``pos`` ((0, 0) top left, (1, 0) top
    # right, (0.5, 0) top centre); the text grows from there as it changes.

    # Each label holds only what differs from these (a label costs the board heap per
    # attribute): the body font and a top-left anchor are the class's.
    font = terminalio.FONT
    anchor = (0.0, 0.0)

    def __init__(self, font, text, colour, scale, anchor, pos):
        super().__init__(scale=scale)  # (a native type: displayio.Group has no __init__ to call)
        if font is not Text.font:
            self.font = font
        if anchor != Text.anchor:
            self.anchor = anchor
        self.pos = pos
        self.grid = text_grid(self.font, len(text), text_palette(colour))
        self.append(self.grid)
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
        g = self.grid
        if g.width < n:
            self.remove(g)
            g = text_grid(self.font, n, g.pixel_shader)
            self.grid = g
            self.append(g)
        write_text(g, self.font, text)
        self._text = text
        self._place()

    def _place(self):
        box = self.font.get_bounding_box()
        self.x = int(self.pos[0] - self.anchor[0] * len(self._text) * box[0] * self.scale)
        self.y = int(self.pos[1] - self.anchor[1] * box[1] * self.scale)

    @property
    def color(self):
        return self.grid.pixel_shader[1]

    @color.setter
    def color(self, colour):
        self.grid.pixel_shader = text_palette(colour)

    def move(self, pos, scale=None):
        # Place the text anew (and resize it): the big totals change scale as they grow.
        if scale is not None:
            self.scale = scale
        self.pos = pos
        self._place()


class Screen:
    # A small class that builds a displayio group when shown, updates its texts after
    # each key, and lets go of its display objects when it leaves. The app keeps only the
    # screen on top alive: the ones below are rebuilt from (module, class, arguments) and
    # the small state their ``keep()`` returned, and a screen that opened another gets
    # its answer through ``resume(result)``.

    # What a clockwise encoder turn means here: the next row in lists, "more" in forms.
    TURN = DOWN
    # The attributes build() fills with display objects; leave() lets go of them.
    WIDGETS = ()  # type: tuple[str, ...]

    def __init__(self, app):
        self.app = app
        self.group = None

    def t(self, text):
        return self.app.t(text)

    def enter(self):
        self.group = displayio.Group()
        self.app.ui.background(self.group)
        self.build(self.app.ui, self.group)
        self.draw()
        return self.group

    def leave(self):
        self.group = None
        for name in self.WIDGETS:
            setattr(self, name, None)

    def handle(self, k):
        if k == CW:
            k = self.TURN
        elif k == CCW:
            k = UP if self.TURN == DOWN else DOWN
        self.key(k)

    # -- to override ------------------------------------------------------------------

    def build(self, ui, group):
        # Create the display objects (kept in the attributes named by WIDGETS).
        pass

    def draw(self):
        # Bring the texts up to date with the model.
        pass

    def key(self, k):
        # React to one logical key.
        pass

    def keep(self):
        # What this screen needs to come back as it was after another covered it.
        return None

    def restore(self, state):
        # Take back what keep() returned.
        pass

    def resume(self, result):
        # The answer of the screen this one opened (app.back(result)).
        pass
