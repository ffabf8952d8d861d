# The one exception family for input the rules or the contract refuse.
#
# ``str(e)`` is the reason shown to the user or returned by judge. Raising never
# changes a state: operations check everything before they build a new state.


def shown(x):
    # A value as a reason quotes it: text as it is, anything else as its repr, cut short.
    s = x if isinstance(x, str) else repr(x)
    return s if len(s) <= 40 else s[:37] + "..."


class Refused(ValueError):
    pass


class CardError(Refused):
    # A token or set of cards the deck cannot hold.
    pass


class RequestError(Refused):
    # A judge request field that is missing or of the wrong type.
    pass


class IllegalAction(Refused):
    # An action the rules forbid now (RULES D2).
    pass


class EntryError(Refused):
    # A score-keeper round that cannot have happened (RULES D3).
    pass
