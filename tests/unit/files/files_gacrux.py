"""Test-only driver for FIDE TEC's Gacrux (``gacrux.pairingchecker``), run in-process.

Gacrux is the differential oracle of pairing.md 7: our files must pass its checker, and
tournaments it pairs must pass ours. Never imported from ``app/``.
"""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
from pathlib import Path

from app.services.generator import PairedTriple
from app.services.rules import Rules
from app.services.tournament import Tournament
from app.services.trf import write_tournament


class GacruxError(RuntimeError):
    pass


def run_gacrux(args: list[str]) -> str:
    """``python -m gacrux.pairingchecker ARGS`` in this process; its standard output."""
    from gacrux.pairingchecker import pairingchecker

    old = sys.argv
    sys.argv = ["pairingchecker", *args]
    buf = io.StringIO()
    try:
        with contextlib.redirect_stdout(buf), contextlib.suppress(SystemExit):
            pairingchecker().common_main()
    finally:
        sys.argv = old
    return buf.getvalue()


def method(rules: Rules) -> str:
    """Gacrux's ``-m`` for our settings. A bare ``-m fideteam`` overrides record 192 with Type A
    and MP primary (commonmain: the command line's method list replaces the file's), so the
    variant is spelled out: ``fideteam-typeb-mp+gp``, ``fideteam-typea-gp+mp`` ..."""
    p = rules.pairing
    colour = {"A": "typea", "B": "typeb", "none": "nocolor"}[p.colour_pref_type]
    primary = p.primary_score.lower()
    secondary = "gp" if primary == "mp" else "mp"
    scores = f"{primary}+{secondary}" if p.use_secondary_for_colour else primary
    return f"fideteam-{colour}-{scores}"


def gacrux_check(path: Path | str, rules: Rules | None = None) -> tuple[bool, str]:
    """Gacrux's verdict on every round of a TRF file: (``Check: True``?, its text output)."""
    m = method(rules) if rules is not None else "fideteam"
    out = run_gacrux(["-i", str(path), "-m", m, "-c", "-d", "T"])
    lines = [x for x in out.strip().splitlines() if x.strip()]
    return bool(lines) and lines[-1].strip() == "Check: True", out


class GacruxPairer:
    """A ``generate(..., pairer=)`` that asks Gacrux (``-p -n r -u absent``) for each round."""

    def __init__(self, workdir: Path | None = None) -> None:
        self.workdir = Path(workdir or tempfile.mkdtemp(prefix="gacrux-"))
        self.calls = 0

    def __call__(self, t: Tournament, round_no: int, absent: frozenset[int]) -> list[PairedTriple]:
        self.calls += 1
        path = self.workdir / f"pair-{self.calls}.trf"
        path.write_text(write_tournament(t), encoding="utf-8")
        args = ["-i", str(path), "-m", method(t.rules), "-p", "-d", "T", "-n", str(round_no)]
        if absent:
            args += ["-u", *[str(a) for a in sorted(absent)]]
        out = run_gacrux(args)
        lines = out.strip().splitlines()
        if not lines or not lines[0].strip().isdigit():
            raise GacruxError(f"gacrux could not pair round {round_no} of {path}:\n{out[:2000]}")
        n = int(lines[0])
        if n == 0:  # Gacrux found no legal pairing (C.04.6 3.3.3)
            raise GacruxError(f"gacrux finds no legal pairing for round {round_no} of {path}")
        triples: list[PairedTriple] = []
        for k in range(n):
            w, b = (int(x) for x in lines[1 + k].split())
            triples.append((k + 1, w, b or None))
        return triples


def split_forfeit_rounds(t: Tournament) -> list[int]:
    """Rounds with a match whose every board was forfeited while both teams won a board.

    Gacrux counts such a match as played ("if both team have points we consider the match
    played", games2matches.decide_score); our engine follows C.04.6 1.6.1 / C.04.2 3.5 as read
    in pairing.md 2.5: a match is played only if a game was played over the board. Rounds
    after one of these may legitimately be paired differently (reading R1 in the report).
    """
    out = []
    for r in t.rounds:
        for m in r.matches:
            if m.second is None or m.forfeit is not None or not m.boards or m.games_played():
                continue
            pts = [b.points() for b in m.boards]
            if any(p is None for p in pts):
                continue
            first = sum(p[0] for p in pts if p is not None)
            second = sum(p[1] for p in pts if p is not None)
            if first > 0 and second > 0:
                out.append(r.number)
                break
    return out
