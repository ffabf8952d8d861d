"""`python -m host_sim shots [--out docs/shots] [--board NAME ...]` (make shots)

One screenshot per board and screen, headless, as host_sim shot makes them: the same
scripted player (host_sim.player) drives every board through the same scenes, and each
PNG is the panel at its own size. Writes OUT/<board>/<scene>.png and OUT/index.md, a
table of them (README links to it)."""

import os

from boards import IDS
from host_sim import player as pl
from host_sim.device import Device

TICHU = ["Anna", "Ben", "Carla", "David"]
CHIMERA = ["Anna", "Ben", "Carla"]


def _tichu_match(dev):
    pl.new_match(dev, "tichu", 1000, TICHU)
    pl.tichu_round(dev, points=65)
    pl.tichu_round(dev, points=70, calls={0: "tichu"}, first=0)
    pl.tichu_round(dev, first=1, double=True)


def _chimera_match(dev):
    pl.new_match(dev, "chimera", 400, CHIMERA)
    pl.chimera_round(dev, 0, 20, 0, [30, 0, 20], traps=1, silent=True)
    pl.chimera_round(dev, 1, 30, 2, [10, 20, 30])


def _round_entry(dev):
    _tichu_match(dev)
    dev.press("ok")
    pl.choose(dev, "points", 55)
    pl.choose(dev, "1", "tichu")


def _refused(dev):
    _chimera_match(dev)
    pl.chimera_round(dev, 2, 30, 2, [30, 20, 15], save=False)


def _initials(dev):
    pl.menu(dev, "New match")
    pl.choose(dev, "p1", None)
    dev.keys_from("ok up up right up")


def _match_end(dev):
    pl.new_match(dev, "tichu", 500, TICHU)
    pl.tichu_round(dev, first=0, double=True, calls={0: "grand"})
    pl.tichu_round(dev, points=80)
    pl.tichu_round(dev, points=65)


def _tie(dev):
    pl.new_match(dev, "tichu", 300, TICHU)
    for first in (0, 1):
        pl.tichu_round(dev, first=first, double=True)
        pl.tichu_round(dev, points=50)


def _german(dev):
    pl.menu(dev, "Settings")
    pl.choose(dev, "lang", 1)
    dev.press("ok")
    _chimera_match(dev)
    dev.press("ok")


def _dealt(dev, game, humans=(0,), turns=0):
    # A dealt match (dealer mode), bots not pausing; ``turns`` human turns played, then on
    # until a human's cards are up again.
    dev.app.pause_ms = 0
    pl.play_setup(dev, game, humans=humans, level=1, pause=0)
    for _ in range(turns + 1):
        while pl.screen_name(dev) != "Hand":
            dev.press("ok") if pl.screen_name(dev) in ("Privacy", "Message") else dev.advance(100)
        if _ < turns:
            pl.human_turn(dev)


def _hand_tichu(dev):
    # Anna's cards in trick play, a play picked from the menu: the next kind (RIGHT), its
    # second play (DOWN), marked in the hand and named.
    _dealt(dev, "tichu", turns=2)
    while not dev.screen().plays():
        pl.human_turn(dev, passes=True)
        while pl.screen_name(dev) != "Hand":
            dev.press("ok") if pl.screen_name(dev) == "Message" else dev.advance(100)
    pl.calm(dev)
    dev.keys_from("right down")


def _hand_chimera(dev):
    _dealt(dev, "chimera", turns=1)
    pl.calm(dev)
    dev.keys_from("right down")


def _free(dev):
    # The free card selection ("Choose cards"): the cursor over the cards and the actions.
    _dealt(dev, "chimera", turns=1)
    pl.free_selection(dev)
    dev.keys_from("down ok down")


def _proposal(dev):
    # Proposals on for Anna: the menu opens on the strong bot's play, with its reason.
    dev.app.pause_ms = 0
    pl.play_setup(dev, "tichu", humans=(0,), hints=(0,), level=1, pause=0)
    while not (pl.screen_name(dev) == "Hand" and dev.screen().due()[0] == "play"):
        if pl.screen_name(dev) == "Hand":
            pl.human_turn(dev)
        elif pl.screen_name(dev) in ("Message", "Privacy"):
            dev.press("ok")
        else:
            dev.advance(100)


def _received(dev):
    # After the push: what came from whom, in a message at once (then in the hand, until
    # the first play, where it fits).
    dev.app.pause_ms = 0
    pl.play_setup(dev, "tichu", humans=(0,), level=1, pause=0)
    for _ in range(2):
        while pl.screen_name(dev) != "Hand":
            dev.advance(100)
        pl.human_turn(dev)
    while pl.screen_name(dev) not in ("Hand", "Message"):
        dev.advance(100)


def _call(dev):
    # A call asks once: "Call Tichu?" (No first).
    _dealt(dev, "tichu", turns=2)
    pl.calm(dev)
    pl.menu_to(dev, lambda w: w[0] == "ask")
    dev.press("ok")


def _table(dev):
    _dealt(dev, "tichu", turns=3)
    dev.press("back")


def _table_chimera(dev):
    _dealt(dev, "chimera")
    dev.press("back")


def _play_refused(dev):
    # A selection the rules refuse, the reason on the panel before anything is confirmed.
    _dealt(dev, "chimera", turns=1)
    hand = dev.screen().hand()
    pl.pick_cards(dev, [hand[0]] + [c for c in hand if c >> 3 not in (hand[0] >> 3, 13, 14, 15)][:1])
    dev.press("up")


def _privacy(dev):
    dev.app.pause_ms = 0
    pl.play_setup(dev, "tichu", humans=(0, 1), level=1, pause=0)


def _play_score(dev):
    dev.app.pause_ms = 0
    pl.play_setup(dev, "chimera", humans=(0,), level=1, pause=0)
    pl.play_dealt_round(dev)


def _bid(dev):
    _dealt(dev, "chimera")


def _to_play(dev):
    # On from the deal to the human's first decision of trick play.
    while dev.screen().due()[0] != "play":
        pl.human_turn(dev)
        while pl.screen_name(dev) != "Hand":
            dev.press("ok") if pl.screen_name(dev) in ("Privacy", "Message") else dev.advance(100)
    pl.calm(dev)


def _phoenix(dev):
    # Seed 2's first Tichu lead holds 3 4 5 (and more) with the Phoenix: its straights name
    # what the Phoenix stands for.
    _dealt(dev, "tichu")
    _to_play(dev)
    pl.menu_to(dev, lambda w: w[0] == "play" and len({c >> 3 for c in w[1]}) == 5
               and 15 in [c >> 3 for c in w[1]])
    dev.press("down")


_phoenix.seed = 2


def _trap(dev):
    # Seed 1's first Chimera lead holds four 5s: the trap named by count and value.
    _dealt(dev, "chimera")
    _to_play(dev)
    pl.menu_to(dev, lambda w: w[0] == "play" and dev.screen().is_bomb(w[1]))


_trap.seed = 1


def _push_tips(dev):
    # Tips on: the push opens on the strong bot's three cards, who gets which named.
    dev.app.pause_ms = 0
    pl.play_setup(dev, "tichu", humans=(0,), hints=(0,), level=1, pause=0)
    while not (pl.screen_name(dev) == "Hand" and dev.screen().due() == ("push", True)):
        if pl.screen_name(dev) == "Hand" and dev.screen().due()[1]:
            pl.human_turn(dev, grand=False)
        elif pl.screen_name(dev) in ("Privacy", "Message"):
            dev.press("ok")
        else:
            dev.advance(100)
    pl.calm(dev)


# (file name, what it shows, how to get there from power-up)
SCENES = [
    ("menu", "start: the main menu", lambda dev: None),
    ("settings", "settings", lambda dev: pl.menu(dev, "Settings")),
    ("new-match", "a new match", lambda dev: pl.menu(dev, "New match")),
    ("initials", "the initials editor", _initials),
    ("totals-tichu", "Tichu totals after three rounds", _tichu_match),
    ("round-tichu", "entering a Tichu round, new totals previewed", _round_entry),
    ("history", "the rounds", lambda dev: (_tichu_match(dev), dev.press("down"))),
    ("stats", "statistics: Tichu calls made and failed", lambda dev: (_tichu_match(dev), dev.press("right"))),
    ("totals-chimera", "Chimera totals", _chimera_match),
    ("round-refused", "a Chimera round the rules refuse, and why", _refused),
    ("tie", "a tie at the top: play on", _tie),
    ("match-end", "the end of a match", _match_end),
    ("german", "a Chimera round in German", _german),
    ("play-setup", "dealer mode: a new dealt match", lambda dev: pl.menu(dev, "Play: setup")),
    ("play-bid", "dealer mode: Anna's cards, bidding: the face-up card, each bid", _bid),
    ("play-phoenix", "dealer mode: a Phoenix straight, named with what the Phoenix stands for", _phoenix),
    ("play-trap", "dealer mode: a Chimera trap, by count and value", _trap),
    ("play-push-tips", "dealer mode: the push with tips: the cards, who gets which", _push_tips),
    ("play-hand-chimera", "dealer mode: a Chimera play from the menu (kind, then rank)", _hand_chimera),
    ("play-hand-tichu", "dealer mode: a Tichu play from the menu, its cards marked in the hand", _hand_tichu),
    ("play-free", "dealer mode: the free card selection (Choose cards)", _free),
    ("play-proposal", "dealer mode: proposals on: the strong bot's play and why, one OK plays it", _proposal),
    ("play-received", "dealer mode: what the push brought, and from whom", _received),
    ("play-call", "dealer mode: a call asks once before it is made", _call),
    ("play-refused", "dealer mode: a selection refused, and why, before it is confirmed", _play_refused),
    ("play-table", "dealer mode: the Tichu table (public)", _table),
    ("play-table-chimera", "dealer mode: the Chimera table while bidding", _table_chimera),
    ("play-privacy", "dealer mode: hot seat, pass the device on", _privacy),
    ("play-score", "dealer mode: a dealt round's breakdown", _play_score),
]


def shoot(board, scene):
    dev = Device(board, seed=getattr(scene, "seed", 1))
    scene(dev)
    return dev.png()


def main(argv):
    from host_sim.cli import Parser, fail, folder_problem

    ap = Parser(prog="python -m host_sim shots", description=__doc__.split("\n\n")[1])
    ap.add_argument("--out", default=os.path.join("docs", "shots"), help="the folder (default docs/shots)")
    ap.add_argument("--board", action="append", choices=IDS, help="only this board (repeatable)")
    args = ap.parse_args(argv)
    problem = folder_problem(args.out) or next(
        (p for p in (folder_problem(os.path.join(args.out, b)) for b in args.board or IDS) if p), None)
    if problem:
        return fail("shots", "cannot write the screenshots into --out %s: %s" % (args.out, problem))
    boards = args.board or list(IDS)
    for board in boards:
        os.makedirs(os.path.join(args.out, board), exist_ok=True)
        for name, _, scene in SCENES:
            with open(os.path.join(args.out, board, name + ".png"), "wb") as f:
                f.write(shoot(board, scene))
        print("%s: %d screenshots in %s" % (board, len(SCENES), os.path.join(args.out, board)))
    lines = ["# Screenshots", "",
             "Made by `make shots` (`python -m host_sim shots`): the firmware, headless, at each panel's "
             "size.",
             "", "| screen | " + " | ".join(boards) + " |", "|---|" + "---|" * len(boards)]
    for name, what, _ in SCENES:
        cells = ["![%s %s](%s/%s.png)" % (b, name, b, name) for b in boards]
        lines.append("| %s | %s |" % (what, " | ".join(cells)))
    with open(os.path.join(args.out, "index.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return 0
