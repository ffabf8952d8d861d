"""A minimal PNG writer (8-bit RGB, no filter), so screenshots need no imaging library."""

import struct
import zlib


def _chunk(kind, data):
    crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def encode(width, height, rgb):
    """PNG bytes of ``rgb``: width * height * 3 bytes, rows top to bottom."""
    if len(rgb) != width * height * 3:
        raise ValueError("need %d bytes of RGB, got %d" % (width * height * 3, len(rgb)))
    stride = width * 3
    raw = b"".join(b"\x00" + bytes(rgb[y * stride:(y + 1) * stride]) for y in range(height))
    return (b"\x89PNG\r\n\x1a\n"
            + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + _chunk(b"IDAT", zlib.compress(raw, 9))
            + _chunk(b"IEND", b""))


def decode_size(data):
    """(width, height) from PNG bytes (for tests)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    return struct.unpack(">II", data[16:24])
