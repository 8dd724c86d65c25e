"""Process tuning, in one place: how the garbage collector runs in the two kinds of process the program makes.

Only the collector's documented switches (``gc.set_threshold``, ``gc.freeze``); nothing of the standard library
is replaced or patched.

- A file command (``pair``, ``check``, ``standings``, ``generate``) is a short process that reads a file into
  tens of thousands of objects and makes almost no reference cycles: the collector runs rarely while it works
  (``FILE_COMMAND_GC_THRESHOLD`` new objects instead of 700), and what is alive at the end is frozen so that the
  interpreter's exit does not walk it once more.
- A server may hold thousands of event streams, a file each: it raises its soft limit of open files to the
  hard limit the system gives (at most ``OPEN_FILES_WANTED``); its workers inherit it.
- A server's listening socket queues as many connections as the system allows (``net.core.somaxconn``, not
  uvicorn's 2048): when a round starts, thousands of parents' pages open their event streams within a second,
  and a connection the full queue cannot take is reset rather than served a moment later.
- A server worker freezes everything alive after its start (modules, the app, its routes and schemas: hundreds of
  thousands of objects): a full collection then walks only what requests made since, not the whole framework
  (one took ~0.1 s in the middle of a request otherwise).
"""

from __future__ import annotations

import gc

#: open files a server asks for (event streams, database connections, requests)
OPEN_FILES_WANTED = 65_536

#: connections the listening socket queues when the system does not say how many it allows
LISTEN_BACKLOG_DEFAULT = 2048
SOMAXCONN = "/proc/sys/net/core/somaxconn"

#: the first generation of a file command is collected after this many new objects instead of 700
FILE_COMMAND_GC_THRESHOLD = 100_000


def file_command_starts() -> None:
    gc.set_threshold(FILE_COMMAND_GC_THRESHOLD)


def file_command_ends() -> None:
    gc.freeze()


def worker_started() -> None:
    gc.collect()
    gc.freeze()


def server_starts() -> None:
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = OPEN_FILES_WANTED if hard == resource.RLIM_INFINITY else min(hard, OPEN_FILES_WANTED)
        if soft != resource.RLIM_INFINITY and soft < wanted:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    except (ImportError, OSError, ValueError):  # no such limit here, or not ours to raise: keep the system's
        pass


def listen_backlog(path: str = SOMAXCONN) -> int:
    """The listening socket's queue: the most the system allows (the kernel caps a larger one at it anyway)."""
    try:
        with open(path) as f:
            return max(LISTEN_BACKLOG_DEFAULT, int(f.read().strip()))
    except (OSError, ValueError):
        return LISTEN_BACKLOG_DEFAULT
