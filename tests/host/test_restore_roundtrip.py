"""backup -> restore of an unchanged backup gives the board back exactly what it had (issue 21
item 2): for every kind of journal state the app started on the restored journal holds the
same settings, match and, for a dealt match, the same seats, seed, journaled actions and
position as the app started on the backed-up one. The restore path here is the one
`python -m host_sim restore` takes (board_backup.nvm_image / fram_writes); the serial link
around it is tested in tests/host/test_board_link.py."""

import pytest

from engine_core.bot_driver import FIND, Driver
from engine_core.scorebook import ScoreBook
from firmware.storage.fram_store import FramStore
from firmware.storage.saves import write
from firmware.storage.stores import NvmStore
from host_sim.board_backup import (
    Content,
    app_state,
    check_backup,
    fram_writes,
    make_backup,
    nvm_image,
    power_up,
)
from host_sim.device import Device
from host_sim.player import play_setup
from tests.storage.legacy_format import dump, slot

TICHU = ["Anna", "Ben", "Carla", "David"]


def tichu(points, calls=None, first=0):
    return {"calls": calls or {}, "first_out": first, "double_victory": None,
            "card_points": [points, 100 - points]}


def score_keeper(store, compact):
    """A Tichu match kept by hand: settings, rounds, an undo and an edit, one append each."""
    settings = Content("nvm", b"\xff" * 4096).settings
    settings["lang"] = 1
    settings["names"] = ["Anna", "Ben", "Carla", "David", "Eve"]
    book = None

    def state():
        return [settings] + (list(book.payloads()) if book is not None else [])

    write(store, state, settings)
    book = ScoreBook("tichu", TICHU, 1000)
    write(store, state, None)
    for change in (lambda: book.add(tichu(60)), lambda: book.add(tichu(70, {"0": "tichu"})), book.undo,
                   lambda: book.edit(0, tichu(45, first=1))):
        write(store, state, change())
    if compact:
        write(store, state, None)


def next_action(d):
    # Any seat's next action as a level-1 bot would choose it (the human seat's too).
    return Driver(d.game, [1] * len(d.levels), d.seed, FIND).action(d.state, d.step())


def dealt_states(game, store, image, rounds=2, compact_at=None):
    """[(label, image bytes)] of a dealt match with one human (seat 0) played through the
    app's session (firmware/dealer.py, the journal written as the app writes it): the first
    moment of every kind of decision of the round (with and without bots' actions not yet
    journaled), between rounds, and, with ``compact_at``, after a compaction of the whole
    state at that action."""
    dev = Device("picosystem", store, seed=7)
    dev.app.pause_ms = 0
    play_setup(dev, game, humans=(0,), level=1)
    s = dev.app.session
    out, seen, n = [], set(), 0
    record = dev.app.record

    def record_seen(payload):
        if payload is not None and payload.get("t") == "round" and "unscored" not in seen:
            seen.add("unscored")  # the journal a cut leaves before the round's score line
            out.append(("%s round over, its score line not written" % game, bytes(image)))
        record(payload)

    dev.app.record = record_seen
    first = generation(image)
    while len(dev.app.book.deltas) < rounds:
        d = s.dealt
        if d.state is None:
            out.append(("%s between rounds %d" % (game, len(dev.app.book.deltas)), bytes(image)))
            s.deal()
            continue
        label = "%s %s%s%s" % (game, d.due()[0], ", bots' actions pending" if s.unsaved else "",
                                " (the nvm filled up and was compacted)" if generation(image) > first else "")
        if label not in seen:
            seen.add(label)
            out.append((label, bytes(image)))
        n += 1
        if n == compact_at:
            dev.app.record(None)
            first = generation(image)
            out.append(("%s compacted in a round (%s)" % (game, label), bytes(image)))
        s.act(next_action(d))
    return out


def generation(image):
    # The journal's generation (firmware/storage/journal.py header): how many compactions made it.
    return int.from_bytes(image[4:8], "little")


def nvm_states():
    """[(label, nvm image)] of every kind of state an nvm journal holds."""
    out = [("blank", b"\xff" * 4096)]
    for compact in (False, True):
        nvm = bytearray(b"\xff" * 4096)
        score_keeper(NvmStore(nvm), compact)
        out.append(("score keeper%s" % (", compacted" if compact else ""), bytes(nvm)))
    for game in ("chimera", "tichu"):
        nvm = bytearray(b"\xff" * 4096)
        out += dealt_states(game, NvmStore(nvm), nvm, compact_at=30)
    # a small nvm fills in the middle of rounds: the app compacts it there by itself
    nvm = bytearray(b"\xff" * 1024)
    small = dealt_states("tichu", NvmStore(nvm), nvm, rounds=4)
    out += [(label + " in 1 KB", image) for label, image in small if "filled up" in label]
    # the first version's journal in the nvm's halves, to be moved in at the next start
    older = [dump({"t": "settings", "lang": 1}),
             dump({"t": "new", "game": "tichu", "names": TICHU, "limit": 1000}),
             dump({"t": "round", "entry": tichu(65)})]
    half = slot(3, older[:2], older[2:])
    out.append(("first version's journal", half + b"\xff" * (2048 - len(half)) + b"\xff" * 2048))
    return out


NVM_STATES = nvm_states()


def round_trip_nvm(image, size=4096):
    content = check_backup(make_backup(Content("nvm", image, "picosystem"), "2026-11-26T12:00:00"))
    return Content("nvm", nvm_image(content, size))


@pytest.mark.parametrize("label,image", NVM_STATES, ids=[x[0] for x in NVM_STATES])
def test_restoring_an_unchanged_nvm_backup_gives_back_the_same_state(label, image):
    before = app_state(power_up("nvm", image))
    assert round_trip_nvm(image).state() == before


def test_the_states_cover_every_phase_of_both_games_and_rounds_in_progress():
    labels = " | ".join(x[0] for x in NVM_STATES)
    for phase in ("chimera bid", "chimera play", "tichu grand", "tichu push", "tichu play",
                  "bots' actions pending", "between rounds", "compacted in a round", "filled up",
                  "score line not written",
                  "first version's journal", "score keeper, compacted"):
        assert phase in labels, phase
    # and a round in progress is one: the regression of issue 21 (it came back as a score keeper at 0:0)
    dealt = [x for x in NVM_STATES if "play" in x[0]]
    assert all(app_state(power_up("nvm", image))["dealt"]["position"] for _, image in dealt)


def test_a_dealt_round_in_progress_comes_back_dealt_not_as_a_score_keeper_at_zero():
    label, image = [x for x in NVM_STATES if x[0] == "tichu play"][0]
    got = round_trip_nvm(image).state()
    assert got["dealt"] is not None and got["dealt"]["game"] == "tichu" and got["dealt"]["position"]
    assert got["dealt"]["levels"] == [None, 1, 1, 1]


def fram_states():
    out = []
    for game in ("chimera", "tichu"):
        fram = bytearray(32768)
        out += dealt_states(game, FramStore(fram), fram, rounds=1, compact_at=20)
    fram = bytearray(32768)
    score_keeper(FramStore(fram), False)
    out.append(("score keeper", bytes(fram)))
    return out


FRAM_STATES = fram_states()


@pytest.mark.parametrize("label,image", FRAM_STATES, ids=[x[0] for x in FRAM_STATES])
def test_restoring_an_unchanged_fram_backup_gives_back_the_same_state(label, image):
    content = check_backup(make_backup(Content("fram", image, "badger2040"), "2026-11-26T12:00:00"))
    before = app_state(power_up("fram", image))
    # into the FRAM as it is, and into another board's FRAM that holds another match
    for current in (image, FRAM_STATES[0][1]):
        writes, after = fram_writes(content, current)
        mem = bytearray(current)
        for offset, data in writes:
            mem[offset:offset + len(data)] = data
        assert bytes(mem) == after
        assert Content("fram", after).state() == before


def test_the_backup_file_holds_the_round_in_progress_and_an_edited_one_is_refused():
    from host_sim.board_backup import BackupRefused

    _, image = [x for x in NVM_STATES if x[0] == "chimera play"][0]
    doc = make_backup(Content("nvm", image), "2026-11-26T12:00:00")
    assert doc["dealt"]["game"] == "chimera" and doc["dealt"]["seed"] is not None and doc["dealt"]["actions"]
    doc["dealt"]["actions"] = doc["dealt"]["actions"][:-1]
    with pytest.raises(BackupRefused, match="edited"):
        check_backup(doc)
