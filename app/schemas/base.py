"""What every request and response body shares: the page envelope, strict request bodies, bounded ids, one-line
names."""

from __future__ import annotations

import types
from collections.abc import Callable
from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Any, Generic, TypedDict, TypeVar, Union, Unpack, get_args, get_origin

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator

from app.services.text import ONE_LINE_PATTERN, breaking_character, describe

T = TypeVar("T")
INT_MIN, INT_MAX = -(2**31), 2**31 - 1  # the database's integer columns
#: An id in a request body: bounded to the 32-bit id columns (a larger one is a 422, never a 500).
Id = Annotated[int, Field(ge=1, le=INT_MAX)]


class _Constraints(TypedDict, total=False):
    min_length: int
    max_length: int
    description: str
    json_schema_extra: dict[str, Any]


def omittable(**constraints: Unpack[_Constraints]) -> Any:
    """A partial-update field that may be left out but never be null (see :class:`Strict`): ``Field(default=None)``.

    The field is annotated as what it holds when given (``name: str = omittable(max_length=100)``); the default
    None stands for "left out" and is never validated, so it is typed ``Any`` here, once, not at every field."""
    return Field(default=None, **constraints)


def one_line(value: str) -> str:
    """``value`` if it holds no line break, tab or other control character (see :mod:`app.services.text`)."""
    ch = breaking_character(value)
    if ch is not None:
        raise ValueError(f"must be one line of text: a line break, tab or other control character ({describe(ch)}) "
                         "is not allowed")
    return value


#: A name, a title, a place, an arbiter, a contact: one line of text. A line break would start a new record of
#: the TRF export (C.04 Annex 2) and a tab or escape misalign its columns; every such field of a request body is
#: of this type (the length stays the field's own), and the JSON Schema says so with a pattern.
OneLine = Annotated[str, AfterValidator(one_line), Field(json_schema_extra={"pattern": ONE_LINE_PATTERN})]


class Page(BaseModel, Generic[T]):
    items: list[T]
    total: int
    limit: int
    offset: int


def _check_value(value: Any, where: str = "") -> None:
    """What no column can store: NUL characters in text, integers beyond the database's 32-bit range."""
    if isinstance(value, str):
        if "\x00" in value:
            raise ValueError(f"{where or 'text'}: NUL characters are not allowed")
    elif isinstance(value, bool):
        return
    elif isinstance(value, int):
        if not INT_MIN <= value <= INT_MAX:
            raise ValueError(f"{where or 'number'}: {value} is out of range")
    elif isinstance(value, dict):
        for k, v in value.items():
            _check_value(k, where)
            _check_value(v, f"{where}.{k}" if where else str(k))
    elif isinstance(value, list | tuple):
        for v in value:
            _check_value(v, where)


class _WrongType(ValueError):
    pass


_Check = Callable[[Any, str], Any]


def _compile(annotation: Any) -> _Check:
    """``value`` as the JSON type the schema gives ``annotation``, no coercion from another JSON type: the check,
    worked out once for the annotation (a field's check runs for every value of every request).

    Pydantic's lax mode would take ``"5"`` for an integer, ``0`` for a boolean and ``0`` for a date (1970-01-01):
    requests the OpenAPI document calls invalid. Integral numbers such as ``3.0`` are integers in JSON Schema
    and become ``3``.
    """
    if get_origin(annotation) is Annotated:
        return _compile(get_args(annotation)[0])
    origin = get_origin(annotation)
    if origin in (Union, types.UnionType):
        nullable = type(None) in get_args(annotation)
        members = [_compile(m) for m in get_args(annotation) if m is not type(None)]

        def union(value: Any, where: str) -> Any:
            if value is None and nullable:
                return None
            for member in members[:-1]:
                try:
                    return member(value, where)
                except _WrongType:
                    continue
            return members[-1](value, where)
        return union
    if origin is list:
        (item,) = get_args(annotation) or (Any,)
        each = _compile(item)

        def listed(value: Any, where: str) -> Any:
            if not isinstance(value, list):
                raise _WrongType(f"{where}: expected a list")
            return [each(v, where) for v in value]
        return listed
    if origin is dict or annotation is dict:
        return _an_object
    return _SCALARS.get(annotation, _as_is) if _hashable(annotation) else _as_is


def _hashable(annotation: Any) -> bool:
    try:
        hash(annotation)
    except TypeError:
        return False
    return True


def _as_is(value: Any, where: str) -> Any:
    return value


def _an_object(value: Any, where: str) -> Any:
    if not isinstance(value, dict):
        raise _WrongType(f"{where}: expected an object")
    return value


def _of_kind(kinds: type | tuple[type, ...], what: str) -> _Check:
    def check(value: Any, where: str) -> Any:
        if not isinstance(value, kinds):
            raise _WrongType(f"{where}: expected {what}, not {value!r}")
        return value
    return check


def _an_int(value: Any, where: str) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        raise _WrongType(f"{where}: expected an integer, not {value!r}")
    return value


def _a_number(value: Any, where: str) -> Any:
    if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
        raise _WrongType(f"{where}: expected a number, not {value!r}")
    return value


_a_date = _of_kind((str, date), "a date as text (ISO 8601)")
_SCALARS: dict[Any, _Check] = {bool: _of_kind(bool, "true or false"), int: _an_int, float: _a_number,
                               Decimal: _a_number, str: _of_kind(str, "a string"), date: _a_date, datetime: _a_date}
#: each model field's check, worked out at its first value
_FIELD_CHECKS: dict[tuple[type, str], _Check | None] = {}


class Strict(BaseModel):
    """Every request body: unknown fields refused, JSON types as the schema says (no coercion: ``"5"`` is no
    integer, ``0`` no boolean or date), no NUL in text, integers within the columns' range.

    In the partial-update (PATCH) bodies a field that may be left out but never be empty is typed without
    ``None`` and defaults to None: an explicit ``null`` is refused (422) instead of reaching a NOT NULL column.
    """

    model_config = ConfigDict(extra="forbid")

    @field_validator("*", mode="before")
    @classmethod
    def _json_types(cls, value: Any, info: Any) -> Any:
        name = info.field_name or ""
        try:
            check = _FIELD_CHECKS[cls, name]
        except KeyError:
            field = cls.model_fields.get(name)
            check = _FIELD_CHECKS[cls, name] = (None if field is None or field.annotation is None
                                                else _compile(field.annotation))
        if check is None:
            return value
        try:
            return check(value, name)
        except _WrongType as exc:
            raise ValueError(str(exc)) from None

    @field_validator("*", mode="after")
    @classmethod
    def _storable(cls, value: Any, info: Any) -> Any:
        _check_value(value, info.field_name or "")
        return value
