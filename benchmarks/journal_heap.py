# The heap the journal holds while loading and saving, on CircuitPython's RP2040-like
# interpreter (../shared/tools/circuitpython-rp2040, see ../shared/tools/BUILD.md):
#
#   MICROPYPATH=. ../shared/tools/circuitpython-rp2040 -X heapsize=171K benchmarks/journal_heap.py
#
# For score-keeper matches of 10, 50 and 150 rounds in a 4 KB nvm stand-in it prints what
# reading every record holds (firmware/storage/journal.py records(), each payload dropped as it
# comes: the most the heap holds above its start, after gc.collect(), at any record) and
# every byte the heap hands out while appending one more (garbage included: the
# collector is off meanwhile, so this bounds its peak from above). Both must stay the
# same whatever the match's length: the journal holds one record at a time, never the
# match. Also printed: a compaction (the whole state, at most the nvm's 4 KB; allocated
# bytes) and what the match itself holds once loaded into its ScoreBook. Last, whether a
# 250-round match (about 34 KB of rows) loads beside 80 KB of other objects: the score
# keeper's own heap (make heap-device: about 54-56 KB with its match) with room to spare.
# At 90 KB the match fitted or not by a few hundred bytes, depending on the length of the
# checkout's path (the modules' file names are on the heap too).

import gc

from engine_core.scorebook import ScoreBook
from firmware.storage.book_codec import encode
from firmware.storage.journal import Journal
from firmware.storage.stores import NvmStore

TICHU = {"calls": {"1": "tichu"}, "first_out": 1, "double_victory": None, "card_points": [30, 70]}
SETTINGS = {"t": "settings", "lang": 0, "chimera": 400, "tichu": 1000, "names": [], "custom": []}


def held(records):
    # The most the heap holds above its start while ``records`` is read, at any record.
    gc.collect()
    base = gc.mem_alloc()
    peak = 0
    for p in records:
        del p  # dropped as it comes: only the reader's own state stays
        gc.collect()
        peak = max(peak, gc.mem_alloc() - base)
    return peak


def allocated(op):
    # Bytes the heap hands out while ``op()`` runs (nothing is freed meanwhile).
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        op()
        return gc.mem_alloc() - before
    finally:
        gc.enable()


def main():
    header = encode(ScoreBook("tichu", ["Anna", "Ben", "Carla", "Dave"], 60000).header())
    change = encode({"t": "round", "e": TICHU})
    for rounds in (10, 50, 150):
        store = NvmStore(bytearray(b"\xff" * 4096))
        Journal(store).reset([encode(SETTINGS), header])
        for _ in range(rounds):
            Journal(store).append(change)
        store.cursor = None  # as after a power-up

        def append(store=store):
            Journal(store).append(encode({"t": "undo"}))

        def compact(store=store, rounds=rounds):
            Journal(store).reset([encode(SETTINGS), header] + [change] * rounds)

        from firmware.storage.saves import load as load_state

        gc.collect()
        before = gc.mem_alloc()
        book = load_state(store, None, dict(SETTINGS))
        gc.collect()
        kept = gc.mem_alloc() - before
        del book  # held until here so that ``kept`` counts it
        print("%3d rounds: reading holds %3d B, appending allocates %3d B, compacting %5d B; "
              "the match loaded holds %5d B"
              % (rounds, held(Journal(store).records()), allocated(append), allocated(compact), kept))


def crowded(rounds, ballast):
    # Whether a match of ``rounds`` loads when ``ballast`` bytes in small pieces (as the
    # app's code and screen hold them) already sit on the heap; the heap left free before.
    from firmware.storage.saves import load as load_state

    store = NvmStore(bytearray(b"\xff" * 4096))
    Journal(store).reset([encode(SETTINGS), encode(ScoreBook("tichu", ["A", "B", "C", "D"], 90000).header())])
    change = encode({"t": "round", "e": TICHU})
    for _ in range(rounds):
        Journal(store).append(change)
    store.cursor = None
    gc.collect()
    start = gc.mem_alloc()
    held = []
    while gc.mem_alloc() - start < ballast:
        held.append(bytearray(48))
    gc.collect()
    free = gc.mem_free()
    try:
        load_state(store, None, dict(SETTINGS))
        ok = "loads"
    except MemoryError:
        ok = "does NOT load (MemoryError)"
    del held
    print("%d rounds beside %d KB of the app's objects (%d KB free): %s"
          % (rounds, ballast // 1024, free // 1024, ok))


main()
crowded(250, 80 * 1024)
