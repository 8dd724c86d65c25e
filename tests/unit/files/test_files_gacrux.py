"""Differential tests against FIDE TEC's Gacrux (FIDE C.02.03 7: mass agreement with an existing checker).

Two directions:

* files from our ``generate`` (paired by our engine) must pass Gacrux's checker
  (``pairingchecker -i FILE -m fideteam-<variant> -c -d T`` ends with ``Check: True``);
* tournaments paired by Gacrux (``pairingchecker -p`` round by round, results from our
  generator) must pass our ``check``.

No discrepancy is exempted: a match whose every board was forfeited, but where both teams won a
board, is played for both engines (``app.services.tournament.match_played``), so every
discrepancy fails.

The files Gacrux pairs are read back without their ``152`` record, as other programs write
them: our ``check`` reads the lot from round 1. The run at scale is ``make verify N=...``
(``tests/verify.py``: both directions on every core, resumable); a slice of it runs here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from files_gacrux import Config, Verdict, default_pairer, gacrux_through_ours, ours_through_gacrux, play

from app.services.trf import write_tournament

FAST = [
    Config(9, 5, 4, 1, 0.02, 0.02),
    Config(12, 7, 4, 2, 0.05, 0.05),
    Config(11, 7, 4, 3, 0.02, 0.0, colour="B"),
    Config(10, 6, 6, 4, 0.02, 0.05, primary="GP"),
]


def _judge(v: Verdict) -> None:
    assert v.status == "agree", v.detail


@pytest.mark.parametrize("cfg", FAST, ids=str)
def test_our_generated_files_pass_gacrux(cfg: Config, tmp_path: Path) -> None:
    _judge(ours_through_gacrux(cfg, tmp_path))


@pytest.mark.parametrize("cfg", FAST[:3], ids=str)
def test_gacrux_paired_tournaments_pass_our_check(cfg: Config, tmp_path: Path) -> None:
    _judge(gacrux_through_ours(cfg, tmp_path))


def test_gacrux_reads_our_forfeits_byes_and_empty_boards(tmp_path: Path) -> None:
    """Heavy forfeits: 330, 320 and 300 records all appear and Gacrux still agrees."""
    cfg = Config(11, 5, 4, 7, 0.25, 0.1)
    text = write_tournament(play(cfg, default_pairer).t)
    records = {line[:3] for line in text.splitlines()}
    assert {"300", "320"} <= records
    _judge(ours_through_gacrux(cfg, tmp_path))
