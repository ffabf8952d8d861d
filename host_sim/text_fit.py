"""The text-fit check: every screen of every board, in every language, with each drawn text
measured against the panel and against the other texts; `python -m host_sim fit` prints what
it finds, tests/device/test_text_fit.py (make test) fails on any of it.

A text is cut when it runs off the panel, when it overlaps another text, or when the firmware
shortened it (firmware/texts.py clip(): it reports every cut to this check). The one cut
allowed is one the screen lets the reader undo: clip(..., more=True), where OK shows the
whole text (a refusal in a form's footer); the Message screen that shows it is checked too.

The screens are reached as host_sim/shots.py reaches them (the same scripted player), and on
each one every field of a form is stepped through its values and every list is scrolled, so
that each label is drawn with each text it can hold."""

import sys

from host_sim import player as pl
from host_sim.device import Device, labels

LANGUAGES = (0, 1)  # firmware/texts.tsv: English, German
STEPS = 40  # values tried per form field (the longest lists are names and limits)


def _boxes(root):
    # (x0, x1, y0, y1, text) of every visible label with something to show, in panel pixels.
    out = []
    for x, y, scale, lab in labels(root):
        cw, ch = lab.font.get_bounding_box()[:2]
        first = len(lab.text) - len(lab.text.lstrip())
        last = len(lab.text.rstrip())
        if last > first:
            out.append((x + first * cw * scale, x + last * cw * scale, y, y + ch * scale, lab.text))
    return out


def problems_on_panel(dev):
    """What is wrong with the texts the panel shows now: runs off it, or overlaps another."""
    w, h = dev.panel.width, dev.panel.height
    boxes = _boxes(dev.panel.root_group)
    out = []
    for a in boxes:
        if a[0] < 0 or a[1] > w or a[2] < 0 or a[3] > h:
            out.append("runs off the %dx%d panel: %r" % (w, h, a[4]))
    for i in range(len(boxes)):
        for b in boxes[i + 1:]:
            a = boxes[i]
            if a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]:
                out.append("%r overlaps %r" % (a[4], b[4]))
    return out


class Checker:
    """Collects every problem, once each, with where it was seen."""

    def __init__(self):
        self.found = {}  # problem text -> where first seen
        self.where = ""

    def note(self, problem):
        self.found.setdefault(problem, self.where)

    def cut(self, text, cols, more):
        if not more:
            self.note("cut to %d characters: %r" % (cols, text))

    def look(self, dev):
        for p in problems_on_panel(dev):
            self.note(p)


class CheckedDevice(Device):
    """A Device that checks the panel after every press."""

    checker = None

    def press(self, logical):
        Device.press(self, logical)
        self.checker.look(self)


def explore(dev):
    """Show every text the screen on top can hold: step each form field through its values,
    scroll lists and messages."""
    from firmware.keys import DOWN, RIGHT, UP

    scr = dev.screen()
    fields = getattr(scr, "fields", None)
    if fields:
        for _ in range(len(fields)):
            f = dev.screen().fields[dev.screen().focus]
            for _ in range(min(STEPS, len(f.options))):
                dev.press(UP)
            dev.press(RIGHT)
        return
    if hasattr(scr, "list") or hasattr(scr, "lines"):
        for _ in range(12):
            dev.press(DOWN)


def _replace(dev):
    # A new match while one runs: the question before the old one goes.
    from host_sim.shots import _tichu_match

    _tichu_match(dev)
    pl.menu(dev, "New match")
    dev.press("ok")


def _round_menu(dev):
    from host_sim.shots import _tichu_match

    _tichu_match(dev)
    dev.press("down")
    dev.press("ok")


def _refusal_in_full(dev):
    from host_sim.shots import _refused

    _refused(dev)
    dev.press("ok")


def _same_names(dev):
    pl.menu(dev, "New match")
    pl.choose(dev, "p1", dev.screen().fields[2].value())
    dev.press("ok")


def _chimera_stats(dev):
    from host_sim.shots import _chimera_match

    _chimera_match(dev)
    dev.press("right")


def _round_details(dev):
    _round_menu(dev)
    dev.press("ok")


def _edit_round(dev):
    _round_menu(dev)
    dev.keys_from("down ok")


def _undo_confirm(dev):
    _round_menu(dev)
    dev.keys_from("down down ok")


def _chimera_rounds(dev):
    from host_sim.shots import _chimera_match

    _chimera_match(dev)
    dev.press("down")


def _wish_help(dev):
    from host_sim.shots import _round_entry

    _round_entry(dev)
    pl.focus(dev, "penalty")


def _discard(dev):
    from host_sim.shots import _round_entry

    _round_entry(dev)
    dev.press("back")


def _hand_items(dev):
    # Every item of a hand (cards, then actions) under the cursor once.
    from host_sim.shots import _hand_tichu

    _hand_tichu(dev)
    for _ in range(len(dev.screen().items())):
        dev.press("down")


def _what_happened(dev):
    from host_sim.shots import _table

    _table(dev)
    dev.press("up")


def _claim(dev):
    # BOMB with two humans: who claims, then that seat's bombs or "No bomb".
    pl.play_setup(dev, "tichu", humans=(0, 2), level=1, pause=800)  # the table shows between bots
    while not (pl.screen_name(dev) == "Table" and dev.app.session.dealt.state.phase == "play"):
        if pl.screen_name(dev) == "Privacy":
            dev.press("ok")
        elif pl.screen_name(dev) == "Hand":
            pl.human_turn(dev)
        else:
            dev.advance(100)
    dev.press("bomb")
    dev.press("down")
    dev.press("ok")
    dev.press("ok")


def _refused_in_full(dev):
    from host_sim.shots import _play_refused

    _play_refused(dev)
    pl.cursor_to(dev, pl.item_index(dev, lambda it: it[2] is None))
    dev.press("ok")


def _unreadable(dev):
    # The question at power-up when the journal cannot be read (firmware/app.py), here in
    # the language chosen (at a real power-up the settings are unread: English).
    dev.app.ask_unreadable()
    dev.step()


# Screens the screenshots do not show: (name, how to get there).
MORE = [
    ("replace", _replace),
    ("round-menu", _round_menu),
    ("round-details", _round_details),
    ("chimera-rounds", _chimera_rounds),
    ("wish-help", _wish_help),
    ("edit-round", _edit_round),
    ("refusal-in-full", _refusal_in_full),
    ("same-names", _same_names),
    ("stats-chimera", _chimera_stats),
    ("undo-confirm", _undo_confirm),
    ("discard", _discard),
    ("play-hand-items", _hand_items),
    ("play-what-happened", _what_happened),
    ("play-claim", _claim),
    ("play-refused-in-full", _refused_in_full),
    ("unreadable-journal", _unreadable),
]


def set_language(dev, lang):
    if lang:
        pl.menu(dev, "Settings")
        pl.choose(dev, "lang", lang)
        dev.press("ok")


def check(boards=None, languages=LANGUAGES):
    """{problem: where} over every board, language and scene."""
    from firmware import texts
    from host_sim.shots import SCENES

    checker = Checker()
    texts.CUT = checker.cut
    try:
        for board in boards or pl.BOARDS:
            for lang in languages:
                for name, scene in [(n, f) for n, _, f in SCENES] + MORE:
                    checker.where = "%s, language %d, %s" % (board, lang, name)
                    CheckedDevice.checker = checker
                    dev = CheckedDevice(board)
                    set_language(dev, lang)
                    checker.look(dev)
                    scene(dev)
                    checker.look(dev)
                    explore(dev)
    finally:
        texts.CUT = None
    return checker.found


def main(argv):
    from boards import IDS
    from host_sim.cli import Parser

    ap = Parser(prog="python -m host_sim fit", description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", action="append", choices=IDS, help="only this board (repeatable)")
    args = ap.parse_args(argv)
    found = check(args.board)
    for problem, where in sorted(found.items(), key=lambda x: x[1]):
        print("%s: %s" % (where, problem))
    print("%d text(s) do not fit" % len(found), file=sys.stderr)
    return 1 if found else 0
