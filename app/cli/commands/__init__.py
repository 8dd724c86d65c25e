"""Sub-commands of the ``teamswiss`` command, one module per group.

Each module defines ``register(subparsers)``, which adds its sub-commands with
``parser.set_defaults(func=handler)``; a handler takes the parsed arguments and
returns the process exit code. ``app.cli.main`` finds the modules here by itself.
"""

from __future__ import annotations

import argparse
import os
import sys

#: The commands that work on files and need no database, and the module of each: ``teamswiss pair ...``
#: registers only that module, so a file command never imports the web and database stack (fastapi, sqlmodel,
#: sqlalchemy, alembic, the password hashers), which is most of its run time.
FILE_COMMANDS = {"pair": "files", "check": "files", "generate": "files", "standings": "standings"}


def is_file_command(argv: list[str]) -> bool:
    return bool(argv) and argv[0] in FILE_COMMANDS


def terminal_columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` tells it (``COLUMNS``, else the terminal of
    standard output, else 80), without importing ``shutil``: argparse asks for it every time it makes a
    formatter (at every ``add_argument``), and ``shutil`` brings the compression modules with it, a few
    milliseconds of every file command."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        stdout = sys.__stdout__  # None without a standard output
        try:
            columns = os.get_terminal_size(stdout.fileno()).columns if stdout is not None else 0
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """The formatter of every ``teamswiss`` parser: descriptions as written, the rest wrapped to the terminal."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position,
                         terminal_columns() - 2 if width is None else width)
