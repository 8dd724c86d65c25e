"""The grammar of a tie-break code (R-8): what a tournament's ``tiebreaks`` setting may say.

A code is ``NAME[:MP|:GP][/Cn][/Mn][/P]`` as in TRF-2026 records 202/212 (MTB26 grammar).
This module only reads codes; :mod:`app.services.tiebreaks` computes them. It imports nothing
of the domain but its errors, so the rules can refuse an unknown code (R-8) before anything
is stored without importing the tie-break computations, which read the tournament, which
holds the rules.
"""

from __future__ import annotations

import re

from app.services.errors import InvalidInput, Text

#: name -> description, for help texts
TIEBREAK_NAMES: dict[str, str] = {
    "MPTS": "match points (C.07 11.1.1) [SM 13]",
    "GPTS": "game points (C.07 11.1.2) [SM 1]",
    "MPVGP": "secondary score (C.07 13.1)",
    "DE": "direct encounter (C.07 Art. 6 incl. 6.3)",
    "DE-ALLMET": "direct encounter, only when all tied teams met (R-8 b) [SM 14]",
    "EDE": "extended direct encounter for teams (C.07 13.3.1)",
    "EDET": "EDE, then TBR for two teams tied on MP and GP (C.07 13.3.2)",
    "EDEB": "EDE, then BBE for two teams tied on MP and GP (C.07 13.3.2)",
    "EDEBT": "EDE, then BC and TBR for two teams tied on MP and GP (C.07 13.3.2)",
    "EDEBB": "EDE, then BC and BBE for two teams tied on MP and GP (C.07 13.3.2)",
    "EMMSB": "ESB opp. MP x MP (C.07 13.2.1)",
    "EMGSB": "ESB opp. MP x GP, Olympiad SB (C.07 13.2.2) [SM 74 with /C1]",
    "EGMSB": "ESB opp. GP x MP (C.07 13.2.3)",
    "EGGSB": "ESB opp. GP x GP (C.07 13.2.4)",
    "BH": "Buchholz (C.07 8.1, 13)",
    "BC": "board count, lower is better (C.07 12.1)",
    "TBR": "top board results (C.07 12.2) [SM 89]",
    "BBE": "bottom board elimination (C.07 12.3)",
}

#: the extended Sonneborn-Berger family (C.07 13.2): name -> (opponents' score, own score)
ESB_SCORES: dict[str, tuple[str, str]] = {
    "EMMSB": ("MP", "MP"), "EMGSB": ("MP", "GP"), "EGMSB": ("GP", "MP"), "EGGSB": ("GP", "GP"),
}
#: the extended direct encounters (C.07 13.3): name -> the tie-breaks that then split two teams still tied
EDE_KNOCKOUTS: dict[str, tuple[str, ...]] = {
    "EDE": (), "EDET": ("TBR",), "EDEB": ("BBE",), "EDEBT": ("BC", "TBR"), "EDEBB": ("BC", "BBE"),
}

_CODE_RE = re.compile(r"^(?P<name>[A-Z][A-Z-]*)(?::(?P<score>MP|GP))?(?P<mods>(?:/[A-Z]\d*)*)$")


class TiebreakCode:
    """One tie-break code as read: ``code`` in its canonical spelling, the ``name``, the reference ``score``
    of ``:MP``/``:GP`` (None: the primary score), the ``low`` and ``high`` values cut (``/Cn``, ``/Mn``),
    and whether forfeits count as meetings (``/P``).

    A plain class, not a dataclass: this module is imported with the rules by every file command."""

    __slots__ = ("code", "name", "score", "low", "high", "forfeits")

    def __init__(self, code: str, name: str, score: str | None, low: int, high: int, forfeits: bool) -> None:
        self.code = code
        self.name = name
        self.score = score
        self.low = low
        self.high = high
        self.forfeits = forfeits

    def __repr__(self) -> str:
        return f"TiebreakCode({self.code!r})"


def _bad(code: str, why: Text) -> InvalidInput:
    code = code if len(code) <= 30 else code[:30] + "..."  # a refusal quotes a few characters, not a megabyte
    return InvalidInput("R-8", "unknown tie-break {code!r}: {why}",
                        params={"code": code, "why": why}, tiebreak=code)


def parse_code(code: str) -> TiebreakCode:
    """Read one C.07 / TRF-2026 tie-break code; an unknown one raises ``InvalidInput`` (R-8)."""
    canon = code.strip().upper()
    m = _CODE_RE.match(canon)
    if not m:
        raise _bad(code, Text("expected NAME[:MP|:GP][/Cn|/Mn|/P]"))
    name = m.group("name")
    score = m.group("score")
    mods = [x for x in m.group("mods").split("/") if x]
    low = high = 0
    forfeits = False
    for mod in mods:
        if len(mod) > 3:  # a cut counts results of rounds: two digits at most, never a number of any length
            raise _bad(code, Text("/{kind}n cuts at most 99 results", {"kind": mod[:1]}))
        if mod == "P":
            forfeits = True
        elif mod[0] == "C" and mod[1:].isascii() and mod[1:].isdigit():
            low += int(mod[1:])
        elif mod[0] == "M" and mod[1:].isascii() and mod[1:].isdigit():
            low += int(mod[1:])
            high += int(mod[1:])
        else:
            raise _bad(code, Text("unknown modifier /{mod}", {"mod": mod}))
    cuts = bool(low or high)
    if name not in TIEBREAK_NAMES:
        raise _bad(code, Text("known names: {names}", {"names": ", ".join(TIEBREAK_NAMES)}))
    if cuts and name not in ESB_SCORES and name != "BH":
        raise _bad(code, Text("cut modifiers apply to BH and the ESB family only"))
    if forfeits and not (name.startswith(("DE", "EDE")) or name in ESB_SCORES or name == "BH"):
        raise _bad(code, Text("/P applies to DE, EDE, BH and the ESB family only"))
    if score and name not in ("DE", "DE-ALLMET", "BH"):
        raise _bad(code, Text(":MP/:GP applies to DE and BH only"))
    return TiebreakCode(canon, name, score, low, high, forfeits)


def split_codes(codes: str | tuple[str, ...] | list[str]) -> list[str]:
    """A list of codes: a sequence as it is, or one string separated by spaces, commas or semicolons."""
    if isinstance(codes, str):
        return [c for c in re.split(r"[\s,;]+", codes) if c]
    return list(codes)


def parse_codes(codes: str | tuple[str, ...] | list[str]) -> tuple[TiebreakCode, ...]:
    """Read a list of codes (see :func:`split_codes`); the first unknown one raises ``InvalidInput`` (R-8)."""
    return tuple(parse_code(c) for c in split_codes(codes))
