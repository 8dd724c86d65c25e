"""A tournament's rules: one frozen dataclass of settings, and the presets that fill it.

Every value that the tournament regulations mark "(setting)" is a field here, with the
K12 2025 value in the ``k12-2025`` preset. Scores are ``Fraction``s; times are
timezone-aware datetimes (the tournament's zone is ``time_zone``).
"""

from __future__ import annotations

import dataclasses
import math
import re
from dataclasses import dataclass, field
from datetime import date, datetime
from fractions import Fraction

from app.services.errors import InvalidInput, Text
from app.services.ratings import MAX_SYSTEM_NAME, RATING_SYSTEM_BOUNDS, RatingSystem, national_preset
from app.services.text import MAX_TEXT, ONE_LINE_PATTERN
from app.services.tiebreak_codes import parse_codes

TYPE_CHECKING = False  # typing is not imported at run time: file commands start faster
if TYPE_CHECKING:
    from typing import Any
    from zoneinfo import ZoneInfo

#: The time zone of a tournament that names none (R-6: the event's local time).
DEFAULT_TIME_ZONE = "Europe/Athens"


def zone_info(name: str) -> ZoneInfo:
    """The time zone ``name``; ``zoneinfo`` is imported at the first use, not with this module (a file
    command that reads no dates never needs it)."""
    from zoneinfo import ZoneInfo

    return ZoneInfo(name)

COLOUR_PREF_TYPES = ("A", "B", "none")
SCORE_KINDS = ("MP", "GP")
C6_MODES = ("pass_fail", "graded")
C7_MODES = ("minimise", "first")
CD0_L2_READINGS = ("strong", "none")
#: named accelerations (C.04.7): Baku, as FIDE's reference applies it to a team Swiss
ACCELERATIONS = ("none", "baku")
MAX_BOARDS = 20
MAX_ROUNDS = 30
#: R-4.3: the Swiss (C.04.6) or a round robin (C.05), played in one or two cycles
SYSTEMS = ("swiss", "round_robin")
#: C.05: a round robin's pairing numbers are drawn by lot, or follow the initial ranking (R-4.1)
RR_SEEDINGS = ("lot", "ranking")
MAX_SEED = 2**53 - 1  # a seed is shown in the console: a JavaScript number holds it exactly
#: tie-breaks in a list (R-8): more decide nothing, and each costs a pass over every team
MAX_TIEBREAKS = 20
TIEBREAK_RULE_SETS = ("2024", "2026")
#: C.07 Art. 16 in its 2026 wording applies to events starting on or after this day.
C07_2026_FROM = date(2026, 3, 1)


_EXACT = re.compile(r"[+-]?(\d{1,9}(\.\d{1,9})?|\d{1,9}/\d{1,9})")


def exact_number(raw: Any) -> Fraction:
    """A score or a fee as an exact number: ``2``, ``2.5``, ``"2.5"`` or ``"5/2"``; ValueError for anything else.

    No exponents in text: ``Fraction("1e9999999")`` would spend minutes expanding the power of ten.
    """
    if isinstance(raw, bool):
        raise ValueError(f"expected a number such as 2, 2.5 or 5/2, not {raw!r}")
    if isinstance(raw, int):
        return Fraction(raw)
    if isinstance(raw, float):
        if not math.isfinite(raw) or abs(raw) > 1e9:
            raise ValueError(f"{raw!r} is out of range")
        return Fraction(str(raw))
    text = raw.strip() if isinstance(raw, str) else ""
    if not _EXACT.fullmatch(text) or ("/" in text and int(text.rpartition("/")[2]) == 0):  # "0/000" too
        raise ValueError(f"expected a number such as 2, 2.5 or 5/2, not {raw!r}")
    return Fraction(text)


def points_option(text: str, what: str) -> Fraction:
    """A points option given as text (``--pab 2,2.5``, ``?forfeit_gp=4``): refused as R-7 when it is no number."""
    try:
        return exact_number(text)
    except ValueError:
        raise InvalidInput("R-7", "{what}: not a number: {text!r}",
                           params={"what": what, "text": text}) from None


@dataclass(frozen=True)
class PairingSettings:
    """C.04.6 options (Art. 1.2, 1.4, 1.7, 4) and the interpretation flags (where readings of C.04.6 differ)."""

    colour_pref_type: str = "A"
    primary_score: str = "MP"
    use_secondary_for_colour: bool = True
    initial_colour: str = "W"  # board-1 colour of TPN 1 in round 1 (drawn by lot, then stored)
    board_colour_pattern: str = "WBWB"  # colours of the board-1-White team, board by board
    forbidden_pairs: tuple[tuple[int, int], ...] = ()  # pairs of TPNs that may not meet
    c6_mode: str = "pass_fail"
    c7_mode: str = "minimise"
    partial_forfeit_counts_as_played: bool = True
    type_b_last_round_cd0_l2: str = "strong"
    #: C.04.7 acceleration: "baku" adds virtual match points to the top teams' pairing score in the first half
    #: of the rounds (see :mod:`app.services.acceleration`); MP primary only (C.04.7 1.4.4)
    acceleration: str = "none"
    #: explicit accelerated ranges (TRF-2026 record 250), which replace ``acceleration``: (virtual MP, virtual GP,
    #: first round, last round, first TPN, last TPN)
    accelerated_rounds: tuple[tuple[Fraction, Fraction, int, int, int, int], ...] = ()


@dataclass(frozen=True)
class Rules:
    """Every per-tournament setting. Defaults are the K12 2025 values."""

    boards: int = 4
    rounds: int = 7
    mp_win: Fraction = Fraction(2)
    mp_draw: Fraction = Fraction(1)
    mp_loss: Fraction = Fraction(0)
    gp_win: Fraction = Fraction(1)
    gp_draw: Fraction = Fraction(1, 2)
    gp_loss: Fraction = Fraction(0)
    bye_mp: Fraction = Fraction(2)  # R-7.5 (C.04.6 1.4 default would be a drawn match)
    bye_gp: Fraction = Fraction(5, 2)
    forfeit_win_mp: Fraction = Fraction(2)
    forfeit_win_gp: Fraction = Fraction(4)  # R-7.3 (= boards)
    expel_on_forfeit_loss: bool = True
    unrated_rating: int = 1400
    born_on_or_after: date | None = date(2013, 1, 1)
    min_female_per_lineup: int = 1
    max_teams: int = 40
    max_teams_per_club: int = 4
    min_players_per_roster: int = 4  # a team has `boards` players
    max_players_per_roster: int = 6
    entry_fee: Fraction = Fraction(36)  # euros
    activation_fee_required_for: tuple[str, ...] = ("GRE",)  # federations whose players need it
    entry_deadline: datetime | None = None
    roster_deadline: datetime | None = None
    substitution_deadline: datetime | None = None
    round_starts: tuple[datetime, ...] = ()  # R-6, one per round
    time_zone: str = DEFAULT_TIME_ZONE
    start_date: date | None = None
    tiebreaks: tuple[str, ...] = ("MPTS", "DE-ALLMET", "EMGSB/C1", "GPTS", "TBR")
    tiebreak_rules: str | None = None  # "2024" | "2026" | None = by start date (C.07 Art. 16)
    board_prize_min_games: int = 4
    union_prizes: bool = True
    committee_required: bool = True
    committee_regular: int = 3
    committee_alternates: int = 2
    appeal_announce_minutes: int = 10
    appeal_submit_minutes: int = 30
    appeal_fee: Fraction = Fraction(100)
    board_forfeit_minutes: int = 30
    time_control: str = "60 min + 30 s per move from move 1"
    fide_rated: bool = True  # rated for FIDE (the export check asks every player's FIDE id)
    pairing: PairingSettings = field(default_factory=PairingSettings)
    system: str = "swiss"  # "swiss" (C.04.6) or "round_robin" (C.05, Berger tables)
    cycles: int = 1  # round robin: 1, or 2 for a double round robin (colours reversed)
    rr_seeding: str = "lot"  # round robin pairing numbers: "lot" (drawn) or "ranking" (R-4.1 order)
    rr_lot_seed: int | None = None  # the seed of the drawing of lots, recorded when the ranking is locked
    # An odd field's round-robin bye is no PAB (R-7.5 and C.04.6 3.4 are Swiss rules) and the regulations
    # are silent on it: it scores these (default: nothing, the table's free round).
    rr_bye_mp: Fraction = Fraction(0)
    rr_bye_gp: Fraction = Fraction(0)
    #: R-4.6: the national list (ESO), by B.02's formula with the federation's values (app.services.ratings)
    national_rating: RatingSystem = field(default_factory=lambda: national_preset("eso"))

    def __post_init__(self) -> None:
        validate_rules(self)

    @property
    def round_robin(self) -> bool:
        return self.system == "round_robin"

    @property
    def zone(self) -> ZoneInfo:
        return zone_info(self.time_zone)

    def c07_text(self) -> str:
        """Which C.07 Art. 16 text applies: the chosen one, else by the start date."""
        if self.tiebreak_rules:
            return self.tiebreak_rules
        if self.start_date is not None and self.start_date < C07_2026_FROM:
            return "2024"
        return "2026"

    def replace(self, **changes: Any) -> Rules:
        return dataclasses.replace(self, **changes)


def validate_rules(rules: Rules) -> None:
    def bad(name: str, why: Text) -> InvalidInput:
        return InvalidInput(None, "{name}: {why}",
                            params={"name": name, "why": why}, field=name)

    if not 1 <= rules.boards <= MAX_BOARDS:
        raise bad("boards", Text("must be between 1 and {most}", {"most": MAX_BOARDS}))
    if not 1 <= rules.rounds <= MAX_ROUNDS:
        raise bad("rounds", Text("must be between 1 and {most}", {"most": MAX_ROUNDS}))
    if rules.system not in SYSTEMS:
        raise bad("system", Text("must be swiss or round_robin"))
    if rules.cycles not in (1, 2):
        raise bad("cycles", Text("must be 1 or 2"))
    if rules.rr_seeding not in RR_SEEDINGS:
        raise bad("rr_seeding", Text("must be lot or ranking"))
    if rules.rr_lot_seed is not None and not 0 <= rules.rr_lot_seed <= MAX_SEED:
        raise bad("rr_lot_seed", Text("must be between 0 and 2^53 - 1"))
    if rules.round_starts and len(rules.round_starts) != rules.rounds:
        raise bad("round_starts", Text("needs one start per round ({rounds})", {"rounds": rules.rounds}))
    if not (rules.mp_win >= rules.mp_draw >= rules.mp_loss):
        raise bad("mp_win", Text("match points must satisfy win >= draw >= loss"))
    if rules.min_female_per_lineup > rules.boards:
        raise bad("min_female_per_lineup", Text("cannot exceed the number of boards"))
    if rules.max_players_per_roster < rules.boards:
        raise bad("max_players_per_roster", Text("must be at least the number of boards"))
    if rules.tiebreak_rules not in (None, *TIEBREAK_RULE_SETS):
        raise bad("tiebreak_rules", Text("must be 2024 or 2026"))
    if not isinstance(rules.tiebreaks, tuple) or not all(isinstance(c, str) for c in rules.tiebreaks):
        raise bad("tiebreaks", Text("must be a list of tie-break codes"))
    if len(rules.tiebreaks) > MAX_TIEBREAKS:
        raise bad("tiebreaks", Text("at most {most} tie-breaks", {"most": MAX_TIEBREAKS}))
    parse_codes(rules.tiebreaks)  # unknown codes: R-8, before anything is stored
    p = rules.pairing
    if p.colour_pref_type not in COLOUR_PREF_TYPES:
        raise bad("pairing.colour_pref_type", Text("must be A, B or none"))
    if p.primary_score not in SCORE_KINDS:
        raise bad("pairing.primary_score", Text("must be MP or GP"))
    if p.initial_colour not in ("W", "B"):
        raise bad("pairing.initial_colour", Text("must be W or B"))
    for name, allowed in (("c6_mode", C6_MODES), ("c7_mode", C7_MODES),
                          ("type_b_last_round_cd0_l2", CD0_L2_READINGS)):
        if getattr(p, name) not in allowed:
            raise bad(f"pairing.{name}", Text("must be one of {allowed}", {"allowed": ", ".join(allowed)}))
    if p.acceleration not in ACCELERATIONS:
        raise bad("pairing.acceleration", Text("must be one of {allowed}", {"allowed": ", ".join(ACCELERATIONS)}))
    for first_mp, first_gp, r1, r2, t1, t2 in p.accelerated_rounds:
        if not (1 <= r1 <= r2 <= MAX_ROUNDS and 1 <= t1 <= t2) or first_mp < 0 or first_gp < 0:
            raise bad("pairing.accelerated_rounds", Text("each range is [MP, GP, first round, last round, first TPN, "
                                                         "last TPN], rounds 1 to 30, points not negative"))
    if (p.acceleration != "none" or p.accelerated_rounds) and p.primary_score != "MP":
        raise InvalidInput("C.04.7 1.4.4", "an acceleration cannot be used when game points are the primary score",
                           field="pairing.acceleration")
    if len(p.board_colour_pattern) != rules.boards or set(p.board_colour_pattern) - {"W", "B"}:
        raise bad("pairing.board_colour_pattern", Text("must be {boards} letters W/B", {"boards": rules.boards}))
    if p.board_colour_pattern[0] != "W":
        raise bad("pairing.board_colour_pattern", Text("describes the board-1-White team: starts with W"))
    nat = rules.national_rating
    if not 1 <= len(nat.name) <= MAX_SYSTEM_NAME or not nat.name.isprintable():
        raise InvalidInput(None, "national_rating.name: one line of 1 to {most} characters",
                           params={"most": MAX_SYSTEM_NAME}, field="national_rating.name")
    for name, (low, high) in RATING_SYSTEM_BOUNDS.items():
        value = getattr(rules.national_rating, name)
        if value is not None and not low <= value <= high:
            raise InvalidInput(None, "national_rating.{name}: must be between {low} and {high}",
                               params={"name": name, "low": low, "high": high}, field=f"national_rating.{name}")
    if rules.time_zone != DEFAULT_TIME_ZONE:  # the default is loaded where it is used, not looked up here
        try:
            zone_info(rules.time_zone)
        except Exception as exc:  # noqa: BLE001 - any lookup failure is a bad zone name
            raise bad("time_zone", Text("unknown time zone")) from exc


_NUMBER = {"type": ["number", "string"], "pattern": r"^[+-]?(\d{1,9}(\.\d{1,9})?|\d{1,9}/\d{1,9})$",
           "description": "an exact number: 2, 2.5 or '5/2'"}
_TYPES: dict[str, dict[str, Any]] = {
    "int": {"type": "integer"},
    "int | None": {"type": ["integer", "null"]},
    "bool": {"type": "boolean"},
    "str": {"type": "string"},
    "Fraction": _NUMBER,
    "str | None": {"type": ["string", "null"]},
    "date | None": {"type": ["string", "null"], "format": "date"},
    "datetime | None": {"type": ["string", "null"], "format": "date-time"},
    "tuple[str, ...]": {"type": "array", "items": {"type": "string"}},
    "tuple[datetime, ...]": {"type": "array", "items": {"type": "string", "format": "date-time"}},
    "tuple[tuple[int, int], ...]": {"type": "array", "items": {
        "type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2}},
    "tuple[tuple[Fraction, Fraction, int, int, int, int], ...]": {
        "type": "array", "maxItems": 2 * MAX_ROUNDS, "items": {
            "type": "array", "minItems": 6, "maxItems": 6,
            "prefixItems": [_NUMBER, _NUMBER, *[{"type": "integer"}] * 4]},
        "description": "accelerated ranges (TRF-2026 record 250): [virtual MP, virtual GP, first round, last round, "
                       "first TPN, last TPN]"},
}
_CHOICES: dict[str, dict[str, Any]] = {
    "boards": {"minimum": 1, "maximum": MAX_BOARDS},
    "rounds": {"minimum": 1, "maximum": MAX_ROUNDS},
    "tiebreaks": {"maxItems": MAX_TIEBREAKS},
    "name": {"minLength": 1, "maxLength": MAX_SYSTEM_NAME, "pattern": ONE_LINE_PATTERN},
    "time_control": {"maxLength": MAX_TEXT, "pattern": ONE_LINE_PATTERN,
                     "description": "one line (it is the TRF file's 122 record)"},
    "tiebreak_rules": {"enum": [*TIEBREAK_RULE_SETS, None]},
    "system": {"enum": list(SYSTEMS)},
    "cycles": {"minimum": 1, "maximum": 2},
    "rr_seeding": {"enum": list(RR_SEEDINGS)},
    "rr_lot_seed": {"minimum": 0, "maximum": MAX_SEED},
    "colour_pref_type": {"enum": list(COLOUR_PREF_TYPES)},
    "primary_score": {"enum": list(SCORE_KINDS)},
    "initial_colour": {"enum": ["W", "B"]},
    "board_colour_pattern": {"pattern": "^W[WB]*$"},
    "c6_mode": {"enum": list(C6_MODES)},
    "c7_mode": {"enum": list(C7_MODES)},
    "type_b_last_round_cd0_l2": {"enum": list(CD0_L2_READINGS)},
    "acceleration": {"enum": list(ACCELERATIONS)},
}


#: settings that are objects of their own: the pairing options and the national rating list
NESTED: dict[str, Any] = {"pairing": PairingSettings, "national_rating": RatingSystem}


def settings_schema() -> dict[str, Any]:
    """The JSON Schema of the ``rules`` object a tournament is created or changed with: every setting, its type.

    Rules that tie settings together (win >= draw >= loss, one start per round, ...) are checked on arrival.
    """

    def obj(cls: Any) -> dict[str, Any]:
        props = {}
        for f in dataclasses.fields(cls):
            if f.name in NESTED:
                props[f.name] = obj(NESTED[f.name])
            elif cls is RatingSystem and f.name in RATING_SYSTEM_BOUNDS:
                low, high = RATING_SYSTEM_BOUNDS[f.name]
                props[f.name] = {**_TYPES[str(f.type)], "minimum": low, "maximum": high}
            else:
                props[f.name] = {**_TYPES[str(f.type)], **_CHOICES.get(f.name, {})}
        return {"type": "object", "properties": props, "additionalProperties": False}

    return obj(Rules)


def move_schedule(rules: Rules, start: date) -> Rules:
    """The same schedule on another first day: every deadline and round start moves by the same number of
    days and keeps its local time in the tournament's zone (a preset reused for next year's event).

    Only the calendar moves; rules such as the age limit (``born_on_or_after``) stay as they are.
    """
    if rules.start_date is None:
        return rules.replace(start_date=start)
    days = start - rules.start_date
    zone = rules.zone

    def move(dt: datetime | None) -> datetime | None:
        if dt is None:
            return None
        return (dt.astimezone(zone).replace(tzinfo=None) + days).replace(tzinfo=zone)

    return rules.replace(
        start_date=start,
        entry_deadline=move(rules.entry_deadline),
        roster_deadline=move(rules.roster_deadline),
        substitution_deadline=move(rules.substitution_deadline),
        round_starts=tuple(move(d) for d in rules.round_starts),
    )


def _athens(y: int, m: int, d: int, hh: int, mm: int) -> datetime:
    return datetime(y, m, d, hh, mm, tzinfo=zone_info(DEFAULT_TIME_ZONE))


def k12_2025() -> Rules:
    """The 3rd Open Team Youth Championship U12 (K12), Kalamaria, 14-16 Nov 2025."""
    return Rules(
        entry_deadline=_athens(2025, 11, 11, 22, 0),
        roster_deadline=_athens(2025, 11, 13, 20, 0),
        substitution_deadline=_athens(2025, 11, 14, 14, 0),
        round_starts=(
            _athens(2025, 11, 14, 16, 30),
            _athens(2025, 11, 14, 19, 30),
            _athens(2025, 11, 15, 10, 0),
            _athens(2025, 11, 15, 13, 0),
            _athens(2025, 11, 15, 17, 30),
            _athens(2025, 11, 16, 10, 0),
            _athens(2025, 11, 16, 13, 0),
        ),
        start_date=date(2025, 11, 14),
    )


def fide_default() -> Rules:
    """Plain C.04.6 / C.07 defaults for any team Swiss: PAB = a drawn match, no youth rules."""
    return Rules(
        bye_mp=Fraction(1),
        bye_gp=Fraction(2),
        born_on_or_after=None,
        min_female_per_lineup=0,
        max_teams=999,
        max_teams_per_club=999,
        entry_fee=Fraction(0),
        activation_fee_required_for=(),
        tiebreaks=("MPTS", "GPTS", "EMGSB/C1", "BH:MP"),
        tiebreak_rules="2026",
        union_prizes=False,
        committee_required=False,
        national_rating=national_preset("fide"),
    )


PRESETS = {"k12-2025": k12_2025, "fide": fide_default}


def preset(name: str) -> Rules:
    try:
        return PRESETS[name]()
    except KeyError:
        raise InvalidInput(None, "unknown preset {name!r}; known: {presets}",
                           params={"name": name, "presets": ', '.join(PRESETS)}) from None


# --- JSON document form (stored in the tournament row, exchanged over the API) ----------------


def _encode(value: Any) -> Any:
    if isinstance(value, Fraction):
        return str(value) if value.denominator != 1 else int(value)
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


def rules_to_dict(rules: Rules) -> dict[str, Any]:
    out: dict[str, Any] = _encode(rules)  # a dataclass encodes as a dict
    return out


def _decode_field(name: str, default: Any, raw: Any, optional: bool = False) -> Any:
    """A setting from its JSON value; the JSON type must be the setting's (no coercion), null only where allowed."""
    try:
        if raw is None:
            if optional:
                return None
            raise ValueError("must not be null")
        if isinstance(default, Fraction):
            return exact_number(raw)
        if isinstance(default, bool):
            if not isinstance(raw, bool):
                raise ValueError("expected true or false")
            return raw
        if isinstance(default, int) or name in _OPTIONAL_INTS:
            if isinstance(raw, bool) or not isinstance(raw, int):
                raise ValueError("expected a whole number")
            return raw
        if name in ("entry_deadline", "roster_deadline", "substitution_deadline"):
            return datetime.fromisoformat(_text(raw))
        if name == "round_starts":
            return tuple(datetime.fromisoformat(_text(x)) for x in _list(raw))
        if name in ("born_on_or_after", "start_date"):
            return date.fromisoformat(_text(raw))
        if name == "rr_lot_seed":
            if isinstance(raw, bool) or not isinstance(raw, int):
                raise ValueError("expected a whole number")
            return raw
        if name == "forbidden_pairs":
            pairs = [_list(p) for p in _list(raw)]
            if any(len(p) != 2 or not all(isinstance(x, int) and not isinstance(x, bool) for x in p) for p in pairs):
                raise ValueError("expected pairs of pairing numbers such as [[1, 2]]")
            return tuple((a, b) for a, b in pairs)
        if name == "accelerated_rounds":
            ranges = [_list(x) for x in _list(raw)]
            if len(ranges) > 2 * MAX_ROUNDS or any(
                    len(x) != 6 or not all(isinstance(v, int) and not isinstance(v, bool) for v in x[2:])
                    for x in ranges):
                raise ValueError("expected ranges [MP, GP, first round, last round, first TPN, last TPN]")
            return tuple((exact_number(x[0]), exact_number(x[1]), x[2], x[3], x[4], x[5]) for x in ranges)
        if isinstance(default, tuple):
            return tuple(_text(x) for x in _list(raw))
        if isinstance(default, str) or default is None:
            return _text(raw)
    except (TypeError, ValueError) as exc:
        raise InvalidInput(None, "{name}: {exc}",
                           params={"name": name, "exc": exc}, field=name) from None
    return raw


#: whole-number settings that may be null (no default number to tell their type by)
_OPTIONAL_INTS = ("difference_cap_below",)


def _text(raw: Any) -> str:
    if not isinstance(raw, str):
        raise ValueError(f"expected text, not {raw!r}")
    return raw


def _list(raw: Any) -> list[Any]:
    if not isinstance(raw, list | tuple):
        raise ValueError(f"expected a list, not {raw!r}")
    return list(raw)


def _aware(rules: Rules) -> Rules:
    """Naive datetimes are read in the tournament's own time zone (R-6)."""
    zone = zone_info(rules.time_zone)

    def aware(dt: datetime) -> datetime:
        return dt.replace(tzinfo=zone) if dt.tzinfo is None else dt

    def fix(dt: datetime | None) -> datetime | None:
        return None if dt is None else aware(dt)

    return dataclasses.replace(
        rules,
        entry_deadline=fix(rules.entry_deadline),
        roster_deadline=fix(rules.roster_deadline),
        substitution_deadline=fix(rules.substitution_deadline),
        round_starts=tuple(aware(d) for d in rules.round_starts),
    )


def rules_from_dict(data: dict[str, Any], base: Rules | None = None) -> Rules:
    """Overlay ``data`` on ``base`` (default: the K12 preset's defaults); unknown keys are refused."""
    base = base or Rules()
    known = {f.name: f for f in dataclasses.fields(Rules)}
    unknown = set(data) - set(known)
    if unknown:
        raise InvalidInput(None, "unknown settings: {unknown}",
                           params={"unknown": ', '.join(sorted(unknown))})
    changes: dict[str, Any] = {}
    for name, raw in data.items():
        if name in NESTED:
            if not isinstance(raw, dict):
                raise InvalidInput(None, "{name}: expected an object", params={"name": name})
            inner = getattr(base, name)
            pknown = {f.name: f for f in dataclasses.fields(NESTED[name])}
            bad = set(raw) - set(pknown)
            if bad:
                raise InvalidInput(None, "unknown {name} settings: {bad}",
                                   params={"name": name, "bad": ', '.join(sorted(bad))})
            pchanges = {k: _decode_field(k, getattr(inner, k), v, optional="None" in str(pknown[k].type))
                        for k, v in raw.items()}
            changes[name] = dataclasses.replace(inner, **pchanges)
        else:
            changes[name] = _decode_field(name, getattr(base, name), raw, optional="None" in str(known[name].type))
    if "boards" in changes and "pairing" not in changes:
        b = changes["boards"]
        if not 1 <= b <= MAX_BOARDS:  # before building a pattern of that many letters
            raise InvalidInput(None, "boards: must be between 1 and {max_boards}",
                               params={"max_boards": MAX_BOARDS}, field="boards")
        pattern = ("WB" * b)[:b]
        changes["pairing"] = dataclasses.replace(base.pairing, board_colour_pattern=pattern)
    if ("rounds" in changes and "round_starts" not in changes
            and len(base.round_starts) not in (0, changes["rounds"])):
        changes["round_starts"] = ()
    if "boards" in changes and "forfeit_win_gp" not in changes:
        changes["forfeit_win_gp"] = Fraction(changes["boards"])
    try:
        return _aware(dataclasses.replace(base, **changes))
    except TypeError as exc:
        raise InvalidInput(None, "{exc}", params={"exc": str(exc)}) from None  # a bug of ours if it happens
