"""FIDE TRF codec for team tournaments: TRF-2026 (310/320/330/300 ...) and TRF16 (013).

Spec: FIDE TRF16 and TRF-2026 (C.04 Annex 2), with the TRF-2026 records of a team event.

    read_tournament(text, base_rules=None, *, table_order=True) -> Tournament
        (table_order=False: tables in reading order, not GHR C.04.2 3.6; for the standings)
    fingerprint(text) -> str  (SHA-256 of the records, to recognise a file imported before)
    write_tournament(t, fmt="trf2026" | "trf16", standings=None) -> str
"""

from app.services.trf.common import TrfWarning
from app.services.trf.reader import fingerprint, read_tournament, read_tournament_with_warnings
from app.services.trf.writer import write_tournament, write_tournament_with_warnings

__all__ = ["TrfWarning", "fingerprint", "read_tournament", "read_tournament_with_warnings", "write_tournament",
           "write_tournament_with_warnings"]
