"""Issue 28's check that stays (host_sim/decision_check.py): random dealt play on every board, in
both languages and both games, with the proposals on for some decisions, where no decision opens
on a bomb, no call asks with Yes first but for its tip, no play is offered with a card not drawn,
and no tip says something false of the action it names. A short run here; `make decisions` the
long one. And the oracle of the reasons against positions made for it."""

import functools

import pytest

from host_sim import decision_check as dc
from host_sim.player import BOARDS

ROUNDS = 3  # rounds per game and language on each board: some 2 s a board


@functools.lru_cache(maxsize=None)
def played(board):
    """The Figures of the short run on ``board`` (both languages), once per process."""
    results = dc.check(ROUNDS, [board])
    assert sorted(results) == [(board, 0), (board, 1)]
    total = dc.Figures()
    for f in results.values():
        total.add(f)
    assert not total.errors, total.errors[0]
    return total


def faults(total, kind):
    found = ["%s (at %s)" % (what, where) for k, where, what in total.faults if k == kind]
    return "%d: %s" % (len(found), "\n".join(found[:6]))


@pytest.mark.parametrize("board", BOARDS)
def test_random_play_went_where_it_is_meant_to(board):
    # decisions, calls asked with and without tips, plays walked through, tips read
    total = played(board)
    assert total.rounds == 2 * 2 * ROUNDS
    assert total.decisions > 50 and total.opened >= total.decisions
    assert total.asked > total.asked_tips > 0
    assert total.plays > total.decisions and total.tips > 10


@pytest.mark.parametrize("board", BOARDS)
def test_no_decision_opens_on_a_bomb(board):
    assert played(board).on_bomb == 0, faults(played(board), "opened on a bomb")


@pytest.mark.parametrize("board", BOARDS)
def test_no_question_opens_on_yes_but_for_its_tip(board):
    assert played(board).yes_no_tip == 0, faults(played(board), "Yes without tip")


@pytest.mark.parametrize("board", BOARDS)
def test_no_play_is_offered_with_a_card_not_drawn(board):
    assert played(board).hidden == 0, faults(played(board), "play with hidden cards")


@pytest.mark.parametrize("board", BOARDS)
def test_every_tip_in_view_is_true_of_its_action(board):
    assert played(board).false == 0, faults(played(board), "false reason")


# -- the oracle ------------------------------------------------------------------------------------

P, DOG, DRAGON, MAHJONG = 15 << 3 | 4, 0 << 3 | 4, 16 << 3 | 4, 1 << 3 | 4


def card(v, suit=0):
    return v << 3 | suit


class _Dealt:
    def __init__(self, name, game, state):
        self.name, self.game, self.state = name, game, state


def tichu(hands, **fields):
    """Seat 0's Position at a Tichu table in trick play: its lead unless ``fields`` say else."""
    from engine_core.tichu import game

    s = game.new_match().copy()
    s.phase = "play"
    s.hands = tuple(tuple(sorted(h)) for h in hands)
    s.turn = 0
    s.lead = 1
    for k, v in fields.items():
        setattr(s, k, v)
    return dc.Position(_Dealt("tichu", game, s), 0)


HAND = (card(3), card(5), card(5, 1), card(7), card(9), card(13), P)
OTHERS = ((card(2, 1), card(2, 2), card(4, 1)), (card(8, 1), card(8, 2), card(10)),
          (card(11), card(14), DRAGON))


@pytest.mark.parametrize("action, why, false", [
    # the issue's: a Phoenix pair "keeps your strong cards"; the Dog "leads low"
    ((0, "play", (card(5), P), 5), "Leads low, keeps your strong cards", "plays strong cards"),
    ((0, "play", (card(5), card(5, 1))), "Leads low, keeps your strong cards", None),
    ((0, "play", (card(7),)), "Leads low, keeps your strong cards", "a lower play"),
    ((0, "play", (card(3),)), "Lowest single you can spare", None),
    ((0, "play", (card(7),)), "Lowest single you can spare", "the hand holds lower"),
    ((0, "play", (card(13),)), "%s: nobody else holds a higher single", "another seat holds"),
    ((0, "play", (card(5),)), "Lowest play that beats it", "a lead"),
    ((0, "play", tuple(sorted(HAND))), "Plays you out", None),
    ((0, "play", (card(3),)), "Plays you out", "keeps cards"),
    ((0, "play", (card(3),)), "The strong bot's choice", None),
    ((0, "play", (card(3),)), "A reason nobody wrote an oracle for", "no oracle"),
])
def test_the_oracle_on_a_tichu_lead(action, why, false):
    pos = tichu((HAND,) + OTHERS)
    args = (action[2][0] >> 3,) if why.startswith("%s") else ()
    got = dc.reason_false(pos, action, (why, args))
    assert (got is None) if false is None else (got is not None and false in got), got


def test_the_oracle_on_a_tichu_trick_to_beat():
    top = (0, 1, 2 * 6)  # a single 6, played by seat 3
    pos = tichu((HAND,) + OTHERS, lead=0, top=top, top_seat=3, trick=(card(6, 2),))
    assert dc.reason_false(pos, (0, "play", (card(7),)), ("Lowest play that beats it", ())) is None
    assert "lower play" in dc.reason_false(pos, (0, "play", (card(9),)), ("Lowest play that beats it", ()))
    # the Phoenix lies half a step above the 6: lower than the 7
    assert dc.reason_false(pos, (0, "play", (P,)), ("Lowest play that beats it", ())) is None
    assert "partner" in dc.reason_false(pos, (0, "pass"), ("Your partner is winning this trick", ()))
    assert dc.reason_false(pos, (0, "pass"), ("Keep your cards for a later trick", ())) is None
    mine = tichu((HAND,) + OTHERS, lead=0, top=top, top_seat=2, trick=(card(6, 2),))
    assert dc.reason_false(mine, (0, "pass"), ("Your partner is winning this trick", ())) is None


def test_the_oracle_gives_a_forced_pass_no_tip():
    dragon = (0, 1, 2 * 16)
    pos = tichu(((card(3), card(5)),) + OTHERS, lead=0, top=dragon, top_seat=3, trick=(DRAGON,))
    for why in ("Keep your cards for a later trick", "The strong bot's choice"):
        assert "forced pass" in dc.reason_false(pos, (0, "pass"), (why, ()))
    assert dc.reason_false(pos, (0, "pass"), None) is None


def test_the_oracle_on_the_dog_and_the_push():
    hand = (DOG, card(3), card(4), card(5), card(12))
    pos = tichu((hand,) + OTHERS)
    dog = (0, "play", (DOG,))
    assert dc.reason_false(pos, dog, ("The Dog hands the lead to your partner", ())) is None
    assert "the Dog" in dc.reason_false(pos, dog, ("Leads low, keeps your strong cards", ()))
    out = tichu((hand, OTHERS[0], (), OTHERS[2]))
    partner = ("The Dog hands the lead to your partner", ())
    assert "partner (seat 2) is out" in dc.reason_false(out, dog, partner)
    # pushed to the next seat, the partner, the previous seat: the 3/4/5 after a call
    low = "Low cards to the opponents, a good one to your partner"
    assert "partner gets 4" in dc.reason_false(pos, (0, "push", (card(3), card(4), card(5))), (low, ()))
    assert dc.reason_false(pos, (0, "push", (card(3), card(12), card(5))), (low, ())) is None
    spare = ("Cards you can spare", ())
    assert "strong" in dc.reason_false(pos, (0, "push", (card(3), card(14), card(5))), spare)


def test_the_oracle_on_a_chimera_trap():
    from engine_core.chimera import game

    s = game.new_match().copy()
    hand = (card(5), card(5, 1), card(5, 2), card(5, 3), card(9))
    s.phase = "play"
    s.hands = (hand, (card(10), card(11)), (card(12), card(13)))
    s.turn = 0
    s.chimera = 1
    s.top = (0, 1, 7)  # a single 7 of seat 2
    s.top_seat = 2
    pos = dc.Position(_Dealt("chimera", game, s), 0)
    trap = (0, "play", hand[:4])
    assert dc.reason_false(pos, trap, ("A trap takes this trick", ())) is None
    assert dc.reason_false(pos, trap, ("A bomb takes this trick", ())) is not None
    assert dc.reason_false(pos, (0, "pass"), ("Your partner is winning this trick", ())) is None
