# Reading the journal of the app's first version, once, to move a running match into the
# current journal (firmware/storage/choice.py). That version kept two slots, either the
# files /journal0.bin and /journal1.bin on CIRCUITPY or the two halves of the nvm, each
# a list of frames: b"SJ", kind (1 append, 2 snapshot), length (2, LE), CRC-32 (4, LE)
# of generation, kind, length and payload, then the payload; a snapshot payload is the
# generation (4), a count (2) and length-prefixed items. The slot whose first snapshot
# has the higher generation is the live one; reading stops at the first bad frame.
# Nothing here writes.

import struct

from firmware.storage.crc32 import crc32

FILES = ("/journal0.bin", "/journal1.bin")


def _frames(data):
    # (kind, body) of the intact frames of one slot, and its generation (None: no journal).
    out = []
    gen = None
    off = 0
    while off + 9 <= len(data) and data[off:off + 2] == b"SJ":
        kind, n, c = struct.unpack_from("<BHI", data, off + 2)
        body = data[off + 9:off + 9 + n]
        if kind not in (1, 2) or len(body) < n or (kind == 2 and n < 6) or (kind == 1 and gen is None):
            break
        g = struct.unpack_from("<I", body, 0)[0] if kind == 2 else gen
        if (gen is not None and g != gen) or crc32(body, crc32(struct.pack("<IBH", g, kind, n))) != c:
            break
        gen = g
        out.append((kind, body))
        off += 9 + n
    return gen, out


def payloads(slots):
    # The payloads of the newest of two slots' contents (bytes each), oldest first.
    best = None
    for data in slots:
        gen, frames = _frames(data or b"")
        if gen is not None and (best is None or gen > best[0]):
            best = (gen, frames)
    items = []
    for kind, body in best[1] if best else ():
        if kind == 1:
            items.append(bytes(body))
            continue
        items = []
        pos = 6
        for _ in range(struct.unpack_from("<H", body, 4)[0]):
            n = struct.unpack_from("<H", body, pos)[0]
            items.append(bytes(body[pos + 2:pos + 2 + n]))
            pos += 2 + n
    return items


def nvm_slots(nvm):
    half = len(nvm) // 2
    return bytes(nvm[0:half]), bytes(nvm[half:2 * half])


def file_slots(paths=FILES):
    out = []
    for p in paths:
        try:
            with open(p, "rb") as f:
                out.append(f.read())
        except OSError:
            out.append(b"")
    return out
