"""The ``teamswiss`` program: the console script's entry point. It tunes a file command's process
(:mod:`app.process`), then runs :func:`app.cli.main.main`. The other commands (the server and the database)
run as usual; callers of :func:`app.cli.main.main` (tests, other programs) keep their collector as it is.
"""

from __future__ import annotations

import io
import os
import sys

from app.cli.commands import is_file_command
from app.cli.main import main as run
from app.process import file_command_ends, file_command_starts

#: the exit status of a command whose reader stopped reading (``teamswiss pair FILE | head -1``): what a shell
#: reports for a program that SIGPIPE ended (128 + 13)
BROKEN_PIPE_STATUS = 141


def whole_writes() -> None:
    """Standard output that writes all it is given, or raises: with ``PYTHONUNBUFFERED=1`` (the Docker image
    sets it) it is the bare file, and a write that the reader cuts short is dropped without an error, so a
    command piped into ``head`` ended with 0 and part of its output. Through a buffer every write is whole or
    raises ``BrokenPipeError``; line buffering keeps the lines as prompt as unbuffered output was."""
    out = sys.stdout
    if out is None or not isinstance(getattr(out, "buffer", None), io.RawIOBase):
        return
    raw = io.FileIO(out.fileno(), "w", closefd=False)
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(raw), encoding=out.encoding, errors=out.errors,
                                  newline=None if os.name == "nt" else "\n", line_buffering=True)


def main() -> int:
    """``teamswiss ARGS``: exit status of :func:`app.cli.main.main`.

    When the reader of the output goes away (a pipe into ``head``), the command stops quietly with
    ``BROKEN_PIPE_STATUS``, without a traceback (as the Python documentation's note on SIGPIPE advises)."""
    whole_writes()
    file_command = is_file_command(sys.argv[1:])
    if file_command:
        file_command_starts()
    try:
        status = run()
        sys.stdout.flush()
    except BrokenPipeError:
        # what is still buffered for standard output would fail again at exit: send it nowhere
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return BROKEN_PIPE_STATUS
    finally:
        if file_command:
            file_command_ends()
    return status
