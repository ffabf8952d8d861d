"""The score keeper's storage on a board, over its USB serial REPL (mpremote's SerialTransport).

Nothing goes through the CIRCUITPY drive: a `BoardLink` interrupts the app (Ctrl-C), enters
CircuitPython's raw REPL and runs small snippets there that print the nvm (and, when the
board's profile finds one, the I2C FRAM) as base64 lines, a chunk at a time so the board's
heap only ever holds one chunk; writing goes the other way, chunk by chunk into one buffer
on the board, and then into the nvm in one assignment. Leaving, it soft-resets the board
from the normal REPL, which starts the app again (it reloads its journal).

Every failure to reach the board is a `LinkError` with one line a person can act on.
"""

import ast
import base64
import contextlib
import errno
import io
import os
import zlib
from typing import Any

# Bytes per line the board prints (a multiple of 3: whole base64 quads) and per snippet
# that writes; both keep the board's heap and each REPL round trip small.
READ_CHUNK = 192
WRITE_CHUNK = 768

# Enough for a board that is busy redrawing an e-paper panel when Ctrl-C comes.
ANSWER_S = 5

# The app lives in /app_a or /app_b, the one the drive's code.py (the loader,
# firmware/drive_code.py) finds complete, or the one the version before it named
# (host_sim/deploy.py); the REPL starts without it on sys.path.
_PROBE = """\
import microcontroller, binascii, sys
_s = None
try:
    with open("/code.py") as _c:
        _t = _c.read()
except OSError:
    _t = ""
if _t.startswith("# The drive's code.py"):
    from code import choose
    _s = choose()
for _x in ("app_a", "app_b"):
    if ('"/%s"' % _x) in _t:
        _s = _x
del _t
if _s is not None and "/" + _s not in sys.path:
    sys.path[0:0] = ["/" + _s, "/" + _s + "/lib"]
_n = len(microcontroller.nvm)
_p = None
_f = None
try:
    import boards
    from firmware.storage.choice import find_fram
    _p = boards.select()
    _f = find_fram(_p)
except ImportError:
    pass
print(repr({"nvm": _n, "profile": getattr(_p, "ID", None), "fram": None if _f is None else len(_f)}))
"""

# Prints ``_m[0:n]`` as base64 lines, then its CRC-32 (the board's binascii), so a line lost
# or garbled on the way is noticed.
_DUMP = """\
def _dump(m, n):
    c = 0
    for a in range(0, n, %d):
        b = bytes(m[a:min(a + %d, n)])
        c = binascii.crc32(b, c)
        print(binascii.b2a_base64(b).decode().strip())
        del b
    print("crc", c)
""" % (READ_CHUNK, READ_CHUNK)


class LinkError(Exception):
    """The board could not be reached or did not answer as expected (one line)."""


class BoardInfo:
    def __init__(self, nvm_size, profile, fram_size):
        self.nvm_size = nvm_size
        self.profile = profile  # the profile id the board selects, None without the app
        self.fram_size = fram_size  # None: no FRAM found (find_fram on the board)


def find_port():
    """The first USB serial port that looks like a CircuitPython board (else any USB one):
    mpremote's `auto`, preferring CircuitPython's own descriptors."""
    import serial.tools.list_ports

    ports = [p for p in sorted(serial.tools.list_ports.comports()) if p.vid is not None]
    for p in ports:
        if "circuitpython" in " ".join(str(x) for x in (p.product, p.description, p.manufacturer)).lower():
            return p.device
    if ports:
        return ports[0].device
    raise LinkError("no board found on USB: plug it in, or name its port with --port")


class BoardLink:
    """``with BoardLink(port) as link:`` the board in its raw REPL, the app interrupted;
    afterwards soft-reset so the app runs again."""

    def __init__(self, port=None):
        self.port = port if port not in (None, "", "auto") else None
        self.transport: Any = None  # mpremote's SerialTransport while connected

    # -- connecting ------------------------------------------------------------------------

    def __enter__(self):
        from mpremote.transport import TransportError
        from mpremote.transport_serial import SerialTransport

        port = self.port or find_port()
        self.port = port
        if os.name == "posix" and "://" not in port and not os.path.exists(port):
            raise LinkError("no serial port %s (is the board plugged in?)" % port)
        try:
            # A read timeout: on a pseudo-terminal mpremote reads without polling, and a
            # silent port would otherwise block for ever.
            with _quiet():
                self.transport = SerialTransport(port, baudrate=115200, timeout=ANSWER_S)
        except TransportError:
            raise LinkError(_why_not_open(port)) from None
        try:
            with _quiet():
                # No soft reset on the way in: CircuitPython would stay in the raw REPL
                # anyway, and the app is interrupted by the Ctrl-C mpremote sends first.
                self.transport.enter_raw_repl(soft_reset=False, timeout_overall=ANSWER_S)
        except (TransportError, OSError) as e:
            self._close()
            raise LinkError("no CircuitPython REPL answers on %s (%s)" % (port, _first_line(e))) from None
        return self

    def __exit__(self, kind, exc, tb):
        try:
            if self.transport is not None:
                self.resume()
        except LinkError:
            if kind is None:
                raise
            # The first failure is the one to report; the app may still be stopped.
        finally:
            self._close()

    def _close(self):
        if self.transport is not None:
            try:
                self.transport.close()
            except OSError:
                pass
            self.transport = None

    # -- running code on the board ---------------------------------------------------------

    def run(self, code):
        """Run ``code`` in the board's raw REPL; its printed output (str)."""
        from mpremote.transport import TransportError, TransportExecError

        try:
            with _quiet():
                out = self.transport.exec(code)
        except TransportExecError as e:
            raise LinkError("the board refused a command: %s" % _last_line(e.error_output)) from None
        except (TransportError, OSError) as e:
            raise LinkError("the board on %s stopped answering (%s)" % (self.port, _first_line(e))) from None
        return out.decode("utf-8", "replace").replace("\r\n", "\n")

    def probe(self):
        """What the board has: nvm size, its profile, an FRAM (found by the firmware's find_fram)."""
        out = self.run(_PROBE).strip().splitlines()
        try:
            info = ast.literal_eval(out[-1])
            return BoardInfo(int(info["nvm"]), info["profile"], info["fram"])
        except (ValueError, SyntaxError, KeyError, IndexError, TypeError):
            raise LinkError("unexpected answer from the board: %r" % (out[-1:] or "")) from None

    def read_nvm(self, size):
        return self._dump("microcontroller.nvm", size)

    def read_fram(self, size):
        """The FRAM the probe found (it stays bound to ``_f`` on the board)."""
        return self._dump("_f", size)

    def _dump(self, what, size):
        out = self.run(_DUMP + "_dump(%s, %d)\n" % (what, size)).split()
        if len(out) < 2 or out[-2] != "crc":
            raise LinkError("unexpected answer from the board while reading %s" % what)
        try:
            data = b"".join(base64.b64decode(line, validate=True) for line in out[:-2])
            crc = int(out[-1])
        except ValueError:
            raise LinkError("garbled answer from the board while reading %s" % what) from None
        if len(data) != size or zlib.crc32(data) != crc:
            raise LinkError("the copy of %s read from the board is incomplete or damaged" % what)
        return data

    def write_nvm(self, data):
        """Put ``data`` into the nvm from offset 0 in one assignment (on the RP2040 one
        sector erase): the chunks are gathered on the board first."""
        n = len(data)
        self.run("import microcontroller, binascii\n_img = bytearray(%d)\n" % n)
        for a in range(0, n, WRITE_CHUNK):
            chunk = data[a:a + WRITE_CHUNK]
            self.run("_img[%d:%d] = binascii.a2b_base64(%r)\n"
                     % (a, a + len(chunk), base64.b64encode(chunk).decode()))
        self.run("microcontroller.nvm[0:%d] = _img\ndel _img\n" % n)

    def write_fram(self, writes):
        """Make the FRAM writes ``[(offset, bytes), ...]`` in this order (a FramStore's own
        order, which keeps the old area live until the new one is whole)."""
        for offset, data in writes:
            end = offset + len(data)
            if data == b"\xff" * len(data):
                # An area's erased rest (up to 16 KB): filled on the board, a piece at a time.
                self.run("_ff = b'\\xff' * %d\nfor _a in range(%d, %d, %d):\n"
                         "    _f[_a:min(_a + %d, %d)] = _ff[:min(%d, %d - _a)]\ndel _ff\n"
                         % (WRITE_CHUNK, offset, end, WRITE_CHUNK, WRITE_CHUNK, end, WRITE_CHUNK, end))
                continue
            for a in range(offset, end, WRITE_CHUNK):
                chunk = data[a - offset:a - offset + WRITE_CHUNK]
                self.run("import binascii\n_f[%d:%d] = binascii.a2b_base64(%r)\n"
                         % (a, a + len(chunk), base64.b64encode(chunk).decode()))

    def resume(self):
        """Leave the raw REPL and soft-reset from the normal one: CircuitPython then runs
        code.py, so the app starts again and reloads its journal."""
        from mpremote.transport import TransportError

        t = self.transport
        try:
            with _quiet():
                t.exit_raw_repl()
                t.serial.write(b"\x04")
                answer = t.read_until(1, b"soft reboot", timeout=ANSWER_S, timeout_overall=ANSWER_S)
        except (TransportError, OSError) as e:
            raise LinkError("the board on %s stopped answering (%s)" % (self.port, _first_line(e))) from None
        if not answer.endswith(b"soft reboot"):
            raise LinkError("the board did not restart its app (press its reset button)")


def _why_not_open(port):
    # mpremote only says "failed to access"; pyserial's own error tells which case it is.
    import serial

    try:
        serial.serial_for_url(port, exclusive=True).close()
    except serial.SerialException as e:
        text = str(e)
        if "exclusively lock" in text or getattr(e, "errno", None) == errno.EBUSY:
            return "%s is in use by another program (a serial console, mpremote, ...)" % port
        if getattr(e, "errno", None) == errno.EACCES:
            return "no permission to open %s (on Linux: join the dialout group)" % port
        if "Inappropriate ioctl" in text:
            return "%s is not a serial port" % port
        return "cannot open %s: %s" % (port, text)
    except (OSError, ValueError) as e:
        return "cannot open %s: %s" % (port, e)
    return "cannot open %s" % port


@contextlib.contextmanager
def _quiet():
    # mpremote prints what it received when the REPL does not answer as expected; the
    # commands report one line of their own instead.
    with contextlib.redirect_stdout(io.StringIO()):
        yield


def _first_line(e):
    text = str(e.args[0] if getattr(e, "args", None) else e).strip()
    return text.splitlines()[0] if text else type(e).__name__


def _last_line(text):
    lines = [ln for ln in str(text).strip().splitlines() if ln.strip()]
    return lines[-1].strip() if lines else "(no message)"
