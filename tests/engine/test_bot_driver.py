# The bot driver (engine_core/bot_driver.py): who is asked in which order, once per
# position, deterministic from (seed, step), and whole rounds of bots end with legal
# actions only. Runs under MicroPython too: kept light.

from engine_core import bot_driver
from engine_core.bot_driver import Driver, bot_rng
from engine_core.chimera import game as chimera
from engine_core.prng import Pcg32
from engine_core.tichu import game as tichu
from tests.engine.tichu_flows import position


class Asked:
    # A stand-in bot module: records every question; declines out of turn, and plays the
    # first legal action when due.
    def __init__(self, bomb=False):
        self.asked = []
        self.bomb = bomb

    def decide(self, state, seat, level, rng):
        self.asked.append(seat)
        game = tichu if len(state.hands) == 4 else chimera
        due = seat in game.decision(state)[1]
        acts = game.legal_actions(state, seat)
        if due:
            return acts[0]
        bombs = [a for a in acts if a[1] == "play"]
        return bombs[0] if self.bomb and bombs else None


def bomb_position():
    # T5.2: seat 1's 5 lies on the table, seat 2 is due; seat 0 holds a bomb of 7s
    return position(["3j 7j 7s 7p 7t", "6j", "8j", "9j"], 2, "5j", 1)


def test_bot_rng_depends_on_seed_step_and_seat_only():
    first = bot_rng(5, 10, 2).next()
    assert bot_rng(5, 10, 2).next() == first
    others = [bot_rng(6, 10, 2).next(), bot_rng(5, 11, 2).next(), bot_rng(5, 10, 3).next()]
    assert first not in others and len(set(others)) == 3


def test_out_of_turn_chances_come_first_and_once_per_position():
    # T5.2: the bot that could bomb (seat 0) is asked before the due seat (2)
    bot = Asked()
    d = Driver(tichu, [1, 1, 1, 1], 7, bot=bot)
    s = bomb_position()
    a = d.action(s, 3)
    assert bot.asked == [0, 2] and a[0] == 2
    d.action(s, 3)  # same position: seat 0 declined it already
    assert bot.asked == [0, 2, 2]
    d.action(s.copy(), 3)  # a new position (as after an action) is asked about again
    assert bot.asked == [0, 2, 2, 0, 2]


def test_a_bomb_out_of_turn_is_returned_before_the_due_seat_acts():
    bot = Asked(bomb=True)
    a = Driver(tichu, [1, 1, 1, 1], 7, bot=bot).action(bomb_position(), 0)
    assert a[0] == 0 and a[1] == "play" and len(a[2]) == 4 and bot.asked == [0]
    tichu.apply(bomb_position(), a)  # legal


def test_human_seats_are_never_asked():
    bot = Asked()
    d = Driver(tichu, [None, 1, None, 1], 7, bot=bot)
    assert d.action(bomb_position(), 0) is None  # seat 2 (due) and seat 0 (bomb) are human
    assert bot.asked == []
    d = Driver(tichu, [1, None, None, None], 7, bot=bot)
    assert d.out_of_turn(bomb_position(), 0) is None and bot.asked == [0]
    assert d.due(bomb_position(), 0) is None


def test_several_seats_due_each_bot_in_seat_order():
    # T2.1: the Grand Tichu window has all four due; Chimera's Hunters give at once (C4.2)
    s = tichu.new_match()
    s = tichu.apply(s, tichu.next_deal(s, Pcg32(1)))[0]
    bot = Asked()
    d = Driver(tichu, [None, 2, None, 3], 1, bot=bot)
    a = d.action(s, 1)
    assert a[0] == 1 and bot.asked == [1]
    s = tichu.apply(s, a)[0]
    assert d.action(s, 2)[0] == 3
    s = chimera.new_match(dealer=0)
    s = chimera.apply(s, chimera.next_deal(s, Pcg32(2)))[0]
    d = Driver(chimera, [0, 0, 0], 3)
    while chimera.decision(s)[0] != "give":
        s = chimera.apply(s, d.action(s, 0))[0]
        if chimera.decision(s)[0] == "deal":
            s = chimera.apply(s, chimera.next_deal(s, Pcg32(3)))[0]
    due = chimera.decision(s)[1]
    assert len(due) == 2
    levels = [None, None, None]
    levels[due[1]] = 1
    assert Driver(chimera, levels, 3).action(s, 0)[:2] == (due[1], "give")


def test_same_seed_and_step_same_action_resumed_or_not():
    # The question asked of seat 2 at step 5 draws from bot_rng(seed, 5, 2), whoever asks
    s = bomb_position()
    levels = [None, 0, 0, 0]
    first = Driver(tichu, levels, 11).action(s, 5)
    assert first == bot_driver.random_action(tichu, s, 2, bot_rng(11, 5, 2))
    again = Driver(tichu, levels, 11)  # as after a power cut: a new driver, the state restored
    assert again.action(tichu.State.from_list(s.to_list()), 5) == first
    assert again.action(s, 5) == first
    s = chimera.new_match(dealer=0)
    s = chimera.apply(s, chimera.next_deal(s, Pcg32(8)))[0]
    seat = chimera.decision(s)[1][0]
    answers = [Driver(chimera, [2, 2, 2], 9).action(s, k) for k in range(8)]
    assert answers == [Driver(chimera, [2, 2, 2], 9).action(s, k) for k in range(8)]
    assert all(a[0] == seat for a in answers)


def test_the_bot_modules_are_found():
    from engine_core.chimera import bot as chimera_bot
    from engine_core.tichu import bot as tichu_bot
    assert bot_driver.bot_module(chimera) is chimera_bot and bot_driver.bot_module(tichu) is tichu_bot


def test_without_a_bot_module_every_level_plays_randomly():
    s = bomb_position()
    assert Driver(tichu, [2] * 4, 4, bot=None).action(s, 9) == Driver(tichu, [0] * 4, 4).action(s, 9)


def test_a_due_bot_that_gives_no_action_is_an_error():
    class Silent:
        def decide(self, state, seat, level, rng):
            return None
    try:
        Driver(tichu, [1, 1, 1, 1], 1, bot=Silent()).due(bomb_position(), 0)
    except ValueError as e:
        assert "seat 2" in str(e)
    else:
        raise AssertionError("no error")


def whole_round(game, levels, seed):
    # One round, every seat a bot: every action is applied (apply refuses illegal ones).
    d = Driver(game, levels, seed)
    deals = Pcg32(seed)
    s = game.new_match(1 << 29, dealer=0)
    for step in range(2000):
        if game.decision(s)[0] == "deal":
            a = game.next_deal(s, deals)
        else:
            a = d.action(s, step)
            assert a is not None
        s, events = game.apply(s, a)
        for e in events:
            if e[0] == "round_over":
                return s
    raise AssertionError("the round does not end")


def test_whole_rounds_of_bots_end():
    assert len(whole_round(chimera, [1, 2, 3], 21).match.rounds) == 1
    assert len(whole_round(tichu, [0, 1, 2, 3], 22).match.rounds) == 1
