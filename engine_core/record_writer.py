# The record writer both games' record.Writer return: a game record (CONTRACT 2) written
# as the game goes. Its own module: the judge's replay never writes, so it never loads it.


class Writer:
    # ``add`` each applied action with its events. ``to_event`` is the game's conversion;
    # ``unwritten``: the verbs of live play that a record never holds.

    def __init__(self, game, to_event, unwritten, limit, seed=None, players=None, started=None):
        self.to_event = to_event
        self.unwritten = unwritten
        self.record = {"game": game, "limit": limit, "events": []}
        for key, val in (("seed", seed), ("players", players), ("started", started)):
            if val is not None:
                self.record[key] = val

    def add(self, action, events=()):
        if action[1] in self.unwritten:
            return
        reading = None
        for e in events:
            if e[0] == "played":
                reading = e[2]
        self.record["events"].append(self.to_event(action, reading))
