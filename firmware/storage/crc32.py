"""CRC-32 (the ZIP/zlib polynomial): `crc32(data, value=0)`, unsigned, chainable.

CircuitPython builds `binascii.crc32` when both its binascii and zlib modules are in the build
(py/circuitpy_mpconfig.h: MICROPY_PY_BINASCII_CRC32 = CIRCUITPY_BINASCII && CIRCUITPY_ZLIB), which is
the case for every full build, the RP2040 boards included; its own zlib module has no crc32. CPython
has both. A reduced interpreter may have neither: then the Python table of firmware/storage/crc32_py.py,
which gives identical results, is loaded instead.
"""

try:
    from binascii import crc32
except ImportError:
    try:
        from zlib import crc32
    except ImportError:
        from firmware.storage.crc32_py import crc32_py as crc32

__all__ = ["crc32"]
