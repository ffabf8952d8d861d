"""Power cuts in the app's own save path (issue 21): the unchanged App saves a session of the
score keeper, two dealt matches (a human and bots: the bots' actions waiting for the human's,
a round that ends and is scored, settings changed in the middle of a round) and settings,
through firmware/storage/saves.py, firmware/storage/journal.py and firmware/dealer.py, and the power goes
at every flash operation or FRAM byte (tests/storage/app_cuts.py says how each cut is
judged). A restore is cut the same way: the board keeps the old match or gets the new one.

`make test` takes every save's last operation and every 48th other one, and samples long FRAM
writes; `make fuzz` (FUZZ_FULL=1) takes every operation, three torn-bit seeds, and every byte of
every FRAM write (of the 32 KB FRAM's 0xFF fills: 16 points each). Each test prints its figures."""

import os

import pytest

from host_sim.board_backup import Content, fram_writes, nvm_image
from host_sim.board_link import WRITE_CHUNK
from tests.storage.app_cuts import (
    EMPTY,
    NEW,
    OLD,
    UNREADABLE,
    Fram,
    Nvm,
    plan,
    restore_sweep,
    sweep,
)

FULL = bool(os.environ.get("FUZZ_FULL"))
EVERY = 1 if FULL else 48
LONG = dict(dealt_actions=30, tichu_actions=30) if FULL else dict(dealt_actions=4, tichu_actions=6)


def show(capsys, report):
    with capsys.disabled():
        print()
        for line in report.lines():
            print(line)


def check(report):
    assert not report.failures, "\n".join(report.failures[:5])
    assert report.points > 0 and report.total("second cut") > 0


def test_the_apps_saves_on_the_nvm_load_old_or_new_after_every_cut(capsys):
    r = sweep(Nvm(), "nvm 4 KB, the app's saves", full=FULL, every=EVERY, **LONG)
    show(capsys, r)
    check(r)
    assert r.total("append", OLD) and r.total("compaction", NEW)
    assert r.total("append", EMPTY) == r.total("append", UNREADABLE) == 0
    names = [s[0] for s in r.saves]
    assert any("bots' not yet saved" in n for n in names), "no human action carried the bots' actions"
    ends = [n for n in names if "ends the round" in n]
    assert ends and len(ends) == 2 * len(set(ends)), "a finished round: its actions, then its score line"


@pytest.mark.fuzz  # make fuzz; make test has the 4 KB nvm's sweep
def test_a_small_nvm_compacts_in_the_middle_of_a_round_and_loses_only_what_an_erase_can(capsys):
    r = sweep(Nvm(size=1024), "nvm 1 KB (compactions in a round)", full=FULL, every=EVERY, **LONG)
    show(capsys, r)
    check(r)
    assert [n for n in r.compactions if not n.startswith("new ")], "no compaction in the middle of a match"


@pytest.mark.fuzz  # make fuzz; make test has the small FRAM's sweep below
def test_the_apps_saves_on_the_fram_never_lose_anything(capsys):
    fram = Fram(32768, every=64, spread=16 if FULL else 4)
    r = sweep(fram, "FRAM 32 KB, the app's saves", every=EVERY,
              **(LONG if FULL else dict(dealt_actions=2, tichu_actions=2)))
    show(capsys, r)
    check(r)
    assert r.total(outcome=EMPTY) == r.total(outcome=UNREADABLE) == 0


@pytest.mark.fuzz  # make fuzz (about a minute); make test cuts the FRAM in tests/storage/test_flash_cuts.py
def test_a_small_fram_cut_after_every_byte_of_every_write_loses_nothing(capsys):
    # Areas of 1 KB: compactions in the middle of rounds, each a write of hundreds of bytes
    # (the snapshot) and fills of 256: every byte of each (make test: every 24th write, 16 points
    # over a long one).
    r = sweep(Fram(2048, every=64, spread=16), "FRAM 2 x 1 KB, every byte" if FULL else "FRAM 2 x 1 KB",
              full=FULL, every=1 if FULL else 24, dealt_actions=2, tichu_actions=2)
    show(capsys, r)
    check(r)
    assert r.total(outcome=EMPTY) == r.total(outcome=UNREADABLE) == 0
    assert [n for n in r.compactions if not n.startswith("new ")], "no compaction in the middle of a match"
    assert any(len(op[1]) > 64 for op in plan_writes()), "no FRAM write longer than 64 bytes"


def plan_writes():
    m = Fram(2048)
    plan(m, dealt_actions=2, tichu_actions=2)
    return m.log()


# -- a restore cut short ------------------------------------------------------------------------------


def two_matches(memory):
    """(the memory's image with a match in it, a backup of another one with a round in progress)"""
    plan(memory, dealt_actions=2, tichu_actions=6)
    other = memory.__class__(memory.size)
    plan(other, dealt_actions=9, tichu_actions=0)
    backup = Content(memory.kind, other.image()[:memory.size] if memory.kind == "nvm" else other.image())
    return memory.image(), backup


def test_a_restore_into_the_fram_cut_anywhere_leaves_the_old_match_or_the_new(capsys):
    memory = Fram(32768, every=64, spread=32)
    old_image, backup = two_matches(memory)

    def restore(m):  # the writes host_sim restore has the board make (board_link.write_fram)
        writes, _ = fram_writes(backup, m.image())
        for offset, data in writes:
            for a in range(offset, offset + len(data), WRITE_CHUNK):
                chunk = data[a - offset:a - offset + WRITE_CHUNK]
                m.fram[a:a + len(chunk)] = chunk

    r, old, new = restore_sweep(memory, "restore into the FRAM", old_image, restore, full=FULL,
                                every=1 if FULL else 6)
    show(capsys, r)
    assert old != new
    check(r)
    assert r.total("restore", OLD) and r.total("restore", NEW)
    assert r.total("restore", EMPTY) == r.total("restore", UNREADABLE) == 0


def test_a_restore_into_the_nvm_cut_anywhere_keeps_old_new_or_says_it_lost_it(capsys):
    memory = Nvm()
    old_image, backup = two_matches(memory)

    def restore(m):  # one assignment of the whole nvm (board_link.write_nvm): one sector erase
        m.nvm[0:4096] = nvm_image(backup, 4096)

    r, old, new = restore_sweep(memory, "restore into the nvm", old_image, restore, full=FULL)
    show(capsys, r)
    check(r)
    assert r.total("restore", OLD) and r.total("restore", NEW)
