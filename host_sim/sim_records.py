"""The simulator's game records (CONTRACT 2): one file per dealt match in <state>/records,
kept up to date from the journal after every write, so a match ended early (New match,
"End this match?", closing the window) has its record as far as it was played.

A record file belongs to one match: its name holds the time the simulator first saw the
match, the game, the players and a short random id, and it is created exclusively, so no
other match (the same players on the same day, a second run with the same --seed) can
ever take its name. Later versions of the same match replace it atomically (a temporary
file written and synced, then renamed over it). Which file the journal's match writes to
is kept in records/.current, so a restarted simulator goes on with the match's own file.

A match is the same one when its key (game, levels, first dealer, names, first seed) is the
same and its record goes on from what its file holds (the same fields, the file's events
first): so a fresh VM (App._reload: a new ScoreBook loaded from the same journal, at each
dealt round, a language switch, a step done again for the heap) keeps writing the match's
file, while a new match, even one dealt from the same seed to the same players, gets its own.
"""

import json
import os
import secrets
import time

CURRENT = ".current"


def write_atomically(path, text):
    """``text`` into ``path`` whole or not at all: a temporary file beside it, synced, then
    renamed over it."""
    tmp = "%s.%s.tmp" % (path, secrets.token_hex(3))
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


def create_exclusively(directory, stem, text, now=None):
    """A new file ``stem``-<time>-<id>.record.json in ``directory`` holding ``text``, never an
    existing one (O_EXCL: another id is drawn if the name is taken); returns its path."""
    when = time.strftime("%Y-%m-%d-%H%M%S", time.localtime(now))
    while True:
        path = os.path.join(directory, "%s-%s-%s.record.json" % (stem, when, secrets.token_hex(2)))
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            continue
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        return path


def goes_on_from(old, new):
    """Whether the record ``new`` is the record ``old`` played on: every field but the events
    equal, and ``old``'s events the first of ``new``'s."""
    if not isinstance(old, dict) or not isinstance(old.get("events"), list):
        return False
    rest = {k: v for k, v in old.items() if k != "events"}
    return ({k: v for k, v in new.items() if k != "events"} == rest
            and new["events"][:len(old["events"])] == old["events"])


def read_record(path):
    """The record in the file ``path``, or None when it cannot be read as one."""
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


class Records:
    """The record files of the matches a simulator run plays (``state``: its folder)."""

    def __init__(self, state, board):
        self.dir = os.path.join(state, "records")
        self.board = board
        self.book = None  # the app's ScoreBook the file ``path`` is for
        self.path = None
        self.key = None
        self.rec = None  # what ``path`` holds: the record last written into it
        self.first = True  # the first match seen in this run may be the one .current names

    def _content(self, image):
        from host_sim.board_backup import Content

        return Content("nvm", bytes(image), self.board)

    def _record(self, content):
        # (the match's key, its record) or (None, None) when the journal yields no record
        from host_sim.board_backup import dealt_rounds, game_records

        found = game_records(content, time.strftime("%Y-%m-%d"))
        if not found:
            return None, None
        seats, rounds, _ = dealt_rounds(content)
        key = json.dumps([seats["game"], seats["levels"], seats["first_dealer"], content.book.names,
                          rounds[0][0]])
        return key, found[0][1]

    def _pointer(self):
        try:
            with open(os.path.join(self.dir, CURRENT), encoding="utf-8") as f:
                doc = json.load(f)
            return doc["key"], os.path.join(self.dir, os.path.basename(doc["file"]))
        except (OSError, ValueError, KeyError, TypeError):
            return None, None

    def after_pass(self, app, store):
        """The main loop's part, after each pass: the record, if ``store`` (a RecordingStore)
        was written since the last pass."""
        if store.changed:
            store.changed = False
            self.update(app.book, store.nvm[0:store.size])

    def before_replace(self, image):
        """The journal is about to be compacted or replaced by a new match: the record of the
        match it holds now is written first, into that match's file."""
        key, rec = self._record(self._content(image))
        if key is not None and key == self.key and self.path is not None:
            write_atomically(self.path, json.dumps(rec) + "\n")
            self.rec = rec

    def update(self, book, image):
        """After a journal write: the record of the journal's match into its file. ``book``
        is the app's running match (the same object for as long as the match goes on)."""
        key, rec = self._record(self._content(image))
        if key is None:
            return None
        text = json.dumps(rec) + "\n"
        same = self.path is not None and key == self.key and goes_on_from(self.rec, rec)
        if book is not self.book and same:
            self.book = book  # a fresh VM's book of the same match: its file goes on
        elif book is not self.book or self.path is None:
            os.makedirs(self.dir, exist_ok=True)
            self.book = book
            self.key = key
            known, path = self._pointer() if self.first else (None, None)
            self.first = False
            if known == key and goes_on_from(read_record(path), rec):
                self.path = path
            else:
                names = "-".join(book.names)
                from host_sim.board_backup import _safe

                self.path = create_exclusively(self.dir, _safe("%s-%s" % (book.game, names)), text)
                write_atomically(os.path.join(self.dir, CURRENT),
                                 json.dumps({"key": key, "file": os.path.basename(self.path)}) + "\n")
                self.rec = rec
                return self.path
        self.key = key
        write_atomically(self.path, text)
        self.rec = rec
        return self.path


class RecordingStore:
    """The simulator's journal store (an NvmStore) with its records kept beside it: before a
    compaction the record of the match in the journal is written, after every write the
    journal is marked as changed (``changed``) for the main loop to update the record."""

    def __init__(self, store, records):
        self.__dict__["_store"] = store
        self.__dict__["records"] = records
        self.__dict__["changed"] = True

    def __getattr__(self, name):
        return getattr(self._store, name)

    def __setattr__(self, name, value):
        if name in self.__dict__:
            self.__dict__[name] = value
        else:
            setattr(self._store, name, value)  # the journal's cursor lives in the store

    def write(self, area, offset, data):
        self._store.write(area, offset, data)
        self.__dict__["changed"] = True

    def replace(self, area, data):
        self.records.before_replace(self._store.nvm[0:self._store.size])
        self._store.replace(area, data)
        self.__dict__["changed"] = True
