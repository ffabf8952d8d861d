"""docs/judge.md stays true: every request in its examples ("> " lines) gets, from the judge
itself, the answer written under it ("< " lines). Examples with a shortened request are left out."""

import json
import os

from host_sim.judge_cli import answer_line

DOC = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                   "docs", "judge.md")


def examples():
    lines = open(DOC, encoding="utf-8").read().splitlines()
    return [(a[2:], b[2:]) for a, b in zip(lines, lines[1:], strict=False)
            if a.startswith("> ") and b.startswith("< ") and "..." not in a and not a.startswith("> (")]


def test_every_example_answer_is_the_judges():
    found = examples()
    assert len(found) >= 10
    ops = set()
    for request, answer in found:
        assert json.loads(answer_line(request)) == json.loads(answer), request
        if request.startswith("{"):
            ops.add(json.loads(request).get("op"))
    assert {"classify", "beats", "legal", "score"} <= ops
