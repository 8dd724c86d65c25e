"""Data exchange commands: ``import``, ``export``, ``backup``, ``restore`` (issue 7).

They work in-process on the database of TEAMSWISS_DATABASE_URL (no HTTP)::

    teamswiss import FILE [--pab MP,GP] [--forfeit-gp N] [--tiebreaks "MPTS GPTS BH:MP"]
                          [--rules 2024|2026] [--preset fide|k12-2025] [--user NAME]
        reads a TRF-2026 or TRF16 team file ('-' = standard input) into a new tournament
        and prints its id (one line); warnings about skipped lines go to stderr. --user
        names the organiser (default: no membership; admins can manage it).
    teamswiss export TOURNAMENT [--format trf|trf16|json] [--public] -o FILE
        writes the tournament (default TRF-2026; '-o -' = standard output) with the data
        the arbiters see; --public writes what anyone may download.
    teamswiss backup -o FILE
        dumps every table as JSON (password and token hashes, never plaintext).
    teamswiss restore FILE
        loads a backup into an empty database (ids preserved).

Exit codes: 0 done; 1 restore into a database that has rows (or of another schema
revision); 2 bad input (unknown tournament or user, bad flag, not a backup); 3 unreadable
TRF file (the message names the line).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from sqlmodel import Session, select

from app.db import get_engine
from app.services.errors import InvalidInput, NotFound


def register(sub: Any) -> None:
    fmt = argparse.RawDescriptionHelpFormatter
    p = sub.add_parser("import", help="create a tournament from a TRF-2026/TRF16 team file; prints its id",
                       description=__doc__, formatter_class=fmt)
    p.add_argument("file", metavar="FILE", help="TRF file ('-' = standard input)")
    p.add_argument("--pab", metavar="MP,GP", help="match and game points of the pairing-allocated bye")
    p.add_argument("--forfeit-gp", metavar="N", help="game points of a match won by forfeit")
    p.add_argument("--tiebreaks", help='tie-break codes, e.g. "MPTS GPTS EGGSB BH:MP"')
    p.add_argument("--rules", choices=("2024", "2026"), help="C.07 Art. 16 text for unplayed rounds")
    p.add_argument("--preset", help="base settings: fide (default) or k12-2025")
    p.add_argument("--user", help="the user who becomes the organiser")
    p.set_defaults(func=_import)

    p = sub.add_parser("export", help="write a tournament as TRF-2026, TRF16 or JSON", description=__doc__,
                       formatter_class=fmt)
    p.add_argument("tournament", type=int, metavar="TOURNAMENT", help="the tournament id")
    p.add_argument("--format", choices=("trf", "trf2026", "trf16", "json"), default="trf")
    p.add_argument("--public", action="store_true", help="only what anyone may download")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="output file ('-' = standard output)")
    p.set_defaults(func=_export)

    p = sub.add_parser("backup", help="dump the whole database as JSON", description=__doc__, formatter_class=fmt)
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="output file ('-' = standard output)")
    p.set_defaults(func=_backup)

    p = sub.add_parser("restore", help="load a backup into an empty database", description=__doc__,
                       formatter_class=fmt)
    p.add_argument("file", metavar="FILE", help="the backup ('-' = standard input)")
    p.set_defaults(func=_restore)


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8-sig") as fh:
            return fh.read()
    except OSError as exc:
        raise InvalidInput(None, f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise InvalidInput(None, f"{path} is not UTF-8 text") from None


def _write(path: str, text: str) -> None:
    if path == "-":
        sys.stdout.write(text)
        return
    try:
        with open(path, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
    except OSError as exc:
        raise InvalidInput(None, f"cannot write {path}: {exc.strerror}") from None


def _import(args: argparse.Namespace) -> int:
    from app.models import User
    from app.operations.exchange import import_trf, parse_options
    from app.security import Principal

    text = _read(args.file)
    options = parse_options(args.pab, args.forfeit_gp, args.tiebreaks, args.rules, args.preset)
    with Session(get_engine(), expire_on_commit=False) as session:
        principal = None
        if args.user:
            user = session.exec(select(User).where(User.username == args.user)).first()
            if user is None:
                raise NotFound(None, f"no user {args.user!r}")
            principal = Principal(user.id or 0, user.username, user.is_admin)
        t, warnings = import_trf(session, text, principal, options)
        session.commit()
    for w in warnings:
        print(f"teamswiss: {args.file}: {w}", file=sys.stderr)
    print(t.id)
    return 0


def _export(args: argparse.Namespace) -> int:
    from app.models import Tournament
    from app.operations.exchange import export_json, export_trf

    with Session(get_engine()) as session:
        t = session.get(Tournament, args.tournament)
        if t is None:
            raise NotFound(None, f"no tournament with id {args.tournament}")
        if args.format == "json":
            text = json.dumps(export_json(session, t, public=args.public), ensure_ascii=False, indent=2) + "\n"
        else:
            text = export_trf(session, t, args.format, public=args.public)
    _write(args.output, text)
    return 0


def _backup(args: argparse.Namespace) -> int:
    from app.operations.backup import dump

    data = dump(get_engine())
    _write(args.output, json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")
    rows = sum(len(t["rows"]) for t in data["tables"].values())
    print(f"backup: {len(data['tables'])} tables, {rows} rows", file=sys.stderr)
    return 0


def _restore(args: argparse.Namespace) -> int:
    from app.operations.backup import restore

    try:
        data = json.loads(_read(args.file))
    except json.JSONDecodeError as exc:
        raise InvalidInput(None, f"{args.file} is not JSON: {exc}") from None
    counts = restore(get_engine(), data)
    print(f"restored {sum(counts.values())} rows in {sum(1 for c in counts.values() if c)} tables", file=sys.stderr)
    return 0
