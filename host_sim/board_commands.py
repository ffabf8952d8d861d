"""`python -m host_sim backup|records|restore --port PORT`: the match leaves and comes back
over the board's USB serial REPL (host_sim/board_link.py), never through CIRCUITPY.

backup   the journal image (nvm, or the FRAM when the board has one) and what it decodes to,
         as one JSON file (host_sim/board_backup.py)
records  a JSON score sheet per match the board holds
restore  a backup, checked first, as a freshly compacted journal; the app then restarts

Exit status: 0 done, 1 the backup file was refused (nothing written), 2 no board could be
reached or the arguments are wrong; every failure is one line on stderr."""

import argparse
import json
import os
import sys
import time


def _parser(name, summary):
    ap = argparse.ArgumentParser(prog="python -m host_sim " + name, description=summary)
    ap.add_argument("--port", default="auto",
                    help="the board's serial port, e.g. /dev/ttyACM0 or COM5 (default: auto, the first "
                         "USB serial board found)")
    return ap


def _fail(name, message, code):
    print("%s: %s" % (name, message), file=sys.stderr)
    return code


def _board_content(port):
    """The Content of the board on ``port`` (its nvm, and its FRAM when it has one);
    LinkError when it cannot be read."""
    from host_sim.board_backup import Content, where_the_match_is
    from host_sim.board_link import BoardLink

    with BoardLink(port) as link:
        info = link.probe()
        nvm = link.read_nvm(info.nvm_size)
        fram = link.read_fram(info.fram_size) if info.fram_size else None
    store, image = where_the_match_is(nvm, fram)
    return Content(store, image, info.profile)


def _write_json(path, doc):
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")
    os.replace(tmp, path)


def _describe(content):
    book = content.book
    if book is None:
        return "no match (settings only)"
    return "%s, %s, %s, totals %s" % (
        book.game, ", ".join(book.names), _rounds(book), ":".join(str(t) for t in book.totals))


def _rounds(book):
    n = book.rounds()
    return "1 round" if n == 1 else "%d rounds" % n


def backup_main(argv):
    ap = _parser("backup", "Copy the board's match and settings into a JSON backup file.")
    ap.add_argument("--out", help="the file to write (default: backup-<board>-<date>-<time>.json here)")
    args = ap.parse_args(argv)
    from host_sim.board_backup import make_backup
    from host_sim.board_link import LinkError

    try:
        content = _board_content(args.port)
    except LinkError as e:
        return _fail("backup", e, 2)
    now = time.localtime()
    path = args.out or "backup-%s-%s.json" % (content.board or "board", time.strftime("%Y-%m-%d-%H%M%S", now))
    try:
        _write_json(path, make_backup(content, time.strftime("%Y-%m-%dT%H:%M:%S", now)))
    except OSError as e:
        return _fail("backup", "cannot write %s: %s" % (path, e.strerror or e), 2)
    print("%s: %s, from the %s" % (path, _describe(content), content.store))
    return 0


def records_main(argv):
    ap = _parser("records", "Write a JSON score sheet for each match the board holds.")
    ap.add_argument("--out", default=".", help="the directory to write into (default: here)")
    args = ap.parse_args(argv)
    from host_sim.board_backup import records
    from host_sim.board_link import LinkError

    try:
        content = _board_content(args.port)
    except LinkError as e:
        return _fail("records", e, 2)
    written = records(content, time.strftime("%Y-%m-%d"))
    try:
        os.makedirs(args.out, exist_ok=True)
        for name, doc in written:
            _write_json(os.path.join(args.out, name), doc)
    except OSError as e:
        return _fail("records", "cannot write into %s: %s" % (args.out, e.strerror or e), 2)
    for name, _ in written:
        print(os.path.join(args.out, name))
    if not written:
        print("no match on the board: nothing written")
    return 0


def restore_main(argv):
    ap = _parser("restore", "Put a backup's match and settings back on the board; the app restarts with it.")
    ap.add_argument("--file", required=True, help="the backup file (from `python -m host_sim backup`)")
    args = ap.parse_args(argv)
    from host_sim.board_backup import BackupRefused, Content, fram_writes, nvm_image, read_backup
    from host_sim.board_link import BoardLink, LinkError

    try:
        wanted = read_backup(args.file)  # before the board is touched: a refused file writes nothing
    except BackupRefused as e:
        return _fail("restore", e, 1)
    try:
        with BoardLink(args.port) as link:
            info = link.probe()
            if info.fram_size:
                # The app keeps the match in the FRAM when it finds one: restore it there.
                current = link.read_fram(info.fram_size)
                writes, image = fram_writes(wanted, current)
                link.write_fram(writes)
                store, back = "fram", link.read_fram(info.fram_size)
            else:
                try:
                    image = nvm_image(wanted, info.nvm_size)
                except OSError as e:  # JournalFull among them
                    return _fail("restore", "the backup does not fit this board's %d-byte nvm (%s); "
                                 "nothing written" % (info.nvm_size, e), 1)
                link.write_nvm(image)
                store, back = "nvm", link.read_nvm(info.nvm_size)
            same = Content(store, back, info.profile).state() == wanted.state()
            if back != image or not same:
                raise LinkError("the %s read back from the board differs from what was written" % store)
    except LinkError as e:
        return _fail("restore", e, 2)
    print("restored %s into the board's %s; the app restarted" % (_describe(wanted), store))
    return 0
