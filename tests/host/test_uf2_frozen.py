"""make uf2's default, the frozen install (host_sim/uf2.py build_frozen, issue 27): one file with
CircuitPython for the board, the app compiled into it by the relink kit
(../shared/tools/circuitpython/kit/freeze.sh), and a CIRCUITPY drive with only what the app reads
as files. Unpacked here: the firmware from the flash's start and below the nvm sector, the drive
from 1 MB on, nothing in the nvm (the match survives an update); what is frozen is the drive
install's app with its libraries at the top. The kit's own failures are one line each. Booting it
is tests/emu/test_frozen.py's."""

import os

import pytest

import host_sim.uf2 as uf2
from host_sim.deploy import DeployError
from tests.host.test_uf2 import FLASH, NVM, XIP, blocks

BOARDS = sorted(FLASH)
WHY = uf2.kit_problem() or uf2.toolchain_problem()  # (installs the toolchain where it may: root, apt-get)


def quiet(*_):
    pass


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    if WHY:
        pytest.skip("the frozen UF2: %s" % WHY)
    tmp = tmp_path_factory.mktemp("frozen")
    return {b: uf2.build_frozen(b, str(tmp / (b + ".uf2")), log=quiet) for b in BOARDS}


@pytest.mark.parametrize("board", BOARDS)
def test_the_frozen_uf2_is_firmware_then_drive_and_leaves_the_nvm_alone(built, board):
    path, fit = built[board]
    got = blocks(path)
    addrs = [a for a, _ in got]
    firmware = [a for a in addrs if a < NVM]
    drive = [a for a in addrs if a >= NVM]
    assert firmware[0] == XIP and drive and min(drive) == XIP + 0x100000
    assert not [a for a in addrs if NVM <= a < NVM + 4096], "a block in the nvm sector"
    assert max(addrs) + 256 <= XIP + FLASH[board]
    image = b"".join(data for a, data in got if a < NVM)
    assert uf2.profile(board)[0].encode() + b"\0" in image  # CircuitPython for this board
    assert b"engine_core/tichu/game.py" in image  # the app's modules, frozen under their paths
    used, region = [int(x) for x in fit.split("firmware ")[1].split(" (")[0].split(" bytes of ")]
    assert len(image) - 256 < used <= len(image) and region == 1020 * 1024  # (in whole 256-byte blocks)


def test_what_is_frozen_is_the_drive_installs_app_with_its_libraries_at_the_top():
    from host_sim.deploy import app_files

    board = "pico_display_pack"  # a profile with a library
    tree = dict(uf2.freeze_tree(board))
    files = dict(app_files(board))
    assert "adafruit_fram.py" in tree and "lib/adafruit_fram.py" in files
    on_drive = {"lib/" + p if p == "adafruit_fram.py" else p for p in tree}
    assert {p for p in files if p.endswith(".py")} == on_drive
    assert "boards/pico_display_pack.py" in tree and "boards/picosystem.py" not in tree
    assert "firmware/drive_code.py" not in tree  # the drive install's loader
    drive = dict(uf2.frozen_drive(board))
    assert sorted(drive) == ["code.py", "texts.tsv"] and drive["code.py"].endswith(b"import firmware.code\n")
    assert drive["texts.tsv"] == files["firmware/texts.tsv"]  # firmware/texts.py TABLE, frozen


def test_without_the_kit_or_the_toolchain_it_says_so_in_one_line(tmp_path):
    why = uf2.kit_problem(str(tmp_path))
    assert "relink kit" in why and "INSTALL=drive" in why and "\n" not in why
    with pytest.raises(DeployError) as e:
        uf2.build_frozen("picosystem", str(tmp_path / "x.uf2"), log=quiet, kit=str(tmp_path))
    assert "relink kit" in str(e.value) and not os.path.exists(tmp_path / "x.uf2")
    why = uf2.toolchain_problem(which=lambda name: None)
    assert why == "the firmware's link needs the Arm toolchain: " + uf2.HOW_TO_INSTALL


def test_an_app_that_does_not_fit_is_refused_in_one_line_and_leaves_no_uf2(tmp_path):
    if WHY:
        pytest.skip("the frozen UF2: %s" % WHY)
    # 400 KB of strings more than the firmware's 1020 KB have room for (the kit's exit 3)
    big = [("ballast%d.py" % i, ("B = %r\n" % os.urandom(60000).hex()).encode()) for i in range(8)]
    out = tmp_path / "big.uf2"
    with pytest.raises(DeployError) as e:
        uf2.build_frozen("picosystem", str(out), log=quiet, modules=big)
    assert "does not fit" in str(e.value) and "\n" not in str(e.value)
    assert not out.exists()
