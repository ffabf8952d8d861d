# Logical keys, and the layer that turns a board's buttons into them.
#
# Screens only ever see the logical keys below. Each board profile maps its physical keys
# (``keypad`` key numbers) to a pair ``(tap, hold)``: ``tap`` is sent for a short press,
# ``hold`` (or None) once the key has been held for HOLD_MS, so boards with few buttons
# can still offer every logical key. A key without a hold action is sent at once on
# press, and UP/DOWN repeat while held (quick stepping through card points). The
# MacroPad's encoder sends CW/CCW; each screen decides what a turn means there.

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

UP = "up"
DOWN = "down"
LEFT = "left"
RIGHT = "right"
OK = "ok"
BACK = "back"
MENU = "menu"
CW = "cw"
CCW = "ccw"
BOMB = "bomb"  # dealer mode: claim a bomb out of turn (T5.2) or a Tichu call (T2.4)

HOLD_MS = 600
_REPEAT_DELAY_MS = const(500)
_REPEAT_MS = const(150)

# supervisor.ticks_ms() and keypad timestamps wrap at 2**29.
_WRAP = const(1 << 29)
_HALF = const(1 << 28)


def ticks_diff(a, b):
    return ((a - b + _HALF) % _WRAP) - _HALF


class Input:
    # ``keys``: a keypad.Keys-like object (``.events.get()`` -> Event or None).
    # ``keymap``: per key number, ``(tap, hold)``. ``encoder``: an object with ``.position``
    # (rotaryio.IncrementalEncoder) or None.

    def __init__(self, keys, keymap, encoder=None):
        self.keys = keys
        self.keymap = keymap
        self.encoder = encoder
        self.enc_pos = encoder.position if encoder is not None else 0
        self.down = {}  # key number -> [pressed at, next repeat or hold time, hold sent]
        self.last_ms = None  # when the last key event came (for the e-ink batching)
        # A key already down when the app starts is no press: after a reload
        # (firmware/install.py) the new keypad reports a button still held from the press
        # that switched modes. Presses the first poll finds are muted until released.
        self.quiet = True
        self.muted = ()  # type: tuple

    def poll(self, now):
        # Logical keys that happened since the last poll (``now``: ticks in ms).
        out = []  # type: list[str]
        while True:
            ev = self.keys.events.get()
            if ev is None:
                break
            self.last_ms = ev.timestamp
            if self.quiet and ev.pressed:
                self.muted += (ev.key_number,)
            elif ev.key_number in self.muted and not ev.pressed:
                self.muted = tuple([n for n in self.muted if n != ev.key_number])
            else:
                self._event(ev, out)
        self.quiet = False
        for n in self.down:
            st = self.down[n]
            if ticks_diff(now, st[1]) < 0:
                continue
            tap, hold = self._map(n)
            if hold is not None:
                if not st[2]:
                    st[2] = True
                    out.append(hold)
            elif tap == UP or tap == DOWN:  # these repeat while held
                st[1] = now + _REPEAT_MS
                out.append(tap)
        if self.encoder is not None:
            pos = self.encoder.position
            while pos != self.enc_pos:
                step = 1 if pos > self.enc_pos else -1
                self.enc_pos += step
                out.append(CW if step > 0 else CCW)
                self.last_ms = now
        return out

    def _map(self, n):
        if n < len(self.keymap):
            return self.keymap[n]
        return (None, None)

    def _event(self, ev, out):
        n = ev.key_number
        tap, hold = self._map(n)
        if tap is None and hold is None:
            return
        t = ev.timestamp
        if ev.pressed:
            if hold is None:
                if tap is not None:
                    out.append(tap)
                self.down[n] = [t, t + _REPEAT_DELAY_MS, False]
            else:
                self.down[n] = [t, t + HOLD_MS, False]
        elif n in self.down:
            st = self.down.pop(n)
            if hold is not None and not st[2]:
                if ticks_diff(t, st[0]) >= HOLD_MS:
                    out.append(hold)  # released late, before a poll saw the hold
                elif tap is not None:
                    out.append(tap)

    def idle_ms(self, now):
        # Milliseconds since the last key event (large when there was none).
        if self.last_ms is None or self.down:
            return 0 if self.down else 1 << 20
        return ticks_diff(now, self.last_ms)
