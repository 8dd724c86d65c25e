"""Process tuning, in one place: how the garbage collector runs in the two kinds of process the program makes.

Only the collector's documented switches (``gc.set_threshold``, ``gc.freeze``); nothing of the standard library
is replaced or patched.

- A file command (``pair``, ``check``, ``standings``, ``generate``) is a short process that reads a file into
  tens of thousands of objects and makes almost no reference cycles: the collector runs rarely while it works
  (``FILE_COMMAND_GC_THRESHOLD`` new objects instead of 700), and what is alive at the end is frozen so that the
  interpreter's exit does not walk it once more.
- A server worker freezes everything alive after its start (modules, the app, its routes and schemas: hundreds of
  thousands of objects): a full collection then walks only what requests made since, not the whole framework
  (one took ~0.1 s in the middle of a request otherwise).
"""

from __future__ import annotations

import gc

#: the first generation of a file command is collected after this many new objects instead of 700
FILE_COMMAND_GC_THRESHOLD = 100_000


def file_command_starts() -> None:
    gc.set_threshold(FILE_COMMAND_GC_THRESHOLD)


def file_command_ends() -> None:
    gc.freeze()


def worker_started() -> None:
    gc.collect()
    gc.freeze()
