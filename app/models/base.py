"""Shared table machinery: the constraint naming convention and column helpers."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, MetaData, Table, TypeDecorator, inspect
from sqlmodel import SQLModel

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

SQLModel.metadata.naming_convention = NAMING_CONVENTION

#: The largest id: the id columns are 32-bit integers on PostgreSQL (a larger id is refused, never a 500).
MAX_ID = 2**31 - 1
metadata: MetaData = SQLModel.metadata


def table_of(model: type[SQLModel]) -> Table:
    """The Core table of a table model, for statements built on its columns (``table_of(Player).c.id``).

    SQLModel declares no ``__table__`` on its classes; the mapper holds the same table, typed."""
    table = inspect(model).local_table
    assert isinstance(table, Table), f"{model.__name__} is not a table model"  # a table model maps one table
    return table


def utcnow() -> datetime:
    return datetime.now(UTC)


# Default factories of the table models. SQLModel builds a new row through pydantic's ``FieldInfo.get_default``, which
# inspects the factory's signature every time; for the builtins ``list`` and ``dict`` that means parsing their text
# signature with the tokenizer (~0.2 ms a field on the benchmark machine, most of the cost of a new Lineup row).
# Plain functions are inspected in a few microseconds.


def empty_list() -> list[Any]:
    return []


def empty_dict() -> dict[str, Any]:
    return {}


class UTCDateTime(TypeDecorator[datetime]):
    """Timestamps stored in UTC and always returned timezone-aware (SQLite forgets the zone)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to a UTC column")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


JSONType = JSON
