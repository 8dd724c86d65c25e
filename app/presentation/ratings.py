"""The ratings' JSON form: a player's ``rating_change`` (the player page, the board statistics, the JSON export)
and a team's ``rating`` (the team page, the standings). Exact values become decimal strings (a PD is in
hundredths, so every expected score and change is a finite decimal); a value that does not exist is null."""

from __future__ import annotations

from app.services.standings import format_value

TYPE_CHECKING = False  # typing is not imported at run time: file commands start faster
if TYPE_CHECKING:
    from typing import Any

    from app.services.event_ratings import PlayerRatings, TeamRating
    from app.services.ratings import GameRating, RatingChange


def change_dict(ch: RatingChange | None) -> dict[str, Any] | None:
    """One list's figures for the event (None: the event is not rated for the list)."""
    if ch is None:
        return None
    return {
        "rating": ch.rating, "k": ch.k, "games": ch.games, "score": format_value(ch.score),
        "expected": format_value(ch.expected) if ch.expected is not None else None,
        "change": format_value(ch.change) if ch.change is not None else None,
        "performance": ch.performance, "opponents_average": ch.opponents_average,
        "games_needed": ch.games_needed,
    }


def rating_change_dict(pr: PlayerRatings) -> dict[str, Any]:
    return {"fide": change_dict(pr.fide), "national": change_dict(pr.national)}


def game_dict(g: GameRating | None) -> dict[str, Any] | None:
    if g is None:
        return None
    return {"opponent_rating": g.opponent_rating, "counted": g.counted,
            "expected": format_value(g.expected) if g.expected is not None else None}


def per_round(pr: PlayerRatings) -> dict[int, dict[str, Any]]:
    """Round number -> ``{"fide": game, "national": game}`` for every game counted in the calculation."""
    out: dict[int, dict[str, Any]] = {}
    for i, (g, _, _) in enumerate(pr.games):
        out[g.round] = {which: game_dict(ch.per_game[i]) if ch is not None else None
                        for which, ch in (("fide", pr.fide), ("national", pr.national))}
    return out


def team_rating_dict(tr: dict[str, TeamRating]) -> dict[str, Any]:
    return {which: {"average": r.average, "rated_players": r.rated_players, "games": r.games,
                    "score": format_value(r.score), "performance": r.performance} for which, r in tr.items()}
