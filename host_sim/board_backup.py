"""The board's journal image on the host: decoded with the firmware's own code, written as a
backup or as score sheets, checked, and rebuilt as a fresh journal to restore.

Nothing here talks to a board (host_sim/board_link.py does); the commands that do both are
in host_sim/board_commands.py.

A backup (``FORMAT``, ``VERSION``) keeps the raw image of the store the match was read from
("nvm" or "fram") with its SHA-256, and, for people and other tools, what the firmware
decodes from it: the settings and the match (header, entries, deltas, totals, winner). A
restore trusts only the image, and only after decoding it again gives exactly the decoded
part: a file that was cut, edited or is something else is refused.
"""

import base64
import binascii
import hashlib
import json
import re

FORMAT = "climbing-cards-backup"
VERSION = 1
SHEET_FORMAT = "climbing-cards-score-sheet"
SHEET_VERSION = 1


class BackupRefused(ValueError):
    """The file is no backup this tool can restore; the message says why (one line)."""


# -- decoding a journal image with the firmware --------------------------------------------


def default_settings():
    from host_sim.device import install_standins

    install_standins()  # firmware.app binds the board's module names when first imported
    from firmware.app import fresh_settings

    return fresh_settings()


def _store_of(store, image):
    """(the firmware's store over ``image``, a bytearray; the older journal to move in), as
    the app opens them at start-up (an nvm may still hold the first version's journal)."""
    from firmware.storage.choice import open_store
    from firmware.storage.fram_store import FramStore

    if store == "fram":
        return FramStore(image), None
    if store == "nvm":
        # No journal files: on the host they would be the PC's /journal0.bin.
        return open_store(nvm=image, fram=None, files=())
    raise ValueError("unknown store %r" % store)


def decode_image(store, image):
    """(settings, ScoreBook or None, dealt) from the image of an "nvm" or "fram" store, as
    the app loads them at start-up; ``dealt`` is a dealt match's seats and round in
    progress (firmware/storage/saves.py load), empty for a score-keeper match."""
    from firmware.storage.saves import load

    settings = default_settings()
    dealt: dict = {}
    book = load(*_store_of(store, bytearray(image)), settings, dealt)
    return settings, book, dealt


def power_up(store, image):
    """The app as it starts on a board whose journal is ``image`` (a copy: the app may
    write, as on the board: moving an older journal in, scoring a round whose score line
    the power took). Nothing runs after the start: no bot acts, no round is dealt."""
    from host_sim.device import Device

    st, older = _store_of(store, bytearray(image))
    return Device("picosystem", st, older=older, run=False).app


def app_state(app):
    """What the started app holds, as plain data: settings, the match and, for a dealt
    match, who sits where and the round on the table (its seed, its journaled actions and
    the position they lead to). Two journals that give equal states are the same to a user."""
    s = app.session
    dealt = None
    if s is not None:
        d = s.dealt
        dealt = {"game": d.name, "levels": list(s.levels), "first_dealer": d.first_dealer, "seed": None,
                 "round": None, "position": None}
        if d.state is not None:  # a round on the table
            dealt.update(seed=d.seed, round=bytes(s.round).hex(), position=d.state.to_list())
    return _plain({"settings": app.settings, "match": match_dict(app.book), "dealt": dealt})


def where_the_match_is(nvm, fram):
    """("nvm" or "fram", its image): the store the app would load the match from, given
    both images (``fram`` None: the board has none)."""
    from firmware.storage.fram_store import FramStore
    from firmware.storage.journal import Journal

    # An FRAM without a journal yet means the app moves the nvm's in at its next start.
    if fram is not None and Journal(FramStore(bytearray(fram))).live():
        return "fram", bytes(fram)
    return "nvm", bytes(nvm)


class Content:
    """What a board's journal holds, decoded."""

    def __init__(self, store, image, board=None):
        self.store = store
        self.image = bytes(image)
        self.board = board
        self.settings, self.book, self.dealt = decode_image(store, self.image)

    def state(self):
        """app_state() of the app started on this image."""
        return app_state(power_up(self.store, self.image))


def match_dict(book):
    """The match as plain JSON data (None: no match)."""
    if book is None:
        return None
    return _plain({"header": book.header(), "entries": book.entries, "deltas": book.deltas,
                   "totals": book.totals, "winner": book.winner()})


def _plain(data):
    # Tuples become lists, as a JSON round trip makes them, so decoded data compares equal.
    return json.loads(json.dumps(data))


# -- backups ------------------------------------------------------------------------------------


def make_backup(content, made):
    """The backup document (a dict ready for json.dump) of ``content``; ``made`` is its time."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "made": made,
        "board": content.board,
        "store": content.store,
        "image_size": len(content.image),
        "image_sha256": hashlib.sha256(content.image).hexdigest(),
        "image": base64.b64encode(content.image).decode(),
        "settings": _plain(content.settings),
        "match": match_dict(content.book),
        "dealt": _plain(content.dealt) or None,
    }


def read_backup(path):
    """The checked Content of the backup file ``path``; BackupRefused with the reason."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as e:
        raise BackupRefused("cannot read %s: %s" % (path, e.strerror or e)) from None
    try:
        doc = json.loads(raw.decode("utf-8"))
    except (UnicodeError, ValueError):
        raise BackupRefused("%s is not a backup: not JSON text (cut off or another kind of file)"
                            % path) from None
    return check_backup(doc, path)


def check_backup(doc, name="the file"):
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise BackupRefused("%s is not a score keeper backup (no \"format\": \"%s\")" % (name, FORMAT))
    if doc.get("version") != VERSION:
        raise BackupRefused("%s is a backup of version %r; this tool reads version %d"
                            % (name, doc.get("version"), VERSION))
    for key in ("store", "image", "image_sha256", "image_size", "settings", "match"):
        if key not in doc:
            raise BackupRefused("%s is damaged: it has no %r" % (name, key))
    if doc["store"] not in ("nvm", "fram"):
        raise BackupRefused("%s names an unknown store %r" % (name, doc["store"]))
    try:
        image = base64.b64decode(str(doc["image"]), validate=True)
    except (binascii.Error, ValueError):
        raise BackupRefused("%s is damaged: its image is not base64" % name) from None
    if len(image) != doc["image_size"] or hashlib.sha256(image).hexdigest() != doc["image_sha256"]:
        raise BackupRefused("%s is damaged: its image does not match its size and SHA-256" % name)
    try:
        content = Content(doc["store"], image, doc.get("board"))
    except Exception as e:  # the firmware's reader met something it cannot read
        raise BackupRefused("%s is damaged: its image cannot be read (%s)" % (name, e)) from None
    if _plain(content.settings) != doc["settings"] or match_dict(content.book) != doc["match"] or (
            "dealt" in doc and (_plain(content.dealt) or None) != doc["dealt"]):
        raise BackupRefused("%s is damaged or was edited: its image does not hold the settings "
                            "and match written beside it" % name)
    return content


# -- rebuilding a journal to restore ---------------------------------------------------------


def snapshot(content):
    """The whole state as the app compacts it (firmware/app.py App._snapshot), from the app
    started on the image: the settings, the match and a dealt match's seats and round in
    progress, so the board starts from the restored journal where it started from the
    backed-up one."""
    return list(power_up(content.store, content.image)._snapshot())


def nvm_image(content, size):
    """A freshly compacted journal of ``content`` in an erased nvm of ``size`` bytes (its
    first generation: the board's nvm is written whole, in one assignment)."""
    from firmware.storage.saves import write
    from firmware.storage.stores import NvmStore

    payloads = snapshot(content)
    nvm = bytearray(b"\xff" * size)
    write(NvmStore(nvm), lambda: payloads, None)
    return bytes(nvm)


class _Recorder:
    # An FRAM image that remembers the writes made to it, in order.

    def __init__(self, image):
        self.mem = bytearray(image)
        self.writes = []

    def __len__(self):
        return len(self.mem)

    def __getitem__(self, index):
        return self.mem[index]

    def __setitem__(self, index, value):
        self.mem[index] = value
        self.writes.append((index.start, bytes(value)))


def fram_writes(content, current):
    """The writes, in order, that compact ``content`` into the FRAM whose image is
    ``current``: the firmware's FramStore writes the area that is not live and its header
    last, so a cut during the restore leaves the old match on the board. Consecutive
    writes that continue each other are joined (the order of the bytes is unchanged)."""
    from firmware.storage.fram_store import FramStore
    from firmware.storage.saves import write

    payloads = snapshot(content)
    rec = _Recorder(current)
    write(FramStore(rec), lambda: payloads, None)
    joined: list[tuple[int, bytes]] = []
    for offset, data in rec.writes:
        if joined and joined[-1][0] + len(joined[-1][1]) == offset:
            joined[-1] = (joined[-1][0], joined[-1][1] + data)
        else:
            joined.append((offset, data))
    return joined, bytes(rec.mem)


# -- score sheets ------------------------------------------------------------------------------


def score_sheets(content, day):
    """[(file name, score sheet)] of the match the journal holds (none without a match)."""
    book = content.book
    if book is None:
        return []
    running = book.running()
    rounds = [{"round": i + 1, "entry": e, "deltas": book.deltas[i], "totals": running[i]}
              for i, e in enumerate(book.entries)]
    sheet = _plain({
        "format": SHEET_FORMAT,
        "version": SHEET_VERSION,
        "game": book.game,
        "names": book.names,
        "sides": book.side_names(),
        "limit": book.limit,
        "started": book.started,
        "rounds": rounds,
        "totals": book.totals,
        "winner": book.winner(),
    })
    when = book.started or day
    name = "%s-%s-%s.json" % (book.game, when, "-".join(book.names))
    return [(_safe(name), sheet)]


def journal_payloads(content):
    """The payloads of the store's own journal, decoded as the firmware reads them (dicts;
    a dealt match's actions as {"t": "actions", "b": bytes}); none for a first-version
    journal still waiting to be moved in (it holds no dealt match)."""
    from firmware.storage.dealt_codec import Decoder
    from firmware.storage.fram_store import FramStore
    from firmware.storage.journal import Journal
    from firmware.storage.stores import NvmStore

    image = bytearray(content.image)
    store = FramStore(image) if content.store == "fram" else NvmStore(image)
    decode = Decoder().decode
    for b in Journal(store).records():
        try:
            yield decode(b)
        except (ValueError, UnicodeError, IndexError, KeyError):
            pass


def dealt_rounds(content):
    """(seats payload, [(seed, actions)] of every round journaled since the match began), or
    (None, []) when the journal holds no dealt match. The rounds are incomplete when a
    compaction has dropped the actions of finished rounds: then fewer rounds than the book
    has finished start before the first journaled seed (see game_records)."""
    from engine_core.action_codec import decode_all

    seats, rounds, scored_before = None, [], 0
    for p in journal_payloads(content):
        kind = p.get("t")
        if kind == "new":
            seats, rounds, scored_before = None, [], 0
        elif kind == "dealt":
            seats, rounds = p, []
        elif kind == "round" and seats is not None and not rounds:
            scored_before += 1  # a round whose actions are not in the journal any more
        elif kind == "actions" and seats is not None:
            for a in decode_all(seats["game"], p["b"]):
                if a[0] == "seed":
                    rounds.append((a[2], []))
                elif rounds:
                    rounds[-1][1].append(a)
    return seats, rounds, scored_before


def game_records(content, day):
    """[(file name, CONTRACT 2 record)] of the dealt match the journal holds: its journaled
    seeds and actions are the record, and judge replays it to the book's scores. None when
    the match was not dealt, when the journal has been compacted since it began (the first
    rounds' actions are gone; the score sheet still has every round), or when its actions do
    not replay."""
    from engine_core.dealt_record import record

    book = content.book
    seats, rounds, lost = dealt_rounds(content)
    if book is None or seats is None or not rounds or lost or len(book.deltas) > len(rounds):
        return []
    try:
        rec = record(seats["game"], book.limit, rounds, seats["first_dealer"], list(book.names))
    except ValueError:  # a journal this version's engine does not replay: the score sheet has it all
        return []
    if book.started:
        rec["started"] = book.started
    when = book.started or day
    name = "%s-%s-%s.record.json" % (book.game, when, "-".join(book.names))
    return [(_safe(name), rec)]


# Every kind of record the board's journal yields: name -> function(content, day) returning
# [(file name, record dict)].
RECORD_KINDS = {"score sheet": score_sheets, "game record": game_records}


def records(content, day):
    out = []
    for kind in RECORD_KINDS.values():
        out += kind(content, day)
    return out


def _safe(name):
    # A file name any OS takes: names are the players' own (up to 12 characters, any letter).
    return re.sub(r"[^\w.+-]+", "_", name.replace(":", ""))
