"""The random-play check of the human's decisions (issue 28): seeded dealt rounds on every
board, in both languages and both games, played by a random player through the board's
keys (host_sim/dealt_play.py plays the round: the bots, the position, the panel), with
the proposals switched on and off at random from one decision to the next. At every
decision it checks:

- opened on a bomb: a hand that shows a position first (before any key) never has a bomb
  in view; a bomb claim (BOMB on the table: the player asked for the bombs) may, and is
  counted apart;
- Yes without tip: a question that cannot be taken back ("Call Tichu?", "Call Grand
  Tichu?", "Bomb your partner?") opens on No, unless the hand's proposal is that
  very action;
- plays with hidden cards: every play the menu offers (the player walks its columns at
  random) has each of its cards drawn on the panel, inside it;
- false reasons: a tip in view says something true of the action it names. The reasons'
  conditions are read from their words here, an oracle of this check's own computed from
  the engine's rules and legal actions (never from engine_core/proposal.py's code), and a
  forced pass gets no tip at all.

``python -m host_sim.decision_check [--rounds N] [--jobs J]`` prints the figures per board
and language and exits 1 when any check failed (``make decisions``)."""

import random
import sys

from host_sim import dealt_play as dp

LANGUAGES = (0, 1)
GAMES = ("chimera", "tichu")
MAX_PRESSES = 40  # presses a decision may take before its action is entered directly
COUNTS = ("rounds", "decisions", "opened", "on_bomb", "claims", "asked", "asked_tips", "bomb_asked",
          "yes_no_tip", "plays", "hidden", "tips", "false", "direct")


class Figures:
    """What the check counted, and each fault it found with where (board, language, game,
    seed and the keys of the decision)."""

    def __init__(self):
        for k in COUNTS:
            setattr(self, k, 0)
        self.faults = []  # (kind, where, what)
        self.errors = []  # rounds that failed to play to their end

    def add(self, other):
        for k in COUNTS:
            setattr(self, k, getattr(self, k) + getattr(other, k))
        self.faults += other.faults
        self.errors += other.errors

    def failed(self):
        return self.on_bomb + self.yes_no_tip + self.hidden + self.false + len(self.errors)


# -- the oracle of the reasons ------------------------------------------------------------------

# The strong cards, by value: the A, the Phoenix and the Dragon (Tichu); the Hero, the Pi
# Ya and the Chimera (Chimera).
STRONG = {"tichu": 14, "chimera": 13}
TICHU_DOG, TICHU_MAHJONG, TICHU_PHOENIX, TICHU_DRAGON = 0, 1, 15, 16
BOMB_KIND = {"tichu": 6, "chimera": 12}  # the first kind of bomb: four of a kind; the trap
CHIMERA_TRAP, CHIMERA_ATTACK = 12, 13


class Position:
    """What the oracle reads of the position a proposal was made in: the engine's state,
    the seat, its legal actions and the readings of its plays."""

    def __init__(self, dealt, seat):
        self.name = dealt.name
        self.game = dealt.game
        self.state = st = dealt.state
        self.seat = seat
        self.hand = tuple(st.hands[seat])
        if self.name == "tichu":
            self.over = None if st.lead or st.top is None else st.top
            self.partners = ((seat + 2) % 4,)
        else:
            self.over = st.top
            ch = st.chimera
            hunters = ch >= 0 and ch != seat  # then the other Hunter is the partner
            self.partners = tuple(s for s in range(3) if s not in (seat, ch)) if hunters else ()
        self._legal = None

    def legal(self):
        if self._legal is None:
            self._legal = list(self.game.legal_actions(self.state, self.seat))
        return self._legal

    def reading(self, cards, as_value):
        return self.game.reading_for(tuple(cards), self.over, as_value)

    def bomb(self, r):
        return r[0] >= BOMB_KIND[self.name]

    def table_rank(self, r):
        # The rank a play lies on the table with: a Tichu Phoenix single on a single is
        # half a step above it (RULES T4.4), its reading's rank says 1.5.
        if self.name == "tichu" and self.over is not None and r[0] == 0 and r[2] & 1:
            from engine_core.tichu.combos import placed

            return placed(r, self.over)[2]
        return r[2]

    def plays(self):
        """(cards, as, reading) of every legal play."""
        out = []
        for a in self.legal():
            if a[1] == "play":
                v = a[3] if len(a) > 3 else None
                out.append((a[2], v, self.reading(a[2], v)))
        return out

    def lowest_of_its_kind(self, r, keeping=False):
        # Is ``r`` the lowest (as it would lie) of the legal plays that are no bomb and of
        # its kind and length (``keeping``: of those that keep the strong cards, and the
        # Dog, in the hand)? The Tichu Phoenix alone is no lower play than a card: it lies
        # half a step above whatever it beats.
        low = self.table_rank(r)
        for cards, _, x in self.plays():
            if keeping and [c for c in cards if _strong(self.name, c >> 3)
                            or self.name == "tichu" and c >> 3 == TICHU_DOG]:
                continue
            if self.name == "tichu" and len(cards) == 1 and cards[0] >> 3 == TICHU_PHOENIX:
                continue
            if not self.bomb(x) and x[0] == r[0] and x[1] == r[1] and self.table_rank(x) < low:
                return False
        return True

    def others_hold(self):
        out = []
        for s in range(len(self.state.hands)):
            if s != self.seat:
                out.extend(self.state.hands[s])
        return out

    def higher_single(self, v):
        # Can a card another seat holds beat the single ``v`` (as a single, no bomb)?
        for c in self.others_hold():
            w = c >> 3
            if self.name == "tichu":
                if w == TICHU_DOG:
                    continue
                if w == TICHU_PHOENIX and v < TICHU_DRAGON or w > v:
                    return True
            elif w > v:
                return True
        return False


def _strong(name, v):
    return v >= STRONG[name]


def reason_false(pos, action, why):
    """Why the reason ``why`` ((text, args), the English text) is false of ``action`` in
    ``pos``; None when it is true."""
    name = pos.name
    verb = action[1]
    others = [a for a in pos.legal() if a[1] not in ("pass", "tichu")]
    if why is None:
        return None
    text, args = why
    if text not in REASONS:
        return "no oracle for this reason"
    if verb == "pass" and not others:
        return "a forced pass (nothing else is legal) gets no tip"
    if text == "The strong bot's choice":
        return None
    if text == "Plays you out":
        return None if verb == "play" and sorted(action[2]) == sorted(pos.hand) else "the play keeps cards"
    if text in ("Your partner is winning this trick", "Keep your cards for a later trick", "Too weak to bid"):
        if verb != "pass":
            return "not a pass"
        if not others:
            return "nothing else was legal"
        if text == "Your partner is winning this trick":
            st = pos.state
            if pos.over is None or st.top_seat not in pos.partners:
                return "the trick is not the partner's (top seat %d)" % st.top_seat
        if text == "Too weak to bid" and (name != "chimera" or pos.state.phase != "bid"):
            return "not in bidding"
        return None
    if text == "Strong enough to bid %d":
        return None if verb == "bid" and args and args[0] == action[2] else "the bid is %r" % (action,)
    calls = {"A strong hand: call Tichu": "tichu", "Very strong first 8 cards": "grand",
             "Not strong enough for Grand Tichu": "no_grand"}
    if text in calls:
        return None if verb == calls[text] else "the action is %r" % (verb,)
    if text in ("Low cards to the opponents, a good one to your partner", "Cards you can spare",
                "Your strong cards stay with you"):
        if verb not in ("push", "give"):
            return "not a push or an exchange"
        vs = [c >> 3 for c in action[2]]
        if text == "Low cards to the opponents, a good one to your partner":
            # pushed to the next seat, the partner, the previous seat (T2.3): low is a card
            # no higher than 9 (not the Dog); good for the partner is a J or higher, or the
            # Dog (the lead)
            if verb != "push":
                return "not a push"
            low = [v for v in (vs[0], vs[2]) if not 1 <= v <= 9]
            if low:
                return "an opponent gets %s" % low
            if not (vs[1] >= 11 or vs[1] == TICHU_DOG):
                return "the partner gets %d" % vs[1]
            return None
        strong = [v for v in vs if _strong(name, v)]
        return "a strong card goes: %s" % strong if strong else None
    if text == "%s holds more cards":
        if verb != "gift" or not args or args[0] != action[2]:
            return "names seat %r, the Dragon goes to %r" % (args and args[0], action[2:])
        to = action[2]
        other = (to + 2) % 4
        n = [len(h) for h in pos.state.hands]
        return None if n[to] > n[other] else "seat %d holds %d, seat %d %d" % (to, n[to], other, n[other])
    if verb != "play":
        return "%r is said of a play, the action is %r" % (text, verb)
    cards = tuple(action[2])
    vs = [c >> 3 for c in cards]
    r = pos.reading(cards, action[3] if len(action) > 3 else None)
    if text in ("A bomb takes this trick", "A trap takes this trick", "The Chimera attack takes this trick"):
        if pos.over is None:
            return "a lead: there is no trick to take"
        kinds = {"A bomb takes this trick": (6, 7), "A trap takes this trick": (CHIMERA_TRAP,),
                 "The Chimera attack takes this trick": (CHIMERA_ATTACK,)}[text]
        ok = r[0] in kinds and (name == "tichu") == (text == "A bomb takes this trick")
        return None if ok else "the play reads %r" % (r,)
    if text == "The Dog hands the lead to your partner":
        if name != "tichu" or vs != [TICHU_DOG]:
            return "not the Dog"
        partner = pos.partners[0]
        if not pos.state.hands[partner]:
            return "the partner (seat %d) is out: the lead goes on to the next seat holding cards" % partner
        return None
    if text == "%s: nobody else holds a higher single":
        if len(cards) != 1:
            return "not a single"
        if not args or args[0] != vs[0]:
            return "names %r, plays %r" % (args and args[0], vs[0])
        if pos.higher_single(vs[0]):
            return "another seat holds a higher single"
        return None
    if text == "Lowest single you can spare":
        if pos.over is not None or len(cards) != 1:
            return "not a single led"
        v = vs[0]
        if _strong(name, v) or name == "tichu" and v == TICHU_DOG:
            return "a strong card (or the Dog)"
        lo = TICHU_MAHJONG + 1 if name == "tichu" else 1  # the Dog and the Mah Jong: no plain singles
        lower = [c >> 3 for c in pos.hand if lo <= c >> 3 < v]
        return "the hand holds lower: %s" % lower if lower else None
    if text == "Leads low, keeps your strong cards":
        if pos.over is not None:
            return "not a lead"
        if pos.bomb(r):
            return "a bomb"
        strong = [v for v in vs if _strong(name, v)]
        if strong:
            return "plays strong cards: %s" % strong
        if name == "tichu" and TICHU_DOG in vs:
            return "the Dog"
        if not pos.lowest_of_its_kind(r, keeping=True):
            return "a lower play of its kind keeps the strong cards too"
        return None
    if text == "Lowest play that beats it":
        if pos.over is None:
            return "a lead: nothing to beat"
        if pos.bomb(r):
            return "a bomb"
        if not pos.lowest_of_its_kind(r):
            return "a lower play of its kind beats it too"
        return None
    return "no oracle for this reason"


# Every reason the oracle knows (engine_core/proposal.py's texts): a tip with another is a
# fault, until its condition is written here.
REASONS = (
    "The strong bot's choice", "Plays you out", "Your partner is winning this trick",
    "Keep your cards for a later trick", "Too weak to bid", "Strong enough to bid %d",
    "A strong hand: call Tichu", "Very strong first 8 cards", "Not strong enough for Grand Tichu",
    "Low cards to the opponents, a good one to your partner", "Cards you can spare",
    "Your strong cards stay with you", "%s holds more cards", "A bomb takes this trick",
    "A trap takes this trick", "The Chimera attack takes this trick",
    "The Dog hands the lead to your partner", "%s: nobody else holds a higher single",
    "Lowest single you can spare", "Leads low, keeps your strong cards", "Lowest play that beats it")


# -- what the hand draws ----------------------------------------------------------------------------


def hidden_cards(dev, scr):
    """The selected cards of the hand ``scr`` that are not drawn on the panel (a cell of the
    hand's Cells showing that card, wholly inside the panel)."""
    from host_sim.device import Cell, labels

    ui = dev.app.ui
    w, h = dev.panel.width, dev.panel.height
    shown = set()
    for x, y, scale, lab in labels(dev.panel.root_group):
        if isinstance(lab, Cell) and lab.card is not None and lab.text:
            if x >= 0 and y >= 0 and x + len(lab.text) * ui.cw * scale <= w and y + ui.ch * scale <= h:
                shown.add(lab.card)
    return [c for c in scr.sel if c not in shown]


# -- the random player -------------------------------------------------------------------------------


class Round:
    """One seeded round on a board in a language, played and checked."""

    def __init__(self, board, game, seed, lang, figures):
        self.board = board
        self.game = game
        self.seed = seed
        self.lang = lang
        self.f = figures
        self.rng = random.Random("decisions %s %s %d %d" % (board, game, seed, lang))
        self.keys = []  # the keys of the decision being made
        self.last = (None, "")  # the screen last looked at, and its class's name
        self.shown = None  # the position the hand showed last
        self.told = []  # (state, action) of the tips checked
        self.asking = None  # (proposal, action) the hand asks about, set before its OK
        self.choice = None  # the last Choice screen checked
        self.dev = None
        self.decision = 0

    def where(self):
        return "%s, %s, %s, seed %d, decision %d, keys: %s" % (
            self.board, ("English", "German")[self.lang], self.game, self.seed, self.decision,
            " ".join(self.keys) or "(none)")

    def fault(self, kind, what):
        self.f.faults.append((kind, self.where(), what))

    # -- checks --

    def look(self, dev):
        scr = dev.screen()
        name = type(scr).__name__
        if name == "Hand":
            self.look_hand(dev, scr)
        elif name == "Choice" and scr is not self.choice:
            self.choice = scr
            self.look_choice(scr)
        if scr is not self.last[0]:
            self.last = (scr, name)

    def look_hand(self, dev, scr):
        from firmware.play.menu import PLAY

        st = scr.state()
        if st is None:
            return
        # A position shown first: by a hand that opened (by itself, or by OK or BOMB on
        # the table; not one back from a question or a message, where the player's own
        # keys had placed it), or a hand that stays up on a new position (after a call).
        if scr is self.last[0]:
            new = st is not self.shown
        else:
            new = self.last[1] not in ("Choice", "Message") or st is not self.shown
        self.shown = st
        if new:
            if scr.claim:
                self.f.claims += 1
            elif scr.due()[1]:
                self.f.opened += 1
                o = scr.option()
                if o is not None and o[0] == PLAY and self.bomb(scr, o):
                    self.fault("opened on a bomb", "%s in view: %s" % (scr.option_text(), o))
                    self.f.on_bomb += 1
        cols = scr.menu()
        o = scr.option() if cols is not None else None
        if o is not None and o[0] == PLAY:
            self.f.plays += 1
            gone = hidden_cards(dev, scr)
            if gone:
                self.f.hidden += 1
                self.fault("play with hidden cards", "%s: cards %s not drawn (hand %s)"
                           % (scr.option_text(), gone, list(scr.hand())))
        if scr.proposal is not None and scr.reason() is not None:
            a = scr.proposal[0]
            if not any(s is st and x == a for s, x in self.told):
                self.told.append((st, a))
                self.f.tips += 1
                why = self.reason_fault(dev, scr, a, o)
                if why is not None:
                    self.f.false += 1
                    self.fault("false reason", "%r for %r: %s" % (scr.proposal[1], a, why))

    def bomb(self, scr, o):
        # Is the play option ``o`` a bomb (read by the engine as the hand would play it)?
        g = scr.session().dealt.game
        try:
            r = g.reading_for(tuple(o[1]), scr.over(), o[2])
        except Exception:  # IllegalAction: a bomb seen out of turn, when no trick is to beat
            r = g.reading_for(tuple(o[1]), None, o[2])
        return r[0] >= BOMB_KIND[self.game]

    def reason_fault(self, dev, scr, a, o):
        from firmware.play.menu import PLAY

        if o is not None and o[0] == PLAY and a[1] == "play" and sorted(scr.sel) != sorted(a[2]):
            return "the play in view (%s) is not the one the tip names" % (scr.sel,)
        try:
            return reason_false(Position(dev.app.session.dealt, scr.seat), a, scr.proposal[1])
        except Exception as e:  # an action the engine cannot read here is a false tip too
            return "the oracle could not read it: %r" % (e,)

    def look_choice(self, scr):
        if scr.tag not in ("ask", "bomb"):
            return
        proposal, action = self.asking or (None, None)
        if scr.tag == "bomb":
            self.f.bomb_asked += 1
        else:
            self.f.asked += 1
            if proposal is not None:
                self.f.asked_tips += 1
        if scr.focus == 0:
            return
        if proposal is not None and action is not None and _same(proposal[0], action):
            return
        self.f.yes_no_tip += 1
        self.fault("Yes without tip", "%r opens on %r (proposal %r, asked for %r)"
                   % (scr.heading, scr.items[scr.focus], proposal and proposal[0], action))

    # -- play --

    def press(self, k):
        self.keys.append(k)
        self.dev.press(k)
        self.look(self.dev)

    def play(self):
        dev = self.dev = dp.start(self.board, self.game, self.seed, self.lang, 0)
        before = dev.app.book.rounds()
        while True:
            self.keys = []
            if not dp.next_decision(dev, before, self.look):
                break
            self.decision += 1
            self.f.decisions += 1
            self.look(dev)
            on = self.rng.random() < 0.5
            if on != bool(dp.proposals(dev.app) & 1 << dp.HUMAN):
                # the proposals on or off for this decision: the hand closed (BACK), and
                # opened again (OK on the table) once they are
                if type(dev.screen()).__name__ == "Hand":
                    self.press("back")
                dp.set_proposals(dev.app, dp.HUMAN, on)
            self.decide()
        self.f.rounds += 1

    def mine(self, start):
        return [a for a in dp.APPLIED[start:] if a[0] == dp.HUMAN and a[1] != "tichu"]

    def decide(self):
        dev = self.dev
        start = len(dp.APPLIED)
        claimed = False
        self.first = True
        for _ in range(MAX_PRESSES):
            s = dev.app.session
            if self.mine(start) or s is None or s.dealt.state is None or dp.HUMAN not in s.humans_due():
                break
            scr = dev.screen()
            name = type(scr).__name__
            if name == "Table":
                if self.game == "tichu" and not claimed and self.rng.random() < 0.15:
                    claimed = True
                    self.press("bomb")
                else:
                    self.press("ok")
            elif name == "Hand":
                self.hand_key(scr)
            elif name == "Choice":
                self.choice_key(scr)
            elif name in ("Message", "Privacy"):
                self.press("ok")
            else:
                break
        else:
            pass
        if not self.mine(start) and dev.app.session is not None and dev.app.session.dealt.state is not None \
                and dp.HUMAN in dev.app.session.humans_due():
            self.f.direct += 1
            choices = dp.choices(dev.app.session.dealt, dp.HUMAN)
            a = choices[self.rng.choice(sorted(choices, key=repr))]
            dp.enter_directly(dev, a)
        for _ in range(3):  # what the action brought up (what the push brought: a message)
            if type(dev.screen()).__name__ != "Message":
                break
            self.press("ok")

    def hand_key(self, scr):
        from firmware.play.menu import ACT, ASK, CARDS, PLAY

        rng = self.rng
        if scr.claim:
            if rng.random() < 0.3:
                self.press("back")
            else:
                self.press(rng.choice(("left", "right", "up", "down")))
            return
        cols = scr.menu()
        first, self.first = self.first, False
        if first and self.game == "tichu" and rng.random() < 0.15:
            self.press("back")  # to the table, and BOMB there: a claim
            if type(self.dev.screen()).__name__ == "Table":
                self.press("bomb")
            return
        if cols is None:
            self.free_key(scr)
            return
        if first and self.game == "tichu" and rng.random() < 0.3:  # to the call (RIGHT through the columns)
            for _ in range(len(cols)):
                if scr.option()[0] == ASK:
                    break
                self.press("right")
                if self.dev.screen() is not scr:
                    return
        o = scr.option()
        p = {ASK: 0.5, PLAY: 0.2, ACT: 0.3, CARDS: 0.1}.get(o[0], 0.2)
        if rng.random() < p:
            proposal = scr.proposal if scr.tips() else None
            if o[0] == ASK:
                self.asking = (proposal, o[1])
            elif o[0] == PLAY:
                self.asking = (proposal, (scr.seat, "play", tuple(scr.sel), o[2]))
            else:
                self.asking = None
            self.press("ok")
        else:
            self.press(rng.choice(("left", "right", "up", "down")))

    def free_key(self, scr):
        # The free selection: the push, the exchange, or "Choose cards" in trick play.
        from firmware.play.menu import ASK

        rng = self.rng
        items = scr.items()
        kind = scr.due()[0]
        if kind not in ("push", "give"):
            self.press("back" if rng.random() < 0.6 else rng.choice(("left", "right", "down", "ok")))
            return
        call = [i for i in range(len(items)) if isinstance(items[i][4], tuple) and items[i][4][0] == ASK]
        n = scr.picking()
        act = [i for i in range(len(items)) if items[i][4] in ("push", "give")]
        if call and rng.random() < 0.4:
            # to the call, and OK on it: UP from the first card, or DOWN from Push (a key
            # that must not reach it: then the player pushes or picks on)
            if act and rng.random() < 0.5:
                self.cursor_to(scr, act[0])
                self.press("down")
            else:
                self.cursor_to(scr, 0)
                self.press("up")
            scr = self.dev.screen()
            it = scr.items()
            x = it[scr.cursor][4] if scr.cursor < len(it) else None
            if isinstance(x, tuple) and x[0] == ASK:
                self.asking = (scr.proposal if scr.tips() else None, x[1])
                self.press("ok")
            return
        if len(scr.sel) == n and act and rng.random() < 0.6:  # (the proposal's, or the player's)
            self.cursor_to(scr, act[0])
            self.press("ok")
            return
        for c in list(scr.sel):  # a pick of the player's own: from nothing
            self.cursor_to(scr, [it[2] for it in scr.items()].index(c))
            self.press("ok")
        for c in rng.sample(list(scr.hand()), n):
            self.cursor_to(scr, [it[2] for it in scr.items()].index(c))
            self.press("ok")

    def cursor_to(self, scr, i):
        for _ in range(60):
            scr = self.dev.screen()
            if type(scr).__name__ != "Hand" or scr.cursor == i:
                return
            self.press("down" if scr.cursor < i else "up")

    def choice_key(self, scr):
        rng = self.rng
        if scr.tag in ("ask", "bomb"):
            yes = rng.random() < 0.4
            want = 1 if yes else 0
            if scr.focus != want:
                self.press("down")
            self.press("ok")
        elif scr.tag == "wish":
            for _ in range(rng.randrange(4)):
                self.press("down")
            self.press("ok")
        else:
            self.press("back")


def _same(proposed, action):
    # Is the proposal ``proposed`` the action asked about (a call; a play: its cards)?
    if proposed[1] == "play" and action[1] == "play":
        return sorted(proposed[2]) == sorted(action[2])
    return tuple(proposed) == tuple(action)


def _task(args):
    board, lang, game, seed = args
    f = Figures()
    r = Round(board, game, seed, lang, f)
    try:
        with dp.host_speed():
            r.play()
    except Exception:  # a round that fails is reported, the others still run
        import traceback

        f.errors.append("%s: %s" % (r.where(), traceback.format_exc().strip()))
    finally:
        dp.forget_copies()
    return board, lang, f


def check(rounds, boards=None, languages=LANGUAGES, games=GAMES, seed=1, jobs=1):
    """{(board, language): Figures} of ``rounds`` rounds of each game on each board in each
    language (round r dealt from seed + r: the same deals everywhere; the random player's
    choices drawn anew for each board and language); ``jobs`` processes."""
    from host_sim.player import BOARDS

    tasks = [(b, lang, g, seed + r) for b in boards or BOARDS for lang in languages for g in games
             for r in range(rounds)]
    from host_sim.dealt_play import pooled

    parts = pooled(_task, tasks, jobs)
    out = {}
    for board, lang, f in parts:
        out.setdefault((board, lang), Figures()).add(f)
    return out


HEAD = ("board", "language", "rounds", "decisions", "opened", "on a bomb", "claims", "calls asked",
        "with tips", "bomb asked", "Yes w/o tip", "plays seen", "hidden cards", "tips", "false reasons",
        "entered directly")


def table(results, markdown=False):
    rows = []
    total = Figures()
    for (board, lang), f in sorted(results.items()):
        total.add(f)
        rows.append((board, ("English", "German")[lang]) + _row(f))
    rows.append(("all", "") + _row(total))
    if markdown:
        lines = ["| " + " | ".join(HEAD) + " |", "|" + "---|" * len(HEAD)]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        return "\n".join(lines)
    widths = [max(len(HEAD[i]), *(len(r[i]) for r in rows)) for i in range(len(HEAD))]
    fmt = "  ".join("%%%s%ds" % ("-" if i < 2 else "", widths[i]) for i in range(len(HEAD)))
    return "\n".join([fmt % HEAD] + [fmt % r for r in rows])


def _row(f):
    return tuple(str(x) for x in (f.rounds, f.decisions, f.opened, f.on_bomb, f.claims, f.asked, f.asked_tips,
                                  f.bomb_asked, f.yes_no_tip,
                                  f.plays, f.hidden, f.tips, f.false, f.direct))


def main(argv=None):
    import time

    from boards import IDS
    from host_sim.cli import Parser

    ap = Parser(prog="python -m host_sim.decision_check", description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5, help="rounds per game, board and language (default 5)")
    ap.add_argument("--board", action="append", choices=IDS, help="only this board (repeatable)")
    ap.add_argument("--game", action="append", choices=GAMES, help="only this game (repeatable)")
    ap.add_argument("--language", action="append", type=int, choices=LANGUAGES,
                    help="only this language: 0 English, 1 German (repeatable)")
    ap.add_argument("--seed", default=1, help="the first round's seed (default 1)")
    ap.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    ap.add_argument("--markdown", action="store_true", help="the table in Markdown")
    ap.add_argument("--examples", type=int, default=5, help="faults listed per kind (default 5)")
    args = ap.parse_args(argv)
    t = time.time()
    results = check(args.rounds, args.board, tuple(args.language or LANGUAGES), tuple(args.game or GAMES),
                    args.seed, args.jobs)
    print(table(results, args.markdown))
    total = Figures()
    for f in results.values():
        total.add(f)
    by = {}
    for kind, where, what in total.faults:
        by.setdefault(kind, []).append((where, what))
    for kind in sorted(by):
        print("%s: %d" % (kind, len(by[kind])))
        for where, what in by[kind][:args.examples]:
            print("    %s\n        at %s" % (what, where))
    for e in total.errors:
        print("round failed: " + e)
    print("%d rounds in %.0f s" % (total.rounds, time.time() - t))
    return 1 if total.failed() else 0


if __name__ == "__main__":
    sys.exit(main())
