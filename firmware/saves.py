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
    # those of an older home being moved in (firmware/storage_choice.py). A payload that
    # cannot be read is skipped, as ScoreBook.replay skips a change it cannot redo.
    from firmware.book_codec import decode

    if older is None:
        from firmware.journal import Journal

        source, fmt = Journal(store).records(), "bin"
    else:
        fmt, source = older
    n = 0
    for r in source:
        n += 1
        if _TIDY and n % _TIDY == 0:
            gc.collect()
        try:
            yield decode(r) if fmt == "bin" else json.loads(bytes(r).decode())
        except (ValueError, UnicodeError, IndexError, KeyError):
            pass


def _changes(payloads, settings):
    # The match's changes; settings payloads update ``settings`` on the way.
    for p in payloads:
        if isinstance(p, dict) and p.get("t") == "settings":
            for k in settings:
                if k in p:
                    settings[k] = p[k]
        else:
            yield p


def load(store, older, settings):
    # The match the journal holds (None if none); ``settings`` (a dict of every key with
    # its default) takes the saved values. OSError if the store cannot be read.
    return ScoreBook.replay(_changes(_records(store, older), settings))


def write(store, state, payload):
    # Journal one change; ``payload`` None writes the whole ``state()`` (payload dicts,
    # any iterable) as a compaction, as does an append that no longer fits. OSError
    # (JournalFull among them) if it could not be saved.
    from firmware.book_codec import encode
    from firmware.journal import Journal

    def whole():
        return [encode(p) for p in state()]  # bytes only: each dict goes once encoded

    j = Journal(store)
    if payload is None:
        j.reset(whole())
    else:
        j.append(encode(payload), whole)
