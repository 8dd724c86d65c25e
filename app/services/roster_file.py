"""A roster file (a spreadsheet of a club's children) read into players, line by line (pure).

The organiser's or manager's spreadsheet has one player a line under a header line, its columns named in Greek or
English in any order (:data:`COLUMNS`); unknown columns are ignored. Each line becomes either the fields of a
player or a refusal naming what is wrong with it; :func:`match` then says whether a line is a player of the club
already (same FIDE id, or the same name and birth date) or a new one. Nothing here touches the database: the
operation validates the fields as the API would, creates the new players and sets the roster (R-3.1, R-3.3).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime

from app.services.elot743 import fold
from app.services.errors import DomainError, InvalidInput

#: At most this many players a file: a club's roster file, not a federation's rating list.
MAX_LINES = 500
#: A cell longer than this is refused before anything else is done with it.
MAX_CELL = 300

#: The header of a column (folded: lower case, no accents, Greek in Latin letters per ELOT 743) -> the field.
COLUMNS: dict[str, str] = {}
for _field, _names in {
    "last_name": ("last_name", "last name", "surname", "family name", "επώνυμο"),
    "first_name": ("first_name", "first name", "given name", "όνομα"),
    "name": ("name", "player", "ονοματεπώνυμο", "παίκτης", "παίκτρια"),
    "sex": ("sex", "gender", "φύλο"),
    "birth_date": ("birth_date", "birth date", "date of birth", "born", "dob", "ημερομηνία γέννησης", "γέννηση"),
    "fide_id": ("fide_id", "fide id", "κωδικός fide", "fide κωδικός"),
    "fide_rating": ("fide_rating", "fide rating", "rating fide", "elo fide", "elo", "ελο fide"),
    "national_id": ("national_id", "national id", "κωδικός εσο", "αμ εσο", "αριθμός μητρώου εσο"),
    "national_rating": ("national_rating", "national rating", "rating εσο", "ελο εσο", "εθνικό rating",
                        "εθνική βαθμολογία"),
    "federation": ("federation", "fed", "ομοσπονδία"),
    "activation_fee_paid": ("activation_fee_paid", "activation fee paid", "activation fee", "ενεργοποίηση"),
    "email": ("email", "e-mail"),
    "phone": ("phone", "telephone", "τηλέφωνο"),
}.items():
    for _name in _names:
        COLUMNS[re.sub(r"[\s_.]+", " ", fold(_name)).strip()] = _field

_SEX = {"m": "m", "b": "m", "boy": "m", "male": "m", "a": "m", "agori": "m", "arren": "m",
        "w": "w", "f": "w", "g": "w", "girl": "w", "female": "w", "k": "w", "th": "w", "koritsi": "w",
        "thily": "w"}
_YES = {"yes", "y", "1", "true", "x", "nai", "n"}
_NO = {"no", "0", "false", "ochi", "o", ""}
_DATE = re.compile(r"^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$")


@dataclass(frozen=True)
class SheetLine:
    """One line of the file: the player's fields, or the refusal that says what is wrong with it."""

    line: int  # 1-based, the header being line 1
    fields: Mapping[str, object] = field(default_factory=dict)
    error: DomainError | None = None


@dataclass(frozen=True)
class Known:
    """A player of the club already registered (what matching needs)."""

    id: int
    last_name: str
    first_name: str
    birth_date: date | None
    fide_id: int | None


@dataclass(frozen=True)
class Sheet:
    lines: tuple[SheetLine, ...]
    ignored_columns: tuple[str, ...]


def _key(header: object) -> str:
    return re.sub(r"[\s_.]+", " ", fold(str(header or ""))).strip()


def read_sheet(rows: Sequence[Sequence[object]]) -> Sheet:
    """The lines of a table whose first non-empty row is the header; empty rows are skipped."""
    rows = [r for r in rows if any(str(c if c is not None else "").strip() for c in r)]
    if not rows:
        raise InvalidInput("R-3.1", "the file has no lines: a header line and one line a player are needed")
    header, body = rows[0], rows[1:]
    if len(body) > MAX_LINES:
        raise InvalidInput("R-3.1", "the file has {n} lines; at most {max} players a file",
                           params={"n": len(body), "max": MAX_LINES})
    cols: dict[int, str] = {}
    ignored = []
    for i, h in enumerate(header):
        name = COLUMNS.get(_key(h))
        if name and name not in cols.values():
            cols[i] = name
        elif str(h or "").strip():
            ignored.append(str(h).strip()[:MAX_CELL])
    if "last_name" not in cols.values() and "name" not in cols.values():
        raise InvalidInput("R-3.1", "the header line names no column of last names (Last name or Επώνυμο)")
    return Sheet(tuple(_line(n, row, cols) for n, row in enumerate(body, start=2)), tuple(ignored))


def _line(n: int, row: Sequence[object], cols: Mapping[int, str]) -> SheetLine:
    raw = {name: row[i] if i < len(row) else None for i, name in cols.items()}
    try:
        return SheetLine(n, _fields(raw))
    except DomainError as exc:
        return SheetLine(n, {k: str(v) for k, v in raw.items() if v not in (None, "")}, exc)


def _text(value: object) -> str:
    text = "" if value is None else str(value).strip()
    if len(text) > MAX_CELL:
        raise InvalidInput(None, "a cell of {n} characters; at most {max}", params={"n": len(text), "max": MAX_CELL})
    return text


def _fields(raw: Mapping[str, object]) -> dict[str, object]:
    out: dict[str, object] = {}
    for name, value in raw.items():
        text = _text(value)
        if name == "name":
            if text:
                last, comma, first = text.partition(",")
                if not comma:
                    raise InvalidInput("R-3.1", "write the name as “Last name, First name”: {name}",
                                       params={"name": text})
                out.setdefault("last_name", last.strip())
                out.setdefault("first_name", first.strip())
        elif name == "sex":
            if text:
                sex = _SEX.get(fold(text).lower().rstrip("."))
                if sex is None:
                    raise InvalidInput("R-3.2", "the sex {value} is neither a boy (M, Α) nor a girl (W, F, Κ)",
                                       params={"value": text})
                out["sex"] = sex
        elif name == "birth_date":
            if isinstance(value, datetime):
                out["birth_date"] = value.date()
            elif isinstance(value, date):
                out["birth_date"] = value
            elif text:
                out["birth_date"] = _date(text)
        elif name in ("fide_id", "fide_rating", "national_id", "national_rating"):
            if text:
                number = text[:-2] if text.endswith(".0") else text  # a number cell read as 1500.0
                if not number.isdigit():
                    raise InvalidInput("R-4.1", "{value} is not a whole number ({column})",
                                       params={"value": text, "column": name})
                out[name] = int(number)
        elif name == "activation_fee_paid":
            folded = fold(text).lower()
            if folded not in _YES | _NO:
                raise InvalidInput("R-2.3", "write yes or no for the activation fee, not {value}",
                                   params={"value": text})
            out[name] = folded in _YES
        elif name == "federation":
            if text:
                out[name] = text.upper()
        elif text or name in ("last_name", "first_name"):
            out[name] = text
    if not out.get("last_name"):
        raise InvalidInput("R-3.1", "the line has no last name")
    return out


def _date(text: str) -> date:
    """A birth date as Greek and English spreadsheets write it: 2014-03-09, 09/03/2014, 9.3.2014 (day first)."""
    try:
        if m := _DATE.match(text):
            return date(int(m[3]), int(m[2]), int(m[1]))
        return date.fromisoformat(text[:10])
    except ValueError:
        raise InvalidInput("R-3.1", "{value} is not a date (write 2014-03-09 or 09/03/2014)",
                           params={"value": text}) from None


def same_name(a_last: str, a_first: str, b_last: str, b_first: str) -> bool:
    """The same name in Greek or Latin letters, accents and case aside (ELOT 743)."""
    return fold(a_last) == fold(b_last) and fold(a_first) == fold(b_first)


def match(fields: Mapping[str, object], known: Sequence[Known]) -> Known | None:
    """The club's player a line names: the same FIDE id, else the same name with no other birth date or FIDE
    id on record."""
    fide_id = fields.get("fide_id")
    if fide_id is not None:
        hit = next((k for k in known if k.fide_id == fide_id), None)
        if hit is not None:
            return hit
    born = fields.get("birth_date")
    last, first = str(fields.get("last_name", "")), str(fields.get("first_name", ""))
    for k in known:
        if not same_name(k.last_name, k.first_name, last, first):
            continue
        if born is not None and k.birth_date is not None and born != k.birth_date:
            continue
        if fide_id is not None and k.fide_id is not None:
            continue
        return k
    return None
