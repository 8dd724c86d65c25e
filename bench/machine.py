"""What the benchmarks print about the machine they ran on."""

from __future__ import annotations

import os
import platform
from pathlib import Path


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) a process has used, from /proc (0 where there is no /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def tree(pid: int) -> list[int]:
    """A process and its descendants (from /proc)."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        for task in Path(f"/proc/{p}/task").glob("*/children") if Path(f"/proc/{p}/task").exists() else []:
            todo += [int(c) for c in task.read_text().split()]
    return out


def named(name: str) -> list[int]:
    """The processes whose command is ``name`` (PostgreSQL's backends: ``postgres``)."""
    found = []
    for d in Path("/proc").glob("[0-9]*"):
        try:
            if (d / "comm").read_text().strip() == name:
                found.append(int(d.name))
        except OSError:
            continue
    return found
