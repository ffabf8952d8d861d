"""Whole flows through the device, headless, on every board: scripted button presses in,
assertions on the score book and on the texts drawn in the displayio tree (RULES D3,
C8, C9, T6, T7)."""

import pytest

from firmware.keys import BACK, DOWN, OK, RIGHT, UP
from host_sim.player import BOARDS, chimera_round, choose, focus, menu, new_match, screen_name, tichu_round
from host_sim.png import decode_size

TICHU = ["Anna", "Ben", "Carla", "David"]
CHIMERA = ["Anna", "Ben", "Carla"]


@pytest.mark.parametrize("board", BOARDS)
def test_start_screen_is_the_menu_at_the_panels_size(make_device, board):
    dev = make_device(board)
    assert screen_name(dev) == "Menu"
    assert dev.texts()[:3] == ["Menu", "New match", "Settings"]
    png = dev.png()
    assert decode_size(png) == (dev.profile.WIDTH, dev.profile.HEIGHT)


@pytest.mark.parametrize("board", BOARDS)
def test_a_whole_tichu_match(make_device, board):  # T6.1, T6.3, T6.4, T7.1
    dev = make_device(board)
    new_match(dev, "tichu", 500, TICHU)
    assert dev.app.book.names == TICHU and dev.app.book.limit == 500
    tichu_round(dev, points=65)  # 65 : 35
    tichu_round(dev, points=70, calls={0: "tichu"}, first=0)  # +100 for Anna
    tichu_round(dev, first=1, double=True)  # Ben and David out first and second
    tichu_round(dev, points=40, calls={1: "grand"}, first=2)  # Ben's Grand Tichu fails
    tichu_round(dev, first=0, double=True, calls={2: "tichu"})  # Carla's Tichu fails
    assert dev.app.book.totals == [375, 125] and not dev.app.book.over()
    shown = [t.lstrip("*") for t in dev.texts()]  # the leader's star, by the name or the total
    assert "375" in shown and "125" in shown
    tichu_round(dev, first=0, double=True, calls={0: "tichu"})
    book = dev.app.book
    assert book.deltas == [[65, 35], [170, 30], [0, 200], [40, -140], [100, 0], [300, 0]]
    assert book.totals == [675, 125] and book.winner() == 0
    assert screen_name(dev) == "MatchEnd"
    texts = dev.texts()
    assert "Anna+Carla win!" in dev.text().replace("\n", " ")  # on one line or two
    assert any(t.startswith("Anna+Carla") and t.endswith("675") for t in texts)
    dev.press(BACK)
    assert screen_name(dev) == "Totals" and "Anna+Carla win!" in dev.texts()
    dev.press(OK)  # no round after the end: OK shows the end again
    assert screen_name(dev) == "MatchEnd"
    dev.press(BACK)
    dev.press(RIGHT)  # statistics: every call, made or failed, in words
    assert screen_name(dev) == "Stats" and dev.texts()[0] == "Statistics"
    rows = [" ".join(t.split()) for t in dev.screen().rows()]
    assert rows == ["Anna", "Tichu made 2", "Ben", "Grand failed 1", "Carla", "Tichu failed 1",
                    "David no call"]


@pytest.mark.parametrize("board", BOARDS)
def test_a_whole_chimera_match(make_device, board):  # C8.1, C8.2, C8.3, C9.1
    dev = make_device(board)
    new_match(dev, "chimera", 300, CHIMERA)
    chimera_round(dev, 0, 20, 0, [30, 0, 20], traps=1, silent=True)  # 40 + 25 + 25 + 30
    chimera_round(dev, 1, 30, 2, [10, 20, 30])  # a Hunter out first: -30, +20, +20
    chimera_round(dev, 2, 40, 2, [0, 0, 40], attack=True)  # 80 + 25 + 40
    assert dev.app.book.totals == [150, -10, 215]
    assert screen_name(dev) == "Totals" and "-10" in dev.texts()
    chimera_round(dev, 0, 40, 0, [25, 15, 20], traps=2)  # 80 + 50 + 25
    book = dev.app.book
    assert book.deltas == [[120, 0, 20], [30, -10, 50], [0, 0, 145], [155, 15, 20]]
    assert book.totals == [305, 5, 235] and book.winner() == 0
    assert screen_name(dev) == "MatchEnd"
    assert "Anna wins!" in dev.text().replace("\n", " ")
    dev.press(BACK)
    dev.press(RIGHT)  # statistics: bids won and lost
    assert screen_name(dev) == "Stats"
    assert dev.texts()[0] == "Statistics"
    rows = [" ".join(t.split()) for t in dev.screen().rows()]  # said in words, not "2 / 0"
    assert rows == ["Anna", "Bids won 2", "Ben", "Bids lost 1", "Carla", "Bids won 1"]
    seen = []
    for _ in rows:  # every line can be brought onto the panel
        seen += [" ".join(t.split()) for t in dev.texts()]
        dev.press(DOWN)
    assert set(rows) <= set(seen)


@pytest.mark.parametrize("board", BOARDS)
def test_undo_and_edit_from_the_round_history(make_device, board):  # D3
    dev = make_device(board)
    new_match(dev, "tichu", 1000, TICHU)
    for pts in (60, 45, 30):
        tichu_round(dev, points=pts)
    dev.press(DOWN)
    assert screen_name(dev) == "History"
    assert dev.screen().focus == 2 and "= 135 : 165" in dev.texts()
    dev.press(OK)  # the last round: details, edit, undo, cancel
    assert dev.texts()[1:] == ["Details", "Edit round", "Undo round", "Cancel"]
    dev.press(DOWN)
    dev.press(DOWN)
    dev.press(OK)  # undo asks once more, on Cancel: it cannot be redone (issue 28)
    assert dev.texts() == ["Undo round 3?", "Undo round", "Cancel"] and dev.app.book.rounds() == 3
    assert dev.screen().focus == 1
    dev.press(OK)  # cancel: nothing undone
    assert screen_name(dev) == "History" and dev.app.book.rounds() == 3
    dev.keys_from("ok down down ok up ok")
    assert dev.app.book.rounds() == 2 and dev.app.book.totals == [105, 95]
    assert screen_name(dev) == "History" and "= 105 : 95" in dev.texts()
    dev.press(UP)  # round 1
    dev.press(OK)
    assert dev.texts()[1:] == ["Details", "Edit round", "Cancel"]  # only the last round can be undone
    dev.press(DOWN)
    dev.press(OK)
    assert screen_name(dev) == "RoundEntry" and dev.texts()[0] == "Edit round 1"
    assert dev.screen().model.entry()["card_points"] == [60, 40]  # the form starts from the round
    choose(dev, "points", 100)
    dev.press(OK)
    book = dev.app.book
    assert book.deltas == [[100, 0], [45, 55]] and book.totals == [145, 55]
    assert screen_name(dev) == "History" and "= 100 : 0" in dev.texts()
    dev.press(BACK)
    shown = [t.lstrip("*") for t in dev.texts()]
    assert screen_name(dev) == "Totals" and "145" in shown and "55" in shown


@pytest.mark.parametrize("board", BOARDS)
def test_the_wish_penalty_field_says_what_it_is_for(make_device, board):  # T6.5
    dev = make_device(board)
    new_match(dev, "tichu", 1000, TICHU)
    dev.press(OK)
    focus(dev, "penalty")
    assert "Who missed the wish" in dev.texts()  # its help line, while it is still "none"
    assert ("Other team: +200" in dev.texts()) == (dev.screen().nfoot == 2)
    choose(dev, "penalty", 0)  # Anna+Carla missed it: the footer shows what that does
    assert "Who missed the wish" not in dev.texts()
    dev.press(OK)
    assert dev.app.book.deltas == [[0, 200]]


def told_whole(dev):
    # The Message screen's whole text, lines joined.
    assert screen_name(dev) == "Message"
    return " ".join(" ".join(dev.screen().lines).split())


@pytest.mark.parametrize("board", BOARDS)
def test_the_rounds_list_says_who_called_and_who_went_out_first(make_device, board):  # T6, C8.1
    dev = make_device(board)
    new_match(dev, "tichu", 1000, TICHU)
    tichu_round(dev, points=70, calls={0: "tichu", 1: "grand"}, first=0)
    tichu_round(dev, first=1, double=True)
    dev.press(DOWN)
    story = ["Anna out first, Anna Tichu made, Ben Grand failed", "Ben+David double victory"]
    rows = [t for t in dev.texts() if t[:2] in (" 1", " 2")]
    for i in range(2):  # each row: its number, the points, then as much of the story as fits
        assert rows[i].startswith("%2d " % (i + 1))
        told = rows[i].split(None, 3)[3]
        assert story[i].startswith(told[:-2] if told.endswith("..") else told)
    dev.press(OK)
    dev.press(OK)  # Details: the whole story of the round, never cut
    assert screen_name(dev) == "Message" and dev.texts()[0] == "Round 2"
    assert told_whole(dev) == story[1]
    dev.press(BACK)
    dev.press(UP)
    dev.keys_from("ok ok")
    assert told_whole(dev) == story[0]
    dev.keys_from("back back back")
    new_match(dev, "chimera", 400, CHIMERA)
    chimera_round(dev, 1, 30, 2, [10, 20, 30])
    dev.press(DOWN)
    dev.keys_from("ok ok")
    assert told_whole(dev) == "Ben bid 30: lost, Carla out first"


@pytest.mark.parametrize("board", BOARDS)
def test_back_on_a_half_entered_round_asks_before_discarding_it(make_device, board):
    dev = make_device(board)
    new_match(dev, "tichu", 1000, TICHU)
    dev.press(OK)
    dev.press(BACK)  # nothing entered yet: leaves at once
    assert screen_name(dev) == "Totals"
    dev.press(OK)
    choose(dev, "points", 70)
    dev.press(BACK)
    assert screen_name(dev) == "Choice" and dev.texts()[0] == "Discard this round?"
    assert dev.screen().focus == 1  # on Keep editing: what was entered is not lost to one OK (issue 28)
    dev.press(OK)  # keep editing: the form comes back as it was
    assert screen_name(dev) == "RoundEntry" and dev.screen().model.entry()["card_points"] == [70, 30]
    dev.press(BACK)
    dev.press(UP)
    dev.press(OK)  # discard
    assert screen_name(dev) == "Totals" and dev.app.book.rounds() == 0


@pytest.mark.parametrize("board", BOARDS)
def test_an_impossible_round_cannot_be_saved_and_the_screen_says_why(make_device, board):  # D3, C8.1
    dev = make_device(board)
    new_match(dev, "chimera", 400, CHIMERA)
    chimera_round(dev, 0, 20, 0, [30, 20, 15], save=False)  # 65 treasure: there is only 60
    foot = " ".join(dev.texts()[-2:])
    assert "treasure adds up" in foot
    dev.press(OK)
    assert screen_name(dev) == "Message"
    assert "treasure adds up to 65, more than the 60 there is" in " ".join(dev.texts())
    assert dev.app.book.rounds() == 0
    dev.press(OK)
    assert screen_name(dev) == "RoundEntry"
    choose(dev, "t2", 10)
    choose(dev, "silent_hunter", True)  # both Hunters won treasure: nobody was silent
    dev.press(OK)
    assert screen_name(dev) == "Message" and dev.app.book.rounds() == 0
    dev.press(OK)
    choose(dev, "silent_hunter", False)
    assert "Total" in " ".join(dev.texts()[-2:])
    dev.press(OK)
    assert dev.app.book.totals == [70, 20, 10] and screen_name(dev) == "Totals"


@pytest.mark.parametrize("board", BOARDS)
def test_a_tie_at_the_top_plays_on(make_device, board):  # C9.2, T7.1
    dev = make_device(board)
    new_match(dev, "tichu", 300, TICHU)
    tichu_round(dev, first=0, double=True)
    tichu_round(dev, points=50)
    tichu_round(dev, first=1, double=True)
    tichu_round(dev, points=50)
    book = dev.app.book
    assert book.totals == [300, 300] and book.tied() and not book.over()
    assert screen_name(dev) == "Totals" and "Tie: play on" in dev.texts()
    tichu_round(dev, points=55)
    assert book.winner() == 0 and screen_name(dev) == "MatchEnd"


@pytest.mark.parametrize("board", BOARDS)
def test_the_match_and_the_language_survive_a_power_cut(make_device, board):
    dev = make_device(board)
    menu(dev, "Settings")
    choose(dev, "lang", 1)
    dev.press(OK)
    assert "Neues Spiel" in dev.texts()
    new_match(dev, "tichu", 1000, TICHU)
    tichu_round(dev, points=80)
    tichu_round(dev, points=25, calls={3: "grand"}, first=3)
    assert dev.app.book.totals == [105, 295]
    again = make_device(board)  # same journal: the board powered up again
    assert screen_name(again) == "Totals"
    assert again.app.book.entries == dev.app.book.entries and again.app.book.totals == [105, 295]
    texts = again.texts()
    assert "105" in texts and "295" in texts and any("Runde 3" in t for t in texts)


@pytest.mark.parametrize("board", BOARDS)
def test_names_from_the_initials_editor(make_device, board):
    dev = make_device(board)
    menu(dev, "New match")
    choose(dev, "game", "chimera")
    choose(dev, "p1", None)  # the last choice: "(other)" (the initials editor)
    dev.press(OK)
    assert screen_name(dev) == "Initials"
    dev.press(UP)
    dev.press(UP)  # A -> C
    dev.press(RIGHT)
    dev.press(UP)  # _ -> A
    dev.press(OK)
    assert screen_name(dev) == "NewMatch"
    assert dev.screen().chosen() == ["Anna", "CA", "Carla"]
    dev.press(OK)
    assert dev.app.book.names == ["Anna", "CA", "Carla"]
    assert dev.app.settings["custom"] == ["CA"]


@pytest.mark.parametrize("board", BOARDS)
def test_a_running_match_is_only_ended_on_request(make_device, board):
    dev = make_device(board)
    new_match(dev, "tichu", 1000, TICHU)
    tichu_round(dev, points=70)
    menu(dev, "New match")
    dev.press(OK)
    assert screen_name(dev) == "Choice" and dev.texts()[0] == "End this match?"
    assert dev.screen().focus == 1  # on Cancel: one OK ends nothing (issue 28)
    dev.press(OK)
    assert dev.app.book.rounds() == 1
    choose(dev, "p0", "Eva")
    dev.press(OK)
    dev.press(UP)
    dev.press(OK)  # New match
    assert dev.app.book.rounds() == 0 and dev.app.book.names[0] == "Eva"


def test_the_e_paper_refreshes_at_most_every_two_seconds():  # the Badger's panel limit
    from host_sim.device import Device

    dev = Device("badger2040")
    start = dev.panel.refreshes
    dev.keys_from("down up down up")  # quick presses: shown in one refresh at the end
    dev.settle()
    assert dev.panel.refreshes - start == 1
    dev.keys_from("ok")
    dev.settle()
    times = dev.panel.refresh_times
    assert all(b - a >= 2000 for a, b in zip(times, times[1:], strict=False))
    assert screen_name(dev) == "NewMatch" and dev.texts()[0] == "New match"
