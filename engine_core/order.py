# Stable sorting. CPython's sort keeps items with equal keys in their order; MicroPython's
# and CircuitPython's (a quicksort) do not. A bot that sorts candidates by a key with ties
# and takes the first would decide differently on the board than on the desktop (issue 26:
# the emulated PicoSystem's Chimera bot played a trio with a pair where the simulator's
# played it with a single). Every sort whose ties matter goes through here.


def stable_sorted(items, key):
    # ``items`` sorted by ``key``, items with equal keys in their given order.
    decorated = [(key(items[i]), i) for i in range(len(items))]
    decorated.sort()
    return [items[i] for _, i in decorated]
