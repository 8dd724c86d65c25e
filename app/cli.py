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

import app.commands
from app.services.errors import DomainError, FileFormatError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="teamswiss", description=__doc__)
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
    except FileFormatError as exc:
        print(f"teamswiss: {exc}", file=sys.stderr)
        return 3
    except DomainError as exc:
        print(f"teamswiss: {exc}", file=sys.stderr)
        return 1 if exc.status == 409 else 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
