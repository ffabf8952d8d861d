"""Hand-made Tichu deals and rounds shared by the engine tests, as record events.

ROUND_A (dealer 0): seat 3 calls Grand Tichu on 8 cards, seat 1 then Tichu (closing the
window), the four push, seat 2 calls Tichu. Seat 0 leads the Mah Jong wishing a 9; seat
1 must play its 9; seat 2's Dragon wins and is given to seat 1. Seat 2 goes out first
with a 13-card straight; seat 3 leads for it (taking that trick to seat 2's pile) seven
pairs and goes out second; seat 0 leads three times and goes out third. Seat 1 is last:
its hand goes to seat 2, its pile (Mah Jong, 9, Dragon) to seat 2 as the first out.
Card points 60 : 40; seat 2's Tichu +100, seat 1's -100, seat 3's Grand -200:
deltas (160, -260).

ROUND_B (dealer 1): seat 0 calls Grand Tichu, seat 2 Tichu. Seat 1 leads the Mah Jong,
seat 0 bombs it out of turn with the straight flush 2j..Aj, everybody passes, seat 0
leads the Dog as its last card (taking the trick), the lead goes to its partner, who
goes out with seven pairs: double victory, 200 + 200 - 100: deltas (300, 0).
"""

from engine_core.tichu import game, record
from engine_core.tichu.cards import DECK
from tests.engine.game_checks import kinds, refuser, runner  # noqa: F401 - kinds re-exported

FINAL_A = [
    "MJ 2j 2p 2t 3s 3t 4s 4p 4t 5s 5p 6s 6p 6t",
    "3p 5t 7j 7p 7t 8t 9p 10s Jt Qp Kp As DOG PHX",
    "2s 3j 4j 5j 6j 7s 8j 9j 10j Jj Qs Kj Aj DRG",
    "8s 8p 9s 9t 10p 10t Js Jp Qj Qt Ks Kt Ap At",
]
PUSH_A = ["3p 2s 8s", "3j 9s 2j", "10p 3s DOG", "4s 5t 4j"]  # to seat+1, partner, seat+3
STRAIGHT_A = "2s 3j 4j 5j 6j 7s 8j 9j 10j Jj Qs Kj Aj"
PAIRS_A = "8s 8p 9s 9t 10p 10t Js Jp Qj Qt Ks Kt Ap At"

FINAL_B = [
    "DOG 2j 3j 4j 5j 6j 7j 8j 9j 10j Jj Qj Kj Aj",
    "MJ PHX DRG 9t 10p Jt Qp Qt Ks Kp Kt As Ap At",
    "2s 2p 3s 3p 4s 4p 5s 5p 6s 6p 7s 7p 8s 8p",
    "2t 3t 4t 5t 6t 7t 8t 9s 9p 10s 10t Js Jp Qs",
]
PUSH_B = ["Ks 2s 2t", "3s 3t 2j", "4t 3j MJ", "4j DRG 4s"]
FLUSH_B = "2j 3j 4j 5j 6j 7j 8j 9j 10j Jj Qj Kj Aj"


def codes(text):
    return tuple(DECK.parse(text, True))


def deal_event(final, pushes, dealer):
    """The deal event whose hands become ``final`` (texts) after ``pushes``."""
    hands = [list(codes(h)) for h in final]
    for g in range(4):
        p = codes(pushes[g])
        for k in range(3):
            hands[(g + 1 + k) % 4].remove(p[k])
            hands[g].append(p[k])
    dealt = [sorted(h) for h in hands]
    return ["deal", {"dealer": dealer, "first8": [DECK.format(h[:8]) for h in dealt],
                     "last6": [DECK.format(h[8:]) for h in dealt]}]


def push_events(pushes, order=(0, 1, 2, 3)):
    return [[g, "push", pushes[g].split()] for g in order]


def play(seat, text, options=None):
    ev = [seat, "play", text.split()]
    if options is not None:
        ev.append(options)
    return ev


def passes(*seats):
    return [[s, "pass"] for s in seats]


DEAL_A = deal_event(FINAL_A, PUSH_A, 0)
CALLS_A = [DEAL_A, [3, "grand"], [1, "tichu"]] + push_events(PUSH_A, (2, 0, 3, 1)) + [[2, "tichu"]]
PLAY_A = ([play(0, "MJ", {"wish": "9"}), play(1, "9p"), play(2, "DRG")] + passes(3, 0, 1)
          + [[2, "gift", 1], play(2, STRAIGHT_A)] + passes(3, 0, 1)
          + [play(3, PAIRS_A)] + passes(0, 1)
          + [play(0, "2j 2p 2t 3s 3t")] + passes(1)
          + [play(0, "4s 4p 4t 5s 5p")] + passes(1)
          + [play(0, "6s 6p 6t")])
ROUND_A = CALLS_A + PLAY_A
DELTAS_A = (160, -260)

DEAL_B = deal_event(FINAL_B, PUSH_B, 1)
ROUND_B = ([DEAL_B, [0, "grand"]] + push_events(PUSH_B) + [[2, "tichu"]]
           + [play(1, "MJ"), play(0, FLUSH_B)] + passes(1, 2, 3)
           + [play(0, "DOG"), play(2, FINAL_B[2])])
DELTAS_B = (300, 0)


def run(events, state=None, limit=1000):
    """Apply record events; (state, events of the last apply)."""
    s = state if state is not None else game.new_match(limit)
    out = []
    for ev in events:
        s, out = game.apply(s, record.to_action(ev))
    return s, out


run_all = runner(game, record, 1000)


def cards_in_play(s):
    """Every card of the deal, wherever it is: 56 once each (T1)."""
    every = []
    for i in range(4):
        every.extend(s.hands[i])
        every.extend(s.rest[i])
        every.extend(s.piles[i])
    every.extend(s.trick)
    return sorted(every)


def position(hands, turn, top_cards=None, top_seat=-1, lead=0, wish=0, out=(), played=None):
    """A trick-play position with chosen hands (texts): ``top_cards`` by ``top_seat`` on
    the table (read at their highest as led), every other card in seat 0's pile."""
    from engine_core.tichu.combos import classify
    s = game.new_match().copy()
    s.phase = game.PLAY
    s.dealer = 0
    s.decided = 15
    s.hands = tuple(tuple(sorted(codes(h))) for h in hands)
    s.turn = turn
    s.lead = lead
    s.wish = wish
    s.out = out
    s.played = played if played is not None else 15
    if top_cards:
        s.trick = codes(top_cards)
        s.top = classify(s.trick)[-1]
        s.top_seat = top_seat
    else:
        s.lead = 1
    used = set(s.trick)
    for h in s.hands:
        used.update(h)
    s.piles = (tuple(c for c in DECK.card_list if c not in used), (), (), ())
    return s


refused = refuser(game)


def refused_event(state, ev):
    return refused(state, record.to_action(ev))
