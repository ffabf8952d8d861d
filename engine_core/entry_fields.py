# Checks for hand-entered score-keeper fields (RULES D3), shared by both games.
#
# JSON gives bools where ints are expected and vice versa; a true/false must never
# pass as seat 1/0, so ints are checked strictly.

from engine_core.errors import EntryError


def is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def need(entry, name):
    if name not in entry:
        raise EntryError("missing field: %s" % name)
    return entry[name]


def int_in(entry, name, min, max, default=None):
    x = entry.get(name, default) if default is not None else need(entry, name)
    if not is_int(x) or x < min or x > max:
        raise EntryError("%s must be a whole number from %d to %d" % (name, min, max))
    return x


def flag(entry, name):
    x = entry.get(name, False)
    if not isinstance(x, bool):
        raise EntryError("%s must be true or false" % name)
    return x


def points(x, name, min, max):
    if not is_int(x) or x % 5 or x < min or x > max:
        raise EntryError("%s must be a multiple of 5 from %d to %d" % (name, min, max))
    return x


def check_object(entry):
    if not isinstance(entry, dict):
        raise EntryError("the round must be a JSON object")
