# Where the match is kept, chosen once at start-up, and moving it there from an older home.
#
# Home: an I2C FRAM when the board's profile has a bus for one and a chip answers at 0x50
# (adafruit_fram: byte writes, no erase, two areas: no cut can lose a save), else the
# board's microcontroller.nvm (4 KB of flash: appends never erase; a cut inside a
# compaction can lose the match, see firmware/storage/journal.py). Nothing is ever written to
# CIRCUITPY: the drive stays the computer's.
#
# Moving in: when the home holds no journal yet, the newest older one is read once and
# the app saves it as its first write (a compaction), after which the older home is never
# read again: the nvm's journal when a FRAM has just been added; else the first version's
# journal (firmware/storage/legacy_journal.py), in the nvm (its newest state, kept there while USB
# could write the drive) or in the files journal0.bin and journal1.bin on CIRCUITPY.

FRAM_ADDRESS = 0x50


def board_nvm():
    try:
        import microcontroller
        return microcontroller.nvm
    except (ImportError, AttributeError):
        return None


def find_fram(profile):
    # The FRAM on the profile's I2C bus, or None (no bus, no chip, no library).
    make = getattr(profile, "make_i2c", None)
    if make is None:
        return None
    try:
        i2c = make()
    except Exception:  # pins in use, no pull-ups (nothing plugged in): no FRAM
        return None
    if i2c is None:
        return None
    try:
        from adafruit_fram import FRAM_I2C
        return FRAM_I2C(i2c, address=FRAM_ADDRESS)
    except Exception:  # no device answers, not an FRAM, or the library is missing
        try:
            i2c.deinit()
        except Exception:
            pass
        return None


def _older(nvm, fram, files):
    # (format, payloads) of the newest journal in an older home: "bin" payloads are the
    # current journal's records, "json" the first version's; None when there is none.
    from firmware.storage.journal import Journal
    from firmware.storage.stores import NvmStore

    if nvm is None:
        return None
    if fram is not None and Journal(NvmStore(nvm)).live():
        return "bin", Journal(NvmStore(nvm)).records()
    import firmware.storage.legacy_journal as legacy

    if bytes(nvm[0:2]) == b"SJ":
        raw = legacy.payloads(legacy.nvm_slots(nvm))
        if raw:
            return "json", raw
    raw = legacy.payloads(legacy.file_slots(files))
    return ("json", raw) if raw else None


def open_store(nvm=None, fram=None, files=None):
    # (the store the journal lives in, the older journal to move in or None). ``nvm``
    # defaults to microcontroller.nvm; ``fram`` is what find_fram found; ``files`` are the
    # first version's journal files (default /journal0.bin, /journal1.bin).
    from firmware.storage.stores import NvmStore

    if nvm is None:
        nvm = board_nvm()
    if fram is not None:
        from firmware.storage.fram_store import FramStore

        return _moving_in(FramStore(fram), nvm, fram, files)
    if nvm is not None:
        return _moving_in(NvmStore(nvm), nvm, None, files)
    return None, None


def _moving_in(store, nvm, fram, files):
    from firmware.storage.journal import Journal

    if Journal(store).live():
        return store, None
    if files is None:
        from firmware.storage.legacy_journal import FILES as files
    return store, _older(nvm, fram, files)
