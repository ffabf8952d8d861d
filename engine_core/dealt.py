# A dealt match as the device plays it (the dealer mode): the engine state, who sits
# where (a human, or a bot of some level), and the round in progress kept the way the
# journal keeps it: the round's seed and the actions applied since its deal.
#
# Everything else follows from those. The deals come from Pcg32(seed) (a Chimera redeal
# draws the next deal from the same generator, C3.5), the bots answer from
# bot_driver.bot_rng(seed, step, seat), so replaying the same actions onto the same seed
# rebuilds the same position, and the bots then decide as they would have before a
# power cut. What is held stays bounded by one round: a finished round leaves only its
# score-sheet line (the score book's entry, scoresheet.score_round), and the next round
# starts from the book's totals.
#
# The shell supplies the seed (os.urandom on the board, --seed on the desktop), asks
# ``bot_action`` until it answers None, then asks its humans (``due`` says who), and
# journals what ``apply`` appended to ``actions``.

from engine_core.match import Match
from engine_core.prng import Pcg32
from engine_core.scorebook import GAMES


def game_module(name):
    # engine_core.chimera.game or engine_core.tichu.game (imported on first use: the
    # score keeper never loads a game).
    if name == "chimera":
        from engine_core.chimera import game
    elif name == "tichu":
        from engine_core.tichu import game
    else:
        raise ValueError("no such game: %s" % name)
    return game


def _scoring(name):
    if name == "chimera":
        from engine_core.chimera import scoring
    else:
        from engine_core.tichu import scoring
    return scoring


class Dealt:
    # ``levels``: per seat None (a human) or a bot level (bot_driver.LEVELS).
    # ``totals``, ``rounds``: the match so far (per-side totals, per-round deltas), as the
    # score book holds it. ``first_dealer``: the seat that dealt round 1; round r is dealt
    # by the r-th seat after it (C2.4; Tichu's dealer moves on likewise, T2.5).

    def __init__(self, game, levels, limit, totals=None, rounds=(), first_dealer=0, bot=None):
        self.name = game
        self.game = game_module(game)
        self.levels = tuple(levels)
        seats, sides = GAMES[game][:2]  # Tichu scores per team (T1.3)
        if len(self.levels) != seats:
            raise ValueError("%s is played by %d seats" % (game, seats))
        self.limit = limit
        self.totals = tuple(totals) if totals is not None else (0,) * sides
        self.rounds = tuple(tuple(r) for r in rounds)
        self.first_dealer = first_dealer
        self.bot = bot  # a bot module for tests; None: the game's own (bot_driver)
        self.writer = None  # a record Writer (engine_core/<game>/record.py) that hears every action
        self.seed = None
        self.state = None
        self.actions = []  # applied this round since the last take() (all of them if never taken)
        self.steps = 0  # applied this round

    def dealer(self):
        return (self.first_dealer + len(self.rounds)) % len(self.levels)

    def match(self):
        from engine_core.match_end import match_winner

        return Match(self.limit, GAMES[self.name][1], self.totals, self.rounds, self.dealer(), 0,
                     match_winner(self.totals, self.limit))

    def over(self):
        return self.match().winner is not None

    # -- the round ----------------------------------------------------------------------

    def start(self, seed, actions=()):
        # Deal the round from ``seed`` and replay ``actions`` (a resumed round); returns
        # the events of the deal. ValueError (with the engine's reason) if an action
        # does not apply: the journal holds only applied actions, so it is damaged.
        if self.over():
            raise ValueError("the match is over")
        seed &= 0xFFFFFFFF  # what the journal keeps of it (action_codec.encode_seed)
        state = self.game.new_match(self.limit)
        state.match = self.match()
        self.seed = seed
        self.deals = Pcg32(seed)
        self.state = state
        self.actions = []
        self.steps = 0
        events = self._deal()
        for a in actions:
            try:
                self.apply(a)
            except Exception as e:  # IllegalAction: the reason; anything else: the same
                raise ValueError("journaled action %d does not apply: %s" % (len(self.actions), e))
        return events

    def _deal(self):
        # Deal while a deal is due (the round's first, a redeal after a pass-out).
        events = []
        while self.game.decision(self.state)[0] == "deal":
            deal = self.game.next_deal(self.state, self.deals)
            self.state, ev = self.game.apply(self.state, deal)
            if self.writer is not None:
                self.writer.add(deal, ev)
            events += ev
        return events

    def step(self):
        # How many actions the round has applied: the bots' clock (bot_driver.bot_rng).
        return self.steps

    def take(self):
        # The actions applied since the last take, handed over and forgotten here: a shell
        # that journals them as they come need not hold the round's actions twice.
        taken = self.actions
        self.actions = []
        return taken

    def due(self):
        # (kind, seats due) of the position (game.decision).
        return self.game.decision(self.state)

    def bot_action(self):
        # The next bot action, or None when the bots have nothing to do now. The driver is
        # made per question and not kept: a device holds the bot code (bot_driver, the
        # bots) only while a bot thinks. Its memory of declined positions is not needed:
        # each position is asked about once, and asked again it answers the same (bot_rng).
        from engine_core.bot_driver import FIND, Driver

        bot = FIND if self.bot is None else self.bot
        return Driver(self.game, self.levels, self.seed, bot).action(self.state, self.step())

    def apply(self, action):
        # Apply one action (a human's or a bot's); IllegalAction leaves everything as it
        # was. Returns the events; a redeal that became due is dealt at once.
        state, events = self.game.apply(self.state, action)
        self.state = state
        self.actions.append(action)
        self.steps += 1
        if self.writer is not None:
            self.writer.add(action, events)
        if self.game.decision(state)[0] == "deal" and not self.finished():
            events = events + self._deal()
        return events

    def finished(self):
        # The round is scored: its line is ready for the score book.
        return len(self.state.match.rounds) > len(self.rounds)

    def entry(self):
        # The finished round's score-sheet line (CONTRACT 3), for ScoreBook.add.
        return _scoring(self.name).sheet_line(self.state)

    def next_round(self):
        # Take the finished round into the totals; the next start() deals the next one.
        m = self.state.match
        self.totals = tuple(m.totals)
        self.rounds = tuple(m.rounds)
        self.state = None
        self.actions = []
        self.steps = 0
