"""The measuring tools' dealt play (host_sim/dealt_play.py, issue 17 items 5 and 6): distinct
actions collapse suits and nothing else; a device copy is a device of its own; the key
search returns real key sequences, and the fewest."""

import itertools

import pytest

from engine_core.tichu.cards import MAHJONG, PHOENIX
from host_sim import dealt_play as dp


def _c(value, suit):
    return value << 3 | suit


class _TichuLead:
    top = None
    lead = True


def test_suits_collapse_in_distinct_plays():
    a = (0, "play", (_c(5, 0), _c(5, 1)), None)
    b = (0, "play", (_c(5, 2), _c(5, 3)), None)
    c = (0, "play", (_c(6, 0), _c(6, 1)), None)
    assert dp.distinct("tichu", _TichuLead, a) == dp.distinct("tichu", _TichuLead, b)
    assert dp.distinct("tichu", _TichuLead, a) != dp.distinct("tichu", _TichuLead, c)


def test_a_straight_flush_is_not_the_straight_of_its_values():  # T3.2: the straight flush is a bomb
    flush = (0, "play", tuple(_c(v, 1) for v in range(3, 8)), None)
    plain = (0, "play", tuple(_c(v, 1 if v != 5 else 2) for v in range(3, 8)), None)
    kf = dp.distinct("tichu", _TichuLead, flush)
    kp = dp.distinct("tichu", _TichuLead, plain)
    assert kf != kp
    assert dp.is_bomb_play("tichu", kf) and not dp.is_bomb_play("tichu", kp)


def test_the_phoenix_readings_and_the_wishes_stay_apart():  # T3.3, T4.1
    phx = _c(PHOENIX, 4)
    low = (0, "play", (_c(3, 0), _c(4, 1), _c(5, 2), _c(6, 3), phx), 7)
    high = (0, "play", (_c(3, 0), _c(4, 1), _c(5, 2), _c(6, 3), phx), 2)
    assert dp.distinct("tichu", _TichuLead, low) != dp.distinct("tichu", _TichuLead, high)
    mj = _c(MAHJONG, 4)
    assert (dp.distinct("tichu", _TichuLead, (0, "play", (mj,), None, None))
            != dp.distinct("tichu", _TichuLead, (0, "play", (mj,), None, 9)))


def test_the_push_keeps_who_gets_which_card():
    assert dp.distinct("tichu", _TichuLead, (0, "push", (_c(2, 0), _c(3, 0), _c(4, 0)))) != \
        dp.distinct("tichu", _TichuLead, (0, "push", (_c(3, 0), _c(2, 0), _c(4, 0))))
    assert dp.distinct("tichu", _TichuLead, (0, "push", (_c(2, 0), _c(3, 0), _c(4, 0)))) == \
        dp.distinct("tichu", _TichuLead, (0, "push", (_c(2, 1), _c(3, 2), _c(4, 3))))


def test_every_legal_action_has_a_kind_and_the_choices_are_distinct():
    with dp.host_speed():
        dev = dp.start("picosystem", "chimera", 4)
        before = dev.app.book.rounds()
        seen = set()
        while dp.next_decision(dev, before):
            d = dev.app.session.dealt
            choices = dp.choices(d, dp.HUMAN)
            legal = d.game.legal_actions(d.state, dp.HUMAN)
            assert len(choices) <= len(legal) and set(choices.values()) <= set(legal)
            seen.update(dp.kind(d, a) for a in legal)
            dp.enter_directly(dev, dp.bot_choice(d, dp.HUMAN))
    assert seen <= set(dp.KINDS) and {"bid", "pass"} <= seen


def test_a_copy_is_a_device_of_its_own():
    with dp.host_speed():
        dev = dp.start("macropad", "tichu", 2)
        before = dp.signature(dev)
        copy = dp.thaw(dp.freeze(dev))
        assert dp.signature(copy) == before
        copy.press("down")
        copy.press("ok")
        assert dp.signature(copy) != before
        dp.use(dev)
        assert dp.signature(dev) == before
        assert dev.app.session.dealt.state is not None and copy.app.session is not dev.app.session


@pytest.mark.parametrize("board", ["picosystem", "badger2040"])
def test_the_search_finds_the_fewest_presses_and_they_enter_the_action(board):
    with dp.host_speed():
        dev = dp.start(board, "tichu", 2)
        assert dp.next_decision(dev, 0)
        d = dev.app.session.dealt
        st = d.state

        def key(a):
            return dp.distinct("tichu", st, a)

        goals = set(dp.choices(d, dp.HUMAN))  # the Grand Tichu question: call or not
        r = dp.search(dev, key, goals)
        assert set(r.found) == goals
        for goal, f in r.found.items():
            # The keys it names, pressed on the device itself, enter that action ...
            copy = dp.thaw(dp.freeze(dev))
            del dp.APPLIED[:]
            for k in f.keys:
                copy.press(k)
            assert [key(a) for a in dp.APPLIED if a[0] == dp.HUMAN][:1] == [goal]
            # ... and no shorter sequence of the board's keys does.
            keys = [k for k in dev.key_names if k != "menu"]
            for n in range(1, f.presses):
                for seq in itertools.product(keys, repeat=n):
                    copy = dp.thaw(dp.freeze(dev))
                    del dp.APPLIED[:]
                    for k in seq:
                        copy.press(k)
                    assert not [a for a in dp.APPLIED if a[0] == dp.HUMAN and key(a) == goal], seq
        dp.use(dev)
        dp.forget_copies()
