"""Data exchange commands: ``import``, ``export``, ``backup``, ``restore``.

They work in-process on the database of TEAMSWISS_DATABASE_URL (no HTTP)::

    teamswiss import FILE [--pab MP,GP] [--forfeit-gp N] [--tiebreaks "MPTS GPTS BH:MP"]
                          [--rules 2024|2026] [--preset fide|k12-2025] [--user NAME] [--allow-duplicate]
        reads a TRF-2026 or TRF16 team file ('-' = standard input) into a new tournament
        and prints its id (one line); warnings about skipped lines, and the rounds of a TRF16
        file read as a team's pairing-allocated bye, go to stderr. --user names the organiser
        (default: no membership; admins can manage it). A file imported before is refused
        (exit 1) unless --allow-duplicate.
    teamswiss export TOURNAMENT [--format trf|trf16|json] [--public] -o FILE
        writes the tournament (default TRF-2026; '-o -' = standard output) with the data
        the arbiters see; --public writes what anyone may download.
    teamswiss export TOURNAMENT --rating-check
        writes no file: lists what the rating report misses (a player without a FIDE id in a
        FIDE-rated event, an unknown birth year, ...), one line each; exit 0 when the report
        can be sent, 4 when a played game cannot be rated as it stands.
    teamswiss backup -o FILE
        dumps every table as JSON (password and token hashes, never plaintext).
    teamswiss restore FILE
        loads a backup into an empty database (ids preserved).

Exit codes: 0 done; 1 an import of a file imported before, or a restore into a database
that has rows (or of another schema revision); 2 bad input (unknown tournament or user,
bad flag, not a backup, a setting that cannot be used); 3 a file that cannot be read
(missing, not UTF-8, not a tournament; a TRF message names the line); 141 the reader of
standard output went away; 4 a rating check that found a game that cannot be rated.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from sqlmodel import Session, select

from app.cli.commands import HelpFormatter
from app.cli.commands.files import read_text as _read
from app.cli.commands.files import read_trf
from app.db.engine import get_engine
from app.db.migrate import require_database
from app.services.errors import InvalidInput, NotFound

DATABASE = ("The database is TEAMSWISS_DATABASE_URL's (default: ./var/teamswiss.db); it must exist and be "
            "migrated (teamswiss migrate), else the command stops with exit status 3. A setting (TEAMSWISS_...) "
            "that cannot be used stops it with one line naming it and exit status 2.")
IMPORT_HELP = f"""Create a tournament from a FIDE report file, TRF-2026 or TRF16 with 013 team records, so that an event
started in another program continues here: teams, players, rounds, pairings and results. Prints the new
tournament's id; warnings about lines that were skipped go to standard error. The options supply what the
file may not say. FILE may also be this program's own JSON export (teamswiss export --format json), read
as it is: an event moves between two servers without loss.

{DATABASE}

A file imported before (the same records, whatever the line ends) is refused unless --allow-duplicate.
A TRF16 file cannot say which team had the pairing-allocated bye (Swiss-Manager writes "0000 - -" on each of
its boards): a round in which one team had no opponent on any board while every other team played is read as
that team's PAB, worth --pab, and said so on standard error ("round R: team T (...) ... read as the
pairing-allocated bye"); with more than one such team, or an even field, they stay absent.

Exit status: 0 imported; 1 imported before (see --allow-duplicate); 2 bad input (an unknown user or preset, a
bad option); 3 the file cannot be read or is not a tournament (the message names the line), or the database
is not ready."""
EXPORT_HELP = f"""Write a tournament as a FIDE report file (TRF-2026, or TRF16 with 013 team records) or as one JSON
document, with what the arbiters see (paired rounds, full birth dates); --public writes what anyone may
download from the server (published rounds, birth years).

{DATABASE}

Exit status: 0 written; 2 no such tournament, or a file that cannot be written; 3 the database is not ready;
141 the reader of standard output ('-o -') went away before all was written."""
BACKUP_HELP = f"""Write every table of the database as one JSON document (password and token hashes, never a password
or a token), to restore into an empty database with teamswiss restore.

{DATABASE}

Exit status: 0 written; 2 a file that cannot be written; 3 the database is not ready; 141 the reader of
standard output ('-o -') went away before all was written (the backup is not whole)."""
RESTORE_HELP = f"""Load a backup written by teamswiss backup into an empty, migrated database (ids are kept).

{DATABASE}

Exit status: 0 restored; 1 the database has rows, or the backup is of another schema revision; 2 the file is
not a backup; 3 the file cannot be read, or the database is not ready."""


def register(sub: Any) -> None:
    fmt = HelpFormatter
    p = sub.add_parser("import", help="create a tournament from a TRF-2026/TRF16 file or a JSON export; prints its id",
                       description=IMPORT_HELP, formatter_class=fmt,
                       epilog="example:\n  teamswiss import open.trf --preset k12-2025 --user arbiter")
    p.add_argument("file", metavar="FILE", help="the TRF file ('-' reads standard input)")
    p.add_argument("--pab", metavar="MP,GP", help="match and game points of the pairing-allocated bye, e.g. 2,2.5")
    p.add_argument("--forfeit-gp", metavar="N", help="game points of a match won by forfeit (R-7.3)")
    p.add_argument("--tiebreaks", metavar="CODES", help='tie-break codes, e.g. "MPTS GPTS EGGSB BH:MP"')
    p.add_argument("--rules", choices=("2024", "2026"), help="the C.07 Art. 16 text for unplayed rounds")
    p.add_argument("--preset", metavar="NAME", help="the settings the file's are laid over: fide (default) or "
                   "k12-2025")
    p.add_argument("--user", metavar="NAME", help="the user who becomes the tournament's organiser (default: "
                   "nobody; administrators manage it)")
    p.add_argument("--allow-duplicate", action="store_true",
                   help="import the file even if it was imported before (else exit status 1)")
    p.set_defaults(func=_import)

    p = sub.add_parser("export", help="write a tournament as TRF-2026, TRF16 or JSON", description=EXPORT_HELP,
                       formatter_class=fmt, epilog="example:\n  teamswiss export 1 --public -o open.trf")
    p.add_argument("tournament", type=int, metavar="TOURNAMENT", help="the tournament's id")
    p.add_argument("--format", choices=("trf", "trf2026", "trf16", "json"), default="trf",
                   help="trf or trf2026: TRF-2026 (default); trf16: TRF16 with 013 team records; json: one JSON "
                        "document")
    p.add_argument("--public", action="store_true",
                   help="only what anyone may download: published rounds, birth years instead of dates")
    p.add_argument("-o", "--output", metavar="FILE", help="the file to write ('-' = standard output); required "
                   "unless --rating-check")
    p.add_argument("--rating-check", action="store_true",
                   help="write no file: list what the rating report misses (exit 4 when a game cannot be rated)")
    p.set_defaults(func=_export)

    p = sub.add_parser("backup", help="dump the whole database as JSON", description=BACKUP_HELP,
                       formatter_class=fmt)
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="the file to write ('-' = standard output)")
    p.set_defaults(func=_backup)

    p = sub.add_parser("restore", help="load a backup into an empty database", description=RESTORE_HELP,
                       formatter_class=fmt)
    p.add_argument("file", metavar="FILE", help="the backup ('-' reads standard input)")
    p.set_defaults(func=_restore)


def _write(path: str, text: str) -> None:
    if path == "-":
        sys.stdout.write(text)
        return
    try:
        with open(path, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
    except OSError as exc:
        raise InvalidInput(None, "cannot write {path}: {strerror}",
                           params={"path": path, "strerror": exc.strerror}) from None


def _import(args: argparse.Namespace) -> int:
    from app.auth.principal import Principal
    from app.models import User
    from app.operations.exchange.imports import import_trf, parse_options

    text = read_trf(args.file)
    options = parse_options(args.pab, args.forfeit_gp, args.tiebreaks, args.rules, args.preset)
    require_database()
    with Session(get_engine(), expire_on_commit=False) as session:
        principal = None
        if args.user:
            user = session.exec(select(User).where(User.username == args.user)).first()
            if user is None:
                raise NotFound(None, "no user {user!r}",
                               params={"user": args.user})
            principal = Principal(user.id or 0, user.username, user.is_admin)
        t, warnings = import_trf(session, text, principal, options, allow_duplicate=args.allow_duplicate)
        session.commit()
    for w in warnings:
        print(f"teamswiss: {args.file}: {w}", file=sys.stderr)
    print(t.id)
    return 0


def _export(args: argparse.Namespace) -> int:
    from app.operations.exchange.exports import export_json, export_trf_with_warnings, rating_check

    if args.rating_check:
        require_database()
        with Session(get_engine()) as session:
            check = rating_check(session, args.tournament)
        for f in check["findings"]:
            print(f"{f['severity']}: {f['message']} ({f['rule']})")
        state = "ready to send" if check["ready"] else "NOT ready"
        print(f"rating report: {check['players']} players, {check['games']} games, {state}")
        return 0 if check["ready"] else 4
    if not args.output:
        raise InvalidInput(None, "export: -o FILE is required (or --rating-check)")
    require_database()
    warnings: tuple[str, ...] = ()
    with Session(get_engine()) as session:  # the export refuses an unknown id (NotFound)
        if args.format == "json":
            text = json.dumps(export_json(session, args.tournament, public=args.public), ensure_ascii=False,
                              indent=2) + "\n"
        else:
            text, warnings = export_trf_with_warnings(session, args.tournament, args.format, public=args.public)
    _write(args.output, text)
    for w in warnings:  # a name cut to its columns: said, never silent
        print(f"teamswiss: warning: {w}", file=sys.stderr)
    return 0


def _backup(args: argparse.Namespace) -> int:
    from app.operations.backup import dump

    require_database()
    data = dump(get_engine())
    _write(args.output, json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")
    rows = sum(len(t["rows"]) for t in data["tables"].values())
    print(f"backup: {len(data['tables'])} tables, {rows} rows", file=sys.stderr)
    return 0


def _restore(args: argparse.Namespace) -> int:
    from app.operations.backup import restore

    require_database()
    try:
        data = json.loads(_read(args.file))
    except json.JSONDecodeError as exc:
        raise InvalidInput(None, "{file} is not JSON: {exc}",
                           params={"file": args.file, "exc": exc}) from None
    counts = restore(get_engine(), data)
    print(f"restored {sum(counts.values())} rows in {sum(1 for c in counts.values() if c)} tables", file=sys.stderr)
    return 0
