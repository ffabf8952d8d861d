"""A journal write that fails: the totals say the match is not saved, and the next save writes
the whole match, so nothing is missing after a restart."""

from firmware.storage.stores import NvmStore
from host_sim.device import Device
from host_sim.player import new_match, screen_name, tichu_round

TICHU = ["Anna", "Ben", "Carla", "David"]


class FlakyStore(NvmStore):
    """An nvm that refuses the writes it is told to (CircuitPython: "Unable to write to nvm.")."""

    fail = 0

    def write(self, area, offset, data):
        if self.fail:
            self.fail -= 1
            raise OSError(5, "Unable to write to nvm.")
        return NvmStore.write(self, area, offset, data)


def test_a_failed_save_is_shown_and_made_good_by_the_next():
    nvm = bytearray(b"\xff" * 4096)
    store = FlakyStore(nvm)
    dev = Device("pico_display_pack", store)
    new_match(dev, "tichu", 1000, TICHU)
    tichu_round(dev, points=60)
    store.fail = 1
    tichu_round(dev, points=70)
    assert dev.app.unsaved and screen_name(dev) == "Totals"
    assert "NOT SAVED" in dev.texts()
    assert [e["card_points"] for e in dev.app.book.entries] == [[60, 40], [70, 30]]
    tichu_round(dev, points=30)
    assert not dev.app.unsaved and "NOT SAVED" not in dev.texts()
    again = Device("pico_display_pack", NvmStore(nvm))
    assert again.app.book.entries == dev.app.book.entries and again.app.book.totals == [160, 140]


def test_a_full_nvm_says_the_match_is_not_saved_and_keeps_what_it_had():
    # A match that does not fit even compacted (an nvm of 160 bytes stands in for a match of
    # hundreds of rounds): the totals say so at once, the rounds stay on the device, and what
    # the nvm holds is the last state that fitted, never a damaged one.
    nvm = bytearray(b"\xff" * 160)
    dev = Device("picosystem", NvmStore(nvm))
    new_match(dev, "tichu", 1000, TICHU)
    saved = []
    for points in (60, 55, 70, 45, 65, 50, 40, 35):
        tichu_round(dev, points=points)
        if dev.app.unsaved:
            break
        saved = [e["card_points"] for e in dev.app.book.entries]
    assert dev.app.unsaved and "NOT SAVED" in dev.texts()
    assert len(dev.app.book.entries) == len(saved) + 1
    again = Device("picosystem", NvmStore(nvm))
    assert [e["card_points"] for e in again.app.book.entries] == saved


class UnreadableStore(NvmStore):
    """A store that cannot be read at power-up (an FRAM that stops answering), or whose match
    does not fit the heap (MemoryError while it loads)."""

    error = OSError(5, "Input/output error")

    def read(self, area, offset, n):
        raise self.error


def test_a_journal_that_cannot_be_loaded_is_never_written_over():
    for error in (OSError(5, "Input/output error"), MemoryError("memory allocation failed")):
        nvm = bytearray(b"\xff" * 4096)
        dev = Device("picosystem", NvmStore(nvm))
        new_match(dev, "tichu", 1000, TICHU)
        tichu_round(dev, points=60)
        kept = bytes(nvm)
        store = UnreadableStore(nvm)
        store.error = error
        dev = Device("picosystem", store)
        assert dev.app.book is None and dev.app.unsaved
        new_match(dev, "chimera", 400, TICHU[:3])
        assert "NOT SAVED" in dev.texts()  # the new match is played unsaved, the old one kept
        assert bytes(nvm) == kept
        again = Device("picosystem", NvmStore(nvm))
        assert [e["card_points"] for e in again.app.book.entries] == [[60, 40]]
