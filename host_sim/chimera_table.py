"""`python -m host_sim play chimera`: a Chimera table in the terminal, for trying rules by hand.

Human seats type at the keyboard (a number from the list of legal actions, or the cards
themselves: ``7 7``, ``7j 7s``, ``5 6 7 8 P as 8``, ``pass``, ``bid 30``); the other seats
are random-legal bots. Every action goes through the engine's game seam, and the record
(CONTRACT 2) is rewritten after each one when ``--record FILE`` is given, so even an
interrupted match leaves a record that replays.
"""

import sys

from engine_core.chimera import game, record
from engine_core.chimera.cards import DECK, VALUE_TOKENS
from engine_core.errors import Refused
from host_sim.terminal_table import TableBase, held_cards, parse_args as table_args

HELP = """type: a number from the list | cards (7 7, 7j 7s, 5 6 7 8 P as 8) | pass | bid 20/30/40
      h: this help | s: scores | q: quit"""


def parse_args(argv):
    return table_args(argv, "chimera", 3, "Play Chimera at the terminal (RULES C1-C9).",
                      game.DEFAULT_LIMIT, "match limit (C9.1)")


def cards_text(codes):
    return " ".join(DECK.format(sorted(codes))) or "-"


def action_text(a):
    verb = a[1]
    if verb == "pass":
        return "pass"
    if verb == "bid":
        return "bid %d" % a[2]
    text = "%s %s" % (verb, " ".join(VALUE_TOKENS[c >> 3] for c in sorted(a[2])))
    if verb == "play" and len(a) > 3 and a[3] is not None:
        text += " (as %s)" % VALUE_TOKENS[a[3]]
    return text


def parse_typed(line, seat, state):
    """An action from typed text; Refused with a reason when it names no action."""
    words = line.split()
    if not words:
        raise Refused("type a number, cards, pass or bid")
    if words[0] in ("pass", "p"):
        return (seat, "pass")
    if words[0] == "bid":
        if len(words) != 2 or not words[1].isdigit():
            raise Refused("bid takes 20, 30 or 40")
        return (seat, "bid", int(words[1]))
    as_value = None
    if "as" in words:
        i = words.index("as")
        as_value = DECK.by_token.get(words[-1])
        if i != len(words) - 2 or as_value is None:
            raise Refused("write 'as' then one value at the end, e.g. 5 6 7 8 P as 8")
        words = words[:i]
    cards = held_cards(DECK.parse(words), state.hands[seat], VALUE_TOKENS)
    if game.decision(state)[0] == "give":
        return (seat, "give", cards)
    return (seat, "play", cards, as_value)


class Table(TableBase):
    GAME = game
    RECORD = record
    SEATS = 3
    HELP = HELP

    def run(self):
        self.say("Chimera, seed %d, limit %d. %s" % (self.args.seed, self.args.limit, HELP))
        while True:
            kind, due = game.decision(self.state)
            if kind == "over":
                return 0
            if kind == "deal":
                action = game.next_deal(self.state, self.deals)
            else:
                seat = due[0]
                action = self.bot(seat) if seat in self.args.bots else self.human(seat, kind)
                if action is None:
                    return self.stopped()
            self.apply(action)

    def apply(self, action):
        self.state, events = game.apply(self.state, action)
        self.write_record(action, events)
        if action[1] in ("pass", "bid"):
            self.say("  %s: %s" % (self.name(action[0]), action_text(action)))
        for e in events:
            self.tell(e, action)

    def bot(self, seat):
        acts = game.legal_actions(self.state, seat)
        return acts[self.bot_rng.below(len(acts))]

    def human(self, seat, kind):
        s = self.state
        acts = game.legal_actions(s, seat)
        self.say("")
        self.say("%s, your %s. Hand (%d): %s" % (self.name(seat), kind, len(s.hands[seat]),
                                               cards_text(s.hands[seat])))
        if kind == "play":
            self.say("  table: %s" % ("%s by seat %d" % (game.reading_name(s.top), s.top_seat)
                                      if s.top else "you lead"))
            self.say("  cards left: %s" % ", ".join("seat %d: %d" % (x, len(s.hands[x])) for x in range(3)))
        elif kind == "bid":
            self.say("  face-up card: %s; highest bid: %s" % (DECK.token(s.face_up),
                                                              s.bid or "none"))
        items = ["%d) %s" % (i + 1, action_text(a)) for i, a in enumerate(acts)]
        for i in range(0, len(items), 8):
            self.say("  " + "  ".join(items[i:i + 8]))
        while True:
            line = self.typed("> ")
            if line == "quit":
                return None
            if line.isdigit() and 1 <= int(line) <= len(acts):
                return acts[int(line) - 1]
            try:
                action = parse_typed(line, seat, s)
                game.apply(s, action)  # check only: the reason goes to the player
                return action
            except Refused as e:
                self.say("  not allowed: %s" % e)

    def tell(self, e, action):
        s = self.state
        kind = e[0]
        if kind == "dealt":
            self.say("\nRound %d: seat %d deals; the face-up %s goes to seat %d."
                     % (len(s.match.rounds) + 1, e[1], DECK.token(s.face_up), e[2]))
        elif kind == "redeal":
            self.say("Everybody passed: seat %d deals again (C3.5)." % e[1])
        elif kind == "forced_bid":
            self.say("Everybody passed again: seat %d must bid 20 (C3.5)." % e[1])
        elif kind == "chimera":
            self.say("Seat %d is the Chimera with %d." % (e[1], e[2]))
        elif kind == "hideout":
            hidden = e[1] in self.args.bots and len(self.args.bots) < 3
            self.say("Seat %d takes the hideout%s." % (e[1], "" if hidden else ": " + cards_text(e[2])))
        elif kind == "exchanged":
            self.say("The Hunters exchange %d card(s) each." % len(e[2]))
            _, a, ga, b, gb = e
            for seat, got in ((a, gb), (b, ga)):
                if seat not in self.args.bots:
                    self.say("  %s receives %s." % (self.name(seat), cards_text(got)))
        elif kind == "played":
            self.say("  %s: %s  (%s)" % (self.name(e[1]), cards_text(action[2]), game.reading_name(e[2])))
        elif kind == "trick":
            self.say("  seat %d takes the trick and leads." % e[1])
        elif kind == "out":
            self.say("Seat %d has played their last card." % e[1])
        elif kind == "round_over":
            self.say("Round over: %s" % " ".join("%+d" % d for d in e[1]))
            self.scores()
        elif kind == "match_over":
            self.say("Seat %d wins the match with %d." % (e[1], s.match.totals[e[1]]))


def main(argv):
    return Table(parse_args(argv)).run()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
