"""`python -m host_sim serial-board --board NAME [--state DIR] [--fram] [--no-raw-paste]`

A board on a pseudo-terminal that speaks CircuitPython's serial REPL well enough for mpremote
and `python -m host_sim backup|records|restore`: it prints the terminal's path (e.g.
/dev/pts/5) on the first line of stdout and serves until stopped. Code sent to its REPL runs
in this CPython process with the simulator's stand-ins for the board's modules;
`microcontroller.nvm` is the simulator's file-backed nvm, DIR/nvm.bin (default
build/sim/<board>/nvm.bin, the one `make sim` keeps the match in). With --fram an FRAM
answers on the board's I2C bus, kept in DIR/fram.bin (32 KB), and the firmware's find_fram
finds it. --no-raw-paste answers like a firmware without raw-paste mode (mpremote falls back
to the plain raw REPL).

What it does as the board does (CircuitPython's main.c and shared/runtime/pyexec.c):
- it starts "running code.py" (the app is not drawn here; its start prints which match the
  journal holds); Ctrl-C interrupts it and drops what was sent before it (CircuitPython's
  USB serial flushes its input at Ctrl-C), and any key then enters the REPL;
- the normal REPL (">>> ") runs lines; Ctrl-A enters the raw REPL ("raw REPL; CTRL-B to
  exit", prompt ">"), Ctrl-B leaves it, Ctrl-D at an empty prompt soft-reboots: from the
  normal REPL the app starts again, from the raw one it comes back to the raw REPL;
- raw REPL: code up to Ctrl-D answers "OK", its output, Ctrl-D, the exception text, Ctrl-D,
  ">"; raw-paste ("\\x05A\\x01") answers "R\\x01" with a 128-byte window and flow control;
- every REPL start and soft reboot is a fresh interpreter state: new globals, the project's
  modules imported anew, the nvm (and FRAM) read again from their files.
"""

import builtins
import codeop
import contextlib
import io
import os
import select
import sys
import traceback

from boards import IDS

VERSION_INFO = "Adafruit CircuitPython 10.0.0-host-sim on 2025-01-01; %s (stand-in) with rp2040"
RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"
WINDOW = 128  # CircuitPython's raw-paste window: half of its 256-byte stdin buffer
SEND_WAIT_S = 2.0  # output nobody reads for this long is dropped, as a USB port drops it

RUNNING, WAIT_KEY, FRIENDLY, RAW, RAW_PASTE = "running", "wait-key", "friendly", "raw", "raw-paste"
PROJECT = ("boards", "firmware", "engine_core")
FRAM_ADDRESS = 0x50


class Stop(BaseException):
    """SIGTERM: the stand-in stops (raised wherever it is, even inside code sent to it)."""


class StandInBoard:
    """The REPL state machine. ``feed(bytes)`` takes what the host sent; everything the
    board says goes to ``send(bytes)``."""

    def __init__(self, board, state, fram=False, raw_paste=True, send=None):
        self.board = board
        self.state = state
        self.fram = fram
        self.raw_paste = raw_paste
        self.send = send or (lambda data: None)
        self.mode = RUNNING
        self.line = bytearray()
        self.more = []  # normal REPL: the lines of a statement not complete yet
        self.escape = False
        self.remain = WINDOW  # raw-paste: bytes left in the current window
        self.reboot_to = None  # set by code that resets or reloads the board
        self.globals = {}
        self.name = None
        os.makedirs(state, exist_ok=True)
        self._new_interpreter()

    # -- the interpreter ------------------------------------------------------------------

    def _new_interpreter(self):
        from host_sim.stubs import adafruit_fram, board as board_stub, busio, microcontroller

        for name in list(sys.modules):
            if name.split(".")[0] in PROJECT:
                del sys.modules[name]
        install_standins()
        microcontroller.use_nvm(path=os.path.join(self.state, "nvm.bin"))
        busio.detach_all()
        if self.fram:
            busio.attach(FRAM_ADDRESS, adafruit_fram.FileFRAM(os.path.join(self.state, "fram.bin")))
        import boards

        profile = boards.load(self.board)
        board_stub.use(profile.BOARD_ID)
        self.name = profile.NAME
        self.globals = {"__name__": "__main__", "__builtins__": builtins}

    def _run(self, source):
        """(stdout, exception text) of running ``source`` (str or a code object)."""
        out = io.StringIO()
        err = ""
        with contextlib.redirect_stdout(out):
            try:
                code = compile(source, "<stdin>", "exec") if isinstance(source, str) else source
                exec(code, self.globals)
            except (Stop, KeyboardInterrupt):
                raise  # this stand-in is being stopped, whatever the board was doing
            except BaseException as e:  # the board prints whatever the code raised
                err = _exception_text(e)
                self._after_exit(e)
        return _cooked(out.getvalue()), _cooked(err)

    def _after_exit(self, e):
        from host_sim.stubs import microcontroller

        if isinstance(e, microcontroller.Reset):
            self.reboot_to = RUNNING  # a hard reset: the board starts over
        elif isinstance(e, SystemExit) and "supervisor.reload" in str(e):
            self.reboot_to = RAW if self.mode in (RAW, RAW_PASTE) else RUNNING

    # -- input -----------------------------------------------------------------------------

    def feed(self, data):
        for c in data:
            self.reboot_to = None
            handler = getattr(self, "_on_" + self.mode.replace("-", "_"))
            handler(c)
            if self.reboot_to is not None:
                self._soft_reboot(self.reboot_to == RAW)

    def _on_running(self, c):
        if c == 0x03:
            self.send(b"\r\nTraceback (most recent call last):\r\n"
                      b"  File \"code.py\", line 26, in <module>\r\nKeyboardInterrupt: \r\n\r\n"
                      b"Code done running.\r\n\r\n"
                      b"Press any key to enter the REPL. Use CTRL-D to reload.\r\n")
            self.mode = WAIT_KEY
        # Anything else waits unread by the app, and the Ctrl-C flushes it.

    def _on_wait_key(self, c):
        if c == 0x04:
            self._soft_reboot(False)
        else:
            self._friendly_start()

    def _friendly_start(self):
        self._new_interpreter()
        self.mode = FRIENDLY
        self.line = bytearray()
        self.more = []
        self.send(b"\r\n" + (VERSION_INFO % self.name).encode() + b"\r\n>>> ")

    def _on_friendly(self, c):
        if self.escape:  # an arrow key's escape sequence: no line history here
            self.escape = not (0x40 <= c <= 0x7E and c != 0x5B)
            return
        if c == 0x1B:
            self.escape = True
        elif c in (0x01, 0x02, 0x04) and not self.line and not self.more:
            if c == 0x01:
                self.send(b"\r\n")
                self._raw_start()
            elif c == 0x02:
                self.send(b"\r\n")
                self._friendly_start()
            else:
                self.send(b"\r\n")
                self._soft_reboot(False)
        elif c == 0x03:
            self.line = bytearray()
            self.more = []
            self.send(b"\r\n>>> ")
        elif c in (0x0D, 0x0A):
            self.send(b"\r\n")
            self._friendly_line(self.line.decode("utf-8", "replace"))
        elif c in (0x08, 0x7F):
            if self.line:
                del self.line[-1]
                self.send(b"\x08 \x08")
        elif c >= 0x20:
            self.line.append(c)
            self.send(bytes((c,)))

    def _friendly_line(self, text):
        self.line = bytearray()
        lines = self.more + [text]
        source = "\n".join(lines)
        if not source.strip():
            self.more = []
            self.send(b">>> ")
            return
        try:
            # An empty line ends a block, as at the board's "... " prompt.
            ended = "\n" if self.more and not text else ""
            code = codeop.compile_command(source + ended, "<stdin>", "single")
        except (SyntaxError, ValueError, OverflowError) as e:
            code, out, err = None, "", _cooked(_exception_text(e))
        else:
            if code is None and text:
                self.more = lines
                self.send(b"... ")
                return
            out, err = self._run(code) if code is not None else ("", "")
        self.more = []
        self.send((out + err).encode())
        if self.reboot_to is None:
            self.send(b">>> ")

    def _raw_start(self):
        self._new_interpreter()
        self.mode = RAW
        self.line = bytearray()
        self.send(RAW_BANNER + b">")

    def _on_raw(self, c):
        if c == 0x01:
            if self.raw_paste and bytes(self.line) == b"\x05A":
                self.line = bytearray()
                self.remain = WINDOW
                self.mode = RAW_PASTE
                self.send(b"R\x01" + bytes((WINDOW & 0xFF, WINDOW >> 8)) + b"\x01")
            else:  # also a firmware without raw-paste, which mpremote then falls back from
                self.line = bytearray()
                self.send(RAW_BANNER + b">")
        elif c == 0x02:
            self.send(b"\r\n")
            self._friendly_start()
        elif c == 0x03:
            self.line = bytearray()
        elif c == 0x04:
            self.send(b"OK")
            if not self.line:
                self.send(b"\r\n")
                self._soft_reboot(True)
                return
            self._raw_exec()
        else:
            self.line.append(c)

    def _on_raw_paste(self, c):
        if c in (0x03, 0x04):
            self.send(b"\x04")  # end of input, acknowledged before running
            if c == 0x03:
                self.mode = RAW
                self.line = bytearray()
                self.send(b"\x04" + _cooked("KeyboardInterrupt: \n").encode() + b"\x04>")
                return
            self.mode = RAW
            self._raw_exec()
            return
        self.line.append(c)
        self.remain -= 1
        if self.remain == 0:
            self.remain = WINDOW
            self.send(b"\x01")

    def _raw_exec(self):
        source = self.line.decode("utf-8", "replace")
        self.line = bytearray()
        out, err = self._run(source)
        self.send(out.encode() + b"\x04" + err.encode() + b"\x04")
        if self.reboot_to is None:
            self.send(b">")

    # -- rebooting -------------------------------------------------------------------------

    def _soft_reboot(self, raw):
        self.reboot_to = None
        self.send(b"soft reboot\r\n")
        if raw:
            self._raw_start()
            return
        self._new_interpreter()
        self.mode = RUNNING
        started = _cooked(self._app_start() + "\n").encode()
        self.send(b"\r\nAuto-reload is off.\r\ncode.py output:\r\n" + started)

    def _app_start(self):
        # What the app would show after start-up, from the journal as it loads it (code.py).
        try:
            import boards
            from firmware.app import fresh_settings
            from firmware.storage.choice import find_fram, open_store
            from firmware.storage.saves import load

            store, older = open_store(fram=find_fram(boards.load(self.board)), files=())
            book = load(store, older, fresh_settings())
        except Exception as e:  # as the board would: the app stops with a traceback
            return _exception_text(e)
        if book is None:
            return "(stand-in: the app is not drawn) no match in the %s" % store.name
        n = book.rounds()
        return "(stand-in: the app is not drawn) %s: %s, %d round%s, %s, in the %s" % (
            book.game, ", ".join(book.names), n, "" if n == 1 else "s", ":".join(str(t) for t in book.totals),
            store.name)


def _cooked(text):
    # CircuitPython's stdout turns "\n" into "\r\n".
    return text.replace("\r\n", "\n").replace("\n", "\r\n")


def _exception_text(e):
    lines = ["Traceback (most recent call last):"]
    for frame in traceback.extract_tb(e.__traceback__):
        # The board shows the frames of the code it was sent and of the project's modules.
        if frame.filename != __file__ and not frame.filename.startswith((sys.prefix, sys.base_prefix)):
            lines.append('  File "%s", line %s, in %s' % (frame.filename, frame.lineno, frame.name))
    msg = str(e)
    lines.append("%s: %s" % (type(e).__name__, msg) if msg else type(e).__name__ + ":")
    return "\n".join(lines) + "\n"


def install_standins():
    """The board's module names, as code sent to the REPL imports them: the host stand-ins
    (Blinka's own `board`, `busio` and `microcontroller` look for real hardware)."""
    from host_sim.stubs import (
        adafruit_fram,
        board as board_stub,
        busio,
        keypad,
        microcontroller,
        rotaryio,
        supervisor,
    )

    sys.modules.update({"microcontroller": microcontroller, "board": board_stub, "busio": busio,
                        "adafruit_fram": adafruit_fram, "supervisor": supervisor, "keypad": keypad,
                        "rotaryio": rotaryio})


def _has_i2c(board):
    import boards
    from host_sim.stubs import board as board_stub

    install_standins()
    profile = boards.load(board)
    board_stub.use(profile.BOARD_ID)
    make = getattr(profile, "make_i2c", None)
    return make is not None and make() is not None


class _Pty:
    """The terminal's master side: what the board sends goes out without ever blocking the
    board for long (nobody reading: dropped after SEND_WAIT_S)."""

    def __init__(self):
        import tty

        self.master, self.slave = os.openpty()
        # Raw both ways until a client sets its own modes: no echo, no newline mapping.
        tty.setraw(self.slave)
        os.set_blocking(self.master, False)
        self.path = os.ttyname(self.slave)

    def send(self, data):
        view = memoryview(bytes(data))
        while view:
            _, ready, _ = select.select([], [self.master], [], SEND_WAIT_S)
            if not ready:
                return
            try:
                n = os.write(self.master, view)
            except BlockingIOError:
                continue
            view = view[n:]

    def receive(self):
        select.select([self.master], [], [])
        try:
            return os.read(self.master, 4096)
        except BlockingIOError:
            return b""


def main(argv):
    from host_sim.cli import Parser, folder_problem

    ap = Parser(prog="python -m host_sim serial-board", description=__doc__.split("\n\n")[1])
    ap.add_argument("--board", default="picosystem", choices=IDS)
    ap.add_argument("--state", help="directory of nvm.bin (and fram.bin) (default build/sim/<board>)")
    ap.add_argument("--fram", action="store_true", help="an I2C FRAM on the board (DIR/fram.bin)")
    ap.add_argument("--no-raw-paste", action="store_true",
                    help="answer like a firmware without raw-paste mode")
    args = ap.parse_args(argv)
    if not hasattr(os, "openpty"):
        print("serial-board: needs pseudo-terminals (Linux or macOS)", file=sys.stderr)
        return 2

    import signal

    state = args.state or os.path.join("build", "sim", args.board)
    problem = folder_problem(state)
    if problem:
        print("serial-board: cannot keep the board's memory there: %s" % problem, file=sys.stderr)
        return 2
    if args.fram and not _has_i2c(args.board):
        print("serial-board: the %s has no I2C bus for an FRAM (its profile's make_i2c gives none)"
              % args.board, file=sys.stderr)
        return 2
    pty = _Pty()
    board = StandInBoard(args.board, state, fram=args.fram, raw_paste=not args.no_raw_paste, send=pty.send)
    def stop(*_):
        raise Stop()

    signal.signal(signal.SIGTERM, stop)
    print(pty.path, flush=True)
    print("serial-board: %s on %s, nvm %s%s; Ctrl-C stops it" % (
        board.name, pty.path, os.path.join(state, "nvm.bin"),
        ", FRAM " + os.path.join(state, "fram.bin") if args.fram else ""), file=sys.stderr, flush=True)
    try:
        while True:
            board.feed(pty.receive())
    except (KeyboardInterrupt, Stop):
        return 0
