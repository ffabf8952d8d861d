"""`python -m host_sim play tichu`: a Tichu table in the terminal, for trying rules by hand.

Human seats type at the keyboard: the action itself: cards (``7 7``, ``7j 7s``,
``5 6 7 8 PHX as 9``, ``MJ wish 9``; a bare number is always a card), ``pass``, ``tichu``,
``grand``, ``no`` (no Grand Tichu), ``push 5j Ks 2p`` (to the next seat, the partner, the
previous seat), ``gift Ben``; or ``#N`` for entry N of the list of legal actions shown.
A play with the Mah Jong and no wish asks for the wish.

Bombs out of turn (T5.2): a human seat that could bomb is asked once per play, and only
when an opponent's play lies on top; it may answer ``n`` (no bombs this trick) or ``off``
(never ask; ``bombs on`` at any prompt asks again). On its own turn its bombs are in the
list as usual. The bots (engine_core/bot_driver.py, at ``--level`` 1 easy, 2 normal,
3 strong) are asked first whenever they could bomb or call Tichu out of turn.

Every action goes through the engine's game seam, and the record (CONTRACT 2) is rewritten
after each one when ``--record FILE`` is given, so even an interrupted match (q, end of
input, Ctrl-C) replays. The end of each round shows the engine's score-sheet line
(scoring.sheet_line, scored by scoresheet.score_round).
"""

import sys

from engine_core.errors import Refused
from engine_core.tichu import game, record, scoresheet, scoring
from engine_core.tichu.cards import DECK, MAHJONG, VALUE_TOKENS
from engine_core.tichu.scoring import sheet_line
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

WISH_VALUES = "2..10, J, Q, K, A (or 11..14 for J..A)"
HINT = ("cards: 2..10 J Q K A, specials MJ (Mah Jong) DOG PHX (Phoenix) DRG (Dragon); add a suit "
        "j s p t (Jade Sword Pagoda Star) for one card (Kj), or leave it off; #N picks from the list; "
        "h: help")
HELP = """cards:  ranks 2..10, J, Q, K, A; a suit letter j s p t (Jade, Sword, Pagoda, Star) names one card
        (10p, Kj), without it any card of that rank you hold (7 7 = two 7s); specials, no suit:
        MJ (Mah Jong, the 1), DOG, PHX (Phoenix), DRG (Dragon)
play:   cards (7 7 | 7j 7s | 5 6 7 8 PHX as 9: 'as' names the top) | pass (or p)
wish:   MJ wish 9 | MJ wish K | MJ wish=Q | MJ wish none; a wish is a rank %s;
        the Mah Jong played without a wish asks for one
calls:  tichu | grand | no (no Grand Tichu)
other:  push 5j Ks 2p (to the next seat, the partner, the previous seat) | gift NAME (Dragon trick)
list:   #N picks entry N of the list (#3); a bare number is always a card, never an entry
bombs:  you are asked to bomb out of turn once per play, when an opponent's play lies on top;
        answer #N or the cards, Enter (not now), n (no bombs this trick) or off (never ask);
        bombs off / bombs on at any prompt. On your own turn your bombs are in the list.
table:  %s""" % (WISH_VALUES, TABLE_COMMANDS)
PROMPTS = {"grand": "grand, no or #N > ", "push": "push <3 cards> > ", "play": "cards, pass or #N > ",
           "gift": "gift NAME or #N > "}
BOMB_PROMPT = "bomb? #N or cards; Enter: not now, n: not this trick, off: never > "
WISH_PROMPT = "wish a rank (%s), or Enter for no wish > " % WISH_VALUES
_VALUES = {}
for _v in VALUE_TOKENS:
    _VALUES[VALUE_TOKENS[_v]] = _v
MJ = MAHJONG << 3 | 4
NO_WISH = ("none", "no", "-")


def parse_args(argv):
    return table_args(argv, "tichu", 4, "Play Tichu at the terminal (RULES T1-T7).",
                      game.DEFAULT_LIMIT, "game limit (T7.1)")


def cards_text(codes):
    return " ".join(DECK.format(sorted(codes))) or "-"


def action_text(a, names=None):
    def name(x):
        return "%s [%d]" % (names[x], x) if names else "seat %d" % x

    verb = a[1]
    if verb == "no_grand":
        return "no Grand Tichu"
    if verb == "gift":
        return "give the Dragon trick to %s" % name(a[2])
    if verb == "push":
        return "push %s (to %s, %s, %s)" % (" ".join(DECK.format(a[2])), name((a[0] + 1) % 4),
                                             name((a[0] + 2) % 4), name((a[0] + 3) % 4))
    if verb != "play":
        return verb
    text = cards_text(a[2])
    if len(a) > 3 and a[3] is not None:
        text += " as %s" % VALUE_TOKENS[a[3]]
    if len(a) > 4 and a[4]:
        text += " wish %s" % VALUE_TOKENS[a[4]]
    return text


def wish_value(text):
    """T4.1: a wished rank 2..14 from ``9``, ``K``, ``k``, ``13``; None for no wish."""
    t = text.strip()
    if t.lower() in NO_WISH or not t:
        return None
    v = _VALUES.get(t.upper())
    if v is None and t.isdigit():
        v = int(t)
    if v is None or not 2 <= v <= 14:
        why = " (1 is the Mah Jong itself)" if t in ("1", "MJ") else ""
        raise Refused("%s is no wish%s: a wish is a rank %s, e.g. MJ wish 9 or MJ wish K; "
                      "'wish none' or no wish at all is allowed (T4.1)" % (t, why, WISH_VALUES))
    return v


def _as_option(words):
    """Remove ``as X`` from the words; X's value (None if absent)."""
    if "as" not in words:
        return None
    i = words.index("as")
    v = _VALUES.get(words[i + 1].upper()) if i + 1 < len(words) else None
    if v is None:
        raise Refused("write 'as' then the top rank, e.g. 5 6 7 8 PHX as 9")
    del words[i:i + 2]
    return v


def _wish_option(words):
    """Remove ``wish X`` from the words; (named, value)."""
    if "wish" not in words:
        return False, None
    i = words.index("wish")
    if i + 1 >= len(words):
        raise Refused("wish needs a rank: a wish is a rank %s, e.g. MJ wish 9 (T4.1)" % WISH_VALUES)
    v = wish_value(words[i + 1])
    del words[i:i + 2]
    return True, v


def seat_named(text, seat, names):
    """The seat a gift names: a name (any case) or a seat number."""
    t = text.strip()
    if t.isdigit():
        return int(t)
    for x, n in enumerate(names or ()):
        if n.lower() == t.lower():
            return x
    raise Refused("gift takes an opponent's name: gift %s or gift %s"
                  % tuple(names[(seat + k) % 4] if names else "seat %d" % ((seat + k) % 4) for k in (1, 3)))


def parse_typed(line, seat, state, names=None):
    """An action from typed text; Refused with a reason when it names no action."""
    words = words_of(line)
    if not words:
        raise Refused("type cards, pass, tichu, grand, no, push, gift, or #N for an entry of the list")
    simple = {"pass": "pass", "p": "pass", "tichu": "tichu", "grand": "grand", "no": "no_grand"}
    if words[0] in simple and len(words) == 1:
        return (seat, simple[words[0]])
    if words[0] == "gift":
        if len(words) < 2:
            raise Refused("gift takes an opponent: gift NAME")
        return (seat, "gift", seat_named(" ".join(words[1:]), seat, names))
    hand = state.hands[seat]
    if words[0] == "push":
        return (seat, "push", held_cards(DECK.parse(words[1:]), hand, VALUE_TOKENS))
    if seat in game.decision(state)[1] and game.decision(state)[0] == "push":  # the word is optional
        return (seat, "push", held_cards(DECK.parse(words), hand, VALUE_TOKENS))
    as_value = _as_option(words)
    named, wish = _wish_option(words)
    cards = held_cards(DECK.parse(words), hand, VALUE_TOKENS)
    if named and MJ not in cards:
        raise Refused("only a play with the Mah Jong names a wish: MJ wish 9 (T4.1)")
    if MJ in cards and not named:
        return (seat, "play", cards, as_value)  # no wish named: the table asks for it
    return (seat, "play", cards, as_value, wish)


class Table(TableBase):
    GAME = game
    RECORD = record
    SEATS = 4
    HELP = HELP
    HINT = HINT

    def __init__(self, args, read=input, write=print):
        TableBase.__init__(self, args, read, write)
        self.offered = None  # the state whose humans' bomb chances were offered
        self.asked = {}  # seat -> the play it was last asked to bomb
        self.no_bombs = set()  # seats that said "no bombs this trick"
        self.bombs_off = set()  # seats that said "bombs off"

    def team_name(self, team):
        return "%s+%s" % (self.name(team), self.name(team + 2))

    def columns(self):
        return [self.team_name(0), self.team_name(1)]

    def loop(self):
        self.say("Tichu, seed %d, limit %d. Players: %s. Teams: %s and %s. Type h for help."
                 % (self.args.seed, self.args.limit, self.players_text(), self.team_name(0),
                    self.team_name(1)))
        while True:
            kind, due = game.decision(self.state)
            if kind == "over":
                return 0
            if kind == "deal":
                action = game.next_deal(self.state, self.deals)
            else:
                # Bots out of turn (bombs, Tichu calls), humans' bombs, the bots due, a human due.
                action = self.driver.out_of_turn(self.state, self.steps)
                if action is None:
                    action = self.bomb_offers(due)
                if action is None:
                    action = self.driver.due(self.state, self.steps)
                if action is None:
                    seat = due[0]  # the driver answers for every bot due: this is a human
                    action = self.human(seat, kind, game.legal_actions(self.state, seat))
                    # On its turn the seat saw the play on top and its bombs in the list.
                    self.asked[seat] = self.play_key(self.state)
            self.apply(action)

    def apply(self, action):
        before = self.state
        self.state, events = game.apply(self.state, action)
        self.write_record(action, events)
        if action[1] in ("pass", "no_grand"):
            self.say("  %s: %s" % (self.name(action[0]), action_text(action)))
        for e in events:
            self.tell(e, action, before)

    # ------------------------------------------------------------------ bombs (T5.2)
    def play_key(self, s):
        """One play lying on the table: passes after it do not make it new."""
        return (len(s.match.rounds), s.trick, s.top_seat)

    def may_ask_bomb(self, seat, s):
        """Ask a human to bomb only when it matters: an opponent's play lies on top, the
        seat was not asked about this play yet, and it has not said n (this trick) or off."""
        return (s.top is not None and game.team(s.top_seat) != game.team(seat)
                and seat not in self.bombs_off and seat not in self.no_bombs
                and self.asked.get(seat) != self.play_key(s))

    def bomb_offers(self, due):
        """T5.2: human seats that could bomb out of turn are asked (see may_ask_bomb; the
        bots' chances are the driver's), once per position."""
        s = self.state
        if self.offered is s:
            return None
        self.offered = s
        for seat in game.bomb_seats(s):
            if seat in due or seat in self.args.bots:
                continue
            if not self.may_ask_bomb(seat, s):
                continue
            self.asked[seat] = self.play_key(s)
            bombs = [a for a in game.legal_actions(s, seat) if a[1] == "play"]
            self.say("")
            self.say("%s, you could bomb %s by %s now (T5.2). Hand: %s"
                     % (self.tag(seat), game.reading_name(s.top), self.name(s.top_seat),
                        cards_text(s.hands[seat])))
            a = self.human(seat, "bomb", bombs, optional=True)
            if a is not None:
                return a
        return None

    def command(self, line):
        words = line.split()
        if len(words) == 2 and words[0] == "bombs" and words[1] in ("on", "off"):
            if self.at_seat is not None:
                self.set_bombs(self.at_seat, words[1] == "on")
            return True
        return False

    def set_bombs(self, seat, on):
        if on:
            self.bombs_off.discard(seat)
            self.say("  bombs on: %s is asked to bomb when an opponent's play could be bombed."
                     % self.name(seat))
        else:
            self.bombs_off.add(seat)
            self.say("  bombs off: %s is not asked to bomb out of turn (bombs on asks again)."
                     % self.name(seat))

    # ------------------------------------------------------------------ a human's turn
    def human(self, seat, kind, acts, optional=False):
        """The action a human seat types (None: declined an optional offer)."""
        s = self.state
        # The wish is asked after the play; pushes (14 x 13 x 12 of them) are typed.
        listed = [a for a in acts if a[1] != "push" and (len(a) < 5 or a[4] is None)]
        if not optional:
            self.say("")
            self.say("%s, your %s. Hand (%d): %s" % (self.tag(seat), kind, len(s.hands[seat]),
                                                   cards_text(s.hands[seat])))
            self.status(seat)
        if kind == "push":
            self.say("  type: push <card to %s> <card to %s (partner)> <card to %s>"
                     % tuple(self.name((seat + k) % 4) for k in (1, 2, 3)))
        if kind in ("push", "play", "bomb"):
            self.hint(seat)
        for line in entries_text(listed, lambda a: action_text(a, self.args.names), 6):
            self.say(line)
        self.at_seat = seat
        while True:
            line = self.typed(BOMB_PROMPT if optional else PROMPTS.get(kind, "> "), optional)
            if line is None:
                return None
            if optional and line in ("n", "no"):
                self.no_bombs.add(seat)
                self.say("  no bombs this trick for %s." % self.name(seat))
                return None
            if optional and line == "off":
                self.set_bombs(seat, False)
                return None
            try:
                action = entry(line, listed)
                if action is None:
                    action = parse_typed(line, seat, s, self.args.names)
                # Entries of the list and cards typed without "wish" name no wish yet.
                if action[1] == "play" and MJ in action[2] and (len(action) < 5 or line.startswith("#")):
                    action = self.ask_wish(action)
                game.apply(s, action)  # check only: the reason goes to the player
                return action
            except Refused as e:
                self.say("  not allowed: %s" % self.named(explained(e, line, listed)))

    def ask_wish(self, action):
        """T4.1: the Mah Jong's player may wish a rank."""
        while True:
            words = words_of(self.typed(WISH_PROMPT, optional=True) or "")
            if words and words[0] == "wish":
                words = words[1:]
            try:
                wish = wish_value(" ".join(words))
            except Refused as e:
                self.say("  %s" % e)
                continue
            return tuple(action[:3]) + (action[3] if len(action) > 3 else None, wish)

    def status(self, seat):
        s = self.state
        if s.phase in ("play", "gift"):
            self.say("  table: %s" % ("%s by %s%s" % (game.reading_name(s.top), self.name(s.top_seat),
                                                     " (everybody passed)" if s.lead else "")
                                      if s.top else "you lead"))
            if s.wish:
                self.say("  wish: %s (T4.2)" % VALUE_TOKENS[s.wish])
            self.say("  cards left: %s" % ", ".join("%s %d" % (self.name(x), len(s.hands[x]))
                                                    for x in range(4)))
        calls = ["%s %s" % (self.name(x), scoring.CALL_NAMES[s.calls[x]]) for x in range(4) if s.calls[x]]
        if calls:
            self.say("  calls: %s" % ", ".join(calls))

    def humans_see(self, seat):
        return seat not in self.args.bots or len(self.args.bots) == 4

    # ------------------------------------------------------------------ what happened
    def tell(self, e, action, before):
        s = self.state
        kind = e[0]
        if kind == "dealt":
            self.no_bombs.clear()
            self.say("\nRound %d: %s deals 8 cards each; Grand Tichu may be called now (T2.1)."
                     % (len(s.match.rounds) + 1, self.tag(e[1])))
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
                        "%s from %s" % (DECK.token(e[1][g][k]), self.name(g)) for k, g in enumerate(got))))
            self.say("%s holds the Mah Jong and leads (T4.1)." % self.name(s.turn))
        elif kind == "played":
            bomb = action[0] != before.turn or before.phase == "gift"
            self.say("  %s: %s  (%s)%s" % (self.name(e[1]), cards_text(action[2]), game.reading_name(e[2]),
                                          "  BOMB out of turn!" if bomb else ""))
        elif kind == "wish":
            self.say("  %s wishes a %s (T4.2)." % (self.name(e[1]), VALUE_TOKENS[e[2]]))
        elif kind == "wish_fulfilled":
            self.say("  the wish for %s is fulfilled." % VALUE_TOKENS[e[1]])
        elif kind == "won":
            what = "must give the Dragon trick away" if s.phase == "gift" else "leads next"
            self.say("  everybody passed: %s wins the trick and %s (bombs still possible)."
                     % (self.name(e[1]), what))
        elif kind == "bombs_closed":
            self.no_bombs.clear()
        elif kind == "trick":
            if e[1] == e[2]:
                self.say("  %s takes the trick." % self.name(e[1]))
            else:
                self.say("  %s gives the Dragon trick to %s (T4.5)." % (self.name(e[1]), self.name(e[2])))
        elif kind == "dog":
            self.say("  the Dog: %s leads (T4.3)." % self.name(e[2]))
        elif kind == "out":
            self.say("%s is out (place %d)." % (self.name(e[1]), s.out.index(e[1]) + 1))
        elif kind == "double_victory":
            self.say("Double victory for %s! (T6.1)" % self.team_name(e[1]))
        elif kind == "last":
            self.say("%s is last: the hand goes to the opponents, the tricks to %s (T6.2)."
                     % (self.name(e[1]), self.name(s.out[0])))
        elif kind == "round_over":
            self.round_sheet(e[1])
            self.scores()
        elif kind == "match_over":
            self.say("Team %s wins the game with %d." % (self.team_name(e[1]), s.match.totals[e[1]]))

    def round_sheet(self, deltas):
        """T6: the round's score-sheet line as the engine filled it in (scoring.sheet_line),
        item by item; the deltas are the engine's (scoresheet.score_round)."""
        line = sheet_line(self.state)
        first = line["first_out"]
        order = [self.name(x) for x in self.state.out]
        self.say("Round %d over. Out: %s." % (len(self.state.match.rounds), ", ".join(order)))
        sweep = line["double_victory"]
        if sweep is not None:
            self.say("  double victory: %s %+d; card points are not counted (T6.1)"
                     % (self.team_name(sweep), scoresheet.SWEEP))
        else:
            self.say("  card points (T6.3): %s" % ", ".join(
                "%s %d" % (self.team_name(t), p) for t, p in enumerate(line["card_points"])))
        calls = line["calls"]
        for key in sorted(calls, key=int):
            seat = int(key)
            value = scoresheet.CALL_VALUE[calls[key]]
            made = seat == first
            self.say("  %s called %s and %s: %+d for %s (T6.4)"
                     % (self.name(seat), "Grand Tichu" if calls[key] == "grand" else "Tichu",
                        "went out first" if made else "did not go out first",
                        value if made else -value, self.team_name(game.team(seat))))
        if not calls:
            self.say("  no Tichu calls")
        self.say("  round: %s" % ", ".join("%s %+d" % (self.team_name(t), d) for t, d in enumerate(deltas)))


def main(argv):
    return Table(parse_args(argv)).run()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
