# The dealt match of the dealer mode (engine_core/dealt.py): rounds dealt from a seed,
# bots and humans mixed, a resumed round rebuilt from its journaled actions, every round
# scored into the same score book as a hand-entered one. Runs under MicroPython too.

from engine_core.dealt import Dealt
from engine_core.errors import IllegalAction
from engine_core.scorebook import ScoreBook

NAMES = {"chimera": ["A", "B", "C"], "tichu": ["A", "B", "C", "D"]}


def bots(game, level=0):
    return [level] * (3 if game == "chimera" else 4)


def play_round(d):
    # Bots only: act until the round is scored.
    n = 0
    while not d.finished():
        a = d.bot_action()
        assert a is not None, d.due()
        d.apply(a)
        n += 1
        assert n < 2000
    return n


def test_a_bots_round_of_each_game_scores_as_the_score_keeper_would():  # C8, T6, D3
    for game in ("chimera", "tichu"):
        d = Dealt(game, bots(game), 1000)
        d.start(7)
        play_round(d)
        book = ScoreBook(game, NAMES[game], 1000)
        book.add(d.entry())
        assert tuple(book.deltas[0]) == d.state.match.rounds[-1]
        d.next_round()
        assert tuple(book.totals) == d.totals and d.state is None


def test_a_round_resumes_from_its_seed_and_actions_to_the_same_position():  # D1
    for game in ("chimera", "tichu"):
        d = Dealt(game, bots(game), 1000)
        d.start(12345)
        for _ in range(25):
            d.apply(d.bot_action())
        again = Dealt(game, bots(game), 1000)
        again.start(12345, list(d.actions))
        assert again.state.to_list() == d.state.to_list()
        assert again.bot_action() == d.bot_action()  # the bots decide the same again


def test_the_same_seed_deals_the_same_and_another_seed_another():  # D1
    a, b, c = Dealt("tichu", bots("tichu"), 1000), Dealt("tichu", bots("tichu"), 1000), \
        Dealt("tichu", bots("tichu"), 1000)
    a.start(1)
    b.start(1)
    c.start(2)
    assert a.state.hands == b.state.hands and a.state.hands != c.state.hands


def test_an_illegal_action_is_refused_and_changes_nothing():  # D2
    d = Dealt("chimera", [None, 0, 0], 400)
    d.start(3)
    kind, seats = d.due()
    assert kind == "bid"
    before = d.state.to_list()
    try:
        d.apply(((seats[0] + 1) % 3, "bid", 20))
        raise AssertionError("a bid out of turn was applied")
    except IllegalAction as e:
        assert str(e)
    assert d.state.to_list() == before and d.actions == []


def test_humans_are_asked_and_bots_wait_for_them():
    d = Dealt("tichu", [None, 0, None, 0], 1000)
    d.start(9)
    kind, seats = d.due()
    assert kind == "grand" and seats == (0, 1, 2, 3)
    d.apply(d.bot_action())  # seat 1
    d.apply(d.bot_action())  # seat 3
    assert d.bot_action() is None and d.due()[1] == (0, 2)


def test_a_whole_match_ends_and_the_book_agrees():  # C9.2, T7.1
    for game, limit in (("chimera", 150), ("tichu", 300)):
        d = Dealt(game, bots(game), limit, first_dealer=1)
        book = ScoreBook(game, NAMES[game], limit)
        seed = 100
        while not d.over():
            d.start(seed)
            play_round(d)
            book.add(d.entry())
            d.next_round()
            seed += 1
            assert len(book.deltas) < 60
        assert tuple(book.totals) == d.totals and book.over()
        try:
            d.start(seed)
            raise AssertionError("a round after the end was dealt")
        except ValueError:
            pass


def test_the_dealer_moves_on_each_round():  # C2.4
    d = Dealt("chimera", bots("chimera"), 400, first_dealer=2)
    d.start(5)
    assert d.state.dealer == 2
    play_round(d)
    d.next_round()
    d.start(6)
    assert d.state.dealer == 0


def test_a_damaged_journal_is_refused_with_the_reason():
    d = Dealt("chimera", bots("chimera"), 400)
    try:
        d.start(5, [(0, "play", (8,), None)])
        raise AssertionError("an impossible journal was replayed")
    except ValueError as e:
        assert "journaled action 0" in str(e)


def test_the_journaled_rounds_are_the_record_and_replay_to_the_same_scores():  # CONTRACT 2
    from engine_core.dealt_record import record

    for game, limit in (("chimera", 200), ("tichu", 400)):
        mod = __import__("engine_core.%s.record" % game, None, None, ["replay"])
        d = Dealt(game, bots(game), limit, first_dealer=1)
        rounds = []
        seed = 40
        while not d.over():
            d.start(seed)
            play_round(d)
            rounds.append((seed, list(d.actions)))
            d.next_round()
            seed += 1
        rec = record(game, limit, rounds, 1, NAMES[game])
        assert rec["players"] == NAMES[game] and rec["seed"] == 40
        state, err = mod.replay(rec)
        assert err is None
        assert state.match.totals == d.totals and state.match.winner is not None
        half = record(game, limit, rounds[:1] + [(rounds[1][0], rounds[1][1][:9])], 1)
        state, err = mod.replay(half)  # a round in progress: the record stops where play stopped
        assert err is None and len(state.match.rounds) == 1
