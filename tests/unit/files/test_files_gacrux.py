"""Differential tests against FIDE TEC's Gacrux (pairing.md 7: mass agreement with a checker).

Two directions:

* files from our ``generate`` (paired by our engine) must pass Gacrux's checker
  (``pairingchecker -i FILE -m fideteam-<variant> -c -d T`` ends with ``Check: True``);
* tournaments paired by Gacrux (``pairingchecker -p`` round by round, results from our
  generator) must pass our ``check``.

Known reading difference R1 (see ``files_gacrux.split_forfeit_rounds``): Gacrux counts a
match whose every board was forfeited, but where both teams won a board, as played; we do not
(C.04.6 1.6.1, C.04.2 3.5). A discrepancy in a later round of such a tournament is reported
as ``xfail`` with that reason; every other discrepancy fails.

``VERIFY_N`` (default 200) sets the number of tournaments per direction in the slow run
(``make verify``): 10-60 teams, 7-11 rounds, odd and even counts, forfeits, absent teams,
Type B and GP-primary.
"""

from __future__ import annotations

import dataclasses
import os
import random
from pathlib import Path

import pytest
from files_gacrux import GacruxError, GacruxPairer, gacrux_check, split_forfeit_rounds

from app.commands.files import check_rounds
from app.services.errors import NoLegalPairing
from app.services.generator import PairedTriple, Pairer, default_pairer, generate, generator_rules
from app.services.rules import Rules, fide_default
from app.services.tournament import Tournament
from app.services.trf import read_tournament, write_tournament

VERIFY_N = int(os.environ.get("VERIFY_N", "200"))


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

    def rules(self) -> Rules:
        base = fide_default()
        pairing = dataclasses.replace(base.pairing, colour_pref_type=self.colour, primary_score=self.primary)
        base = dataclasses.replace(base, pairing=pairing, bye_gp=base.bye_gp * self.boards / 4)
        return generator_rules(self.boards, self.rounds, base)

    def __str__(self) -> str:
        return (f"{self.teams}t{self.rounds}r{self.boards}b-s{self.seed}-f{self.forfeit_rate}"
                f"-a{self.absent_rate}-{self.colour}-{self.primary}")


def random_config(i: int) -> Config:
    rng = random.Random(1000 + i)
    return Config(
        teams=rng.randint(10, 60),
        rounds=rng.randint(7, 11),
        boards=rng.choice((4, 4, 4, 6)),
        seed=i,
        forfeit_rate=rng.choice((0.0, 0.02, 0.05, 0.1)),
        absent_rate=rng.choice((0.0, 0.02, 0.05)),
        colour=rng.choice(("A", "A", "B")),
        primary=rng.choice(("MP", "MP", "GP")),
    )


FAST = [
    Config(9, 5, 4, 1, 0.02, 0.02),
    Config(12, 7, 4, 2, 0.05, 0.05),
    Config(11, 7, 4, 3, 0.02, 0.0, colour="B"),
    Config(10, 6, 6, 4, 0.02, 0.05, primary="GP"),
]


@dataclasses.dataclass
class Played:
    t: Tournament  # every round that could be paired
    stopped: int | None = None  # the round for which the pairer found no legal pairing
    absent: frozenset[int] = frozenset()  # the teams absent in that round


class _Stopped(Exception):
    def __init__(self, played: Played) -> None:
        super().__init__(played.stopped)
        self.played = played


def _play(cfg: Config, pairer: Pairer) -> Played:
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


def _r1(t: Tournament, before: int) -> list[int]:
    return [r for r in split_forfeit_rounds(t) if r < before]


def _ours_through_gacrux(cfg: Config, tmp_path: Path) -> None:
    p = _play(cfg, default_pairer)
    path = tmp_path / f"ours-{cfg}.trf"
    path.write_text(write_tournament(p.t), encoding="utf-8")
    ok, out = gacrux_check(path, p.t.rules)
    if not ok:
        split = _r1(p.t, 99)
        if split:
            pytest.xfail(f"reading R1: match fully forfeited with points to both sides in round(s) {split}")
        pytest.fail(f"Gacrux disagrees with our pairing of {path}:\n{out[-3000:]}")
    if p.stopped is not None:
        # we found no legal pairing: Gacrux must not find one either
        try:
            got = GacruxPairer(tmp_path)(p.t, p.stopped, p.absent)
        except GacruxError:
            return
        if _r1(p.t, p.stopped):
            pytest.xfail("reading R1 before a round with no legal pairing")
        pytest.fail(f"round {p.stopped} of {path}: we find no legal pairing, Gacrux pairs {got}")


def _gacrux_through_ours(cfg: Config, tmp_path: Path) -> None:
    p = _play(cfg, GacruxPairer(tmp_path))
    path = tmp_path / f"gacrux-{cfg}.trf"
    text = write_tournament(p.t)
    path.write_text(text, encoding="utf-8")
    back = read_tournament(text)
    rounds = check_rounds(back)
    bad = [r for r in rounds if not r["equal"]]
    if bad:
        split = _r1(p.t, min(r["round"] for r in bad))
        if split:
            pytest.xfail(f"reading R1: match fully forfeited with points to both sides in round(s) {split}")
        detail = "\n".join(f"round {r['round']}: file {r['file']} engine {r['engine']} {r['error'] or ''}"
                           for r in bad)
        pytest.fail(f"our check disagrees with Gacrux's pairing of {path}:\n{detail}")
    if p.stopped is not None:
        # Gacrux found no legal pairing: neither may we
        try:
            got = default_pairer(back, p.stopped, p.absent)
        except NoLegalPairing:
            return
        if _r1(p.t, p.stopped):
            pytest.xfail("reading R1 before a round with no legal pairing")
        pytest.fail(f"round {p.stopped} of {path}: Gacrux finds no legal pairing, we pair {got}")


@pytest.mark.parametrize("cfg", FAST, ids=str)
def test_our_generated_files_pass_gacrux(cfg: Config, tmp_path: Path) -> None:
    _ours_through_gacrux(cfg, tmp_path)


@pytest.mark.parametrize("cfg", FAST[:3], ids=str)
def test_gacrux_paired_tournaments_pass_our_check(cfg: Config, tmp_path: Path) -> None:
    _gacrux_through_ours(cfg, tmp_path)


def test_gacrux_reads_our_forfeits_byes_and_empty_boards(tmp_path: Path) -> None:
    """Heavy forfeits: 330, 320 and 300 records all appear and Gacrux still agrees."""
    cfg = Config(11, 5, 4, 7, 0.25, 0.1)
    text = write_tournament(_play(cfg, default_pairer).t)
    records = {line[:3] for line in text.splitlines()}
    assert {"300", "320"} <= records
    _ours_through_gacrux(cfg, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("i", range(VERIFY_N))
def test_verify_ours_through_gacrux(i: int, tmp_path: Path) -> None:
    _ours_through_gacrux(random_config(i), tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("i", range(VERIFY_N))
def test_verify_gacrux_through_ours(i: int, tmp_path: Path) -> None:
    _gacrux_through_ours(random_config(i), tmp_path)
