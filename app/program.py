"""The ``teamswiss`` program: the console script's entry point, which prepares the process, then runs
:func:`app.cli.main`.

A file command (``pair``, ``check``, ``standings``, ``generate``) is a short process: about a tenth of a
second, half of it starting Python and importing modules. Before anything else is imported, such a process

- collects garbage rarely (``FILE_COMMAND_GC_THRESHOLD`` new objects instead of 700): importing creates
  hundreds of thousands of objects and almost no garbage, and reading a file is the same;
- loads ``inspect`` lazily: ``dataclasses`` imports it (with ``ast``, ``dis``, ``tokenize`` and
  ``linecache``) only to write a docstring for a class that has none, and every class of ours has one; a
  module that does use it gets it at its first use (``_load_lazily``).

The other commands (the server and the database) import as usual.
"""

from __future__ import annotations

import gc
import sys

#: The commands that work on files and need no database; ``app.cli`` registers only their module.
FILE_COMMANDS = {"pair": "files", "check": "files", "generate": "files", "standings": "standings"}

#: gc thresholds of a file command run as the program: the first generation is collected after this many new
#: objects instead of 700
FILE_COMMAND_GC_THRESHOLD = 100_000

#: standard modules a file command loads only when something uses them
LAZY_MODULES = ("inspect",)


def is_file_command(argv: list[str]) -> bool:
    return bool(argv) and argv[0] in FILE_COMMANDS


def prepare_file_command() -> None:
    """Ready this process for a file command (see the module's documentation)."""
    gc.set_threshold(FILE_COMMAND_GC_THRESHOLD)
    for name in LAZY_MODULES:
        if name not in sys.modules:
            _load_lazily(name)


def _load_lazily(name: str) -> None:
    """Put a stand-in for the module ``name`` in ``sys.modules``: the real module is imported when an
    attribute of it is first asked for, and the stand-in then holds everything the real one holds.

    (``importlib.util.LazyLoader`` does not serve here: on Python 3.11 the next ``import name`` reads the
    lazy module's ``__spec__``, which loads it.)"""
    import types

    stand_in = types.ModuleType(name, f"{name}, imported at its first use")

    def __getattr__(attribute: str) -> object:
        if sys.modules.get(name) is stand_in:
            del sys.modules[name]
        real = __import__(name)
        vars(stand_in).update(vars(real))
        return getattr(real, attribute)

    stand_in.__getattr__ = __getattr__  # type: ignore[method-assign]
    sys.modules[name] = stand_in


#: the exit status of a command whose reader stopped reading (``teamswiss pair FILE | head -1``): what a shell
#: reports for a program that SIGPIPE ended (128 + 13)
BROKEN_PIPE_STATUS = 141


def main() -> int:
    """``teamswiss ARGS``: exit status of :func:`app.cli.main`.

    When the reader of the output goes away (a pipe into ``head``), the command stops quietly with
    ``BROKEN_PIPE_STATUS``, without a traceback (as the Python documentation's note on SIGPIPE advises)."""
    if is_file_command(sys.argv[1:]):
        prepare_file_command()
    from app.cli import main as run

    try:
        status = run()
        sys.stdout.flush()
    except BrokenPipeError:
        import os

        # what is still buffered for standard output would fail again at exit: send it nowhere
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return BROKEN_PIPE_STATUS
    return status
