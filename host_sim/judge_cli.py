"""`python -m host_sim judge`: JSON lines in, one JSON answer per line out (docs/judge.md section 3)."""

import json
import sys

from engine_core.judge import handle


def _unique_keys(pairs):
    # A repeated key would silently keep its last value (two calls by one seat, two
    # "over" fields): refuse the request instead.
    obj = {}
    for k, v in pairs:
        if k in obj:
            raise ValueError("duplicate key %s" % json.dumps(k))
        obj[k] = v
    return obj


def answer_line(line):
    """The answer to one input line, as a JSON text; never raises."""
    try:
        request = json.loads(line, object_pairs_hook=_unique_keys)
    except ValueError as e:
        return json.dumps({"error": "invalid JSON: %s" % e})
    except RecursionError:
        return json.dumps({"error": "invalid JSON: nested too deeply"})
    try:
        return json.dumps(handle(request))
    except RecursionError:
        return json.dumps({"error": "request nested too deeply"})


def main(stdin=None, stdout=None):
    stdin = stdin if stdin is not None else sys.stdin.buffer
    stdout = stdout if stdout is not None else sys.stdout
    for raw in stdin:
        line = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
        stdout.write(answer_line(line.rstrip("\r\n")) + "\n")
        stdout.flush()
    return 0
