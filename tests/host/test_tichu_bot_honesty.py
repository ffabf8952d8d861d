"""The Tichu bots are honest (issue 11): re-dealing the cards a seat cannot see never
changes its decision, at every level 1-3, in every kind of decision of the game (the
Grand Tichu window, the push, the lead, the lead with the Mah Jong and its wish, the
follow and the pass, the bomb out of turn, the Tichu call, the Dragon gift), over many
positions of games played by mixed bots. And the check is strong enough: bots that
peek (at a partner's hand, at the last 6 cards) are caught by it.
"""

import pytest

from engine_core.bot_driver import Driver
from engine_core.prng import Pcg32
from engine_core.tichu import bot, game
from engine_core.tichu.cards import DRAGON, PHOENIX
from tests.engine.tichu_redeal import check_position, redeal, situation

LEVELS = (1, 2, 3)
SITUATIONS = ("grand", "push", "lead", "lead_mj", "follow", "gift", "bomb", "tichu")
RARE = ("grand", "push", "lead_mj", "gift", "bomb", "tichu")


def _positions(seed, rounds, mix):
    """Every position of ``rounds`` rounds played by the levels ``mix`` (per seat)."""
    deals = Pcg32(seed)
    for r in range(rounds):
        st = game.new_match(limit=100000)
        st, _ = game.apply(st, game.next_deal(st, deals))
        drv = Driver(game, mix[r % len(mix)], seed + r, bot=bot)
        step = 0
        while st.phase not in (game.DEAL, game.OVER):
            yield st, step
            st, _ = game.apply(st, drv.action(st, step))
            step += 1


def _sweep(decide, seed, rounds, tries=2, every=3):
    """(situation, level, outcome) of every decision checked; stops at the first
    decision a re-deal changes (AssertionError)."""
    mix = ((3, 2, 1, 0), (0, 3, 2, 1), (2, 2, 3, 3), (1, 0, 3, 2))
    seen = set()
    for st, step in _positions(seed, rounds, mix):
        sits = [situation(st, s) for s in range(4)] if st.phase != game.DEAL else []
        if step % every and not any(s in RARE for s in sits):
            continue
        for x in check_position(decide, st, LEVELS, tries, seed * 1000 + step):
            seen.add(x)
    return seen


def test_redeal_keeps_what_the_seat_knows_and_moves_the_rest():
    for st, step in _positions(5, 2, ((2, 2, 2, 2),)):
        for seat in range(4):
            other, changed = redeal(st, seat, Pcg32(step))
            assert other.hands[seat] == st.hands[seat]
            assert [len(h) for h in other.hands] == [len(h) for h in st.hands]
            assert sorted(sum(other.hands + other.rest, ())) == sorted(sum(st.hands + st.rest, ()))
            assert other.piles == st.piles and other.trick == st.trick
            # the cards it pushed are still where it knows them
            if st.pushes[seat] is not None and None not in st.pushes:
                for k, c in enumerate(st.pushes[seat]):
                    to = (seat + 1 + k) % 4
                    assert (c in other.hands[to]) == (c in st.hands[to])
            hidden = sum(len(st.hands[g]) for g in range(4) if g != seat)
            if hidden > 6 and step % 7 == 0:
                assert changed


def test_every_decision_of_every_level_is_honest():
    seen = _sweep(bot.decide, 11, 40, every=2)
    # Grand Tichu is called on few hands: the windows of many more deals
    deals = Pcg32(13)
    for k in range(300):
        st = game.new_match(limit=100000)
        st, _ = game.apply(st, game.next_deal(st, deals))
        seen.update(check_position(bot.decide, st, LEVELS, 2, 7000 + k))
    for level in LEVELS:
        sits = set(s for s, lv, o in seen if lv == level)
        assert sits == set(SITUATIONS), (level, set(SITUATIONS) - sits)
    outcomes = set(o for s, lv, o in seen)
    for o in ("grand", "no_grand", "tichu", "push", "pass", "play", "wish", "gift", None):
        assert o in outcomes, o
    # a bomb thrown out of turn was among the decisions checked
    assert any(s == "bomb" and o == "play" for s, lv, o in seen)


def _peek_partner(state, seat, level, rng):
    a = bot.decide(state, seat, level, rng)
    if a is not None and a[1] == "play" and state.turn == seat and not state.lead \
            and DRAGON << 3 | 4 in state.hands[(seat + 2) % 4]:
        return (seat, "pass")  # the partner will take it anyway: only a cheat knows
    return a


def _peek_rest(state, seat, level, rng):
    if state.phase == game.GRAND_WINDOW and PHOENIX << 3 | 4 in state.rest[seat]:
        return (seat, "grand")
    return bot.decide(state, seat, level, rng)


@pytest.mark.parametrize("cheat", [_peek_partner, _peek_rest])
def test_a_bot_that_peeks_is_caught(cheat):
    with pytest.raises(AssertionError):
        _sweep(cheat, 12, 6, tries=3, every=1)
