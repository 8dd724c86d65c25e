"""C.07 team tie-breaks, keyed by their C.07 / TRF-2026 code (R-8).

A code is ``NAME[:MP|:GP][/Cn][/Mn][/P]`` as in TRF-2026 records 202/212 (MTB26
grammar, read by :mod:`app.services.tiebreak_codes`). Known names:

==============  =============================================================  ==========
code            meaning                                                        kind
==============  =============================================================  ==========
``MPTS``        match points (C.07 11.1.1) [Swiss-Manager 13]                  value
``GPTS``        game points (11.1.2) [SM 1]                                    value
``MPVGP``       the secondary score (13.1): GP when MP is primary              value
``DE``          direct encounter, C.07 Art. 6 with 6.3 (partial groups)        group
``DE-ALLMET``   direct encounter only when all tied teams met (R-8 b, SM 14)   group
``EDE``         extended DE (13.3.1): DE on MP, then on GP                     group
``EDET``        EDE, then TBR / BBE / BC+TBR / BC+BBE (13.3.2) for two teams   group
``EDEB``        tied on MP and GP, on the boards of their own meeting(s)
``EDEBT``
``EDEBB``
``EMMSB``       opp. total MP x MP scored (13.2.1)                             value
``EMGSB``       opp. total MP x GP scored (13.2.2), "Olympiad SB" [SM 74]      value
``EGMSB``       opp. total GP x MP scored (13.2.3)                             value
``EGGSB``       opp. total GP x GP scored (13.2.4)                             value
``BH:MP``       Buchholz on MP (8.1, 13); ``BH`` = on the primary score        value
``BH:GP``       Buchholz on GP                                                 value
``BC``          board count (12.1), lower is better, only among equal GP       value
``TBR``         top board results (12.2) [SM 89]                               group
``BBE``         bottom board elimination (12.3)                                group
==============  =============================================================  ==========

Modifiers: ``/Cn`` cuts the n least significant values (14.1, 14.2; 16.5 for VURs),
``/Mn`` the n least and n most (14.3, 14.4), for BH and the ESB family; ``/P`` counts
forfeited matches as meetings in DE/EDE (6.1.1) and as played matches against the scheduled
opponent in BH/ESB (no dummy, as C.07 15.2); ``:MP``/``:GP`` pick DE's or BH's reference
score (Art. 13; default the primary score ``t.rules.pairing.primary_score``).

A *value* tie-break gives every team a number (higher is better, except BC). A *group*
tie-break orders a group of teams still tied (C.07 4.3 type A, or 12.2/12.3 which compare
board by board); its reported value is the team's position inside the group of teams
that were tied when it was applied (1 = first; 1 also for a team not tied at that point);
its ``explain`` gives what decided inside that group: the points scored in the encounters among
the group (DE, EDE), or the board points compared where the team parted from the others (TBR, BBE).
Unplayed rounds follow C.07 Art. 16 in the text of ``t.rules.c07_text()``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from app.services.errors import InvalidInput
from app.services.tiebreak_codes import EDE_KNOCKOUTS, ESB_SCORES, TIEBREAK_NAMES, parse_code, split_codes
from app.services.tiebreaks import boards as _boards
from app.services.tiebreaks import direct as _direct
from app.services.tiebreaks import sums as _sums
from app.services.tiebreaks.context import Context, RoundEntry, build_context
from app.services.tournament import Tournament

__all__ = [
    "TIEBREAK_NAMES",
    "Context",
    "RoundEntry",
    "Tiebreak",
    "build_context",
    "get_tiebreak",
    "parse_tiebreaks",
    "tiebreak_values",
]

ValuesFn = Callable[[Context], dict[int, Fraction]]
GroupFn = Callable[[Context, list[int]], list[list[int]]]
#: (ctx, group still tied) -> team -> (the decisive value inside the group, the board it was read on)
ExplainFn = Callable[[Context, list[int]], dict[int, tuple[Fraction | None, int | None]]]


@dataclass(frozen=True)
class Tiebreak:
    """One parsed tie-break. Exactly one of ``values`` / ``group`` decides the order;
    ``values`` may also be given for a group tie-break that reports a number (BC)."""

    code: str
    name: str
    values: ValuesFn | None = None
    group: Callable[[Context, list[int], dict[int, Fraction] | None], list[list[int]]] | None = None
    lower_is_better: bool = False
    explain: ExplainFn | None = None  # group tie-breaks: what decided inside the tied group

    @property
    def is_group(self) -> bool:
        return self.group is not None

    def order(self, ctx: Context, group: list[int], values: dict[int, Fraction] | None) -> list[list[int]]:
        """Split ``group`` (teams tied so far) into ordered subgroups."""
        if self.group is not None:
            return self.group(ctx, group, values)
        assert values is not None
        # compared as integers over the group's common denominator: the order of the fractions
        den = math.lcm(*{values[x].denominator for x in group})
        sign = 1 if self.lower_is_better else -1
        key = {x: sign * values[x].numerator * (den // values[x].denominator) for x in group}
        ordered = sorted(group, key=key.__getitem__)
        out: list[list[int]] = []
        for tid in ordered:
            if out and key[out[-1][0]] == key[tid]:
                out[-1].append(tid)
            else:
                out.append([tid])
        return out


def get_tiebreak(code: str, primary: str = "MP") -> Tiebreak:
    """Parse one C.07 / TRF-2026 tie-break code; unknown codes raise ``InvalidInput`` (R-8)."""
    parsed = parse_code(code)
    canon, name, score = parsed.code, parsed.name, parsed.score
    low, high, forfeits = parsed.low, parsed.high, parsed.forfeits
    kind = score or primary

    if name == "MPTS":
        return Tiebreak(canon, name, values=lambda ctx: dict(ctx.mp))
    if name == "GPTS":
        return Tiebreak(canon, name, values=lambda ctx: dict(ctx.gp))
    if name == "MPVGP":
        return Tiebreak(canon, name, values=lambda ctx: dict(ctx.gp if primary == "MP" else ctx.mp))
    if name in ("DE", "DE-ALLMET"):
        allmet = name == "DE-ALLMET"

        def de(ctx: Context, group: list[int], _v: dict[int, Fraction] | None) -> list[list[int]]:
            return _direct.direct_encounter(ctx, group, kind=kind, all_met_only=allmet,
                                            include_forfeits=forfeits)

        def de_explain(ctx: Context, group: list[int]) -> dict[int, tuple[Fraction | None, int | None]]:
            return _direct.encounter_scores(ctx, group, kind=kind, all_met_only=allmet, include_forfeits=forfeits)

        return Tiebreak(canon, name, group=de, explain=de_explain)
    if name in EDE_KNOCKOUTS:
        chain = EDE_KNOCKOUTS[name]

        def ede(ctx: Context, group: list[int], _v: dict[int, Fraction] | None) -> list[list[int]]:
            return _direct.extended_direct_encounter(ctx, group, primary=primary, include_forfeits=forfeits,
                                                     knockout=chain)

        def ede_explain(ctx: Context, group: list[int]) -> dict[int, tuple[Fraction | None, int | None]]:
            return _direct.encounter_scores(ctx, group, kind=primary, all_met_only=False, include_forfeits=forfeits)

        return Tiebreak(canon, name, group=ede, explain=ede_explain)
    if name in ESB_SCORES:
        opp_kind, own_kind = ESB_SCORES[name]
        return Tiebreak(canon, name,
                        values=lambda ctx: _sums.extended_sb(ctx, opp_kind, own_kind, low, high, forfeits))
    if name == "BH":
        return Tiebreak(canon, name, values=lambda ctx: _sums.buchholz(ctx, kind, low, high, forfeits))
    if name == "BC":
        return Tiebreak(canon, name, values=_boards.board_count, group=_boards.board_count_split,
                        lower_is_better=True)
    if name == "TBR":
        return Tiebreak(canon, name, group=lambda ctx, g, _v: _boards.top_board_results(ctx, g),
                        explain=_boards.explain_top_board_results)
    assert name == "BBE"
    return Tiebreak(canon, name, group=lambda ctx, g, _v: _boards.bottom_board_elimination(ctx, g),
                    explain=_boards.explain_bottom_board_elimination)


def parse_tiebreaks(codes: str | tuple[str, ...] | list[str], primary: str = "MP") -> tuple[Tiebreak, ...]:
    """Parse a list of codes (a sequence, or one string separated by spaces or commas)."""
    return tuple(get_tiebreak(c, primary) for c in split_codes(codes))


def tiebreak_values(t: Tournament, code: str, after_round: int | None = None) -> dict[int, Fraction]:
    """Team id -> value of a *value* tie-break (not DE/TBR/BBE, which order groups)."""
    tb = get_tiebreak(code, t.rules.pairing.primary_score)
    if tb.values is None:
        raise InvalidInput("R-8", "{code} orders a group of tied teams and has no value per team",
                           params={"code": tb.code})
    return tb.values(build_context(t, after_round))
