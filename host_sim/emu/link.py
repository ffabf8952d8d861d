"""The line protocol to the emulated chip (host_sim/emu/server.mjs): one JSON command a
line, one JSON answer a line. Everything the firmware prints on its console is kept in
``console`` (and echoed to ``echo`` when given)."""

import json
import os
import shutil
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SERVER = os.path.join(HERE, "server.mjs")
CYCLE_NS = 8  # 125 MHz


class EmuError(RuntimeError):
    """The emulator refused a command or ended."""


def node_ready():
    """Why the emulator cannot run here (a sentence), or None."""
    if shutil.which("node") is None:
        return "node is not installed (the emulator runs rp2040js on Node.js)"
    if not os.path.isdir(os.path.join(ROOT, "node_modules", "rp2040js")):
        return "rp2040js is not installed: run `npm ci` (make node_modules)"
    return None


class Link:
    def __init__(self, echo=None):
        why = node_ready()
        if why:
            raise EmuError(why)
        self.proc = subprocess.Popen(["node", SERVER], cwd=ROOT, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.console = ""
        self.echo = echo
        self.last = {}

    def send(self, op, **args):
        args["op"] = op
        try:
            self.proc.stdin.write(json.dumps(args) + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise EmuError("the emulator has ended (%s)" % e) from None
        line = self.proc.stdout.readline()
        if not line:
            raise EmuError("the emulator ended without an answer to %s" % op)
        out = json.loads(line)
        text = out.get("console", "")
        if text:
            self.console += text
            if self.echo:
                self.echo(text)
        if "error" in out:
            raise EmuError("emulator: %s" % out["error"])
        self.last = out
        return out

    def close(self):
        if self.proc.poll() is None:
            try:
                self.send("quit")
            except EmuError:
                pass
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
