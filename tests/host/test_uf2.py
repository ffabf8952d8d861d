"""make uf2 (host_sim/uf2.py): the UF2 of every board, unpacked.

Without a board: each UF2 is read block by block here (not with host_sim.uf2's reader): RP2040's
family id in every block, numbered blocks of 256 bytes at rising addresses, the first at the
start of CIRCUITPY and none at or below the nvm sector, the drive sized to the board's flash.
Then, on CircuitPython's RP2040-like interpreter (../shared/tools/circuitpython-rp2040; skipped
without it), tests/host/cp_uf2_boot.py mounts the drive with CircuitPython's own FAT code
(os.VfsFat): it must hold exactly what make deploy writes onto an empty drive, and the code.py
on it boots the app, with the board's C modules stood in for, to the same first screen as the
simulator shows, without writing the drive. A CircuitPython UF2 put in front (CIRCUITPYTHON_UF2)
is checked for family, layout and board before anything is written.
"""

import hashlib
import os
import struct
import subprocess

import pytest

import host_sim.deploy as deploy
import host_sim.uf2 as uf2
from host_sim.deploy import DeployError

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOLS = os.path.join(os.path.dirname(ROOT), "shared", "tools")
CP = os.path.join(TOOLS, "circuitpython-rp2040")
MPY_CROSS = os.path.join(TOOLS, "mpy-cross")
NO_CP = ("CircuitPython's RP2040-like interpreter is not at %s (docs/development.md says what it is): the "
         "UF2's drive is not mounted nor booted" % CP)
NO_MPY = "CircuitPython's interpreter or mpy-cross is not in %s: the .mpy drive is not booted" % TOOLS
MB = 1024 * 1024
# The issue's flash sizes: what CircuitPython gives each board's drive (all of it from 1 MB on).
FLASH = {"picosystem": 16 * MB, "pico_display_pack": 2 * MB, "macropad": 8 * MB, "badger2040": 2 * MB}
XIP = 0x10000000
NVM = XIP + 0xFF000  # the 4 KB sector between the firmware and CIRCUITPY
DRIVE = XIP + 0x100000
RP2040 = 0xE48BFF56


def quiet(*_):
    pass


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """{board: (UF2 path, the drive's files as make uf2 put them in)} for every board."""
    tmp = tmp_path_factory.mktemp("uf2")
    return {b: uf2.build(b, str(tmp / (b + ".uf2")), log=quiet) for b in sorted(deploy.board_profiles())}


def blocks(path):
    """[(address, payload)] of a UF2, after checking every block's frame."""
    raw = open(path, "rb").read()
    assert raw and len(raw) % 512 == 0
    n = len(raw) // 512
    out = []
    for i in range(n):
        b = raw[i * 512:(i + 1) * 512]
        magic0, magic1, flags, addr, size, no, total, family = struct.unpack("<8I", b[:32])
        assert (magic0, magic1, struct.unpack("<I", b[508:])[0]) == (0x0A324655, 0x9E5D5157, 0x0AB16F30)
        assert flags & 0x2000 and family == RP2040, "block %d: flags %x family %x" % (i, flags, family)
        assert (no, total, size) == (i, n, 256) and addr % 256 == 0
        out.append((addr, b[32:32 + size]))
    return out


def drive_image(path, flash):
    """CIRCUITPY as the UF2 leaves it on a board whose drive was erased."""
    image = bytearray(b"\xff" * (flash - 0x100000))
    for addr, data in blocks(path):
        image[addr - DRIVE:addr - DRIVE + len(data)] = data
    return bytes(image)


def test_the_boards_are_the_four_of_the_issue(built):
    assert sorted(built) == sorted(FLASH)


@pytest.mark.parametrize("board", sorted(FLASH))
def test_the_uf2_is_the_drive_alone_from_1_mb_on_sized_to_the_flash(built, board):
    path, tree = built[board]
    got = blocks(path)
    addrs = [a for a, _ in got]
    assert addrs == sorted(set(addrs)), "blocks overlap or are out of order"
    assert addrs[0] == DRIVE  # the drive's boot sector first
    assert min(addrs) > NVM + 4095, "a block at or below the nvm sector"
    assert addrs[-1] + 256 <= XIP + FLASH[board]
    boot = got[0][1] + got[1][1]
    assert boot[510:512] == b"\x55\xaa"
    sectors = struct.unpack_from("<H", boot, 19)[0] or struct.unpack_from("<I", boot, 32)[0]
    assert sectors * 512 == FLASH[board] - 0x100000  # the whole drive of this board's flash
    assert tree == list(deploy.drive_tree(board))


def test_the_tree_is_what_make_deploy_writes_onto_an_empty_drive(built, tmp_path):
    board = "pico_display_pack"  # a profile with a library
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Board ID:%s\n" % uf2.profile(board)[0])
    deploy.deploy(board, str(drive), log=quiet)
    written = {}
    for here, _, files in os.walk(drive):
        for f in files:
            path = os.path.join(here, f)
            written[os.path.relpath(path, drive).replace(os.sep, "/")] = open(path, "rb").read()
    del written["boot_out.txt"]
    assert written == dict(built[board][1])
    assert "app_a/lib/adafruit_fram.py" in written and "code.py" in written


# -- CircuitPython UF2 in front ---------------------------------------------------------------


def firmware(path, text=b"pimoroni_picosystem\0", family=RP2040, start=XIP, size=64 * 1024, flag=0x2000):
    """A stand-in CircuitPython UF2: ``size`` bytes from ``start`` holding ``text``."""
    data = (b"\x00" * 1000 + text).ljust(size, b"\x01")
    n = -(-size // 256)
    with open(path, "wb") as f:
        for i in range(n):
            chunk = data[i * 256:(i + 1) * 256]
            head = struct.pack("<8I", 0x0A324655, 0x9E5D5157, flag, start + i * 256, len(chunk), i, n, family)
            f.write(head + chunk.ljust(476, b"\0") + struct.pack("<I", 0x0AB16F30))
    return str(path)


def test_a_circuitpython_uf2_for_the_board_goes_in_front_and_the_nvm_stays_out(tmp_path):
    fw = firmware(tmp_path / "cp.uf2", size=0xFF000)  # the whole 1020 KB of the firmware's part
    out, _ = uf2.build("picosystem", str(tmp_path / "both.uf2"), circuitpython_uf2=fw, log=quiet)
    got = blocks(out)
    firmware_part = [b for b in got if b[0] < DRIVE]
    assert firmware_part == blocks(fw)
    drive_part = got[len(firmware_part):]
    assert drive_part[0][0] == DRIVE and drive_part[1][1][254:256] == b"\x55\xaa"
    assert not [a for a, _ in got if NVM <= a < DRIVE], "a block in the nvm sector"


@pytest.mark.parametrize("kind, why", [
    ("board", "not CircuitPython for pimoroni_picosystem"),
    ("prefix", "not CircuitPython for pimoroni_picosystem"),
    ("rp2350", "not an RP2040 UF2"),
    ("nofamily", "not an RP2040 UF2"),
    ("nvm", "ends below the nvm"),
    ("junk", "is not a UF2 file"),
])
def test_a_circuitpython_uf2_of_another_board_family_or_layout_is_refused(tmp_path, kind, why):
    path = tmp_path / "cp.uf2"
    if kind == "board":
        firmware(path, text=b"adafruit_macropad_rp2040\0")
    elif kind == "prefix":  # a longer id that starts with this board's is another board
        firmware(path, text=b"pimoroni_picosystem2\0")
    elif kind == "rp2350":
        firmware(path, family=0xE48BFF59)
    elif kind == "nofamily":
        firmware(path, flag=0)
    elif kind == "nvm":  # a Pico W-like build: 1.5 MB of firmware
        firmware(path, size=0x181000)
    else:
        path.write_bytes(b"\x00" * 1024)
    out = tmp_path / "both.uf2"
    with pytest.raises(DeployError, match=why):
        uf2.build("picosystem", str(out), circuitpython_uf2=str(path), log=quiet)
    assert not out.exists()


def test_the_command_names_what_is_wrong_in_one_line(capsys):
    assert uf2.main(["--board", "nosuch"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "unknown board 'nosuch'" in err[0]


# -- the drive on CircuitPython's own interpreter -------------------------------------------------


def boot(image_path, board):
    env = dict(os.environ, MICROPYPATH="%s:%s" % (ROOT, os.path.join(ROOT, "benchmarks")))
    p = deploy.check_board(board)[board]
    size = [str(deploy._assigned(p, name)) for name in ("WIDTH", "HEIGHT")]
    done = subprocess.run([CP, "-X", "heapsize=171K", "tests/host/cp_uf2_boot.py", image_path,
                           str(FLASH[board]), uf2.profile(board)[0]] + size, cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    out = done.stdout + done.stderr
    assert done.returncode == 0 and out.rstrip().endswith("DONE"), out[-4000:]
    assert "FAIL" not in out, out[-4000:]
    return out.splitlines()


def expected_drive(tree):
    """{path: (size, sha256)} and the folders of the drive: the deployed tree and the files
    folder2uf2 adds as CircuitPython's formatter does (to keep desktops from littering)."""
    import folder2uf2

    files = dict(tree)
    for path, data in folder2uf2.EXTRA_FILES:
        files.setdefault(path, data)
    dirs = {"/".join(p.split("/")[:i]) for p in files for i in range(1, p.count("/") + 1)}
    return {p: (len(d), hashlib.sha256(d).hexdigest()) for p, d in files.items()}, dirs


def first_screen(board, state):
    """The texts of the simulator's first screen for ``board`` (a fresh board)."""
    from host_sim.device import Device
    from host_sim.shot import store_in

    return sorted(Device(board, store_in(state)).texts())


def check_boot(tmp_path, board, path, tree):
    image = tmp_path / ("%s.img" % board)
    image.write_bytes(drive_image(path, FLASH[board]))
    lines = boot(str(image), board)
    files = {ln.split()[1]: (int(ln.split()[2]), ln.split()[3]) for ln in lines if ln.startswith("FILE ")}
    dirs = {ln.split(" ", 1)[1] for ln in lines if ln.startswith("DIR ")}
    want_files, want_dirs = expected_drive(tree)
    assert files == want_files
    assert dirs == want_dirs
    shown = sorted(ln.split(" ", 3)[3] for ln in lines if ln.startswith("TEXT "))
    assert shown and shown == first_screen(board, str(tmp_path / "sim"))
    changed = [int(a, 16) for a in lines[-2].split()[1:]]
    assert lines[-2].startswith("CHANGED") and not [a for a in changed if a >= 0x100000], \
        "the app wrote CIRCUITPY: %s" % lines[-2]
    return lines


@pytest.mark.skipif(not os.access(CP, os.X_OK), reason=NO_CP)
@pytest.mark.parametrize("board", sorted(FLASH))
def test_the_drive_mounts_holds_the_deployed_tree_and_boots_to_the_first_screen(built, tmp_path, board):
    path, tree = built[board]
    check_boot(tmp_path, board, path, tree)


@pytest.mark.skipif(not (os.access(CP, os.X_OK) and os.access(MPY_CROSS, os.X_OK)), reason=NO_MPY)
def test_the_mpy_drive_boots_too(tmp_path):
    board = "pico_display_pack"  # the smallest drive, and a library from the drive draws the panel
    path, tree = uf2.build(board, str(tmp_path / "mpy.uf2"), mpy_cross=MPY_CROSS, log=quiet)
    assert [p for p, _ in tree if p.endswith(".py")] == ["code.py"]
    check_boot(tmp_path, board, path, tree)
