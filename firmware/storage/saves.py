# The score keeper's state in its journal: loading it (settings and match, one payload at
# a time) and writing one change. The app loads this module for a load or a write and
# drops it after (firmware/app.py); host tools and tests use it the same way.

import gc
import json

from engine_core.scorebook import ScoreBook

# On the board, garbage is collected every few records while a match loads. Left to the
# collector, which runs when the heap is full, the match's rows end up strewn over the
# whole heap between dead records, and then no list or buffer of 1 KB finds room: a
# 250-round match would not load beside the app's objects (benchmarks/journal_heap.py).
# CPython needs none of it (gc.mem_free tells the two apart).
_TIDY = 8 if hasattr(gc, "mem_free") else 0


def _records(store, older):
    # The journaled payloads as dicts: the store's own (bytes, firmware/book_codec), or
    # those of an older home being moved in (firmware/storage/choice.py). A payload that
    # cannot be read is skipped, as ScoreBook.replay skips a change it cannot redo.
    from firmware.storage.dealt_codec import Decoder

    decode = Decoder().decode
    if older is None:
        from firmware.storage.journal import Journal

        source, fmt = Journal(store).records(), "bin"
    else:
        fmt, source = older
    n = 0
    for r in source:
        if _TIDY and n >= _TIDY:  # before the next payload, when the last one has gone
            n = 0
            gc.collect()
        try:
            p = decode(r) if fmt == "bin" else json.loads(bytes(r).decode())
        except (ValueError, UnicodeError, IndexError, KeyError):
            continue
        # A dealt round's actions build no rows (and most are kept as bytes): counting
        # them too collected three times as often in a dealt match, ~90 ms of its reload.
        if not (isinstance(p, dict) and p.get("t") == "actions"):
            n += 1
        yield p
        p = None


def _changes(payloads, settings, dealt):
    # The score book's changes; settings payloads update ``settings`` on the way, a dealt
    # match's payloads ``dealt`` (see load). Only the round in progress's actions are
    # decoded, once all is read: a finished round's are skipped as bytes (a round's VM
    # reads the whole match at its start: firmware/app.py).
    raw = []  # type: list
    for p in payloads:
        kind = p.get("t") if isinstance(p, dict) else None
        if kind == "settings":
            for k in settings:
                if k in p:
                    settings[k] = p[k]
        elif kind == "dealt":
            dealt.clear()
            for k in ("game", "levels", "first_dealer"):
                dealt[k] = p[k]
            raw = []
        elif kind == "actions":
            if dealt:
                raw.append(p["b"])
        else:
            if kind == "new":
                dealt.clear()
                raw = []
            elif kind == "round" and dealt:  # that round is over: its actions are done with
                raw = []
            yield p
    if dealt:
        dealt["seed"] = None
        dealt["actions"] = []
        for b in raw:
            _actions(dealt, b)


def _actions(dealt, b):
    from engine_core.action_codec import decode_all

    for a in decode_all(dealt["game"], b):
        if a[0] == "seed":  # a round's deal: its actions follow
            dealt["seed"] = a[2]
            dealt["actions"] = []
        elif dealt["seed"] is not None:
            dealt["actions"].append(a)


def load(store, older, settings, dealt=None):
    # The match the journal holds (None if none); ``settings`` (a dict of every key with
    # its default) takes the saved values. ``dealt`` (a dict) receives a dealt match's
    # seats ("game", "levels", "first_dealer") and its round in progress ("seed", None
    # between rounds, and "actions"); it stays empty for a score-keeper match. OSError if
    # the store cannot be read.
    return ScoreBook.replay(_changes(_records(store, older), settings, {} if dealt is None else dealt))


def write(store, state, data, dealt=False):
    # Journal one change; ``data`` None writes the whole ``state()`` (payload dicts,
    # any iterable, in journal order) as a compaction, as does an append that no longer
    # fits. ``dealt``: a dealt match's seats are journaled (firmware/storage/dealt_codec.py).
    # OSError (JournalFull among them) if it could not be saved.
    from firmware.storage.dealt_codec import Encoder
    from firmware.storage.journal import Journal

    def whole():
        encode = Encoder().encode
        return [encode(p) for p in state()]  # bytes only: each dict goes once encoded

    j = Journal(store)
    if data is None:
        j.reset(whole())
    else:
        j.append(Encoder(dealt).encode(data), whole)
