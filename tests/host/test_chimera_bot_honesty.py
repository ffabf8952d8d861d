"""The Chimera bots are honest (issue 11): over many positions of bot and random games,
re-dealing the cards a seat cannot see (tests/engine/chimera_honesty.py) never changes a
decision, at every level, for every kind of decision: bid, give, lead, follow, pass and
the choice of a Pi Ya straight's reading (RULES C3.2, C4.2, C5.2, C7.2). A bot that peeks
at another hand is caught by the same check (the test can fail)."""

from collections import Counter

from engine_core.chimera import bot, game, view
from engine_core.prng import Pcg32
from host_sim.sparring import PLAYERS, hands
from tests.engine.chimera_honesty import category, positions, scramble

MIX = [(0, 0, 0), (1, 2, 3), (3, 3, 3), (2, 0, 3), (0, 3, 1), (2, 2, 2)]
KINDS = ("bid", "give", "lead", "follow", "pass", "reading")
WORLDS = 3


def check(games, seed):
    """(decisions checked per (kind, level), decisions that changed in another world)."""
    g = Pcg32(seed)
    seen = Counter()
    changed = Counter()
    for st, seat in positions(bot, MIX, games, g):
        for lv in (1, 2, 3):
            rng = Pcg32(g.below(1 << 30)).get_state()
            a = bot.decide(st, seat, lv, Pcg32.from_state(rng))
            kind = category(st, seat, a)
            seen[kind, lv] += 1
            for _ in range(WORLDS):
                if bot.decide(scramble(st, seat, g), seat, lv, Pcg32.from_state(rng)) != a:
                    changed[kind, lv] += 1
                    break
    return seen, changed


def test_no_decision_depends_on_hidden_cards():
    seen, changed = check(200, 2024)
    assert not changed, dict(changed)
    for kind in KINDS:
        for lv in (1, 2, 3):
            assert seen[kind, lv] >= 30, (kind, lv, seen[kind, lv])


def test_a_peeking_bot_is_caught(monkeypatch):
    # the same check against a bot that also sees the next seat's hand (as if played),
    # and, while bidding, the hideout: it must be caught in every kind of decision
    honest = view.seat_view

    def peeking(state, seat):
        v = honest(state, seat)
        peek = state.hands[(seat + 1) % 3] + state.kitty
        v["played"] = tuple(sorted(v["played"] + peek))
        return v

    monkeypatch.setattr(bot, "seat_view", peeking)
    seen, changed = check(60, 7)
    for kind in ("bid", "give", "lead", "follow"):
        assert sum(changed[kind, lv] for lv in (2, 3)) > 0, (kind, dict(changed))
    assert sum(changed.values()) >= 0.05 * sum(seen.values())


def test_scramble_redeals_the_hidden_cards():
    # the check is only as strong as its worlds: other hands do change, known cards stay
    g = Pcg32(5)
    moved = 0
    n = 0
    for st, seat in positions(bot, MIX, 20, g):
        s2 = scramble(st, seat, g)
        assert view.seat_view(s2, seat) == view.seat_view(st, seat)
        assert game.decision(s2) == game.decision(st)
        for other in range(3):
            if other != seat and s2.hands[other] != st.hands[other]:
                moved += 1
                break
        n += 1
    assert moved >= 0.8 * n


class _Sparring:
    """The sparring partners (host_sim/sparring) behind the bots' decide signature: a
    "level" names the partner."""

    @staticmethod
    def decide(state, seat, name, rng):
        return PLAYERS[name].decide(state, seat, rng)


def check_sparring(games, seed):
    g = Pcg32(seed)
    mixes = [("ref", "pro", "ref"), ("pro", "pro", "ref"), ("pro", "ref", "pro")]
    seen = Counter()
    changed = Counter()
    for st, seat in positions(_Sparring, mixes, games, g):
        for name in PLAYERS:
            rng = Pcg32(g.below(1 << 30)).get_state()
            a = PLAYERS[name].decide(st, seat, Pcg32.from_state(rng))
            assert a in game.legal_actions(st, seat)
            kind = category(st, seat, a)
            seen[kind, name] += 1
            for _ in range(WORLDS):
                if PLAYERS[name].decide(scramble(st, seat, g), seat, Pcg32.from_state(rng)) != a:
                    changed[kind, name] += 1
                    break
    return seen, changed


def test_sparring_partners_are_honest():
    # issue 18: the partners read only the seat view and the seat's legal actions, for
    # every decision kind (bid C3.2, give C4.2, lead, follow, pass C7.2, reading C5.2)
    seen, changed = check_sparring(90, 99)
    assert not changed, dict(changed)
    for kind in KINDS:
        for name in PLAYERS:
            assert seen[kind, name] >= 10, (kind, name, seen[kind, name])


def test_a_peeking_sparring_partner_is_caught(monkeypatch):
    honest = view.seat_view

    def peeking(state, seat):
        v = honest(state, seat)
        v["played"] = tuple(sorted(v["played"] + state.hands[(seat + 1) % 3] + state.kitty))
        return v

    monkeypatch.setattr(hands, "seat_view", peeking)
    seen, changed = check_sparring(30, 5)
    assert changed["follow", "pro"] > 0 and changed["bid", "pro"] > 0, dict(changed)
