# Forms as data: a list of fields, each a label and one choice among its options.
#
# No display code here, so the round-entry logic (and its press count) is tested on
# CPython and MicroPython alike. A form screen shows one row per field; UP/DOWN change
# the focused field's choice, LEFT/RIGHT move between fields (cyclic), OK submits the
# whole form from any field.


class Field:
    # ``options``: the values to choose from; ``show(value) -> str`` its text on screen.
    # ``wrap``: stepping past the end starts over (lists) or stops (numbers).
    # ``touched``: the user changed it, so automatic defaults leave it alone.
    # ``help``: footer lines that say what the field means, shown while it is focused
    # and still at its first option (once set, the footer shows what the value does).

    def __init__(self, key, label, options, value, show=None, wrap=True, help=()):
        self.key = key
        self.help = help
        self.label = label
        self.options = options
        self.show = show
        self.wrap = wrap
        self.i = 0
        self.touched = False
        self.set(value)

    def value(self):
        return self.options[self.i]

    def set(self, value):
        # Select ``value`` if it is an option; returns whether it is.
        for i in range(len(self.options)):
            if self.options[i] == value:
                self.i = i
                return True
        return False

    def step(self, d):
        n = len(self.options)
        i = self.i + d
        if self.wrap:
            i %= n
        else:
            i = 0 if i < 0 else (n - 1 if i >= n else i)
        changed = i != self.i
        self.i = i
        if changed:
            self.touched = True
        return changed

    def text(self):
        v = self.value()
        return self.show(v) if self.show is not None else str(v)


def find(fields, key):
    for f in fields:
        if f.key == key:
            return f
    return None


def row_text(left, right, cols, more=False):
    # ``left`` and ``right`` on one line of ``cols`` characters, right-aligned value;
    # the label gives way first when the line is too short (``more``: the screen shows the
    # whole label elsewhere, as a form does for its focused row; host_sim/text_fit.py).
    from firmware.texts import clip

    room = cols - len(right) - 1
    if room < 1:
        return clip(right, cols)
    left = clip(left, room, more)
    return left + " " * (cols - len(left) - len(right)) + right
