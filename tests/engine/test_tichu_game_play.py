"""Tichu trick play: the wish, the Dog, the Phoenix, the Dragon gift, bombs out of turn
and when a trick is taken (RULES T4, T5, T6.2, D2), on hand-made positions."""

from engine_core.tichu import game
from engine_core.tichu.combos import BOMB_FOUR, BOMB_STRAIGHT_FLUSH, SINGLE
from tests.engine.tichu_flows import codes, kinds, position, refused


def act(s, seat, text=None, *rest):
    """Apply a play of ``text`` (or a pass when None) by ``seat``."""
    a = (seat, "pass") if text is None else (seat, "play", codes(text)) + rest
    return game.apply(s, a)


def plays(s, seat):
    """The legal actions of a seat as sorted card texts ('pass' for a pass)."""
    out = []
    for a in game.legal_actions(s, seat):
        if a[1] == "play":
            out.append(" ".join(game.DECK.format(a[2])))
        else:
            out.append(a[1])
    return sorted(out)


# --------------------------------------------------------------------------- the wish

def test_wish_forces_the_seat_on_turn():
    # T4.2: a legal play with the wished rank must be made; no pass; the Phoenix does not count
    s = position(["", "9p As PHX 3t", "4j 4s", "5j 6j"], 1, "MJ", 0, wish=9)
    assert "wish for 9" in refused(s, (1, "pass"))
    assert "wish for 9" in refused(s, (1, "play", codes("As")))
    assert "wish for 9" in refused(s, (1, "play", codes("PHX")))
    assert plays(s, 1) == ["9p"]
    s, ev = act(s, 1, "9p")
    assert ("wish_fulfilled", 9) in ev and s.wish == 0
    assert "pass" in plays(s, 2)


def test_wish_binds_only_when_it_can_be_fulfilled():
    # T4.2: who cannot play the rank legally may play anything legal or pass
    s = position(["", "9p 9t 3t", "4j", "5j"], 1, "Jj Js", 0, wish=9)
    assert plays(s, 1) == ["pass"]
    s = position(["", "9p 3t 3s", "4j", "5j"], 1, "2j 2s", 0, wish=9)
    assert plays(s, 1) == ["3s 3t", "pass"]
    game.apply(s, (1, "pass"))


def test_wish_by_bomb_only_forces_a_bomb():
    # T4.2: if only a bomb holds the wished rank, a bomb must be played (that one or another)
    s = position(["", "9j 9s 9p 9t 2j 2s 2p 2t 3t 3p", "4j", "5j"], 1, "Kj Ks", 0, wish=9)
    assert plays(s, 1) == ["2j 2s 2p 2t", "9j 9s 9p 9t"]
    assert "wish for 9" in refused(s, (1, "pass"))
    s2, ev = act(s, 1, "2j 2s 2p 2t")
    assert s2.wish == 9  # a bomb without the rank leaves the wish open
    s2, ev = act(s, 1, "9j 9s 9p 9t")
    assert ("wish_fulfilled", 9) in ev


def test_a_bomb_is_always_allowed_under_a_wish():
    # T4.2 Decision: a bomb never has to fulfil the wish
    s = position(["", "9p 3j 3s 3p 3t", "4j", "5j"], 1, "5s", 0, wish=9)
    assert plays(s, 1) == ["3j 3s 3p 3t", "9p"]
    act(s, 1, "3j 3s 3p 3t")


def test_wish_binds_a_player_who_leads():
    # T4.2: leading, the wished rank must be in the lead; the Dog and the Phoenix do not count
    s = position(["", "9p 9t 4j DOG PHX", "4s", "5j"], 1, wish=9)
    assert "wish for 9" in refused(s, (1, "play", codes("4j")))
    assert "wish for 9" in refused(s, (1, "play", codes("DOG")))
    assert "wish for 9" in refused(s, (1, "play", codes("PHX")))
    assert plays(s, 1) == ["9p", "9p 9t", "9p 9t PHX", "9p PHX", "9t", "9t PHX"]
    act(s, 1, "9t PHX")


def test_wish_is_named_with_the_mah_jong_only():
    # T4.1: a rank 2..A, or none, with a play holding the Mah Jong
    s = position(["MJ 2j 3j 4j 5s 7t", "8j", "9j", "Qj"], 0)
    for bad in (1, 15, 0.5, "9", True):
        assert refused(s, (0, "play", codes("MJ"), None, bad))
    assert "only a play with the Mah Jong" in refused(s, (0, "play", codes("7t"), None, 9))
    s2, ev = act(s, 0, "MJ 2j 3j 4j 5s", None, 3)
    assert ("wish", 0, 3) in ev and s2.wish == 3  # for the plays that follow
    s2, ev = act(s, 0, "MJ", None, None)
    assert s2.wish == 0
    wishes = [a[4] for a in game.legal_actions(s, 0) if a[2] == codes("MJ")]
    assert wishes == [None] + list(range(2, 15))


def test_wish_closes_with_a_real_card_only():
    # T4.2: the Phoenix is not the wished rank; a bomb with the rank closes the wish too
    s = position(["", "PHX 3t", "9j 9s 9p 9t 4j", "5j"], 1, "MJ", 0, wish=9)
    s, ev = act(s, 1, "PHX")
    assert s.wish == 9
    s, ev = act(s, 2, "9j 9s 9p 9t")  # seat 2 is on turn and bombs
    assert ("wish_fulfilled", 9) in ev and s.wish == 0


def test_a_bomb_out_of_turn_need_not_fulfil():
    # T4.2 Decision: bombs thrown out of turn never fulfil the wish
    s = position(["", "9p 3t", "2j 2s 2p 2t 9s", "5j"], 1, "MJ", 0, wish=9)
    s, ev = act(s, 2, "2j 2s 2p 2t")
    assert s.wish == 9 and game.decision(s) == ("play", (3,))


# --------------------------------------------------------------------------- the Dog

def test_dog_hands_the_lead_to_the_partner():
    # T4.3: led alone; the lead passes at once; it scores 0 with its player
    s = position(["DOG 3j", "4j", "5j", "6j"], 0)
    s, ev = act(s, 0, "DOG")
    assert ev == [("played", 0, (SINGLE, 1, 0)), ("dog", 0, 2)]
    assert game.decision(s) == ("play", (2,)) and s.lead == 1 and s.trick == ()
    assert codes("DOG")[0] in s.piles[0]


def test_dog_passes_on_when_the_partner_is_out():
    # T4.3: to the next seat after the partner that still holds cards
    s = position(["DOG 3j", "4j", "", "6j"], 0, out=(2,))
    s, ev = act(s, 0, "DOG")
    assert game.decision(s) == ("play", (3,))
    s = position(["DOG 3j", "4j", "", ""], 0, out=(2, 3))
    s, ev = act(s, 0, "DOG")
    assert game.decision(s) == ("play", (0,))


def test_dog_as_the_last_card():
    # T4.3, T5.4: out, and the partner leads
    s = position(["DOG", "4j", "5j 5s", "6j"], 0)
    s, ev = act(s, 0, "DOG")
    assert s.out == (0,) and game.decision(s) == ("play", (2,))


def test_dog_only_as_a_lead_and_nothing_on_it():
    # T4.3: never played on a trick; nothing, not even a bomb, is played on the Dog
    s = position(["DOG 3j", "4j", "5j", "6j"], 0, "2j", 3)
    assert "Dog is only led" in refused(s, (0, "play", codes("DOG")))
    s = position(["DOG 3j", "7j 7s 7p 7t", "5j", "6j"], 0)
    s, ev = act(s, 0, "DOG")
    assert game.bomb_seats(s) == ()
    assert "only a bomb on a trick on the table" in refused(s, (1, "play", codes("7j 7s 7p 7t")))


# --------------------------------------------------------------------------- the Phoenix

def test_phoenix_single_lies_half_above():
    # T4.4: on a single it counts that + 0.5; led 1.5; never on the Dragon
    s = position(["PHX 3j", "7j 8s", "5j", "6j"], 0, "7s", 3)
    s, ev = act(s, 0, "PHX")
    assert ev[0] == ("played", 0, (SINGLE, 1, 15))
    assert "does not beat" in refused(s, (1, "play", codes("7j")))
    act(s, 1, "8s")
    s = position(["PHX 3j", "2j", "5j", "6j"], 0)
    s, ev = act(s, 0, "PHX")
    assert s.top == (SINGLE, 1, 3)
    act(s, 1, "2j")
    s = position(["PHX 3j", "2j", "5j", "6j"], 0, "DRG", 3)
    assert "does not beat" in refused(s, (0, "play", codes("PHX")))


# --------------------------------------------------------------------------- the Dragon

def dragon_won():
    """Seat 1's Dragon has been passed by everybody: the gift is due."""
    s = position(["3j 4j", "DRG 5j", "6j 7j 7s 7p 7t", "8j"], 2, "DRG", 1)
    for seat in (2, 3):
        s = act(s, seat)[0]
    s, ev = act(s, 0)
    assert ev == [("won", 1)]
    return s


def test_dragon_trick_goes_to_an_opponent_of_the_winners_choice():
    # T4.5
    s = dragon_won()
    assert game.decision(s) == ("gift", (1,))
    assert plays(s, 1) == ["gift", "gift"]
    assert "opponent" in refused(s, (1, "gift", 3))
    assert "opponent" in refused(s, (1, "gift", 1))
    assert "won the Dragon trick" in refused(s, (0, "gift", 2))
    assert "gives the Dragon trick away first" in refused(s, (1, "play", codes("5j")))
    assert refused(s, (1, "pass"))
    s2, ev = game.apply(s, (1, "gift", 2))
    assert ev == [("trick", 1, 2), ("bombs_closed",)]
    assert codes("DRG")[0] in s2.piles[2] and game.decision(s2) == ("play", (1,))


def test_bombed_dragon_trick_is_not_given_away():
    # T5.3: a bomb continues the trick, whoever throws it
    s = dragon_won()
    assert game.bomb_seats(s) == (2,)
    s, ev = act(s, 2, "7j 7s 7p 7t")
    assert game.decision(s) == ("play", (3,)) and s.top[0] == BOMB_FOUR
    for seat in (3, 0):
        s = act(s, seat)[0]
    s, ev = act(s, 1)
    assert ev == [("won", 2)] and game.decision(s) == ("play", (2,))
    s, ev = act(s, 2, "6j")
    assert ev[0] == ("trick", 2, 2) and codes("DRG")[0] in s.piles[2]


def test_winner_bombs_its_own_dragon_trick():
    # T5.3: a Dragon trick bombed by its own winner is not given away
    s = position(["3j", "DRG 5j 5s 5p 5t 2t", "6j", "8j"], 2, "DRG", 1)
    for seat in (2, 3, 0):
        s = act(s, seat)[0]
    assert game.decision(s) == ("gift", (1,))
    s, ev = act(s, 1, "5j 5s 5p 5t")
    assert game.decision(s) == ("play", (2,)) and len(s.trick) == 5


def test_dragon_winner_out_gives_and_the_next_seat_leads():
    # T4.5, T5.3: the winner gives even when out; the lead goes on
    s = position(["3j", "", "6j", "8j"], 2, "DRG", 1, out=(1,))
    for seat in (2, 3):
        s = act(s, seat)[0]
    s, ev = act(s, 0)
    assert game.decision(s) == ("gift", (1,))
    s, ev = game.apply(s, (1, "gift", 0))
    assert game.decision(s) == ("play", (2,))


def test_dragon_as_the_last_play_of_the_round():
    # T6.2: the trick on the table is taken by the last play's maker, Dragon gift included
    s = position(["", "DRG", "6j 7j 7s 7p 7t", ""], 1, "5j", 0, out=(3, 0))
    s, ev = act(s, 1, "DRG")
    assert kinds(ev) == ["played", "out"] and game.decision(s) == ("gift", (1,))
    assert "round is over" in refused(s, (2, "play", codes("7j 7s 7p 7t")))
    assert refused(s, (2, "tichu"))
    assert game.bomb_seats(s) == () and game.tichu_seats(s) == ()
    s, ev = game.apply(s, (1, "gift", 2))
    assert kinds(ev) == ["trick", "bombs_closed", "last", "round_over"]
    assert s.out == (3, 0, 1, 2)


# --------------------------------------------------------------------------- bombs

def test_bomb_out_of_turn_after_a_lead():
    # T5.2: any seat, out of turn; play goes on after the bomber
    s = position(["3j 4j", "6j 6s", "7j 7s 7p 7t 2t", "9j 9s 9p 9t 2p"], 1, "5j", 0)
    assert game.bomb_seats(s) == (2, 3)
    assert "only a bomb" in refused(s, (2, "play", codes("2t")))
    s, ev = act(s, 3, "9j 9s 9p 9t")
    assert ev == [("played", 3, (BOMB_FOUR, 1, 9))]
    assert game.decision(s) == ("play", (0,)) and s.top_seat == 3
    assert "does not beat" in refused(s, (2, "play", codes("7j 7s 7p 7t")))
    assert game.bomb_seats(s) == ()


def test_no_bomb_before_the_trick_is_led():
    # T5.2: after the trick has been led
    s = position(["3j 4j", "6j", "7j 7s 7p 7t 2t", "8j"], 0)
    assert game.bomb_seats(s) == (2,) or game.bomb_seats(s) == ()
    assert "not seat 2's turn" in refused(s, (2, "play", codes("7j 7s 7p 7t")))
    assert [a for a in game.legal_actions(s, 2) if a[1] == "play"] == []


def test_bomb_on_ones_own_trick():
    # T5.2: on their own trick, at once
    s = position(["3j 3s 4j 4s 4p 4t", "6j", "7j", "8j"], 0)
    s, ev = act(s, 0, "3j 3s")
    assert ev[-1] == ("bombs_open",)
    assert 0 in game.bomb_seats(s)
    s, ev = act(s, 0, "4j 4s 4p 4t")
    assert game.decision(s) == ("play", (1,)) and len(s.trick) == 6


def test_straight_flush_order():
    # T5.2: more cards first, then rank; any straight flush beats any four
    s = position(["3j Kj Ks Kp Kt", "2s 3s 4s 5s 6s 8t", "8j 9j 10j Jj Qj", "Aj As Ap At 3t"],
                 0, "5j", 1)
    s, ev = act(s, 3, "Aj As Ap At")
    assert "does not beat" in refused(s, (0, "play", codes("Kj Ks Kp Kt")))
    s2, ev = act(s, 1, "2s 3s 4s 5s 6s")
    assert ev[0] == ("played", 1, (BOMB_STRAIGHT_FLUSH, 5, 6))
    act(s2, 2, "8j 9j 10j Jj Qj")
    s = position(["3j", "2s 3s 4s 5s 6s 7s", "8j 9j 10j Jj Qj", "3t"], 0, "5j", 3)
    s, ev = act(s, 1, "2s 3s 4s 5s 6s 7s")
    assert "does not beat" in refused(s, (2, "play", codes("8j 9j 10j Jj Qj")))


def test_bomb_after_the_passes_before_the_trick_is_taken():
    # T5.3: everybody passed; any seat may still bomb; the trick goes on
    s = position(["3j", "6j", "7j 7s 7p 7t 2t", "8j"], 1, "5j", 0)
    for seat in (1, 2):
        s = act(s, seat)[0]
    s, ev = act(s, 3)
    assert ev == [("won", 0)] and game.decision(s) == ("play", (0,))
    s, ev = act(s, 2, "7j 7s 7p 7t")
    assert kinds(ev) == ["played"] and game.decision(s) == ("play", (3,))
    assert len(s.trick) == 5 and s.lead == 0


def test_winners_bomb_continues_its_trick():
    # T5.3 Decision: a bomb by the winner at that point continues the trick
    s = position(["3j 7j 7s 7p 7t", "6j", "8j", "9j"], 1, "5j", 0)
    for seat in (1, 2, 3):
        s = act(s, seat)[0]
    s2, ev = act(s, 0, "7j 7s 7p 7t")
    assert kinds(ev) == ["played"] and len(s2.trick) == 5 and game.decision(s2) == ("play", (1,))
    s2, ev = act(s, 0, "3j")  # not a bomb: the trick is taken and this is the next lead
    assert kinds(ev) == ["trick", "bombs_closed", "played", "bombs_open"]


def test_winners_lower_bomb_is_a_new_lead():
    # T5.3: a bomb that cannot beat the trick is no play on it: the trick is taken first
    s = position(["3j 3s 3p 3t 2j", "6j", "8j", "9j"], 1, "Kj Ks Kp Kt", 0)
    for seat in (1, 2, 3):
        s = act(s, seat)[0]
    s2, ev = act(s, 0, "3j 3s 3p 3t")
    assert kinds(ev) == ["trick", "bombs_closed", "played", "bombs_open"]
    assert s2.top == (BOMB_FOUR, 1, 3) and len(s2.trick) == 4


def test_winner_out_the_next_lead_takes_the_trick():
    # T5.3: if the winner is out, the trick is taken at the next lead, to the winner's pile
    s = position(["", "6j 6s", "8j 8s", "9j 2j 2s 2p 2t"], 1, "5j", 0, out=(0,))
    for seat in (1, 2, 3):
        s = act(s, seat)[0]
    assert game.decision(s) == ("play", (1,)) and s.lead == 1 and s.trick
    s2, ev = act(s, 3, "2j 2s 2p 2t")  # still bombable by anyone
    assert kinds(ev) == ["played"] and game.decision(s2) == ("play", (1,))
    s2, ev = act(s, 1, "6j")
    assert ev[0] == ("trick", 0, 0) and codes("5j")[0] in s2.piles[0]


def test_bomb_window_events():
    # the event stream says when bombs become possible and when no longer
    s = position(["3j 5j", "6j", "8j", "9j"], 0)
    s, ev = act(s, 0, "3j")
    assert kinds(ev) == ["played", "bombs_open"]
    for seat in (1, 2, 3):
        s, ev = act(s, seat)
    s, ev = act(s, 0, "5j")
    assert kinds(ev) == ["trick", "bombs_closed", "played", "bombs_open", "out"]


def test_player_out_is_skipped():
    # T5.3, T5.4: turns and the count of passes skip players who are out
    s = position(["3j", "", "8j", "9j"], 2, "5j", 0, out=(1,))
    s, ev = act(s, 2)
    assert game.decision(s) == ("play", (3,))
    s, ev = act(s, 3)
    assert ev == [("won", 0)] and game.decision(s) == ("play", (0,))


# --------------------------------------------------------------------------- claims from a seat view

def _claims_agree(s, seen):
    from engine_core.tichu.choices import bombs_now, claims
    from engine_core.tichu.view import seat_view

    for seat in range(4):
        bombs, call = claims(seat_view(s, seat))
        assert sorted(bombs) == sorted(bombs_now(s, seat)), seat
        assert call == game.may_call(s, seat), seat
        seen[0] += 1
        seen[1] += 1 if bombs else 0
        seen[2] += 1 if call else 0


def test_claims_from_the_seat_view_are_the_states():
    # T5.2, T2.4: what a seat may do out of turn, read from its own seat view (the one door
    # to hidden information) as a device asks before it opens a hand for a claim, is what
    # the State says: the bombs it may throw and whether it may call Tichu. Positions made
    # by hand (bombs on turn, out of turn, over a lower and a higher bomb, one seat holding
    # cards, calls still open), then random rounds.
    from engine_core.prng import Pcg32
    from engine_core.tichu.choices import random_step

    seen = [0, 0, 0]  # positions asked, of them with a bomb to throw, with a call open
    bomb = "7j 7s 7p 7t 3j 4j 5j 6j 8j"
    made = [
        position([bomb, "6s", "8s", "9s"], 0),  # on turn, leading
        position([bomb, "6s", "8s", "9s"], 2, "5s", 1),  # out of turn, a single on the table
        position([bomb, "6s", "8s", "9s"], 2, "2j 2s 2p 2t", 1),  # over a lower bomb
        position([bomb, "6s", "8s", "9s"], 2, "Kj Ks Kp Kt", 1),  # over a higher one: the flush only
        position([bomb, "", "", "9s"], 3, "5s", 1, out=(1, 2)),  # two seats left holding cards
        position([bomb, "6s", "8s", "9s"], 2, "5s", 1, played=0),  # nobody has played: calls open
        position([bomb, "", "8s", "9s"], 2, "5s", 1, out=(1,), played=2),
    ]
    for s in made:
        _claims_agree(s, seen)
    for seed in (1, 2, 3, 4):
        rng = Pcg32(seed)
        s = game.new_match(1000)
        while game.decision(s)[0] != "over" and seen[0] < 400 * seed:
            if game.decision(s)[0] == "deal":
                s = game.apply(s, game.next_deal(s, rng))[0]
                continue
            _claims_agree(s, seen)
            s = game.apply(s, random_step(s, rng, 2))[0]
    assert seen[1] >= 5 and seen[2] > 50, seen
