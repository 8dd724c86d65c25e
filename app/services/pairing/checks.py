"""Which C.04.6 criteria a pairing changed by hand breaks (C.04.2 1.4: the arbiter may change a pairing; what the
change costs is said, not hidden).

The absolute criteria are checked for every match: [C1] no rematch and no forbidden pair (2.1.1), [C2] no PAB for
a team barred from it (2.1.2). The quality criteria are counted over the whole round and compared with the
engine's own pairing of the same round (its explanation): [C4] upfloaters (2.3.1: here the matches between teams
of different scores), then [C5] their score differences (2.3.2), [C8] teams whose colour preference is not met
(2.3.5) and, with Type B preferences, [C9] strong preferences not met (2.3.6); and each match's colours against
the allocation rules (Art. 4.3). [C6], [C7] and [C10] depend on the brackets the engine built and are not judged
for a hand pairing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from app.services.pairing.colours import NO_PREFERENCE, Preference, allocate, preference
from app.services.pairing.snapshot import Snapshot, TeamState
from app.services.rules import Rules

__all__ = ["Breach", "hand_pairing_breaches", "engine_matches"]


@dataclass(frozen=True)
class Breach:
    """One criterion the hand pairing breaks: ``criterion`` as C.04.6 names it ("C1", "4.3"), its article,
    the teams concerned (ids), and for the counted criteria the hand pairing's count and the engine's."""

    criterion: str
    article: str
    team_ids: tuple[int, ...]
    detail: str  # an English template, filled from params
    params: Mapping[str, Any] = field(default_factory=dict)
    value: int | None = None
    engine: int | None = None

    @property
    def sentence(self) -> str:
        return self.detail.format(**self.params)


def engine_matches(explanation: Mapping[str, Any]) -> list[tuple[int, int | None]] | None:
    """The engine's pairing of the round as (White's TPN, Black's TPN or None for the PAB), from its explanation
    (``Explanation.to_dict``); None when the explanation does not hold it."""
    colours = explanation.get("colours")
    if not isinstance(colours, list):
        return None
    out: list[tuple[int, int | None]] = []
    for c in colours:
        first, other, white = int(c["first_team_tpn"]), int(c["other_tpn"]), int(c["white_tpn"])
        out.append((white, other if white == first else first))
    pab = explanation.get("pab")
    if isinstance(pab, dict):
        out.append((int(pab["tpn"]), None))
    return out


@dataclass(frozen=True)
class _Quality:
    upfloaters: int  # [C4]
    differences: tuple[Fraction, ...]  # [C5], largest first
    unmet: int  # [C8]
    strong_unmet: int  # [C9]


def _met(s: Snapshot, rules: Rules) -> dict[int, set[int]]:
    by_id = {t.id: t.tpn for t in s.teams}
    met: dict[int, set[int]] = {t.tpn: set() for t in s.teams}
    for t in s.teams:
        for o in t.opponents:
            if o in by_id:
                met[t.tpn].add(by_id[o])
                met[by_id[o]].add(t.tpn)
    for a, b in rules.pairing.forbidden_pairs:
        if a in met and b in met:
            met[a].add(b)
            met[b].add(a)
    return met


def _quality(matches: Sequence[tuple[int, int | None]], by_tpn: Mapping[int, TeamState],
             pref: Mapping[int, Preference]) -> _Quality:
    ups, diffs, unmet, strong = 0, [], 0, 0
    for white, black in matches:
        if black is None:
            continue
        a, b = by_tpn[white], by_tpn[black]
        if a.score != b.score:
            ups += 1
            diffs.append(abs(a.score - b.score))
        for tpn, colour in ((white, "W"), (black, "B")):
            p = pref.get(tpn, NO_PREFERENCE)
            if p.colour and p.colour != colour:
                unmet += 1
                strong += p.strong
    return _Quality(ups, tuple(sorted(diffs, reverse=True)), unmet, strong)


def hand_pairing_breaches(s: Snapshot, rules: Rules, matches: Sequence[tuple[int, int | None]],
                          engine: Sequence[tuple[int, int | None]] | None) -> tuple[Breach, ...]:
    """The criteria the pairing ``matches`` (team ids: White on board 1, Black or None for the PAB) breaks;
    ``engine`` is the engine's pairing of the round in TPNs (:func:`engine_matches`), for the counted criteria."""
    p = rules.pairing
    by_id = {t.id: t for t in s.teams}
    by_tpn = {t.tpn: t for t in s.teams}
    last_round = s.round >= s.total_rounds
    pref = {t.tpn: preference(t, p.colour_pref_type, last_round, p.type_b_last_round_cd0_l2) for t in s.teams}
    met = _met(s, rules)
    known = [(w, b) for w, b in matches if w in by_id and (b is None or b in by_id)]
    tpns = [(by_id[w].tpn, by_id[b].tpn if b is not None else None) for w, b in known]
    out: list[Breach] = []
    for (w, b), (tw, tb) in zip(known, tpns, strict=True):
        if b is None:
            if by_id[w].pab_barred:
                out.append(Breach("C2", "C.04.6 2.1.2", (w,), "the PAB goes to TPN {tpn}, which already had a PAB "
                                  "or won a match by forfeit", {"tpn": tw}))
            continue
        assert tb is not None
        if tb in met[tw]:
            out.append(Breach("C1", "C.04.6 2.1.1", (w, b), "TPN {a} and TPN {b} have met already or may not meet",
                              {"a": tw, "b": tb}))
        white, _, rule, _ = allocate(by_tpn[tw], by_tpn[tb], pref[tw], pref[tb], type_b=p.colour_pref_type == "B",
                                     use_secondary=p.use_secondary_for_colour, initial_colour=p.initial_colour)
        if white.tpn != tw:
            out.append(Breach("4.3", f"C.04.6 {rule}", (white.id, w if white.id == b else b),
                              "White on board 1 goes to TPN {white} by C.04.6 {rule}, not to TPN {given}",
                              {"white": white.tpn, "rule": rule, "given": tw}))
    if engine is None or any(t not in by_tpn for m in engine for t in m if t is not None):
        return tuple(out)
    mine, theirs = _quality(tpns, by_tpn, pref), _quality(engine, by_tpn, pref)
    if mine.upfloaters > theirs.upfloaters:
        out.append(Breach("C4", "C.04.6 2.3.1", (), "{value} matches between teams of different scores; the "
                          "engine's pairing has {engine}", {"value": mine.upfloaters, "engine": theirs.upfloaters},
                          mine.upfloaters, theirs.upfloaters))
    elif mine.upfloaters == theirs.upfloaters and mine.differences > theirs.differences:
        out.append(Breach("C5", "C.04.6 2.3.2", (), "larger score differences in the matches of upfloaters than "
                          "in the engine's pairing"))
    if mine.unmet > theirs.unmet:
        out.append(Breach("C8", "C.04.6 2.3.5", (), "{value} teams do not get their colour preference; in the "
                          "engine's pairing {engine}", {"value": mine.unmet, "engine": theirs.unmet},
                          mine.unmet, theirs.unmet))
    if p.colour_pref_type == "B" and mine.strong_unmet > theirs.strong_unmet:
        out.append(Breach("C9", "C.04.6 2.3.6", (), "{value} teams do not get their strong colour preference; in "
                          "the engine's pairing {engine}", {"value": mine.strong_unmet,
                                                            "engine": theirs.strong_unmet},
                          mine.strong_unmet, theirs.strong_unmet))
    return tuple(out)
