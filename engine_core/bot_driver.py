# The one loop that asks the bots, in the right order, for the next action: used by the
# arena, the terminal tables and the device in dealer mode. It never applies anything and
# never does I/O; the caller applies the action it returns (or asks its humans).
#
# Order (docs/engine_api.md): in Tichu the out-of-turn chances come first, every bot seat
# that could bomb (game.bomb_seats, T5.2) or call Tichu (game.tichu_seats, T2.4) now and
# is not due, in seat order; then the seats due that are bots (the Grand Tichu window and
# the push have several, each asked in seat order). Chimera has no out-of-turn actions; its
# Hunters' exchange has two seats due. A bot may decline an out-of-turn chance (None); the
# driver remembers the position whose chances were all declined and does not ask again
# until an action changes it (States are immutable: a new position is a new object).
#
# Resuming after a power cut: every bot question draws from its own generator,
# bot_rng(seed, step, seat), where ``seed`` is journaled (e.g. one per round) and ``step``
# counts the actions applied so far (any count the journal recomputes that differs
# between positions). A question's answer then depends only on the position, the seat,
# its level, seed and step: a resumed game decides exactly as the lost one would have,
# whether or not the same question had been asked before the cut.

from engine_core.prng import MASK64, Pcg32

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

_RANDOM = const(0)  # the engine's random player; 1 easy, 2 normal, 3 strong (the bot modules)
LEVELS = (0, 1, 2, 3)
_GOLDEN = const(0x9E3779B97F4A7C15)  # spreads consecutive steps over the seed space
_BOT_STREAM = const(77)  # bots never draw from the stream of the deals (54)
FIND = "find"  # Driver(bot=FIND): the game's own bot module


def bot_rng(seed, step, seat):
    """The generator of the question asked of ``seat`` at ``step`` in a game whose bot
    seed is ``seed``."""
    key = (step << 3 | seat) + 1
    return Pcg32((seed + key * _GOLDEN) & MASK64, _BOT_STREAM)


def bot_module(game):
    """The game's bot module (engine_core.<game>.bot)."""
    if game.__name__.endswith("tichu.game"):
        from engine_core.tichu import bot
    else:
        from engine_core.chimera import bot
    return bot


class Driver:
    # ``game``: engine_core.chimera.game or engine_core.tichu.game. ``levels``: per seat a
    # level 0..3, or None for a human seat. ``seed``: the bot seed (see bot_rng). ``bot``:
    # the module whose decide() plays levels 1..3 (tests may give their own; None: random;
    # FIND: the game's own, imported at each question, so a device may drop the bot modules
    # from sys.modules between questions and hold them only while a bot thinks).

    def __init__(self, game, levels, seed, bot=FIND):
        self.game = game
        self.levels = tuple(levels)
        self.seed = seed
        self.bot = bot
        self.out_of_turn_seats = getattr(game, "bomb_seats", None) is not None
        self.quiet = None  # the position whose out-of-turn chances all bots declined

    def action(self, state, step):
        """The next bot action to apply, or None when no bot acts now (a human's turn, a
        deal, the end)."""
        a = self.out_of_turn(state, step)
        return a if a is not None else self.due(state, step)

    def out_of_turn(self, state, step):
        """A bomb or Tichu call of a bot seat that is not due, or None (each position is
        asked about once)."""
        if not self.out_of_turn_seats or state is self.quiet:
            return None
        game = self.game
        kind, due = game.decision(state)
        if kind == "deal" or kind == "over":
            return None
        chances = game.tichu_seats(state)
        if kind == "play" or kind == "gift":  # the only phases with a trick to bomb
            chances = chances + game.bomb_seats(state)
        for seat in range(len(self.levels)):
            if seat in chances and seat not in due and self.levels[seat] is not None:
                a = self.decide(state, seat, step)
                if a is not None:
                    return a
        self.quiet = state
        return None

    def due(self, state, step):
        """The action of the first seat due that is a bot (seat order), or None."""
        for seat in self.game.decision(state)[1]:
            if self.levels[seat] is not None:
                a = self.decide(state, seat, step)
                if a is None:
                    raise ValueError("the level %d bot gave no action for seat %d, which is due"
                                     % (self.levels[seat], seat))
                return a
        return None

    def decide(self, state, seat, step):
        """Ask ``seat``'s bot: one action of legal_actions(state, seat), or None."""
        level = self.levels[seat]
        rng = bot_rng(self.seed, step, seat)
        if level == _RANDOM or self.bot is None:
            return random_action(self.game, state, seat, rng)
        bot = bot_module(self.game) if self.bot is FIND else self.bot
        return bot.decide(state, seat, level, rng)


def random_action(game, state, seat, rng):
    """Level 0: Tichu's choices.random_action (calls now and then, any bomb it may throw
    out of turn); for Chimera uniform over legal_actions."""
    if game.__name__.endswith("tichu.game"):
        from engine_core.tichu.choices import random_action as tichu_random
        return tichu_random(state, seat, rng)
    acts = game.legal_actions(state, seat)
    return acts[rng.below(len(acts))] if acts else None
