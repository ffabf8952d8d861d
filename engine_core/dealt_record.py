# A dealt match's CONTRACT 2 record, made from what the device's journal keeps of it (per
# round the seed and the actions): the host's `make records` and the simulator write it.
# Apart from engine_core/dealt.py so the board never loads it.

from engine_core.dealt import Dealt
from engine_core.scorebook import GAMES


def _record_module(name):
    if name == "chimera":
        from engine_core.chimera import record
    else:
        from engine_core.tichu import record
    return record


def record(game, limit, rounds, first_dealer=0, players=None):
    # The CONTRACT 2 record of a dealt match from what its journal keeps: ``rounds``, per
    # round (seed, actions) in order. ValueError if the journal does not replay.
    rec = _record_module(game)
    d = Dealt(game, [None] * GAMES[game][0], limit, first_dealer=first_dealer)
    d.writer = rec.Writer(limit, rounds[0][0] if rounds else None, players)
    for seed, actions in rounds:
        d.start(seed, actions)
        if d.finished():
            d.next_round()
    return d.writer.record
