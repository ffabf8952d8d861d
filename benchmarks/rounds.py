"""Full random-action Chimera rounds: per second on CPython, and the heap one round needs
under MicroPython; full random Tichu games per second on CPython.

    python benchmarks/rounds.py [--rounds N] [--tichu-games N] [--seed S] [--no-mp]

A round is everything from a deal to its scoring through the game seam: deal from the
PRNG, every seat due picks a uniformly random action from ``legal_actions``, ``apply``
(pass-outs are redealt inside the round). The match limit is out of reach, so rounds
follow each other as on a table.

MicroPython (the npm WebAssembly build, through benchmarks/mp_run.mjs):
- heap after importing everything a round uses (compiled from source, as on a board
  without .mpy files);
- the peak of live heap during one round beyond that (state, legal-action lists, PRNG),
  probed with a collection after every legal_actions and every apply;
- bytes allocated during one round with the collector off: the garbage a round makes.
This build grows its heap on demand, so it cannot report the smallest heap that works;
code plus peak is the estimate (compiling the sources needs some more, transiently).

MicroPython imports this file too (round_steps, play_rounds, mp_*): keep it
MicroPython-safe outside main().
"""

import sys
import time

NEVER = 1 << 29  # a limit no total reaches: rounds follow each other forever


def round_steps(n, seed, result):
    """Play ``n`` random rounds, yielding after every legal_actions (its list still
    alive) and every apply; ``result`` ends as [rounds, actions]."""
    from engine_core.chimera import game
    from engine_core.prng import Pcg32

    deals = Pcg32(seed)
    rng = Pcg32(seed, 7)
    s = game.new_match(NEVER)
    while result[0] < n:
        kind, due = game.decision(s)
        if kind == "deal":
            a = game.next_deal(s, deals)
        else:
            acts = game.legal_actions(s, due[rng.below(len(due))])
            yield
            a = acts[rng.below(len(acts))]
        s, events = game.apply(s, a)
        result[1] += 1
        yield
        for e in events:
            if e[0] == "round_over":
                result[0] += 1


def tichu_games(n, seed, limit=1000):
    """(games, rounds, actions) after ``n`` full random Tichu games to ``limit`` (T7.1):
    random legal actions through the game seam (choices.random_step: calls now and then,
    bombs out of turn, every wish honoured), deals from the PRNG."""
    from engine_core.prng import Pcg32
    from engine_core.tichu import game
    from engine_core.tichu.choices import random_step

    rng = Pcg32(seed, 7)
    deals = Pcg32(seed)
    rounds = actions = 0
    for _ in range(n):
        s = game.new_match(limit)
        while True:
            kind, due = game.decision(s)
            if kind == "over":
                break
            a = game.next_deal(s, deals) if kind == "deal" else random_step(s, rng)
            s = game.apply(s, a)[0]
            actions += 1
        rounds += len(s.match.rounds)
    return n, rounds, actions


def play_rounds(n, seed):
    """(rounds, actions) after playing ``n`` random rounds."""
    result = [0, 0]
    for _ in round_steps(n, seed, result):
        pass
    return tuple(result)


# Under MicroPython, driven by benchmarks/mp_run.mjs one call at a time (MP_* below):
# garbage is only collected between calls, so each probe is a call of its own.
MP_SETUP = "import gc\ngc.collect()\n_m0 = gc.mem_alloc()\n"
MP_LOAD = "import rounds\nfrom engine_core.chimera import choices, deal, game\n"
MP_STEP = "_done = rounds.mp_probe(%d)\n"
MP_FINAL = "rounds.mp_finish(_m0, %d, %d)\n"
_mp = {}


def mp_probe(seed):
    """One step of the probed round; True when it is over. The first call, right
    after the imports, measures what they left on the heap."""
    import gc

    gc.collect()
    if not _mp:
        _mp["code"] = gc.mem_alloc()
        _mp["peak"] = 0
        _mp["steps"] = round_steps(1, seed, [0, 0])
        return False
    _mp["peak"] = max(_mp["peak"], gc.mem_alloc() - _mp["code"])
    try:
        next(_mp["steps"])
    except StopIteration:
        return True
    return False


def mp_finish(m0, n, seed):
    """Print 'code_bytes peak_bytes garbage_bytes rounds ms'."""
    import gc

    gc.disable()
    a0 = gc.mem_alloc()
    play_rounds(1, seed)
    a1 = gc.mem_alloc()
    gc.enable()
    t0 = time.ticks_ms()
    play_rounds(n, seed)
    ms = time.ticks_diff(time.ticks_ms(), t0)
    print("%d %d %d %d %d" % (_mp["code"] - m0, _mp["peak"], a1 - a0, n, ms))


def _node(*args):
    import subprocess

    here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    return subprocess.run(["node", here + "/mp_run.mjs"] + [str(a) for a in args],
                          capture_output=True, text=True, timeout=600)


def main(argv):
    import argparse
    import os
    import platform

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rounds", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--tichu-games", type=int, default=50, help="full random Tichu games to time")
    p.add_argument("--no-mp", action="store_true", help="skip the MicroPython measurements")
    args = p.parse_args(argv)

    play_rounds(50, args.seed + 1)  # warm up
    t0 = time.perf_counter()
    c0 = time.process_time()
    done, actions = play_rounds(args.rounds, args.seed)
    cpu = time.process_time() - c0
    dt = time.perf_counter() - t0
    # CPU time is the figure: wall time also counts whatever else the machine runs
    print("CPython %s: %d rounds, %d actions in %.2f s CPU (%.2f s wall): %.0f rounds/s, %.0f actions/s"
          % (platform.python_version(), done, actions, cpu, dt, done / cpu, actions / cpu))
    tichu_games(2, args.seed + 1)  # warm up
    t0 = time.perf_counter()
    games, rounds, actions = tichu_games(args.tichu_games, args.seed)
    dt = time.perf_counter() - t0
    print("Tichu, CPython %s: %d full random games to 1000 (%d rounds, %d actions) in %.2f s: "
          "%.1f games/s, %.0f rounds/s, %.0f actions/s"
          % (platform.python_version(), games, rounds, actions, dt, games / dt, rounds / dt, actions / dt))

    if args.no_mp:
        return 0
    out = _node(16 * 1024 * 1024, MP_SETUP + MP_LOAD, MP_STEP % args.seed, MP_FINAL % (50, args.seed))
    if out.returncode != 0:
        print("MicroPython: not measured (%s)" % (out.stderr.strip() or out.stdout.strip())[:300])
        return 0
    code, peak, garbage, n, ms = (int(x) for x in out.stdout.split()[-5:])
    print("MicroPython (WebAssembly): code and tables of the game %.1f KiB of heap; peak live heap "
          "of one round beyond that %.1f KiB; one round allocates %.0f KiB in all; %d rounds in %d ms"
          % (code / 1024, peak / 1024, garbage / 1024, n, ms))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
