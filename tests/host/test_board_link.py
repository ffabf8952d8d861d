"""backup, records and restore over the board's serial REPL: the real mpremote-based commands
against the stand-in board (`python -m host_sim serial-board`) on a pseudo-terminal, its nvm
(and FRAM) kept in files that the tests prepare and read with the firmware's own code."""

import base64
import json
import os
import re
import subprocess
import sys

import pytest

from engine_core.scorebook import ScoreBook
from firmware.storage.fram_store import FramStore
from firmware.storage.saves import load, write
from firmware.storage.stores import NvmStore
from host_sim.__main__ import main as host_sim
from host_sim.board_backup import default_settings
from host_sim.stubs.microcontroller import NVM

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

pytestmark = pytest.mark.skipif(not hasattr(os, "openpty"), reason="the stand-in needs a pseudo-terminal")

TICHU = ["Anna", "Ben", "Carla", "David"]


def tichu(points, calls=None, first=0):
    return {"calls": calls or {}, "first_out": first, "double_victory": None,
            "card_points": [points, 100 - points]}


def play(store):
    """A Tichu match journaled one change at a time, as the app writes it: settings, the new
    match, rounds, an undo and an edit. Returns (settings, book)."""
    settings = default_settings()
    settings["lang"] = 1
    settings["names"] = ["Anna", "Ben", "Carla", "David", "Eve"]
    book = None

    def state():
        return [settings] + (list(book.payloads()) if book is not None else [])

    write(store, state, settings)
    book = ScoreBook("tichu", TICHU, 1000)
    write(store, state, None)
    for change in (lambda: book.add(tichu(60)), lambda: book.add(tichu(70, {"0": "tichu"})),
                   lambda: book.add(tichu(35, {"2": "grand"}, first=1)), book.undo,
                   lambda: book.add(tichu(55, first=3)), lambda: book.edit(0, tichu(45, first=1))):
        write(store, state, change())
    return settings, book


def expected_match(book):
    return {"header": {"t": "new", "game": "tichu", "names": TICHU, "limit": 1000},
            "entries": [tichu(45, first=1), tichu(70, {"0": "tichu"}), tichu(55, first=3)],
            "deltas": [[45, 55], [170, 30], [55, 45]], "totals": book.totals, "winner": None}


def nvm_file(state):
    return os.path.join(state, "nvm.bin")


def loaded(store):
    settings = default_settings()
    return settings, load(store, None, settings)


@pytest.fixture
def boards(tmp_path):
    """boards(name, *flags, state=None): a stand-in board serving on a pseudo-terminal;
    returns (port, state directory). All are stopped after the test."""
    running = []

    def start(name, *flags, state=None):
        state = state or str(tmp_path / ("board%d" % len(running)))
        os.makedirs(state, exist_ok=True)
        log = open(os.path.join(state, "stderr.txt"), "w")
        proc = subprocess.Popen([sys.executable, "-m", "host_sim", "serial-board", "--board", name,
                                 "--state", state] + list(flags),
                                cwd=ROOT, stdout=subprocess.PIPE, stderr=log, text=True)
        running.append((proc, log))
        port = proc.stdout.readline().strip()
        assert port.startswith("/dev/"), "the stand-in board did not start"
        return port, state

    yield start
    for proc, log in running:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stdout.close()
        log.close()


@pytest.fixture
def played(boards):
    """A PicoSystem stand-in whose nvm holds a played match: (port, state, settings, book)."""
    port, state = boards("picosystem")
    settings, book = play(NvmStore(NVM(path=nvm_file(state))))
    return port, state, settings, book


def test_backup_holds_the_exact_match_and_the_raw_nvm(played, tmp_path, capsys, monkeypatch):
    port, state, settings, book = played
    out = tmp_path / "backup.json"
    assert host_sim(["backup", "--port", port, "--out", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert (doc["format"], doc["version"], doc["board"], doc["store"]) == (
        "climbing-cards-backup", 1, "picosystem", "nvm")
    with open(nvm_file(state), "rb") as f:
        assert base64.b64decode(doc["image"]) == f.read() and doc["image_size"] == 4096
    assert doc["settings"] == settings and doc["settings"]["lang"] == 1
    assert doc["match"] == expected_match(book)
    assert "tichu, Anna, Ben, Carla, David, 3 rounds, totals 270:130" in capsys.readouterr().out

    monkeypatch.chdir(tmp_path)  # without --out: a dated file here
    assert host_sim(["backup", "--port", port]) == 0
    [name] = [n for n in os.listdir(tmp_path) if n.startswith("backup-picosystem-")]
    assert re.fullmatch(r"backup-picosystem-\d{4}-\d\d-\d\d-\d{6}\.json", name)
    assert json.loads((tmp_path / name).read_text())["match"] == doc["match"]


def test_records_write_a_score_sheet_per_match(played, tmp_path):
    port, _, _, book = played
    assert host_sim(["records", "--port", port, "--out", str(tmp_path / "sheets")]) == 0
    [name] = os.listdir(tmp_path / "sheets")
    assert name.startswith("tichu-") and name.endswith("-Anna-Ben-Carla-David.json")
    sheet = json.loads((tmp_path / "sheets" / name).read_text())
    want = expected_match(book)
    assert (sheet["game"], sheet["names"], sheet["limit"], sheet["winner"]) == ("tichu", TICHU, 1000, None)
    assert sheet["sides"] == ["Anna+Carla", "Ben+David"] and sheet["totals"] == [270, 130]
    assert [r["entry"] for r in sheet["rounds"]] == want["entries"]
    assert [r["deltas"] for r in sheet["rounds"]] == want["deltas"]
    assert [r["totals"] for r in sheet["rounds"]] == [[45, 55], [215, 85], [270, 130]]


def test_restore_into_an_empty_board_brings_the_match_back(played, boards, tmp_path, capsys):
    port, _, settings, book = played
    backup = tmp_path / "backup.json"
    assert host_sim(["backup", "--port", port, "--out", str(backup)]) == 0
    empty_port, empty = boards("macropad")
    assert not os.path.exists(nvm_file(empty))
    assert host_sim(["restore", "--port", empty_port, "--file", str(backup)]) == 0
    assert "into the board's nvm; the app restarted" in capsys.readouterr().out
    got_settings, got = loaded(NvmStore(NVM(path=nvm_file(empty))))
    assert got_settings == settings
    assert (got.header(), got.entries, got.totals) == (book.header(), book.entries, book.totals)
    # A fresh compaction: the settings and the match as one snapshot, nothing else.
    again = tmp_path / "again.json"
    assert host_sim(["backup", "--port", empty_port, "--out", str(again)]) == 0
    assert json.loads(again.read_text())["match"] == expected_match(book)
    with open(os.path.join(empty, "stderr.txt")) as f:
        assert "Traceback" not in f.read()


def _damaged(doc):
    """(what, file text) of backups that must be refused."""
    image = bytearray(base64.b64decode(doc["image"]))
    image[40] ^= 0x10  # a bit inside the settings record
    flipped = dict(doc, image=base64.b64encode(image).decode())
    # The same damage with its checksum made to agree: the journal's own check finds it.
    import hashlib

    rehashed = dict(flipped, image_sha256=hashlib.sha256(image).hexdigest())
    edited = json.loads(json.dumps(doc))
    edited["match"]["totals"] = [1000, 0]
    text = json.dumps(doc)
    return [
        ("cut off", text[:len(text) // 2]),
        ("not a backup", json.dumps({"game": "tichu", "rounds": []})),
        ("a later version", json.dumps(dict(doc, version=99))),
        ("no image", json.dumps({k: v for k, v in doc.items() if k != "image"})),
        ("image not base64", json.dumps(dict(doc, image="%%%"))),
        ("image bit flipped", json.dumps(flipped)),
        ("image bit flipped, checksum redone", json.dumps(rehashed)),
        ("match edited", json.dumps(edited)),
        ("binary junk", "\x00\x01\x02"),
    ]


def test_a_damaged_or_foreign_backup_is_refused_and_the_board_keeps_its_match(played, tmp_path, capsys):
    port, state, _, _ = played
    good = tmp_path / "good.json"
    assert host_sim(["backup", "--port", port, "--out", str(good)]) == 0
    with open(nvm_file(state), "rb") as f:
        before = f.read()
    capsys.readouterr()
    for what, text in _damaged(json.loads(good.read_text())):
        bad = tmp_path / "bad.json"
        bad.write_text(text)
        assert host_sim(["restore", "--port", port, "--file", str(bad)]) == 1, what
        out, err = capsys.readouterr()
        assert out == "" and err.startswith("restore: ") and err.count("\n") == 1, (what, err)
        assert any(w in err for w in ("damaged", "not a", "version 99", "edited")), (what, err)
        with open(nvm_file(state), "rb") as f:
            assert f.read() == before, what


def test_an_fram_board_is_backed_up_and_restored_in_its_fram(boards, tmp_path):
    # The Badger's profile finds its FRAM on board.I2C(); the Pico's on busio.I2C(GP5, GP4).
    port, state = boards("badger2040", "--fram")
    settings, book = play(NvmStore(NVM(path=nvm_file(state))))
    backup = tmp_path / "moving.json"
    assert host_sim(["backup", "--port", port, "--out", str(backup)]) == 0
    doc = json.loads(backup.read_text())
    # A new FRAM (all zeros): the match is still the nvm's until the app moves it in.
    assert doc["store"] == "nvm" and doc["match"] == expected_match(book)

    fram = bytearray(32768)
    chimera = ScoreBook("chimera", ["Ann", "Bo", "Cy"], 400)

    def chimera_state():
        return [settings] + list(chimera.payloads())

    write(FramStore(fram), chimera_state, None)
    write(FramStore(fram), chimera_state, chimera.add({"chimera": 1, "bid": 30, "first_out": 1, "traps": 2,
                                                  "attack": True, "silent_hunter": False,
                                                  "treasure": [10, 30, 20]}))
    with open(os.path.join(state, "fram.bin"), "wb") as f:
        f.write(fram)
    assert host_sim(["backup", "--port", port, "--out", str(backup)]) == 2  # never over a backup
    backup = tmp_path / "fram.json"
    assert host_sim(["backup", "--port", port, "--out", str(backup)]) == 0
    doc = json.loads(backup.read_text())
    assert (doc["store"], doc["image_size"]) == ("fram", 32768)
    assert doc["match"]["entries"] == chimera.entries and doc["match"]["totals"] == chimera.totals

    # Into another FRAM board, one without raw-paste mode (mpremote's plain raw REPL).
    other, other_state = boards("pico_display_pack", "--fram", "--no-raw-paste")
    assert host_sim(["restore", "--port", other, "--file", str(backup)]) == 0
    with open(os.path.join(other_state, "fram.bin"), "rb") as f:
        got_settings, got = loaded(FramStore(bytearray(f.read())))
    assert got_settings == settings and (got.entries, got.totals) == (chimera.entries, chimera.totals)
    assert not os.path.exists(nvm_file(other_state))  # the nvm is not where this board keeps it


def test_mpremote_itself_talks_to_the_stand_in_board(played):
    port, _, _, _ = played
    code = "import microcontroller; print(len(microcontroller.nvm), bytes(microcontroller.nvm[1:3]))"
    r = subprocess.run([sys.executable, "-m", "mpremote", "connect", port, "exec", code],
                       cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert r.returncode == 0 and r.stdout.strip() == "4096 b'GJ'", r


@pytest.mark.parametrize("command", ["backup", "records", "restore"])
def test_no_board_at_the_port_is_one_line_and_exit_2(command, tmp_path):
    from host_sim.board_backup import Content, make_backup

    nvm = bytearray(b"\xff" * 4096)
    play(NvmStore(nvm))
    backup = tmp_path / "good.json"
    backup.write_text(json.dumps(make_backup(Content("nvm", nvm), "2025-01-01T00:00:00")))
    argv = [command] + (["--file", str(backup)] if command == "restore" else [])
    for port in (str(tmp_path / "ttyACM9"), "/dev/null"):
        r = subprocess.run([sys.executable, "-m", "host_sim"] + argv + ["--port", port],
                           cwd=ROOT, capture_output=True, text=True, timeout=30)
        assert r.returncode == 2 and r.stdout == "", r
        assert r.stderr.count("\n") == 1 and r.stderr.startswith(command + ": "), r.stderr
        assert port in r.stderr and "Traceback" not in r.stderr
