"""Checks both games' engine tests use: refusals (D2), running record events through the
game seam, judge replay of a record (CONTRACT 3). Plain Python: also runs under
MicroPython (tests/mp). The factories bind a game's modules, name and default limit."""

from engine_core.errors import IllegalAction
from engine_core.judge import handle


def kinds(events):
    return [e[0] for e in events]


def refuser(game):
    """``refused(state, action)`` for ``game``."""
    def refused(state, action):
        """D2: the action is refused with a reason and the state is unchanged."""
        before = state.to_list()
        try:
            game.apply(state, action)
        except IllegalAction as e:
            assert str(e)
            assert state.to_list() == before
            return str(e)
        raise AssertionError("accepted: %r" % (action,))
    return refused


def runner(game, record, default_limit):
    """``run(events, state=None, limit)``: apply record events from ``state`` (a new match
    by default); (state, every event of every apply)."""
    def run(events, state=None, limit=default_limit):
        s = state if state is not None else game.new_match(limit)
        out = []
        for ev in events:
            s, more = game.apply(s, record.to_action(ev))
            out.extend(more)
        return s, out
    return run


def replayer(name, default_limit):
    """``replay(events, limit, **fields)``: the judge's answer for a record of game ``name``;
    ``at(events, limit)``: the index it names as the first illegal event, with a reason."""
    def replay(events, limit=default_limit, **extra):
        rec = {"game": name, "limit": limit, "events": events}
        rec.update(extra)
        return handle({"op": "replay", "record": rec})

    def at(events, limit=default_limit):
        ans = replay(events, limit)
        assert ans["ok"] is False and ans["error"], ans
        return ans["at"]
    return replay, at
