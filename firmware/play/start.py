# Starting a dealt match (firmware/dealer.py holds the one in play): a new one with its
# score book, cards for the running score-keeper match, or the one the journal kept after
# a power cut. Only the screens that start one and the app's start load this; it goes
# with the screen modules (firmware.play.*), so the board does not hold it during play.

from engine_core.scorebook import GAMES, ScoreBook
from firmware.app import PLAY
from firmware.dealer import Session
from firmware.install import switch


def start(app, game, names, limit, levels, pause, quiet=False):
    # A new dealt match: the score book and its cards, journaled as one reset; then a fresh
    # VM shows its table (firmware/install.py), else the table comes up on top (``quiet``:
    # the table is being built already, stay on it).
    app.end_session()  # the last match's game, before this one's loads
    book = ScoreBook(game, names, limit)
    app.book = book
    app.session = Session(app, levels, pause)
    app.record(None)
    app.session.deal()
    if not switch(app) and not quiet:
        app.home()


def deal_on(app, levels, pause):
    # Cards for the running score-keeper match: the seats are journaled, then the deal;
    # then a fresh VM shows the table (firmware/install.py).
    app.end_session()
    app.session = Session(app, levels, pause)
    app.record(app.session.seats())
    app.session.deal()
    switch(app)


def resume(app, state):
    # The dealt match the journal kept (saves.load's ``dealt``): its seats, and the round in
    # progress dealt again from its seed with its actions replayed (scored now if they end
    # it: the score line was lost). A round that does not replay (a journal from another
    # version) is dealt anew.
    play = app.settings["play"] or PLAY
    s = Session(app, state["levels"], play[2])
    app.session = s
    s.dealt.first_dealer = state["first_dealer"]
    if state["seed"] is None:
        return
    d = s.dealt
    try:
        d.start(state["seed"], state["actions"])
    except ValueError:
        d.state = None
        return
    from engine_core.action_codec import encode_seed

    s.keep(encode_seed(d.dealer(), d.seed) + s.unjournaled())  # as the journal holds it
    if d.finished():  # the power went after the round's last action, before its score line
        s.score_round()


def levels_from(settings, game):
    # Per seat None (a human) or the bot level, from the "play" settings.
    play = settings["play"] or PLAY
    humans = play[3]
    return [None if humans >> s & 1 else play[1] for s in range(GAMES[game][0])]
