# Tichu game records (CONTRACT section 2): events <-> game actions, writing, replaying.
#
# A record event is a game action with card tokens instead of codes and an options
# object ``{"as": token, "wish": token}`` instead of values, so live play and replay run
# through the same ``game.apply``; this module only converts shapes and tokens. Every
# check of the rules is the game's. Declining Grand Tichu is never written (the window
# closes at the first event that is not a ``grand``), so ``no_grand`` is no record verb.

from engine_core.errors import IllegalAction, Refused, RequestError
from engine_core.match import valid_limit
from engine_core.tichu import game
from engine_core.tichu.cards import DECK, VALUE_TOKENS
from engine_core.tichu.combos import classify

GAME = "tichu"
VERBS = ("grand", "tichu", "push", "play", "pass", "gift")  # CONTRACT 2
_VALUE_OF = {}
for _v in VALUE_TOKENS:
    _VALUE_OF[VALUE_TOKENS[_v]] = _v


# ----------------------------------------------------------------------------- reading

def to_action(ev):
    """The game action for one record event; raises a Refused subclass naming the flaw."""
    if not isinstance(ev, list) or not ev:
        raise IllegalAction("an event is a non-empty JSON array")
    if ev[0] == "deal":
        return _deal_action(ev)
    if len(ev) < 2 or ev[1] not in VERBS:
        raise IllegalAction("an event is [seat, verb, argument?, options?] with a verb of %s"
                            % ", ".join(VERBS))
    verb = ev[1]
    if verb in ("push", "play") and len(ev) >= 3:
        act = [ev[0], verb, tuple(DECK.parse(ev[2], True))]
        if verb == "play" and len(ev) > 3:
            act.extend(_options(ev[3]))
            act.extend(ev[4:])
        else:
            act.extend(ev[3:])
        return tuple(act)
    return tuple(ev)


def _deal_action(ev):
    if len(ev) != 2 or not isinstance(ev[1], dict):
        raise IllegalAction("a deal event is [\"deal\", {dealer, first8, last6}]")
    d = ev[1]
    for key in ("dealer", "first8", "last6"):
        if key not in d:
            raise IllegalAction("the deal has no %s" % key)
    return ("deal", d["dealer"], _hands(d["first8"], "first8"), _hands(d["last6"], "last6"))


def _hands(x, name):
    if not isinstance(x, list) or len(x) != 4:
        raise IllegalAction("%s must list 4 hands" % name)
    return tuple(tuple(DECK.parse(h, True)) for h in x)


def _options(options):
    """(as_value, wish) from a play's options object; other keys are ignored."""
    if not isinstance(options, dict):
        raise IllegalAction("play options must be an object, e.g. {\"wish\": \"8\"}")
    return _value(options.get("as"), "as", 0, 16), _value(options.get("wish"), "wish", 2, 14)


def _value(tok, name, lo, hi):
    if tok is None:
        return None
    if isinstance(tok, int) and not isinstance(tok, bool):
        tok = str(tok)
    v = _VALUE_OF.get(tok) if isinstance(tok, str) else None
    if v is None or not lo <= v <= hi:
        raise IllegalAction("%s names no %s: %s" % (name, "rank 2..A" if name == "wish" else "value", tok))
    return v


# ----------------------------------------------------------------------------- writing

def to_event(action, reading=None):
    """The record event for a game action. ``reading`` (from the "played" event) writes
    the ``as`` of a play whose cards have more than one reading (T3.3)."""
    if action[0] == "deal":
        _, dealer, first, rest = action
        return ["deal", {"dealer": dealer, "first8": [DECK.format(sorted(h)) for h in first],
                         "last6": [DECK.format(sorted(h)) for h in rest]}]
    seat, verb = action[0], action[1]
    if verb == "gift":
        return [seat, verb, action[2]]
    if verb == "push":
        return [seat, verb, DECK.format(action[2])]  # in order: to seat+1, partner, seat+3
    if verb != "play":
        return [seat, verb]
    cards = action[2]
    ev = [seat, verb, DECK.format(sorted(cards))]
    opts = {}
    v = action[3] if len(action) > 3 else None
    if v is None and reading is not None and len(classify(cards)) > 1:
        v = game.unit_value(reading, cards)
    if v is not None:
        opts["as"] = VALUE_TOKENS[v]
    if len(action) > 4 and action[4]:
        opts["wish"] = VALUE_TOKENS[action[4]]
    if opts:
        ev.append(opts)
    return ev


def Writer(limit, seed=None, players=None, started=None):
    # A record written as the game goes: ``add`` each applied action with its events.
    # Declining Grand Tichu is not written (CONTRACT 2). Imported here: replaying never writes.
    from engine_core.record_writer import Writer
    return Writer(GAME, to_event, ("no_grand",), limit, seed, players, started)


# ----------------------------------------------------------------------------- replaying

def check_header(record):
    """The limit of a record that is well-formed as a whole; RequestError otherwise."""
    if not isinstance(record, dict):
        raise RequestError("record must be a JSON object")
    if record.get("game") != GAME:
        raise RequestError("not a tichu record: game %s" % (record.get("game"),))
    limit = record.get("limit", game.DEFAULT_LIMIT)
    if not valid_limit(limit):
        raise RequestError("limit must be a positive integer, not %s" % (limit,))
    if not isinstance(record.get("events"), list):
        raise RequestError("record events must be a JSON array")
    return limit


def replay(record):
    """(state, None) after every event, or (state before event i, (i, reason)) at the first
    illegal one. RequestError when the record is malformed as a whole."""
    state = game.new_match(check_header(record))
    events = record["events"]
    for i in range(len(events)):
        try:
            state = game.apply(state, to_action(events[i]))[0]
        except Refused as e:
            return state, (i, str(e))
    return state, None
