"""The host stand-in for `microcontroller.nvm` behaves as on the board."""

import pytest

import host_sim.stubs.microcontroller as mc


def test_nvm_is_4_kb_of_erased_flash_with_bytearray_slices():
    nvm = mc.NVM()
    assert len(nvm) == 4096 and nvm[0] == 0xFF and nvm[10:14] == bytearray(b"\xff" * 4)
    nvm[10:14] = b"abcd"
    assert nvm[10:14] == bytearray(b"abcd") and isinstance(nvm[10:14], bytearray)
    with pytest.raises(ValueError):
        nvm[0:4] = b"toolong"
    nvm[0] = 7
    assert nvm[0] == 7


def test_nvm_counts_the_writes_the_rp2040_does_with_a_sector_erase():
    nvm = mc.NVM()
    nvm[0:4] = b"ab\xff\xff"  # over erased bytes: programmed in place
    nvm[4:8] = b"cdef"
    assert (nvm.writes, nvm.erases) == (2, 0)
    nvm[2:4] = b"xy"  # bytes left at 0xFF: still programmed in place
    nvm[1:3] = b"zz"  # over bytes already written: erase and rewrite
    assert (nvm.writes, nvm.erases) == (4, 1)


def test_nvm_persisted_to_a_file_comes_back_in_a_new_process(tmp_path):
    path = str(tmp_path / "nvm.bin")
    nvm = mc.use_nvm(path=path)
    assert mc.nvm is nvm
    nvm[100:103] = b"abc"
    again = mc.NVM(path=path)
    assert again[100:103] == bytearray(b"abc") and again[0] == 0xFF
    mc.use_nvm()
