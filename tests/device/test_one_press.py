"""The minute of play, second pass (issue 28): no harm from one press, the whole hand in
view, the names that tell plays apart. Each test stages the position the issue saw (a
Tichu or Chimera position made with the engine, shown in seat 0's hand) and fails on
the code before it."""

import pytest

from engine_core.tichu import game as tichu
from firmware.keys import BOMB, DOWN, LEFT, OK, RIGHT, UP
from firmware.texts import NBSP
from host_sim.player import calm, play_setup, screen_name
from tests.engine.tichu_flows import position

BOARDS = ("picosystem", "pico_display_pack", "macropad", "badger2040")


def staged(make_device, board, st, hints=(), auto=False):
    """A Tichu match on ``board`` whose position is ``st``, seat 0's hand on the panel."""
    dev = make_device(board)
    dev.app.pause_ms = 0
    play_setup(dev, "tichu", humans=(0,), hints=hints, level=1, pause=0)
    d = dev.app.session.dealt
    st.match = d.state.match
    d.state = st
    dev.app.open("hand", "Hand", 0, False, auto)
    if hints:  # the proposal comes from the main loop's pass, as on the board
        dev.advance(10)
    return dev, dev.screen()


def drawn_codes(scr):
    """The card codes the hand's cells show inside the panel."""
    ui = scr.app.ui
    cells = scr.cards
    return {cells.codes[i] for i in range(len(cells.texts))
            if cells.texts[i] and 0 <= cells.grids[i].y * ui.s < ui.h}


def test_only_a_bomb_beats_the_partners_trick_the_hand_opens_on_pass(make_device):  # T5.1, T5.2
    st = position(["5j 5s 5p 5t 3j 7s", "2j 3s", "Aj As 9p", "4j 4s"], 0, "Kj Ks", 2)
    dev, scr = staged(make_device, "picosystem", st)
    w = scr.option()
    assert w[0] == "act" and w[1] == (0, "pass"), w
    assert not scr.is_bomb(scr.sel)


@pytest.mark.parametrize("board", BOARDS)
def test_a_bomb_over_the_partners_trick_asks_first_and_opens_on_no(make_device, board):
    st = position(["5j 5s 5p 5t 3j 7s", "2j 3s", "Aj As 9p", "4j 4s"], 0, "Kj Ks", 2)
    dev, scr = staged(make_device, board, st)
    dev.press(BOMB)
    assert scr.is_bomb(scr.sel)
    dev.press(OK)
    assert screen_name(dev) == "Choice" and dev.screen().focus == 0  # "No"
    dev.press(OK)
    assert screen_name(dev) == "Hand" and dev.app.session.dealt.state is st  # nothing played


def test_a_bomb_over_an_opponents_trick_asks_nothing(make_device):
    st = position(["5j 5s 5p 5t 3j 7s", "Kj Ks", "Aj 9p", "4j 4s"], 0, "Kj Ks", 1)
    st.hands = (st.hands[0], (), st.hands[2], st.hands[3])
    dev, scr = staged(make_device, "picosystem", st)
    dev.press(BOMB)
    dev.press(OK)
    assert dev.app.session.dealt.state is not st  # played at once


def test_out_of_turn_the_hand_opens_on_no_bomb(make_device):  # T5.2
    st = position(["5j 5s 5p 5t 3j 7s", "2j 3s", "Aj As 9p", "4j 4s"], 1, "Kj Ks", 2)
    dev, scr = staged(make_device, "picosystem", st)
    w = scr.option()
    assert w[0] != "play" or not scr.is_bomb(w[1]), w


def test_phoenix_readings_name_what_the_phoenix_stands_for(make_device):  # T3.3
    st = position(["3j 4s 5p 6t PHX 9j 9s", "2j 3s", "Aj As 9p", "4j 4s"], 0)
    dev, scr = staged(make_device, "picosystem", st)
    names = []
    for _ in range(20):
        w = scr.option()
        if w[0] == "play" and len(w[1]) == 5:
            names.append(scr.option_text().split("  ")[0].replace(NBSP, " "))
        dev.press(DOWN) if names and len(names) < 2 else dev.press(RIGHT)
        if len(names) >= 2 and scr.option()[0] == "play" and len(scr.option()[1]) != 5:
            break
    assert "straight 2-6, Phoenix as 2" in names and "straight 3-7, Phoenix as 7" in names, names
    assert len(set(names)) == len(names)


def test_the_phoenix_single_sits_after_the_ace_as_in_the_hand_row(make_device):
    st = position(["5j Aj PHX 9s", "2j 3s", "Kj Ks 9p", "4j 4s"], 0)
    dev, scr = staged(make_device, "picosystem", st)
    singles = [scr.expand(o)[1] for o in scr.menu()[scr.col]]
    assert [c >> 3 for s in singles for c in s] == [5, 9, 14, 15]
    assert [c >> 3 for c in scr.hand()] == [5, 9, 14, 15]


def test_bombs_and_traps_are_named_by_count_and_value():
    from firmware.play.text import reading

    t = str
    from engine_core.chimera import game as chimera

    four = (11 << 3, 11 << 3 | 1, 11 << 3 | 2, 11 << 3 | 3)  # C5.3: a pure four is a trap
    assert reading("chimera", chimera.reading_for(four, None, None), t) == "trap 4x11"
    four = (10 << 3, 10 << 3 | 1, 10 << 3 | 2, 10 << 3 | 3)  # T3.2: four of a kind is a bomb
    assert reading("tichu", tichu.reading_for(four, None, None), t) == "bomb 4x10"


@pytest.mark.parametrize("hand", [
    "2j 3s 4p 5t 5j 8s 8p 9t 9j 10s Jp Jt Qj Ks",  # the MacroPad's straight 8-Q whose Q was off screen
    "2j 2s 3p 3t 4j 5s 10p 10j 10s Jp Qj Kt Aj PHX",  # a full house with the Phoenix: a two-line name
])
@pytest.mark.parametrize("board", BOARDS)
def test_every_card_of_the_play_in_view_is_drawn(make_device, board, hand):
    # every option of the menu, every card of it drawn inside the panel
    st = position([hand, "2t 3t", "Aj As 9p", "4s 4t"], 0)
    dev, scr = staged(make_device, board, st)
    cols = scr.menu()
    for _ in range(len(cols)):
        for _row in range(len(cols[scr.col])):
            w = scr.option()
            if w[0] == "play":
                missing = set(w[1]) - drawn_codes(scr)
                assert not missing, (scr.option_text(), missing)
            dev.press(DOWN)
        dev.press(RIGHT)


def test_mono_tichu_hands_show_their_suits(make_device):
    st = position(["2j 3s 4p 5t", "2t 3t", "Aj As 9p", "4j 4s"], 0)
    dev, scr = staged(make_device, "macropad", st)
    assert [it[0] for it in scr.items()[:4]] == ["2j", "3s", "4p", "5t"]


def test_an_ok_right_after_a_message_is_not_swallowed(make_device, monkeypatch):
    st = position(["3j 7s 9p", "2j 3s", "Aj As 9p", "4j 4s"], 0)
    dev, scr = staged(make_device, "picosystem", st, auto=True)
    dev.app.open("message", "Message", "No bomb", "No bomb in this hand now", False)
    dev.press(OK)  # closes the message
    assert screen_name(dev) == "Hand"
    dev.press(OK)  # at once: plays the play in view
    assert dev.app.session.dealt.state is not st


def test_the_tip_is_in_the_hands_first_frame(make_device):
    # every refresh of the panel that shows a hand due to play has its proposal in place
    from host_sim.player import human_turn

    dev = make_device("picosystem")
    dev.app.pause_ms = 0
    play_setup(dev, "tichu", humans=(0,), hints=(0,), level=1, pause=0)
    frames = []
    refresh = dev.panel.refresh

    def looked():
        scr = dev.app.screen
        if type(scr).__name__ == "Hand" and scr.state() is not None and scr.due()[1]:
            frames.append(scr.asked is scr.state())
        return refresh()

    dev.panel.refresh = looked
    for _ in range(3000):
        if screen_name(dev) in ("Privacy", "Message"):
            dev.press(OK)
        elif screen_name(dev) == "Hand" and dev.screen().due()[1]:
            calm(dev)
            human_turn(dev)
        else:
            dev.advance(20)
        if len(frames) >= 8:
            break
    assert len(frames) >= 8 and all(frames), frames


def test_the_bidding_shows_the_face_up_card_each_bid_and_pages_the_cards(make_device):  # C2.3, C3
    dev = make_device("macropad")
    dev.app.pause_ms = 0
    play_setup(dev, "chimera", humans=(0,), level=1, pause=0)
    while not (screen_name(dev) == "Hand" and dev.screen().due() == ("bid", True)):
        dev.press(OK) if screen_name(dev) in ("Privacy", "Message") else dev.advance(100)
    calm(dev)
    scr = dev.screen()
    v = scr.view()
    holder = dev.app.book.names[v["face_up_holder"]]
    assert holder in scr.info() and "Face up" in scr.info()
    assert all(dev.app.book.names[s] in scr.seats() for s in (1, 2))
    # every card in view, or a page mark and RIGHT/LEFT page without changing the bid in view
    option = scr.option()
    seen = drawn_codes(scr)
    if seen != set(scr.hand()):
        assert scr.right.text == "1/2"
        dev.press(RIGHT)
        assert scr.right.text == "2/2" and scr.option() == option
        seen |= drawn_codes(scr)
        dev.press(LEFT)
    assert seen == set(scr.hand()) and scr.option() == option


def test_one_column_pages_the_cards_with_left_and_right(make_device):
    # a hand with more lines of cards than the panel shows beside the question: a page mark,
    # and LEFT/RIGHT page without changing the answer in view (Grand Tichu, T2.1)
    st = position(["2j 3s 4p 5t 6j 7s 8p 9t 10j Js Qp Kt Aj PHX", "2t 3t", "Aj As 9p", "4s 4t"], 0)
    dev, scr = staged(make_device, "macropad", st)
    scr.rows = (1, 1)
    scr.menu = lambda: [[("act", (0, "no_grand"), "No Grand")]]  # one column
    scr.top = 0
    scr.sel = []  # (show_option: an answer marks no cards)
    dev.app.ui.rows, rows = 3, dev.app.ui.rows  # a panel with room for one line of cards
    try:
        scr.draw()
        assert scr.right.text == "1/2"
        dev.press(RIGHT)
        assert scr.right.text == "2/2" and scr.option()[1] == (0, "no_grand")
        dev.press(LEFT)
        assert scr.right.text == "1/2"
    finally:
        dev.app.ui.rows = rows


def _push(make_device, hints=(), board="picosystem"):
    dev = make_device(board)
    dev.app.pause_ms = 0
    play_setup(dev, "tichu", humans=(0,), hints=hints, level=1, pause=0)
    for _ in range(2000):
        name = screen_name(dev)
        if name == "Hand" and dev.screen().due() == ("push", True):
            break
        if name == "Hand" and dev.screen().due() == ("grand", True):
            calm(dev)
            dev.press(OK) if dev.screen().option()[1][1] == "no_grand" else dev.press(DOWN)
        elif name in ("Privacy", "Message"):
            dev.press(OK)
        else:
            dev.advance(50)
    calm(dev)
    return dev, dev.screen()


def test_one_stray_down_from_push_does_not_reach_tichu(make_device):  # T2.4: a call is final
    dev, scr = _push(make_device)
    items = scr.items()
    assert items[-1][4][0] == "ask" and items[-2][4] == "push"
    scr.cursor = len(items) - 2  # on Push
    dev.press(DOWN)
    assert scr.cursor != len(items) - 1
    scr.cursor = 0
    dev.press(UP)  # from the first card it is one key
    assert scr.cursor == len(items) - 1


def test_call_tichu_opens_on_no_when_the_tip_is_the_push(make_device):  # T2.4
    dev, scr = _push(make_device, hints=(0,))
    assert scr.proposal is not None and scr.proposal[0][1] == "push"
    assert scr.reason() is not None  # the push's tip in view
    scr.cursor = len(scr.items()) - 1  # on Tichu!
    dev.press(OK)
    assert screen_name(dev) == "Choice" and dev.screen().focus == 0
