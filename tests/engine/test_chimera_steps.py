"""The pieces of a Chimera seat's plays (movegen.steps, choices.play_steps): a device's menu
takes a long lead a piece at a time, and the pieces must be exactly the legal plays (C5, C6)."""

from engine_core.chimera import cards as cc
from engine_core.chimera.choices import readings_of
from engine_core.chimera.combos import classify
from engine_core.chimera.movegen import legal_plays, step_plays, steps
from engine_core.prng import Pcg32


def _hands():
    # Seeded 20- and 17-card hands (a declarer's and a Hunter's).
    rng = Pcg32(2026)
    for i in range(200):
        deck = list(cc.DECK.card_list)
        rng.shuffle(deck)
        yield deck[:20 if i % 2 else 17]


def _pieces(c, over):
    out = []
    for step in steps(c, over):
        out += step_plays(c, step)
    return out


def test_the_pieces_of_a_lead_and_of_every_follow_are_the_legal_plays():
    # C5 (the kinds), C6 (what beats what): the same plays, each once, for a lead (its
    # sequences come a length at a time) and, in order, for each kind a hand may answer.
    checked = 0
    for hand in _hands():
        c = cc.value_counts(hand)
        lead = legal_plays(c, None)
        pieces = _pieces(c, None)
        assert sorted(pieces) == sorted(lead) and len(set(pieces)) == len(pieces)
        overs = {}
        for p in lead[::7]:
            for r in classify(cc.value_counts([v << 3 for v in p])):
                overs[r] = 1
        for over in overs:
            other = cc.value_counts(hand[::-1][:12])
            assert _pieces(other, over) == legal_plays(other, over)
            checked += 1
    assert checked > 100


def test_a_play_with_two_readings_names_them_and_a_plain_one_none():
    # C5.2: a straight with the Pi Ya may stand for more than one top.
    piya = cc.PIYA
    straight = tuple(sorted((3, 4, 5, 6, piya)))
    rs = readings_of(straight, None)
    assert rs is not None and len(rs) > 1
    assert readings_of((3, 4, 5, 6, 7), None) is None
