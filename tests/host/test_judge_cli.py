"""`python -m host_sim judge` (CONTRACT 3): one JSON answer per input line, in order,
flushed, never a traceback, never an early stop."""

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

JUNK = [
    b"",
    b"   ",
    b"not json",
    b"{",
    b"[1, 2, 3]",
    b'"a string"',
    b"null",
    b"42",
    b"NaN",
    b"\xff\xfe\x00 binary",
    b"[" * 5000,
    b'{"op": "classify"}',
    b'{"op": "classify", "game": "chimera"}',
    b'{"op": "classify", "game": "chimera", "cards": {"a": 1}}',
    b'{"op": "classify", "game": "chimera", "cards": [null]}',
    b'{"op": "classify", "game": "chimera", "cards": ["5", "5", "5", "5", "5"]}',
    b'{"op": "classify", "game": "chimera", "cards": ["7j", "7j"]}',
    b'{"op": "classify", "game": "chimera", "cards": ["5"], "cards": ["6"]}',
    b'{"op": "beats", "game": "chimera", "play": ["5"], "over": ["5", "7"]}',
    b'{"op": "legal", "game": "chimera", "hand": ["5"], "over": 12}',
    b'{"op": "legal", "game": "chimera", "hand": "5 6", "over": null, "wish": "8"}',
    b'{"op": "score", "game": "chimera", "round": []}',
    b'{"op": "replay", "record": 7}',
    b'{"op": "replay", "record": {"game": "skat"}}',
    b'{"op": "dance", "game": "chimera"}',
    b'{"op": "classify", "game": "chess", "cards": []}',
    b'{"op": 1e400, "game": "chimera"}',
]
GOOD = {"op": "classify", "game": "chimera", "cards": ["5", "6", "7", "8", "P"]}
GOOD_ANSWER = {"combos": [{"kind": "straight", "length": 5, "rank": "8"},
                          {"kind": "straight", "length": 5, "rank": "9"}]}


def run_judge(lines):
    proc = subprocess.run([sys.executable, "-m", "host_sim", "judge"], input=b"\n".join(lines) + b"\n",
                          capture_output=True, cwd=ROOT, timeout=120)
    return proc


def test_every_line_gets_exactly_one_answer_in_order():
    lines = []
    for junk in JUNK:
        lines += [junk, json.dumps(GOOD).encode()]
    proc = run_judge(lines)
    assert proc.returncode == 1  # every line answered; the status says some were refused
    assert proc.stderr == b""
    out = proc.stdout.decode().splitlines()
    assert len(out) == len(lines)
    for i, junk in enumerate(JUNK):
        bad = json.loads(out[2 * i])
        assert list(bad) == ["error"] or junk.startswith(b'{"op": "legal"'), (junk, bad)
        assert json.loads(out[2 * i + 1]) == GOOD_ANSWER, junk


def test_answers_are_flushed_line_by_line():
    # A client may wait for each answer before it sends the next request.
    proc = subprocess.Popen([sys.executable, "-m", "host_sim", "judge"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, cwd=ROOT)
    try:
        for _ in range(3):
            proc.stdin.write(json.dumps(GOOD).encode() + b"\n")
            proc.stdin.flush()
            assert json.loads(proc.stdout.readline()) == GOOD_ANSWER
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
    assert proc.returncode == 0


def test_contract_examples():
    # The requests shown in CONTRACT 3.
    lines = [
        json.dumps(GOOD).encode(),
        b'{"op":"beats","game":"chimera","play":["4","4"],"over":["3","3"]}',
        b'{"op":"beats","game":"chimera","play":["4","4"],"over":null}',
        b'{"op":"legal","game":"chimera","hand":["3","3","9","P"],"over":["2","2"]}',
    ]
    out = [json.loads(x) for x in run_judge(lines).stdout.decode().splitlines()]
    assert out[0] == GOOD_ANSWER
    assert out[1] == {"beats": True}
    assert out[2] == {"beats": True}
    assert sorted(out[3]["plays"]) == [["3", "3"]]
