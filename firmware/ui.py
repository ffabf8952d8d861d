"""Drawing helpers over displayio that adapt to the panel: size, colour or black/white,
light (e-paper) or dark. Screens place text on a character grid (``cols`` x ``rows`` of
the body text) and ask for big numbers scaled to the room they have; nothing here or in
the screens knows which board it runs on.
"""

import displayio
import terminalio
import vectorio

from firmware.text import Text

# What to write when the board's font lacks a letter (CircuitPython's built-in font only
# holds the characters of the language the firmware was built for).
FALLBACK = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"}

# (background, text, bar, text on bar, title bar, highlight, warning)
DARK = (0x000000, 0xFFFFFF, 0x1F5FB0, 0xFFFFFF, 0x303A48, 0xFFC02A, 0xFF5A4A)
MONO = (0x000000, 0xFFFFFF, 0xFFFFFF, 0x000000, 0xFFFFFF, 0xFFFFFF, 0xFFFFFF)
PAPER = (0xFFFFFF, 0x000000, 0x000000, 0xFFFFFF, 0x000000, 0x000000, 0x000000)


BODY_MM = 2.6  # body text height on the glass, like print read at arm's length


class Ui:
    """``px_per_mm``: the panel's pixel density, which sets the body text scale."""

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
        theme = PAPER if paper else (DARK if self.colour else MONO)
        self.bg, self.fg, self.bar, self.on_bar, self.title_bg, self.hi, self.warn = theme
        self._palettes = {}
        self._fits = {}

    # -- text ---------------------------------------------------------------------------

    def fit(self, text):
        """``text`` with the letters the font lacks spelled out (ä -> ae)."""
        for ch in text:
            if ord(ch) > 126:
                return "".join([self._char(c) for c in text])
        return text

    def _char(self, c):
        if ord(c) <= 126:
            return c
        r = self._fits.get(c)
        if r is None:
            r = c if self.font.get_glyph(ord(c)) is not None else FALLBACK.get(c, "?")
            self._fits[c] = r
        return r

    def label(self, group, text, x, y, scale=0, colour=None, anchor=(0.0, 0.0)):
        lab = Text(self.font, self.fit(text), self.fg if colour is None else colour, scale or self.s,
                   anchor, (x, y))
        group.append(lab)
        return lab

    def set(self, lab, text, colour=None):
        t = self.fit(text)
        if lab.text != t:
            lab.text = t
        if colour is not None and lab.color != colour:
            lab.color = colour

    def big_scale(self, chars, width, height):
        """The largest text scale at which ``chars`` characters fit ``width`` x ``height``."""
        s = min(width // max(1, chars * self.cw), height // self.ch)
        return s if s > 0 else 1

    def pad(self, text, width=0):
        """``text`` cut or padded with spaces to ``width`` body columns (default: all)."""
        n = width or self.cols
        return text[:n] + " " * (n - len(text))

    # -- shapes -------------------------------------------------------------------------

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

    def background(self, group):
        if self.bg != 0x000000:  # dark panels start black anyway
            self.rect(group, 0, 0, self.w, self.h, self.bg)

    def title(self, group, text, right=""):
        """A title bar in the first row; returns (left label, right label)."""
        self.rect(group, 0, 0, self.w, self.lh + self.s, self.title_bg)
        colour = self.fg if self.colour else self.bg
        left = self.label(group, text, self.s * 2, self.s, colour=colour)
        r = self.label(group, right, self.w - self.s * 2, self.s, colour=colour, anchor=(1.0, 0.0))
        return left, r
