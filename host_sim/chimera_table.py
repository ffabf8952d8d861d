"""`python -m host_sim play chimera`: a Chimera table in the terminal, for trying rules by hand.

Human seats type at the keyboard: the cards themselves (``7 7``, ``7j 7s``, ``5 6 7 8 P as 9``;
a bare number is always a card), ``pass``, ``bid 30`` (or just ``30`` while bidding), or
``#N`` for entry N of the list of legal actions shown. The other seats are bots
(engine_core/bot_driver.py, at ``--level`` 1 easy, 2 normal, 3 strong). Every action goes
through the engine's game seam, and the record (CONTRACT 2) is rewritten after each one
when ``--record FILE`` is given, so even an interrupted match (q, end of input, Ctrl-C)
leaves a record that replays. The end of each round shows the engine's score-sheet line
(scoring.sheet_line, scored by scoresheet.score_round).
"""

import sys

from engine_core.chimera import game, record, scoresheet
from engine_core.chimera.cards import DECK, VALUE_TOKENS
from engine_core.chimera.scoring import sheet_line
from engine_core.errors import Refused
from host_sim.terminal_table import (
    TABLE_COMMANDS,
    TableBase,
    entries_text,
    entry,
    explained,
    held_cards,
    parse_args as table_args,
    words_of,
)

HINT = ("cards: 1..12 and H (Hero), specials P (Pi Ya) and C (Chimera); add a family j s p t "
        "(Jade Sword Pagoda Star) for one card (7j), or leave it off; #N picks from the list; h: help")
HELP = """cards:  values 1..12 and H (Hero); a family letter j s p t (Jade, Sword, Pagoda, Star) names one
        card (7j, Ht), without it any card of that value you hold (7 7 = two 7s);
        specials P (Pi Ya) and C (Chimera), no family. Order: 1 < .. < 12 < H < P < C
play:   cards (7 7 | 7j 7s | 5 6 7 8 P as 9: P stands for 9, 'as' names the top) | pass (or p)
bid:    bid 20/30/40 (or just 20, 30, 40) | pass       give: the cards to give (3j 12p)
list:   #N picks entry N of the list (#3); a bare number is always a card, never an entry
table:  """ + TABLE_COMMANDS
PROMPTS = {"bid": "bid 20/30/40, pass or #N > ", "give": "cards to give or #N > ",
           "play": "cards, pass or #N > "}


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
    """An action from typed text; Refused with a reason when it names no action. Bare
    numbers are cards; while bidding, 20, 30 and 40 alone are bids."""
    words = words_of(line)
    bidding = game.decision(state)[0] == "bid"
    if not words:
        raise Refused("type cards, pass, bid 20/30/40, or #N for an entry of the list")
    if words[0] in ("pass", "p") and len(words) == 1:
        return (seat, "pass")
    if words[0] == "bid":
        if len(words) != 2 or not words[1].isdigit():
            raise Refused("bid takes 20, 30 or 40: bid 30")
        return (seat, "bid", int(words[1]))
    if bidding:
        if len(words) == 1 and words[0] in ("20", "30", "40"):
            return (seat, "bid", int(words[0]))
        raise Refused("now is the bidding: bid 20/30/40 (or just 20, 30, 40), pass, or #N for an entry")
    as_value = None
    if "as" in words:
        i = words.index("as")
        as_value = DECK.by_token.get(words[-1])
        if i != len(words) - 2 or as_value is None:
            raise Refused("write 'as' then one value at the end, e.g. 5 6 7 8 P as 9")
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
    HINT = HINT

    def loop(self):
        self.say("Chimera, seed %d, limit %d. Players: %s. Type h for help."
                 % (self.args.seed, self.args.limit, self.players_text()))
        while True:
            kind, due = game.decision(self.state)
            if kind == "over":
                return 0
            if kind == "deal":
                action = game.next_deal(self.state, self.deals)
            else:  # the bots due first (the Hunters give at the same time), then a human
                action = self.driver.action(self.state, self.steps)
                if action is None:
                    action = self.human(due[0], kind)
            self.apply(action)

    def apply(self, action):
        self.state, events = game.apply(self.state, action)
        self.write_record(action, events)
        if action[1] in ("pass", "bid"):
            self.say("  %s: %s" % (self.name(action[0]), action_text(action)))
        for e in events:
            self.tell(e, action)

    def human(self, seat, kind):
        s = self.state
        acts = game.legal_actions(s, seat)
        self.say("")
        self.say("%s, your %s. Hand (%d): %s" % (self.tag(seat), kind, len(s.hands[seat]),
                                               cards_text(s.hands[seat])))
        if kind == "play":
            self.say("  table: %s" % ("%s by %s" % (game.reading_name(s.top), self.name(s.top_seat))
                                      if s.top else "you lead"))
            self.say("  cards left: %s" % ", ".join("%s %d" % (self.name(x), len(s.hands[x]))
                                                    for x in range(3)))
        elif kind == "bid":
            self.say("  face-up card: %s; highest bid: %s" % (DECK.token(s.face_up),
                                                              s.bid or "none"))
        if kind in ("play", "give"):
            self.hint(seat)
        for line in entries_text(acts, action_text, 8):
            self.say(line)
        self.at_seat = seat
        while True:
            line = self.typed(PROMPTS.get(kind, "> "))
            try:
                action = entry(line, acts) or parse_typed(line, seat, s)
                game.apply(s, action)  # check only: the reason goes to the player
                return action
            except Refused as e:
                self.say("  not allowed: %s" % self.named(explained(e, line, acts)))

    def tell(self, e, action):
        s = self.state
        kind = e[0]
        if kind == "dealt":
            self.say("\nRound %d: %s deals; the face-up %s goes to %s."
                     % (len(s.match.rounds) + 1, self.tag(e[1]), DECK.token(s.face_up), self.name(e[2])))
        elif kind == "redeal":
            self.say("Everybody passed: %s deals again (C3.5)." % self.name(e[1]))
        elif kind == "forced_bid":
            self.say("Everybody passed again: %s must bid 20 (C3.5)." % self.name(e[1]))
        elif kind == "chimera":
            self.say("%s is the Chimera with %d." % (self.tag(e[1]), e[2]))
        elif kind == "hideout":
            hidden = e[1] in self.args.bots and len(self.args.bots) < 3
            self.say("%s takes the hideout%s." % (self.name(e[1]), "" if hidden else ": " + cards_text(e[2])))
        elif kind == "exchanged":
            self.say("The Hunters exchange %d card(s) each." % len(e[2]))
            _, a, ga, b, gb = e
            for seat, got in ((a, gb), (b, ga)):
                if seat not in self.args.bots:
                    self.say("  %s receives %s." % (self.name(seat), cards_text(got)))
        elif kind == "played":
            self.say("  %s: %s  (%s)" % (self.name(e[1]), cards_text(action[2]), game.reading_name(e[2])))
        elif kind == "trick":
            self.say("  %s takes the trick and leads." % self.name(e[1]))
        elif kind == "out":
            self.say("%s has played their last card." % self.name(e[1]))
        elif kind == "round_over":
            self.round_sheet(e[1])
            self.scores()
        elif kind == "match_over":
            self.say("%s wins the match with %d." % (self.tag(e[1]), s.match.totals[e[1]]))

    def round_sheet(self, deltas):
        """C8: the round's score-sheet line as the engine filled it in (scoring.sheet_line),
        item by item; the deltas are the engine's (scoresheet.score_round)."""
        line = sheet_line(self.state)
        ch, bid, first = line["chimera"], line["bid"], line["first_out"]
        chimera = self.name(ch)
        hunters = [x for x in range(3) if x != ch]
        self.say("Round %d over: %s went out first." % (len(self.state.match.rounds), self.name(first)))
        traps = "%d trap%s" % (line["traps"], "" if line["traps"] == 1 else "s")
        attack = "the Chimera attack" if line["attack"] else "no Chimera attack"
        silent = "a silent Hunter" if line["silent_hunter"] else "no silent Hunter"
        if first == ch:
            self.say("  %s, the Chimera with %d, made it: 2 x %d = %+d (C8.1)"
                     % (chimera, bid, bid, 2 * bid))
            bonus = scoresheet.BONUS
            self.say("  bonuses of %d: %s %+d, %s %+d, %s %+d"
                     % (bonus, traps, bonus * line["traps"], attack, bonus * line["attack"],
                        silent, bonus * line["silent_hunter"]))
        else:
            self.say("  %s, the Chimera with %d, failed: %s %+d, %s %+d each (C8.2)"
                     % (chimera, bid, chimera, -bid, " and ".join(self.name(x) for x in hunters),
                        scoresheet.HUNTER_WIN))
            self.say("  %s, %s, %s: no bonuses when a Hunter goes out first" % (traps, attack, silent))
        self.say("  treasures in the tricks (2 = 10, 11 = 5): %s"
                 % ", ".join("%s %d" % (self.name(x), t) for x, t in enumerate(line["treasure"])))
        self.say("  round: %s" % ", ".join("%s %+d" % (self.name(x), d) for x, d in enumerate(deltas)))


def main(argv):
    return Table(parse_args(argv)).run()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
