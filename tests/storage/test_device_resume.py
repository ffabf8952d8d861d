"""The simulated device resumes its match after a restart, from the flash files or from the nvm
stand-in persisted to a file, also when the power went in the middle of a save."""

import pytest

from engine_core.scorebook import ScoreBook
from firmware.storage_choice import open_journal
from host_sim.device import Device
from host_sim.stubs.microcontroller import NVM
from tests.storage.faults import Cut, CutNvm, FileRig, PowerCut
from tests.storage.session import TICHU, TICHU_EDIT, book_state

BOARD = "picosystem"


class Board:
    """One simulated board: its CIRCUITPY folder and its nvm file survive restarts."""

    def __init__(self, directory, usb_owns_flash):
        self.dir = str(directory)
        self.nvm_path = self.dir + "/nvm.bin"
        self.usb_owns_flash = usb_owns_flash

    def power_up(self, cut=None):
        nvm = NVM(path=self.nvm_path)  # a new process: the nvm comes back from its file
        journal = open_journal(self.dir, nvm=nvm if cut is None else CutNvm(nvm, cut),
                               writable=not self.usb_owns_flash)
        return Device(BOARD, journal)


@pytest.mark.parametrize("usb_owns_flash", [False, True], ids=["flash", "nvm"])
def test_the_match_and_settings_come_back_after_a_restart(ram_dir, usb_owns_flash):
    board = Board(ram_dir, usb_owns_flash)
    app = board.power_up().app
    assert app.journal.store.name == ("nvm" if usb_owns_flash else "flash")
    book = ScoreBook("tichu", ["Ann", "Bob", "Cid", "Dee"], 1000)
    app.start_match(book)
    for e in TICHU[:5]:
        app.record(book.add(e))
    app.record(book.undo())
    app.record(book.edit(1, TICHU_EDIT))
    app.settings["lang"] = 1
    app.save_settings()
    assert not app.unsaved

    again = board.power_up().app
    assert book_state(again.book) == book_state(book)
    assert again.settings["lang"] == 1
    assert type(again.top()).__name__ == "Totals"  # straight back to the running match


@pytest.mark.parametrize("usb_owns_flash", [False, True], ids=["flash", "nvm"])
def test_a_cut_during_a_save_resumes_the_match_before_it(ram_dir, usb_owns_flash):
    board = Board(ram_dir, usb_owns_flash)
    app = board.power_up().app
    book = ScoreBook("tichu", ["Ann", "Bob", "Cid", "Dee"], 1000)
    app.start_match(book)
    for e in TICHU[:3]:
        app.record(book.add(e))
    shown = book_state(book)
    cut = Cut(40)  # inside the record of the fourth round
    app = board.power_up(cut).app
    with FileRig(ram_dir).faults(cut), pytest.raises(PowerCut):
        app.record(app.book.add(TICHU[3]))
    again = board.power_up().app
    assert book_state(again.book) == shown
    again.record(again.book.add(TICHU[3]))  # entered again, and kept
    assert board.power_up().app.book.rounds() == 4
