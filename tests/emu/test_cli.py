"""`python -m host_sim emu` (make emu): the frames, the summary line and the saved flash."""

import os

from host_sim.__main__ import main
from host_sim.png import decode_size


def test_emu_writes_the_first_and_the_last_frame_and_the_flash(tmp_path, capsys):
    out, image = tmp_path / "frames", tmp_path / "flash.img"
    status = main(["emu", "--board", "picosystem", "--keys", "down", "--out", str(out),
                   "--save-flash", str(image)])
    stdout, stderr = capsys.readouterr()
    assert status == 0 and stderr == "", stderr
    [line] = stdout.splitlines()
    assert line.startswith("picosystem: first screen at "), line
    assert "screens (free heap, bytes): menu " in line, line
    first, last = ((out / n).read_bytes() for n in ("first.png", "last.png"))
    assert decode_size(first) == decode_size(last) == (240, 240)
    assert first != last  # DOWN moved the menu's focus
    assert os.path.getsize(image) == 16 << 20  # the PicoSystem's 16 MB, for --flash
