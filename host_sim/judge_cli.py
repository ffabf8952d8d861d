"""`python -m host_sim judge`: JSON lines in, one JSON answer per line out (CONTRACT 3)."""

import json
import sys

from engine_core.judge import handle


def answer_line(line):
    """The answer to one input line, as a JSON text; never raises."""
    try:
        request = json.loads(line)
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
