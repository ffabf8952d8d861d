# The judge protocol (CONTRACT section 3) as a pure function: request dict -> answer dict.
#
# Each game has a ``rulings`` module with one function per op it answers. Nothing a
# caller sends raises out of ``handle``: every problem becomes ``{"error": reason}``.

from engine_core.errors import Refused, RequestError, shown

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

_OPS = const(("classify", "beats", "legal", "replay", "score"))


def _rulings(game):
    # Imported on demand: the board only pays heap for the game it is asked about.
    if game == "chimera":
        from engine_core.chimera import rulings
        return rulings
    if game == "tichu":
        from engine_core.tichu import rulings
        return rulings
    return None


def handle(request):
    if not isinstance(request, dict):
        return {"error": "request must be a JSON object"}
    op = request.get("op")
    if op not in _OPS:
        return {"error": "unknown op: %s" % shown(op)}
    if op == "replay":
        record = request.get("record")
        if not isinstance(record, dict):
            return {"error": "record must be a JSON object"}
        game = record.get("game")
    else:
        game = request.get("game")
    mod = _rulings(game)
    if mod is None:
        return {"error": "unknown game: %s" % shown(game)}
    fn = getattr(mod, op, None)
    if fn is None:
        return {"error": "op %s is not available for %s yet" % (op, game)}
    try:
        return fn(request)
    except Refused as e:
        return {"error": str(e)}
    except MemoryError:
        return {"error": "out of memory"}
    except Exception as e:  # a bug must still answer, never stop the stream
        return {"error": "internal error: %s %s" % (type(e).__name__, e)}


def field(request, name):
    if name not in request:
        raise RequestError("missing field: %s" % name)
    return request[name]

