"""The proposals' reasons are true of the action they name (issue 28, "Tips that are true").

engine_core/proposal.py's ``reason(game, state, seat, action)`` gives ``(text, args)``, why
the strong bot's proposed action is good, or None for a pass when nothing else is legal.
Every text it can give is in REASONS below, each with an oracle of its own: the text's
English words read as a condition on the position and the action, written from the rules
(../shared/RULES.md) with the engine's legal actions and readings, never with proposal.py's
helpers. The checks:

- shown => true: over some 2,000 positions of both games (seeded random deals, played
  on by bots and by the engine's random player), the bot's proposal (``propose``) and also
  other legal actions of the same position (``reason`` on a sample of every legal action,
  the bombs and calls out of turn included) give only texts whose oracle holds there;
- must not be shown: per reason, the same scan finds actions where its oracle is false,
  and the text is not given there (the same check read the other way; a test per reason
  also counts that such positions were seen, so both sides are exercised);
- hand-made positions for the issue's cases (a Phoenix pair lead, the Dog lead, the push
  of 3/4/5 after the seat's own call, a forced pass, a trap named a bomb) and for the
  reasons random play rarely shows;
- the table is whole: every reason text in proposal.py's source is in REASONS, every text
  the scan meets is, and every one is in the device's text table (firmware/texts.tsv).

The reasons that weigh a hand's strength ("A strong hand: call Tichu", "Too weak to bid",
...) are the bot's judgment: on any action the text must name that very action (a call, a
bid of that amount, a pass in the bidding); on the bot's own proposal the hand must also
pass a plain count of its strong cards and bombs (STRENGTH below), a floor or a ceiling the
bot's judgment stays within.

Like every tests/engine module this runs under MicroPython too (tests/mp): no pytest, no
ast; a test per reason and per hand-made case is made at import (plain functions, no
closures), and the scan is smaller there (MP below).
"""

import sys

from engine_core import proposal
from engine_core.dealt import Dealt
from engine_core.prng import Pcg32

# Card values (RULES T1, C1).
DOG, MAHJONG, PHOENIX, DRAGON = 0, 1, 15, 16  # Tichu; 2..14 the ranks, 14 the A
HERO, PIYA, CHIMERA = 13, 14, 15  # Chimera; 1..12 the numbers
# T: A, Phoenix, Dragon; C: Hero, Pi Ya, Chimera (the cards a seat keeps for the end).
STRONG = {"tichu": 14, "chimera": 13}
CHOICE = "The strong bot's choice"
ANY = object()  # a hand-made case that names no text: only the oracle checks


def _values(cards):
    return [c >> 3 for c in cards]


def _is_bomb(name, cards):
    # A bomb, read from the cards themselves. Tichu T3.4: four equal ranks, or five or
    # more consecutive ranks 2..A of one suit (no special card). Chimera C5/C6: a trap
    # (four equal values, H included) or the Chimera attack (Pi Ya + Chimera).
    vs = sorted(_values(cards))
    if name == "chimera":
        return (len(vs) == 4 and vs[0] == vs[3] and vs[0] <= HERO) or vs == [PIYA, CHIMERA]
    if len(vs) == 4 and vs[0] == vs[3] and 2 <= vs[0] <= 14:
        return True
    suits = set(c & 7 for c in cards)
    return (len(vs) >= 5 and len(suits) == 1 and min(suits) < 4 and vs[0] >= 2 and vs[-1] <= 14
            and vs == list(range(vs[0], vs[0] + len(vs))))


def _high_count(name, hand):
    # The strong cards and the bombs a hand holds: STRONG's cards, each four of a kind
    # (a Tichu bomb, a Chimera trap), Pi Ya and Chimera together (the attack).
    vs = _values(hand)
    n = len([v for v in vs if v >= STRONG[name]])
    for v in set(vs):
        if vs.count(v) == 4:
            n += 1
    if name == "chimera" and PIYA in vs and CHIMERA in vs:
        n += 1
    return n


class Pos:
    # One seat at one position: what the oracles read. All from the state and the
    # engine's own legal actions and readings (game.legal_actions, game.reading_for).

    def __init__(self, name, game, state, seat):
        self.name, self.game, self.state, self.seat = name, game, state, seat
        self.hand = tuple(state.hands[seat])
        self.strong = STRONG[name]
        on_turn = state.phase == "play" and state.turn == seat
        if name == "tichu":
            self.partner = (seat + 2) % 4  # T1.3
            self.leads = on_turn and bool(state.lead)
        else:
            ch = state.chimera  # C4.1: the other Hunter; the Chimera has none
            self.partner = 3 - seat - ch if ch >= 0 and ch != seat else None
            self.leads = on_turn and state.top is None
        self.top = None if self.leads else state.top  # what a play must beat
        self._legal = None
        self._plays = None

    def legal(self):
        # The seat's legal actions, one per action but the Mah Jong's wish (a reason is
        # about the play, not the wish named with it).
        if self._legal is None:
            seen = set()
            out = []
            for a in self.game.legal_actions(self.state, self.seat):
                k = repr(a[:4])
                if k not in seen:
                    seen.add(k)
                    out.append(a)
            self._legal = out
        return self._legal

    def others(self):
        # Is anything but a pass (and a Tichu call, which plays nothing) legal?
        for a in self.legal():
            if a[1] not in ("pass", "tichu"):
                return True
        return False

    def reading(self, cards, as_value):
        # (kind, length, rank) of a play as it lies once played on self.top (None on a
        # lead); a Tichu Phoenix single counts the single under it + 0.5 (T4.4).
        r = self.game.reading_for(tuple(cards), self.top, as_value)
        if self.name == "tichu" and self.top is not None and r[0] == 0 and r[2] & 1:
            r = (0, 1, self.top[2] + 1)
        return r

    def plays(self):
        # (cards, reading, bomb?) of every legal play of the seat.
        if self._plays is None:
            out = []
            for a in self.legal():
                if a[1] == "play":
                    out.append((a[2], self.reading(a[2], _as(a)), _is_bomb(self.name, a[2])))
            self._plays = out
        return self._plays

    def lower_play(self, cards, as_value):
        # Is a legal non-bomb play of the same kind and length (C5.1, T3.6) of a lower rank?
        r = self.reading(cards, as_value)
        for _c, x, bomb in self.plays():
            if not bomb and x[0] == r[0] and x[1] == r[1] and x[2] < r[2]:
                return True
        return False

    def unseen(self):
        # The cards this seat cannot see: not in its hand, not played (trick and piles).
        if self.name == "tichu":
            from engine_core.tichu.cards import DECK
        else:
            from engine_core.chimera.cards import DECK
        seen = set(self.hand) | set(self.state.trick)
        for p in self.state.piles:
            seen.update(p)
        return [c for c in DECK.card_list if c not in seen]

    def beats_table(self, cards):
        # Does the play beat what lies on the table (C6, T5)?
        if self.state.top is None:
            return False
        try:
            self.game.reading_for(tuple(cards), self.state.top, None)
        except Exception:  # IllegalAction: it does not beat it
            return False
        return True


def _as(a):
    return a[3] if len(a) > 3 else None


def _single_beats(name, w, v):
    # Does a single of value w beat a single of value v? Tichu T4.3-T4.5: the Dog beats
    # nothing, the Phoenix beats any single but the Dragon, the Dragon every other;
    # Chimera C1.3: the value order.
    if name == "chimera":
        return w > v
    if w == DOG:
        return False
    if w == PHOENIX:
        return v != DRAGON and v != PHOENIX
    if v == PHOENIX:
        return w == DRAGON
    return w > v


# --------------------------------------------------------------------------- the oracles
# oracle(p, a, args, bot): is the text true of action ``a`` at Pos ``p``, given with
# ``args``? ``bot``: ``a`` is the strong bot's own proposal (the judgment reasons' bounds).

def _forced_pass(p, a, args, bot):
    return a[1] == "pass" and not p.others()


def _partner_wins(p, a, args, bot):
    st = p.state
    return (a[1] == "pass" and args == () and p.partner is not None and st.top is not None
            and st.top_seat == p.partner)


def _too_weak(p, a, args, bot):
    return (p.name == "chimera" and p.state.phase == "bid" and a[1] == "pass" and args == ()
            and (not bot or _high_count(p.name, p.hand) <= STRENGTH["too_weak"]))


def _keep(p, a, args, bot):
    # A pass on a trick with something else to play (T5.1, C7.2): the cards stay.
    return (a[1] == "pass" and args == () and p.state.phase == "play" and p.state.top is not None
            and not p.leads and p.others())


def _bid(p, a, args, bot):
    return (a[1] == "bid" and args == (a[2],) and a in p.legal()
            and (not bot or _high_count(p.name, p.hand) >= STRENGTH["bid"]))


def _call(p, a, args, bot):
    return (p.name == "tichu" and a[1] == "tichu" and args == () and p.game.may_call(p.state, p.seat)
            and (not bot or _high_count(p.name, p.hand) >= STRENGTH["tichu"]))


def _grand(p, a, args, bot):
    return (a[1] == "grand" and args == () and p.state.phase == "grand"
            and (not bot or _high_count(p.name, p.hand) >= STRENGTH["grand"]))


def _no_grand(p, a, args, bot):
    return (a[1] == "no_grand" and args == () and p.state.phase == "grand"
            and (not bot or _high_count(p.name, p.hand) <= STRENGTH["no_grand"]))


def _low_push(p, a, args, bot):
    # T2.3: the push's cards go to the next seat, the partner, the previous seat. Low: 2..9;
    # good: J or higher, or the Dog (it hands the partner the lead, T4.3).
    if a[1] != "push" or args != ():
        return False
    nxt, partner, prev = _values(a[2])
    return 2 <= nxt <= 9 and 2 <= prev <= 9 and (partner >= 11 or partner == DOG)


def _strong_stay(p, a, args, bot):
    # Only after the seat's own call (T2.4): the hand holds a strong card and none of them
    # leaves it.
    return (a[1] == "push" and args == () and p.state.calls[p.seat] != 0
            and max(_values(a[2])) < p.strong and max(_values(p.hand)) >= p.strong)


def _spare(p, a, args, bot):
    # A push (T2.3) or a Hunters' give (C4.2) without a strong card.
    return a[1] in ("push", "give") and args == () and max(_values(a[2])) < p.strong


def _holds_more(p, a, args, bot):
    # T4.5: the Dragon trick to the opponent with more cards left (less likely out first).
    if a[1] != "gift" or args != (a[2],):
        return False
    to = a[2]
    other = (to + 2) % 4
    return len(p.state.hands[to]) > len(p.state.hands[other])


def _plays_out(p, a, args, bot):
    return a[1] == "play" and args == () and sorted(a[2]) == sorted(p.hand)


def _bomb_takes(p, a, args, bot):
    # T5.2: a bomb (four of a kind, a straight flush) on the trick on the table.
    return (p.name == "tichu" and a[1] == "play" and args == () and _is_bomb("tichu", a[2])
            and not p.leads and p.beats_table(a[2]))


def _trap_takes(p, a, args, bot):
    # C6.2: a trap (four equal values) beats any play but a higher trap and the attack.
    vs = sorted(_values(a[2])) if a[1] == "play" else []
    return (p.name == "chimera" and args == () and len(vs) == 4 and vs[0] == vs[3]
            and not p.leads and p.beats_table(a[2]))


def _attack_takes(p, a, args, bot):
    # C6.3: Pi Ya + Chimera beat everything.
    return (p.name == "chimera" and a[1] == "play" and args == ()
            and sorted(_values(a[2])) == [PIYA, CHIMERA] and not p.leads and p.beats_table(a[2]))


def _dog(p, a, args, bot):
    # T4.3: the Dog, led, gives the lead to the partner: only while the partner holds cards
    # (else it goes to the next seat after the partner that does).
    return (p.name == "tichu" and a[1] == "play" and args == () and _values(a[2]) == [DOG]
            and p.leads and len(p.state.hands[p.partner]) > 0)


def _top_single(p, a, args, bot):
    # No card the seat cannot see beats this single (T4.4: the Phoenix beats any single but
    # the Dragon); the argument is the single's value.
    if a[1] != "play" or len(a[2]) != 1:
        return False
    v = a[2][0] >> 3
    if args != (v,):
        return False
    for c in p.unseen():
        if _single_beats(p.name, c >> 3, v):
            return False
    return True


def _low_single(p, a, args, bot):
    # A lead of one card, not a strong one nor the Dog, and no lower card in the hand (the
    # Dog and the Mah Jong aside: they have jobs of their own, T4.3, T4.1).
    if a[1] != "play" or len(a[2]) != 1 or args != () or not p.leads:
        return False
    v = a[2][0] >> 3
    if v >= p.strong or (p.name == "tichu" and v == DOG):
        return False
    for c in p.hand:
        w = c >> 3
        if w < v and not (p.name == "tichu" and w in (DOG, MAHJONG)):
            return False
    return True


def _leads_low(p, a, args, bot):
    # A lead without a strong card (a Phoenix pair has one), no bomb, not the Dog (it
    # gives the lead away), and no lower legal play of its kind and length.
    if a[1] != "play" or args != () or not p.leads:
        return False
    vs = _values(a[2])
    if max(vs) >= p.strong or _is_bomb(p.name, a[2]) or (p.name == "tichu" and vs == [DOG]):
        return False
    return not p.lower_play(a[2], _as(a))


def _lowest_beats(p, a, args, bot):
    # A follow that beats the trick, no bomb, and no lower legal non-bomb play of the same
    # kind and length beats it (C6.1, T5.1).
    if a[1] != "play" or args != () or p.leads or p.top is None or _is_bomb(p.name, a[2]):
        return False
    return p.beats_table(a[2]) and not p.lower_play(a[2], _as(a))


def _choice(p, a, args, bot):
    # The plain fallback: says nothing of the action but that the bot chose it, which is
    # so wherever it is shown (the proposal); any legal action may get it.
    return args == ()


# The bot's judgment kept within plain counts of strong cards and bombs (_high_count): the
# hand of a proposed call or bid holds at least one, of a Grand Tichu two of its first 8;
# a declined Grand Tichu has at most 4, a pass in the bidding at most 6 (of 17 cards).
STRENGTH = {"tichu": 1, "bid": 1, "grand": 2, "no_grand": 4, "too_weak": 6}

# Every reason reason() can give: text -> (rule, the condition in words, oracle).
REASONS = {
    None: ("T5.1 C7.2", "a pass when nothing but a pass (or a Tichu call) is legal",
           _forced_pass),
    "Your partner is winning this trick": (
        "T1.3 C4.1", "a pass while the partner (Tichu seat+2; the other Hunter) holds the trick",
        _partner_wins),
    "Too weak to bid": ("C3.2", "a pass in the Chimera bidding (bot: <= 6 strong cards/traps)",
                        _too_weak),
    "Keep your cards for a later trick": (
        "T5.1 C7.2", "a pass on a trick when a play was legal", _keep),
    "Strong enough to bid %d": ("C3.2", "a bid, its amount the argument (bot: >= 1 strong card)",
                                _bid),
    "A strong hand: call Tichu": ("T2.4", "a Tichu call the seat may make (bot: >= 1 strong card)",
                                  _call),
    "Very strong first 8 cards": ("T2.1", "a Grand Tichu call (bot: >= 2 strong cards of 8)",
                                  _grand),
    "Not strong enough for Grand Tichu": (
        "T2.1", "a Grand Tichu declined (bot: <= 4 strong cards of 8)", _no_grand),
    "Low cards to the opponents, a good one to your partner": (
        "T2.3", "push: next seat and previous seat a 2..9, the partner a J or higher or the Dog",
        _low_push),
    "Your strong cards stay with you": (
        "T2.3 T2.4", "push after the seat's own call, no A, Phoenix or Dragon in it",
        _strong_stay),
    "Cards you can spare": ("T2.3 C4.2", "push or give without a strong card", _spare),
    "%s holds more cards": ("T4.5", "Dragon trick to the opponent holding more cards (the arg)",
                            _holds_more),
    "Plays you out": ("T5.4 C7.5", "the play is the whole hand", _plays_out),
    "A bomb takes this trick": ("T3.4 T5.2", "a Tichu bomb that beats the trick on the table",
                                _bomb_takes),
    "A trap takes this trick": ("C6.2", "a trap that beats the trick on the table", _trap_takes),
    "The Chimera attack takes this trick": (
        "C6.3", "Pi Ya + Chimera on a trick on the table", _attack_takes),
    "The Dog hands the lead to your partner": (
        "T4.3", "the Dog led while the partner holds cards", _dog),
    "%s: nobody else holds a higher single": (
        "T4.4 C1.3", "a single no unseen card beats (arg: its value)", _top_single),
    "Lowest single you can spare": (
        "T4.3 T4.1", "a led single, not strong nor the Dog, no lower card in hand but Dog/Mah Jong",
        _low_single),
    "Leads low, keeps your strong cards": (
        "T3 C5", "a lead with no strong card, no bomb, not the Dog, no lower legal play of its "
        "kind and length", _leads_low),
    "Lowest play that beats it": (
        "T5.1 C6.1", "a non-bomb follow that beats the trick, no lower legal non-bomb play of "
        "its kind and length", _lowest_beats),
    CHOICE: ("-", "the fallback, true wherever shown (it is the bot's proposal)", _choice),
}


# --------------------------------------------------------------------------- the scan

GAMES = (("chimera", 3), ("tichu", 4))
MP = sys.implementation.name != "cpython"  # tests/mp: the same checks on a smaller scan
SEEDS = 2 if MP else 16  # rounds per game: some 2,000 positions in all on CPython
PLAYS_PER_POSITION = 4 if MP else 10  # legal actions checked besides the proposal
# Deals whose first 8 cards the bot calls Grand Tichu on (22), or that it calls Tichu on at
# the first lead (167, 180, 350); on CPython the first 400 deals, those among them.
CALL_SEEDS = (0, 1, 2, 22, 167, 180) if MP else range(400)
_SCAN = {}


def _sample(rng, items, k):
    items = list(items)
    for i in range(min(k, len(items))):
        j = i + rng.below(len(items) - i)
        items[i], items[j] = items[j], items[i]
    return items[:k]


def _seat_actions(p, rng, bot_action):
    # The actions of a due seat to ask reason() about: every pass, bid and call, a sample
    # of the plays, pushes and gives, and the plays the reasons single out (the whole
    # hand, the Dog, the Phoenix, the bombs).
    legal = p.legal()
    out = [a for a in legal if a[1] not in ("play", "push", "give")]
    many = [a for a in legal if a[1] in ("play", "push", "give")]
    out += _sample(rng, many, PLAYS_PER_POSITION)
    for a in many:
        if a[1] == "play":
            vs = _values(a[2])
            if len(vs) == len(p.hand) or vs == [DOG] or PHOENIX in vs and p.name == "tichu" \
                    or _is_bomb(p.name, a[2]):
                out.append(a)
    if bot_action is not None and bot_action not in out:
        out.append(bot_action)
    return out


def scan(module=None):
    """[(Pos, action, reason, proposed?)] over the seeded positions of both games, and the
    number of positions; cached per proposal module."""
    module = module or proposal
    key = id(module)
    if key in _SCAN:
        return _SCAN[key]
    checks = []
    positions = 0
    for name, n in GAMES:
        for seed in range(SEEDS):
            # Bots of level 2 and the engine's random player (level 0: calls, odd pushes,
            # bombs out of turn, the Dog at any time) take turns by seat and by seed.
            levels = [(2 if (s + seed) % 2 else 0) for s in range(n)]
            d = Dealt(name, levels, 1000)
            d.start(seed)
            rng = Pcg32(1000 + seed)
            for _ in range(400):
                if d.state is None or d.finished():
                    break
                kind, due = d.due()
                if not due:
                    break
                st = d.state
                for seat in due:
                    positions += 1
                    p = Pos(name, d.game, st, seat)
                    prop = module.propose(d.game, st, seat, d.seed, d.step())
                    a0 = None
                    if prop is not None:
                        a0 = prop[0]
                        checks.append((p, a0, prop[1], True))
                    for a in _seat_actions(p, rng, a0):
                        if a != a0:
                            checks.append((p, a, module.reason(d.game, st, seat, a), False))
                if name == "tichu" and kind in ("play", "gift"):
                    # bombs and calls out of turn (T5.2, T2.4)
                    ch = d.game.choices()
                    for seat in range(4):
                        if seat in due:
                            continue
                        p = Pos(name, d.game, st, seat)
                        extra = [(seat, "play", b, None) for b in ch.bombs_now(st, seat)]
                        if d.game.may_call(st, seat):
                            extra.append((seat, "tichu"))
                        for a in extra:
                            checks.append((p, a, module.reason(d.game, st, seat, a), False))
                a = d.bot_action()
                if a is None:
                    break
                d.apply(a)
    _SCAN[key] = (checks, positions)
    return _SCAN[key]


def _text(r):
    return None if r is None else r[0]


def _args(r):
    return () if r is None else tuple(r[1])


def _holds(p, a, r, bot):
    text = _text(r)
    if text not in REASONS:
        return False
    return REASONS[text][2](p, a, _args(r), bot)


def _where(p, a, r):
    return "%s seat %d %s: %r" % (p.name, p.seat, a, r)


# --------------------------------------------------------------------------- the table

def _module_texts(path):
    # The reason texts in a proposal module's source: its one-line string literals with a
    # space (verbs and game names have none); the triple-quoted ones (docstrings) and
    # comments aside. A small scanner of Python's literal syntax: MicroPython has no ast.
    with open(path) as f:
        src = f.read()
    out = set()
    i, n = 0, len(src)
    while i < n:
        ch = src[i]
        if ch == "#":
            while i < n and src[i] != "\n":
                i += 1
        elif ch in "'\"":
            if src[i:i + 3] == ch * 3:
                end = src.index(ch * 3, i + 3)
                i = end + 3
                continue
            j = i + 1
            text = ""
            while src[j] != ch:
                if src[j] == "\\":
                    text += src[j:j + 2]
                    j += 2
                else:
                    text += src[j]
                    j += 1
            if " " in text:
                out.add(text)
            i = j
        i += 1
    return out


def _module_path(module):
    return getattr(module, "__file__", None) or "engine_core/proposal.py"


def test_every_reason_text_of_the_module_is_in_the_table():
    texts = _module_texts(_module_path(proposal))
    assert texts, "no reason text found in %s" % _module_path(proposal)
    missing = sorted(texts - set(REASONS))
    assert not missing, "reasons without an oracle here: %s" % missing
    stale = sorted(t for t in REASONS if t is not None and t not in texts)
    assert not stale, "table texts proposal.py no longer gives: %s" % stale


def test_every_reason_is_in_the_device_text_table():
    try:
        from firmware.texts import TABLE
    except ImportError:  # tests/mp copies only engine_core and tests/engine
        return

    with open(TABLE, encoding="utf-8") as f:
        device = {line.split("\t")[0] for line in f}
    assert [t for t in REASONS if t is not None and t not in device] == []


def test_the_scan_meets_only_texts_of_the_table():
    checks, positions = scan()
    assert positions >= (100 if MP else 1000)
    unknown = sorted(set(repr(_text(r)) for _p, _a, r, _b in checks if _text(r) not in REASONS))
    assert unknown == []


# --------------------------------------------------------------------------- per reason

def check_reason(text):
    """REASONS[text]'s oracle holds wherever reason() gives ``text`` (the proposal or any
    other legal action), and ``text`` is never given where its oracle is false."""
    checks, _ = scan()
    oracle = REASONS[text][2]
    shown = 0
    refused = 0
    wrong = []
    for p, a, r, bot in checks:
        if _text(r) == text:
            shown += 1
            if not oracle(p, a, _args(r), bot):
                wrong.append(_where(p, a, r))
        elif not oracle(p, a, () if text is None or "%" not in text else _guess_args(text, a),
                        False):
            refused += 1  # its condition fails and it is not given: as it must be
    for _name, p, a, expect in HAND_MADE:
        r = proposal.reason(p.game, p.state, p.seat, a)
        if _text(r) == text:
            shown += 1
            if not oracle(p, a, _args(r), False):
                wrong.append(_where(p, a, r))
        if expect == text:
            assert _text(r) == text, _where(p, a, r)
    assert wrong == [], "%s: false where shown (%d of %d):\n%s" % (text, len(wrong), shown,
                                                                   "\n".join(wrong[:10]))
    assert shown > 0, "%r never shown in the scan or the hand-made positions" % text
    assert text == CHOICE or refused > 0, "%r: no position where its condition fails was met" % text


def _slug(text):
    out = ""
    for ch in str(text).lower():
        out += ch if ch.isalpha() or ch.isdigit() else "_"
    while "__" in out:
        out = out.replace("__", "_")
    return out.strip("_")


def _add_test(name, f):
    # A test made at import, by setattr: MicroPython's dir(), which tests/mp's runner reads,
    # lists only interned names, and setattr interns the name (globals()[name] does not).
    setattr(sys.modules[__name__], name, f)


# One test per reason, test_reason_<its words> (test_reason_none: the forced pass): plain
# functions (no closure: tests/mp's runner takes functions only) with the text as a default
# argument, which pytest does not take for a fixture.
for _t in REASONS:
    def _test(text=_t):
        check_reason(text)
    _add_test("test_reason_" + _slug(_t), _test)


def _guess_args(text, a):
    # The argument a text with %s/%d would carry for ``a`` (its own value, bid or seat):
    # so "not shown where false" tests the condition, not a missing argument.
    if a[1] == "play" and len(a[2]) == 1:
        return (a[2][0] >> 3,)
    if a[1] in ("bid", "gift"):
        return (a[2],)
    return ()


def test_a_pass_gets_no_reason_exactly_when_nothing_else_is_legal():
    """T5.1, C7.2: a forced pass gets no advice; any other pass gets some."""
    checks, _ = scan()
    forced = free = 0
    for p, a, r, _bot in checks:
        if a[1] == "pass":
            if p.others():
                free += 1
                assert r is not None, _where(p, a, r)
            else:
                forced += 1
                assert r is None, _where(p, a, r)
        else:
            assert r is not None, _where(p, a, r)
    assert forced and free


def test_a_play_of_the_whole_hand_says_it_plays_you_out():
    """T5.4, C7.5: the play that ends the hand is named so, whatever else it is."""
    checks, _ = scan()
    n = 0
    for p, a, r, _bot in checks:
        if a[1] == "play" and len(a[2]) == len(p.hand):
            n += 1
            assert _text(r) == "Plays you out", _where(p, a, r)
    assert n > 0


def test_the_dog_led_while_the_partner_holds_cards_hands_him_the_lead():
    """T4.3: the Dog's own reason, unless it is the last card (then it plays you out)."""
    checks, _ = scan()
    n = 0
    for p, a, r, _bot in checks:
        if _dog(p, a, (), False) and len(p.hand) > 1:
            n += 1
            assert _text(r) == "The Dog hands the lead to your partner", _where(p, a, r)
    assert n > 0


def test_the_calls_and_the_pushes_the_bot_proposes():
    """The judgment reasons on the bot's own proposals: Grand Tichu called or declined on
    the first 8 cards (T2.1), the push (T2.3), a Tichu call at the first lead (T2.4); a
    call proposed is made and the seat asked again (its push or play after the call)."""
    from engine_core.tichu import game

    seen = set()
    for seed in CALL_SEEDS:
        d = Dealt("tichu", [3] * 4, 1000)
        d.start(seed)
        while True:
            kind, due = d.due()
            st = d.state
            called = False
            for seat in (due if kind != "play" else range(4)):  # at the first lead: all
                prop = proposal.propose(game, st, seat, d.seed, d.step())
                if prop is None:
                    continue
                p = Pos("tichu", game, st, seat)
                assert _holds(p, prop[0], prop[1], True), _where(p, prop[0], prop[1])
                seen.add(_text(prop[1]))
                if prop[0][1] == "tichu":
                    d.apply(prop[0])
                    called = True
                    break
            if called:
                continue  # the caller is asked again: its push or its lead after the call
            if kind == "play":
                break
            d.apply(d.bot_action())
    for text in ("Very strong first 8 cards", "Not strong enough for Grand Tichu",
                 "A strong hand: call Tichu", "Low cards to the opponents, a good one to your partner"):
        assert text in seen, text


# --------------------------------------------------------------------------- hand-made

def _tichu(hands, turn, top_cards=None, top_seat=-1, lead=0, out=(), played=None):
    from engine_core.tichu import game
    from tests.engine.tichu_flows import position

    s = position(hands, turn, top_cards, top_seat, lead, 0, out, played)
    return game, s


def _chimera(hands, turn, chimera=0, top_cards=None, top_seat=-1):
    # Trick play after a bid of 20 by ``chimera``: hands as texts; ``top_cards`` on the
    # table by ``top_seat`` (read at their highest); every other card in the Chimera's pile.
    from engine_core.chimera import game
    from engine_core.chimera.cards import DECK, value_counts
    from engine_core.chimera.combos import classify

    def codes(t):
        return tuple(DECK.parse(t, True)) if t else ()

    s = game.new_match().copy()
    s.phase = game.PLAY
    s.dealer = 2
    s.bid = 20
    s.chimera = chimera
    s.hands = tuple(tuple(sorted(codes(h))) for h in hands)
    s.turn = turn
    s.gives = (None, None, None)
    s.face_up = s.hands[chimera][0] if s.hands[chimera] else 8
    if top_cards:
        s.trick = codes(top_cards)
        s.top = classify(value_counts(s.trick))[-1]
        s.top_seat = top_seat
    used = set(s.trick)
    for h in s.hands:
        used.update(h)
    s.piles = tuple(tuple(c for c in DECK.card_list if c not in used) if i == chimera else ()
                    for i in range(3))
    return game, s


def _pos(name, gs, seat):
    return Pos(name, gs[0], gs[1], seat)


def _play_of(p, text):
    # The legal play of exactly these cards (tokens), at its highest reading.
    if p.name == "tichu":
        from engine_core.tichu.cards import DECK
    else:
        from engine_core.chimera.cards import DECK
    want = sorted(DECK.parse(text, True))
    found = [a for a in p.legal() if a[1] == "play" and sorted(a[2]) == want]
    assert found, "%s not legal for seat %d" % (text, p.seat)
    return found[-1]


def _push_after_call(call, cards):
    # Tichu, Grand Tichu declined by all, seat 0 (having called Tichu when ``call``) to push
    # ``cards``: values to the next seat, the partner, the previous seat, picked from its hand.
    from engine_core.tichu import game

    d = Dealt("tichu", [2] * 4, 1000)
    for seed in range(200):
        d.start(seed)
        for s in range(4):
            d.apply((s, "no_grand"))
        hand = list(d.state.hands[0])
        pick = []
        for v in cards:
            c = [x for x in hand if x >> 3 == v and x not in pick]
            if not c:
                break
            pick.append(c[0])
        if len(pick) == 3:
            break
    assert len(pick) == 3
    if call:
        d.apply((0, "tichu"))
    return Pos("tichu", game, d.state, 0), (0, "push", tuple(pick))


def _gift_position():
    # Seat 0 won the trick with the Dragon; seat 1 holds 5 cards, seat 3 holds 2 (T4.5).
    from engine_core.tichu import game

    g, s = _tichu(["4j", "3j 5s 7p 9t Js", "2j 6s", "8p Qt"], 1, "DRG", 0)
    s = s.copy()
    s.phase = game.GIFT
    s.turn = -1
    s.passes = 3
    return Pos("tichu", g, s, 0)


def _hand_made():
    out = []  # (name, Pos, action, the text it must get, or ANY: only the oracle checks)
    # Issue 28: "pair 5" and "pair 7" made with the Phoenix led: no "keeps your strong cards".
    p = _pos("tichu", _tichu(["PHX 5j 7s 9p Jt Kj", "2j 3s", "4t 6t", "8j 8s"], 0), 0)
    out.append(("phoenix_pair_5_lead", p, _play_of(p, "PHX 5j"), CHOICE))
    out.append(("phoenix_pair_7_lead", p, _play_of(p, "PHX 7s"), CHOICE))
    # The Dog led: hands the lead to the partner; never "Leads low" (nor when the partner
    # is out: then the lead goes to the next seat, T4.3).
    p = _pos("tichu", _tichu(["DOG 3j 5s 9p", "2j 3s", "4t 6t", "8j 8s"], 0), 0)
    out.append(("dog_lead", p, _play_of(p, "DOG"), "The Dog hands the lead to your partner"))
    p = _pos("tichu", _tichu(["DOG 3j 5s 9p", "2j 3s", "", "8j 8s"], 0, out=(2,)), 0)
    out.append(("dog_lead_partner_out", p, _play_of(p, "DOG"), ANY))
    # The push of 3/4/5 after the seat's own Tichu call: no "a good one to your partner".
    p, a = _push_after_call(True, (3, 4, 5))
    out.append(("push_3_4_5_after_own_call", p, a, "Your strong cards stay with you"))
    p, a = _push_after_call(False, (3, 4, 5))
    out.append(("push_3_4_5_no_call", p, a, "Cards you can spare"))
    p, a = _push_after_call(False, (3, 13, 5))
    out.append(("push_3_k_5", p, a, "Low cards to the opponents, a good one to your partner"))
    p, a = _push_after_call(True, (3, 14, 5))
    out.append(("push_3_a_5_after_own_call", p, a, "Low cards to the opponents, a good one to your partner"))
    p, a = _push_after_call(False, (14, 2, 3))
    out.append(("push_a_to_next_seat", p, a, CHOICE))
    # A forced pass: the Dragon on the table, no bomb (T4.5): no advice.
    p = _pos("tichu", _tichu(["3j 5s 9p", "2j 4s", "4t 6t", "8j 8s"], 0, "DRG", 3), 0)
    out.append(("tichu_forced_pass_on_dragon", p, (0, "pass"), None))
    p = _pos("chimera", _chimera(["3j 5s 9p", "7j 4s", "4t 6t"], 0, 1, "C", 1), 0)
    out.append(("chimera_forced_pass_on_chimera", p, (0, "pass"), None))
    # A lower pair in the hand: 7 7 is neither the low lead nor the lowest beating pair.
    p = _pos("tichu", _tichu(["3j 3s 7p 7t 9j 9s", "2j 4s", "4t 6t", "8j 8s"], 0), 0)
    out.append(("tichu_pair_7_lead_with_pair_3", p, _play_of(p, "7p 7t"), CHOICE))
    out.append(("tichu_pair_3_lead", p, _play_of(p, "3j 3s"), "Leads low, keeps your strong cards"))
    p = _pos("tichu", _tichu(["3j 3s 7p 7t 9j 9s", "4j 5s", "4t 6t", "8j 8s"], 0, "2j 2s", 1), 0)
    out.append(("tichu_pair_9_on_pair_2_with_pair_3", p, _play_of(p, "9j 9s"), CHOICE))
    out.append(("tichu_pair_3_on_pair_2", p, _play_of(p, "3j 3s"), "Lowest play that beats it"))
    p = _pos("chimera", _chimera(["3j 3s 7p 7t 9j 9s", "5t 8j", "4t 6t"], 0, 0, "2j 2s", 1), 0)
    out.append(("chimera_pair_7_on_pair_2_with_pair_3", p, _play_of(p, "7p 7t"), CHOICE))
    out.append(("chimera_pair_3_on_pair_2", p, _play_of(p, "3j 3s"), "Lowest play that beats it"))
    # Bombs: a Tichu bomb, a Chimera trap (not "A bomb", issue 28) and the attack.
    p = _pos("tichu", _tichu(["6j 6s 6p 6t 9j", "2j 4s", "4t 7t", "8j 8s"], 0, "Kj", 1), 0)
    out.append(("tichu_bomb_on_k", p, _play_of(p, "6j 6s 6p 6t"), "A bomb takes this trick"))
    p = _pos("chimera", _chimera(["3j", "11j 11s 11p 11t 9j", "6j 6s"], 1, 0, "5j 5s", 2), 1)
    out.append(("chimera_trap_on_pair", p, _play_of(p, "11j 11s 11p 11t"), "A trap takes this trick"))
    p = _pos("chimera", _chimera(["3j", "P C 9j", "5j 5s"], 1, 0, "Hj", 0), 1)
    out.append(("chimera_attack_on_hero", p, _play_of(p, "P C"), "The Chimera attack takes this trick"))
    # The partner holds the trick: the pass says so (T1.3; the other Hunter, C4.1).
    p = _pos("tichu", _tichu(["3j 5s Ap", "2j 4s", "4t 6t", "8j 8s"], 0, "Kj", 2), 0)
    out.append(("tichu_pass_partner_holds_trick", p, (0, "pass"), "Your partner is winning this trick"))
    p = _pos("chimera", _chimera(["3j 5s", "4j 12s", "4t 6t"], 1, 0, "9j", 2), 1)
    out.append(("chimera_pass_hunter_holds_trick", p, (1, "pass"), "Your partner is winning this trick"))
    # The top single: no unseen card beats the Dragon; the A, with the Phoenix unseen, not.
    p = _pos("tichu", _tichu(["DRG 3j 9p", "2j 4s", "4t 6t", "8j 8s"], 0, "Kj", 1), 0)
    out.append(("tichu_dragon_single", p, _play_of(p, "DRG"), "%s: nobody else holds a higher single"))
    p = _pos("tichu", _tichu(["Aj 3j 9p", "2j 4s", "4t PHX", "8j 8s"], 0, "Kj", 1), 0)
    out.append(("tichu_ace_single_phoenix_unseen", p, _play_of(p, "Aj"), ANY))
    # The Dragon trick to the opponent with more cards.
    p = _gift_position()
    out.append(("gift_to_more_cards", p, (0, "gift", 1), "%s holds more cards"))
    out.append(("gift_to_fewer_cards", p, (0, "gift", 3), CHOICE))
    return out


HAND_MADE = _hand_made()


def check_hand_made(i):
    """The issue's cases: the named text where one is expected, and always a true one."""
    _name, p, a, expect = HAND_MADE[i]
    assert a in p.legal() or a[1] == "gift", a
    r = proposal.reason(p.game, p.state, p.seat, a)
    if expect is not ANY:
        assert _text(r) == expect, _where(p, a, r)
    assert _holds(p, a, r, False), _where(p, a, r)


for _i in range(len(HAND_MADE)):
    def _test(i=_i):
        check_hand_made(i)
    _add_test("test_hand_made_" + HAND_MADE[_i][0], _test)
del _test


def test_a_phoenix_pair_lead_does_not_keep_your_strong_cards():
    """Issue 28: "pair 5" made with the Phoenix was "Leads low, keeps your strong cards"."""
    p = _pos("tichu", _tichu(["PHX 5j 7s 9p Jt Kj", "2j 3s", "4t 6t", "8j 8s"], 0), 0)
    for cards in ("PHX 5j", "PHX 7s", "PHX 9p"):
        r = proposal.reason(p.game, p.state, 0, _play_of(p, cards))
        assert _text(r) != "Leads low, keeps your strong cards", (cards, r)


def test_the_dog_lead_is_not_leads_low():
    """Issue 28 (T4.3): the Dog was tipped "Leads low"."""
    for hands, out in ((["DOG 3j 5s 9p", "2j 3s", "4t 6t", "8j 8s"], ()),
                       (["DOG 3j 5s 9p", "2j 3s", "", "8j 8s"], (2,))):
        p = _pos("tichu", _tichu(hands, 0, out=out), 0)
        r = proposal.reason(p.game, p.state, 0, _play_of(p, "DOG"))
        assert _text(r) not in ("Leads low, keeps your strong cards", "Lowest single you can spare")
        assert _holds(p, _play_of(p, "DOG"), r, False), r


def test_a_push_of_low_cards_after_the_own_call_names_no_good_one_for_the_partner():
    """Issue 28 (T2.3, T2.4): after the seat's Tichu call the push of 3/4/5 still said "a
    good one to your partner"."""
    p, a = _push_after_call(True, (3, 4, 5))
    r = proposal.reason(p.game, p.state, 0, a)
    assert _text(r) == "Your strong cards stay with you", r


def test_a_forced_pass_gets_no_advice():
    """Issue 28 (T5.1): with pass the only choice, "Keep your cards for a later trick"."""
    p = _pos("tichu", _tichu(["3j 5s 9p", "2j 4s", "4t 6t", "8j 8s"], 0, "DRG", 3), 0)
    assert [a for a in p.legal() if a[1] != "tichu"] == [(0, "pass")]
    assert proposal.reason(p.game, p.state, 0, (0, "pass")) is None


def test_a_trap_is_named_a_trap():
    """Issue 28 (C6.2): the tip called a trap "Eine Bombe" (a bomb)."""
    p = _pos("chimera", _chimera(["3j", "11j 11s 11p 11t 9j", "6j 6s"], 1, 0, "5j 5s", 2), 1)
    r = proposal.reason(p.game, p.state, 1, _play_of(p, "11j 11s 11p 11t"))
    assert _text(r) == "A trap takes this trick", r


def test_a_bid_on_a_hand_without_strength_is_not_called_strong():
    """Issue 29 (C3.2): level 3 bids from odds of about 31%, so it may bid on a hand with no
    Hero, Pi Ya, Chimera or trap; its tip is then the bot's choice, never "Strong enough"."""
    from engine_core.chimera import game
    from tests.engine.chimera_flows import codes, run

    full = ("1j 2j 3j 4j 5j 6j 7j 8j 9j 10j 11j 12j Hj Hs Hp Ht 3s",
            "1s 1p 1t 2s 2p 2t 3p 3t 4s 4p 4t 5s 5p 5t 6s 6p 6t",
            "8s 8p 8t 9s 9p 9t 10s 10p 10t 11s 11p 11t 12s 12p 12t P C")
    s = run([["deal", {"dealer": 2, "hands": [h.split() for h in full],
                       "kitty": ["7s", "7p", "7t"], "face_up": "1j"}]])[0].copy()
    for hand, text in (("1j 2j 3j 4j 5j 6j 7j 8j 9j 10j 11j 12j 1s 2s 4s 5s 6s", CHOICE),
                       ("1j 2j 3j 4j 5j 6j 7j 8j 9j 10j 11j 12j 1s 2s 4s 5s Hj",
                        "Strong enough to bid %d"),
                       ("1j 1s 1p 1t 5j 6j 7j 8j 9j 10j 11j 12j 2s 4s 5s 6s 3j",
                        "Strong enough to bid %d")):
        s.hands = (tuple(sorted(codes(hand))),) + s.hands[1:]
        a = (0, "bid", 20)
        assert a in game.legal_actions(s, 0)
        assert _text(proposal.reason(game, s, 0, a)) == text, hand
