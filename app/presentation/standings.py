"""The standings' JSON form: ``GET .../standings``, the JSON export and ``teamswiss standings --json``."""

from __future__ import annotations

from app.presentation.ratings import team_rating_dict
from app.services.event_ratings import games_index, team_ratings
from app.services.standings import Standings, TiebreakUse, format_value

TYPE_CHECKING = False  # typing is not imported at run time: file commands start faster
if TYPE_CHECKING:
    from fractions import Fraction
    from typing import Any

    from app.services.tournament import Tournament


def tiebreak_dict(code: str, value: Fraction, use: TiebreakUse) -> dict[str, Any]:
    return {"code": code, "value": format_value(value), "group": use.group,
            "decisive": format_value(use.decisive) if use.decisive is not None else None, "board": use.board}


def standings_to_dict(t: Tournament, st: Standings) -> dict[str, Any]:
    """The documented JSON form (README, ``teamswiss standings --json``)."""
    rows = []
    index = games_index(t)  # every player's games, read once for the teams' ratings
    for r in st.rows:
        team = t.team(r.team_id)
        club = t.club(team.club_id)
        rows.append({
            "rank": r.rank,
            "tied": r.tied,
            "team": {"id": team.id, "name": team.name, "tpn": team.tpn,
                     "club": club.name if club is not None else None},
            "mp": format_value(r.mp),
            "gp": format_value(r.gp),
            "won": r.won,
            "drawn": r.drawn,
            "lost": r.lost,
            "byes": r.byes,
            "forfeit_wins": r.forfeit_wins,
            "forfeit_losses": r.forfeit_losses,
            "tiebreaks": [tiebreak_dict(c, v, use) for (c, v), use in zip(r.tiebreaks, r.explained, strict=True)],
            "rating": team_rating_dict(team_ratings(t, team.roster, index)),
        })
    return {"after_round": st.after_round, "rules": st.rules_text,
            "tiebreaks": list(st.tiebreak_codes), "rows": rows}
