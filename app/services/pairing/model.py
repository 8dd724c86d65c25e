"""What the engine returns: matches in board order and an explanation an arbiter can read."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any

from app.services.errors import NoLegalPairing, Text

__all__ = [
    "PairedMatch", "Pairing", "Explanation", "PabNote", "BracketNote", "ColourNote",
    "PairingBudgetExceeded",
]


class PairingBudgetExceeded(NoLegalPairing):
    """The upfloater-set search of C.04.6 3.5 passed its safety budget (a bound of ours: C.04.6 sets none).

    A subclass of ``NoLegalPairing`` so that callers handling 3.3.3 ("the Chief Arbiter
    decides") handle it too; its ``type_slug`` tells the two apart.
    """

    type_slug = "pairing-budget-exceeded"
    title = "The pairing search was too large"


@dataclass(frozen=True)
class PairedMatch:
    """One match: ``first`` has White on board 1 (C.04.6 1.6.1); ``second`` None = PAB."""

    table: int
    first: int
    second: int | None

    def teams(self) -> tuple[int, ...]:
        return (self.first,) if self.second is None else (self.first, self.second)


def _fmt(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _tpns(tpns: tuple[int, ...]) -> str:
    return " ".join(map(str, tpns))


def _jsonable(value: Any) -> Any:
    if isinstance(value, Fraction):
        return _fmt(value)
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


@dataclass(frozen=True)
class PabNote:
    """C.04.6 3.4: who got the PAB and why."""

    team: int
    tpn: int
    score: Fraction
    matches_played: int
    barred: tuple[int, ...] = ()  # TPNs excluded by [C2]
    rejected: tuple[int, ...] = ()  # TPNs tried first whose removal left no legal pairing (3.4.1)


@dataclass(frozen=True)
class BracketNote:
    """C.04.6 3.5 / 3.6: one bracket, the chosen upfloaters and the criteria values."""

    score: Fraction
    residents: tuple[int, ...]  # TPNs
    upfloaters: tuple[tuple[int, Fraction], ...]  # (TPN, score), in 3.5.3 order
    sets_examined: int
    sets_illegal: int  # sets without a legal pairing of the bracket or of the rest ([C1], [C3])
    sets_c6_failed: int  # legal sets that did not comply with [C6]
    c4: int  # number of upfloaters
    c5: tuple[Fraction, ...]  # upfloater scores, ascending
    c6_ok: bool
    c7: int
    c8: int
    c9: int
    c10: int
    identifier: tuple[int, ...]  # 3.6.2
    pairs: tuple[tuple[int, int], ...]  # (top TPN, bottom TPN)


@dataclass(frozen=True)
class ColourNote:
    """C.04.6 4.2 / 4.3: the first-team, who got White on board 1, and by which rule."""

    first_team_tpn: int
    other_tpn: int
    white_tpn: int
    rule: str


@dataclass(frozen=True)
class Explanation:
    """Why the pairing is what it is (C.04.2 1.4: a pairing an arbiter can verify)."""

    round: int
    teams: int
    last_two_rounds: bool
    settings: dict[str, Any] = field(default_factory=dict)
    not_paired: tuple[int, ...] = ()  # TPNs of teams not paired this round (absent, withdrawn, ...)
    pab: PabNote | None = None
    brackets: tuple[BracketNote, ...] = ()
    colours: tuple[ColourNote, ...] = ()

    def lines(self) -> list[str]:
        """The explanation in English lines (the command line; the API says :meth:`texts` in its reader's
        language)."""
        return [str(x) for x in self.texts()]

    def texts(self) -> list[Text]:
        """The explanation line by line, each a phrase to translate (its values apart)."""
        out = [
            Text("Round {round}: {teams} teams, FIDE C.04.6 (2026){last}",
                 {"round": self.round, "teams": self.teams,
                  "last": Text(", last two rounds: [C7] and [C10] off") if self.last_two_rounds else ""}),
            Text("Settings: {settings}", {"settings": ", ".join(f"{k}={v}" for k, v in self.settings.items())}),
        ]
        if self.not_paired:
            out.append(Text("Not paired (absent or withdrawn): TPN {tpns}", {"tpns": _tpns(self.not_paired)}))
        if self.pab is None:
            out.append(Text("PAB: none (even number of teams)"))
        else:
            p = self.pab
            out.append(Text("PAB (3.4): TPN {tpn} (score {score}, {played} matches played, TPN {tpn}); the lowest "
                            "score, then most matches, then largest TPN",
                            {"tpn": p.tpn, "score": _fmt(p.score), "played": p.matches_played}))
            if p.barred:
                out.append(Text("  excluded by [C2] (already had a PAB or a forfeit win): {tpns}",
                                {"tpns": _tpns(p.barred)}))
            if p.rejected:
                out.append(Text("  tried first, no legal pairing of the rest (3.4.1): {tpns}",
                                {"tpns": _tpns(p.rejected)}))
        for i, b in enumerate(self.brackets, 1):
            ups = " ".join(f"{t}({_fmt(s)})" for t, s in b.upfloaters)
            out.append(Text("Bracket {i} (score {score}): residents {residents}; upfloaters {upfloaters}",
                            {"i": i, "score": _fmt(b.score), "residents": _tpns(b.residents),
                             "upfloaters": ups or Text("none")}))
            out.append(Text("  3.5: [C4] {c4} upfloaters, [C5] scores {c5}, [C6] {c6}, [C7] {c7}; {examined} set(s) "
                            "examined, {illegal} without a legal pairing, {c6_failed} failing [C6]",
                            {"c4": b.c4, "c5": str([_fmt(s) for s in b.c5]),
                             "c6": Text("complied") if b.c6_ok else Text("not complied"), "c7": b.c7,
                             "examined": b.sets_examined, "illegal": b.sets_illegal,
                             "c6_failed": b.sets_c6_failed}))
            out.append(Text("  3.6: [C8] {c8}, [C9] {c9}, [C10] {c10}; identifier {identifier}",
                            {"c8": b.c8, "c9": b.c9, "c10": b.c10, "identifier": _tpns(b.identifier)}))
            out.append(Text("  pairs: {pairs}", {"pairs": ", ".join(f"{a}-{c}" for a, c in b.pairs)}))
        for c in self.colours:
            out.append(Text("Colours {first}-{other}: White on board 1 to TPN {white} ({rule})",
                            {"first": c.first_team_tpn, "other": c.other_tpn, "white": c.white_tpn, "rule": c.rule}))
        return out

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = _jsonable(asdict(self))  # a dict stays a dict
        return out


@dataclass(frozen=True)
class Pairing:
    """A round's pairing: matches in board order (C.04.2 3.6), the PAB last."""

    round: int
    matches: tuple[PairedMatch, ...]
    explanation: Explanation

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "matches": [asdict(m) for m in self.matches],
            "explanation": self.explanation.to_dict(),
        }
