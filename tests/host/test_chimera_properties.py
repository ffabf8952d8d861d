"""Chimera combinations against the independent reference (RULES C5, C6), CPython only."""

import json
from collections import Counter

from hypothesis import HealthCheck, given, settings, strategies as st

from engine_core.chimera.cards import DECK, value_counts
from engine_core.chimera.combos import KIND_NAMES, beats, classify, highest
from engine_core.chimera.movegen import legal_plays
from engine_core.judge import handle
from tests.host.chimera_reference import Reference

REF = Reference()
FULL = [c >> 3 for c in DECK.card_list]  # the 54 values
SPECIALS = [14, 15]
UNIVERSE = sorted(REF.universe)


def engine_classify(values):
    return [(KIND_NAMES[k], n, r or None) for k, n, r in classify(_counts(values))]


def _counts(values):
    c = [0] * 16
    for v in values:
        c[v] += 1
    return c


def test_every_combination_of_the_deck_classifies_as_the_rules_build_it():
    # C5: all ~35,000 value multisets that are combinations, each with all its readings.
    for key in UNIVERSE:
        assert engine_classify(key) == REF.classify(key), key


def test_no_small_non_combination_classifies():
    # Every multiset of up to 5 values that the rules do not build is no combination.
    def grow(prefix, start, room):
        yield prefix
        if room:
            for v in range(start, 16):
                if prefix.count(v) < (1 if v >= 14 else 4):
                    yield from grow(prefix + [v], v, room - 1)
    for ms in grow([], 1, 5):
        if tuple(ms) not in REF.universe:
            assert engine_classify(ms) == [], ms


@st.composite
def hands(draw, lo=0, hi=20):
    n = draw(st.integers(lo, hi))
    # Half the hands hold both specials: Pi Ya straights and the attack are the hard cases.
    pool = [v for v in FULL if v not in SPECIALS]
    if draw(st.booleans()) and n >= 2:
        return sorted(draw(st.permutations(pool))[: n - 2] + SPECIALS)
    return sorted(draw(st.permutations(FULL))[:n])


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(hands())
def test_leading_plays_are_exactly_the_reference(hand):
    # C7.1: any combination may be led.
    got = legal_plays(_counts(hand))
    assert len(got) == len(set(got)), "a play listed twice"
    assert set(got) == REF.legal(hand)


@SETTINGS
@given(hands(), st.sampled_from(UNIVERSE))
def test_following_plays_are_exactly_the_reference(hand, over):
    # C6.1-C6.4: same kind and length and higher, any higher trap, the attack.
    over_reading = highest(classify(_counts(over)))
    got = legal_plays(_counts(hand), over_reading)
    assert len(got) == len(set(got))
    assert set(got) == REF.legal(hand, over)


@SETTINGS
@given(hands(), st.one_of(st.none(), st.sampled_from(UNIVERSE)))
def test_every_generated_play_classifies_and_beats(hand, over):
    over_reading = None if over is None else highest(classify(_counts(over)))
    held = Counter(hand)
    for play in legal_plays(_counts(hand), over_reading):
        assert list(play) == sorted(play)
        assert all(held[v] >= n for v, n in Counter(play).items())
        readings = classify(_counts(play))
        assert readings, play
        if over_reading is not None:
            assert any(beats(r, over_reading) for r in readings), (play, over)


@settings(max_examples=60, deadline=None)
@given(hands(1, 17), st.sampled_from(UNIVERSE))
def test_judge_legal_speaks_tokens_of_the_same_plays(hand, over):
    # CONTRACT 3: values only, each play sorted, none twice; a round trip through JSON.
    tokens = [DECK.value_tokens[v] for v in hand]
    req = {"op": "legal", "game": "chimera", "hand": tokens, "over": [DECK.value_tokens[v] for v in over]}
    ans = json.loads(json.dumps(handle(json.loads(json.dumps(req)))))
    want = sorted(tuple(DECK.value_tokens[v] for v in p) for p in REF.legal(hand, over))
    assert sorted(tuple(p) for p in ans["plays"]) == want


def test_counts_helper_matches_the_engine():
    assert _counts([3, 3, 14]) == value_counts(DECK.parse("3j 3s P"))
