"""FIDE C.04.6 Swiss Team Pairing System (2026) as a pure engine.

Public API::

    snapshot = build_snapshot(t, round_no, absent=frozenset())
    pairing = pair_round(snapshot, t.rules)        # raises NoLegalPairing (C.04.6 3.3.3)
    pairing = pair_tournament_round(t, round_no)   # both steps
"""

from __future__ import annotations

from app.services.pairing.engine import DEFAULT_BUDGET, pair_round
from app.services.pairing.model import (
    BracketNote,
    ColourNote,
    Explanation,
    PabNote,
    PairedMatch,
    Pairing,
    PairingBudgetExceeded,
)
from app.services.pairing.snapshot import Snapshot, TeamState, build_snapshot
from app.services.tournament import Tournament

__all__ = [
    "pair_round", "build_snapshot", "pair_tournament_round", "Pairing", "PairedMatch",
    "Explanation", "PabNote", "BracketNote", "ColourNote", "Snapshot", "TeamState",
    "PairingBudgetExceeded", "DEFAULT_BUDGET",
]


def pair_tournament_round(t: Tournament, round_no: int, absent: frozenset[int] = frozenset()) -> Pairing:
    """Build the snapshot for ``round_no`` of ``t`` and pair it with ``t.rules``."""
    return pair_round(build_snapshot(t, round_no, absent), t.rules)
