"""A power cut in the middle of the score keeper's save of a round, on CircuitPython's own
firmware (issue 26: a power-up after a cut): the board comes back with the match as it
was before the save, or with the round, and no traceback. The flash model is the
emulator's flash array written through the boot ROM's erase and program functions
(host_sim/emu/chip.mjs), cut at one operation after some of its bytes. The sweep over
every operation of the save, and more cuts, run in make emu-check."""

import pytest

from host_sim.emu.cuts import Save, cut


@pytest.fixture(scope="module")
def save(tmp_path_factory):
    from host_sim.emu.board import missing

    if missing():
        pytest.skip("emulated boards: %s" % missing())
    return Save("picosystem", str(tmp_path_factory.mktemp("save")))


def test_the_rounds_save_is_written_and_the_frames_agree_with_the_simulator(save):
    assert save.ops >= 1  # the round reached the flash
    assert save.mismatches == []


def test_a_cut_half_way_through_the_saves_last_page_leaves_the_match_as_before_or_with_it(save, tmp_path):
    outcome, console = cut(save, save.ops - 1, 100, str(tmp_path))
    assert "Traceback" not in console
    assert outcome in ("before", "after"), console[-1500:]
