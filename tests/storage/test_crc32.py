"""CRC-32: the Python table gives what binascii/zlib give, so either can check the other's frames."""

import random
import zlib

from firmware.storage.crc32 import crc32
from firmware.storage.crc32_py import crc32_py


def test_check_value():
    assert crc32_py(b"123456789") == 0xCBF43926 == crc32(b"123456789")
    assert crc32_py(b"") == 0 == crc32(b"")


def test_python_table_equals_zlib_on_random_data_and_chained_calls():
    rng = random.Random(6)
    for _ in range(300):
        data = rng.randbytes(rng.randrange(0, 200))
        start = rng.choice([0, 0xFFFFFFFF, rng.getrandbits(32)])
        assert crc32_py(data, start) == zlib.crc32(data, start) == crc32(data, start)
        cut = rng.randrange(0, len(data) + 1)
        assert crc32_py(data[cut:], crc32_py(data[:cut])) == zlib.crc32(data)


def test_results_are_unsigned_32_bit():
    for data in (b"\xff" * 9, b"SJ", bytes(range(256))):
        assert 0 <= crc32(data) < 1 << 32
        assert 0 <= crc32_py(data) < 1 << 32


def test_without_binascii_and_zlib_the_python_table_is_used(monkeypatch):
    import importlib
    import sys

    import firmware.storage.crc32 as mod

    monkeypatch.setitem(sys.modules, "binascii", None)  # importing them now fails
    monkeypatch.setitem(sys.modules, "zlib", None)
    try:
        importlib.reload(mod)
        assert mod.crc32 is crc32_py
    finally:
        monkeypatch.undo()
        importlib.reload(mod)
    assert mod.crc32 is not crc32_py
