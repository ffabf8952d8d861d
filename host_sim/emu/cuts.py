"""Power cuts on the emulated board's flash: the score keeper's save of a round, cut at a
chosen flash operation (an erase of a 4 KB sector or a program of a 256-byte page,
counted from the key that saves), after some bytes of it; then the board powered up
again from what the flash holds. The match must come back either as it was before the
save or with the round: never lost, never anything else.

The round's keys are found once, on the emulated board and the simulator in lockstep
(host_sim/emu/lockstep.py): the flash as it stood before the save and the two frames the
totals may show after a power-up (without and with the round) come from that run."""

import os
import tempfile

from host_sim.emu.board import EmuBoard
from host_sim.emu.lockstep import Lockstep


class Save:
    """A Tichu round entered on ``board`` up to its save: ``flash`` before the save key
    (a file), ``keys`` that enter the round from the totals, ``ops`` the flash operations
    the save took, ``before``/``after`` the totals' frames (RGB) without and with it."""

    def __init__(self, board, workdir):
        from host_sim import player as pl
        from host_sim.device import Device

        with EmuBoard(board) as emu:
            emu.boot()
            dev = Device(board)
            step = Lockstep(emu, dev)
            pl.new_match(dev, "tichu", 1000)
            dev.settle()
            self.before = dev.panel.render()
            step.check("totals")
            self.flash = os.path.join(workdir, "before.bin")
            emu.dump(self.flash)
            start = len(step.keys)
            dev.press("ok")
            pl.choose(dev, "finish", (0, None))
            pl.choose(dev, "points", 50)
            self.keys = step.keys[start:]
            step.check("entry")
            ops = sum(emu.flash_ops)
            dev.press("ok")
            step.check("saved")
            dev.settle()
            self.after = dev.panel.render()
            self.ops = sum(emu.flash_ops) - ops
            self.mismatches = step.mismatches
        self.board = board


def cut(save, at, partial, workdir):
    """The save cut at its flash operation ``at`` (0: the first) after ``partial`` bytes of
    it, then a power-up: returns ("before" | "after" | "other", the new board's console)."""
    cut_flash = os.path.join(workdir, "cut-%d-%d.bin" % (at, partial))
    with EmuBoard(save.board, flash=save.flash) as emu:
        emu.boot()
        for k in save.keys:
            emu.press(k)
        emu.run(300)
        base = sum(emu.flash_ops)
        emu.link.send("cut", at=base + at, partial=partial)
        emu.press("ok")
        for _ in range(100):
            if emu.link.last.get("cut"):
                break
            emu.run(100)
        if not emu.link.last.get("cut"):
            raise AssertionError("the save took fewer than %d flash operations" % (at + 1))
        emu.dump(cut_flash)
    with EmuBoard(save.board, flash=cut_flash) as emu:
        emu.boot()
        rgb = emu.frame()[2]
        if emu.traceback():
            return "other", emu.console
        if rgb == save.before:
            return "before", emu.console
        if rgb == save.after:
            return "after", emu.console
        return "other", emu.console


def sweep(board, partials=(0, 100), log=print):
    """Every flash operation of one save, cut before it starts and after ``partials``
    bytes: {outcome: count}."""
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        save = Save(board, tmp)
        log("%s: the round's save takes %d flash operations" % (board, save.ops))
        for at in range(save.ops):
            for partial in partials:
                what, _ = cut(save, at, partial, tmp)
                log("  cut at operation %d after %d bytes: %s" % (at, partial, what))
                out[what] = out.get(what, 0) + 1
    return out
