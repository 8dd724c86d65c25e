"""The ``teamswiss`` command: ``teamswiss --help`` lists the sub-commands.

Output formats of the file commands (pair, check, standings, generate) are a contract
for scripts and are documented in README.md.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence

from sqlalchemy.exc import SQLAlchemyError

import app.commands
from app.migrate import DatabaseNotReady
from app.services.errors import DomainError, FileFormatError

DESCRIPTION = """Run Swiss-system team chess tournaments: serve the API, manage its database, and work on FIDE
report files (TRF-2026, TRF16) with the FIDE C.04.6 team pairing system and C.07 tie-breaks.

The database commands use TEAMSWISS_DATABASE_URL (default: sqlite:///./var/teamswiss.db); create and update
the database with "teamswiss migrate". The file commands (pair, check, standings, generate) need no
database. "teamswiss COMMAND --help" describes each command, its output and its exit status."""

EPILOG = """exit status: 0 done; 1 refused by the rules or a difference found; 2 bad input; 3 a file that
cannot be read, or a database that is missing, does not answer or is not migrated."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="teamswiss", description=DESCRIPTION, epilog=EPILOG,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for info in sorted(pkgutil.iter_modules(app.commands.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"app.commands.{info.name}")
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except (FileFormatError, DatabaseNotReady) as exc:
        print(f"teamswiss: {exc}", file=sys.stderr)
        return 3
    except SQLAlchemyError as exc:  # one line, never a traceback
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        print(f"teamswiss: the database failed: {reason}", file=sys.stderr)
        return 3
    except DomainError as exc:
        print(f"teamswiss: {exc}", file=sys.stderr)
        return 1 if exc.status == 409 else 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
