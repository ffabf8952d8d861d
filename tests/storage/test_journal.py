"""The journal's format and its promises (firmware/storage/journal.py), on both stores.

A torn write is modelled bit by bit: a cut inside a flash page program leaves some of the bits
that should have become 0 still at 1, a cut inside an FRAM write leaves a prefix over 0xFF. The
journal's codes (constant-weight type bytes, Berger checks) must refuse every such frame, not
most of them, so the tests try every torn form of short frames and many of longer ones.
"""

import random

import pytest

from firmware.storage import journal
from firmware.storage.fram_store import FramStore
from firmware.storage.journal import HEAD_LEN, Journal, JournalFull, frame, header
from firmware.storage.stores import NvmStore


def test_the_written_out_tables_are_their_definitions():
    # firmware/storage/journal.py writes its tables out (computing them cost each reload ~100 ms).
    cw = bytes(b for b in range(256) if bin(b).count("1") == 4)
    assert journal._CW == cw and len(cw) == 70
    assert journal._TYPE == bytes(cw.find(bytes((b,))) & 0xFF for b in range(256))
    assert journal._ZEROS == bytes(8 - bin(b).count("1") for b in range(256))


class StrictNvm(bytearray):
    """An nvm that refuses, as a test failure, any append over bytes that are not 0xFF (on the
    RP2040 that would erase the sector) and counts the whole-sector writes (the erases)."""

    def __init__(self, size=4096):
        super().__init__(b"\xff" * size)
        self.erases = 0

    def __setitem__(self, index, value):
        if isinstance(index, slice) and index.indices(len(self))[:2] == (0, len(self)):
            self.erases += 1
        else:
            assert bytes(self[index]) == b"\xff" * len(value), "a write over programmed bytes"
        super().__setitem__(index, value)


def nvm_store(size=4096):
    return NvmStore(StrictNvm(size))


def fram_store(size=4096):
    return FramStore(bytearray(random.Random(size).randbytes(size)))  # a new FRAM holds anything


STORES = {"nvm": nvm_store, "fram": fram_store}


def reopen(store):
    """The same medium after a restart: the cursor kept in RAM is gone."""
    return type(store)(store.nvm) if isinstance(store, NvmStore) else FramStore(store.fram)


def loaded(store):
    return list(Journal(reopen(store)).records())


PAYLOADS = [b"\x05", b"\x1f", b"\x20", b"\x00", b"\xff", b"ab", b"\x00\x00", b"\xff\xff", bytes(3),
            bytes(range(10)), bytes(range(30)), bytes(31), b"\xff" * 200,
            bytes(range(256)) * 4]


@pytest.mark.parametrize("kind", STORES)
def test_a_fresh_medium_holds_no_journal(kind):
    store = STORES[kind]()
    assert loaded(store) == [] and not Journal(store).live()


@pytest.mark.parametrize("kind", STORES)
def test_every_payload_comes_back_as_written(kind):
    store = STORES[kind]()
    j = Journal(store)
    j.reset([b"first", b"\x05"])
    for p in PAYLOADS:
        j.append(p)
    assert loaded(store) == [b"first", b"\x05"] + PAYLOADS


def test_what_frames_cost():
    assert len(frame(b"\x05")) == 1 and len(frame(b"\x1f")) == 1  # tiny: the type byte alone
    assert len(frame(b"\x20")) == 2 and len(frame(b"\x00\xff")) == 3  # the check in the type byte
    assert len(frame(bytes(3))) == 5 and len(frame(bytes(10))) == 12
    assert len(frame(bytes(11))) == 11 + 6


def test_appends_on_the_nvm_only_program_erased_bytes():
    store = nvm_store()
    j = Journal(store)
    j.reset([b"settings"])
    for i in range(300):
        j.append(bytes((i % 7, i % 250, 3)))
    assert store.nvm.erases == 1  # the one compaction that started the journal


def torn(intended, old, rng):
    """A page program cut short: each bit that should go from 1 to 0 did so or not."""
    return bytes(o & (i | (rng.getrandbits(8) & ~i & o)) for i, o in zip(intended, old, strict=True))


def every_torn(intended, old):
    """Every torn form of a short write (all subsets of the bits it clears)."""
    bits = [(k, b) for k in range(len(intended)) for b in range(8)
            if old[k] >> b & 1 and not intended[k] >> b & 1]
    for mask in range(1 << len(bits)):
        out = bytearray(intended)
        for n, (k, b) in enumerate(bits):
            if mask >> n & 1:
                out[k] |= 1 << b
        yield bytes(out)


@pytest.mark.parametrize("payload", [b"\x05", b"\x00", b"\x20", b"\xef\x7f", b"\xfe\xff", b"\xfe\xff\xfe"])
def test_every_torn_form_of_a_small_frame_is_refused(payload):
    store = nvm_store()
    Journal(store).reset([b"base"])
    end = Journal(reopen(store)).cursor()[2]
    data = frame(payload)
    before = bytes(store.nvm)
    for t in every_torn(data, b"\xff" * len(data)):
        store.nvm[:] = before
        bytearray.__setitem__(store.nvm, slice(end, end + len(t)), t)
        got = loaded(store)
        assert got == [b"base"] + ([payload] if t == data else []), t.hex()


@pytest.mark.parametrize("payload", [b"round", bytes(range(30)), bytes(100), b"\x00\xff" * 40])
def test_random_torn_forms_of_longer_frames_are_refused(payload):
    rng = random.Random(len(payload))
    store = nvm_store()
    Journal(store).reset([b"base"])
    end = Journal(reopen(store)).cursor()[2]
    data = frame(payload)
    before = bytes(store.nvm)
    for _ in range(3000):
        t = torn(data, b"\xff" * len(data), rng)
        store.nvm[:] = before
        bytearray.__setitem__(store.nvm, slice(end, end + len(t)), t)
        assert loaded(store) == [b"base"] + ([payload] if t == data else [])


def write_torn(store, payload, rng):
    """A power-up, then a cut inside the append of ``payload``: what lands is a torn form of the
    bytes the journal writes, where it writes them (after a RESYNC if an earlier one tore)."""
    again = reopen(store)
    real = again.write

    def tearing(area, offset, data):
        old = bytes(again.read(area, offset, len(data)))
        if isinstance(store, NvmStore):
            t = torn(data, old, rng)
        else:
            k = rng.randrange(len(data))
            t = data[:k] + old[k:]
        real(area, offset, t)
        raise OSError("power cut")

    again.write = tearing
    with pytest.raises(OSError):
        Journal(again).append(payload)


@pytest.mark.parametrize("kind", STORES)
def test_saving_goes_on_after_torn_appends_and_keeps_everything_before(kind):
    rng = random.Random(7)
    store = STORES[kind]()
    Journal(store).reset([b"new match"])
    want = [b"new match"]
    for i in range(40):
        write_torn(store, bytes((1, i)) * (1 + i % 20), rng)  # cut: the record is not saved
        if i % 3 == 0:
            write_torn(store, b"\x05", rng)  # and again at the next power-up
        again = reopen(store)
        assert list(Journal(again).records()) == want
        Journal(again).append(bytes((2, i)))
        want.append(bytes((2, i)))
    assert loaded(store) == want
    if kind == "nvm":
        assert store.nvm.erases == 1


@pytest.mark.parametrize("kind", STORES)
def test_a_full_area_is_compacted_to_the_snapshot(kind):
    store = STORES[kind](1024)
    j = Journal(store)
    log = [b"settings"]
    j.reset(log)
    for i in range(400):
        change = bytes((3, i & 0xFF, i >> 8))
        state = [b"settings", change]  # the state stays small, the log grows
        gen = store.cursor[1]
        j.append(change, lambda s=state: s)
        log = state if store.cursor[1] > gen else log + [change]
    assert loaded(store) == log and store.cursor[1] > 1
    if kind == "nvm":
        assert store.nvm.erases > 1


@pytest.mark.parametrize("kind", STORES)
def test_a_state_too_big_for_an_area_is_refused_and_nothing_changes(kind):
    store = STORES[kind](1024)
    j = Journal(store)
    j.reset([b"a", b"b"])
    medium = bytes(store.nvm if kind == "nvm" else store.fram)
    with pytest.raises(JournalFull):
        j.reset([bytes(1100)])
    with pytest.raises(JournalFull):
        j.append(bytes(2000))
    assert bytes(store.nvm if kind == "nvm" else store.fram) == medium
    assert isinstance(JournalFull("x"), OSError)  # the app treats it as any failed save
    assert loaded(store) == [b"a", b"b"]


def test_without_a_snapshot_a_full_area_raises_journal_full():
    store = nvm_store(256)
    j = Journal(store)
    j.reset([b"x"])
    with pytest.raises(JournalFull):
        for _ in range(200):
            j.append(b"\x05\x06")


def test_on_the_fram_a_compaction_cut_anywhere_leaves_the_old_area_live():
    store = fram_store(2048)
    j = Journal(store)
    j.reset([b"old"])
    j.append(b"old change")
    old = bytes(store.fram)
    writes = []

    class Recording(bytearray):
        def __setitem__(self, index, value):
            writes.append((index.start, bytes(value)))
            super().__setitem__(index, value)

    rec = FramStore(Recording(old))
    Journal(rec).reset([b"new"])
    assert loaded(rec) == [b"new"]
    total = sum(len(d) for _, d in writes)
    for cut in range(total):  # after every byte of the compaction
        mem = bytearray(old)
        left = cut
        for start, data in writes:
            n = min(left, len(data))
            mem[start:start + n] = data[:n]
            left -= n
            if left <= 0:
                break
        assert list(Journal(FramStore(mem)).records()) in ([b"old", b"old change"], [b"new"]), cut


def test_a_torn_snapshot_after_an_erase_loads_nothing_and_the_next_save_compacts():
    store = nvm_store()
    Journal(store).reset([b"settings", bytes(range(200))])
    snap = _snapshot_frame([b"settings", bytes(range(200))])
    assert bytes(store.nvm[:HEAD_LEN + len(snap) + 1]) == header(1) + snap + b"\xff"
    # the erase went through, the pages of the header were programmed, the snapshot only partly
    bytearray.__setitem__(store.nvm, slice(HEAD_LEN + 100, HEAD_LEN + len(snap)), b"\xff" * (len(snap) - 100))
    again = reopen(store)
    # no journal there (an older home, if any, is read again: firmware/storage/choice.py)
    assert not Journal(again).live() and list(Journal(again).records()) == []
    Journal(again).append(b"\x05", lambda: [b"settings"])
    assert loaded(store) == [b"settings"]


def test_an_fram_compaction_makes_0xff_only_what_held_something():
    # adafruit_fram writes byte by byte over I2C: a compaction that filled the whole 16 KB
    # area would keep the board busy for seconds. After the first compaction of each area
    # (a new chip holds anything), one writes the state and clears what the area held.
    from tests.storage.flash_model import FramModel

    fram = FramModel(32768)
    fram.mem[:] = random.Random(1).randbytes(32768)
    store = FramStore(fram)
    j = Journal(store)
    big = [b"settings", bytes(range(200)) * 5]
    j.reset(big)  # area 0: a whole area
    j.reset([b"settings"])  # area 1: a whole area
    assert fram.bytes > 32000
    fram.clear_log()
    j.reset([b"settings", b"x"])  # area 0 again: over the 1 KB the big state left there
    assert HEAD_LEN + 1000 < fram.bytes < 1200
    fram.clear_log()
    j.reset([b"settings"])  # area 1 again
    assert fram.bytes < 100
    assert loaded(store) == [b"settings"] and bytes(fram.mem[16384 + 40:32768]) == b"\xff" * (16384 - 40)
    assert bytes(fram.mem[40:16384]) == b"\xff" * (16384 - 40)


def _snapshot_frame(payloads):
    # A snapshot frame as a compaction writes it.
    return journal._long(journal._SNAP, journal._items(payloads))
