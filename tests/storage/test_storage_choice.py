"""Start-up choice of the journal's home and the hand-over of the match between flash and nvm."""

import sys

import pytest

import host_sim.stubs.microcontroller as stub_mc
from firmware.journal import Journal
from firmware.slots import FileSlots, NvmSlots
from firmware.storage_choice import open_journal
from tests.storage.faults import Cut, CutNvm, FileRig, PowerCut

OLD = [b'{"t":"new","game":"tichu"}', b'{"t":"round","n":1}']
NEW = [b'{"t":"new","game":"chimera"}', b'{"t":"round","n":1}', b'{"t":"round","n":2}']


def files_list(d):
    return Journal(FileSlots(d)).load()


def nvm_list(mem):
    return Journal(NvmSlots(mem)).load()


def setup(d, on_files, on_nvm):
    mem = bytearray(b"\xff" * 4096)
    if on_files:
        Journal(FileSlots(d)).reset(on_files)
    if on_nvm:
        Journal(NvmSlots(mem)).reset(on_nvm)
    return mem


def test_flash_writable_and_nvm_empty_uses_the_files_and_leaves_the_nvm_alone(ram_dir):
    mem = setup(ram_dir, OLD, None)
    j = open_journal(ram_dir, nvm=mem, writable=True)
    assert j.store.name == "flash" and j.load() == OLD
    assert mem == bytearray(b"\xff" * 4096)


def test_usb_owns_the_flash_the_match_moves_to_the_nvm_and_back(ram_dir):
    mem = setup(ram_dir, OLD, None)
    j = open_journal(ram_dir, nvm=mem, writable=False)
    assert j.store.name == "nvm" and j.load() == OLD
    j.append(b'{"t":"round","n":2}')
    assert files_list(ram_dir) == OLD  # the flash was not written
    again = open_journal(ram_dir, nvm=mem, writable=False)
    assert again.load() == OLD + [b'{"t":"round","n":2}']  # not re-seeded over the newer nvm
    home = open_journal(ram_dir, nvm=mem, writable=True)
    assert home.store.name == "flash" and home.load() == OLD + [b'{"t":"round","n":2}']
    assert nvm_list(mem) == []


def test_a_new_match_started_in_usb_mode_reaches_the_flash(ram_dir):
    mem = setup(ram_dir, OLD, None)
    open_journal(ram_dir, nvm=mem, writable=False).reset(NEW)
    assert open_journal(ram_dir, nvm=mem, writable=True).load() == NEW


def test_no_usable_nvm_means_the_files_even_when_read_only(ram_dir):
    setup(ram_dir, OLD, None)
    for nvm in (bytearray(b"\xff" * 64), None):
        j = open_journal(ram_dir, nvm=nvm, writable=False)
        assert j.store.name == "flash" and j.load() == OLD


def test_a_match_too_big_for_the_nvm_stays_readable_on_the_flash(ram_dir):
    big = [b"x" * 900, b"y" * 900, b"z" * 900]
    mem = setup(ram_dir, big, None)
    j = open_journal(ram_dir, nvm=mem, writable=False)
    assert j.store.name == "flash" and j.load() == big


def test_the_board_nvm_is_the_default(ram_dir, monkeypatch):
    monkeypatch.setitem(sys.modules, "microcontroller", stub_mc)
    nvm = stub_mc.use_nvm()
    setup(ram_dir, OLD, None)
    assert open_journal(ram_dir, writable=False).load() == OLD
    assert nvm_list(nvm) == OLD


def sweep_handover(d, on_files, on_nvm, writable, want):
    """Cut the start-up hand-over at every byte; every restart, in either mode, finds `want`."""
    rig = FileRig(d)
    mem = setup(d, on_files, on_nvm)
    files_snap, mem_snap = rig.snapshot(), bytes(mem)
    count = Cut()
    with rig.faults(count):
        open_journal(d, nvm=CutNvm(mem, count), writable=writable)
    assert count.written > 0
    for at in range(-1, count.written + 1):
        for restart_writable in (False, True):
            rig.restore(files_snap)
            mem[:] = mem_snap
            cut = Cut(at)
            with rig.faults(cut), pytest.raises(PowerCut):
                open_journal(d, nvm=CutNvm(mem, cut), writable=writable)
            assert open_journal(d, nvm=mem, writable=restart_writable).load() == want, (at, restart_writable)
            assert open_journal(d, nvm=mem, writable=True).load() == want
            assert nvm_list(mem) == []
    return count.written


def test_cut_at_every_byte_of_the_move_back_to_the_flash(ram_dir):
    assert sweep_handover(ram_dir, OLD, NEW, True, NEW) > 100


def test_cut_at_every_byte_of_the_copy_into_the_nvm(ram_dir):
    assert sweep_handover(ram_dir, OLD, None, False, OLD) > 100


def test_a_flash_that_refuses_the_move_back_leaves_the_match_in_the_nvm(ram_dir, monkeypatch):
    import firmware.slots as slots

    mem = setup(ram_dir, OLD, NEW)

    def full(path, mode, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(slots, "_durable_write", full)
    j = open_journal(ram_dir, nvm=mem, writable=True)
    assert j.store.name == "nvm" and j.load() == NEW


def test_an_nvm_write_error_is_an_oserror():
    class Broken(bytearray):
        def __setitem__(self, index, value):
            raise RuntimeError("Unable to write to nvm.")

    j = Journal(NvmSlots(Broken(b"\xff" * 1024)))
    with pytest.raises(OSError):
        j.append(b"round")
