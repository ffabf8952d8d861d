"""The dealer mode on the device, headless, by button presses (issue 10): whole rounds of
both games played at the panel end exactly where the engine driven directly with the same
seed and the same choices ends; hot-seat privacy (no frame shows another seat's cards);
a human's bomb out of turn (T5.2); an illegal selection refused with its reason (D2)."""

import re

import pytest

from engine_core.dealt import Dealt
from firmware.keys import BOMB, DOWN, OK
from host_sim.player import (
    BOARDS,
    calm,
    cursor_to,
    do_item,
    human_turn,
    item_index,
    menu,
    pick_cards,
    play_dealt_round,
    play_setup,
    screen_name,
)


@pytest.fixture
def journal(monkeypatch):
    """Every action the device applies, and each round's last state before it is scored away."""
    from firmware import dealer

    seen = {"actions": [], "final": []}
    act = dealer.Session.act
    next_round = Dealt.next_round

    def logged(self, action, now=None):
        events = act(self, action, now)
        seen["actions"].append(action)
        return events

    def keep(self):
        seen["final"].append(self.state)
        next_round(self)

    monkeypatch.setattr(dealer.Session, "act", logged)
    monkeypatch.setattr(Dealt, "next_round", keep)
    return seen


def frames(dev):
    """Collect what the panel is given to show after every pass of the main loop that
    changed it (every frame an LCD draws; more than an e-paper panel shows): the screen,
    its seat, the card codes of the card faces drawn, every text, the hands then."""
    out = []
    step = dev.app.step

    def hooked(now):
        before = dev.panel.refreshes
        keys = step(now)
        if dev.panel.refreshes == before and not dev.app.panel.pending:
            return keys
        from host_sim.device import labels

        scr = dev.screen()
        cards = set()
        texts = []
        for _, y, _, lab in labels(dev.panel.root_group):
            if y >= 0 and lab.text.strip():
                texts.append(lab.text)
                if getattr(lab, "card", None) is not None:
                    cards.add(lab.card)
        s = dev.app.session
        st = s.dealt.state if s is not None else None
        out.append((type(scr).__name__, getattr(scr, "seat", None), cards, texts,
                    st.hands if st is not None else None))
        return keys

    dev.app.step = hooked
    return out


def replay_directly(dev, journal, game, levels):
    """The same round by the engine alone: the device's seed, its humans' choices; the bots
    must choose as they did on the device, and the round must end in the same state."""
    d = Dealt(game, levels, dev.app.book.limit)
    d.start(dev.seeds.given[0])
    for a in journal["actions"]:
        if levels[a[0]] is None:
            assert d.bot_action() is None  # the bots had nothing left to do before the human
        else:
            assert d.bot_action() == a
        d.apply(a)
    assert d.finished()
    assert d.state.to_list() == journal["final"][0].to_list()
    assert list(d.state.match.rounds[-1]) == dev.app.book.deltas[0]
    assert d.entry() == dev.app.book.entry(0)


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("game", ["chimera", "tichu"])
def test_a_whole_round_at_the_panel_ends_where_the_engine_ends(make_device, journal, board, game):
    dev = make_device(board)
    play_setup(dev, game, humans=(0,), level=1, pause=0)
    assert screen_name(dev) == "Hand"  # one human: the cards come up without a privacy screen
    n = play_dealt_round(dev, passes=lambda n: n % 3 == 2)
    assert n > 3 and screen_name(dev) == "PlayScore"
    levels = [None] + [1] * (2 if game == "chimera" else 3)
    replay_directly(dev, journal, game, levels)
    book = dev.app.book
    assert book.rounds() == 1
    rows = dev.screen().rows()  # the breakdown (it scrolls on the small panels)
    assert rows[0] in dev.texts() and "Total" in rows[-1] and str(book.totals[0]) in rows[-1]
    dev.press(OK)  # the next round is dealt
    assert dev.app.session.playing() and len(dev.seeds.given) == 2
    assert screen_name(dev) in ("Hand", "Table")


def test_play_deals_at_once_with_the_last_settings(make_device):
    dev = make_device("picosystem")
    dev.app.pause_ms = 0
    menu(dev, "Play")  # one tap from the menu: Tichu, seat 0 human, bots, the defaults
    assert screen_name(dev) == "Hand" and dev.screen().seat == 0
    assert dev.app.book.game == "tichu" and dev.app.book.names == ["Anna", "Ben", "Carla", "David"]
    assert "No Grand  1/2" in dev.texts() and len([t for t in dev.texts() if t]) > 8  # No Grand first
    dev.press("back")
    assert screen_name(dev) == "Table"
    texts = dev.texts()
    assert texts[0] == "Tichu" and "Anna 8" in texts  # whose turn: in colour here (">" on mono panels)


@pytest.mark.parametrize("board", ["picosystem", "badger2040"])  # colour faces, and mono faces as text
def test_hot_seat_no_frame_shows_another_seats_cards(make_device, board):
    dev = make_device(board)
    shown = frames(dev)
    play_setup(dev, "tichu", humans=(0, 1), level=1, pause=0)
    play_dealt_round(dev, passes=lambda n: n % 2 == 1)
    mono = not dev.app.ui.colour
    viewer = None
    privacy = 0
    for name, seat, cards, texts, hands in shown:
        if name == "Privacy":
            viewer = seat
            privacy += 1
            assert not cards
        elif name == "Hand":
            assert seat == viewer, "a hand came up without the privacy screen for it"
        if hands is None:
            continue
        mine = set(hands[viewer]) if viewer is not None else set()
        assert cards <= mine, "%s shows cards of another seat" % name
        if name == "Table":
            assert not cards
        if mono:  # card faces are unique on mono panels ("7j"): none of another seat's may show
            from firmware.play.text import face

            others = {face("tichu", c, True) for s in range(4) if s != viewer for c in hands[s]}
            assert not others & set(texts), name
    assert privacy >= 4  # Grand Tichu, the push and the play, for both humans


def test_hot_seat_chimera_two_humans(make_device):
    dev = make_device("macropad")
    shown = frames(dev)
    play_setup(dev, "chimera", humans=(0, 2), level=1, pause=0)
    play_dealt_round(dev)
    viewer = None
    for name, seat, cards, _, hands in shown:
        if name == "Privacy":
            viewer = seat
        if hands is not None:
            assert cards <= (set(hands[viewer]) if viewer is not None else set())


@pytest.mark.parametrize("board", BOARDS)
def test_a_human_bombs_out_of_turn(make_device, journal, board):  # T5.2
    dev = make_device(board, state="bomb")
    dev.seeds = None
    from host_sim.device import seed_source

    dev.seeds = dev.app.seed_source = seed_source(50)  # a deal in which Anna gets a bomb (four queens)
    play_setup(dev, "tichu", humans=(0,), level=1, pause=800)
    g = dev.app.session.dealt.game
    for _ in range(3000):
        name = screen_name(dev)
        assert name != "PlayScore", "no chance to bomb"
        if name == "Hand":
            human_turn(dev)
            continue
        if name == "Message":  # what the push brought
            dev.press(OK)
            continue
        st = dev.app.session.dealt.state
        if st.phase == "play" and 0 in g.bomb_seats(st) and st.turn != 0 and st.top is not None:
            break
        dev.advance(100)
    dev.press(BOMB)  # the only human: no question who, no privacy screen
    # (on a board where BOMB is a hold, the turn may come round while it is held: then the
    # hand came up for the turn, with what the push brought first, and BOMB brings its
    # bombs into view)
    if screen_name(dev) == "Message":
        dev.press(OK)
    scr = dev.screen()
    if not scr.claim and not (scr.sel and scr.reading_of(scr.sel)[0] >= 6):
        dev.press(BOMB)  # BOMB went to that message
    assert screen_name(dev) == "Hand"
    scr = dev.screen()
    assert scr.sel and scr.status()[1] and scr.reading_of(scr.sel)[0] >= 6  # a bomb in view
    before = len(journal["actions"])
    dev.advance(5000)
    assert len(journal["actions"]) == before  # play waits while the claim is open
    dev.press(OK)
    a = journal["actions"][before]
    assert a[0] == 0 and a[1] == "play"
    shown = " ".join(dev.texts())  # the happening, or on small panels the trick line says it
    assert screen_name(dev) == "Table" and "Anna: bomb" in shown  # one wording: a bomb is a play (issue 28)
    st = dev.app.session.dealt.state
    assert st.top_seat == 0 and st.top[0] >= 6


def test_claiming_reveals_nothing_with_two_humans(make_device):
    dev = make_device("picosystem")
    play_setup(dev, "tichu", humans=(0, 2), level=1, pause=800)
    while not (screen_name(dev) == "Table" and dev.app.session.dealt.state.phase == "play"):
        if screen_name(dev) in ("Privacy", "Message"):
            dev.press(OK)
        elif screen_name(dev) == "Hand":
            human_turn(dev)
        else:
            dev.advance(100)
    dev.press(BOMB)
    assert screen_name(dev) == "Choice" and dev.texts()[1:] == ["Anna", "Carla", "Cancel"]
    dev.press(DOWN)
    dev.press(OK)
    assert screen_name(dev) == "Privacy" and dev.screen().seat == 2
    assert "Pass to Carla" in dev.texts()
    dev.press(OK)
    assert screen_name(dev) == "Hand" and dev.screen().seat == 2
    status = dev.screen().status()[0]
    assert status == "No bomb" or status.startswith("Bombs:")


@pytest.mark.parametrize("board", BOARDS)
def test_an_illegal_selection_is_refused_with_its_reason(make_device, board):  # D2
    dev = make_device(board)
    play_setup(dev, "chimera", humans=(0,), level=1, pause=0)
    while True:
        if screen_name(dev) == "Hand" and dev.screen().due()[0] == "play":
            break
        if screen_name(dev) == "Hand":
            human_turn(dev, passes=True)
        elif screen_name(dev) == "Message":  # what the exchange brought
            dev.press(OK)
        else:
            dev.advance(100)
    scr = dev.screen()
    hand = scr.hand()
    two = [hand[0]] + [c for c in hand if c >> 3 != hand[0] >> 3 and c >> 3 < 13][:1]  # no pair
    pick_cards(dev, two)
    state = dev.app.session.dealt.state
    assert "not a combination" in " ".join(dev.texts())  # said before anything is confirmed
    assert not dev.screen().status()[1]
    i = item_index(dev, lambda it: it[0] == "Play")
    cursor_to(dev, i)
    dev.press(OK)
    assert screen_name(dev) == "Message" and "not a combination" in " ".join(dev.texts())
    assert dev.app.session.dealt.state is state  # nothing changed
    dev.press(OK)
    assert screen_name(dev) == "Hand" and dev.screen().sel == two


def test_calls_grand_tichu_and_tichu_from_the_hand(make_device):  # T2.1, T2.4
    dev = make_device("pico_display_pack")
    play_setup(dev, "tichu", humans=(0, 1), level=1, pause=0)
    assert screen_name(dev) == "Privacy"
    dev.press(OK)
    human_turn(dev, grand=True)  # Anna: Grand Tichu on her first 8 cards
    assert dev.app.session.dealt.state.calls[0] == 2
    while not (screen_name(dev) == "Hand" and dev.screen().seat == 1 and dev.screen().due()[0] == "push"):
        if screen_name(dev) in ("Privacy", "Message"):
            dev.press(OK)
        elif screen_name(dev) == "Hand":
            human_turn(dev)  # Ben declines Grand Tichu, Anna pushes
        else:
            dev.advance(100)
    assert item_index(dev, lambda it: it[0] == "Tichu!") is not None
    assert do_item(dev, lambda it: it[0] == "Tichu!")  # Ben calls Tichu before his push
    assert screen_name(dev) == "Choice" and "Call Tichu?" in dev.texts()  # asked once: T2.4 is final
    assert dev.app.session.dealt.state.calls[1] == 0
    dev.press(DOWN)
    dev.press(OK)
    assert dev.app.session.dealt.state.calls[1] == 1
    assert screen_name(dev) == "Hand" and dev.screen().seat == 1  # and pushes on
    assert item_index(dev, lambda it: it[0] == "Tichu!") is None


@pytest.mark.parametrize("game", ["chimera", "tichu"])
def test_a_power_cut_mid_trick_resumes_to_the_same_position(game):  # D1; issue 10 "nothing lost"
    from firmware.storage.stores import NvmStore
    from host_sim.device import Device

    nvm = bytearray(b"\xff" * 4096)
    dev = Device("picosystem", NvmStore(nvm), seed=5)
    dev.app.pause_ms = 0
    play_setup(dev, game, humans=(0,), level=2)
    turns = 0
    while turns < 4:  # the human's bids, gives or pushes, and into trick play
        name = screen_name(dev)
        if name == "Hand" and dev.screen().due()[1]:
            human_turn(dev)
            turns += 1
        elif name == "Hand":
            dev.press("back")
        elif name == "Message":  # what the push or the exchange brought
            dev.press(OK)
        else:
            dev.advance(100)
    s = dev.app.session
    before = s.dealt.state.to_list()
    step = s.dealt.step()
    bot_next = s.dealt.bot_action()
    assert s.dealt.state.phase == "play"
    again = Device("picosystem", NvmStore(nvm), seed=99)  # the power comes back: a new app
    r = again.app.session
    assert r is not None and r.levels == s.levels
    assert r.dealt.state.to_list() == before and r.dealt.step() == step
    assert r.dealt.bot_action() == bot_next  # the bots decide the same again
    assert again.app.book.deltas == dev.app.book.deltas
    again.app.pause_ms = 0
    assert screen_name(again) == "Table"
    again.advance(200)
    assert screen_name(again) in ("Hand", "Privacy", "Table", "PlayScore")


def test_a_power_cut_between_a_rounds_last_action_and_its_score_loses_nothing(monkeypatch):
    from firmware import dealer
    from firmware.storage.stores import NvmStore
    from host_sim.device import Device

    class Cut(BaseException):
        pass

    def cut(self):
        raise Cut()  # the power goes as the round's score line is being written

    nvm = bytearray(b"\xff" * 4096)
    dev = Device("picosystem", NvmStore(nvm), seed=3)
    dev.app.pause_ms = 0
    play_setup(dev, "chimera", humans=(0,), level=1)
    with monkeypatch.context() as m:
        m.setattr(dealer.Session, "score_round", cut)
        with pytest.raises(Cut):
            play_dealt_round(dev)
    line = dev.app.session.dealt.entry()  # the round the journal holds every action of
    again = Device("picosystem", NvmStore(nvm), seed=9)
    again.app.pause_ms = 0
    assert len(again.app.book.deltas) == 1 and again.app.book.entry(0) == line  # scored on resume
    again.advance(2000)
    assert screen_name(again) == "PlayScore"
    again.press(OK)  # the next round is dealt
    again.advance(2000)
    assert again.app.session.playing() and len(again.app.book.deltas) == 1
    third = Device("picosystem", NvmStore(nvm), seed=9)
    assert third.app.book.deltas == again.app.book.deltas  # and the score line stays journaled


def test_finished_rounds_and_the_next_deal_survive_a_restart():
    from firmware.storage.stores import NvmStore
    from host_sim.device import Device

    nvm = bytearray(b"\xff" * 4096)
    dev = Device("pico_display_pack", NvmStore(nvm), seed=8)
    dev.app.pause_ms = 0
    play_setup(dev, "tichu", humans=(0,), level=1)
    play_dealt_round(dev)
    dev.press(OK)  # the breakdown: OK deals the next round
    seed = dev.app.session.dealt.seed
    again = Device("pico_display_pack", NvmStore(nvm), seed=99)
    assert again.app.book.deltas == dev.app.book.deltas and len(again.app.book.deltas) == 1
    assert again.app.session.dealt.seed == seed
    assert again.app.session.dealt.state.to_list() == dev.app.session.dealt.state.to_list()


def test_the_scores_of_a_dealt_match_lead_back_to_its_table(make_device):  # a score-book match
    dev = make_device("picosystem")
    play_setup(dev, "chimera", humans=(0,), level=1)
    menu(dev, "Scores")
    assert screen_name(dev) == "Totals"
    dev.press(OK)  # not the score keeper's round entry: the cards are on the table
    assert screen_name(dev) in ("Table", "Hand", "Privacy")


def test_a_finished_dealt_match_stays_after_the_menu_and_a_restart():  # C9.2: nothing overwrites it
    from firmware.keys import BACK, MENU
    from firmware.storage.stores import NvmStore
    from host_sim.device import Device

    nvm = bytearray(b"\xff" * 4096)
    dev = Device("picosystem", NvmStore(nvm), seed=4)
    dev.app.pause_ms = 0
    play_setup(dev, "chimera", humans=(0,), level=1, limit=100)
    for _ in range(30):
        play_dealt_round(dev)
        dev.press(OK)
        if screen_name(dev) == "MatchEnd":
            break
    deltas = [list(d) for d in dev.app.book.deltas]
    assert dev.app.book.over()
    dev.press(MENU)
    dev.press(BACK)  # home: the finished match's totals, no new deal
    assert screen_name(dev) == "Totals" and dev.app.book.deltas == deltas
    dev.press(DOWN)
    dev.press(OK)  # its rounds offer their story only: the cards scored them
    assert dev.texts()[1:] == ["Details", "Cancel"]
    again = Device("picosystem", NvmStore(nvm))
    assert screen_name(again) == "Totals" and again.app.book.deltas == deltas and again.app.book.over()


def test_bot_actions_not_yet_written_are_journaled_once_whatever_comes_between():
    from firmware.app import fresh_settings
    from firmware.storage.saves import load
    from firmware.storage.stores import NvmStore
    from host_sim.device import Device

    nvm = bytearray(b"\xff" * 4096)
    dev = Device("picosystem", NvmStore(nvm), seed=6)
    dev.app.pause_ms = 0
    play_setup(dev, "tichu", humans=(0,), level=1)
    app = dev.app
    s = app.session
    while not (screen_name(dev) == "Hand" and s.unsaved and s.dealt.state.phase == "play"):
        if screen_name(dev) == "Hand" and dev.screen().due()[1]:
            human_turn(dev)
        elif screen_name(dev) == "Message":  # what the push brought
            dev.press(OK)
        else:
            dev.advance(100)
    app.unsaved = True  # as if the last write had failed: the next one is a snapshot
    app.save_settings()
    for limit in (500, 1000) * 150:  # enough settings saves to fill the nvm: a compaction
        app.settings["tichu"] = limit  # (not the language: a new one reloads, firmware/install.py)
        app.save_settings()
    human_turn(dev)
    kept = {}
    load(NvmStore(nvm), None, fresh_settings(), kept)
    from engine_core.action_codec import encode, encode_seed
    from engine_core.dealt import Dealt

    d = s.dealt
    journaled = b"".join([encode("tichu", a) for a in kept["actions"]])
    # every action up to the human's, once each, in order; the bots' since then follow it later
    assert encode_seed(d.dealer(), d.seed) + journaled == s.round and kept["actions"][-1][0] == 0
    assert s.unsaved == len(d.actions) and all(a[0] != 0 for a in d.actions)
    again = Dealt("tichu", s.levels, d.limit, d.totals, d.rounds, d.first_dealer)
    again.start(kept["seed"], kept["actions"] + d.actions)
    assert again.state.to_list() == d.state.to_list()


# -- issue 28: a name stays with its card or count, one wording per event, BOMB without a bomb --

_NAMES = r"(Anna|Ben|Carla|David)"
_ENDS_IN_NAME = re.compile(r"(^|[ ,])%s(:?)$" % _NAMES)
_CARD_OR_COUNT = re.compile(r"^(\d+|[JQKAHPC]|Dog|MJ|Phx|Drg)[jspt]?(\W|$)|^-(\W|$)")


def _lines(scr):
    # The text lines of the hand, the table or a message, top to bottom.
    labs = getattr(scr, "lines", None) if type(scr).__name__ != "Message" else scr.rows
    return [lab.text for lab in labs or ()]


def split_names(lines):
    """Where a wrapped line leaves a name ("Carla" / "As", "Ben:" / "pair 9") and the next
    line has its card, count or play."""
    out = []
    for a, b in zip(lines, lines[1:], strict=False):
        m = _ENDS_IN_NAME.search(a)
        if m and b and (m.group(3) or _CARD_OR_COUNT.match(b)):
            out.append((a, b))
    return out


@pytest.mark.parametrize("game", ["chimera", "tichu"])
def test_a_name_and_its_card_or_count_stay_on_one_line(make_device, game):
    # "Got: Ben 9p, Carla / As, David 5p", "Ben 14 Ch20, Carla / 11" on the MacroPad's 20
    # columns (the hand's other seats, what the push brought, the push being chosen, the
    # table, what happened): never a name on one line and its card or count on the next.
    from firmware.texts import wrap

    dev = make_device("macropad")
    play_setup(dev, game, humans=(0,), level=1, pause=0)
    seen = []
    step = dev.app.step

    def hooked(now):
        keys = step(now)
        scr = dev.app.screen
        if type(scr).__name__ in ("Hand", "Table", "Message") and scr.group is not None:
            lines = _lines(scr)
            seen.append(len(lines))
            found.extend(split_names(lines))
        if type(scr).__name__ == "Hand" and scr.group is not None and scr.state() is not None:
            # its lists of seats as the hand wraps them, whether this draw had room for them:
            # each seat's entry ("Ben 15 Ch20", "Carla As") whole on one line
            lists = [scr.seats(), scr.got()] + ([scr.status()[0]] if scr.due()[0] == "push" else [])
            for text in lists:
                lines = wrap(text, dev.app.ui.cols - 1, 0)
                for entry in wrap(text, 1000, 0)[0].split(", ") if text else ():
                    entry = entry.split(": ")[-1]  # (after "Got: ")
                    if not [x for x in lines if entry in x]:
                        found.append((entry, lines))
        return keys

    found = []
    dev.app.step = hooked
    looked = []

    def look(what):  # what happened so far, in full, before each human turn
        if screen_name(dev) == "Hand" and dev.app.session.log:
            dev.press("back")
            dev.press("up")
            assert screen_name(dev) == "Message"
            looked.append(_lines(dev.screen()))
            dev.press(OK)
            if screen_name(dev) == "Table":
                dev.press(OK)

    # (passing the first two turns: in Chimera a bot is the Chimera, "Ch20" after its count)
    play_dealt_round(dev, passes=lambda n: n < 2 or n % 3 == 2, look=look)
    assert len(seen) > 100 and len(looked) > 3
    assert not found, found


def test_the_table_says_each_event_once_in_one_wording():
    # "Anna bombs! bomb 5555" said the bomb twice; "Ben wins the trick" then "Ben takes the
    # trick" told one trick twice, as did "Anna gives the Dragon to Ben" then "Ben gets the
    # Dragon trick". A bomb reads as any play; a trick is won once: when the others have
    # passed (Tichu) or when it is taken (Chimera, and Tichu's last trick, T6.2).
    from engine_core.tichu.combos import classify
    from firmware.play.text import reading
    from firmware.screens.table import happened

    names = ["Anna", "Ben", "Carla", "David"]
    t = lambda x: x  # noqa: E731
    bomb = classify(tuple(5 << 3 | f for f in range(4)))[-1]  # 5555
    said = happened("tichu", names, (0, "play", (), None), [("played", 0, bomb)], t)
    assert said == ["Anna: " + reading("tichu", bomb, t)] and "bomb" in said[0]
    for name, levels in (("chimera", [1, 1, 1]), ("tichu", [1, 1, 1, 1])):
        tricks = 0
        for seed in range(4):
            d = Dealt(name, levels, 10000)
            d.start(seed)
            said = []
            while not d.finished():
                a = d.bot_action()
                events = d.apply(a)
                tricks += len([e for e in events if e[0] == "trick"])
                said += happened(name, names[:len(levels)], a, events, t)
            trick_words = [w for w in said if "trick" in w]
            assert trick_words and all(w.endswith(" wins the trick") for w in trick_words), trick_words
            # between two plays at most one word of a trick won: never twice for one trick
            run = 0
            for w in said:
                run = 0 if ": " in w else run + (1 if "trick" in w else 0)
                assert run <= 1, said
        assert tricks > 8, name


def _to_the_table_without_a_bomb(dev, seat):
    # On until ``seat`` (a human) has played a card (no Tichu call left) and holds no bomb
    # it may throw, while another seat is to play and the table shows.
    from engine_core.tichu.choices import bombs_now

    for _ in range(5000):
        name = screen_name(dev)
        if name == "Hand":
            if dev.screen().due()[1]:
                human_turn(dev)
            else:
                dev.press("back")
            continue
        if name in ("Message", "Privacy"):
            dev.press(OK)
            continue
        st = dev.app.session.dealt.state
        assert st is not None, "the round ended first"
        if st.phase == "play" and st.played >> seat & 1 and not bombs_now(st, seat) \
                and st.turn != seat and st.hands[seat] and name == "Table":
            return
        dev.advance(100)
    raise AssertionError("no such position")


@pytest.mark.parametrize("board", ["picosystem", "macropad"])
def test_bomb_without_a_bomb_says_so_on_the_table_and_opens_no_hand(make_device, board):
    # BOMB opened a hand with only "Choose cards", whose BOMB then said "No bomb in this hand
    # now": now the table says it at once, in one message, and no hand opens (T5.2).
    from firmware.play.text import NO_BOMB

    dev = make_device(board)
    play_setup(dev, "tichu", humans=(0,), level=1, pause=800)
    _to_the_table_without_a_bomb(dev, 0)
    opened = []
    start = dev.app._start
    dev.app._start = lambda where, state, result: opened.append(where[1]) or start(where, state, result)
    dev.press(BOMB)
    assert screen_name(dev) == "Message" and dev.screen().heading == "No bomb"
    assert dev.screen().text == NO_BOMB["tichu"]
    assert "Hand" not in opened
    dev.press(OK)
    assert screen_name(dev) == "Table"


def test_bomb_without_a_bomb_with_two_humans_says_so_after_the_privacy_screen(make_device):
    # Which human claims is asked first (the device is shared); the one chosen has no bomb:
    # the privacy screen, then the message (it tells of that hand), and no hand.
    from firmware.play.text import NO_BOMB

    dev = make_device("picosystem")
    play_setup(dev, "tichu", humans=(0, 2), level=1, pause=800)
    _to_the_table_without_a_bomb(dev, 2)
    dev.press(BOMB)
    assert screen_name(dev) == "Choice" and dev.texts()[1:] == ["Anna", "Carla", "Cancel"]
    dev.press(DOWN)
    dev.press(OK)
    assert screen_name(dev) == "Privacy" and dev.screen().seat == 2
    dev.press(OK)
    assert screen_name(dev) == "Message" and dev.screen().text == NO_BOMB["tichu"]
    dev.press(OK)
    assert screen_name(dev) == "Table"


# -- issue 28, the table as a new user saw it: a text cut, a play told twice, old words ---------


def _table_lines(dev):
    return [lab.text for lab in dev.screen().lines]


def _on_to(dev, test, passes=True):
    # Play on (the human passing, or bidding/playing the lowest) until ``test(dev)`` holds on
    # the table: the hand goes back to the table when it comes up and the test holds.
    for _ in range(5000):
        name = screen_name(dev)
        if name == "Table" and test(dev):
            return
        if name in ("Privacy", "Message"):
            dev.press(OK)
        elif name == "Hand" and test(dev):
            dev.press("back")
        elif name == "Hand" and dev.screen().due()[1]:
            human_turn(dev, passes)
        elif name == "Hand":
            dev.press("back")
        elif name == "PlayScore":
            raise AssertionError("the round ended first")
        else:
            dev.advance(100)
    raise AssertionError("no such position")


def test_the_table_shows_the_hunters_exchange_whole(make_device):
    # Display Pack, Chimera, English: "The Hunters" was shown where the text is "The Hunters
    # exchange" (20 characters on 19 columns, one line left under three seats): the line
    # that did not fit was dropped, not even cut with "..". Now the seats take two lines
    # when the trick needs two, the Chimera on a line of its own.
    dev = make_device("pico_display_pack")
    play_setup(dev, "chimera", humans=(0,), level=3, pause=800)
    _on_to(dev, lambda d: d.app.session.dealt.state.phase == "give")
    assert dev.screen().trick_text() == "The Hunters exchange"
    lines = [x for x in _table_lines(dev) if x]
    assert " ".join(lines).startswith("The Hunters exchange"), lines
    st = dev.app.session.dealt.state
    cells = [lab.text for lab in dev.screen().cells]
    assert all(str(len(st.hands[x])) in cells[x] for x in range(3))  # every seat still there, whole
    assert "Ch%d" % st.bid in cells[st.chimera]
    from host_sim.text_fit import problems_on_panel

    assert not problems_on_panel(dev)


def test_the_table_tells_the_trick_to_beat_once(make_device):
    # PicoSystem, Tichu: "David: Mah Jong" as the trick to beat and again among the
    # happenings above "Anna passes": the trick line says the play, the happenings leave it
    # out wherever it is among them (it was left out only when it was the newest).
    dev = make_device("picosystem")
    play_setup(dev, "tichu", humans=(0,), level=1, pause=800)
    seen = 0
    for _ in range(3000):
        name = screen_name(dev)
        if name == "PlayScore":
            break
        if name == "Table":
            st = dev.app.session.dealt.state
            if st is not None and st.top is not None:
                trick = dev.screen().trick_text()
                lines = _table_lines(dev)
                assert lines.count(trick) == 1, lines
                seen += 1
        if name in ("Privacy", "Message"):
            dev.press(OK)
        elif name == "Hand":
            calm(dev)
            if dev.screen().due()[1]:
                human_turn(dev, True)
            else:
                dev.press("back")
        else:
            dev.advance(100)
    assert seen > 50


def test_a_redeal_clears_the_seats_last_words(make_device):
    # Display Pack, Chimera: after "All passed: new deal" (C3.5) the new deal's table still
    # showed "Anna 17 pass, Ben 17 pass, Carla 17 pass": the passes were the old deal's.
    dev = make_device("pico_display_pack")
    play_setup(dev, "chimera", humans=(0,), level=1, pause=800)
    s = dev.app.session
    _on_to(dev, lambda d: any(e[0] == "redeal" for _, events in s.log for e in events))
    assert s.dealt.state.phase == "bid" and "redeal" in [e[0] for e in s.log[-1][1]]  # the new deal
    cells = [lab.text for lab in dev.screen().cells]
    assert not [c for c in cells if "pass" in c], cells
    assert s.said == [None, None, None]
