"""The first app version's journal, written as that version wrote it, to test moving it into the
current journal: two slots (files journal0.bin / journal1.bin, or the two nvm halves), each a
snapshot frame then appended frames; the newer generation is live (firmware/storage/legacy_journal.py
reads them). Kept free of CPython-only modules: it also runs under CircuitPython's interpreter."""

import json
import struct

from firmware.storage.crc32 import crc32


def _frame(kind, gen, body):
    c = crc32(body, crc32(struct.pack("<IBH", gen, kind, len(body))))
    return b"SJ" + struct.pack("<BHI", kind, len(body), c) + body


def slot(gen, payloads, appended=()):
    """One slot's bytes: a snapshot of ``payloads`` with generation ``gen``, then appends."""
    parts = [struct.pack("<IH", gen, len(payloads))]
    for p in payloads:
        parts += [struct.pack("<H", len(p)), p]
    out = _frame(2, gen, b"".join(parts))
    for p in appended:
        out += _frame(1, gen, p)
    return out


def dump(payload):
    return json.dumps(payload).encode()
