"""The text-fit check: every screen of every board, in every language, with each drawn text
measured against the panel and against the other texts; `python -m host_sim fit` prints what
it finds, tests/device/test_text_fit.py (make test) fails on any of it.

A text is cut when it runs off the panel, when it overlaps another text, or when the firmware
shortened it (firmware/texts.py clip(): it reports every cut to this check). The one cut
allowed is one the screen lets the reader undo: clip(..., more=True), where OK shows the
whole text (a refusal in a form's footer); the Message screen that shows it is checked too.
A text that shows the non-breaking space's mark (firmware/texts.py NBSP) is a fault as well:
it was drawn without wrap() or clip(), which make it a space. A screen that leaves out a line
it has no room for cuts nothing and draws nothing wrong: for the table, whose trick line did
so (issue 28), the check asks for the text and finds it whole among the lines (left_out()).

The screens are reached as host_sim/shots.py reaches them (the same scripted player), and on
each one every field of a form is stepped through its values and every list is scrolled, so
that each label is drawn with each text it can hold.

``fit --dealt ROUNDS`` checks dealt play instead (issue 17): ROUNDS seeded rounds of each
game on each board in each language, seat 0 a human whose actions are chosen at random
among the distinct legal ones and entered through the keys, the others level-3 bots
pausing as set up (host_sim/dealt_play.py). Every text drawn in every position reached
(the table after each bot's action, every option of the hand's menu at each human
decision, each position the search for the human's keys passes through, the round's
breakdown scrolled to its end) must be whole: in play no cut
at all, not even one the screen would show whole on request, and no ".." drawn."""

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
    """What is wrong with the texts the panel shows now: runs off it, overlaps another, or
    shows the non-breaking space's mark (firmware/texts.py NBSP: wrap() and clip() make it a
    space; a text drawn without them shows it as "?")."""
    from firmware.texts import NBSP

    w, h = dev.panel.width, dev.panel.height
    boxes = _boxes(dev.panel.root_group)
    out = []
    for a in boxes:
        if a[0] < 0 or a[1] > w or a[2] < 0 or a[3] > h:
            out.append("runs off the %dx%d panel: %r" % (w, h, a[4]))
        if NBSP in a[4]:
            out.append("shows the non-breaking space's mark: %r" % a[4])
    for i in range(len(boxes)):
        for b in boxes[i + 1:]:
            a = boxes[i]
            if a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]:
                out.append("%r overlaps %r" % (a[4], b[4]))
    return out + left_out(dev)


def left_out(dev):
    """The table's trick line when its lines do not show it whole, word for word (issue 28:
    "The Hunters" for "The Hunters exchange": the line that did not fit had no label, and
    nothing was cut by clip(), so each text drawn was whole and on the panel)."""
    from firmware.texts import NBSP

    scr = dev.screen()
    if type(scr).__name__ != "Table" or scr.group is None or dev.app.session is None:
        return []
    want = scr.trick_text().replace(NBSP, " ")
    dev.app.texts.close()  # as the main loop does after a pass (an open file cannot be copied)
    shown = " ".join(" ".join([lab.text for lab in scr.lines]).split())
    return [] if " ".join(want.split()) in shown else ["not shown whole: %r" % want]


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
    # Every option of a hand's menu in view once, then every item of its free selection
    # (cards, then actions) under the cursor once.
    from host_sim.shots import _hand_tichu

    _hand_tichu(dev)
    for _ in range(len(dev.screen().menu())):
        for _ in range(len(dev.screen().menu()[dev.screen().col])):
            dev.press("down")
        dev.press("right")
    pl.free_selection(dev)
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
        if pl.screen_name(dev) in ("Privacy", "Message"):
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


# -- dealt play ---------------------------------------------------------------------------------

DEALT_PAUSE = 800  # ms a bot's play stays on the table (the setup's default), so each is drawn
DEALT_BUDGET = 60  # positions the search for the human's keys may visit before it gives up
DEALT_CAP = 12  # presses it tries at most


class DealtChecker:
    """Every problem of dealt play, once per (screen, board, language, problem), with the
    first round it was seen in."""

    def __init__(self):
        self.found = {}  # (screen, board, language, problem) -> where first seen
        self.where = ""
        self.board = ""
        self.lang = 0
        self.entered = [0, 0]  # human actions entered by the keys, directly (search gave up)
        self.positions = 0
        self.errors = []  # rounds that could not be played to their end, with why
        self.rounds = 1

    def note(self, screen, problem):
        self.found.setdefault((screen, self.board, self.lang, problem), self.where)

    def cut(self, text, cols, more):
        self.note(_drawing_screen(), "cut to %d characters: %r" % (cols, text))

    def look(self, dev):
        self.positions += 1
        screen = type(dev.screen()).__name__
        for p in problems_on_panel(dev):
            self.note(screen, p)
        for _, _, _, lab in labels(dev.panel.root_group):
            if ".." in lab.text:
                self.note(screen, "shows '..': %r" % lab.text)


def _drawing_screen():
    # The screen whose code is running (the caller of clip()), by its class name.
    from firmware.ui import Screen

    f = sys._getframe(2)
    while f is not None:
        me = f.f_locals.get("self")
        if isinstance(me, Screen):
            return type(me).__name__
        f = f.f_back
    return "?"


def dealt_round(checker, board, game, seed, lang, budget=DEALT_BUDGET, cap=DEALT_CAP):
    """One seeded dealt round at ``board`` in ``lang``, every position looked at."""
    import random

    from host_sim import dealt_play as dp

    rng = random.Random("fit %s %d" % (game, seed))  # the same choices on every board, in both languages
    checker.where = "%s, %s, seed %d" % (game, ("English", "German")[lang], seed)
    with dp.host_speed():
        dev = dp.start(board, game, seed, lang, DEALT_PAUSE)
        checker.look(dev)
        before = dev.app.book.rounds()
        while dp.next_decision(dev, before, checker.look):
            d = dev.app.session.dealt
            st = d.state
            choices = dp.choices(d, dp.HUMAN)
            goal = rng.choice(sorted(choices, key=repr))
            key = lambda a, name=d.name, st=st: dp.distinct(name, st, a)  # noqa: E731
            at = walk_menu(dev, checker.look, key, goal)
            r = dp.search(dev, key, {goal}, cap, budget, checker.look)
            f = r.found.get(goal)
            if f is None and at is not None:  # from its option in view: OK, and a wish if it names one
                f = dp.search(dp.thaw(at), key, {goal}, cap, budget, checker.look).found.get(goal)
                dp.use(dev)  # the clock of the device played on (the copy's until it is that one)
            if f is None and choices[goal][1] in ("push", "give"):
                f = pick(dev, checker.look, choices[goal])
            dp.forget_copies()
            if f is not None:
                dev = dp.use(f.dev)
                checker.entered[0] += 1
            else:
                dp.enter_directly(dev, choices[goal])
                checker.entered[1] += 1
            checker.look(dev)
        # The round's breakdown, once the last play was shown (the table gives way to
        # it), scrolled to its end.
        for _ in range(100):
            if type(dev.screen()).__name__ != "Table":
                break
            dev.advance(dp.WAIT_MS)
            checker.look(dev)
        for _ in range(12):
            dev.press("down")
            checker.look(dev)


def _to_hand(dev, look):
    # A copy of ``dev`` with the hand up: OK on the table, and on a privacy screen.
    from host_sim import dealt_play as dp

    d = dp.thaw(dp.freeze(dev))
    for _ in range(3):
        if type(d.screen()).__name__ == "Hand":
            break
        d.press("ok")
        look(d)
    return d


def pick(dev, look, action):
    """The push or the exchange ``action`` entered on a copy of ``dev`` in the free
    selection, as a player does: the cursor to each card in turn and OK, then to the
    action's item and OK, each position looked at (a search seldom finds three cards in
    their order within its budget). A dealt_play.Found, or None."""
    from host_sim import dealt_play as dp

    d = _to_hand(dev, look)
    try:
        scr = d.screen()
        if type(scr).__name__ != "Hand" or scr.menu() is not None:
            return None
        presses = 0
        del dp.APPLIED[:]
        for want in list(action[2]) + [action[1]]:
            for _ in range(len(scr.items())):
                it = scr.items()[scr.cursor]
                if it[2] == want or it[4] == want:
                    break
                d.press("down")
                look(d)
                presses += 1
            d.press("ok")
            look(d)
            presses += 1
        if action in dp.APPLIED:
            return dp.Found(presses, None, d)
        return None
    finally:
        dp.use(dev)


def walk_menu(dev, look, key, goal):
    """Every option of the hand's menu in view once, on a copy of ``dev`` (RIGHT through its
    columns, DOWN through each column), each position looked at: the search for the keys
    of one action passes through a few of them only. The copy (frozen) with the option of
    ``goal`` in view (``key(action)``, its wish aside), or None."""
    from firmware.keys import DOWN, RIGHT
    from firmware.play.menu import ACT, ASK, PLAY
    from host_sim import dealt_play as dp

    d = _to_hand(dev, look)
    try:
        scr = d.screen()
        cols = scr.menu() if type(scr).__name__ == "Hand" else None
        if not cols:
            return None
        at = None
        for c in range(len(cols)):
            for r in range(len(cols[c])):
                o = scr.option()
                a = o[1] if o[0] in (ACT, ASK) else None
                if o[0] == PLAY:
                    a = (dp.HUMAN, "play", tuple(o[1]), o[2])
                if at is None and a is not None and key(a)[:3] == goal[:3]:
                    at = dp.freeze(d)
                if r < len(cols[c]) - 1:
                    d.press(DOWN)
                    look(d)
            if c < len(cols) - 1:
                d.press(RIGHT)
                look(d)
            if d.screen() is not scr or scr.menu() is not cols:
                break  # the position moved on (a bot's bomb): what is left is another menu
        return at
    finally:
        dp.use(dev)


def _dealt_task(args):
    board, lang, game, seed, budget = args
    from firmware import texts

    checker = DealtChecker()
    checker.board = board
    checker.lang = lang
    texts.CUT = checker.cut
    try:
        dealt_round(checker, board, game, seed, lang, budget)
    except Exception as e:  # one round that fails is reported, the others still run
        import traceback

        checker.errors.append("%s, %s: %s" % (board, checker.where, traceback.format_exc().strip()))
        print("failed: %s, %s: %r" % (board, checker.where, e), file=sys.stderr)
    finally:
        texts.CUT = None
    return checker


def check_dealt(rounds, boards=None, languages=LANGUAGES, games=("chimera", "tichu"), seed=1,
                budget=DEALT_BUDGET, jobs=1):
    """A DealtChecker with what ``rounds`` rounds of each game on each board in each
    language found (round r dealt from seed + r: the same deals on every board and in
    every language); ``jobs`` processes."""
    tasks = [(b, lang, g, seed + r, budget) for b in boards or pl.BOARDS for lang in languages for g in games
             for r in range(rounds)]
    from host_sim.dealt_play import pooled

    parts = pooled(_dealt_task, tasks, jobs)
    out = DealtChecker()
    out.rounds = len(parts)
    for c in parts:  # in task order: the first round that saw a problem names it
        for k, where in c.found.items():
            out.found.setdefault(k, where)
        out.entered = [out.entered[i] + c.entered[i] for i in range(2)]
        out.positions += c.positions
        out.errors += c.errors
    return out


def _problem_kind(problem):
    # "cut", "runs off", "overlaps", "shows '..'", "shows the non-breaking space's mark" or
    # "not shown whole"
    for k in ("cut", "runs off", "shows", "not shown whole"):
        if problem.startswith(k):
            return k
    return "overlaps"


def dealt_report(checker, examples=3, out=sys.stdout):
    """The problems by screen and board: how many distinct texts (both languages), and
    examples of each kind of problem."""
    by = {}
    for (screen, board, _, problem), where in checker.found.items():
        by.setdefault((screen, board), {}).setdefault(problem, where)
    for (screen, board) in sorted(by):
        problems = by[(screen, board)]
        print("%s on %s: %d" % (screen, board, len(problems)), file=out)
        shown = {}
        for problem in sorted(problems, key=lambda p: (-len(p), p)):
            k = _problem_kind(problem)
            if shown.get(k, 0) < examples:
                shown[k] = shown.get(k, 0) + 1
                print("    %s  (%s)" % (problem, problems[problem]), file=out)


def main(argv):
    from boards import IDS
    from host_sim.cli import Parser

    ap = Parser(prog="python -m host_sim fit", description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", action="append", choices=IDS, help="only this board (repeatable)")
    ap.add_argument("--dealt", type=int, metavar="ROUNDS",
                    help="check dealt play instead: ROUNDS seeded rounds per game, board and language")
    ap.add_argument("--seed", type=int, default=1, help="--dealt: the first round's seed (default 1)")
    ap.add_argument("--game", action="append", choices=("chimera", "tichu"), help="--dealt: only this game")
    ap.add_argument("--examples", type=int, default=3, help="--dealt: examples per screen and board")
    ap.add_argument("--all", action="store_true", help="--dealt: list every problem")
    ap.add_argument("--jobs", type=int, default=1, help="--dealt: processes (default 1)")
    args = ap.parse_args(argv)
    if args.dealt is not None:
        import time

        t = time.time()
        checker = check_dealt(args.dealt, args.board, games=args.game or ("chimera", "tichu"), seed=args.seed,
                              jobs=args.jobs)
        if args.all:
            for (screen, board, lang, problem), where in sorted(checker.found.items()):
                print("%s, %s, language %d: %s  (%s)" % (board, screen, lang, problem, where))
        else:
            dealt_report(checker, args.examples)
        import re

        kinds = {}
        for k in {k[3] for k in checker.found}:  # both languages, every screen: distinct texts
            kinds[_problem_kind(k)] = kinds.get(_problem_kind(k), 0) + 1
        patterns = {re.sub(r"\d+", "#", k[3]) for k in checker.found}
        print("%d distinct problem(s) (%s; %d with the numbers in them as #) in %d rounds (%d failed), %d "
              "positions; human actions entered by keys %d, directly %d (search gave up); %.0f s"
              % (len(checker.found), ", ".join("%s %d" % kv for kv in sorted(kinds.items())), len(patterns),
                 checker.rounds, len(checker.errors), checker.positions, checker.entered[0],
                 checker.entered[1], time.time() - t))
        for e in checker.errors:
            print("round failed: " + e)
        return 1 if checker.found or checker.errors else 0
    found = check(args.board)
    for problem, where in sorted(found.items(), key=lambda x: x[1]):
        print("%s: %s" % (where, problem))
    print("%d text(s) do not fit" % len(found), file=sys.stderr)
    return 1 if found else 0
