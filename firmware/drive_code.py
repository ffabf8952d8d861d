# The drive's code.py. make deploy (host_sim/deploy.py) copies this file to /code.py once and
# then leaves it alone: a deploy switches apps by writing a folder's manifest, never by
# rewriting code.py (each rewrite of a file is a window in which a cut can tear it).
#
# The app lives in /app_a or /app_b. Deploy writes a folder's files first and its
# manifest.txt last: "app GEN", then "SIZE CRC32 PATH" per file, then "end CRC32" of all the
# lines before. A folder is complete when its manifest is whole (its own CRC matches) and
# every file it names reads back with the size and CRC it names; the newest complete folder
# runs. The files' CRCs, not only their sizes: a cut while the FAT's sector is rewritten can
# leave a complete folder's files their sizes and other bytes (make deploy-cuts counts how
# often sizes alone would run such a folder: 12 of 20,196 cut points). Neither
# complete: one screen says so and the board waits. The match is in the nvm or the FRAM,
# which deploy never writes.
#
# Module level holds only definitions: the cut sweep (benchmarks/deploy_cuts.py) runs this
# file's choose() on a modelled drive, as the board would.

import os

SLOTS = ("app_a", "app_b")
MANIFEST = "manifest.txt"
INCOMPLETE = "App incomplete: run make deploy again; your match is safe"
# The Pico Display Pack's panel, as boards/pico_display_pack_panel.py builds it (adafruit_st7789's
# init sequence, bgr, inverted): a plain Pico has no board.DISPLAY.
DISPLAY_PACK_PINS = (18, 19, 16, 17, 20)  # GP numbers of SCK, MOSI, DC, CS and the backlight
ST7789_INIT = (b"\x01\x80\x96\x11\x80\xff\x3a\x81\x55\x0a\x36\x01\x08\x13\x80\x0a\x29\x80\xff"
               b"\x36\x01\xc0\x21\x00")


try:
    from binascii import crc32
except ImportError:
    from zlib import crc32  # type: ignore[no-redef]


def _crc32(data):
    return crc32(data) & 0xFFFFFFFF


def file_crc(path, buf):
    # (size, CRC-32) of the file at ``path``, read through ``buf`` (a whole file would need
    # its size in one piece of the heap).
    value = 0
    size = 0
    with open(path, "rb") as f:
        while True:
            n = f.readinto(buf)
            if not n:
                return size, value & 0xFFFFFFFF
            value = crc32(buf if n == len(buf) else memoryview(buf)[:n], value)
            size += n


def manifest_lines(data):
    # The lines of a whole manifest between its "app GEN" and "end CRC" lines (bytes, the
    # first being "app GEN"), or None when it is torn, cut short or not one.
    end = data.rfind(b"end ")
    if end <= 0 or data[end - 1:end] != b"\n" or len(data) != end + 13 or data[-1:] != b"\n":
        return None
    try:
        want = int(data[end + 4:end + 12], 16)
    except ValueError:
        return None
    if _crc32(data[:end]) != want or not data.startswith(b"app "):
        return None
    return data[:end - 1].split(b"\n")


def read_manifest(root, slot):
    # (generation, [b"SIZE CRC PATH"]) of the folder's manifest when it is whole, else None.
    try:
        with open(root + "/" + slot + "/" + MANIFEST, "rb") as f:
            lines = manifest_lines(f.read())
        if lines is not None:
            return int(lines[0][4:]), lines[1:]
    except (OSError, ValueError):
        pass
    return None


def files_whole(top, entries, contents=True):
    # Whether every file the manifest's ``entries`` name under ``top`` has its size and CRC.
    # ``contents`` False: the sizes alone (make deploy-cuts measures what that lets through).
    buf = bytearray(512)
    try:
        for line in entries:
            size, crc, path = line.split(b" ", 2)
            name = top + "/" + path.decode()
            if contents:
                if file_crc(name, buf) != (int(size), int(crc, 16)):
                    return False
            elif os.stat(name)[6] != int(size):
                return False
    except (OSError, ValueError):
        return False
    return True


def generation(root, slot, contents=True):
    # The folder's generation when it is complete (above), else -1.
    found = read_manifest(root, slot)
    return found[0] if found is not None and files_whole(root + "/" + slot, found[1], contents) else -1


def choose(root="", contents=True):
    # The newest complete app folder on the drive mounted at ``root`` ("" on the board), or
    # None. The newer manifest's folder is read first: the other only when it is not whole.
    found = []
    for slot in SLOTS:
        m = read_manifest(root, slot)
        if m is not None:
            found.append((m[0], slot, m[1]))
    found.sort(reverse=True)
    for _, slot, entries in found:
        if files_whole(root + "/" + slot, entries, contents):
            return slot
    return None


def wrap(text, cols):
    # ``text`` in lines of at most ``cols`` characters, broken at spaces.
    lines = []
    line = ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > cols:
            lines.append(line)
            line = word
        else:
            line = line + " " + word if line else word
    return lines + [line]


def layout(width, height, cell_w, cell_h):
    # (scale, lines) of INCOMPLETE on a panel: the largest scale (up to 3) at which it fits.
    for scale in (3, 2, 1):
        lines = wrap(INCOMPLETE, width // (cell_w * scale))
        if max(len(s) for s in lines) * cell_w * scale <= width and len(lines) * cell_h * scale <= height:
            return scale, lines
    return 1, wrap(INCOMPLETE, width // cell_w)


def _panel():
    import board

    display = getattr(board, "DISPLAY", None)
    if display is not None:
        return display
    import busdisplay
    import busio
    import displayio
    import fourwire

    sck, mosi, dc, cs, light = [getattr(board, "GP%d" % n) for n in DISPLAY_PACK_PINS]
    displayio.release_displays()
    spi = busio.SPI(clock=sck, MOSI=mosi)
    bus = fourwire.FourWire(spi, command=dc, chip_select=cs, baudrate=62_500_000)
    return busdisplay.BusDisplay(bus, ST7789_INIT, width=240, height=135, rowstart=40, colstart=53,
                                 rotation=270, backlight_pin=light)


def _tile(font, c):
    glyph = font.get_glyph(ord(c))
    return glyph.tile_index if glyph is not None else 0


def show_incomplete():
    import time

    import displayio
    import terminalio

    print(INCOMPLETE)
    display = _panel()
    paper = hasattr(display, "time_to_refresh")  # e-paper: dark text on white
    font = terminalio.FONT
    cw, ch = font.get_bounding_box()[:2]
    scale, lines = layout(display.width, display.height, cw, ch)
    palette = displayio.Palette(2)
    palette[0] = 0xFFFFFF if paper else 0x000000
    palette[1] = 0x000000 if paper else 0xFFFFFF
    root = displayio.Group()
    back = displayio.Group(scale=max(display.width, display.height))  # one pixel, made the panel's size
    back.append(displayio.TileGrid(displayio.Bitmap(1, 1, 2), pixel_shader=palette))
    root.append(back)
    text = displayio.Group(scale=scale)
    for row, line in enumerate(lines):
        grid = displayio.TileGrid(font.bitmap, pixel_shader=palette, width=len(line), height=1,
                                  tile_width=cw, tile_height=ch, y=row * ch)
        for i, c in enumerate(line):
            grid[i] = _tile(font, c)
        text.append(grid)
    root.append(text)
    display.root_group = root
    if paper:
        time.sleep(display.time_to_refresh)
        display.refresh()
    while True:  # the screen stays until the power goes; a finished code.py would clear it
        time.sleep(1)


def main():
    import gc
    import sys

    slot = choose()
    if slot is None:
        show_incomplete()
    sys.path[0:0] = ["/%s" % slot, "/%s/lib" % slot]
    scope = globals()
    for name in [n for n in scope if n[:2] != "__"]:  # from here on the heap is the app's
        del scope[name]
    gc.collect()
    __import__("firmware.code")


if __name__ == "__main__":
    main()
