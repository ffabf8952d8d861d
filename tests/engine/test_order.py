# engine_core/order.py: stable sorting, also under MicroPython, whose own sort (a quicksort)
# does not keep equal keys in order.

from engine_core.order import stable_sorted


def test_equal_keys_keep_their_order():
    items = [(i % 3, i) for i in range(40)]
    out = stable_sorted(items, lambda it: it[0])
    assert [it[0] for it in out] == sorted(it[0] for it in items)
    for k in range(3):
        same = [it[1] for it in out if it[0] == k]
        assert same == sorted(same)


def test_a_bomb_last_key_keeps_the_plain_plays_in_their_order():  # engine_core/chimera/bot.py
    plays = [("trap", 1), ("trio_pair", 2), ("attack", 3), ("trio_one", 4), ("pair", 5)]
    out = stable_sorted(plays, lambda p: 1 if p[0] in ("trap", "attack") else 0)
    assert [p[1] for p in out] == [2, 4, 5, 1, 3]
