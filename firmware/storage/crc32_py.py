"""CRC-32 in Python, for interpreters without binascii.crc32 (see firmware/storage/crc32.py).

Table-driven, one byte per step, with the 256-entry table split into 16-bit halves so that every
intermediate stays a small int on CircuitPython (no heap allocation per byte). The table is built when
this module is imported, which happens only where the interpreter has no crc32 of its own.
"""


def _tables():
    """(low, high) 16-bit halves of the byte table."""
    lo = []
    hi = []
    for n in range(256):
        c_lo = n
        c_hi = 0
        for _ in range(8):
            odd = c_lo & 1
            c_lo = (c_lo >> 1) | ((c_hi & 1) << 15)
            c_hi >>= 1
            if odd:  # reflected polynomial 0xEDB88320
                c_lo ^= 0x8320
                c_hi ^= 0xEDB8
        lo.append(c_lo)
        hi.append(c_hi)
    return lo, hi


_LO, _HI = _tables()


def crc32_py(data, value=0):
    """crc32 of `data` continuing from `value`, exactly as binascii.crc32(data, value)."""
    lo_t = _LO
    hi_t = _HI
    value ^= 0xFFFFFFFF
    lo = value & 0xFFFF
    hi = (value >> 16) & 0xFFFF
    for b in data:
        i = (lo ^ b) & 0xFF
        lo = lo_t[i] ^ ((lo >> 8) | ((hi & 0xFF) << 8))
        hi = hi_t[i] ^ (hi >> 8)
    return ((hi << 16) | lo) ^ 0xFFFFFFFF
