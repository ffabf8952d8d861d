"""The journal's behaviour without power cuts: framing, recovery from damage, capacity, replay."""

import pytest

from engine_core.scorebook import ScoreBook
from firmware.journal import HEAD, MAX_PAYLOAD, Journal, JournalFull
from firmware.slots import NvmSlots
from host_sim.stubs.microcontroller import NVM
from tests.storage.faults import Cut, FileRig, NvmRig, PowerCut
from tests.storage.session import apply, book_state, lists, steps

STEPS = steps()
LISTS = lists()
KINDS = ["nvm", "files"]


def make_rig(kind, directory, slot=1700):
    return NvmRig(2 * slot) if kind == "nvm" else FileRig(directory, slot)


def run_session(rig, upto=None):
    """Per step: (generation, live slot, end of its last frame, list) after the step."""
    states = []
    journal = Journal(rig.store())
    for step, want in zip(STEPS[:upto], LISTS, strict=False):
        apply(journal, step)
        states.append((journal._gen, journal._slot, journal._end, want))
    return states


@pytest.mark.parametrize("kind", KINDS)
def test_a_fresh_medium_holds_an_empty_journal(kind, ram_dir):
    assert Journal(make_rig(kind, ram_dir).store()).load() == []


@pytest.mark.parametrize("kind", KINDS)
def test_every_save_is_there_after_a_restart(kind, ram_dir):
    rig = make_rig(kind, ram_dir)
    journal = Journal(rig.store())
    for step, want in zip(STEPS, LISTS, strict=True):
        apply(journal, step)
        assert Journal(rig.store()).load() == want
        assert journal.load() == want


@pytest.mark.parametrize("kind", KINDS)
def test_the_resumed_match_is_the_match_before_the_restart(kind, ram_dir):
    rig = make_rig(kind, ram_dir)
    journal = Journal(rig.store())
    for i, step in enumerate(STEPS):
        shown_before = STEPS[i - 1][3] if i else None
        snap = rig.snapshot()
        cut = Cut(len(step[2]) // 2 if step[1] == "append" else HEAD)  # inside the new record
        with rig.faults(cut), pytest.raises(PowerCut):
            apply(Journal(rig.store(cut)), step)
        assert book_state(ScoreBook.replay(Journal(rig.store()).load())) == shown_before, step[0]
        rig.restore(snap)
        apply(journal, step)
        assert book_state(ScoreBook.replay(Journal(rig.store()).load())) == step[3], step[0]


@pytest.mark.parametrize("kind", KINDS)
def test_a_flipped_bit_drops_its_record_and_all_after_it(kind, ram_dir):
    rig = make_rig(kind, ram_dir)
    states = run_session(rig)
    gen, live, end, _ = states[-1]
    assert any(s[0] == gen - 1 for s in states)  # the dead slot holds an older generation
    first_end = min(s[2] for s in states if s[0] == gen)
    for p in range(end):
        if p < first_end:  # the live slot's own snapshot is broken: the dead slot is all that is left
            want = [s[3] for s in states if s[0] == gen - 1][-1]
        else:
            want = [s[3] for s in states if s[0] == gen and s[2] <= p][-1]
        rig.flip(live, p, p % 8)
        assert Journal(rig.store()).load() == want, p
        rig.flip(live, p, p % 8)
    dead_used = len(rig.slot_bytes(1 - live).rstrip(b"\xff"))
    for p in range(0, dead_used, 7):
        rig.flip(1 - live, p, p % 8)
        assert Journal(rig.store()).load() == LISTS[-1], p
        rig.flip(1 - live, p, p % 8)


@pytest.mark.parametrize("kind", KINDS)
def test_appends_after_a_damaged_tail_are_kept(kind, ram_dir):
    rig = make_rig(kind, ram_dir)
    last = len(STEPS) - 2
    assert STEPS[last][1] == "append"
    gen, live, end, _ = run_session(rig, last + 1)[-1]
    rig.flip(live, end - 1, 0)  # the last record is now bad
    journal = Journal(rig.store())
    assert journal.load() == LISTS[last - 1]
    journal.append(b"after")
    assert Journal(rig.store()).load() == LISTS[last - 1] + [b"after"]
    assert journal._gen == gen + 1  # written as a compaction, not behind the bad bytes


@pytest.mark.parametrize("kind", KINDS)
def test_a_list_too_big_for_a_slot_is_refused_and_nothing_changes(kind, ram_dir):
    rig = make_rig(kind, ram_dir, slot=300)
    journal = Journal(rig.store())
    journal.reset([b"a" * 100, b"b" * 100])
    before = rig.snapshot()
    with pytest.raises(JournalFull):
        journal.reset([b"c" * 200, b"d" * 100])
    with pytest.raises(JournalFull):
        journal.append(b"e" * 120)  # fits no longer behind the others, nor compacted with them
    with pytest.raises(JournalFull):
        journal.append(b"f" * (MAX_PAYLOAD + 1))
    with pytest.raises(JournalFull):
        journal.reset([b"g" * (MAX_PAYLOAD + 1)])
    assert rig.snapshot() == before
    assert Journal(rig.store()).load() == [b"a" * 100, b"b" * 100]
    assert isinstance(JournalFull(), OSError)  # the app catches OSError for every failed save


def test_compaction_uses_the_shrink_hook():
    seen = []

    def shrink(payloads):
        seen.append(len(payloads))
        return payloads[-2:]

    rig = NvmRig(600)
    journal = Journal(rig.store(), shrink=shrink)
    for i in range(40):
        journal.append(b"record %02d" % i)
    assert seen  # the slot filled up at least once
    got = Journal(rig.store()).load()
    assert got[-1] == b"record 39" and len(got) < 40


def test_payloads_may_contain_anything_the_framing_uses():
    odd = [b"", b"SJ", b"SJ\x01\x00\x00", b"\xff" * 40, bytes(range(256)), b"\x00" * 17]
    rig = NvmRig(4096)
    journal = Journal(rig.store())
    for p in odd:
        journal.append(p)
    assert Journal(rig.store()).load() == odd
    journal.reset(odd[::-1])
    assert Journal(rig.store()).load() == odd[::-1]


def test_on_the_nvm_only_compactions_can_erase_a_sector():
    # RP2040 CircuitPython programs an nvm write in place when every target byte is 0xFF and erases
    # the whole 4 KB sector otherwise (counted by the host nvm as `erases`).
    nvm = NVM(4096)
    journal = Journal(NvmSlots(nvm))
    compactions = 0
    for step in STEPS * 3:
        gen, erases = journal._gen, nvm.erases
        apply(journal, step)
        if journal._gen == gen:
            assert nvm.erases == erases, step[0]
        else:
            compactions += 1
    assert compactions >= 3
    assert nvm.erases < compactions
