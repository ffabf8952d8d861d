"""Power cuts on a modelled RP2040 flash, under CircuitPython's own interpreter
(../shared/tools/circuitpython-rp2040, -X heapsize=171K): the app's start-up on a board
updated from the first app version, which moves that version's match from journal0.bin and
journal1.bin on CIRCUITPY into the nvm, then a session of saves.

Fault model (tests/storage/test_flash_cuts.py has the details): the power goes before any
one flash operation or inside it (a torn page program or sector erase), at every operation
of the start-up and the session. The flash holds the nvm sector and a FAT CIRCUITPY that
os.VfsFat formatted and that holds the deployed app (host_sim/deploy.py's drive_files), as
CircuitPython's supervisor writes it (one sector of cache, erase + program on write-back).
After each cut, on the next boot: CIRCUITPY must mount with every file byte-identical and no
flash sector but the nvm's changed (the app never writes the drive, and no cut may damage
it), and the match must load as before or after the save in flight (appends), must survive
the move-in (the files still hold it), and must never turn into another match. A cut point
whose runs ran out of the 171 KB heap is reported ("heap") and left out.

tests/storage/cp_flash_session.py is the script the interpreter runs (build, then sweep).
"""

import json
import os
import subprocess

import pytest

from firmware.storage.legacy_journal import payloads
from firmware.storage.saves import load
from tests.storage import score_session
from tests.storage.cut_session import Keeper, key

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CP = os.path.join(os.path.dirname(ROOT), "shared", "tools", "circuitpython-rp2040")
HEAP = "171K"  # what the board leaves the app (see ../shared/tools/BUILD.md)
FULL = bool(os.environ.get("FUZZ_FULL"))
BOARD = "picosystem"
# The first version's match: with the changes appended after its snapshot, the move-in
# writes a snapshot over two nvm pages (where a cut can lose it) that still fits the 171 KB
# heap next to this harness (which holds the drive's FAT, the flash model and the sweep).
LEGACY_ROUNDS = 12

pytestmark = pytest.mark.skipif(not os.access(CP, os.X_OK), reason=(
    "CircuitPython's interpreter is not at %s (../shared/tools/BUILD.md builds it)" % CP))


def run_cp(args, timeout):
    env = dict(os.environ, MICROPYPATH=ROOT)
    done = subprocess.run([CP, "-X", "heapsize=" + HEAP, "tests/storage/cp_flash_session.py"] + args,
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    out = done.stdout + done.stderr
    assert done.returncode == 0 and "DONE" in done.stdout, (
        "circuitpython-rp2040 %s failed (%s):\n%s"
        % (" ".join(args), "out of heap" if "MemoryError" in out else "rc %d" % done.returncode, out[-4000:]))
    return done.stdout


def prepare(work, rounds):
    from host_sim.deploy import drive_files

    with open(os.path.join(work, "manifest.txt"), "w") as f:
        for rel, data in drive_files(BOARD).items():  # in the order deploy writes them
            path = os.path.join(work, "deployed", rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as out:
                out.write(data)
            f.write("%s\t%s\n" % (rel, path))
    j0, j1, state = score_session.legacy_journals(rounds=LEGACY_ROUNDS)
    for name, data in (("journal0.bin", j0), ("journal1.bin", j1)):
        with open(os.path.join(work, name), "wb") as f:
            f.write(data)
    k = Keeper()
    k.book = load(None, ("json", payloads([j0, j1])), k.settings)
    assert key(k.state()) == key(state)
    with open(os.path.join(work, "expected.txt"), "w") as f:
        f.write(key(state).hex())
    with open(os.path.join(work, "steps.json"), "w") as f:
        for step in score_session.resume_steps(k, rounds=rounds):
            f.write(json.dumps(step) + "\n")


def run_device(work, rounds, seeds, nvm_at=None):
    # (RESULT values, FAIL texts by category, the report's lines) of a build and a sweep.
    prepare(work, rounds)
    out = run_cp(["build", work], 300)
    out += run_cp(["sweep", work, str(seeds)] + ([] if nvm_at is None else ["%x" % nvm_at]), 3000)
    results = {}
    fails = {}
    for line in out.splitlines():
        if line.startswith("RESULT "):
            parts = line.split()
            results[" ".join(parts[1:-1])] = parts[-1]
        elif line.startswith("FAIL "):
            category, text = line[5:].split(" ", 1)
            fails.setdefault(category, []).append(text)
    report = [line for line in out.splitlines() if not line.startswith(("RESULT", "FAIL", "DONE"))]
    assert "setup" not in fails, failures(fails, "setup")
    assert int(results["ops"]) > 0 and int(results["tried"]) == (1 + seeds) * int(results["ops"])
    return results, fails, report


@pytest.fixture(scope="module")
def device(tmp_path_factory):
    return run_device(str(tmp_path_factory.mktemp("cp_flash")), 6, 1)


def show(capsys, report):
    with capsys.disabled():
        print()
        for line in report:
            print(line)


def failures(fails, category):
    got = fails.get(category, [])
    return "%d: %s" % (len(got), "\n".join(t[:600] for t in got[:3]))


def test_the_session_ran_under_circuitpython(device, capsys):
    show(capsys, device[2])


def check_drive(results, fails):
    assert "fat" not in fails, failures(fails, "fat")
    assert results["ops_inside_nvm"] == "1", "a flash operation of the session fell outside the nvm"


def check_appends(results, fails):
    for category in ("append", "resume"):
        assert category not in fails, failures(fails, category)
    assert results["append_erases"] == "0"
    assert int(results.get("count append old", 0)) > 0


def test_no_cut_touches_circuitpy(device):
    check_drive(*device[:2])


def test_appends_load_old_or_new_never_erase_and_saving_goes_on(device):
    check_appends(*device[:2])


def test_the_drive_check_sees_a_save_that_lands_in_a_file(tmp_path):
    # The check's own test: with the nvm put over a file's data on CIRCUITPY (128 KB into
    # the drive), the session's saves change that file, and the cut points say so.
    results, fails, _ = run_device(str(tmp_path), 2, 0, nvm_at=0x120000)  # cuts "before" only
    seen = fails.get("fat", ())
    assert len(seen) > int(results["points"]) // 2, failures(fails, "fat")
    assert all("sectors other than the nvm's changed" in t and "CIRCUITPY differs" in t for t in seen)
    assert results["ops_inside_nvm"] == "0"


def test_a_cut_while_moving_in_keeps_the_match(device):
    _, fails, _ = device
    assert "move-in" not in fails, failures(fails, "move-in")


def test_no_cut_brings_back_another_match(device):
    _, fails, _ = device
    for category in ("other", "double"):
        assert category not in fails, failures(fails, category)


def test_every_cut_point_ran_within_the_boards_heap(device):
    _, fails, _ = device
    assert "heap" not in fails, failures(fails, "heap")


@pytest.mark.fuzz
def test_a_longer_session_with_more_seeds(tmp_path, capsys):
    results, fails, report = run_device(str(tmp_path), 20 if FULL else 6, 5 if FULL else 1)
    show(capsys, report)
    check_drive(results, fails)
    check_appends(results, fails)
