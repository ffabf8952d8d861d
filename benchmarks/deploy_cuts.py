"""make deploy-cuts: a deploy over the previous version, cut at every flash operation; the outcomes.

    python benchmarks/deploy_cuts.py [--board picosystem] [--every N] [--seeds S] [--work DIR]

The previous version is what `make deploy` wrote before the manifests (commit PREVIOUS, taken
from git: its host_sim/deploy.py deploys its own tree) onto a drive that already holds the
owner's files (settings.toml, a notes file, a library of theirs). This version's deploy then
runs over it on the host, its file operations recorded (host_sim/deploy.HostDrive), and
CircuitPython's interpreter (../shared/tools) replays them on its own FAT over the modelled
flash with a cut at every operation (benchmarks/cp_deploy_cuts.py says how, and what each
outcome means). --every N cuts every N-th operation only (make test runs a sample so).
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from benchmarks.cp_app import INTERP  # noqa: E402
from host_sim import deploy  # noqa: E402

# The last commit whose deploy switched apps by rewriting code.py: "the previous version".
PREVIOUS = "7bfecbdeb646bf559e5b8d73812cc154c298f4af"
OUTCOMES = ("old", "new", "incomplete", "unmountable", "no-app", "HALF")
SUMMED = ("points", "reused", "sizes_only_half", "user_kept", "user_damaged")  # per run; the others are alike
BOOT_OUT = ("Adafruit CircuitPython 9.2.1 on 2024-11-20; %s with rp2040\r\n"
            "Board ID:%s\r\nUID:E6614C311B7A8B21\r\n")
USER_FILES = {  # the owner's, on the drive before the previous version came
    "settings.toml": b'# Environment variables\nCIRCUITPY_WEB_API_PASSWORD = "scores"\n',
    "my_notes.txt": b"Tichu night: Ann, Ben, Carla, Dan\n" * 20,
    "lib/my_helper.py": b"def helper():\n    return 42\n",
}


class Recorder(deploy.HostDrive):
    """The host's drive, with every operation also kept for the replay (ops.txt, data/)."""

    def __init__(self, top, work):
        deploy.HostDrive.__init__(self, top)
        self.work = work
        self.ops = []
        os.makedirs(os.path.join(work, "data"), exist_ok=True)

    def write(self, rel, data):
        name = "data/%d" % len(self.ops)
        with open(os.path.join(self.work, name), "wb") as f:
            f.write(data)
        self.ops.append(("write", rel, name))
        deploy.HostDrive.write(self, rel, data)

    def overwrite(self, rel, data):
        name = "data/%d" % len(self.ops)
        with open(os.path.join(self.work, name), "wb") as f:
            f.write(data)
        self.ops.append(("overwrite", rel, name))
        deploy.HostDrive.overwrite(self, rel, data)

    def remove(self, rel):
        self.ops.append(("remove", rel))
        deploy.HostDrive.remove(self, rel)

    def rmdir(self, rel):
        self.ops.append(("rmdir", rel))
        deploy.HostDrive.rmdir(self, rel)

    def rename(self, rel, new):
        self.ops.append(("rename", rel, new))
        deploy.HostDrive.rename(self, rel, new)

    def sync(self):
        self.ops.append(("sync",))


def previous_source(work):
    """The previous version's tree (git archive of PREVIOUS), or None when git or the commit is missing."""
    out = os.path.join(work, "previous")
    os.makedirs(out)
    try:
        archive = subprocess.run(["git", "-C", ROOT, "archive", PREVIOUS], capture_output=True,
                                 timeout=120)
    except OSError:
        return None
    if archive.returncode != 0:
        return None
    subprocess.run(["tar", "-x", "-C", out], input=archive.stdout, check=True)
    return out


def listing(path, files):
    with open(path, "w") as f:
        for rel, data in files:
            f.write("%s\t%d\t%08x\n" % (rel, len(data), zlib.crc32(data)))


def prepare(work, board):
    """WORK for benchmarks/cp_deploy_cuts.py; returns the new deploy's Outcome."""
    old_src = previous_source(work)
    if old_src is None:
        raise SystemExit("deploy-cuts: the previous version (commit %s) is not in this clone's git "
                         "history; fetch it (git fetch --unshallow) and run again" % PREVIOUS[:10])
    drive = os.path.join(work, "drive")
    os.makedirs(drive)
    board_id = deploy._assigned(deploy.board_profiles()[board], "BOARD_ID")
    first = {"boot_out.txt": (BOOT_OUT % (board, board_id)).encode()}
    first.update(USER_FILES)
    for rel, data in first.items():
        os.makedirs(os.path.dirname(os.path.join(drive, rel)), exist_ok=True)
        with open(os.path.join(drive, rel), "wb") as f:
            f.write(data)
    code = ("import sys\nsys.path.insert(0, %r)\nfrom host_sim import deploy\n"
            "w = deploy.deploy(%r, %r, root=%r, log=lambda s: None)[0]\nprint('\\n'.join(w))\n"
            % (old_src, board, drive, old_src))
    done = subprocess.run([sys.executable, "-c", code], cwd=old_src, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit("deploy-cuts: the previous version's deploy failed:\n" + done.stderr)
    written = done.stdout.split()
    prev = os.path.join(work, "previous_drive")
    shutil.copytree(drive, prev)  # what the replay starts from; the deploy below changes ``drive``
    with open(os.path.join(work, "prev.txt"), "w") as f:
        for rel in list(first) + written:
            f.write("%s\t%s\n" % (rel, os.path.join(prev, rel)))
    old = [(rel, _read(drive, rel)) for rel in written if rel.startswith(deploy.SLOTS[0] + "/")]
    listing(os.path.join(work, "old.txt"), old)
    listing(os.path.join(work, "user.txt"), list(first.items()))
    with open(os.path.join(work, "old_code.py"), "wb") as f:
        f.write(_read(drive, "code.py"))
    assert _read(drive, "code.py") == deploy.old_code_py(deploy.SLOTS[0]), "the previous code.py is not known"
    rec = Recorder(drive, work)
    outcome = deploy.deploy(board, drive, io=rec, log=lambda s: None)
    with open(os.path.join(work, "ops.txt"), "w") as f:
        for op in rec.ops:
            f.write("\t".join(op) + "\n")
    listing(os.path.join(work, "new.txt"), deploy.app_files(board))
    with open(os.path.join(work, "new_slot.txt"), "w") as f:
        f.write(outcome.written[0].split("/")[0])
    with open(os.path.join(work, "loader.py"), "wb") as f:
        f.write(deploy.loader())
    with open(os.path.join(work, "stub.py"), "wb") as f:
        f.write(deploy.stub(deploy.loader(), len(deploy.old_code_py(deploy.SLOTS[0])), deploy.SLOTS[0]))
    return outcome


def _read(drive, rel):
    with open(os.path.join(drive, rel), "rb") as f:
        return f.read()


def sweep(work, every=1, seeds=1, board="picosystem", ends=0, timeout=None, parts=1):
    """{key: value} of the RESULT lines (the counts of ``parts`` runs side by side added), and the
    CUT and ERROR lines."""
    prepare(work, board)
    runs = [subprocess.Popen([INTERP, "-X", "heapsize=48M", "benchmarks/cp_deploy_cuts.py", work, str(every),
                              str(seeds), str(ends), "1", str(p), str(parts)], cwd=ROOT,
                             env=dict(os.environ, MICROPYPATH=ROOT), stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True) for p in range(parts)]
    results = {}
    cuts = []
    for run in runs:
        out = run.communicate(timeout=timeout)[0]
        if run.returncode != 0 or "DONE" not in out:
            raise RuntimeError("circuitpython-rp2040 failed (rc %d):\n%s" % (run.returncode, out[-4000:]))
        for line in out.splitlines():
            if line.startswith("RESULT "):
                split = line[7:].partition if line.startswith("RESULT after ") else line[7:].rpartition
                key, _, value = split(" ")
                if key.startswith("count ") or key in SUMMED:
                    value = str(int(results.get(key, 0)) + int(value))
                results[key] = value
            elif line.startswith(("CUT ", "ERROR ")):
                cuts.append(line)
    return results, cuts


BOOT_SCRIPT = """\
import sys
scope = {"__name__": "loader"}
exec(open(sys.argv[1]).read(), scope)
if sys.argv[3] != "none":
    assert scope["choose"](sys.argv[2], sys.argv[3] == "crc") == "app_a"
"""


def boot_cost(work, board, mpy_cross=None):
    """{"crc": ms, "sizes": ms}: what the loader's check of a complete folder costs a power-up on
    the RP2040 (callgrind's instructions of CircuitPython's interpreter reading the drive deploy
    writes from host files, x 2.5 cycles / 125 MHz as make cost counts; the flash reads
    themselves are not in it)."""
    from benchmarks.cost import ms

    drive = os.path.join(work, "boot" + ("_mpy" if mpy_cross else ""))
    for rel, data in deploy.drive_files(board, mpy_cross).items():
        os.makedirs(os.path.dirname(os.path.join(drive, rel)), exist_ok=True)
        with open(os.path.join(drive, rel), "wb") as f:
            f.write(data)
    script = os.path.join(work, "boot_cost.py")
    with open(script, "w") as f:
        f.write(BOOT_SCRIPT)
    counts = {}
    for how in ("none", "sizes", "crc"):
        out = os.path.join(work, "callgrind.%s" % how)
        subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, INTERP, "-X",
                        "heapsize=171K", script, os.path.join(drive, "code.py"), drive, how],
                       check=True, capture_output=True)
        with open(out) as f:
            counts[how] = next(int(line.split()[1]) for line in f if line.startswith(("summary:", "totals:")))
    return {how: ms(counts[how] - counts["none"]) for how in ("sizes", "crc")}


def report(results, cuts, every, seeds, ends=0):
    r = results
    print("A deploy over the previous version on a 1 MB FAT12 CIRCUITPY (oofatfs, one-sector cache, "
          "4 KB erases, 256-byte pages):")
    print("  %s file operations, %s flash operations (%s sector erases, %s of the sector with the boot "
          "sector and the FAT); flash operations on the nvm: %s"
          % (r["file_ops"], r["flash_ops"], r["erases"], r["sector0_rewrites"], r["nvm_touched"]))
    print("  uncut, the board then runs: %s app (the owner's files %s)" % tuple(r["after"].split()))
    print("  %s cut points (%s, before and inside %s):" % (
        r["points"], "every flash operation" if every == 1 else "every %d-th flash operation%s" % (
            every, " and each of the first and last %d" % ends if ends else ""),
        "with 1 seed" if seeds == 1 else "with %d seeds" % seeds))
    for key in OUTCOMES:
        print("    %-12s %6s" % (key, r["count " + key]))
    print("  with the sizes alone checked (no CRC of the files), the loader would run half an app at %s"
          % r["sizes_only_half"])
    print("  the owner's files whole after %s of them, damaged after %s"
          % (r["user_kept"], r["user_damaged"]))
    print("  (%s s)" % r["seconds"])
    for line in cuts[:20]:
        print("  " + line)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="benchmarks/deploy_cuts.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", default="picosystem")
    ap.add_argument("--every", type=int, default=1, help="cut every N-th flash operation (default: all)")
    ap.add_argument("--seeds", type=int, default=1, help="torn-bit seeds per cut inside an operation")
    ap.add_argument("--ends", type=int, default=0, help="and every one of the first and last N operations")
    ap.add_argument("--parts", type=int, default=2, help="runs side by side, each cutting its share")
    ap.add_argument("--work", help="keep the work folder here (default: a temporary one)")
    ap.add_argument("--boot-cost", action="store_true",
                    help="only what the loader's check costs a power-up (callgrind)")
    args = ap.parse_args(argv)
    if not os.access(INTERP, os.X_OK):
        print("deploy-cuts: needs CircuitPython's interpreter at %s (../shared/tools, see its BUILD.md)"
              % INTERP, file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(dir="/dev/shm" if os.path.isdir("/dev/shm") else None) as tmp:
        work = args.work or tmp
        if args.work:
            shutil.rmtree(work, ignore_errors=True)
            os.makedirs(work)
        if args.boot_cost or shutil.which("valgrind"):
            from benchmarks.cp_app import MPY_CROSS

            for label, mpy in ((".py", None), (".mpy", MPY_CROSS)):
                cost = boot_cost(work, args.board, mpy)
                print("The loader's check of a complete folder (%s), per power-up on the RP2040: %.0f ms "
                      "with the files' CRCs, %.0f ms with their sizes alone (flash reads not counted)"
                      % (label, cost["crc"], cost["sizes"]))
            if args.boot_cost:
                return 0
        results, cuts = sweep(work, args.every, args.seeds, args.board, args.ends, parts=args.parts)
    report(results, cuts, args.every, args.seeds, args.ends)
    return 1 if int(results["count HALF"]) else 0


if __name__ == "__main__":
    sys.exit(main())
