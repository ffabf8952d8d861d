"""What the 4 KB nvm holds without a compaction (firmware/storage/journal.py): a score-keeper match of
more than a hundred rounds, and every action of a dealt match of 15 rounds of either game,
encoded by engine_core/action_codec.py, beside the settings and the score book.

Dealt rounds are played by random legal actions (each seat's choices: tichu/choices.py, or
uniform over chimera legal_actions), a pessimistic stand-in for people: uniform choice rarely
passes when a play is possible, so its tricks are long (about 107 actions a Tichu round against
some 80 at a real table). Two ways of writing are measured: hot-seat, every action its own
frame; one person against bots, the bots' actions written with the person's next one.
"""

import pytest

from engine_core.action_codec import decode_all, encode, encode_seed
from engine_core.chimera import game as chimera
from engine_core.prng import Pcg32
from engine_core.scorebook import ScoreBook
from engine_core.tichu import choices as tichu_choices, game as tichu
from firmware.storage.book_codec import encode as encode_change
from firmware.storage.journal import Journal, frame
from firmware.storage.stores import NvmStore
from host_sim.board_backup import default_settings
from tests.storage.session import CHIMERA, TICHU

# The app's settings as a new board starts with them (through the host's stand-ins: see
# tests/storage/test_storage_choice.py).
DEFAULTS = default_settings()

NVM = 4096
NAMES = {"chimera": ["Anna", "Ben", "Carla"], "tichu": ["Anna", "Ben", "Carla", "David"]}


def base(game):
    """Bytes of the area after a new match: header, snapshot of settings and the match header."""
    book = ScoreBook(game, NAMES[game], 1000)
    store = NvmStore(bytearray(b"\xff" * NVM))  # the compaction a new match makes
    Journal(store).reset([encode_change(DEFAULTS), encode_change(book.header())])
    return store.cursor[2]


def test_a_score_keeper_match_of_more_than_a_hundred_rounds_fits():
    for game, entries in (("tichu", TICHU), ("chimera", CHIMERA)):
        book = ScoreBook(game, NAMES[game], 10 ** 6)
        used = base(game)
        for i in range(120):
            used += len(frame(encode_change(book.add(entries[i % len(entries)]))))
            if i % 10 == 9:
                used += len(frame(encode_change(book.undo())))
                used += len(frame(encode_change(book.add(entries[i % len(entries)]))))
        assert used <= NVM, (game, used)


def _strip(action):
    a = tuple(action)
    while a[-1] is None:
        a = a[:-1]
    return a


def dealt(game, seed, rounds=15, humans=(0, 1, 2, 3)):
    """(bytes written, actions) for ``rounds`` rounds; also checks every action decodes back."""
    g = tichu if game == "tichu" else chimera
    rng = Pcg32(seed)
    state = g.new_match(limit=10 ** 6)
    used = 0
    pending = b""
    actions = 0
    done = 0
    while done < rounds:
        kind, due = g.decision(state)
        if kind == "deal":
            s = rng.below(1 << 30)
            action, seat, b = g.next_deal(state, Pcg32(s)), None, encode_seed(0, s)
        else:
            seat = due[0]
            if game == "tichu":
                action = tichu_choices.random_action(state, seat, rng)
            else:
                acts = g.legal_actions(state, seat)
                action = acts[rng.below(len(acts))]
            b = encode(game, action)
            assert decode_all(game, b) == [_strip(action)]
        state, events = g.apply(state, action)
        actions += 1
        pending += b
        if seat is None or seat in humans:
            used += len(frame(pending))
            pending = b""
        done += sum(1 for e in events if e[0] == "round_over")
        used += sum(len(frame(b"\x03abc")) for e in events if e[0] == "round_over")  # its score line
    return used, actions


@pytest.mark.parametrize("game", ["chimera", "tichu"])
def test_a_dealt_match_of_15_rounds_against_bots_fits(game):
    for seed in range(3):
        used, actions = dealt(game, seed, humans=(0,))
        print("%s seed %d, one person and bots: %d actions, %d bytes" % (game, seed, actions, used))
        assert base(game) + used <= NVM


@pytest.mark.parametrize("game", ["chimera", "tichu"])
def test_a_hot_seat_match_of_15_rounds_fits(game):
    for seed in range(3):
        used, actions = dealt(game, seed)
        print("%s seed %d, hot-seat: %d actions (%.0f a round), %d bytes of %d"
              % (game, seed, actions, actions / 15, base(game) + used, NVM))
        assert base(game) + used <= NVM
