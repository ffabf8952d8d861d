"""Power cuts during every write of score-keeper sessions, on models of the RP2040's nvm and of
an I2C FRAM (tests/storage/flash_model.py), through firmware.storage.saves as the app calls it.

Fault model. The nvm is one 4 KB sector of NOR flash that CircuitPython changes in two ways
only: an assignment over erased bytes programs the pages it touches (programming clears
bits, never sets them), any other assignment erases the sector and programs its 16 pages
again. The power goes at one flash operation: before it (the operation does nothing) or
inside it (torn: of the bits the operation should change, each one changes or not, decided
by a seeded PRNG; a program only clears bits, an erase only sets them). The FRAM writes
byte after byte with no erase: the power goes after any byte of a write (short writes) or at
eight points spread over a long one, leaving a prefix of it.

After each cut the board boots again (a new store over the same bytes, open_store and
saves.load as firmware/code.py and App do) and the match it loads is compared with the
state before the save in flight and after it. An append must load one of the two. The first
save after the reboot, which writes past the torn frame, is cut as well (torn, or after a
few bytes on the FRAM) and must load as before or after it; the save after the next reboot
must be kept with everything before it. A compaction (a new match, the
first save, moving an older journal in, or an area full) on the one-sector nvm has an erase
that no write order can make safe: what its cuts load is counted (old, new, empty: the
match and the settings lost, the board loads what a blank nvm loads, which is the first
version's match again if its files are still on CIRCUITPY) and printed, and it must never be
anything else. On the FRAM,
with two areas, nothing may be lost at all. Every flash operation of a session stays inside
the nvm sector, and appends never erase.

`make test` runs a shortened session (12 rounds in the first match, one PRNG seed); `make
fuzz` (FUZZ_FULL=1) the full one (40 rounds) with five seeds for the torn bits.
"""

import os

import pytest

from firmware.storage.choice import open_store
from firmware.storage.journal import Journal
from firmware.storage.stores import NvmStore
from tests.storage import score_session
from tests.storage.cut_session import (
    APPEND,
    COMPACT,
    DEFAULTS,
    EMPTY,
    EMPTY_KEY,
    MOVE_IN,
    NEW,
    OLD,
    OTHER,
    FramRig,
    Keeper,
    NvmRig,
    key,
    loaded_state,
    next_entry,
    plan,
    sweep,
)
from tests.storage.flash_model import (
    BEFORE,
    INSIDE,
    PAGE,
    SECTOR,
    BlockDevice,
    FramModel,
    NorFlash,
    NvmModel,
    PowerCut,
    XorShift32,
)
from tests.storage.legacy_format import dump, slot

NVM = 0xFF000  # where CircuitPython keeps microcontroller.nvm on an RP2040
FULL = bool(os.environ.get("FUZZ_FULL"))
SHORT = score_session.session_steps(12, 6)
LONG = score_session.session_steps(40, 10)
# Failure categories of cut_session.sweep that no cut may ever cause.
NEVER = ("other", "append", "resume", "setup", "double")


def show(capsys, report, title):
    with capsys.disabled():
        print()
        for line in report.lines(title):
            print(line)


def nvm_rig(size=SECTOR, seeds=(1,), files=()):
    flash = NorFlash()
    nvm = NvmModel(flash, NVM, size)
    return NvmRig(flash, lambda: open_store(nvm=nvm, fram=None, files=files), seeds), flash, nvm


def fram_rig(size=32768, nvm=None, files=()):
    fram = FramModel(size)
    nvm = nvm if nvm is not None else NvmModel(NorFlash(), NVM)  # the board's nvm, blank
    return FramRig(fram, lambda: open_store(nvm=nvm, fram=fram, files=files)), fram


# -- the models ---------------------------------------------------------------------------------


def test_flash_programs_only_clear_bits_and_erase_sets_them():
    flash = NorFlash()
    flash.program(NVM, bytes(range(PAGE)))
    flash.program(NVM, b"\x0f" * PAGE)
    assert flash.read(NVM, PAGE) == bytes(b & 0x0F for b in range(PAGE))
    flash.erase(NVM)
    assert flash.read(NVM, SECTOR) == b"\xff" * SECTOR
    assert [op[0] for op in flash.log] == ["program", "program", "erase"] and flash.ops == 3
    with pytest.raises(ValueError):
        flash.program(NVM + 1, b"\x00" * PAGE)


def test_a_cut_before_changes_nothing_and_inside_tears_only_the_bits_in_flight():
    flash = NorFlash()
    flash.program(NVM, b"\xf0" * PAGE)
    flash.arm(1, BEFORE)
    with pytest.raises(PowerCut):
        flash.program(NVM, b"\x00" * PAGE)
    assert flash.read(NVM, PAGE) == b"\xf0" * PAGE
    flash.arm(2, INSIDE, seed=5)
    with pytest.raises(PowerCut):
        flash.program(NVM, b"\x00" * PAGE)
    torn = flash.read(NVM, PAGE)
    assert all(b & 0x0F == 0 for b in torn)  # the bits already 0 stay 0
    assert 0 < sum(bin(b).count("1") for b in torn) < 4 * PAGE  # some of the 4 bits a byte cleared
    flash.arm(3, INSIDE, seed=6)
    with pytest.raises(PowerCut):
        flash.erase(NVM)
    after = flash.read(NVM, PAGE)
    assert all(a & t == t for a, t in zip(after, torn, strict=True))  # an erase only sets bits
    assert after != b"\xff" * PAGE and after != torn


def test_nvm_programs_pages_over_erased_bytes_and_erases_otherwise():
    flash = NorFlash()
    nvm = NvmModel(flash, NVM)
    nvm[250:260] = b"\x01" * 10  # over erased bytes, across a page boundary
    assert [(op[0], op[1]) for op in flash.log] == [("program", NVM), ("program", NVM + PAGE)]
    flash.clear_log()
    nvm[255:257] = b"\x02\x02"  # over written bytes
    assert [op[0] for op in flash.log] == ["erase"] + ["program"] * 16
    assert [op[1] for op in flash.log[1:]] == list(range(NVM, NVM + SECTOR, PAGE))
    assert nvm[250:260] == b"\x01" * 5 + b"\x02\x02" + b"\x01" * 3 and nvm[0] == 0xFF
    with pytest.raises(ValueError):
        nvm[0:2] = b"\x00"


def test_fram_keeps_a_prefix_of_a_cut_write():
    fram = FramModel(64)
    fram[0:8] = b"\xff" * 8
    fram.arm(1, 3)
    with pytest.raises(PowerCut):
        fram[0:8] = b"abcdefgh"
    assert fram[0:8] == b"abc" + b"\xff" * 5 and fram.writes == 2 and fram.bytes == 11


def test_the_block_device_writes_back_its_sector_cache_like_circuitpython():
    flash = NorFlash()
    bdev = BlockDevice(flash, 0x100000, 0x100000)
    bdev.writeblocks(0, bytearray(b"\x11" * 1024))  # blocks 0 and 1: sector 0, cached
    assert flash.ops == 0
    bdev.writeblocks(8, bytearray(b"\x22" * 512))  # sector 1: sector 0 goes to the flash
    assert [op[0] for op in flash.log] == ["erase"] + ["program"] * 16
    buf = bytearray(512)
    bdev.readblocks(8, buf)  # a read writes the cache back first
    assert buf == b"\x22" * 512 and flash.erases == 2
    bdev.readblocks(1, buf)
    assert buf == b"\x11" * 512 and bdev.ioctl(4, 0) == 2048 and bdev.ioctl(5, 0) == 512


def test_the_session_keeper_starts_from_the_apps_settings():
    from firmware.app import DEFAULTS as APP_DEFAULTS

    assert DEFAULTS == APP_DEFAULTS


# -- whole sessions -----------------------------------------------------------------------------


def run_nvm(capsys, steps, size=SECTOR, seeds=(1,), title="nvm"):
    rig, flash, _ = nvm_rig(size, seeds)
    report = plan(rig, steps)
    assert all(NVM <= addr < NVM + SECTOR for _, addr, _ in flash.log), "an operation outside the nvm"
    spans = report.spans()
    assert sum(s[3] for s in spans if s[2] == APPEND) == 0, "an append erased the nvm"
    assert all(s[3] <= 1 for s in spans), "a save erased the nvm more than once"
    sweep(rig, steps, report=report, double=True)
    show(capsys, report, "%s, %d saves" % (title, len(steps)))
    assert not report.failed(*NEVER), "\n".join(report.failed(*NEVER)[:5])
    assert report.total(APPEND) > 0 and report.total(COMPACT) > 0
    return report


def run_fram(capsys, steps, size=32768, title="fram"):
    rig, fram = fram_rig(size)
    report = sweep(rig, steps, double=True)
    show(capsys, report, "%s, %d saves" % (title, len(steps)))
    assert not report.failures, "\n".join(t for _, t in report.failures[:5])
    assert report.total(outcome=EMPTY) == 0 and report.total(outcome=OTHER) == 0
    assert report.total(COMPACT) > 0
    return report


def test_nvm_session_cut_at_every_flash_operation(capsys):
    report = run_nvm(capsys, SHORT)
    # the first save (on a blank nvm) and the two new matches
    assert sum(1 for s in report.spans() if s[2] == COMPACT) == 3


def test_fram_session_cut_after_every_byte(capsys):
    run_fram(capsys, SHORT)


def test_full_areas_compact_and_the_fram_loses_nothing_then_either(capsys):
    # Areas small enough that the session fills them: compactions that no new match asked for.
    for report in (run_nvm(capsys, SHORT, size=384, title="nvm of 384 bytes"),
                   run_fram(capsys, SHORT, size=768, title="fram of 2 x 384 bytes")):
        full = [i for i, (s, step) in enumerate(zip(report.spans()[2:], SHORT[1:], strict=True))
                if s[2] == COMPACT and step[0] != "new"]
        assert full, "no area filled up"


@pytest.mark.parametrize("game", ["tichu", "chimera"])
def test_a_long_match_fits_the_nvm_without_a_compaction(capsys, game):
    steps = score_session.long_match_steps(game, 110)
    rig, flash, nvm = nvm_rig()
    report = plan(rig, steps)
    spans = report.spans()
    assert [s[2] for s in spans[1:]].count(COMPACT) == 1 and spans[1][2] == COMPACT  # the new match
    assert flash.erases <= 1
    k = Keeper().boot(*rig.boot())
    assert k.book.rounds() >= 100 and key(k.state()) == report.state(len(steps) + 1)
    used = Journal(NvmStore(nvm)).cursor()[2]
    with capsys.disabled():
        print("\n%s: %d rounds in %d saves use %d of the nvm's %d bytes, %d erase(s)"
              % (game, k.book.rounds(), len(steps), used, len(nvm), flash.erases))


# -- older homes moved in -----------------------------------------------------------------------


def first_version_files(tmp_path, rounds=12):
    j0, j1, state = score_session.legacy_journals(rounds=rounds)
    paths = (str(tmp_path / "journal0.bin"), str(tmp_path / "journal1.bin"))
    for p, data in zip(paths, (j0, j1), strict=True):
        with open(p, "wb") as f:
            f.write(data)
    return paths, state


def test_a_fram_added_later_takes_the_nvms_match_and_loses_nothing(capsys):
    # The nvm holds a journal (the board ran without the FRAM); every cut while it moves into
    # the FRAM and afterwards loads old or new, and the nvm is never written.
    store = NvmStore(bytearray(b"\xff" * SECTOR))
    k = Keeper(store)
    for step in SHORT[:14]:
        k.apply(step)
    flash = NorFlash()
    flash.preset(NVM, bytes(store.nvm))
    nvm = NvmModel(flash, NVM)
    rig, fram = fram_rig(nvm=nvm)
    steps = score_session.resume_steps(Keeper().boot(store, None))
    report = sweep(rig, steps)
    show(capsys, report, "fram added to a board whose nvm holds the match")
    assert not report.failures, "\n".join(t for _, t in report.failures[:5])
    assert report.total(MOVE_IN) > 0 and report.total(MOVE_IN, OLD) + report.total(MOVE_IN, NEW) == \
        report.total(MOVE_IN)
    assert flash.ops == 0 and bytes(nvm[0:SECTOR]) == bytes(store.nvm)


def test_the_first_versions_nvm_journal_moved_in_under_cuts(capsys):
    # The first version kept its slots in the nvm halves: moving them in rewrites the same
    # sector (an erase), so a cut there can lose the match ("move-in" failures, counted and
    # let be), never turn it into another.
    k = Keeper()
    for step in SHORT[:10]:
        k.apply(step)
    payloads = [dump(p) for p in k.snapshot()]
    flash = NorFlash()
    flash.preset(NVM, slot(7, payloads[:2], payloads[2:]))
    nvm = NvmModel(flash, NVM)
    rig = NvmRig(flash, lambda: open_store(nvm=nvm, fram=None, files=()))
    report = sweep(rig, score_session.resume_steps(k))
    show(capsys, report, "the first version's nvm journal moved in")
    assert report.total(MOVE_IN) > 0
    assert not report.failed(*NEVER), "\n".join(report.failed(*NEVER)[:5])


def test_a_cut_while_moving_in_keeps_the_first_versions_match(tmp_path):
    # The files are read until the nvm holds a journal whose header and snapshot are whole:
    # a cut at any operation of the move-in (programs over a blank nvm, the header's page
    # first) leaves them in charge, and the next power-up moves them in.
    paths, state = first_version_files(tmp_path)
    flash = NorFlash()
    Keeper().boot(*open_store(nvm=NvmModel(flash, NVM), fram=None, files=paths))
    ops = flash.ops
    assert ops > 1 and flash.erases == 0
    for k in range(ops):
        for mode in (BEFORE, INSIDE):
            flash = NorFlash()
            nvm = NvmModel(flash, NVM)
            flash.arm(k, mode, seed=k + 1)
            with pytest.raises(PowerCut):
                Keeper().boot(*open_store(nvm=nvm, fram=None, files=paths))
            flash.disarm()
            got = Keeper().boot(*open_store(nvm=nvm, fram=None, files=paths)).state()
            assert key(got) == key(state), "cut %s operation %d: the board starts with %s" % (mode, k, got)
            assert key(loaded_state(*open_store(nvm=nvm, fram=None, files=()))) == key(state)


def test_a_blank_nvm_after_a_cut_in_a_compaction_reads_the_first_versions_files_again(tmp_path):
    # A choice, written in docs/storage.md: a cut between a compaction's erase and its first page
    # leaves the nvm blank, as on the day of the update; nothing the board can write survives
    # an erase of its one sector, and it never writes CIRCUITPY, so the first version's files
    # (if the user has not deleted them) are moved in again: the match of before the update
    # comes back instead of none. It is counted with the compaction's losses.
    paths, state = first_version_files(tmp_path)
    flash = NorFlash()
    nvm = NvmModel(flash, NVM)
    k = Keeper().boot(*open_store(nvm=nvm, fram=None, files=paths))  # moved in
    k.apply(("round", next_entry(k.book, XorShift32(3))))
    flash.clear_log()
    flash.arm(1, BEFORE)  # the new match's compaction: the erase done, page 0 not programmed
    with pytest.raises(PowerCut):
        k.apply(("new", "chimera", ["Eva", "Fin", "Gus"], 400))
    flash.disarm()
    assert bytes(nvm[0:SECTOR]) == b"\xff" * SECTOR
    assert key(loaded_state(*open_store(nvm=nvm, fram=None, files=paths))) == key(state)
    assert key(loaded_state(*open_store(nvm=nvm, fram=None, files=()))) == EMPTY_KEY


# -- make fuzz ----------------------------------------------------------------------------------


@pytest.mark.fuzz
def test_full_sessions_with_several_seeds(capsys):
    steps = LONG if FULL else SHORT
    seeds = (1, 2, 3, 4, 5) if FULL else (1,)
    run_nvm(capsys, steps, seeds=seeds, title="nvm, %d seed(s)" % len(seeds))
    run_nvm(capsys, steps, size=384, seeds=seeds, title="nvm of 384 bytes, %d seed(s)" % len(seeds))
    run_fram(capsys, steps)
    run_fram(capsys, steps, size=768, title="fram of 2 x 384 bytes")
