"""`python -m host_sim judge`: JSON lines in, one JSON answer per line out (docs/judge.md section 3).

It answers every line and never stops early (CONTRACT 3); its exit status says afterwards
whether it refused any: 0 when every request was answered, 1 when one or more got
{"error": ...} (``refused``), 2 for a mistake on its own command line."""

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


def answer(line):
    """The answer to one input line, as a dict; never raises."""
    try:
        request = json.loads(line, object_pairs_hook=_unique_keys)
    except ValueError as e:
        return {"error": "invalid JSON: %s" % e}
    except RecursionError:
        return {"error": "invalid JSON: nested too deeply"}
    try:
        return handle(request)
    except RecursionError:
        return {"error": "request nested too deeply"}


def answer_line(line):
    """The answer to one input line, as a JSON text; never raises."""
    return json.dumps(answer(line))


def refused(reply):
    """Whether ``reply`` refuses its request: ``{"error": ...}`` (not JSON, an unknown op or
    game, a missing or bad field). A replay's ``{"ok": false, "at": ..., "error": ...}`` is
    no refusal: it is the answer about a record that was read, an illegal event found."""
    return "error" in reply and "ok" not in reply


def main(stdin=None, stdout=None, argv=()):
    # It takes no arguments: --help says what it does instead of waiting for input.
    from host_sim.cli import Parser

    Parser(prog="python -m host_sim judge",
           description="Answer judge requests (CONTRACT.md section 3): one JSON object per line on "
                       "stdin, one JSON answer per line on stdout, until the end of input. Exit "
                       "status 0: every request answered; 1: one or more refused (their answer is "
                       "{\"error\": ...}); 2: a mistake on this command line.").parse_args(argv)
    stdin = stdin if stdin is not None else sys.stdin.buffer
    stdout = stdout if stdout is not None else sys.stdout
    refusals = 0
    for raw in stdin:
        line = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
        reply = answer(line.rstrip("\r\n"))
        refusals += refused(reply)
        stdout.write(json.dumps(reply) + "\n")
        stdout.flush()
    return 1 if refusals else 0  # every line answered all the same (CONTRACT 3: no early stop)
