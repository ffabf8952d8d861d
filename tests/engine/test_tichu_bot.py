"""The Tichu bots (engine_core/tichu/bot.py, issue 11): every answer is a legal action
(or None out of turn), the plan and the card tracking read hands as RULES T3/T4 say,
the partner and the wish are handled, and a few positions are checked for honesty
(the full sweep is tests/host/test_tichu_bot_honesty.py).

Runs under pytest and under MicroPython (tests/mp): plain functions, small games.
"""

from engine_core.bot_driver import Driver
from engine_core.prng import Pcg32
from engine_core.tichu import bot, bot_hand, bot_play, game
from engine_core.tichu.cards import DECK
from engine_core.tichu.combos import PAIR, SINGLE, STRAIGHT
from engine_core.tichu.view import seat_view
from tests.engine.tichu_redeal import check_position


def codes(text):
    return tuple(sorted(DECK.parse(text, True)))


def _legal(state, seat, a):
    if a[1] == "push":  # legal_actions lists every ordered push: check it directly
        cards = a[2]
        return len(set(cards)) == 3 and all(c in state.hands[seat] for c in cards)
    return a in game.legal_actions(state, seat)


def _play_round(levels, seed, check_every=1):
    st = game.new_match(limit=100000)
    st, _ = game.apply(st, game.next_deal(st, Pcg32(seed)))
    drv = Driver(game, levels, seed, bot=bot)
    step = 0
    while st.phase not in (game.DEAL, game.OVER):
        a = drv.action(st, step)
        if step % check_every == 0:
            assert _legal(st, a[0], a), a
        st, _ = game.apply(st, a)
        step += 1
    return st


def test_bots_play_whole_rounds_with_legal_actions_only():
    # D2: apply would refuse anything illegal; every answer is also in legal_actions
    for seed, levels in ((1, (1, 2, 3, 0)), (2, (3, 3, 2, 2)), (3, (2, 1, 1, 3))):
        st = _play_round(levels, seed, 3)
        assert st.phase == game.DEAL and len(st.match.rounds) == 1


def test_bombs_are_taken_out_and_the_plan_uses_straights_and_pairs():
    # T3.4: four equal cards are a bomb; the rest splits into few combinations
    hand = codes("MJ 2j 3s 4p 5t 6j 9j 9s 9p 9t Qs Qp As DRG")
    bombs = bot_hand.bombs_in(hand)
    assert bombs == [codes("9j 9s 9p 9t")]
    rest = [c for c in hand if c not in bombs[0]]
    v = _view_of(hand)
    loss, combos = bot_hand.plan(rest, bot_hand.track(v))
    kinds = sorted((c[0], c[2]) for c in combos)
    assert (STRAIGHT, 6) in kinds and (PAIR, 12) in kinds and (SINGLE, 16) in kinds
    assert len(combos) == 4  # straight 1-6, pair of Q, A, Dragon


def test_straight_flush_is_a_bomb_kept_apart():
    hand = codes("3s 4s 5s 6s 7s 8j 10p")
    assert bot_hand.bombs_in(hand) == [codes("3s 4s 5s 6s 7s")]


def _view_of(hand, gone=()):
    st = game.new_match()
    st.phase = game.PLAY
    others = [c for c in DECK.card_list if c not in hand and c not in gone]
    st.hands = (tuple(hand), tuple(others[:14]), tuple(others[14:28]), tuple(others[28:]))
    st.piles = (tuple(gone), (), (), ())
    st.pushes = (None, None, None, None)
    return seat_view(st, 0)


def test_card_tracking_counts_the_higher_cards_still_out():
    hand = codes("Ks 2j")
    t = bot_hand.track(_view_of(hand))
    assert t.above1[13] == 4 + 2  # four Aces, the Phoenix, the Dragon
    gone = codes("Aj As Ap At DRG")
    t = bot_hand.track(_view_of(hand, gone))
    assert t.above1[13] == 1  # only the Phoenix can still beat the King
    assert bot_hand.win8((SINGLE, 1, 13, (13,)), t) > bot_hand.win8((SINGLE, 1, 12, (12,)), t)


def _table(hands, top_cards=None, top_seat=-1, turn=0, wish=0, calls=(0, 0, 0, 0)):
    """A play position: seat ``turn`` to play on ``top_cards`` by ``top_seat``."""
    st = game.new_match()
    st.phase = game.PLAY
    st.dealer = 0
    held = [codes(h) for h in hands]
    used = set(sum(held, ()))
    top = codes(top_cards) if top_cards else ()
    used |= set(top)
    pile = tuple(c for c in DECK.card_list if c not in used)
    st.hands = tuple(held)
    st.piles = (pile, (), (), ())
    st.pushes = (None, None, None, None)
    st.turn = turn
    st.calls = calls
    st.played = 15
    st.wish = wish
    if top:
        st.trick = top
        st.top = game.reading_for(top, None)
        st.top_seat = top_seat
        st.lead = 0
    else:
        st.lead = 1
    return st


def test_does_not_overtake_a_partner_who_is_winning():
    st = _table(["3j 9s Kp", "4j 5j", "6p 7p Qs", "8t 10t"], "Js", 2, 0)
    for level in (2, 3):
        assert bot.decide(st, 0, level, Pcg32(1)) == (0, "pass")
    # an opponent's Jack is beaten (the King is the only play that does)
    st = _table(["3j 9s Kp", "4j 5j", "6p 7p Qs", "8t 10t"], "Js", 3, 0)
    a = bot.decide(st, 0, 2, Pcg32(1))
    assert a[1] == "play" and a[2] == codes("Kp")


def test_strong_level_takes_the_lead_when_the_partner_is_out_first():
    # T6.1: with the partner out first, level 3 spends its Ace on a low single to get the
    # lead for the double victory; level 2 keeps its sure winner back for a trick that matters
    st = _table(["9s 9p Ap", "5j 8j 9j Qj", "2p", "6p 10p Kt"], "4s", 1, 0)
    st.hands = (st.hands[0], st.hands[1], (), st.hands[3])
    st.out = (2,)
    assert bot.decide(st, 0, 2, Pcg32(1)) == (0, "pass")
    a = bot.decide(st, 0, 3, Pcg32(1))
    assert a[1] == "play" and a[2] == codes("Ap")


def test_goes_out_when_one_play_empties_the_hand():
    st = _table(["9s 9p", "4j 5j", "6p 7p Qs", "8t 10t"], "4s 4t", 2, 0)
    assert bot.decide(st, 0, 2, Pcg32(1)) == (0, "play", codes("9s 9p"), None)


def test_leads_to_a_partner_who_called_with_the_dog():
    st = _table(["DOG 3j 7s 9t Jp", "4j 5j 8j", "6p 7p Qs", "8t 10t 2p"], calls=(0, 0, 1, 0))
    a = bot.decide(st, 0, 3, Pcg32(1))
    assert a[2] == codes("DOG")


def test_level_one_plays_its_lowest_card():
    st = _table(["3j 7s 9t Jp", "4j 5j 8j", "6p 7p Qs", "8t 10t 2p"])
    assert bot.decide(st, 0, 1, Pcg32(1)) == (0, "play", codes("3j"), None)


def test_the_wish_names_a_value_the_seat_lacks():
    # T4.1: never bind oneself; level 1 names none
    st = _table(["MJ", "4j 5j 8j", "6p 7p Qs", "8t 10t 2p"])
    st.hands = (codes("MJ 2s 3s"),) + st.hands[1:]
    a = bot.decide(st, 0, 2, Pcg32(1))
    assert a[1] == "play" and game.MAHJONG_CARD in a[2]
    assert a[4] is None or (a[4] not in (2, 3))
    assert bot.decide(st, 0, 1, Pcg32(1))[4] is None


def test_wish_is_fulfilled_when_bound():
    # T4.2: holding a 7 under a wish for 7 on a single 5, the seat must play it
    st = _table(["7s Ap", "4j 5j 8j", "6p 7p Qs", "8t 10t 2p"], "5s", 1, 0, wish=7)
    for level in (1, 2, 3):
        a = bot.decide(st, 0, level, Pcg32(1))
        assert a == (0, "play", codes("7s"), None), (level, a)


def test_dragon_goes_to_the_opponent_with_more_cards():
    st = _table(["3j 7s", "4j 5j 8j 9p", "6p 7p Qs", "8t"], "DRG", 0, 0)
    st.phase = game.GIFT
    st.turn = -1
    st.lead = 0
    assert bot.decide(st, 0, 2, Pcg32(1)) == (0, "gift", 1)
    st.hands = (st.hands[0], codes("4j"), st.hands[2], codes("8t 9t 10j"))
    assert bot.decide(st, 0, 3, Pcg32(1)) == (0, "gift", 3)


def test_bomb_out_of_turn_against_an_opponent_going_out():
    # T5.2: the opponent's last card wins the trick unless this seat bombs it
    st = _table(["5j 5s 5p 5t 9j", "Ks", "6p 7p Qs", "8t 2p 3p"], "Ks", 1, 2)
    st.hands = (st.hands[0], codes("2j"), st.hands[2], st.hands[3])
    a = bot.decide(st, 0, 2, Pcg32(1))
    assert a == (0, "play", codes("5j 5s 5p 5t"), None)
    assert bot.decide(st, 0, 1, Pcg32(1)) is None  # level 1 never bombs out of turn


def test_level_zero_is_the_random_player():
    st = _table(["3j 7s 9t Jp", "4j 5j 8j", "6p 7p Qs", "8t 10t 2p"])
    from engine_core.tichu.choices import random_action
    assert bot.decide(st, 0, 0, Pcg32(5)) == random_action(st, 0, Pcg32(5))


def test_a_few_positions_are_honest():
    st = game.new_match(limit=100000)
    st, _ = game.apply(st, game.next_deal(st, Pcg32(21)))
    drv = Driver(game, (3, 2, 1, 3), 21, bot=bot)
    step = 0
    while st.phase not in (game.DEAL, game.OVER) and step < 40:
        if step % 4 == 0:
            check_position(bot.decide, st, (1, 2, 3), 1, step)
        st, _ = game.apply(st, drv.action(st, step))
        step += 1


def test_push_gives_three_held_cards_and_keeps_bombs():
    hand = codes("2j 3s 4p 6t 7j 9j 9s 9p 9t Jj Qs Kp As PHX")
    st = game.new_match()
    st.phase = game.PUSH
    others = [c for c in DECK.card_list if c not in hand]
    st.hands = (hand, tuple(others[:14]), tuple(others[14:28]), tuple(others[28:]))
    st.pushes = (None, None, None, None)
    for level in (1, 2, 3):
        a = bot.decide(st, 0, level, Pcg32(1))
        if a[1] == "tichu":
            continue
        assert a[1] == "push" and _legal(st, 0, a)
        if level > 1:
            for c in a[2]:
                assert c >> 3 != 9
    x = bot_play.context(seat_view(st, 0), 2)
    assert x.bombs == [codes("9j 9s 9p 9t")]
