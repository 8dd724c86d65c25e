"""C.04.6 Art. 1.6-1.7 (colour difference and preferences) and Art. 4 (colour allocation).

A team's colour is its board-1 colour in a match actually played (1.6.1); histories are
played-only sequences (C.04.2 3.4), oldest first, letters "W"/"B".
"""

from __future__ import annotations

from dataclasses import dataclass

from app.services.pairing.snapshot import TeamState

__all__ = ["Preference", "NO_PREFERENCE", "preference", "first_team", "allocate"]


@dataclass(frozen=True)
class Preference:
    """``colour`` is "W", "B" or None; ``strong`` distinguishes Type B strong from mild.

    Type A preferences are all marked strong (Type A has one strength; [C9] is Type B only).
    """

    colour: str | None
    strong: bool = False


NO_PREFERENCE = Preference(None)
OTHER = {"W": "B", "B": "W"}


def preference(team: TeamState, pref_type: str, last_round: bool, cd0_l2: str = "strong") -> Preference:
    """C.04.6 1.7: the team's colour preference.

    ``pref_type`` is "A", "B" or "none"; ``last_round`` is True when pairing the last round.
    ``cd0_l2`` ("strong" or "none") settles where 1.7's "no preference at CD 0" meets its strong clause
    (Type B, last round, CD 0 and the last two played matches of one colour); Gacrux reads it as strong.
    """
    if pref_type == "none":
        return NO_PREFERENCE
    cd = team.colour_difference
    last2 = team.colours[-2:]
    last = team.colours[-1:]
    if pref_type == "B" and last_round and cd == 0 and cd0_l2 == "none":
        return NO_PREFERENCE
    # 1.7.1 simple (Type A) = 1.7.2 strong (Type B): same wording
    if cd < -1 or (cd in (0, -1) and last2 == "BB"):
        return Preference("W", True)
    if cd > 1 or (cd in (0, 1) and last2 == "WW"):
        return Preference("B", True)
    if pref_type == "A":
        return NO_PREFERENCE
    # 1.7.2 mild
    if cd == -1:
        return Preference("W", False)
    if cd == 1:
        return Preference("B", False)
    if cd == 0 and not last_round and last:
        return Preference(OTHER[last], False)
    return NO_PREFERENCE


def first_team(a: TeamState, b: TeamState, use_secondary: bool) -> tuple[TeamState, TeamState]:
    """C.04.6 4.2: (first-team, other team)."""
    if a.score != b.score:
        return (a, b) if a.score > b.score else (b, a)
    if use_secondary and a.secondary != b.secondary:
        return (a, b) if a.secondary > b.secondary else (b, a)
    return (a, b) if a.tpn < b.tpn else (b, a)


def allocate(
    a: TeamState,
    b: TeamState,
    pa: Preference,
    pb: Preference,
    *,
    type_b: bool,
    use_secondary: bool,
    initial_colour: str,
) -> tuple[TeamState, TeamState, str, TeamState]:
    """C.04.6 4.3.1-4.3.9: returns (white, black, rule, first-team)."""
    f, s = first_team(a, b, use_secondary)
    fp, sp = (pa, pb) if f is a else (pb, pa)

    def give(colour: str, rule: str) -> tuple[TeamState, TeamState, str, TeamState]:
        return (f, s, rule, f) if colour == "W" else (s, f, rule, f)

    # 4.3.1 neither team has played a match yet
    if not f.colours and not s.colours:
        return give(initial_colour if f.tpn % 2 == 1 else OTHER[initial_colour], "4.3.1")
    # 4.3.2 only one team has a preference
    if fp.colour and not sp.colour:
        return give(fp.colour, "4.3.2")
    if sp.colour and not fp.colour:
        return give(OTHER[sp.colour], "4.3.2")
    # 4.3.3 opposite preferences
    if fp.colour and sp.colour and fp.colour != sp.colour:
        return give(fp.colour, "4.3.3")
    # 4.3.4 (Type B) only one strong preference
    if type_b and fp.colour and sp.colour and fp.strong != sp.strong:
        return give(fp.colour if fp.strong else OTHER[sp.colour], "4.3.4")
    # 4.3.5 White to the lower colour difference
    fcd, scd = f.colour_difference, s.colour_difference
    if fcd != scd:
        return give("W" if fcd < scd else "B", "4.3.5")
    # 4.3.6 alternate from the most recent round in which they had different colours
    for x, y in zip(reversed(f.colours), reversed(s.colours), strict=False):
        if x != y:
            return give(OTHER[x], "4.3.6")
    # 4.3.7 the first-team's preference
    if fp.colour:
        return give(fp.colour, "4.3.7")
    # 4.3.8 alternate the first-team's last played colour
    if f.colours:
        return give(OTHER[f.colours[-1]], "4.3.8")
    # 4.3.9 alternate the other team's last played colour
    return give(s.colours[-1], "4.3.9")
