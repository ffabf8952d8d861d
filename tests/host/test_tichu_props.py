"""Tichu combinations and legal plays against the independent reference (RULES T3, T4, T5),
CPython only. `make test` runs small samples; `make fuzz` (FUZZ_FULL=1) the long ones."""

import json
import os
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine_core.judge import handle
from engine_core.tichu.cards import DECK, PHOENIX
from engine_core.tichu.combos import KIND_NAMES, SINGLE, beats, classify, highest, is_bomb
from engine_core.tichu.movegen import legal_plays
from tests.host import tichu_reference as ref

CARDS = DECK.card_list  # the 56 cards with their families
SPECIALS = [c for c in CARDS if (c >> 3) in (0, 1, 15, 16)]
NUMBERS = [c for c in CARDS if c not in SPECIALS]
PHX_CARD = PHOENIX << 3 | 4
FULL_RUN = os.environ.get("FUZZ_FULL") == "1"


def to_ref(codes):
    return [(c >> 3, c & 7 if c & 7 < 4 else None) for c in codes]


def from_ref(cards):
    return tuple((v << 3) | (4 if f is None else f) for v, f in cards)


def engine_readings(codes):
    """Engine readings in the reference's terms: single ranks as fractions."""
    out = []
    for kind, length, rank in classify(list(codes)):
        if kind == SINGLE:
            rank = Fraction(3, 2) if rank & 1 else Fraction(rank // 2)
        out.append((KIND_NAMES[kind], length, rank))
    return out


@st.composite
def hands(draw, lo=0, hi=14, specials=False):
    """Cards from the deck; with ``specials`` the hand holds all four special cards.
    Half the hands are built around a run of ranks and the Phoenix (its hard cases:
    inside, above, below, one suit); some number cards lose their letter (CONTRACT 1)."""
    n = draw(st.integers(max(lo, 4) if specials else lo, hi))
    cards = list(SPECIALS) if specials else []
    if draw(st.booleans()):
        if PHX_CARD not in cards:
            cards.append(PHX_CARD)
        span = draw(st.integers(3, 7))
        a = 14 - span if draw(st.booleans()) else draw(st.integers(1, 14))  # up to A: Phoenix below
        one_suit = draw(st.booleans())
        f = draw(st.integers(0, 3))
        for v in range(a, min(14, a + span) + 1):
            c = v << 3 | (4 if v == 1 else f if one_suit else draw(st.integers(0, 3)))
            if c not in cards:
                cards.append(c)
    cards += [c for c in draw(st.permutations(CARDS)) if c not in cards]
    cards = cards[:n]
    if draw(st.booleans()):
        drop = draw(st.lists(st.booleans(), min_size=len(cards), max_size=len(cards)))
        cards = [c | 4 if d and c not in SPECIALS else c for c, d in zip(cards, drop, strict=True)]
        cards = [c & ~3 if c & 4 else c for c in cards]
    return sorted(cards)


@st.composite
def tables(draw, hand):
    """A combination on the table from the other cards (often of a kind and length the
    hand can make), a Phoenix's single, a wish."""
    over = None
    on = None
    if draw(st.integers(0, 4)):
        rest = [c for c in CARDS if c not in hand and (c | 4) & ~3 not in hand]
        other = draw(st.permutations(rest))[: draw(st.integers(1, 14))]
        plays = legal_plays(other)
        mine = legal_plays(hand)
        if mine and draw(st.booleans()):
            shape = highest(classify(list(draw(st.sampled_from(mine)))))[:2]
            same = [p for p in plays if highest(classify(list(p)))[:2] == shape]
            plays = same or plays
        over = list(draw(st.sampled_from(plays)))
        if over == [PHX_CARD]:
            on = draw(st.sampled_from([None, 1] + list(range(2, 15))))
    held = sorted(set(c >> 3 for c in hand if 2 <= c >> 3 <= 14))
    wish = draw(st.sampled_from([None] + held + list(range(2, 15))))
    return over, on, wish


def engine_legal(hand, over, on, wish):
    reading = None
    if over is not None:
        reading = highest(classify(over))
        if on is not None and reading[0] == SINGLE and reading[2] & 1:
            reading = (SINGLE, 1, 2 * on + 1)
    return reading, legal_plays(hand, reading, wish or 0)


def reference_legal(hand, over, on, wish):
    want = ref.legal(to_ref(hand), None if over is None else to_ref(over), on, wish)
    return set(from_ref(s) for s in want)


def check_against_reference(hand, table):
    over, on, wish = table
    _, got = engine_legal(hand, over, on, wish)
    assert len(got) == len(set(got)), "a play listed twice"
    want = reference_legal(hand, over, on, wish)
    got = set(got)
    assert got == want, (DECK.format(hand), over and DECK.format(over), on, wish,
                         [DECK.format(p) for p in got - want][:5],
                         [DECK.format(p) for p in want - got][:5])


SMALL = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FULL = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FUZZ = settings(max_examples=3000 if FULL_RUN else 100, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


@SMALL
@given(st.data())
def test_small_hands_agree_with_the_brute_force_reference(data):
    # T3-T5, T4.2: every distinct subset of the hand that is legal, and only those
    hand = data.draw(hands(0, 8))
    check_against_reference(hand, data.draw(tables(hand)))


@FULL
@given(st.data())
def test_full_hands_with_all_specials_agree_with_the_reference(data):
    # T3-T5, T4.2 on 14-card hands holding the Dog, Mah Jong, Phoenix and Dragon
    hand = data.draw(hands(14, 14, specials=True))
    check_against_reference(hand, data.draw(tables(hand)))


@pytest.mark.fuzz
@FUZZ
@given(st.data())
def test_fuzz_hands_agree_with_the_reference(data):
    # T3-T5, T4.2: the long run, small to full hands, half of them with all specials
    specials = data.draw(st.booleans())
    hand = data.draw(hands(4 if specials else 0, 14, specials=specials))
    check_against_reference(hand, data.draw(tables(hand)))


@SMALL
@given(st.data())
def test_every_generated_play_classifies_and_beats_the_table(data):
    # T3, T5.1, T5.2: each play is held, sorted, a combination, and beats the table
    hand = data.draw(hands(0, 14, specials=data.draw(st.booleans())))
    over, on, wish = data.draw(tables(hand))
    reading, plays = engine_legal(hand, over, on, wish)
    held = Counter(hand)
    wished = [p for p in plays if any(c >> 3 == wish for c in p)]
    for play in plays:
        assert list(play) == sorted(play)
        assert all(held[c] >= n for c, n in Counter(play).items()), play
        readings = classify(list(play))
        assert readings, play
        if reading is not None:
            assert any(beats(r, reading) for r in readings), (play, reading)
        if wished:  # T4.2: under a binding wish, only the wished rank or a bomb
            assert play in wished or is_bomb(readings[0]), (play, wish)


@SMALL
@given(hands(1, 9))
def test_classify_agrees_with_the_reference(cards):
    # T3, T3.1-T3.6: every reading of any set of cards
    assert engine_readings(cards) == ref.readings(to_ref(cards))


@SMALL
@given(st.data())
def test_beats_agrees_with_the_reference(data):
    # T3, T4.3-T4.5, T5.2: some reading of the play beats the highest reading of the table
    hand = data.draw(hands(5, 14))
    plays = legal_plays(hand)
    play = list(data.draw(st.sampled_from(plays)))
    over, on, _ = data.draw(tables(hand))
    if over is None:
        return
    reading, _ = engine_legal(hand, over, on, None)
    got = any(beats(r, reading) for r in classify(play))
    table, _ = ref.table_reading(to_ref(over), on)
    is_phx = play == [PHX_CARD]
    want = any(ref.beats(r, is_phx, table, over == [4]) for r in ref.readings(to_ref(play)))
    assert got == want, (DECK.format(play), DECK.format(over), on)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_judge_legal_speaks_the_same_plays_in_tokens(data):
    # CONTRACT 3: actual cards with their letters, sorted, none twice, through JSON
    hand = data.draw(hands(0, 10, specials=data.draw(st.booleans())))
    over, on, wish = data.draw(tables(hand))
    req = {"op": "legal", "game": "tichu", "hand": DECK.format(hand),
           "over": None if over is None else DECK.format(over)}
    if on is not None:
        req["phoenix_on"] = "MJ" if on == 1 else DECK.value_tokens[on]
    if wish is not None:
        req["wish"] = DECK.value_tokens[wish]
    ans = json.loads(json.dumps(handle(json.loads(json.dumps(req)))))
    want = sorted(tuple(DECK.format(p)) for p in reference_legal(hand, over, on, wish))
    assert sorted(tuple(p) for p in ans["plays"]) == want
    for p in ans["plays"]:
        assert DECK.parse(p) == sorted(DECK.parse(p))
