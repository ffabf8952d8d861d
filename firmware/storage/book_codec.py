# The score keeper's journal payloads as bytes: the score book's change records and the
# app's settings (engine_core/scorebook.py), small enough that a match of more than a
# hundred rounds fits the RP2040's 4 KB nvm without a compaction.
#
# First byte: the kind. A round is 4 bytes (kind and three packed bytes), an edit 6, an
# undo the one byte 5 (the journal stores it as a single byte). A change that the packed forms
# cannot carry exactly (a field they do not know) is kept as JSON text, so nothing a
# user entered is ever changed by saving it.

import json

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

SETTINGS = 1
NEW = 2
_ROUND_CHIMERA = const(3)
_ROUND_TICHU = const(4)
_UNDO = const(5)
_EDIT_CHIMERA = const(6)
_EDIT_TICHU = const(7)
_ROUND_JSON = const(8)
_EDIT_JSON = const(9)
_NEW_JSON = const(10)
_DEALT = const(11)  # a dealt match's seats (firmware/storage/dealt_codec.py), after its NEW
_GAME_IDS = const(("chimera", "tichu"))
BIDS = (20, 30, 40)
CALLS = (None, "tichu", "grand")


def _pack_chimera(e):
    t = e["treasure"]
    return bytes((e["chimera"] | BIDS.index(e["bid"]) << 2 | e["first_out"] << 4
                  | (1 if e["attack"] else 0) << 6 | (1 if e["silent_hunter"] else 0) << 7,
                  e["traps"] | (t[0] // 5) << 4, t[1] // 5 | (t[2] // 5) << 4))


def _unpack_chimera(b):
    return {"chimera": b[0] & 3, "bid": BIDS[b[0] >> 2 & 3], "first_out": b[0] >> 4 & 3,
            "traps": b[1] & 15, "attack": bool(b[0] & 64), "silent_hunter": bool(b[0] & 128),
            "treasure": [(b[1] >> 4) * 5, (b[2] & 15) * 5, (b[2] >> 4) * 5]}


def _pack_tichu(e):
    # calls (2 bits a seat) | first out, double victory + 1, wish penalty + 1, card points
    # + 25 in fives (5 bits a team): 24 bits.
    calls = 0
    for key in e["calls"]:
        calls |= CALLS.index(e["calls"][key]) << 2 * int(key)
    dv = e["double_victory"]
    p0, p1 = [(x + 25) // 5 for x in e["card_points"]]
    pen = e.get("wish_penalty", -1) + 1
    return bytes((calls, e["first_out"] | (0 if dv is None else dv + 1) << 2 | pen << 4 | (p0 & 3) << 6,
                  p0 >> 2 | p1 << 3))


def _unpack_tichu(b):
    calls = {}
    for s in range(4):
        c = b[0] >> 2 * s & 3
        if c:
            calls[str(s)] = CALLS[c]
    dv = b[1] >> 2 & 3
    e = {"calls": calls, "first_out": b[1] & 3, "double_victory": dv - 1 if dv else None,
         "card_points": [(b[1] >> 6 | (b[2] & 7) << 2) * 5 - 25, (b[2] >> 3) * 5 - 25]}
    pen = b[1] >> 4 & 3
    if pen:
        e["wish_penalty"] = pen - 1
    return e


# kind -> (how to pack an entry, how to unpack it)
PACKED = {_ROUND_CHIMERA: (_pack_chimera, _unpack_chimera), _ROUND_TICHU: (_pack_tichu, _unpack_tichu)}


def _packed(kind, entry):
    # The packed bytes of ``entry`` if they give it back exactly, else None.
    pack, unpack = PACKED[kind]
    try:
        b = pack(entry)
    except (KeyError, ValueError, TypeError, IndexError, AttributeError):
        return None
    return b if unpack(b) == entry else None


def _text(s):
    b = s.encode()
    return bytes((len(b),)) + b


def encode(p):
    # The bytes of one payload (a dict as the score book or the app made it).
    kind = p.get("t")
    if kind == "undo":
        return bytes((_UNDO,))
    if kind == "settings":
        return bytes((SETTINGS,)) + json.dumps(p).encode()
    if kind == "dealt":
        return bytes((_DEALT,)) + json.dumps(p).encode()
    if kind == "new":
        try:
            out = bytes((NEW, _GAME_IDS.index(p["game"]), p["limit"] & 0xFF, p["limit"] >> 8))
            for n in p["names"]:
                out += _text(n)
            if p.get("started") is not None:
                out += _text(p["started"])
            if decode(out) == p:
                return out
        except (ValueError, TypeError, IndexError):
            pass
        return bytes((_NEW_JSON,)) + json.dumps(p).encode()
    e = p["e"]
    game = 0 if "chimera" in e else 1
    b = _packed(_ROUND_CHIMERA + game, e)
    if kind == "round":
        return bytes((_ROUND_CHIMERA + game,)) + b if b is not None else \
            bytes((_ROUND_JSON,)) + json.dumps(e).encode()
    i = bytes((p["i"] & 0xFF, p["i"] >> 8))
    return bytes((_EDIT_CHIMERA + game,)) + i + b if b is not None else \
        bytes((_EDIT_JSON,)) + i + json.dumps(e).encode()


def decode(b):
    # The payload dict of these bytes; ValueError if they are none.
    b = bytes(b)
    if not b:
        raise ValueError("empty payload")
    kind = b[0]
    if kind == _UNDO:
        return {"t": "undo"}
    if kind == SETTINGS or kind == _NEW_JSON or kind == _DEALT:
        return json.loads(b[1:].decode())
    if kind == NEW:
        names = []
        pos = 4
        while pos < len(b):
            n = b[pos]
            names.append(b[pos + 1:pos + 1 + n].decode())
            pos += 1 + n
        game = _GAME_IDS[b[1]]
        count = 3 if game == "chimera" else 4
        p = {"t": "new", "game": game, "names": names[:count], "limit": b[2] | b[3] << 8}
        if len(names) > count:
            p["started"] = names[count]
        return p
    if kind in (_ROUND_CHIMERA, _ROUND_TICHU):
        return {"t": "round", "e": PACKED[kind][1](b[1:])}
    if kind == _ROUND_JSON:
        return {"t": "round", "e": json.loads(b[1:].decode())}
    if kind in (_EDIT_CHIMERA, _EDIT_TICHU):
        return {"t": "edit", "i": b[1] | b[2] << 8, "e": PACKED[kind - 3][1](b[3:])}
    if kind == _EDIT_JSON:
        return {"t": "edit", "i": b[1] | b[2] << 8, "e": json.loads(b[3:].decode())}
    raise ValueError("unknown payload kind %d" % kind)
