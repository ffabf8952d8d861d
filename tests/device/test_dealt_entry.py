"""Dealt play made for buttons (issue 17): the hand's menu offers every legal play once
(suits collapsed, RULES T3/C5), a pass is two presses, the device proposes the strong
bot's action with a reason, and nothing happens by accident: a stray key never calls
Tichu (T2.4 makes a call final), a bomb claim holds when the turn comes round (T5.2), an
OK meant for the table does nothing on a hand that just came up, BOMB in Chimera says
why (C7.3). The push shows what came from whom (T2.3)."""

import pytest

from firmware.keys import BOMB, DOWN, LEFT, OK, UP
from host_sim.player import calm, free_selection, human_turn, menu_options, menu_to, play_setup, screen_name


@pytest.fixture
def acts(monkeypatch):
    """Every action the device applies, in order."""
    from firmware import dealer

    seen = []
    act = dealer.Session.act

    def logged(self, action, now=None):
        events = act(self, action, now)
        seen.append(action)
        return events

    monkeypatch.setattr(dealer.Session, "act", logged)
    return seen


def to_hand(dev, until, limit=3000):
    """Play on (the humans by human_turn, messages read) until the hand is up and
    ``until(state, hand screen)`` holds."""
    for _ in range(limit):
        name = screen_name(dev)
        if name in ("Privacy", "Message"):
            dev.press(OK)
        elif name == "Hand":
            scr = dev.screen()
            if scr.due()[1] and until(dev.app.session.dealt.state, scr):
                calm(dev)
                return scr
            if scr.due()[1]:
                human_turn(dev)
            else:
                dev.press("back")
        elif name == "PlayScore":
            raise AssertionError("the round ended first")
        else:
            dev.advance(100)
    raise AssertionError("never there")


def _may_call_in_play(st, scr):
    return st.phase == "play" and scr.session().dealt.game.may_call(st, scr.seat)


@pytest.mark.parametrize("first", [UP, DOWN, LEFT])
def test_a_stray_key_then_ok_never_calls_tichu(make_device, acts, first):  # T2.4: a call is final
    dev = make_device("picosystem")
    dev.app.pause_ms = 0
    play_setup(dev, "tichu", humans=(0,), level=1, pause=0)
    to_hand(dev, _may_call_in_play)
    dev.press(first)
    dev.press(OK)
    assert dev.app.session.dealt.state.calls[0] == 0
    assert not [a for a in acts if a[0] == 0 and a[1] == "tichu"]


def test_in_the_free_selection_the_call_asks_first(make_device, acts):  # T2.4
    dev = make_device("picosystem")
    dev.app.pause_ms = 0
    play_setup(dev, "tichu", humans=(0,), level=1, pause=0)
    to_hand(dev, _may_call_in_play)
    free_selection(dev)
    dev.press(UP)  # from the first card round to the last item: "Tichu!"
    assert dev.screen().items()[dev.screen().cursor][0] == "Tichu!"
    dev.press(OK)
    assert screen_name(dev) == "Choice" and "Call Tichu?" in dev.texts()
    dev.press(OK)  # the question opens on No
    assert screen_name(dev) == "Hand" and dev.app.session.dealt.state.calls[0] == 0


def test_a_bomb_claim_holds_when_the_turn_comes_round_meanwhile(make_device, acts):  # T5.2
    from host_sim.device import seed_source

    dev = make_device("picosystem")
    dev.seeds = dev.app.seed_source = seed_source(50)  # Anna gets four queens
    play_setup(dev, "tichu", humans=(0,), level=1, pause=800)
    s = dev.app.session
    g = s.dealt.game
    for _ in range(3000):
        name = screen_name(dev)
        if name in ("Message", "Privacy"):
            dev.press(OK)
            continue
        if name == "Hand":
            human_turn(dev)
            continue
        st = s.dealt.state
        if st.phase == "play" and 0 in g.bomb_seats(st) and st.turn == 3 and st.top is not None:
            break
        dev.advance(20)
    dev.press(BOMB)  # the claim: Anna's bombs
    scr = dev.screen()
    assert screen_name(dev) == "Hand" and scr.claim
    chosen = tuple(scr.sel)
    assert scr.reading_of(chosen)[0] >= 6
    # Anna's turn comes round while the claim is open (David plays or passes)
    a = s.dealt.bot_action()
    s.act(a)
    assert s.dealt.due()[1] == (0,) or s.dealt.state.turn == 0
    dev.press(OK)
    mine = [a for a in acts if a[0] == 0 and a[1] in ("play", "pass")]
    assert mine[-1][1] == "play" and sorted(mine[-1][2]) == sorted(chosen)  # the bomb, not a pass
    st = s.dealt.state
    assert st.top_seat == 0 and st.top[0] >= 6


@pytest.mark.parametrize("board", ["picosystem", "pico_display_pack"])  # in the hand; in a message first
def test_the_push_shows_what_was_received_and_from_whom(make_device, board):  # T2.3
    from firmware.play.text import face

    dev = make_device(board)
    dev.app.pause_ms = 0
    play_setup(dev, "tichu", humans=(0,), level=1, pause=0)
    shown = []
    for _ in range(3000):
        name = screen_name(dev)
        st = dev.app.session.dealt.state
        if st.phase == "play" and None not in st.pushes and name in ("Hand", "Message"):
            shown = " ".join(dev.texts())
            break
        if name == "Hand":
            human_turn(dev)
        else:
            dev.advance(100)
    names = dev.app.book.names
    got = ["%s %s" % (names[g], face("tichu", st.pushes[g][2 - k], True))
           for k, g in enumerate((1, 2, 3))]
    assert ", ".join(got) in shown.replace(" \n", " ") or all(part in shown for part in got), shown


def test_an_ok_meant_for_the_table_does_nothing_on_a_hand_that_just_came_up(make_device, acts):
    dev = make_device("picosystem")
    play_setup(dev, "chimera", humans=(0,), level=1, pause=800)
    to_hand(dev, lambda st, scr: st.phase == "play")
    human_turn(dev)  # Anna's first play; the table is up again
    while screen_name(dev) != "Hand":
        dev.advance(20)  # the turn comes round: the hand comes up by itself
    before = list(acts)
    sel = list(dev.screen().sel)
    dev.press(OK)  # pressed as the hand came up: meant for the table
    assert acts == before and screen_name(dev) == "Hand" and dev.screen().sel == sel
    calm(dev)
    dev.press(OK)  # now it plays
    assert len(acts) == len(before) + 1 and acts[-1][0] == 0


def test_bomb_in_chimera_says_why_nothing_happens(make_device):  # C7.3
    dev = make_device("picosystem")
    play_setup(dev, "chimera", humans=(0,), level=1, pause=800)
    while screen_name(dev) != "Table":
        dev.press("back")
    dev.press(BOMB)
    assert screen_name(dev) == "Message" and "only the player on turn" in " ".join(dev.texts())


def test_a_pass_is_two_presses(make_device, acts):
    dev = make_device("macropad")
    dev.app.pause_ms = 0
    play_setup(dev, "tichu", humans=(0,), level=1, pause=0)
    to_hand(dev, lambda st, scr: st.phase == "play" and scr.may_pass())
    before = len(acts)
    dev.press(LEFT)
    dev.press(OK)
    assert acts[before] == (0, "pass")


@pytest.mark.parametrize("game", ["chimera", "tichu"])
def test_the_menu_offers_every_legal_play_once_suits_collapsed(make_device, game):  # T3, C5
    dev = make_device("badger2040")
    dev.app.pause_ms = 0
    play_setup(dev, game, humans=(0,), level=1, pause=0)
    to_hand(dev, lambda st, scr: st.phase == "play" and scr.over() is None)
    st = dev.app.session.dealt.state
    g = dev.app.session.dealt.game

    def key(cards, v):
        r = g.reading_for(tuple(cards), None, v)
        flush = game == "tichu" and r[0] == 7
        return r, v, tuple(sorted(cards)) if flush else tuple(sorted(c >> 3 for c in cards))

    legal = {key(a[2], a[3] if len(a) > 3 else None) for a in g.legal_actions(st, 0) if a[1] == "play"}
    offered = [key(w[1], w[2]) for _, _, w in menu_options(dev) if w[0] == "play"]
    assert len(offered) == len(set(offered))  # once each
    assert set(offered) == legal  # every one


def test_a_proposal_is_the_strong_bots_action_and_one_ok_takes_it(make_device, acts):
    from engine_core.bot_driver import bot_module, bot_rng

    dev = make_device("picosystem")
    dev.app.pause_ms = 0
    play_setup(dev, "tichu", humans=(0,), hints=(0,), level=1, pause=0)
    taken = 0
    for _ in range(40):
        scr = to_hand(dev, lambda st, scr: st.phase == "play")
        d = dev.app.session.dealt
        want = bot_module(d.game).decide(d.state, 0, 3, bot_rng(d.seed, d.step(), 0))
        assert scr.proposal is not None and scr.proposal[0] == want
        if want[1] == "tichu":  # a call asks once even when proposed
            dev.press(OK)
            assert screen_name(dev) == "Choice"
            dev.press("back")
            break
        if scr.proposal[1] is None:  # a pass with nothing else legal: no advice
            assert not dev.screen().status()[0].startswith("Tip: ")
            dev.press(OK)
            continue
        if want[1] == "play" and scr.is_bomb(want[2]):  # never preselected: the tip once there
            assert not scr.is_bomb(scr.sel) and not dev.screen().status()[0].startswith("Tip: ")
            dev.press("bomb")
            while not dev.screen().status()[0].startswith("Tip: "):
                dev.press("down")
        assert dev.screen().status()[0].startswith("Tip: ")
        before = len(acts)
        dev.press(OK)
        if screen_name(dev) == "Choice":  # the Mah Jong's wish: the proposal's is in view
            dev.press(OK)
        assert acts[before][:4] == want[:4] or acts[before] == want
        taken += 1
        if screen_name(dev) == "PlayScore":
            break
    assert taken >= 3


def test_proposal_reasons_are_in_the_text_table_and_read_only_the_seat_view():
    """Every reason a proposal gives, over random positions of both games, is in the
    device's text table; and it stays the same when the hidden cards are dealt anew."""
    from engine_core.dealt import Dealt
    from engine_core.prng import Pcg32
    from engine_core.proposal import propose, reason
    from firmware.texts import TABLE

    table = {line.split("\t")[0] for line in open(TABLE, encoding="utf-8")}
    seen = set()
    for game, n in (("chimera", 3), ("tichu", 4)):
        for seed in range(6):
            d = Dealt(game, [2] * n, 1000)
            d.start(seed)
            rng = Pcg32(seed)
            for _ in range(200):
                if d.state is None or d.finished():
                    break
                kind, due = d.due()
                if not due:
                    break
                seat = due[0]
                p = propose(d.game, d.state, seat, d.seed, d.step())
                if p is not None and p[1] is not None:  # (None: a forced pass, no advice)
                    seen.add(p[1][0])
                    assert p[1][0] in table, p[1][0]
                    if rng.below(4) == 0:
                        other = _redealt(d.state, seat, game, rng)
                        assert reason(d.game, other, seat, p[0]) == p[1]
                a = d.bot_action()
                if a is None:
                    break
                d.apply(a)
    assert len(seen) >= 6


def _redealt(state, seat, game, rng):
    # ``state`` with the cards ``seat`` cannot see dealt anew among the other hands.
    hands = [list(h) for h in state.hands]
    pool = []
    for s in range(len(hands)):
        if s != seat:
            pool += hands[s]
    for i in range(len(pool) - 1, 0, -1):
        j = rng.below(i + 1)
        pool[i], pool[j] = pool[j], pool[i]
    k = 0
    for s in range(len(hands)):
        if s != seat:
            n = len(hands[s])
            hands[s] = tuple(sorted(pool[k:k + n]))
            k += n
    other = state.copy() if hasattr(state, "copy") else None
    if other is None:
        import copy

        other = copy.copy(state)
    other.hands = tuple(hands) if isinstance(state.hands, tuple) else hands
    return other


def _decisions(board, game, seed):
    """The human's decisions of a seeded dealt round as the press benchmark meets them
    (host_sim/dealt_play.py): yields (device, the level-3 choice) at each, then enters
    that choice directly."""
    from host_sim import dealt_play as dp

    dev = dp.start(board, game, seed)
    while dp.next_decision(dev, 0):
        d = dev.app.session.dealt
        want = dp.bot_choice(d, dp.HUMAN)
        yield dev, want
        dp.enter_directly(dev, want)


@pytest.mark.parametrize("board", ["picosystem", "pico_display_pack", "macropad", "badger2040"])
def test_a_pass_is_at_most_two_presses_from_where_the_decision_stands(board):  # T5.1
    """Seeded rounds whose passes once took 3 or 4 presses: after a push entered, the hand
    must come up by itself; a hand that came up by itself takes an OK once read; what the
    push brought is told with the push, not in a message before the first pass (seed 3:
    no room for it in the hand on the MacroPad and the Display Pack)."""
    from host_sim import dealt_play as dp

    checked = 0
    for seed in (3, 7, 21):
        passes = 0
        for dev, _ in _decisions(board, "tichu", seed):
            d = dev.app.session.dealt
            if (0, "pass") not in d.game.legal_actions(d.state, 0) or d.state.phase != "play":
                continue
            assert type(dev.screen()).__name__ == "Hand"
            st = d.state
            r = dp.search(dev, lambda a, st=st: dp.distinct("tichu", st, a), {("pass",)}, cap=2, budget=100)
            assert ("pass",) in r.found, (seed, r.tried)
            dp.forget_copies()
            checked += 1
            passes += 1
            if passes == 3:
                break
    assert checked == 9


@pytest.mark.parametrize("board", ["picosystem", "pico_display_pack", "macropad", "badger2040"])
def test_a_proposed_mah_jong_play_and_its_wish_are_one_ok(board):  # T4.1
    from firmware.play.text import value_token
    from host_sim import dealt_play as dp

    for dev, want in _decisions(board, "tichu", 5):  # Anna leads the Mah Jong with a wish
        if dp.kind(dev.app.session.dealt, want) == "wish":
            break
    else:
        raise AssertionError("no Mah Jong play proposed")
    dp.set_proposals(dev.app, 0, True)
    dev.advance(dp.WAIT_MS)  # a pass of the main loop: the proposal comes
    scr = dev.screen()
    assert scr.proposal[0] == want
    wish = scr.t("Wish: %s") % value_token("tichu", want[4]) if want[4] else scr.t("No wish")
    assert scr.option_text().startswith("Mah Jong") and wish in scr.option_text()  # the wish OK makes
    assert wish in " ".join(dev.texts()).replace("\n", " ")  # in view, on every board
    del dp.APPLIED[:]
    dev.press(OK)
    assert [a for a in dp.APPLIED if a[0] == 0][:1] == [want]


def test_a_proposed_call_asks_once_with_yes_in_view(make_device, acts):  # T2.4
    dev = make_device("picosystem")
    dev.app.pause_ms = 0
    play_setup(dev, "tichu", humans=(0,), level=1, pause=0)
    scr = to_hand(dev, _may_call_in_play)
    call = (0, "tichu")
    scr.proposal = (call, ("A strong hand: call Tichu", ()))  # as play_tips.proposed puts it
    menu_to(dev, lambda w: w[0] == "ask" and w[1] == call)
    assert scr.status()[0].startswith("Tip: ")
    dev.press(OK)
    assert screen_name(dev) == "Choice"
    dev.press(OK)  # Yes: the proposal, asked once
    assert acts[-1] == call


@pytest.mark.parametrize("board", ["picosystem", "macropad"])
def test_a_proposed_push_is_two_presses_and_tells_what_came_at_once(board):  # T2.3
    from host_sim import dealt_play as dp

    dev, want = next((d, w) for d, w in _decisions(board, "tichu", 3) if w[1] == "push")
    dp.set_proposals(dev.app, 0, True)
    dev.advance(dp.WAIT_MS)
    st = dev.app.session.dealt.state
    goal = dp.distinct("tichu", st, want)
    r = dp.search(dev, lambda a: dp.distinct("tichu", st, a), {goal}, cap=2, budget=50)
    f = r.found[goal]
    assert f.keys == ("ok", "ok")  # Push, then what came is read
    del dp.APPLIED[:]
    dev.press(OK)
    assert [a for a in dp.APPLIED if a[0] == 0] == [want]
    names = dev.app.book.names
    assert screen_name(dev) == "Message" and names[1] in " ".join(dev.texts())
    dev.press(OK)
    assert screen_name(dev) in ("Table", "Hand")  # the play goes on
    dp.forget_copies()
