"""`python -m host_sim backup|records|restore --port PORT`: the match leaves and comes back
over the board's USB serial REPL (host_sim/board_link.py), never through CIRCUITPY.

backup   the journal image (nvm, or the FRAM when the board has one) and what it decodes to,
         as one JSON file (host_sim/board_backup.py)
records  a JSON score sheet per match the board holds
restore  a backup, checked first, as a freshly compacted journal; the app then restarts

Exit status: 0 done, 1 the backup file was refused (nothing written), 2 no board could be
reached or the arguments are wrong (a file or folder named that is not there or cannot be
written: said before the board is asked); every failure is one line on stderr."""

import json
import os
import sys
import time


def _parser(name, summary):
    from host_sim.cli import Parser

    ap = Parser(prog="python -m host_sim " + name, description=summary)
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


def _write_json(path, doc, new=False):
    # Whole or not at all (a synced temporary file renamed into place); ``new``: never over
    # an existing file (FileExistsError).
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")
        f.flush()
        os.fsync(f.fileno())
    try:
        if new:
            os.link(tmp, path)  # fails if ``path`` exists, where os.replace would replace it
        else:
            os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


def _unused_name(directory, name, doc):
    """``name`` in ``directory``, or name-2, name-3, ... when a file of that name holds
    something else (another match of the same players on the same day): a sheet written
    again for the same match replaces its own file only if it held the same or less."""
    stem, ext = name.split(".", 1)
    n = 1
    while True:
        path = os.path.join(directory, name if n == 1 else "%s-%d.%s" % (stem, n, ext))
        try:
            with open(path, encoding="utf-8") as f:
                old = json.load(f)
        except FileNotFoundError:
            return path
        except (OSError, ValueError):
            old = None
        if old == doc or _grown(old, doc):
            return path
        n += 1


def _grown(old, doc):
    # ``doc`` is ``old`` with more rounds or actions: the same match, further on.
    if not isinstance(old, dict) or set(old) != set(doc):
        return False
    for key in ("rounds", "events"):
        if key in doc:
            if doc[key][:len(old[key])] != old[key]:
                return False
    return all(old[k] == doc[k] for k in doc if k not in ("rounds", "events", "totals", "winner"))


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
    ap.add_argument("--out", help="a new file to write (default: backup-<board>-<date>-<time>.json here; "
                    "an existing file is never written over)")
    args = ap.parse_args(argv)
    from host_sim.board_backup import make_backup
    from host_sim.board_link import LinkError
    from host_sim.cli import new_file_problem

    problem = args.out and new_file_problem(args.out, replace=False)
    if problem:
        return _fail("backup", "cannot write --out %s: %s" % (args.out, problem), 2)

    try:
        content = _board_content(args.port)
    except LinkError as e:
        return _fail("backup", e, 2)
    now = time.localtime()
    path = args.out or "backup-%s-%s.json" % (content.board or "board", time.strftime("%Y-%m-%d-%H%M%S", now))
    try:
        _write_json(path, make_backup(content, time.strftime("%Y-%m-%dT%H:%M:%S", now)), new=True)
    except OSError as e:
        return _fail("backup", "cannot write %s: %s" % (path, e.strerror or e), 2)
    print("%s: %s, from the %s" % (path, _describe(content), content.store))
    return 0


def records_main(argv):
    ap = _parser("records", "Write a JSON score sheet for each match the board holds.")
    ap.add_argument("--out", default=".", help="the directory to write into (default: here; a file of "
                    "another match is never written over)")
    args = ap.parse_args(argv)
    from host_sim.board_backup import records
    from host_sim.board_link import LinkError
    from host_sim.cli import folder_problem

    problem = folder_problem(args.out)
    if problem:
        return _fail("records", "cannot write into --out: %s" % problem, 2)

    try:
        content = _board_content(args.port)
    except LinkError as e:
        return _fail("records", e, 2)
    written = []
    try:
        os.makedirs(args.out, exist_ok=True)
        for name, doc in records(content, time.strftime("%Y-%m-%d")):
            path = _unused_name(args.out, name, doc)
            _write_json(path, doc)
            written.append(path)
    except OSError as e:
        return _fail("records", "cannot write into %s: %s" % (args.out, e.strerror or e), 2)
    for path in written:
        print(path)
    if not written:
        print("no match on the board: nothing written")
    return 0


def restore_main(argv):
    ap = _parser("restore", "Put a backup's match and settings back on the board; the app restarts with it.")
    ap.add_argument("--file", required=True, help="the backup file (from `python -m host_sim backup`)")
    args = ap.parse_args(argv)
    if not os.path.isfile(args.file):
        return _fail("restore", "--file %s: %s" % (args.file, "a folder, not a backup file" if os.path.isdir(
            args.file) else "no such file"), 2)
    from host_sim.board_backup import BackupRefused, Content, fram_writes, nvm_image, read_backup
    from host_sim.board_link import BoardLink, LinkError

    try:
        wanted = read_backup(args.file)  # before the board is touched: a refused file writes nothing
    except BackupRefused as e:
        return _fail("restore", e, 1)
    from host_sim.board_backup import power_up

    if power_up(wanted.store, wanted.image).unreadable is not None:
        return _fail("restore", "%s holds bytes the app cannot read as a journal (a board that said \"Match "
                     "unreadable\"): there is no match in it to restore; nothing written" % args.file, 1)
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
