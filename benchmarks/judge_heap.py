"""Heap the judge holds under MicroPython: after import, and at its peak per request.

    node tests/mp/exec.mjs benchmarks/judge_heap.py FILE [FILE ...]     (make heap)

A FILE is either hands (one per line, CONTRACT tokens; the game is the file name's
prefix, each hand asks `legal` for a lead) or JSON lines (``*.jsonl``: one judge
request per line, e.g. a whole record to replay). It prints the live heap (after
garbage collection) before the engine is imported, once the judge has answered a tiny
request of the file's game and op (code compiled from .py plus module tables), and
per file the highest
while a request and its answer are held. The board has about 130 KB; held-out checks
cap the heap at 64 KB. Give one file per run (as `make heap` does) for figures that
hold for a fresh interpreter: this port's conservative collector can keep garbage
from one request alive through a stale pointer, which inflates later figures.

The WebAssembly MicroPython frees garbage only between top-level calls, so the
figures are taken stepwise: tests/mp/exec.mjs runs measure_steps() to each yield,
collects, and calls record().
"""

import json

ARGV = globals().get("ARGV") or __import__("sys").argv
FIGURES = {}
PEAKS = {}  # file name -> [peak bytes, request]
ORDER = []
CURRENT = [""]


def requests_from(path):
    name = path.split("/")[-1]
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            if name.endswith(".jsonl"):
                yield json.loads(line)
            else:
                game = "tichu" if name.startswith("tichu") else "chimera"
                yield {"op": "legal", "game": game, "hand": line, "over": None}


def _what(req):
    if req.get("op") == "replay":
        record = req.get("record") or {}
        return "replay of %d events" % len(record.get("events") or ())
    return "%s %s" % (req.get("op"), str(req.get("hand") or req.get("game"))[:50])


def _warm_up(path):
    """A tiny request of the game and op the file asks about (told by its name: a
    game prefix, and "replay" in replay files): it loads the same modules and holds
    nothing, so the engine's own heap is measured before any request is read."""
    name = path.split("/")[-1]
    game = "tichu" if name.startswith("tichu") else "chimera"
    if "replay" in name:
        return {"op": "replay", "record": {"game": game, "events": []}}
    return {"op": "legal", "game": game, "hand": "5", "over": None}


def measure_steps():
    yield "before import"
    from engine_core.judge import handle

    first = True
    for path in ARGV[1:]:
        CURRENT[0] = path.split("/")[-1]
        PEAKS[CURRENT[0]] = [0, ""]
        ORDER.append(CURRENT[0])
        if first:
            first = False
            handle(_warm_up(path))
            yield "engine loaded"
        for req in requests_from(path):
            ans = handle(req)
            yield _what(req)
            ans = None  # noqa: F841 - dropped before the next request
            req = None


def record(label, live):
    if label in ("before import", "engine loaded"):
        FIGURES[label] = live
        return
    peak = PEAKS[CURRENT[0]]
    if live > peak[0]:
        peak[0] = live
        peak[1] = label


def report():
    base = FIGURES.get("before import", 0)
    loaded = FIGURES.get("engine loaded", 0)
    print("heap before import:      %6d bytes" % base)
    print("engine loaded:           %6d bytes (code and tables for this op: %d)" % (loaded, loaded - base))
    for name in ORDER:
        peak = PEAKS[name]
        print("peak for %-26s %6d bytes (%s)" % (name + ":", peak[0], peak[1]))
    return 0
