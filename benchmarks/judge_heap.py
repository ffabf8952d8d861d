"""Heap the judge holds under MicroPython: after import, and at its peak per request.

    node tests/mp/exec.mjs benchmarks/judge_heap.py FILE [FILE ...]     (make heap)

A FILE is either hands (one per line, CONTRACT tokens; the game is the file name's
prefix, each hand asks `legal` for a lead) or JSON lines (``*.jsonl``: one judge
request per line). It prints the live heap (after garbage collection) before the
engine is imported, after the judge has answered its first request (code compiled
from .py plus module tables), and the highest while an answer is held. The board has
about 130 KB; held-out checks cap the heap at 64 KB.

The WebAssembly MicroPython frees garbage only between top-level calls, so the
figures are taken stepwise: tests/mp/exec.mjs runs measure_steps() to each yield,
collects, and calls record().
"""

import json

ARGV = globals().get("ARGV") or __import__("sys").argv
FIGURES = {}
PEAK = [0, ""]


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


def measure_steps():
    yield "before import"
    from engine_core.judge import handle

    first = True
    for path in ARGV[1:]:
        for req in requests_from(path):
            ans = handle(req)
            if first:
                first = False
                yield "after the first answer"
            yield "%s %s" % (req.get("op"), str(req.get("hand") or req.get("game"))[:50])
            ans = None  # noqa: F841 - dropped before the next request
    yield "after the last answer"


def record(label, live):
    if label in ("before import", "after the first answer", "after the last answer"):
        FIGURES[label] = live
    elif live > PEAK[0]:
        PEAK[0] = live
        PEAK[1] = label


def report():
    base = FIGURES.get("before import", 0)
    loaded = FIGURES.get("after the first answer", 0)
    print("heap before import:           %6d bytes" % base)
    print("after the first answer:       %6d bytes (engine code and tables: %d)" % (loaded, loaded - base))
    print("peak while holding an answer: %6d bytes (%s)" % (PEAK[0], PEAK[1]))
    print("after the last answer:        %6d bytes" % FIGURES.get("after the last answer", 0))
    return 0
