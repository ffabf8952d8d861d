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
PARTNERS = [n for n in PLAYERS if n != "mc"]  # mc, slow, has its own check: test_mc_honest.py


def check(games, seed):
    """(decisions checked per (kind, level), decisions that changed in another world)."""
    g = Pcg32(seed)
    seen = Counter()
    changed = Counter()
    for st, seat in positions(bot, MIX, games, g):
        for lv in (1, 2, 3):
            rng = g.below(1 << 30)  # the same seed in every world
            a = bot.decide(st, seat, lv, Pcg32(rng))
            kind = category(st, seat, a)
            seen[kind, lv] += 1
            for _ in range(WORLDS):
                if bot.decide(scramble(st, seat, g), seat, lv, Pcg32(rng)) != a:
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
    mixes = [("ref", "pro", "ref"), ("pro", "pro", "ref"), ("pro", "ref", "pro"),
             ("port", "plan", "bold"), ("bold", "port", "pro")]  # issue 29's three too
    seen = Counter()
    changed = Counter()
    for st, seat in positions(_Sparring, mixes, games, g):
        for name in PARTNERS:
            rng = g.below(1 << 30)  # the same seed in every world
            a = PLAYERS[name].decide(st, seat, Pcg32(rng))
            assert a in game.legal_actions(st, seat)
            kind = category(st, seat, a)
            seen[kind, name] += 1
            for _ in range(WORLDS):
                if PLAYERS[name].decide(scramble(st, seat, g), seat, Pcg32(rng)) != a:
                    changed[kind, name] += 1
                    break
    return seen, changed


def test_sparring_partners_are_honest():
    # issue 18: the partners read only the seat view and the seat's legal actions, for
    # every decision kind (bid C3.2, give C4.2, lead, follow, pass C7.2, reading C5.2)
    seen, changed = check_sparring(90, 99)
    assert not changed, dict(changed)
    for kind in KINDS:
        for name in PARTNERS:
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


def test_hunters_new_decisions_do_not_depend_on_hidden_cards():
    # issue 18: the decisions the Hunters took up (feeding a partner with one card,
    # blocking a Chimera about to go out over the partner, giving the card that pairs the
    # partner's face-up card) and the Chimera's new lead, each in positions built to
    # reach them, re-dealt many times
    from engine_core.chimera.combos import SINGLE
    from tests.engine.chimera_flows import run
    from tests.engine.test_chimera_bot import _FULL_HANDS, position

    feed = (position(["9s 9p 12s 12p Ht Hs 4j 4s", "3s 7s 7p 7t 11s 5j 5s", "5t"], 1), 1)
    block = (position(["9s", "3s 8p 10p", "7t C 4p 4t"], 2, top=(SINGLE, 1, 3), top_seat=1), 2)
    lead = (position(["3s 4s 5s 6s 7s 9t 9s Ht 11p 11t 11j", "1s 2s 8p 8t", "12t 4p 10p"], 0), 0)
    give = run([["deal", {"dealer": 0, "hands": [h.split() for h in _FULL_HANDS],
                          "kitty": ["7s", "7p", "7t"], "face_up": "9s"}], [2, "pass"], [0, "bid", 30],
                [1, "pass"], [2, "pass"]])[0]
    g = Pcg32(31)
    for st, seat in (feed, block, lead, (give, 1), (give, 2)):
        a = bot.decide(st, seat, 3, Pcg32(1))
        for _ in range(40):
            assert bot.decide(scramble(st, seat, g), seat, 3, Pcg32(1)) == a
