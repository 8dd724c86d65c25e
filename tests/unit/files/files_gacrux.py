"""Test-only driver for FIDE TEC's Gacrux (``gacrux.pairingchecker``), run in-process.

Gacrux is the differential oracle (FIDE C.02.03 7: mass agreement with a checker): our files must
pass its checker, and tournaments it pairs must pass ours. Never imported from ``app/``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import random
import sys
import tempfile
from pathlib import Path

from app.services.errors import NoLegalPairing
from app.services.generator import PairedTriple, Pairer, default_pairer, generate, generator_rules
from app.services.rules import Rules, fide_default
from app.services.tournament import Tournament
from app.services.trf import read_tournament, write_tournament


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


def gacrux_pairs(path: Path | str, rules: Rules, round_no: int, unpaired: tuple[int, ...] = ()) -> list[PairedTriple]:
    """Gacrux's pairing of round ``round_no`` of a file (``-p -n r [-u TPN ...]``): (table, white, black or None)."""
    args = ["-i", str(path), "-m", method(rules), "-p", "-d", "T", "-n", str(round_no)]
    if unpaired:
        args += ["-u", *[str(a) for a in sorted(unpaired)]]
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


class GacruxPairer:
    """A ``generate(..., pairer=)`` that asks Gacrux (``-p -n r``) for each round; the absent teams are in the
    file, as TRF-2026 240 ``Z`` records for the round."""

    def __init__(self, workdir: Path | None = None) -> None:
        self.workdir = Path(workdir or tempfile.mkdtemp(prefix="gacrux-"))
        self.calls = 0

    def __call__(self, t: Tournament, round_no: int, absent: frozenset[int]) -> list[PairedTriple]:
        self.calls += 1
        path = self.workdir / f"pair-{self.calls}.trf"
        with_absences = dataclasses.replace(t, absences=tuple((round_no, a) for a in sorted(absent)))
        path.write_text(write_tournament(with_absences), encoding="utf-8")
        return gacrux_pairs(path, t.rules, round_no)


# --- the two directions of the differential run (tests and ``python -m tests.verify``) -------------


@dataclasses.dataclass(frozen=True)
class Config:
    teams: int
    rounds: int
    boards: int
    seed: int
    forfeit_rate: float
    absent_rate: float
    colour: str = "A"
    primary: str = "MP"
    acceleration: str = "none"  # "baku": C.04.7, MP primary only

    def rules(self) -> Rules:
        base = fide_default()
        pairing = dataclasses.replace(base.pairing, colour_pref_type=self.colour, primary_score=self.primary,
                                      acceleration=self.acceleration)
        base = dataclasses.replace(base, pairing=pairing, bye_gp=base.bye_gp * self.boards / 4)
        return generator_rules(self.boards, self.rounds, base)

    def __str__(self) -> str:
        return (f"{self.teams}t{self.rounds}r{self.boards}b-s{self.seed}-f{self.forfeit_rate}"
                f"-a{self.absent_rate}-{self.colour}-{self.primary}"
                + (f"-{self.acceleration}" if self.acceleration != "none" else ""))


def random_config(i: int) -> Config:
    """Event number ``i`` of the differential run: 10-60 teams, 7-11 rounds, 4 or 6 boards,
    forfeits, absent teams, Type A/B, MP or GP primary; the same ``i`` gives the same event."""
    rng = random.Random(1000 + i)
    cfg = Config(
        teams=rng.randint(10, 60),
        rounds=rng.randint(7, 11),
        boards=rng.choice((4, 4, 4, 6)),
        seed=i,
        forfeit_rate=rng.choice((0.0, 0.02, 0.05, 0.1)),
        absent_rate=rng.choice((0.0, 0.02, 0.05)),
        colour=rng.choice(("A", "A", "B")),
        primary=rng.choice(("MP", "MP", "GP")),
    )
    # one event in four with match points primary is accelerated (Baku, C.04.7): drawn apart, so that the
    # events of earlier runs keep their other settings
    if cfg.primary == "MP" and random.Random(7000 + i).random() < 0.25:
        cfg = dataclasses.replace(cfg, acceleration="baku")
    return cfg


@dataclasses.dataclass
class Played:
    t: Tournament  # every round that could be paired
    stopped: int | None = None  # the round for which the pairer found no legal pairing
    absent: frozenset[int] = frozenset()  # the teams absent in that round


class _Stopped(Exception):
    def __init__(self, played: Played) -> None:
        super().__init__(played.stopped)
        self.played = played


def play(cfg: Config, pairer: Pairer) -> Played:
    """Generate ``cfg`` with ``pairer``; stop at a round with no legal pairing (C.04.6 3.3.3)."""

    def guarded(t: Tournament, r: int, absent: frozenset[int]) -> list[PairedTriple]:
        try:
            return list(pairer(t, r, absent))
        except (NoLegalPairing, GacruxError):
            raise _Stopped(Played(t, r, absent)) from None

    try:
        t = generate(cfg.teams, cfg.rounds, boards=cfg.boards, seed=cfg.seed, forfeit_rate=cfg.forfeit_rate,
                     absent_rate=cfg.absent_rate, rules=cfg.rules(), pairer=guarded)
    except _Stopped as stop:
        return stop.played
    return Played(t)


@dataclasses.dataclass
class Verdict:
    """One event of one direction: ``agree`` or ``disagree`` (``detail`` says where; the file is
    ``text``, the reproducer). There is no exempted reading: a match with every board forfeited in which
    both teams scored is played for both engines (``app.services.tournament.match_played``)."""

    status: str
    rounds: int  # rounds compared
    detail: str = ""
    text: str = ""


def without_152(text: str) -> str:
    """The file as other programs write it: no initial-colour record (the lot is in round 1)."""
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith("152 "))


#: the environment variable that names a built bbpPairings with team support (the Sharly Chess fork): when set,
#: ``make verify`` also has its reader check every file we write (``--team FILE -c``)
BBP_ENV = "TEAMSWISS_BBPPAIRINGS"


def bbp_check(path: Path | str, binary: str) -> tuple[bool, str]:
    """bbpPairings' team checker on a file: (its reader accepted the file, its output). Its exit status 0 (checked)
    or 1 (no valid pairing) means the file was read; 3 (an invalid request: a line it cannot parse), 5 (a file
    error) or 2 mean it was not. Its own pairings are its engine's, not compared here (Gacrux is the oracle)."""
    import subprocess

    run = subprocess.run([binary, "--team", str(path), "-c"], capture_output=True, text=True, timeout=600)
    return run.returncode in (0, 1), f"exit status {run.returncode}: {(run.stdout + run.stderr)[-3000:]}"


def ours_through_gacrux(cfg: Config, workdir: Path) -> Verdict:
    """Our engine pairs the event; Gacrux's checker must accept every round of the file, and
    when we find no legal pairing for a round, Gacrux must not find one either. With ``$TEAMSWISS_BBPPAIRINGS``
    set, bbpPairings' reader and checker must accept the file too."""
    import os

    p = play(cfg, default_pairer)
    text = write_tournament(p.t)
    path = workdir / f"ours-{cfg}.trf"
    path.write_text(text, encoding="utf-8")
    rounds = len(p.t.rounds)
    ok, out = gacrux_check(path, p.t.rules)
    if not ok:
        return Verdict("disagree", rounds, f"Gacrux's checker rejects our pairing:\n{out[-3000:]}", text)
    binary = os.environ.get(BBP_ENV)
    if binary:
        ok, out = bbp_check(path, binary)
        if not ok:
            return Verdict("disagree", rounds, f"bbpPairings rejects our file:\n{out}", text)
    if p.stopped is not None:
        rounds += 1
        try:
            got = GacruxPairer(workdir)(p.t, p.stopped, p.absent)
        except GacruxError:
            return Verdict("agree", rounds)
        return Verdict("disagree", rounds, f"round {p.stopped}: we find no legal pairing, Gacrux pairs {got} "
                                           f"(absent {sorted(p.absent)})", text)
    return Verdict("agree", rounds)


def gacrux_through_ours(cfg: Config, workdir: Path) -> Verdict:
    """Gacrux pairs the event round by round; its file, without a 152 record, must pass our
    ``check``, and when Gacrux finds no legal pairing for a round, neither may we."""
    from app.cli.commands.files import check_rounds

    p = play(cfg, GacruxPairer(workdir))
    text = without_152(write_tournament(p.t))
    back = read_tournament(text)
    rounds = check_rounds(back)
    bad = [r for r in rounds if not r["equal"]]
    if bad:
        detail = "\n".join(f"round {r['round']}: file {r['file']} engine {r['engine']} {r['error'] or ''}"
                           for r in bad)
        return Verdict("disagree", len(rounds), f"our check disagrees with Gacrux's pairing:\n{detail}", text)
    if p.stopped is not None:
        # the absent teams of the round neither engine can pair, as 240 records of the file read back
        from app.services.tournament import absent_in

        stopped = read_tournament(without_152(write_tournament(dataclasses.replace(
            p.t, absences=tuple((p.stopped, a) for a in sorted(p.absent))))))
        try:
            got = default_pairer(stopped, p.stopped, absent_in(stopped, p.stopped))
        except NoLegalPairing:
            return Verdict("agree", len(rounds) + 1)
        return Verdict("disagree", len(rounds) + 1, f"round {p.stopped}: Gacrux finds no legal pairing, we pair "
                                                    f"{got} (absent {sorted(p.absent)})", text)
    return Verdict("agree", len(rounds))


DIRECTIONS = {"ours->gacrux": ours_through_gacrux, "gacrux->ours": gacrux_through_ours}
