"""Shared pieces of the TRF codec: column helpers, number formats and the record-192 codes.

Columns in the FIDE texts are 1-based *characters* (TRF-2026 Remark 1);
the helpers here take those 1-based column numbers so the code reads like the spec tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from app.services.errors import FileFormatError, InvalidInput
from app.services.rules import PairingSettings, Rules, exact_number
from app.services.text import MAX_TEXT, one_line

#: 001 round block: round r starts at column 92 + 10 (r - 1) (record 001 of TRF16 and TRF-2026).
ROUND_COL = 92
ROUND_WIDTH = 10
#: 310 team record: first player at columns 74-77, every further one 5 columns later (TRF-2026).
TEAM310_FIRST = 74
#: 013 team record: first player at columns 37-40, every further one 5 columns later (TRF16).
TEAM013_FIRST = 37

#: 001 result codes (TRF16 and TRF-2026), upper-cased.
RESULT_LETTERS = set("+-WDL1=0HFUZ")

# --- what a file may hold ----------------------------------------------------------------------
# Every number, count and size that makes work is bounded as its record is read (a refusal names the line),
# so that reading a file takes memory and time in proportion to its size, never to a number it states.
# README.md lists these bounds.

# Rounds (142, XXR, 001 round blocks, 132, 320, 330, 300) and boards (352, 300) have the bounds of the rules:
# ``MAX_ROUNDS`` and ``MAX_BOARDS`` of :mod:`app.services.rules`.

#: teams: a team pairing number has three columns (310 cols 5-7, 330, 300, 320)
MAX_TEAMS = 999
#: players: a starting rank has four columns (001 cols 5-8)
MAX_PLAYERS = 9999
#: players named by one team record (310, 013); the API's roster holds as many
MAX_ROSTER = 100
#: round blocks of the 001 records in all: what sizes the games an import stores. An Olympiad's file has about
#: 9,000 (197 teams, 4 boards, 11 rounds); the bounds above alone would allow 300,000, minutes of work and
#: gigabytes for one 4 MB file, where 50,000 take an import some 250 MB and less than half a minute
MAX_ROUND_BLOCKS = 50_000
#: deputy arbiters (112), as the API's tournament holds
MAX_DEPUTIES = 20
# The characters of a header text (012 name, 022 city, 102 chief arbiter, 122 time control, 192 type ...) are
# bounded by MAX_TEXT of app.services.text, the tie-breaks of 202 and 212 by MAX_TIEBREAKS of app.services.rules.
#: characters in one tie-break code (``EMGSB/C1/P``)
MAX_TIEBREAK_CODE = 20
#: team pairs that must not meet (260)
MAX_FORBIDDEN_PAIRS = 10_000
#: warnings kept of a sloppy file: the rest is counted ("... and 3,499,900 more warnings")
MAX_WARNINGS = 100
#: bytes of a file the file commands read (the server bounds an upload by ``max_upload_bytes``)
MAX_FILE_BYTES = 20 * 1024 * 1024


def shown(text: str, limit: int = 24) -> str:
    """``text`` as a refusal quotes it: ``repr``, cut to ``limit`` characters (a file may hold megabytes)."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


@dataclass(frozen=True)
class TrfWarning:
    """Something a lenient reader skipped or guessed (a ruler line, an unknown record ...)."""

    line: int
    message: str
    #: ``"pab"`` when the reader read a round of a TRF16 file as a team's pairing-allocated bye
    #: (the file cannot say so; ``round`` and ``team``, its pairing number, name it)
    kind: str = "note"
    round: int | None = None
    team: int | None = None

    def __str__(self) -> str:
        return self.message if self.kind == "more" else f"line {self.line}: {self.message}"


def more_warnings(count: int, line: int) -> TrfWarning:
    """The warning that stands for ``count`` warnings past ``MAX_WARNINGS`` (kind ``"more"``)."""
    return TrfWarning(line, f"... and {count:,} more warnings", kind="more")


def cols(line: str, first: int, last: int) -> str:
    """Columns ``first``..``last`` (1-based, inclusive) of ``line``; short lines pad with blanks."""
    return line[first - 1 : last].ljust(last - first + 1)


def parse_int(text: str, lineno: int, what: str, *, blank: int | None = 0,
              bounds: tuple[int, int] | None = None) -> int:
    """An integer field; blank gives ``blank`` (or a FileFormatError if ``blank`` is None).

    ``bounds`` (low, high): a number outside them is refused, before a number of any length is converted."""
    s = text.strip()
    if not s:
        if blank is None:
            raise FileFormatError(lineno, "{what} is missing",
                                  params={"what": what})
        return blank
    if not (s.isascii() and s.isdigit()):  # "²" is a digit to isdigit, not to int
        raise FileFormatError(lineno, "{what} must be a number, not {shown}",
                              params={"what": what, "shown": shown(s)})
    if bounds is not None:
        low, high = bounds
        if len(s.lstrip("0")) > len(str(high)) or not low <= int(s) <= high:
            raise FileFormatError(lineno, "{what} must be between {low} and {high}, not {shown}",
                                  params={"what": what, "low": low, "high": high, "shown": shown(s)})
    return int(s)


def parse_points(text: str, lineno: int, what: str) -> Fraction:
    """A points field such as ``11.5``, ``2``, ``-1.0`` or ``2,5`` (blank = 0)."""
    s = text.strip().replace(",", ".")
    if not s:
        return Fraction(0)
    try:
        return exact_number(s)
    except ValueError:
        raise FileFormatError(lineno, "{what} must be a number such as 11.5, not {shown}",
                              params={"what": what, "shown": shown(s)}) from None


def fmt_points(value: Fraction, width: int = 4, what: str = "points") -> str:
    """``value`` as TRF writes points (``11.5``, ``2.0``), right-aligned in ``width`` columns."""
    v = Fraction(value)
    text = f"{float(v):.1f}" if v.denominator in (1, 2) else f"{float(v):.2f}"
    return _fit(text, width, what)


def fmt_int(value: int | None, width: int, what: str = "a number") -> str:
    """A right-aligned number, blanks for None."""
    return " " * width if value is None else _fit(str(value), width, what)


def _fit(text: str, width: int, what: str) -> str:
    """``text`` right-aligned in its ``width`` columns; wider, it would push every later field out of its
    columns (a reader would take the rest of the record for other fields), so the file is not written."""
    if len(text) > width:
        raise InvalidInput("C.04 Annex 2", "{what} {text} does not fit in the {width} columns the TRF file has for "
                           "it",
                           params={"what": what, "text": text, "width": width})
    return text.rjust(width)


def fmt_text(text: str, width: int | None = None) -> str:
    """A text field: on one line (a line break would start a new record), cut to its ``width`` columns and
    left-aligned in them; without ``width``, a header text of at most ``MAX_TEXT`` characters."""
    text = one_line(text).strip()
    return text[:MAX_TEXT] if width is None else text[:width].ljust(width)


# --- record 192: the encoded tournament type (TRF-2026) ------------------------------------------


def type_code(p: PairingSettings) -> str:
    """The record-192 code for C.04.6 settings, e.g. ``FIDE_TEAM_TYPEA_MP_GP`` (C.04.6 1.2, 1.7)."""
    colour = {"A": "_TYPEA", "B": "_TYPEB", "none": ""}[p.colour_pref_type]
    primary = p.primary_score
    secondary = "GP" if primary == "MP" else "MP"
    scores = f"_{primary}_{secondary}" if p.use_secondary_for_colour else f"_{primary}"
    return f"FIDE_TEAM{colour}{scores}"


#: record-192 codes of a team round robin (TRF-2026's code table), by the number of cycles
ROUND_ROBIN_CODES = {1: "FIDE_TEAM_ROUNDROBIN", 2: "FIDE_TEAM_DOUBLEROUNDROBIN"}


def system_code(rules: Rules) -> str:
    """The record-192 code of the tournament's system (R-4.3): a team round robin's, or the Swiss's settings."""
    if rules.round_robin:
        return ROUND_ROBIN_CODES[rules.cycles]
    return type_code(rules.pairing)


def round_robin_cycles(code: str) -> int | None:
    """The cycles of a team round robin's record-192 code (the FIDE, Berger and custom spellings, a ``_G2``
    suffix for two cycles), or None when the code is no team round robin's."""
    c = code.strip().upper()
    if "_TEAM_" not in f"_{c}_" or "ROUNDROBIN" not in c:
        return None
    return 2 if "DOUBLEROUNDROBIN" in c or c.endswith("_G2") else 1


def parse_type_code(code: str) -> dict[str, object] | None:
    """Pairing settings named by a record-192 team code, or None if it is not a team Swiss code.

    ``FIDE_TEAM`` / ``FIDE_TEAM_BAKU`` alone mean Type A, MP primary, GP secondary (the C.04.6
    defaults). The ``_BAKU`` suffix names an acceleration and does not change these settings.
    Only ``FIDE_TEAM_MP...`` / ``FIDE_TEAM_GP...`` (scores and no TYPE) mean no colour
    preferences; a code with a word we do not know (``FIDE_TEAM_TYPEZ_XX``, see
    :func:`unknown_type_words`) falls back to Type A, the C.04.6 1.7 default, as FIDE's
    reference does.
    """
    c = code.strip().upper()
    if not c.startswith("FIDE_TEAM") or "ROUNDROBIN" in c:
        return None
    parts = [x for x in c[len("FIDE_TEAM") :].split("_") if x and x != "BAKU"]
    out: dict[str, object] = {}
    if "TYPEB" in parts:
        out["colour_pref_type"] = "B"
    elif "TYPEA" in parts or not parts or unknown_type_words(code):
        out["colour_pref_type"] = "A"
    else:
        out["colour_pref_type"] = "none"
    scores = [x for x in parts if x in ("MP", "GP")]
    if not scores:
        scores = ["MP", "GP"]
    out["primary_score"] = scores[0]
    out["use_secondary_for_colour"] = len(scores) > 1
    return out


def unknown_type_words(code: str) -> list[str]:
    """The words of a ``FIDE_TEAM...`` record-192 code that are not TYPEA, TYPEB, MP, GP or BAKU."""
    c = code.strip().upper()
    if not c.startswith("FIDE_TEAM"):
        return []
    return [x for x in c[len("FIDE_TEAM") :].split("_") if x and x not in ("TYPEA", "TYPEB", "MP", "GP", "BAKU")]


# --- tiebreak lists (records 202 / 212) --------------------------------------------------------


def tiebreaks_for_file(tiebreaks: tuple[str, ...], primary: str) -> tuple[str, str]:
    """(202 text, 212 text): 212 = ``PTS`` + the 202 list (TRF-2026 1.2).

    Our rules list the primary score first (``MPTS`` or ``GPTS``, R-8); in the file that
    entry is ``PTS`` in 212 and is left out of 202.
    """
    codes = list(tiebreaks)
    primary_code = "MPTS" if primary == "MP" else "GPTS"
    if codes and codes[0] == primary_code:
        codes = codes[1:]
    return ",".join(codes), ",".join(["PTS", *codes])


def tiebreaks_from_file(text: str, primary: str, has_pts: bool) -> tuple[str, ...]:
    """Our tiebreak tuple from a 202 (``has_pts`` False) or 212 list."""
    codes = [c for c in text.replace(",", " ").split() if c]
    primary_code = "MPTS" if primary == "MP" else "GPTS"
    codes = [primary_code if c.upper() == "PTS" else c for c in codes]
    if not has_pts and (not codes or codes[0] != primary_code):
        codes.insert(0, primary_code)
    return tuple(codes)
