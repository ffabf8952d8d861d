"""What both games' random-match tests (test_*_fuzz.py) do with a finished match: replay
its record through judge, and flawed copies of it (CONTRACT 3), and run many matches."""

import json

from engine_core.judge import handle


def check_replay(rec, m):
    """The written record replays through judge to what live play gave."""
    ans = handle({"op": "replay", "record": rec})
    assert ans == {"ok": True, "totals": list(m.totals), "rounds": [list(r) for r in m.rounds],
                   "winner": m.winner}


def mutant(rec, rng, junk, tokens):
    """A copy of a record with one random flaw: an event dropped, repeated, swapped, a
    field replaced by junk, a card replaced, or junk appended."""
    r = json.loads(json.dumps(rec))
    ev = r["events"]
    i = rng.below(len(ev))
    e = ev[i]
    how = rng.below(6)
    if how == 0:
        del ev[i]
    elif how == 1:
        ev.insert(i, json.loads(json.dumps(rng.choice(ev))))
    elif how == 2:
        j = rng.below(len(ev))
        ev[i], ev[j] = ev[j], ev[i]
    elif how == 3:
        e[rng.below(len(e))] = rng.choice(junk)
    elif how == 4 and e[0] == "deal":
        d = e[1]
        d[rng.choice(sorted(d))] = rng.choice(junk)
    elif how == 4 and len(e) > 2 and isinstance(e[2], list) and e[2]:
        e[2][rng.below(len(e[2]))] = rng.choice(junk + tuple(tokens))
    else:
        ev.append(rng.choice(junk))
    return r


def check_mutants(rec, rng, junk, tokens, n=10):
    """CONTRACT 3: a flawed record never breaks replay; the answer names the first illegal
    event, and everything before it replays. ``tokens``: the game's whole deck."""
    for _ in range(n):
        r = mutant(rec, rng, junk, tokens)
        ans = handle({"op": "replay", "record": r})
        assert "ok" in ans, ans
        if not ans["ok"]:
            assert ans["error"] and not ans["error"].startswith("internal"), ans
            r["events"] = r["events"][:ans["at"]]
            assert handle({"op": "replay", "record": r})["ok"] is True


def check_match_end(state, limit, sides, writer, seed, rng, junk, tokens):
    # A finished match: a winner at or over the limit, totals that are the sum of the
    # rounds, a record that replays to the same result, and (one match in five) flawed
    # copies of it refused at the flaw. Returns the number of rounds.
    m = state.match
    assert m.winner is not None and m.totals[m.winner] >= limit
    assert list(m.totals) == [sum(r[i] for r in m.rounds) for i in range(sides)]
    rec = json.loads(json.dumps(writer.record))
    check_replay(rec, m)
    if seed % 5 == 0:
        check_mutants(rec, rng, junk, tokens)
    return len(m.rounds)


def run_matches(n, play_match, limits):
    """``n`` matches, seeds 0..n-1, limits in turn; every match plays at least a round."""
    rounds = 0
    for seed in range(n):
        try:
            rounds += play_match(seed, limits[seed % len(limits)])
        except AssertionError:
            print("failing seed: %d" % seed)
            raise
    assert rounds >= n
