"""Initial ranking of the teams and their pairing numbers (TPN).

- **R-4.1** teams are ranked by the average FIDE rating of their *base lineup* (the
  first ``rules.boards`` players of the roster, in board order, R-3.1); a player with no
  FIDE rating (``None`` or ``0``) counts as ``rules.unrated_rating`` (K12: 1400).
  The average is an exact ``Fraction``, compared exactly (no rounding).
- **R-4.2** equal averages: by team name in ELOT 743 order
  (:func:`app.services.elot743.sort_key`), so Greek and Latin names sort together;
  names equal even there fall back on the team id, so the ranking is total.
- C.04.6 Art. 1.1.1/1.1.2: TPNs are 1..N in that order (the competition rules define
  them, here R-4.1/R-4.2).
- C.04.6 Art. 1.1.3: once defined, TPNs should not change (except for late entries, C.04.2
  Arts 2.4/2.5, or when the chief arbiter decides); the FIDE endorsement checklist makes
  them immutable once round 4 is paired (the Verification Check List of C.04.A).
  :func:`check_tpn_relock` refuses a re-ranking from then on; before that the caller
  should let only the chief arbiter / organiser re-rank.

Interpretations: a base lineup shorter than ``boards`` (a short roster) averages the
players it has: R-4.1 says "the average rating of the base lineup", and that lineup has
fewer players. A team with no player at all has average 0 and ranks last. The caller
passes the teams to rank (normally the ENTERED ones); their statuses are not looked at.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from app.services.elot743 import sort_key
from app.services.errors import InvalidInput, StateConflict
from app.services.rules import Rules
from app.services.tournament import Player, Team

__all__ = ["RankingRow", "base_average", "initial_ranking", "tpn_map", "check_tpn_relock", "TPN_LOCK_ROUND"]

#: TPNs are final once this round has been paired (C.04.6 1.1.3, FIDE VCL).
TPN_LOCK_ROUND = 4


@dataclass(frozen=True)
class RankingRow:
    team_id: int
    name: str
    average: Fraction
    tpn: int
    ratings: tuple[int, ...] = ()  # the ratings averaged, board order, unrated already replaced


def _counted_rating(rules: Rules, player: Player) -> int:
    r = player.fide_rating
    return r if r is not None and r > 0 else rules.unrated_rating


def base_average(rules: Rules, roster: Sequence[Player]) -> tuple[Fraction, tuple[int, ...]]:
    """R-4.1: (average, ratings counted) of the first ``rules.boards`` roster players."""
    ratings = tuple(_counted_rating(rules, p) for p in roster[: rules.boards])
    if not ratings:
        return Fraction(0), ()
    return Fraction(sum(ratings), len(ratings)), ratings


def initial_ranking(
    rules: Rules, teams: Sequence[tuple[Team, Sequence[Player]]]
) -> tuple[RankingRow, ...]:
    """Rank teams by R-4.1 then R-4.2 and number them 1..N (C.04.6 1.1.1).

    ``teams``: each team with its roster in board order (R-3.3).
    """
    ids = [t.id for t, _ in teams]
    if len(ids) != len(set(ids)):
        raise InvalidInput("R-4.1", "a team appears twice in the initial ranking")
    scored = []
    for team, roster in teams:
        average, ratings = base_average(rules, roster)
        scored.append((team, average, ratings))
    scored.sort(key=lambda x: (-x[1], sort_key(x[0].name), x[0].id))
    return tuple(
        RankingRow(team.id, team.name, average, tpn, ratings)
        for tpn, (team, average, ratings) in enumerate(scored, start=1)
    )


def tpn_map(ranking: Sequence[RankingRow]) -> dict[int, int]:
    """Team id -> TPN."""
    return {row.team_id: row.tpn for row in ranking}


def check_tpn_relock(rounds_paired: int) -> None:
    """Refuse changing TPNs (re-ranking) once round 4 has been paired (C.04.6 1.1.3, FIDE VCL)."""
    if rounds_paired < 0:
        raise InvalidInput("C.04.6 1.1.3", "the number of paired rounds cannot be negative")
    if rounds_paired >= TPN_LOCK_ROUND:
        raise StateConflict(
            "C.04.6 1.1.3",
            "pairing numbers are final once round {tpn_lock_round} is paired; {rounds_paired} rounds have been "
            "paired",
            params={"tpn_lock_round": TPN_LOCK_ROUND, "rounds_paired": rounds_paired},
            rounds_paired=rounds_paired,
        )
