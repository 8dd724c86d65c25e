"""Board order of a team's players, fixed by the regulations (R-3.3).

R-3.3: "the order of the players in every round is fixed as follows: (a) FIDE
rating, (b) Greek (national) rating, (c) federation registration number
(Α.Μ. ΕΣΟ), (d) alphabetically (for foreign players)". Read as one sort key:

1. FIDE rating, higher first; a rated player before an unrated one;
2. national rating, the same way;
3. national registration number (``Player.national_id``), lower first; players
   without one after those with one;
4. name, in ELOT 743 order (:func:`app.services.elot743.sort_key`), which puts
   Greek and Latin names in one order.

A rating of ``None`` or ``0`` (or less) counts as unrated. Step 4 applies to
everyone left tied by steps 1-3 (in practice the foreign players, who have no
national number). Players equal on all four keys keep no rule-made order; the
player id breaks that tie so the result is deterministic, and
:func:`out_of_order` never reports such a pair.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from app.services.elot743 import sort_key
from app.services.errors import Text
from app.services.tournament import Player

__all__ = ["board_key", "board_order", "out_of_order", "explain_pair"]

UNRATED = Text("unrated")
NO_NUMBER = Text("none")

RuleKey = tuple[int, int, int, int, int, int, tuple[str, str]]


def _rating(value: int | None) -> int | None:
    return value if value is not None and value > 0 else None


def board_key(player: Player) -> RuleKey:
    """The R-3.3 sort key (smaller sorts first), without the id tie-break."""
    fide = _rating(player.fide_rating)
    nat = _rating(player.national_rating)
    nid = player.national_id
    return (
        0 if fide is not None else 1,
        -(fide or 0),
        0 if nat is not None else 1,
        -(nat or 0),
        0 if nid is not None else 1,
        nid if nid is not None else 0,
        sort_key(player.name),
    )


def _rule_key(player: Player) -> tuple[object, ...]:
    """R-3.3 key with the name compared on its folded form only (not the original spelling)."""
    k = board_key(player)
    return (*k[:6], k[6][0])


def board_order(players: Iterable[Player]) -> tuple[Player, ...]:
    """The players in R-3.3 board order (ties on every key broken by player id)."""
    return tuple(sorted(players, key=lambda p: (board_key(p), p.id)))


def explain_pair(upper: Player, lower: Player) -> Text:
    """Why R-3.3 puts ``lower`` above ``upper`` (which key decides), as a short phrase (translated with the
    refusal that says it)."""
    fu, fl = _rating(upper.fide_rating), _rating(lower.fide_rating)
    if fu != fl:
        return Text("FIDE rating {lower} vs {upper}", {"lower": fl or UNRATED, "upper": fu or UNRATED})
    nu, nl = _rating(upper.national_rating), _rating(lower.national_rating)
    if nu != nl:
        return Text("national rating {lower} vs {upper}", {"lower": nl or UNRATED, "upper": nu or UNRATED})
    if upper.national_id != lower.national_id:
        return Text("registration number {lower} vs {upper}",
                    {"lower": lower.national_id or NO_NUMBER, "upper": upper.national_id or NO_NUMBER})
    return Text("alphabetical order (ELOT 743)")


def out_of_order(given: Sequence[Player]) -> list[tuple[Player, Player]]:
    """Pairs ``(a, b)`` where ``given`` puts ``a`` above ``b`` but R-3.3 puts ``b`` above ``a``.

    Every inverted pair is listed (not only neighbours), in the order of ``given``.
    An empty list means the order is the R-3.3 order (up to players the rule
    cannot tell apart).
    """
    keys = [_rule_key(p) for p in given]
    return [
        (given[i], given[j])
        for i in range(len(given))
        for j in range(i + 1, len(given))
        if keys[j] < keys[i]
    ]
