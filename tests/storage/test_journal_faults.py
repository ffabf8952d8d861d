"""Power cut at every byte of every save of a real session, on both backends; then a restart.

After the cut a new Journal loads the medium (the restart): it must return exactly the list before
the save (the cut came before the save's last byte) or after it (the cut came after it), never
anything else; the interrupted save and the next one are then made again and must be kept.
Compactions (the live slot full: the whole list written to the other slot) are saves like the
others, so the slot switch is cut at every byte too.
"""

import pytest

from firmware.journal import Journal
from tests.storage.faults import Cut, FileRig, NvmRig, PowerCut
from tests.storage.session import apply, lists, steps

STEPS = steps()
LISTS = lists()
# slots as small as the session allows, so that it compacts several times
SLOT = 1700


def make_rig(kind, directory):
    return NvmRig(2 * SLOT) if kind == "nvm" else FileRig(directory, SLOT)


def record(rig):
    """Run the session without faults: per step the medium before it, the bytes it wrote and how many
    of them make up the new record (an nvm compaction also erases the rest of its slot)."""
    before = []
    sizes = []
    done = []
    rewrites = 0
    for step in STEPS:
        before.append(rig.snapshot())
        cut = Cut()
        journal = Journal(rig.store(cut))
        journal.load()
        gen = journal._gen
        with rig.faults(cut):
            apply(journal, step)
        sizes.append(cut.written)
        new_slot = journal._gen != gen
        done.append(journal._end if new_slot else cut.written)
        rewrites += new_slot
    return before, sizes, done, rewrites


def sweep(rig, garbage):
    before, sizes, done, rewrites = record(rig)
    assert rewrites >= 3  # the first save plus at least two compactions are among the cut saves
    cuts = 0
    for i, step in enumerate(STEPS):
        old = LISTS[i - 1] if i else []
        for at in range(-1, sizes[i] + 1):
            rig.restore(before[i])
            cut = Cut(at, garbage, seed=at)
            journal = Journal(rig.store(cut))
            journal.load()
            with rig.faults(cut), pytest.raises(PowerCut):
                apply(journal, step)
            cuts += 1
            restarted = Journal(rig.store())
            got = restarted.load()
            want = LISTS[i] if at >= done[i] else old
            assert got == want, (step[0], at, sizes[i])
            # the user enters again what the screen does not show, then goes on
            for again in STEPS[i if at < done[i] else i + 1:i + 2]:
                apply(restarted, again)
            assert Journal(rig.store()).load() == LISTS[min(i + 1, len(STEPS) - 1)], (step[0], at)
    return cuts


@pytest.mark.parametrize("kind", ["nvm", "files"])
def test_cut_at_every_byte_of_every_save(kind, ram_dir):
    cuts = sweep(make_rig(kind, ram_dir), garbage=False)
    assert cuts > 3000


@pytest.mark.parametrize("kind", ["nvm", "files"])
def test_cut_with_garbage_after_the_last_byte_written(kind, ram_dir):
    sweep(make_rig(kind, ram_dir), garbage=True)


@pytest.mark.parametrize("kind", ["nvm", "files"])
def test_the_whole_rest_of_the_session_after_a_cut(kind, ram_dir):
    rig = make_rig(kind, ram_dir)
    before, _, done, _ = record(rig)
    for i, step in enumerate(STEPS):
        rig.restore(before[i])
        cut = Cut(done[i] // 2)
        journal = Journal(rig.store(cut))
        journal.load()
        with rig.faults(cut), pytest.raises(PowerCut):
            apply(journal, step)
        journal = Journal(rig.store())
        assert journal.load() == (LISTS[i - 1] if i else [])
        for later in STEPS[i:]:
            apply(journal, later)
            assert Journal(rig.store()).load() == journal.load()
        assert journal.load() == LISTS[-1]
