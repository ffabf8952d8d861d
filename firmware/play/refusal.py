# An engine refusal (IllegalAction's reason) in the chosen language where it is a common
# one, for the hand's status line and its "Not now" message. Loaded only when a selection
# may not be played (and dropped with the screens: firmware.play.*), so the hand does not
# hold it while the play is a legal one.

from firmware.play.text import reading, value_token


def refusal(game, reason, top, wish, t, names=()):
    # The engine's reason (IllegalAction) in the chosen language where it is a common one;
    # any other says the players' ``names`` where the engine says "seat N".
    if reason.startswith("not a combination"):
        return t("not a combination")
    if "does not beat" in reason and top is not None:
        return t("does not beat %s") % reading(game, top, t)
    if "wish for" in reason and wish:
        return t("the wish for %s must be fulfilled") % value_token(game, wish)
    if "Dog is only led" in reason:
        return t("the Dog is only led")
    if "cannot pass" in reason:
        return t("you lead: no pass")
    if "out of turn only a bomb" in reason:
        return t("not your turn: only a bomb")
    for s in range(len(names)):
        reason = reason.replace("seat %d" % s, names[s])
    return reason
