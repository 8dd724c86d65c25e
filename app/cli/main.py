"""The ``teamswiss`` command: ``teamswiss --help`` lists the sub-commands.

Output formats of the file commands (pair, check, standings, generate) are a contract
for scripts and are documented in README.md.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

import app.cli.commands
from app.cli.commands import FILE_COMMANDS, HelpFormatter
from app.services.errors import DomainError, FileFormatError

DESCRIPTION = """Run Swiss-system team chess tournaments: serve the API, manage its database, and work on FIDE
report files (TRF-2026, TRF16) with the FIDE C.04.6 team pairing system and C.07 tie-breaks.

The database commands use TEAMSWISS_DATABASE_URL (default: sqlite:///./var/teamswiss.db); create and update
the database with "teamswiss migrate". The file commands (pair, check, standings, generate) need no
database. "teamswiss COMMAND --help" describes each command, its output and its exit status."""

EPILOG = """exit status: 0 done; 1 refused by the rules or a difference found; 2 bad input, or a setting
(TEAMSWISS_...) that cannot be used; 3 a file that cannot be read, or a database that is missing, does not
answer or is not migrated; 141 the reader of the output went away (a pipe into head)."""


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The ``teamswiss`` parser with every command, or only those of the module ``only``."""
    parser = argparse.ArgumentParser(prog="teamswiss", description=DESCRIPTION, epilog=EPILOG,
                                     formatter_class=HelpFormatter)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    if only:
        names = [only]
    else:
        import pkgutil

        names = sorted(i.name for i in pkgutil.iter_modules(app.cli.commands.__path__))
    for name in names:
        importlib.import_module(f"app.cli.commands.{name}").register(sub)
    return parser


def _configuration_failure(exc: Exception) -> int | None:
    """Exit 2 with one line naming the setting (``teamswiss: TEAMSWISS_SECRET_KEY must be set ...``), never a
    traceback. Looked up, not imported: a file command never loads the settings (nor pydantic)."""
    config = sys.modules.get("app.config")
    if config is not None and isinstance(exc, config.ConfigurationError):
        print(f"teamswiss: {exc}", file=sys.stderr)
        return 2
    return None


def _database_failure(exc: Exception) -> int | None:
    """Exit 3 with one line (never a traceback) for a database that is not ready or fails.

    The database modules are looked up, not imported: if a command never loaded them, the
    exception cannot come from them."""
    migrate = sys.modules.get("app.db.migrate")
    if migrate is not None and isinstance(exc, migrate.DatabaseNotReady):
        print(f"teamswiss: {exc}", file=sys.stderr)
        return 3
    sa_exc = sys.modules.get("sqlalchemy.exc")
    if sa_exc is not None and isinstance(exc, sa_exc.SQLAlchemyError):
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        print(f"teamswiss: the database failed: {reason}", file=sys.stderr)
        return 3
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``teamswiss`` command line ``argv`` (default: the program's own) and return its exit status."""
    return _run(list(sys.argv[1:] if argv is None else argv))


def _run(argv: list[str]) -> int:
    args = build_parser(FILE_COMMANDS.get(argv[0]) if argv else None).parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except FileFormatError as exc:
        print(f"teamswiss: {exc}", file=sys.stderr)
        return 3
    except DomainError as exc:
        print(f"teamswiss: {exc}", file=sys.stderr)
        return 1 if exc.status == 409 else 2
    except Exception as exc:
        code = _configuration_failure(exc)
        if code is None:
            code = _database_failure(exc)
        if code is None:
            raise
        return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
