# Chimera game records (CONTRACT section 2): events <-> game actions, writing, replaying.
#
# A record event is a game action with card tokens instead of codes and ``{"as": token}``
# instead of a value, so live play and replay run through the same ``game.apply``; this
# module only converts shapes and tokens. Every check of the rules is the game's.

from engine_core.chimera import game
from engine_core.chimera.cards import DECK, VALUE_TOKENS, value_counts
from engine_core.chimera.combos import classify
from engine_core.errors import IllegalAction, Refused, RequestError
from engine_core.match import valid_limit

GAME = "chimera"


# ----------------------------------------------------------------------------- reading

def to_action(ev):
    # The game action for one record event; raises a Refused subclass naming the flaw.
    if not isinstance(ev, list) or not ev:
        raise IllegalAction("an event is a non-empty JSON array")
    if ev[0] == "deal":
        return _deal_action(ev)
    if len(ev) < 2 or not isinstance(ev[1], str):
        raise IllegalAction("an event is [seat, verb, argument?, options?]")
    verb = ev[1]
    if verb in ("give", "play") and len(ev) >= 3:
        act = [ev[0], verb, tuple(DECK.parse(ev[2], True))]
        rest = ev[3:]
        if verb == "play" and rest:
            act.append(_as_value(rest[0]))
            rest = rest[1:]
        return tuple(act + rest)
    return tuple(ev)


def _deal_action(ev):
    if len(ev) != 2 or not isinstance(ev[1], dict):
        raise IllegalAction("a deal event is [\"deal\", {dealer, hands, kitty, face_up}]")
    d = ev[1]
    for key in ("dealer", "hands", "kitty", "face_up"):
        if key not in d:
            raise IllegalAction("the deal has no %s" % key)
    hands = d["hands"]
    if not isinstance(hands, list) or len(hands) != 3:
        raise IllegalAction("a deal has 3 hands")
    return ("deal", d["dealer"], tuple(tuple(DECK.parse(h, True)) for h in hands),
            tuple(DECK.parse(d["kitty"], True)), DECK.parse_token(d["face_up"], True))


def _as_value(options):
    if not isinstance(options, dict):
        raise IllegalAction("play options must be an object, e.g. {\"as\": \"9\"}")
    tok = options.get("as")
    if tok is None:
        return None
    if isinstance(tok, int) and not isinstance(tok, bool):
        tok = str(tok)
    v = DECK.by_token.get(tok) if isinstance(tok, str) else None
    if v is None:
        raise IllegalAction("as names no value: %s" % (tok,))
    return v


# ----------------------------------------------------------------------------- writing

def to_event(action, reading=None):
    # The record event for a game action. ``reading`` (from the "played" event) writes
    # the ``as`` of a play whose cards have more than one reading (C5.2).
    if action[0] == "deal":
        _, dealer, hands, kitty, face_up = action
        return ["deal", {"dealer": dealer, "hands": [DECK.format(sorted(h)) for h in hands],
                         "kitty": DECK.format(sorted(kitty)), "face_up": DECK.token(face_up)}]
    seat, verb = action[0], action[1]
    if verb == "bid":
        return [seat, verb, action[2]]
    if verb == "pass":
        return [seat, verb]
    ev = [seat, verb, DECK.format(sorted(action[2]))]
    if verb == "play":
        v = action[3] if len(action) > 3 else None
        if v is None and reading is not None and len(classify(value_counts(action[2]))) > 1:
            v = reading[2]
        if v is not None:
            ev.append({"as": VALUE_TOKENS[v]})
    return ev


def Writer(limit, seed=None, players=None, started=None):
    # A record written as the game goes: ``add`` each applied action with its events.
    # Imported here: replaying never writes.
    from engine_core.record_writer import Writer
    return Writer(GAME, to_event, (), limit, seed, players, started)


# ----------------------------------------------------------------------------- replaying

def check_header(record):
    # The limit of a record that is well-formed as a whole; RequestError otherwise.
    if not isinstance(record, dict):
        raise RequestError("record must be a JSON object")
    if record.get("game") != GAME:
        raise RequestError("not a chimera record: game %s" % (record.get("game"),))
    limit = record.get("limit", game.DEFAULT_LIMIT)
    if not valid_limit(limit):
        raise RequestError("limit must be a positive integer, not %s" % (limit,))
    if not isinstance(record.get("events"), list):
        raise RequestError("record events must be a JSON array")
    return limit


def replay(record):
    # (state, None) after every event, or (state before event i, (i, reason)) at the first
    # illegal one. RequestError when the record is malformed as a whole.
    state = game.new_match(check_header(record))
    events = record["events"]
    for i in range(len(events)):
        try:
            state = game.apply(state, to_action(events[i]))[0]
        except Refused as e:
            return state, (i, str(e))
    return state, None
