"""make emu-check: the app on CircuitPython 10.3's own RP2040 firmware, in the emulated
chip (host_sim/emu, rp2040js), on every board, beside the simulator key for key (issue 26,
item 3): the figures the README's unix-port ones are measured against.

Per board, each part in a fresh power-up (settings.toml CARDS_HEAP_LOG = 2: the app prints
"heap <screen> free=N block=M" after gc.collect() at each change of screen):
  keeper        a score-keeper match, Tichu to 200, three rounds entered to its end (English);
  chimera-en    a whole dealt round of Chimera against level-3 bots (pause 0), then OK to the
  tichu-en      next round's first screen (a reload), in English;
  chimera-de    the same in German (Settings first: a reload);
  tichu-de
  and on the PicoSystem a whole dealt match of each game to 100, the lowest limit the
  setup offers (chimera-match, tichu-match).
Every key goes to the emulated board first, then to the simulator (host_sim/emu/lockstep.py);
the board's panel is compared with the simulator's before every key and at each breakdown.

What is measured, and how:
  - heap: the smallest free heap over a part's screens (from the match's first screen on:
    the menus before it are left out) and the largest free block printed on that same line;
  - fallbacks: the app's "heap fallback" lines (reloads for lack of heap) per dealt round;
  - press: chip time from key-down (the pin driven) to the first change of the panel's
    pixels, the board run in 10 ms steps and the panel read after each (so up to 10 ms
    late). Keys with a hold meaning act on release: a tap is held 80 ms, as the simulator
    presses; a hold 700 ms (their figures start at key-down too, and are kept apart).
    Keys that start a reload are kept apart (see reload);
  - bot decision (an estimate from the panel): the chip time between two successive changes
    of the panel in a dealt round with no key pressed in between and no new screen built
    in between (the table or a hand redrawn after a bot's action, pause 0): the bot's
    decision, its action applied and the redraw. On the Badger the e-paper refreshes at
    most every 2 s, so there it measures the panel, not the bot;
  - reload: chip time from key-down of the key that restarts the VM (the breakdown's OK: the
    next round; Play: setup's OK: a new dealt match; New match's OK; Settings' OK: a new
    language) to the new VM's first "heap" line;
  - power-up: chip time to the app's first "heap" line (the menu), and EmuBoard.boot()
    (which returns once the panel has been still for 300 ms more);
  - flash per save: erases and page programs of one save, from the flash counts read after
    every 10 ms step: the operations of one burst (steps in a row that wrote) after the
    key that saved (the round entry's OK; a human's action in a dealt round, which journals
    the bots' actions before it too; the next round's deal);
  - checks: frames compared with the simulator's; mismatches: those that never matched.
A traceback on the board's console is a failure (status 1).

PNG frames per board go to build/emu-check/<board>/; the figures to build/emu-check/figures.json.
Usage: python benchmarks/emu_check.py [--boards a,b] [--jobs 2] [--quick] [--parts p,q]"""

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import traceback as tb_mod

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, ROOT)

BOARDS = ("picosystem", "pico_display_pack", "macropad", "badger2040")
SHORT = {"picosystem": "PicoSystem", "pico_display_pack": "Display Pack", "macropad": "MacroPad",
         "badger2040": "Badger"}
SETTINGS = b"CARDS_HEAP_LOG = 2\n"
STEP_MS = 10  # the board is run in steps this long, its panel and flash read after each
CHANGE_LIMIT_MS = 4000  # a key whose panel has not changed in this much chip time changed nothing
MATCH_LIMIT = 100  # the lowest limit Play: setup offers (firmware/app.py LIMITS)
KEEPER_LIMIT = 200
REBOOT = "soft reboot"
PARTS = ("keeper", "chimera-en", "tichu-en", "chimera-de", "tichu-de")
MATCHES = ("chimera-match", "tichu-match", "session")  # on the PicoSystem
QUICK = ("keeper", "chimera-en")
PAPER = {"badger2040": 2000}  # e-paper boards: their least time between refreshes (boards/ REFRESH_MS)
OUT = os.path.join(ROOT, "build", "emu-check")
DIVERGED = 2  # checks in a row that never match end the part (each waits 60 s of chip time)


# -- one part, in a worker process ----------------------------------------------------------


class Probe:
    """Watches an EmuBoard in a Lockstep: runs it in STEP_MS steps and reads its panel and
    flash counts after each (the timeline), presses its keys itself to time them, and saves
    PNG frames at chosen moments."""

    def __init__(self, emu, out_dir, prefix, log):
        from host_sim.emu.board import EmuBoard

        self.emu = emu
        self.out_dir = out_dir
        self.prefix = prefix
        self.log = log
        self.dev = None
        self.changes = []  # chip ms of each step after which the panel's pixels differed
        self.ops = []  # (chip ms, erases, programs) after each step that changed the counts
        self.lines = []  # (chip ms, console line)
        self.presses = []  # see press()
        self.pngs = {}
        self.diverged = 0  # checks in a row that never matched
        self.acts = []  # True (a human's) or False (a bot's) per action the simulator applied
        self.rgb = None
        self.last_ops = (0, 0)
        self._run = EmuBoard.run.__get__(emu)
        emu.run = self.run  # Lockstep, settle and run_until_frame run the board through here
        emu.press = self.press

    # the timeline

    def sample(self):
        emu = self.emu
        t = emu.chip_ms
        lines = getattr(emu, "done_lines", [])
        for line in lines[len(self.lines):]:
            self.lines.append((t, line))
        rgb = emu.frame()[2]
        if self.rgb is not None and rgb != self.rgb:
            self.changes.append(t)
        self.rgb = rgb
        ops = emu.flash_ops
        if ops != self.last_ops:
            self.ops.append((t, ops[0], ops[1]))
            self.last_ops = ops

    def run(self, ms):
        out = None
        left = ms
        while left > 0:
            d = min(STEP_MS, left)
            out = self._run(d)
            left -= d
            self.sample()
        return out

    # keys

    def press(self, key):
        """The key on the board's pins, as EmuBoard.press does (a tap 80 ms, a hold 700 ms,
        80 ms after the release), timed: the chip ms from key-down to the first step after
        which the panel differs (run on up to CHANGE_LIMIT_MS for it)."""
        from firmware.keys import CCW, CW
        from host_sim.emu.board import HOLD_MS, TAP_MS
        from host_sim.player import screen_name

        emu = self.emu
        emu.presses += 1
        self.sample()
        rec = {"key": key, "screen": screen_name(self.dev) if self.dev else None, "down": emu.chip_ms,
               "changes_at": len(self.changes), "lines_at": len(self.lines), "hold": False,
               "acts_at": len(self.acts)}
        self.presses.append(rec)
        if key in (CW, CCW):
            a, b = emu.wiring.encoder
            step = 1 if key == CW else -1
            for _ in range(4):
                emu.encoder_state = (emu.encoder_state + step) % 4
                la, lb = emu.QUADRATURE[emu.encoder_state]
                emu.link.send("pin", pin=a, level=la)
                emu.link.send("pin", pin=b, level=lb)
                self._run(2)
                self.sample()
            rec["up"] = emu.chip_ms
        else:
            n, hold = emu._button(key)
            rec["hold"] = hold
            rec["release"] = not hold and emu.profile.KEYMAP[n][1] is not None  # sent when let go
            pin = emu.wiring.keys[n]
            emu.link.send("pin", pin=pin, level=emu.wiring.pressed)
            self.run(HOLD_MS if hold else TAP_MS)
            emu.link.send("pin", pin=pin, level=1 - emu.wiring.pressed)
            rec["up"] = emu.chip_ms
        after = 0
        while len(self.changes) == rec["changes_at"] and after < CHANGE_LIMIT_MS:
            self.run(STEP_MS)
            after += STEP_MS
        if after < TAP_MS:
            self.run(TAP_MS - after)
        rec["change"] = (self.changes[rec["changes_at"]] - rec["down"]
                         if len(self.changes) > rec["changes_at"] else None)

    def quiet(self, ms=60, limit_ms=3000):
        """Run until the panel has not changed for ``ms``."""
        waited = 0
        while waited < limit_ms:
            n = len(self.changes)
            self.run(ms)
            waited += ms
            if len(self.changes) == n:
                return

    def save(self, name):
        if name in self.pngs:
            return
        path = os.path.join(self.out_dir, "%s%s.png" % (self.prefix, name))
        with open(path, "wb") as f:
            f.write(self.emu.png())
        self.pngs[name] = os.path.relpath(path, ROOT)

    def shown_screen(self):
        """The screen the panel shows: the last one built (its heap line) before the panel's
        last change (on e-paper the refresh of a screen can come after the next is built)."""
        from host_sim.emu.board import HEAP_LINE

        last = self.changes[-1] if self.changes else 0
        for t, line in reversed(self.lines):
            m = HEAP_LINE.search(line)
            if m and t < last:
                return m.group(1)
        return None


def watch_checks(step, probe):
    """PNGs at the checks: the first hand, the first breakdown, the match's end, the
    keeper's totals and round entry (taken once the board shows the simulator's frame)."""
    from host_sim.player import screen_name

    check = step.check
    names = {"Hand": "hand", "PlayScore": "breakdown", "MatchEnd": "matchend", "Totals": "totals",
             "RoundEntry": "entry"}

    def checked(what, limit_ms=60000):
        n = check(what, limit_ms)
        name = names.get(screen_name(step.dev))
        if name and not n:
            probe.save(name)
        if n:  # both frames, to look at
            k = len(step.mismatches)
            probe.save("mismatch%d-board" % k)
            path = os.path.join(probe.out_dir, "%smismatch%d-sim.png" % (probe.prefix, k))
            with open(path, "wb") as f:
                f.write(step.dev.panel.png())
            probe.pngs["mismatch%d-sim" % k] = os.path.relpath(path, ROOT)
            probe.diverged += 1
            if probe.diverged >= DIVERGED or os.environ.get("EMU_CHECK_STOP"):
                raise AssertionError("the board and the simulator parted at %r (%d checks in a row "
                                     "differ): the part ends here" % (what, probe.diverged))
        else:
            probe.diverged = 0
        return n

    step.check = checked


def table_shot(probe):
    """After a key that brought the table up (BACK on a hand, or a play's OK): once the panel
    is still for 60 ms, its frame, if it shows the table."""
    rec = probe.presses[-1] if probe.presses else None
    if "table" in probe.pngs or rec is None or rec["key"] not in ("back", "ok") or rec["screen"] != "Hand":
        return
    probe.quiet()
    if probe.shown_screen() == "table":
        probe.save("table")


def log_acts(probe):
    """The simulator's actions, in order: a human's (True) or a bot's (False)."""
    from firmware import dealer

    act = dealer.Session.act

    def logged(self, action, now=None):
        events = act(self, action, now)
        probe.acts.append(self.levels[action[0]] is None)
        return events

    dealer.Session.act = logged


def target(board, install):
    """The name a board's figures go under: the board, and "-frozen" for make uf2's install."""
    return board if install == "drive" else board + "-frozen"


def of(result):
    """The target a part's result belongs to (results before installs were named: the drive's)."""
    return target(result["board"], result.get("install", "drive"))


def run_part(board, part, out_root, install="drive"):
    """One part on one board and install, in a fresh power-up: its figures (a dict)."""
    from host_sim.device import install_standins

    install_standins()
    from host_sim import player as pl
    from host_sim.device import Device
    from host_sim.emu.board import EmuBoard
    from host_sim.emu.lockstep import Lockstep, play_round
    from host_sim.shot import store_in

    started = time.time()
    tag = "[%s %s]" % (target(board, install), part)

    def log(text):
        print("%s %s (%.0f s wall)" % (tag, text, time.time() - started), flush=True)

    out_dir = os.path.join(out_root, target(board, install))
    os.makedirs(out_dir, exist_ok=True)
    game = part.split("-")[0]
    lang = 1 if part.endswith("-de") else 0
    res = {"board": board, "install": install, "part": part, "game": game, "lang": lang, "rounds": 0,
           "error": None}
    emu = EmuBoard(board, settings=SETTINGS, install=install)
    probe = Probe(emu, out_dir, "" if part == "keeper" else part + "-", log)
    step = None
    setup = "playsetup" if part in PARTS[1:] + MATCHES[:2] else "newmatch"  # the part proper starts after it
    try:
        res["boot_ms"] = emu.boot()
        probe.sample()
        res["first_heap_ms"] = emu.screens[0][3] if emu.screens else None
        if part == "keeper":
            probe.save("first")
        # The simulator with a journal of its own, as the board has its nvm: without a store
        # the app makes no switch of mode through a fresh VM (firmware/install.py), so after a
        # new language the simulator's menu kept its focus where the board's came back on top.
        dev = Device(board, store_in(tempfile.mkdtemp(prefix="emu-check-sim-")), install=install)
        probe.dev = dev
        log_acts(probe)
        step = Lockstep(emu, dev, log=log)
        watch_checks(step, probe)
        if lang:
            pl.menu(dev, "Settings")
            pl.choose(dev, "lang", lang)
            dev.press("ok")
        def keeper():
            pl.new_match(dev, "tichu", KEEPER_LIMIT)
            for kw in (dict(points=65), dict(points=70), dict(first=0, double=True)):
                pl.tichu_round(dev, **kw)
                res["rounds"] += 1
                log("keeper round %d entered" % res["rounds"])
            step.check("keeper end")
            if pl.screen_name(dev) != "MatchEnd":
                raise AssertionError("the keeper's match did not end: %s" % pl.screen_name(dev))
            res["totals"] = list(dev.app.book.totals)

        def dealt(game, whole):
            pl.play_setup(dev, game, humans=(0,), level=3, pause=0, limit=MATCH_LIMIT if whole else None)
            while True:
                n = play_round(step)
                res["rounds"] += 1
                log("round %d: %d human turns, %d checks, %d mismatches, totals %s"
                    % (res["rounds"], n, step.checks, len(step.mismatches), dev.app.book.totals))
                if emu.traceback():
                    break
                dev.press("ok")  # the next round (a reload on the drive install), or the match's end
                step.check("after the breakdown")
                if pl.screen_name(dev) == "MatchEnd" or not whole:
                    break
            res["totals"] = list(dev.app.book.totals)
            res["over"] = dev.app.book.over()
            if whole and not res["over"]:
                raise AssertionError("the match did not end")

        back = dev.press

        def pressed(key):  # the table's frame after the first BACK to it
            back(key)
            table_shot(probe)

        dev.press = pressed
        if part == "keeper":
            keeper()
        elif part == "session":
            # one power-up, as a table's evening: a keeper match, a dealt Chimera round and the
            # next one dealt, German, a dealt Tichu round and the next one dealt
            keeper()
            dealt("chimera", False)
            pl.menu(dev, "Settings")
            pl.choose(dev, "lang", 1)
            dev.press("ok")
            dealt("tichu", False)
        else:
            dealt(game, part.endswith("-match"))
        probe.run(200)
    except Exception as e:  # noqa: BLE001 (the part's failure is reported, the others run on)
        res["error"] = "%s: %s" % (type(e).__name__, e)
        log("FAILED: %s\n%s" % (res["error"], tb_mod.format_exc()))
    finally:
        try:
            probe.sample()
        except Exception:  # noqa: BLE001
            pass
        res["traceback"] = emu.traceback()
        res.update(figures(emu, probe, step, setup))
        with open(os.path.join(out_dir, "%s-timeline.json" % part), "w") as f:
            json.dump({"changes": probe.changes, "ops": probe.ops, "lines": probe.lines,
                       "presses": probe.presses}, f)
        res["wall_s"] = time.time() - started
        res["chip_ms"] = emu.chip_ms
        res["pngs"] = probe.pngs
        try:
            emu.close()
        except Exception:  # noqa: BLE001
            pass
    log("done: %d rounds, %d checks, %d mismatches%s%s" % (
        res["rounds"], res["checks"], len(res["mismatches"]), ", TRACEBACK" if res["traceback"] else "",
        ", error" if res["error"] else ""))
    return res


def figures(emu, probe, step, setup):
    """The part's figures from the probe's timeline; the part proper starts after the last
    heap line of the ``setup`` screen."""
    from host_sim.emu.board import HEAP_LINE

    part_from = 0
    for i, (_, line) in enumerate(probe.lines):
        m = HEAP_LINE.search(line)
        if m and m.group(1) == setup:
            part_from = i + 1

    out = {"checks": step.checks if step else 0,
           "mismatches": [list(m) for m in step.mismatches] if step else [],
           "fallbacks": emu.fallbacks, "presses_n": len(probe.presses)}
    heap = []  # (chip ms, screen, free, block) of every heap line
    for t, line in probe.lines:
        m = HEAP_LINE.search(line)
        if m:
            heap.append((t, m.group(1), int(m.group(2)), int(m.group(3)) if m.group(3) else None))
    out["screens"] = heap
    part = []
    for _, line in probe.lines[part_from:]:
        m = HEAP_LINE.search(line)
        if m:
            part.append((int(m.group(2)), int(m.group(3)) if m.group(3) else None, m.group(1)))
    if part:
        free, block, screen = min(part, key=lambda x: x[0])
        out["peak"] = {"free": free, "block": block, "screen": screen,
                       "least_block": min([b for _, b, _ in part if b is not None] or [None])}
    # presses and reloads
    presses = probe.presses
    reboots = [t for t, line in probe.lines if REBOOT in line]
    heap_times = [h[0] for h in heap]
    kinds = {"PlayScore": "next round", "PlaySetup": "new dealt match", "Choice": "new dealt match",
             "NewMatch": "new keeper match", "Settings": "language"}
    taps, holds, plays, reloads, nochange = [], [], [], [], 0
    acts = probe.acts
    for i, rec in enumerate(presses):
        end = presses[i + 1]["down"] if i + 1 < len(presses) else float("inf")
        acts_end = presses[i + 1]["acts_at"] if i + 1 < len(presses) else len(acts)
        rec["played"] = rec["screen"] == "Hand" and True in acts[rec["acts_at"]:acts_end]
        boots = [t for t in reboots if rec["down"] <= t < end]
        if boots:
            first = [t for t in heap_times if t >= boots[0]]
            if first:
                reloads.append({"what": kinds.get(rec["screen"], rec["screen"]), "key": rec["key"],
                                "ms": round(first[0] - rec["down"], 1),
                                "first_change_ms": rec["change"]})
            continue
        if rec["change"] is None:
            nochange += 1
            continue
        kind = plays if rec["played"] else holds if rec["hold"] else taps
        kind.append((round(rec["change"], 1), rec["key"], rec["screen"], bool(rec.get("release"))))
    out["taps"] = taps
    out["plays"] = plays
    out["holds"] = holds
    out["no_change"] = nochange
    out["reloads"] = reloads
    # the next dealt round: OK on the breakdown to the first pixels after the next hand's heap
    # line (a player's wait from the last card's score to their next cards; on the drive install
    # a fresh VM in between)
    nexts = []
    for i, rec in enumerate(presses):
        if rec["screen"] != "PlayScore" or rec["key"] != "ok":
            continue
        end = presses[i + 1]["down"] if i + 1 < len(presses) else float("inf")
        hand = [h[0] for h in heap if rec["down"] < h[0] < end and h[1] == "hand"]
        px = [t for t in probe.changes if hand and hand[0] <= t < end]
        if px:
            nexts.append(round(px[0] - rec["down"], 1))
    out["next_round"] = nexts
    # bot decisions: after a human's action on the hand, the app opens the table (its heap
    # line), and in the same pass of the main loop the bots play in one burst (pause 0: up to
    # firmware/screens/table.py _BURST actions, no redraw between), then the table is drawn
    # and sent to the panel. (first pixel change - the table's heap line) / the bots' actions
    # the simulator applied before the next human's: an estimate per decision, with the
    # table's draw() in it. Left out: a burst that wrote the flash (the round's end).
    bots = []
    ops_times = [t for t, _, _ in probe.ops]
    for i, rec in enumerate(presses):
        if not rec.get("played"):
            continue
        end = presses[i + 1]["down"] if i + 1 < len(presses) else float("inf")
        first_human = acts.index(True, rec["acts_at"])
        k = 0
        for a in acts[first_human + 1:]:
            if a:
                break
            k += 1
        tab = [h[0] for h in heap if rec["down"] <= h[0] < end and h[1] == "table"]
        if not k or not tab:
            continue
        px = [t for t in probe.changes if t > tab[0]]
        if not px or px[0] >= end or any(tab[0] <= t <= px[0] for t in ops_times):
            continue
        bots.append({"ms": round(px[0] - tab[0], 1), "bots": k, "per": round((px[0] - tab[0]) / k, 1)})
    out["bots"] = bots
    # flash per save: bursts of steps in a row that wrote
    bursts = []
    prev = (0, 0)
    last_t = None
    for t, e, p in probe.ops:
        de, dp = e - prev[0], p - prev[1]
        prev = (e, p)
        if last_t is not None and t - last_t <= STEP_MS + 1 and bursts:
            bursts[-1]["erases"] += de
            bursts[-1]["programs"] += dp
        else:
            key = [r for r in presses if r["down"] <= t]
            rec = key[-1] if key else None
            bursts.append({"at": t, "erases": de, "programs": dp,
                           "after": "%s on %s" % (rec["key"], rec["screen"]) if rec else "power-up"})
        last_t = t
    out["saves"] = bursts
    out["flash_ops"] = list(emu.flash_ops)
    return out


# -- the table ------------------------------------------------------------------------------


def stats(xs):
    xs = [x for x in xs if x is not None]
    if not xs:
        return None
    return {"n": len(xs), "median": round(statistics.median(xs), 1), "worst": round(max(xs), 1)}


def fmt_ms(s):
    return "-" if not s else "%d: median %.0f, worst %.0f" % (s["n"], s["median"], s["worst"])


def board_figures(results):
    """One board's figures from its parts."""
    fig = {"parts": {}}
    taps, holds, plays, bots, reloads, keeper_saves, dealt_saves, deal_saves = [], [], [], [], [], [], [], []
    for r in results:
        p = {k: r.get(k) for k in ("rounds", "peak", "fallbacks", "checks", "mismatches", "traceback",
                                   "error", "wall_s", "chip_ms", "boot_ms", "first_heap_ms", "totals",
                                   "no_change", "pngs")}
        dealt = r["part"] != "keeper"
        p["fallbacks_per_round"] = (r["fallbacks"] / r["rounds"]) if dealt and r["rounds"] else None
        fig["parts"][r["part"]] = p
        taps += r.get("taps", [])
        holds += r.get("holds", [])
        plays += r.get("plays", [])
        if dealt:
            bots += r.get("bots", [])
        reloads += r.get("reloads", [])
        for s in r.get("saves", []):
            if s["after"] == "power-up":
                continue
            if s["after"].startswith("ok on RoundEntry"):
                keeper_saves.append(s)
            elif s["after"].endswith(" on Hand"):
                dealt_saves.append(s)
            elif s["after"].startswith("ok on PlayScore"):
                deal_saves.append(s)
    fig["press_tap"] = stats([t[0] for t in taps])
    if taps:
        w = max(taps)
        fig["press_tap"]["worst_key"] = "%s on %s" % (w[1], w[2])
        fig["press_tap"]["on_release"] = len([t for t in taps if len(t) > 3 and t[3]])
    fig["press_hold"] = stats([t[0] for t in holds])
    fig["press_play"] = stats([t[0] for t in plays])
    fig["bot_decision"] = stats([b["per"] for b in bots])
    if bots:
        fig["bot_decision"]["bots"] = sum(b["bots"] for b in bots)
        fig["bot_decision"]["mean"] = round(sum(b["ms"] for b in bots) / sum(b["bots"] for b in bots), 1)
    fig["next_round"] = stats([x for r in results for x in r.get("next_round", [])])
    fig["reload"] = {}
    for what in sorted({x["what"] for x in reloads}):
        fig["reload"][what] = stats([x["ms"] for x in reloads if x["what"] == what])
    boots = [r.get("boot_ms") for r in results if r.get("boot_ms")]
    firsts = [r.get("first_heap_ms") for r in results if r.get("first_heap_ms")]
    fig["power_up"] = {"first_heap": stats(firsts), "boot": stats(boots)}

    def save_stats(xs):
        if not xs:
            return None
        return {"n": len(xs), "erases_median": statistics.median([s["erases"] for s in xs]),
                "programs_median": statistics.median([s["programs"] for s in xs]),
                "erases_max": max(s["erases"] for s in xs), "programs_max": max(s["programs"] for s in xs)}

    fig["save_keeper_round"] = save_stats(keeper_saves)
    fig["save_dealt_action"] = save_stats(dealt_saves)
    fig["save_next_deal"] = save_stats(deal_saves)
    fig["tracebacks"] = [r["part"] for r in results if r.get("traceback")]
    fig["errors"] = {r["part"]: r["error"] for r in results if r.get("error")}
    return fig


def table(name, fig):
    board = name.split("-")[0]
    rows = ["%s (%s)%s" % (SHORT[board], board, ", the app frozen into the firmware (make uf2)"
                           if name != board else ", the app's files on CIRCUITPY")]
    rows.append("  %-14s %6s %10s %10s %-10s %9s %7s %6s %8s %8s" % (
        "part", "rounds", "peak free", "block", "at", "fallb/rd", "checks", "mism", "chip s", "wall s"))
    for part, p in fig["parts"].items():
        peak = p.get("peak") or {}
        fb = p.get("fallbacks_per_round")
        rows.append("  %-14s %6s %10s %10s %-10s %9s %7s %6s %8.0f %8.0f%s" % (
            part, p["rounds"], peak.get("free", "-"), peak.get("block", "-"), peak.get("screen", "-"),
            "-" if fb is None else "%.2f" % fb, p["checks"], len(p["mismatches"] or ()),
            (p.get("chip_ms") or 0) / 1000, p.get("wall_s") or 0,
            ("  ERROR" if p.get("error") else "") + ("  TRACEBACK" if p.get("traceback") else "")))
    t = fig["press_tap"]
    rows.append("  press, key-down to the panel's first change (chip ms, 10 ms steps): taps %s%s"
                % (fmt_ms(t), " (%s)" % t["worst_key"] if t else ""))
    if t and t.get("on_release"):
        rows.append("    (%d of these taps are of a button with a hold meaning: the app takes them when let"
                    " go, 80 ms after key-down)" % t["on_release"])
    rows.append("  press, holds (700 ms; the app acts at 600): %s" % fmt_ms(fig["press_hold"]))
    rows.append("  press, a play's OK on the hand (journal, table, the bots' burst, the first pixels): %s"
                % fmt_ms(fig["press_play"]))
    b = fig["bot_decision"]
    mean = "; %d actions, mean %.0f" % (b["bots"], b["mean"]) if b else ""
    rows.append("  bot decision (estimate: the table's heap line to its first pixels / the bots' actions),"
                " per human turn: %s%s" % (fmt_ms(b), mean))
    if board in PAPER:
        rows.append("    (e-paper: the first pixels of a change wait for the panel's refresh, at most one per"
                    " %d ms: the press and bot figures above are the panel's pace, not the app's)"
                    % PAPER[board])
    rows.append("  the next dealt round: OK on the breakdown to the next hand's first pixels: %s"
                % fmt_ms(fig.get("next_round")))
    for what, s in fig["reload"].items():
        rows.append("  reload, key-down to the new VM's first heap line (%s): %s" % (what, fmt_ms(s)))
    pu = fig["power_up"]
    rows.append("  power-up to the first screen (its heap line): %s; boot() settled: %s"
                % (fmt_ms(pu["first_heap"]), fmt_ms(pu["boot"])))
    for key, what in (("save_keeper_round", "a keeper round saved"),
                      ("save_dealt_action", "a dealt action journaled"),
                      ("save_next_deal", "the next deal journaled")):
        s = fig[key]
        text = "-" if not s else "%d erases, %d page programs (median of %d saves; max %d, %d)" % (
            s["erases_median"], s["programs_median"], s["n"], s["erases_max"], s["programs_max"])
        rows.append("  flash, %s: %s" % (what, text))
    errors = "; ".join("%s: %s" % kv for kv in fig["errors"].items())
    rows.append("  tracebacks: %s; errors: %s" % (", ".join(fig["tracebacks"]) or "none", errors or "none"))
    return "\n".join(rows)


# -- main -----------------------------------------------------------------------------------


def plan(boards, quick, parts, installs=("drive",)):
    jobs = []
    for i in installs:
        for b in boards:
            names = parts or (QUICK if quick else PARTS + (MATCHES if b == "picosystem" else ()))
            jobs += [(b, p, i) for p in names]
    # the longest first: the whole matches, the Badger's (its e-paper waits), Tichu's rounds
    weight = {"chimera-match": 0, "tichu-match": 0}
    jobs.sort(key=lambda j: (weight.get(j[1], 1), j[0] != "badger2040", "tichu" not in j[1]))
    return jobs


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python benchmarks/emu_check.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--boards", default=",".join(BOARDS), help="comma-separated (default: all four)")
    ap.add_argument("--jobs", type=int, default=2,
                    help="parts run at once, each in its own process (default 2)")
    ap.add_argument("--quick", action="store_true",
                    help="only the keeper's match and a Chimera round, English")
    ap.add_argument("--parts", default="",
                    help="comma-separated parts instead (%s)" % ", ".join(PARTS + MATCHES))
    ap.add_argument("--merge", nargs="+", metavar="FIGURES_JSON",
                    help="run nothing: the table of earlier runs' figures.json files (a part in a later file "
                         "replaces the same part of an earlier one), written to OUT/figures.json")
    ap.add_argument("--installs", default="drive",
                    help="comma-separated: drive (the app's files on CIRCUITPY, the board's stock firmware), "
                         "frozen (make uf2's firmware with the app in it); default drive")
    ap.add_argument("--markdown", action="store_true",
                    help="with --merge: the figures as one Markdown table, a column per board and install")
    ap.add_argument("--out", default=OUT,
                    help="folder for the PNGs and figures.json (default build/emu-check)")
    args = ap.parse_args(argv)
    boards = [b for b in args.boards.split(",") if b]
    for b in boards:
        if b not in BOARDS:
            ap.error("no board %r (%s)" % (b, ", ".join(BOARDS)))
    installs = tuple(i for i in args.installs.split(",") if i)
    for i in installs:
        if i not in ("drive", "frozen"):
            ap.error("no install %r (drive, frozen)" % i)
    parts = tuple(p for p in args.parts.split(",") if p)
    for p in parts:
        if p not in PARTS + MATCHES:
            ap.error("no part %r (%s)" % (p, ", ".join(PARTS + MATCHES)))
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    if args.merge:
        if args.markdown:
            print(markdown(merged(args.merge, boards), boards))
            return 0
        return report(merged(args.merge, boards), boards, None, out, args.merge)
    from host_sim.emu.board import missing

    why = missing()
    if why:
        print("emu-check: cannot run the emulated boards: %s" % why, file=sys.stderr)
        return 2
    from host_sim.emu.board import drive_image, frozen_image

    for b in boards:  # built once here, not by two workers at once
        for i in installs:
            (frozen_image if i == "frozen" else drive_image)(b, SETTINGS)
    jobs = plan(boards, args.quick, parts, installs)
    print("emu-check: %d parts on %s, %d at a time" % (len(jobs), ", ".join(boards), args.jobs), flush=True)
    started = time.time()
    results = []
    if args.jobs <= 1:
        for b, p, i in jobs:
            results.append(run_part(b, p, out, i))
            report(results, boards, None, out, quiet=True)
    else:
        import concurrent.futures
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        ctx = multiprocessing.get_context("spawn")
        # a fresh process per part: the simulator's modules and patches start clean each time
        with ProcessPoolExecutor(max_workers=args.jobs, mp_context=ctx, max_tasks_per_child=1) as pool:
            futures = [pool.submit(run_part, b, p, out, i) for b, p, i in jobs]
            # figures.json after every part: a run cut short keeps what it measured
            for f in concurrent.futures.as_completed(futures):
                results.append(f.result())
                report(results, boards, None, out, quiet=True)
    return report(results, boards, time.time() - started, out)


def merged(paths, boards):
    """The parts' results of earlier runs (figures.json), a later file's part over an earlier one's."""
    parts = {}
    for path in paths:
        with open(path) as f:
            data = json.load(f)
        for fig in data["boards"].values():
            for r in fig.get("raw", []):
                if r["board"] in boards:
                    r["source"] = os.path.relpath(os.path.abspath(path), ROOT)
                    parts[(of(r), r["part"])] = r
    return list(parts.values())


def per_target(results, boards):
    """{target: its figures (board_figures), with its parts' results in part order as "raw"},
    the drive install's boards first, for the boards of ``boards`` that have results."""
    order = list(PARTS + MATCHES)
    figs = {}
    for i in ("drive", "frozen"):
        for b in boards:
            rs = sorted([r for r in results if of(r) == target(b, i)], key=lambda r: order.index(r["part"]))
            if rs:
                figs[target(b, i)] = board_figures(rs)
                figs[target(b, i)]["raw"] = rs
    return figs


def markdown(results, boards):
    """The figures of ``results`` as a Markdown table: a row per figure, a column per board and
    install (the docs' tables are printed by this, not typed)."""
    figs = per_target(results, boards)
    targets = list(figs)
    for fig in figs.values():
        fig["raw"] = {r["part"]: r for r in fig["raw"]}

    def ms(st, unit="ms"):
        if not st:
            return "-"
        if unit == "s":
            return "%.1f / %.1f s" % (st["median"] / 1000, st["worst"] / 1000)
        return "{:,} / {:,} ms".format(int(round(st["median"])), int(round(st["worst"])))

    def peak(t, part):
        r = figs[t]["raw"].get(part)
        p = r and r.get("peak")
        if not p:
            return "-"
        return "{:,} / {:,} B ({})".format(p["free"], p["block"] or 0, p["screen"])

    def menu(t):
        firsts = [r["screens"][0][2] for r in figs[t]["raw"].values() if r.get("screens")]
        return "{:,} B".format(min(firsts)) if firsts else "-"

    def fallbacks(t):
        rounds = sum(r["rounds"] for r in figs[t]["raw"].values() if r["part"] != "keeper")
        n = sum(r.get("fallbacks") or 0 for r in figs[t]["raw"].values() if r["part"] != "keeper")
        return "%d in %d rounds" % (n, rounds) if rounds else "-"

    def reloads(t):
        rl = figs[t]["reload"]
        return ", ".join("%s %s" % (what, ms(st, "s")) for what, st in rl.items()) or "none"

    def save(t):
        out = []
        for key, what in (("save_keeper_round", "keeper round"), ("save_dealt_action", "dealt action"),
                          ("save_next_deal", "next deal")):
            st = figs[t][key]
            if st:
                out.append("%s %g erase + %g pages (max %d + %d)" % (
                    what, st["erases_median"], st["programs_median"], st["erases_max"], st["programs_max"]))
        return "; ".join(out) or "-"

    def checks(t):
        rs = figs[t]["raw"].values()
        bad = [r["part"] for r in rs if r.get("error") or r.get("traceback")]
        return "%d parts, %d checks, %d mismatches%s" % (
            len(rs), sum(r["checks"] for r in rs), sum(len(r["mismatches"]) for r in rs),
            ", failed: " + " ".join(bad) if bad else ", no traceback")

    rows = [
        ("free heap at the menu after power-up", menu),
        ("power-up to the first screen (median / worst)",
         lambda t: ms(figs[t]["power_up"]["first_heap"], "s")),
    ]
    for part, what in (("keeper", "score keeper"), ("chimera-en", "dealt Chimera round"),
                       ("chimera-de", "dealt Chimera round, German"), ("tichu-en", "dealt Tichu round"),
                       ("tichu-de", "dealt Tichu round, German"), ("chimera-match", "whole Chimera match"),
                       ("tichu-match", "whole Tichu match"),
                       ("session", "a session in one power-up (keeper, Chimera, German, Tichu)")):
        if any(part in figs[t]["raw"] for t in targets):
            rows.append(("%s: least free / largest block (at)" % what, lambda t, part=part: peak(t, part)))
    rows += [
        ("fallback reloads for lack of heap", fallbacks),
        ("a tap to the panel's first change", lambda t: ms(figs[t]["press_tap"])),
        ("a play (OK on the hand) to the first change", lambda t: ms(figs[t]["press_play"])),
        ("a bot decision (estimate)", lambda t: ms(figs[t]["bot_decision"])),
        ("the next dealt round: OK on the breakdown to the next hand", lambda t: ms(figs[t].get("next_round"),
                                                                                     "s")),
        ("reloads (a fresh VM)", reloads),
        ("flash per save (median)", save),
        ("key for key with the simulator", checks),
    ]
    head = ["%s, %s" % (SHORT[t.split("-")[0]], "frozen" if t.endswith("-frozen") else "drive")
            for t in targets]
    lines = ["| | " + " | ".join(head) + " |", "| --- |" + " --- |" * len(targets)]
    for what, f in rows:
        lines.append("| %s | %s |" % (what, " | ".join(f(t) for t in targets)))
    return "\n".join(lines)


def report(results, boards, wall, out, sources=None, quiet=False):
    """The table per board, on stdout (unless ``quiet``) and in OUT/figures.json; the status (1: a
    traceback or a part that failed)."""
    figs = per_target(results, boards)
    boards = list(figs)
    failed = any(fig["tracebacks"] or fig["errors"] for fig in figs.values())
    if quiet:
        with open(os.path.join(out, "figures.json"), "w") as f:
            json.dump({"wall_s": None, "sources": ["a run not yet ended"], "boards": figs}, f, indent=1)
        return 1 if failed else 0
    print()
    for b in boards:
        print(table(b, figs[b]))
        for part, p in figs[b]["parts"].items():
            for m in p["mismatches"] or ():
                print("  mismatch in %s: %s" % (part, m))
        for part, p in figs[b]["parts"].items():
            if p.get("traceback"):
                print("  traceback in %s:\n%s" % (part, p["traceback"]))
        pngs = sorted(v for p in figs[b]["parts"].values() for v in (p["pngs"] or {}).values())
        print("  frames: %s" % " ".join(pngs))
        print()
    if wall is not None:
        print("emu-check: %.0f s wall in all" % wall)
    else:
        print("emu-check: merged from %s; wall per part: %s" % (", ".join(sources), ", ".join(
            "%s %s %.0f s" % (of(r), r["part"], r.get("wall_s") or 0) for r in results)))
    with open(os.path.join(out, "figures.json"), "w") as f:
        json.dump({"wall_s": wall, "sources": sources, "boards": figs}, f, indent=1)
    print("emu-check: figures in %s" % os.path.relpath(os.path.join(out, "figures.json"), ROOT))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
