"""Run Alembic migrations from code (``teamswiss migrate``, the tests, the Docker entry point)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import SQLAlchemyError

from app.config import get_settings


def alembic_config(database_url: str | None = None) -> Config:
    for base in (Path.cwd(), Path(__file__).resolve().parents[1]):
        ini = base / "alembic.ini"
        if ini.exists() and (base / "migrations" / "env.py").exists():
            cfg = Config(str(ini))
            cfg.set_main_option("script_location", str(base / "migrations"))
            cfg.attributes["database_url"] = database_url or get_settings().database_url
            return cfg
    raise FileNotFoundError("alembic.ini and migrations/ not found (run from the project folder)")


def upgrade(database_url: str | None = None, revision: str = "head") -> None:
    command.upgrade(alembic_config(database_url), revision)


def check(database_url: str | None = None) -> None:
    """Raise if the models and the migrations disagree (``alembic check``)."""
    command.check(alembic_config(database_url))


@lru_cache(maxsize=1)
def head_revision() -> str | None:
    """The migration this version of the code needs (the head of ``migrations/``)."""
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def safe_url(database_url: str) -> str:
    """The database URL without its password, for messages."""
    return make_url(database_url).render_as_string(hide_password=True)


def missing_sqlite_file(database_url: str) -> Path | None:
    """The SQLite file the URL names, when it does not exist (connecting would create an empty one)."""
    u = make_url(database_url)
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return None
    path = Path(u.database)
    return None if path.exists() else path


def database_problem(database_url: str | None = None, engine: Engine | None = None) -> str | None:
    """Why the database cannot be used, in one sentence for a person (None: it answers and is at head).

    Never creates anything: a missing SQLite file is reported, not created.
    """
    url = database_url or get_settings().database_url
    missing = missing_sqlite_file(url)
    if missing is not None:
        return f"no database at {missing}: create it with `teamswiss migrate`"
    try:
        head = head_revision()
    except Exception as exc:  # noqa: BLE001 - an installation without its migrations
        return f"the migrations cannot be read ({exc})"
    try:
        if engine is None:
            from app.db import get_engine

            engine = get_engine(url)
        with engine.connect() as conn:
            current = MigrationContext.configure(conn).get_current_revision()
    except SQLAlchemyError as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        return f"the database at {safe_url(url)} does not answer: {reason}"
    if current is None:
        return f"the database at {safe_url(url)} is not migrated: run `teamswiss migrate`"
    if current != head:
        return (f"the database at {safe_url(url)} is at migration {current}, this version needs {head}: "
                "run `teamswiss migrate`")
    return None
