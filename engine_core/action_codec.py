# Game actions (docs/engine_api.md) as a few bytes each, for the device's journal: the
# dealt match is journaled action by action on 4 KB of nvm (firmware/storage/journal.py), and a
# whole match of 15 rounds must fit without a compaction.
#
# An action is one head byte, seat (bits 0-1), verb (bits 2-4), flags (bits 5-7), then
# its cards as card codes (engine_core/cards.py: one byte each) and options. A play of 1
# to 8 cards without options carries its card count in the flags; other plays and the
# deals use the extended verb. The encoding delimits itself, so several actions may
# share one payload (decode_all). A pass, a call or a bid is the head byte alone, below
# 32: the journal stores such a payload as one byte on the flash. A deal is kept as the
# PRNG seed it was drawn from (its cards follow from the seed, engine_core/<game>/deal.py).

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

_PASS = const(0)
PLAY = 1
GIVE = 2  # Chimera give, Tichu push
EXT = 7  # flags: 1 a deal's seed follows, 2 a play with a count-and-options byte
# verb -> action name per game; bids are verbs of their own so they stay one byte.
VERBS = {  # type: dict[str, dict[int, tuple]]
    "chimera": {3: ("bid", 20), 4: ("bid", 30), 5: ("bid", 40)},
    "tichu": {3: ("grand",), 4: ("no_grand",), 5: ("tichu",), 6: ("gift",)},
}
SEED = 1 << 5
_LONG_PLAY = const(2 << 5)
_AS_FLAG = const(0x40)  # in a long play's count byte
_WISH_FLAG = const(0x80)


def _head(seat, verb, flags=0):
    return bytes((seat | verb << 2 | flags,))


def encode(game, action):
    # The bytes of one action; ValueError for an action this codec cannot carry.
    if action[0] == "deal":
        raise ValueError("deals are journaled as seeds: encode_seed")
    seat, verb = action[0], action[1]
    if verb == "pass":
        return _head(seat, _PASS)
    if verb == "play":
        cards = bytes(action[2])
        as_v = action[3] if len(action) > 3 else None
        wish = action[4] if len(action) > 4 else None
        if as_v is None and wish is None and 1 <= len(cards) <= 8:
            return _head(seat, PLAY, len(cards) - 1 << 5) + cards
        flags = (_AS_FLAG if as_v is not None else 0) | (_WISH_FLAG if wish is not None else 0)
        out = _head(seat, EXT, _LONG_PLAY) + bytes((len(cards) | flags,)) + cards
        if as_v is not None:
            out += bytes((as_v,))
        if wish is not None:
            out += bytes((wish,))
        return out
    if verb == "push":  # always three cards
        return _head(seat, GIVE) + bytes(action[2])
    if verb == "give":  # one or two cards (C4.2)
        return _head(seat, GIVE, len(action[2]) - 1 << 5) + bytes(action[2])
    for code, name in VERBS[game].items():
        if name[0] == verb and name[1:] == tuple(action[2:3]) and verb != "gift":
            return _head(seat, code)
    if verb == "gift":
        return _head(seat, 6, action[2] << 5)
    raise ValueError("no code for %r" % (action,))


def encode_seed(dealer, seed):
    # A deal by ``dealer`` drawn from a PRNG seeded with ``seed`` (0 .. 2**32 - 1).
    return _head(dealer, EXT, SEED) + bytes((seed >> 8 * i & 0xFF for i in range(4)))


def decode_all(game, b):
    # Every action in ``b``, in order: action tuples, and ("seed", dealer, seed) for a deal.
    out = []
    pos = 0
    while pos < len(b):
        action, pos = _decode(game, b, pos)
        out.append(action)
    return out


def _decode(game, b, pos):
    h = b[pos]
    seat, verb, flags = h & 3, h >> 2 & 7, h & 0xE0
    pos += 1
    if verb == _PASS and not flags:
        return (seat, "pass"), pos
    if verb == PLAY:
        n = (flags >> 5) + 1
        return (seat, "play", _cards(b, pos, n)), pos + n
    if verb == EXT and flags == _LONG_PLAY:
        n = b[pos] & 0x3F
        opts = b[pos]
        action = (seat, "play", _cards(b, pos + 1, n))  # type: tuple
        pos += 1 + n
        if opts & (_AS_FLAG | _WISH_FLAG):
            as_v = None
            if opts & _AS_FLAG:
                as_v = b[pos]
                pos += 1
            action = action + (as_v,)
            if opts & _WISH_FLAG:
                action = action + (b[pos],)
                pos += 1
        return action, pos
    if verb == GIVE:
        n = 3 if game == "tichu" else (flags >> 5) + 1
        return (seat, "push" if game == "tichu" else "give", _cards(b, pos, n)), pos + n
    if verb == EXT and flags == SEED:
        if pos + 4 > len(b):
            raise ValueError("a seed cut short")
        seed = 0
        for i in range(4):
            seed |= b[pos + i] << 8 * i
        return ("seed", seat, seed), pos + 4
    name = VERBS[game].get(verb)
    if name is None or (flags and name[0] != "gift"):
        raise ValueError("unknown action byte %d" % h)
    if name[0] == "gift":
        return (seat, "gift", flags >> 5), pos
    return (seat,) + name, pos


def _cards(b, pos, n):
    cards = tuple(b[pos:pos + n])
    if len(cards) < n or pos + n > len(b):
        raise ValueError("cards cut short")
    return cards
