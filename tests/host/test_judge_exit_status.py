"""`python -m host_sim judge`'s exit status (issue 28): CONTRACT 3 has it answer every line
and never stop early, so a refused line still gets its {"error": ...} answer and the lines
after it theirs; the exit status says afterwards whether any was refused: 0 none, 1 some.
A replay's {"ok": false} is the answer about a record, no refusal."""

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOOD = b'{"op": "classify", "game": "chimera", "cards": ["5", "6", "7", "8", "P"]}'
ILLEGAL = json.dumps({"op": "replay", "record": {"game": "chimera", "limit": 400, "events": [
    [0, "pass"]]}}).encode()  # an event before any deal: the record is read, the event illegal


def judge(lines):
    done = subprocess.run([sys.executable, "-m", "host_sim", "judge"], capture_output=True, cwd=ROOT,
                          input=b"".join(x + b"\n" for x in lines), timeout=120)
    return done.returncode, [json.loads(x) for x in done.stdout.decode().splitlines()], done.stderr


def test_a_refused_line_is_answered_the_rest_too_and_the_status_is_1():
    status, out, err = judge([GOOD, b"not json", b'{"op": "dance"}', GOOD])
    assert status == 1 and err == b""
    assert len(out) == 4 and list(out[1]) == ["error"] and list(out[2]) == ["error"]
    assert out[0] == out[3] and "combos" in out[3]  # answered as usual after the refusals


def test_every_request_answered_is_status_0():
    assert judge([GOOD, GOOD])[0] == 0
    assert judge([])[0] == 0


def test_an_illegal_event_in_a_replay_is_an_answer_not_a_refusal():
    status, [out], _ = judge([ILLEGAL])
    assert out["ok"] is False and out["at"] == 0 and "error" in out
    assert status == 0


def test_the_status_is_in_its_help():
    done = subprocess.run([sys.executable, "-m", "host_sim", "judge", "--help"], capture_output=True,
                          text=True, cwd=ROOT, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 0 and "Exit status" in " ".join(done.stdout.split())
