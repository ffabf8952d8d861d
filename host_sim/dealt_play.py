"""Dealt play at the simulated device, for the tools that measure it: the dealt text-fit
check (host_sim/text_fit.py, ``fit --dealt``) and the press benchmark (benchmarks/presses.py).

Both play seeded dealt rounds with one human seat (seat 0) and level-3 bots, and enter
each human action through the board's keys. They know nothing of how a screen lays out
the hand: they press logical keys and read only what the app exposes to any shell, so
they keep working when the screens change:

- the position and what may be done: ``app.session`` (firmware/dealer.py: its ``dealt``,
  the engine's Dealt, and ``humans_due()``) and the engine's legal actions;
- what happened: every action the session applies (``Session.act``, heard here);
- what is drawn: the panel's group tree (texts, rectangles, their places and colours)
  and the class of the screen on top.

``search`` finds the fewest presses that enter a given action, breadth first over the
board's keys from the position on the panel: every node is a copy of the whole device
(pickled; the engine's immutable states and the font are shared, not copied), nodes
that look the same (the same screen drawing the same) are one, and the main menu is not
searched (MENU is not pressed, and a position that shows the menu is not searched on):
from there the keys lead back to the table at best, or away from the game.
Whatever it returns was pressed: the count is that of a real key sequence."""

import copyreg
import gc
import importlib
import io
import pickle
import sys
import types

from host_sim.compile_cache import cache_compiled
from host_sim.device import Device
from host_sim.stubs import supervisor

HUMAN = 0  # the human seat; the others are bots
LEVEL = 3  # the bots' level, and the level whose choice (a) is measured
WAIT_MS = 100  # the clock's step while the bots play
READ_MS = 500  # how long a position stands still before the player presses: read first

# -- what the session applies ----------------------------------------------------------------

APPLIED = []  # (seat, action) of every action the session applied, in order


def _hear():
    from firmware import dealer

    act = dealer.Session.act
    if getattr(act, "heard", False):
        return

    def heard(self, action, now=None):
        events = act(self, action, now)
        APPLIED.append(action)
        return events

    heard.heard = True
    dealer.Session.act = heard


# -- copies of a device ------------------------------------------------------------------------

_SHARED = {}  # id -> object shared by every copy (immutable: engine states, the font)


def _shared(key):
    return _SHARED[key]


def _by_reference(obj):
    _SHARED[id(obj)] = obj
    return _shared, (id(obj),)


def _module(m):
    return importlib.import_module, (m.__name__,)


def _dispatch():
    from engine_core.chimera.game import State as ChimeraState
    from engine_core.tichu.game import State as TichuState
    from host_sim.stubs import terminalio

    table = dict(copyreg.dispatch_table)
    table[types.ModuleType] = _module
    for cls in (ChimeraState, TichuState, type(terminalio.FONT)):
        table[cls] = _by_reference
    return table


_DISPATCH = None


class _Pickler(pickle.Pickler):
    # Classes by name, as pickle does, unless their module was imported anew since (the
    # app drops the screens' modules at every screen change): those by reference.
    def reducer_override(self, obj):
        if isinstance(obj, type):
            mod = sys.modules.get(obj.__module__)
            if mod is None or getattr(mod, obj.__qualname__, None) is not obj:
                return _by_reference(obj)
        return NotImplemented


def freeze(dev):
    """The device as bytes that thaw() makes a working copy of."""
    global _DISPATCH
    if _DISPATCH is None:
        _DISPATCH = _dispatch()
    try:
        try:
            return _dump(dev, pickle.Pickler)
        except pickle.PicklingError:  # a class of a module imported anew: the slower way
            return _dump(dev, _Pickler)
    except (pickle.PicklingError, TypeError, AttributeError) as e:
        raise TypeError("the device cannot be copied (%s): the measuring tools copy it by pickling, so "
                        "the app's state must be plain data, no generator, lambda or closure" % e) from e


def _dump(dev, pickler):
    f = io.BytesIO()
    p = pickler(f, pickle.HIGHEST_PROTOCOL)
    p.dispatch_table = _DISPATCH
    p.dump(dev)
    return f.getvalue()


def thaw(frozen):
    dev = pickle.loads(frozen)
    use(dev)
    return dev


def use(dev):
    """Make ``dev`` the device whose clock the host stand-ins read (one runs at a time)."""
    supervisor.clock = lambda: dev.now
    return dev


def forget_copies():
    _SHARED.clear()


class host_speed:
    """What the board does for its heap and the host need not, off inside this block:
    the app collects garbage and drops the screens' modules at every screen change (to
    import them again for the next); with thousands of device copies alive those are
    most of the time a search takes. The app runs the same code either way."""

    def __enter__(self):
        from firmware import app

        cache_compiled()
        self.app = app
        self.drop = app.drop
        self.collect = gc.collect
        self.enabled = gc.isenabled()
        gc.disable()
        gc.collect = lambda *a: 0
        app.drop = lambda names: None if names is app.SCREEN_MODULES else self.drop(names)
        return self

    def __exit__(self, *exc):
        self.app.drop = self.drop
        gc.collect = self.collect
        if self.enabled:
            gc.enable()
        gc.collect()


# -- what is drawn -------------------------------------------------------------------------------


def drawn(group, x0=0, y0=0, scale=1, out=None):
    """Everything visible under ``group``, as a list of plain tuples: texts with their
    place and colour, rectangles and tile grids with their place and size."""
    if out is None:
        out = []
    if group is None or getattr(group, "hidden", False):
        return out
    x0 += getattr(group, "x", 0) * scale
    y0 += getattr(group, "y", 0) * scale
    text = getattr(group, "text", None)
    if isinstance(text, str):
        out.append(("T", x0, y0, text, getattr(group, "color", None)))
        return out
    if isinstance(getattr(group, "texts", None), list):  # firmware Cells: a grid per text
        for i, t in enumerate(group.texts):
            g = group.grids[i]
            if t:
                out.append(("C", x0 + g.x * scale, y0 + g.y * scale, t, _colours(g.pixel_shader)))
        return out
    if hasattr(group, "__len__") and not hasattr(group, "width"):
        scale *= getattr(group, "scale", 1)
        for item in group:
            drawn(item, x0, y0, scale, out)
        return out
    out.append((type(group).__name__, x0, y0, getattr(group, "width", 0), getattr(group, "height", 0),
                _colours(getattr(group, "pixel_shader", None))))
    return out


def _colours(palette):
    try:
        return tuple(palette[i] for i in range(len(palette)))
    except TypeError:  # no palette (or a colour converter)
        return None


def signature(dev):
    """What tells two positions apart: the screen and what it draws. (What it does not
    draw, e.g. the order cards were selected in, is not told apart: a search keeps the
    first position it reached of those that look the same.)"""
    return hash((type(dev.screen()).__name__, tuple(drawn(dev.panel.root_group))))


# -- actions ----------------------------------------------------------------------------------------

KINDS = ("lead", "follow", "pass", "call", "push/exchange", "bid", "wish", "bomb", "gift")


def distinct(game, state, action):
    """What makes two actions the same choice for a player (``state``: the position they
    are taken in): suits (families) never matter, so a card stands for its value (code
    >> 3); what does matter stays: the verb, the reading a play is played as (so the
    Phoenix's and the Piya's readings stay apart, and a straight flush, a bomb, is not the
    straight of the same values), the Mah Jong's wish, the order of a push (who gets
    which card) and a bid's amount."""
    verb = action[1]
    if verb == "play":
        cards = tuple(action[2])
        values = tuple(sorted(c >> 3 for c in cards))
        as_value = action[3] if len(action) > 3 else None
        wish = action[4] if len(action) > 4 else None
        return ("play", values, _reading(game, state, cards, as_value), wish)
    if verb in ("push", "give"):
        return (verb, tuple(c >> 3 for c in action[2]))
    return tuple(action[1:])


def _reading(game, state, cards, as_value):
    # The reading the engine plays ``cards`` as here: (kind, length, rank).
    from engine_core.dealt import game_module

    over = state.top
    if game == "tichu" and state.lead:
        over = None
    try:
        return tuple(game_module(game).reading_for(cards, over, as_value))
    except Exception:  # IllegalAction: not playable here; named by its ``as`` alone
        return ("as", as_value)


def is_bomb_play(game, key):
    from firmware.play.text import is_bomb

    return key[0] == "play" and key[2][0] != "as" and is_bomb(game, key[2])


def choices(dealt, seat):
    """{distinct key: action} of every action ``seat`` may take now."""
    out = {}
    for a in dealt.game.legal_actions(dealt.state, seat):
        out.setdefault(distinct(dealt.name, dealt.state, a), a)
    return out


def kind(dealt, action):
    """The kind of decision ``action`` is (KINDS)."""
    game = dealt.name
    st = dealt.state
    verb = action[1]
    if verb in ("push", "give"):
        return "push/exchange"
    if verb in ("grand", "no_grand", "tichu"):
        return "call"
    if verb == "bid" or verb == "pass" and st.phase == "bid":
        return "bid"
    if verb == "gift":
        return "gift"
    if verb == "pass":
        return "pass"
    if len(action) > 4:  # the Mah Jong: a play that names a wish (or none)
        return "wish"
    if is_bomb_play(game, distinct(game, st, action)):
        return "bomb"
    leading = st.lead if game == "tichu" else st.top is None
    return "lead" if leading else "follow"


def bot_choice(dealt, seat, level=LEVEL):
    """What the level-``level`` bot would do in ``seat``'s place now (it reads the seat
    view only, as every bot; its generator is the one the seat's own bot would use)."""
    from engine_core.bot_driver import bot_module, bot_rng

    rng = bot_rng(dealt.seed, dealt.step(), seat)
    return bot_module(dealt.game).decide(dealt.state, seat, level, rng)


def proposals(app):
    """The app's proposals setting (issue 17: proposals on/off per human seat): the bits
    of the seats that get them, the fifth of the "play" settings (firmware/app.py PLAY)."""
    from firmware.app import PLAY

    play = app.settings["play"] or PLAY
    return play[4] if len(play) > 4 else 0


def set_proposals(app, seat, on):
    from firmware.app import PLAY

    play = list(app.settings["play"] or PLAY)
    while len(play) < 5:
        play.append(0)
    play[4] = play[4] | 1 << seat if on else play[4] & ~(1 << seat)
    app.settings["play"] = play
    scr = app.screen
    if type(scr).__name__ == "Hand":  # a hand on screen proposes from its next position on
        scr.at = scr._menu = scr.asked = None


def pooled(task, tasks, jobs):
    """[task(t) for t in tasks], in ``jobs`` processes when more than one (the checks'
    seeded rounds: each task a round on a board in a language)."""
    if jobs <= 1:
        return [task(t) for t in tasks]
    import multiprocessing

    with multiprocessing.Pool(jobs) as pool:
        return pool.map(task, tasks, chunksize=1)


# -- a dealt round at the panel -------------------------------------------------------------------


def start(board, game, seed, lang=0, pause=0):
    """A device on ``board`` that has dealt a round of ``game`` (seat 0 a human, level-3
    bots pausing ``pause`` ms after each visible action), in language ``lang``, proposals
    off if the app has them; ``seed`` picks the deals."""
    from host_sim import player as pl

    _hear()
    dev = Device(board, seed=seed)
    use(dev)
    if lang:
        pl.menu(dev, "Settings")
        pl.choose(dev, "lang", lang)
        dev.press("ok")
    dev.app.pause_ms = pause
    if proposals(dev.app) is not None:
        set_proposals(dev.app, HUMAN, False)
    pl.play_setup(dev, game, humans=(HUMAN,), level=LEVEL, pause=pause)
    return dev


def round_over(dev, rounds_before):
    return dev.app.book.rounds() > rounds_before


def next_decision(dev, rounds_before, look=None, limit_ms=600000):
    """Let the bots play until the human is due and nothing has moved for READ_MS (True),
    or the round is over (False); ``look(dev)`` after every step in which the panel
    changed. The player reads the position before pressing, as at a real table: a hand
    that came up by itself ignores an OK for a moment (firmware/screens/hand.py GRACE, an
    OK meant for the table), which no player who reads it first ever meets."""
    s = dev.app.session
    quiet = 0
    last = None
    waited = 0
    while waited < limit_ms:
        if round_over(dev, rounds_before):
            return False
        here = (s.dealt.steps, id(s.dealt.state), type(dev.screen()).__name__)
        if s.humans_due() and here == last:
            quiet += WAIT_MS
            if quiet >= READ_MS:
                return True
        else:
            quiet = 0
        last = here
        shown = dev.panel.refreshes
        dev.advance(WAIT_MS)
        if look is not None and dev.panel.refreshes != shown:
            look(dev)
        waited += WAIT_MS
    raise AssertionError("the round stands still: nobody is due and nothing happens")


class Found:
    def __init__(self, presses, keys, dev):
        self.presses = presses  # the fewest presses that entered it
        self.keys = keys  # those presses (logical keys)
        self.dev = dev  # the device after it was entered


class Search:
    """The result of search(): ``found`` {goal: Found} for the goals entered within the
    cap and the budget; ``nodes`` positions searched; ``tried`` the presses up to which
    every key sequence was tried (a goal not found takes more); ``exhausted`` when no new
    position was left to try (a goal not found cannot be entered at all)."""

    def __init__(self):
        self.found = {}
        self.nodes = 1
        self.tried = 0
        self.exhausted = False


def search(dev, key, goals, cap=12, budget=400, look=None):
    """The fewest presses from ``dev``'s position that make the session apply an action of
    the human seat, for each of ``goals`` (values of ``key(action)``), breadth first (see
    the module's docstring); ``look(device)`` is called on every position reached (the
    text-fit check reads each). ``dev`` itself is not changed, and it is the device in
    use again afterwards (use())."""
    try:
        return _search(dev, key, goals, cap, budget, look)
    finally:
        use(dev)


def _search(dev, key, goals, cap, budget, look):
    keys = [k for k in dev.key_names if k != "menu"]  # MENU: the main menu (see above)
    out = Search()
    wanted = set(goals)
    root = freeze(dev)
    seen = {signature(dev)}
    frontier = [(root, ())]
    for depth in range(1, cap + 1):
        nxt = []
        for frozen, path in frontier:
            for k in keys:
                d = thaw(frozen)
                del APPLIED[:]
                d.press(k)
                mine = [a for a in APPLIED if a[0] == HUMAN]
                if look is not None:
                    look(d)
                if mine:  # an action entered: one of the goals, or not this way
                    g = key(mine[0])
                    if g in wanted:
                        wanted.discard(g)
                        shut = _read(d)
                        out.found[g] = Found(depth + len(shut), path + (k,) + shut, d)
                        if not wanted:
                            return out
                        continue
                    _dispose(d)
                    continue
                if d.app.session is None or d.app.where[0] == "menu":
                    _dispose(d)
                    continue  # the main menu: it leads back to the table at best (see above)
                sig = signature(d)
                if sig not in seen:
                    seen.add(sig)
                    out.nodes += 1
                    nxt.append((freeze(d), path + (k,)))
                _dispose(d)
                if out.nodes >= budget:
                    return out
        out.tried = depth
        frontier = nxt
        if not frontier:
            out.exhausted = True
            break
    return out


def _read(dev):
    """The presses that close what an entered action brought up and waits for a key (what
    the push brought, in a message): part of that action's entry, done and counted."""
    keys = ()
    while type(dev.screen()).__name__ == "Message" and len(keys) < 3:
        dev.press("ok")
        keys += ("ok",)
    return keys


def _dispose(dev):
    # A copy done with: the cycles of its app (its screen, its session and the device
    # point back at it) broken, so that reference counting frees it at once. With the
    # collector off (host_speed) a round's thousands of copies would otherwise wait for
    # one long collection at its end. Only the copy's own objects are cleared, never
    # what copies share (the engine's states, the font).
    app = dev.app
    for o in (app.screen, app.session, app, dev):
        if o is not None:
            o.__dict__.clear()


def enter_directly(dev, action):
    """The action applied as the hand applies it, not by the keys (when a search gave up);
    then the screens above the table close, as after an entry, with no key pressed and no
    time passing: a BACK pressed here would also send away a hand that came up by itself
    meanwhile, and the next decision would start a press too early."""
    scr = dev.screen()
    if type(scr).__name__ == "Hand":
        scr.act(action)  # as OK on it enters it: what the action brings up comes too
    else:
        dev.app.session.act(action, dev.now)
    while dev.app.stack and type(dev.screen()).__name__ != "Table":
        dev.app.back()
