# Card codes and token parsing shared by both games (CONTRACT section 1).
#
# A card is one small int: ``value << 3 | family``. ``family`` 0..3 is j, s, p, t;
# 4 (NOFAM) is "no particular family": the specials, and in classify/beats/legal
# queries a number token written without its letter. Each game module supplies its
# value tokens and deck; everything here is game-agnostic so both decks parse,
# validate and format the same way.

from engine_core.errors import CardError, shown

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

_FAMILIES = const("jspt")
_NOFAM = const(4)


def points_in(codes, table):
    # The points of card codes by a game's table of value -> points (C1.4, T1.4).
    t = 0
    for c in codes:
        t += table.get(c >> 3, 0)
    return t


def card(value, family):
    return value << 3 | family


class Deck:
    # One game's notation: value tokens, which values carry a family, copies per value.
    #
    # ``value_tokens`` maps value -> token for every value of the deck; ``specials`` is
    # the set of values that are single cards without a family.

    def __init__(self, name, value_tokens, specials):
        self.name = name
        self.value_tokens = value_tokens
        self.specials = specials
        self.by_token = {}
        for v in value_tokens:
            self.by_token[value_tokens[v]] = v
        self.card_list = []
        for v in sorted(value_tokens):
            if v in specials:
                self.card_list.append(card(v, _NOFAM))
            else:
                for f in range(4):
                    self.card_list.append(card(v, f))

    def copies(self, value):
        return 1 if value in self.specials else 4

    def parse_token(self, tok, need_family=False):
        if not isinstance(tok, str):
            raise CardError("not a card token: %s" % shown(tok))
        v = self.by_token.get(tok)
        if v is not None:
            if v in self.specials:
                return card(v, _NOFAM)
            if need_family:
                raise CardError("card needs its family letter: %s" % tok)
            return card(v, _NOFAM)
        if len(tok) >= 2:
            f = _FAMILIES.find(tok[-1])
            v = self.by_token.get(tok[:-1])
            if f >= 0 and v is not None and v not in self.specials:
                return card(v, f)
        raise CardError("unknown %s card: %s" % (self.name, shown(tok)))

    def token(self, code):
        v = code >> 3
        f = code & 7
        t = self.value_tokens[v]
        return t if f == _NOFAM else t + _FAMILIES[f]

    def parse(self, text, need_family=False):
        # Cards from a JSON list of tokens or a space-separated string.
        #
        # Raises CardError naming the bad token, or the card named more often than
        # the deck holds it (``7j`` twice, five ``5``s, two ``P``).
        if isinstance(text, str):
            toks = text.split()
        elif isinstance(text, list):
            toks = text
        else:
            raise CardError("cards must be a list of tokens or a string, not %s" % shown(text))
        codes = [self.parse_token(t, need_family) for t in toks]
        self.check_possible(codes)
        return codes

    def check_possible(self, codes):
        seen = set()
        per_value = {}  # type: dict
        for c in codes:
            v = c >> 3
            n = per_value.get(v, 0) + 1
            per_value[v] = n
            if c & 7 != _NOFAM or v in self.specials:
                if c in seen:
                    raise CardError("card named twice: %s" % self.token(c))
                seen.add(c)
            if n > self.copies(v):
                raise CardError("more %s cards than the deck holds (%d named, %d in the deck)"
                                % (self.value_tokens[v], n, self.copies(v)))

    def format(self, codes):
        return [self.token(c) for c in codes]

