"""The Monte Carlo player (host_sim/sparring/mc.py, issue 29) is honest: re-dealing the
cards a seat cannot see, consistently with its seat view (tests/engine/chimera_honesty.py
scramble), changes neither its decision nor the values it weighed, with the same rng
seed, for every kind of decision (bid, give, lead, follow, pass, a Pi Ya straight's
reading). Few worlds and candidates keep it short: honesty does not depend on how many.
A player that deals its worlds from the true hands is caught by the same check."""

from collections import Counter

from engine_core.chimera import bot, game, view
from engine_core.chimera.cards import DECK
from engine_core.prng import Pcg32
from host_sim.sparring import mc
from tests.engine.chimera_honesty import category, positions, scramble

MIX = [(0, 0, 0), (3, 3, 3), (2, 0, 3), (0, 3, 1)]
WORLDS = 2
SAMPLES = 3
CANDIDATES = 4


def choose(st, seat, seed):
    return mc.choose(st, seat, Pcg32(seed), SAMPLES, CANDIDATES)


def check(games, seed, every):
    """(decisions checked per kind, decisions that changed in another world), over every
    ``every``-th position with more than one legal action."""
    g = Pcg32(seed)
    seen = Counter()
    changed = Counter()
    n = 0
    for st, seat in positions(bot, MIX, games, g):
        if len(game.legal_actions(st, seat)) < 2:
            continue
        n += 1
        if n % every:
            continue
        rng = g.below(1 << 30)  # the same seed in every world
        out = choose(st, seat, rng)
        kind = category(st, seat, out[0])
        seen[kind] += 1
        for _ in range(WORLDS):
            if choose(scramble(st, seat, g), seat, rng) != out:
                changed[kind] += 1
                break
    return seen, changed


def test_no_decision_depends_on_hidden_cards():
    seen, changed = check(40, 29, 3)
    assert not changed, dict(changed)
    for kind in ("bid", "give", "lead", "follow", "pass"):
        assert seen[kind] >= 10, dict(seen)
    assert seen["reading"] >= 1, dict(seen)


def test_worlds_keep_the_seat_view_and_deal_every_card_once():
    g = Pcg32(3)
    for st, seat in positions(bot, MIX, 10, g):
        v = view.seat_view(st, seat)
        w = mc.world(st, v, g)
        assert view.seat_view(w, seat) == v
        cards = [x for h in w.hands for x in h] + list(w.kitty) + list(v["played"])
        assert sorted(cards) == sorted(DECK.card_list)


def test_a_peeking_player_is_caught(monkeypatch):
    # worlds dealt from the true hidden cards (the hands and the hideout as they are)
    honest = mc.world

    def peeking(state, v, rng):
        honest(state, v, rng)  # the same draws from rng
        return state

    monkeypatch.setattr(mc, "world", peeking)
    seen, changed = check(8, 5, 2)
    for kind in ("bid", "lead", "follow"):
        assert changed[kind] > 0, (kind, dict(changed))
    assert sum(changed.values()) >= 0.3 * sum(seen.values())


def test_the_agreement_benchmark_names_the_situation_and_a_regret_of_zero_on_agreement(capsys):
    # benchmarks/mc_agreement.py --regret: level 3's choice is always among mc's candidates,
    # so the regret is mc's best value less a value it weighed: 0 where both chose alike
    import os
    import sys
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sys.path.insert(0, os.path.join(root, "benchmarks"))
    import mc_agreement

    data = mc_agreement.rows(1, 5, SAMPLES, CANDIDATES)
    assert data
    for kind, agree, _, _, _, _, where, regret in data:
        assert regret >= 0
        if kind != "pass-or-play" and agree:
            assert regret == 0
        assert where == "bid" or where.split()[0] in ("give", "lead", "follow")
        assert where == "bid" or where.split()[1] in ("CH", "H1", "H2")
    mc_agreement.regrets(data)
    assert "of the regret" in capsys.readouterr().out
