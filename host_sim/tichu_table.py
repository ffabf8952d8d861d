"""`python -m host_sim play tichu`: a Tichu table in the terminal, for trying rules by hand.

Human seats type at the keyboard: a number from the list of legal actions, or the action
itself: cards (``7 7``, ``7j 7s``, ``5 6 7 8 PHX as 9``, ``MJ wish 9``), ``pass``,
``tichu``, ``grand``, ``no`` (no Grand Tichu), ``push 5j Ks 2p`` (to the next seat, the
partner, the previous seat), ``gift 1``. A play with the Mah Jong asks for the wish.
Whenever a human seat could bomb the trick on the table out of turn (T5.2), the table
asks it first; the bots (random legal players) bomb out of turn now and then. Every
action goes through the engine's game seam, and the record (CONTRACT 2) is rewritten
after each one when ``--record FILE`` is given, so even an interrupted match replays.
"""

import sys

from engine_core.errors import Refused
from engine_core.tichu import game, record
from engine_core.tichu.cards import DECK, MAHJONG, VALUE_TOKENS
from engine_core.tichu.choices import random_action
from host_sim.terminal_table import TableBase, held_cards, parse_args as table_args

BOT_BOMB_ODDS = 3  # a bot that could bomb out of turn does so 1 time in this many
HELP = """type: a number from the list | cards (7 7, 7j 7s, 5 6 7 8 PHX as 9, MJ wish 9) | pass
      tichu | grand | no (no Grand Tichu) | push 5j Ks 2p (next, partner, previous) | gift 1
      h: this help | s: scores | q: quit"""
_RANKS = {}
for _v in range(2, 15):
    _RANKS[VALUE_TOKENS[_v]] = _v
_VALUES = {}
for _v in VALUE_TOKENS:
    _VALUES[VALUE_TOKENS[_v]] = _v
MJ = MAHJONG << 3 | 4


def parse_args(argv):
    return table_args(argv, "tichu", 4, "Play Tichu at the terminal (RULES T1-T7).",
                      game.DEFAULT_LIMIT, "game limit (T7.1)")


def cards_text(codes):
    return " ".join(DECK.format(sorted(codes))) or "-"


def action_text(a):
    verb = a[1]
    if verb == "no_grand":
        return "no Grand Tichu"
    if verb == "gift":
        return "give the Dragon trick to seat %d" % a[2]
    if verb == "push":
        return "push %s (to %d, %d, %d)" % (" ".join(DECK.format(a[2])), (a[0] + 1) % 4,
                                             (a[0] + 2) % 4, (a[0] + 3) % 4)
    if verb != "play":
        return verb
    text = cards_text(a[2])
    if len(a) > 3 and a[3] is not None:
        text += " as %s" % VALUE_TOKENS[a[3]]
    if len(a) > 4 and a[4]:
        text += " wish %s" % VALUE_TOKENS[a[4]]
    return text


def _option(words, name, table):
    """Remove ``name X`` from the words; X's value from ``table`` (None if absent)."""
    if name not in words:
        return None
    i = words.index(name)
    if i + 1 >= len(words) or words[i + 1] not in table:
        raise Refused("write '%s' then one rank, e.g. %s 9" % (name, name))
    v = table[words[i + 1]]
    del words[i:i + 2]
    return v


def parse_typed(line, seat, state):
    """An action from typed text; Refused with a reason when it names no action."""
    words = line.split()
    if not words:
        raise Refused("type a number, cards, pass, tichu, grand, no, push or gift")
    simple = {"pass": "pass", "p": "pass", "tichu": "tichu", "grand": "grand", "no": "no_grand"}
    if words[0] in simple and len(words) == 1:
        return (seat, simple[words[0]])
    if words[0] == "gift":
        if len(words) != 2 or not words[1].isdigit():
            raise Refused("gift takes a seat: gift 1")
        return (seat, "gift", int(words[1]))
    hand = state.hands[seat]
    if words[0] == "push":
        return (seat, "push", held_cards(DECK.parse(words[1:]), hand, VALUE_TOKENS))
    as_value = _option(words, "as", _VALUES)
    wish = _option(words, "wish", _RANKS)
    return (seat, "play", held_cards(DECK.parse(words), hand, VALUE_TOKENS), as_value, wish)


class Table(TableBase):
    GAME = game
    RECORD = record
    SEATS = 4
    HELP = HELP
    TOTALS_NOTE = "teams 0+2, 1+3; "

    def __init__(self, args, read=input, write=print):
        TableBase.__init__(self, args, read, write)
        self.offered = None  # the state whose bomb offers were made

    def run(self):
        self.say("Tichu, seed %d, limit %d. Teams: seats 0+2 and 1+3. %s"
                 % (self.args.seed, self.args.limit, HELP))
        while True:
            kind, due = game.decision(self.state)
            if kind == "over":
                return 0
            if kind == "deal":
                action = game.next_deal(self.state, self.deals)
            else:
                action = self.bomb_offers(due)
                if action is None:
                    seat = due[0]
                    if seat in self.args.bots:
                        action = random_action(self.state, seat, self.bot_rng)
                    else:
                        action = self.human(seat, kind, game.legal_actions(self.state, seat))
                if action == "quit":
                    return self.stopped()
            self.apply(action)

    def apply(self, action):
        before = self.state
        self.state, events = game.apply(self.state, action)
        self.write_record(action, events)
        if action[1] in ("pass", "no_grand"):
            self.say("  %s: %s" % (self.name(action[0]), action_text(action)))
        for e in events:
            self.tell(e, action, before)

    def bomb_offers(self, due):
        """T5.2: seats that could bomb out of turn are asked (humans) or may (bots), once
        per position."""
        s = self.state
        if self.offered is s:
            return None
        self.offered = s
        for seat in game.bomb_seats(s):
            if seat in due:
                continue
            bombs = [a for a in game.legal_actions(s, seat) if a[1] == "play"]
            if seat in self.args.bots:
                if self.bot_rng.below(BOT_BOMB_ODDS) == 0:
                    return bombs[self.bot_rng.below(len(bombs))]
                continue
            self.say("")
            self.say("%s, you could bomb %s now (T5.2). Hand: %s"
                     % (self.name(seat), game.reading_name(s.top), cards_text(s.hands[seat])))
            a = self.human(seat, "bomb", bombs, optional=True)
            if a is not None:
                return a
        return None

    def human(self, seat, kind, acts, optional=False):
        """The action a human seat types (None: declined an optional offer; "quit")."""
        s = self.state
        # The wish is asked after the play; pushes (14 x 13 x 12 of them) are typed.
        listed = [a for a in acts if a[1] != "push" and (len(a) < 5 or a[4] is None)]
        if not optional:
            self.say("")
            self.say("%s, your %s. Hand (%d): %s" % (self.name(seat), kind, len(s.hands[seat]),
                                                   cards_text(s.hands[seat])))
            self.status(seat)
        if kind == "push":
            self.say("  type: push <card to seat %d> <card to seat %d (partner)> <card to seat %d>"
                     % ((seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4))
        items = ["%d) %s" % (i + 1, action_text(a)) for i, a in enumerate(listed)]
        for i in range(0, len(items), 6):
            self.say("  " + "  ".join(items[i:i + 6]))
        while True:
            line = self.typed("bomb? (number, cards, or Enter for no) > " if optional else "> ", optional)
            if line is None or line == "quit":
                return line
            try:
                if line.isdigit() and 1 <= int(line) <= len(listed):
                    action = listed[int(line) - 1]
                else:
                    action = parse_typed(line, seat, s)
                if action[1] == "play" and MJ in action[2] and (len(action) < 5 or action[4] is None):
                    action = self.ask_wish(action)
                game.apply(s, action)  # check only: the reason goes to the player
                return action
            except Refused as e:
                self.say("  not allowed: %s" % e)

    def ask_wish(self, action):
        """T4.1: the Mah Jong's player may wish a rank."""
        while True:
            try:
                line = self.read("wish a rank 2..A, or Enter for no wish > ").strip()
            except EOFError:
                line = ""
            if not line or line in _RANKS:
                wish = _RANKS.get(line)
                return tuple(action[:3]) + (action[3] if len(action) > 3 else None, wish)
            self.say("  a wish is a rank: 2 .. 10, J, Q, K, A")

    def status(self, seat):
        s = self.state
        if s.phase in ("play", "gift"):
            self.say("  table: %s" % ("%s by seat %d%s" % (game.reading_name(s.top), s.top_seat,
                                                          " (everybody passed)" if s.lead else "")
                                      if s.top else "you lead"))
            if s.wish:
                self.say("  wish: %s (T4.2)" % VALUE_TOKENS[s.wish])
            self.say("  cards left: %s" % ", ".join("seat %d: %d" % (x, len(s.hands[x])) for x in range(4)))
        calls = ["seat %d %s" % (x, game.CALL_NAMES[s.calls[x]]) for x in range(4) if s.calls[x]]
        if calls:
            self.say("  calls: %s" % ", ".join(calls))

    def humans_see(self, seat):
        return seat not in self.args.bots or len(self.args.bots) == 4

    def tell(self, e, action, before):
        s = self.state
        kind = e[0]
        if kind == "dealt":
            self.say("\nRound %d: seat %d deals 8 cards each; Grand Tichu may be called now (T2.1)."
                     % (len(s.match.rounds) + 1, e[1]))
        elif kind == "called":
            self.say("  %s calls %s!" % (self.name(e[1]), "Grand Tichu" if e[2] == "grand" else "Tichu"))
        elif kind == "dealt_rest":
            self.say("The last 6 cards are dealt; now everybody pushes 3 cards (T2.3).")
        elif kind == "pushed":
            self.say("  %s has pushed." % self.name(e[1]))
        elif kind == "exchanged":
            for h in range(4):
                if self.humans_see(h):
                    got = [(h - 1 - k) % 4 for k in range(3)]
                    self.say("  %s receives %s." % (self.name(h), ", ".join(
                        "%s from seat %d" % (DECK.token(e[1][g][k]), g) for k, g in enumerate(got))))
            self.say("Seat %d holds the Mah Jong and leads (T4.1)." % s.turn)
        elif kind == "played":
            bomb = action[0] != before.turn or before.phase == "gift"
            self.say("  %s: %s  (%s)%s" % (self.name(e[1]), cards_text(action[2]), game.reading_name(e[2]),
                                          "  BOMB out of turn!" if bomb else ""))
        elif kind == "wish":
            self.say("  seat %d wishes a %s (T4.2)." % (e[1], VALUE_TOKENS[e[2]]))
        elif kind == "wish_fulfilled":
            self.say("  the wish for %s is fulfilled." % VALUE_TOKENS[e[1]])
        elif kind == "won":
            what = "must give the Dragon trick away" if s.phase == "gift" else "leads next"
            self.say("  everybody passed: seat %d wins the trick and %s (bombs still possible)."
                     % (e[1], what))
        elif kind == "trick":
            if e[1] == e[2]:
                self.say("  seat %d takes the trick." % e[1])
            else:
                self.say("  seat %d gives the Dragon trick to seat %d (T4.5)." % (e[1], e[2]))
        elif kind == "dog":
            self.say("  the Dog: seat %d leads (T4.3)." % e[2])
        elif kind == "out":
            self.say("Seat %d is out (place %d)." % (e[1], s.out.index(e[1]) + 1))
        elif kind == "double_victory":
            self.say("Double victory for team %d (seats %d and %d)! (T6.1)" % (e[1], e[1], e[1] + 2))
        elif kind == "last":
            self.say("Seat %d is last: its hand goes to the opponents, its tricks to seat %d (T6.2)."
                     % (e[1], s.out[0]))
        elif kind == "round_over":
            self.say("Round over: team 0 %+d, team 1 %+d" % e[1])
            self.scores()
        elif kind == "match_over":
            self.say("Team %d (seats %d and %d) wins the game with %d." % (e[1], e[1], e[1] + 2,
                                                                         s.match.totals[e[1]]))


def main(argv):
    return Table(parse_args(argv)).run()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
