"""The score book of score-keeper mode: rounds, totals, undo, edit, match end, statistics,
journal payloads and replay (RULES D3, C8, C9, T6, T7; CONTRACT score-keeper round entry)."""

import json

from engine_core.errors import EntryError
from engine_core.match_stats import stats
from engine_core.scorebook import ScoreBook


def _chim(chimera=0, bid=20, first_out=0, traps=0, attack=False, silent=False, treasure=(20, 20, 20)):
    return {"chimera": chimera, "bid": bid, "first_out": first_out, "traps": traps,
            "attack": attack, "silent_hunter": silent, "treasure": list(treasure)}


def _tichu(first_out=0, points=(50, 50), calls=None, double=None, penalty=None):
    e = {"calls": calls or {}, "first_out": first_out, "double_victory": double,
         "card_points": list(points)}
    if penalty is not None:
        e["wish_penalty"] = penalty
    return e


def _refused(fn, *args):
    try:
        fn(*args)
    except EntryError as e:
        return str(e)
    raise AssertionError("not refused: %r" % (args,))


def _tichu_book(limit=1000):
    return ScoreBook("tichu", ["Ann", "Bob", "Cid", "Dan"], limit)


def _chimera_book(limit=400):
    return ScoreBook("chimera", ["Ann", "Bob", "Cid"], limit)


def test_header_is_checked():  # D3, C9.1: positive limit, one name per player
    for game, names, limit in [
        ("skat", ["A", "B", "C"], 400),
        ("chimera", ["A", "B"], 400),
        ("tichu", ["A", "B", "C"], 1000),
        ("chimera", ["A", "B", ""], 400),
        ("chimera", ["A", "B", "C" * 13], 400),
        ("chimera", ["A", "B", 3], 400),
        ("chimera", ["A", "B", "C"], 0),
        ("tichu", ["A", "B", "C", "D"], -5),
        ("tichu", ["A", "B", "C", "D"], True),
        ("tichu", ["A", "B", "C", "D"], "1000"),
    ]:
        _refused(ScoreBook, game, names, limit)
    b = _chimera_book(300)
    assert (b.players, b.sides, b.limit, b.totals) == (3, 3, 300, [0, 0, 0])


def test_chimera_rounds_add_up():  # C8.1, C8.2, C8.3, C8.4
    b = _chimera_book()
    # C8.4: bid 20, Chimera out first, 1 trap, one Hunter silent -> +90 before treasures.
    b.add(_chim(chimera=0, bid=20, first_out=0, traps=1, silent=True, treasure=(30, 30, 0)))
    assert b.deltas[0] == [120, 30, 0]
    # C8.4: bid 40, a Hunter out first, attack played -> -40, Hunters +20 each.
    b.add(_chim(chimera=1, bid=40, first_out=2, attack=True, treasure=(10, 20, 30)))
    assert b.deltas[1] == [30, -20, 50]
    assert b.totals == [150, 10, 50]
    assert b.running() == [[120, 30, 0], [150, 10, 50]]
    assert b.rounds() == 2


def test_tichu_rounds_add_up():  # T6.1, T6.3, T6.4, T6.5
    b = _tichu_book()
    b.add(_tichu(first_out=1, points=(65, 35)))
    b.add(_tichu(first_out=0, calls={"0": "tichu"}, points=(40, 60)))
    b.add(_tichu(first_out=3, calls={"2": "grand"}, double=1, points=(0, 0)))
    b.add(_tichu(first_out=2, penalty=0, points=(50, 50)))
    assert b.deltas == [[65, 35], [140, 60], [-200, 200], [0, 200]]
    assert b.totals == [5, 495]
    assert b.side_names() == ["Ann+Cid", "Bob+Dan"]


def test_preview_changes_nothing_and_refusals_leave_the_book_alone():  # D3
    b = _tichu_book()
    b.add(_tichu(points=(70, 30)))
    assert b.preview(_tichu(points=(20, 80))) == ([20, 80], [90, 110])
    assert b.totals == [70, 30] and b.rounds() == 1
    for bad in [
        _tichu(points=(55, 50)),  # not summing to 100
        _tichu(points=(52, 48)),  # not multiples of 5
        _tichu(points=(130, -30)),  # outside -25..125
        _tichu(first_out=1, double=0),  # double victory without the first player out
    ]:
        reason = _refused(b.add, bad)
        assert reason
        assert b.totals == [70, 30] and b.rounds() == 1 and len(b.deltas) == 1
    c = _chimera_book()
    _refused(c.add, _chim(treasure=(30, 30, 10)))  # D3: more treasure than exists
    _refused(c.add, _chim(first_out=1, silent=True, treasure=(20, 0, 40)))  # C8.1 silent Hunter
    assert c.rounds() == 0 and c.totals == [0, 0, 0]


def test_undo_drops_the_last_round():  # D3
    b = _chimera_book()
    _refused(b.undo)
    b.add(_chim(treasure=(10, 20, 30)))
    b.add(_chim(chimera=2, first_out=1, treasure=(0, 0, 0)))
    assert b.undo() == {"t": "undo"}
    assert b.totals == [50, 20, 30] and b.rounds() == 1
    b.undo()
    assert b.totals == [0, 0, 0] and b.entries == [] and b.deltas == []


def test_edit_recomputes_every_total():  # D3
    b = _tichu_book()
    for pts in [(50, 50), (60, 40), (30, 70)]:
        b.add(_tichu(points=pts))
    p = b.edit(1, _tichu(points=(100, 0)))
    assert p == {"t": "edit", "i": 1, "e": _tichu(points=(100, 0))}
    assert b.totals == [180, 120]
    assert b.running() == [[50, 50], [150, 50], [180, 120]]
    for i in (-1, 3, "1", True):
        _refused(b.edit, i, _tichu())
    _refused(b.edit, 0, _tichu(points=(10, 10)))
    assert b.totals == [180, 120]


def test_an_edit_may_not_end_the_match_before_its_last_round():  # C9.2, T7.1
    b = _tichu_book(limit=250)
    for _ in range(3):
        b.add(_tichu(points=(60, 40)))
    reason = _refused(b.edit, 0, _tichu(first_out=0, double=0))
    assert "round 2" in reason
    # The same change on the last round ends the match there: allowed.
    b.edit(2, _tichu(first_out=0, double=0))
    assert b.totals == [320, 80] and b.winner() == 0 and not b.tied()


def test_match_end_winner_and_tie_continuation():  # C9.1, C9.2
    b = _chimera_book(limit=100)
    b.add(_chim(chimera=0, first_out=0, treasure=(20, 20, 20)))  # 60 20 20
    assert not b.over() and not b.tied()
    b.add(_chim(chimera=1, first_out=1, treasure=(0, 0, 0)))  # 60 60 20
    b.add(_chim(chimera=2, first_out=0, treasure=(10, 30, 20)))  # 90 110 20
    assert b.winner() == 1 and b.over()
    assert _refused(b.add, _chim()) == "the match is over"
    b.undo()
    # Both at 100, nobody alone in front: the match goes on (C9.2).
    b.add(_chim(chimera=2, first_out=0, treasure=(20, 20, 20)))  # 100 100 20
    assert b.totals == [100, 100, 20] and b.winner() is None and b.tied()
    b.add(_chim(chimera=2, first_out=2, bid=20, treasure=(0, 5, 0)))  # 100 105 60
    assert b.winner() == 1 and not b.tied()


def test_tichu_match_end_uses_teams():  # T7.1
    b = _tichu_book(limit=200)
    b.add(_tichu(first_out=1, double=1, points=(0, 0)))
    assert b.winner() == 1


def test_statistics_per_player():  # C8 (bids), T6.4 (calls)
    c = _chimera_book()
    c.add(_chim(chimera=0, first_out=0))
    c.add(_chim(chimera=0, first_out=1))
    c.add(_chim(chimera=2, first_out=2))
    assert stats(c) == {"won": [1, 0, 1], "lost": [1, 0, 0]}
    t = _tichu_book()
    t.add(_tichu(first_out=0, calls={"0": "tichu", "1": "grand"}))
    t.add(_tichu(first_out=3, calls={"3": "grand", "0": "tichu"}))
    assert stats(t) == {"tichu_made": [1, 0, 0, 0], "tichu_failed": [1, 0, 0, 0],
                         "grand_made": [0, 0, 0, 1], "grand_failed": [0, 1, 0, 0]}


def test_the_book_keeps_its_own_copy_of_an_entry():  # D3
    b = _chimera_book()
    e = _chim(treasure=(10, 10, 10))
    b.add(e)
    e["treasure"][0] = 60
    assert b.entries[0]["treasure"] == [10, 10, 10]


def test_replay_rebuilds_the_book_from_its_payloads():  # D3
    b = _tichu_book()
    log = [b.header()]
    log.append(b.add(_tichu(points=(65, 35))))
    log.append(b.add(_tichu(first_out=2, calls={"2": "tichu"}, points=(30, 70))))
    log.append(b.add(_tichu(points=(50, 50))))
    log.append(b.undo())
    log.append(b.edit(0, _tichu(points=(80, 20))))
    as_bytes = [json.dumps(p).encode() for p in log]
    for journal in (log, as_bytes, [json.dumps(p) for p in log]):
        r = ScoreBook.replay(journal)
        assert (r.game, r.names, r.limit) == (b.game, b.names, b.limit)
        assert r.entries == b.entries and r.totals == b.totals == [210, 90]
    compact = ScoreBook.replay(b.payloads())
    assert compact.entries == b.entries and len(list(b.payloads())) == 3


def test_replay_skips_what_it_cannot_redo():  # D3: never lose the rest of the match
    b = _chimera_book()
    good = [b.header(), b.add(_chim(treasure=(10, 20, 30)))]
    junk = [b"{not json", b"\xff\xfe", {"t": "edit", "i": 9, "e": _chim()}, {"t": "round"},
            {"t": "what"}, [1, 2], {"t": "undo", "extra": 1}]
    r = ScoreBook.replay(good + junk[:-1] + [good[1]])
    assert r.totals == [100, 40, 60] and r.rounds() == 2
    assert ScoreBook.replay([]) is None
    assert ScoreBook.replay([good[1]]) is None
    # A later header starts a new match.
    r2 = ScoreBook.replay(good + [{"t": "new", "game": "tichu", "names": ["a", "b", "c", "d"],
                                   "limit": 500, "started": "2026-11-21T10:00"}])
    assert r2.game == "tichu" and r2.rounds() == 0 and r2.started == "2026-11-21T10:00"
    assert r2.header()["started"] == "2026-11-21T10:00"
