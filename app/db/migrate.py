"""Run Alembic migrations from code (``teamswiss migrate``, the tests, the Docker entry point)."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from functools import lru_cache
from importlib.resources import files
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from app.config import get_settings


def _migrations_dir() -> Path:
    """The migrations: inside the installed package (app/migrations, pyproject.toml puts them there), or migrations/
    at the top of the source tree the package runs from (an editable install, the tests)."""
    installed = Path(str(files("app") / "migrations"))
    for path in (installed, installed.parents[1] / "migrations"):
        if (path / "env.py").is_file():
            return path
    raise FileNotFoundError(f"no migrations at {installed} (the package is incomplete)")


def alembic_config(database_url: str | None = None) -> Config:
    """The Alembic configuration of this package's migrations, whatever the current folder (no alembic.ini:
    that file is for developers running ``alembic`` in the source tree)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(_migrations_dir()))
    cfg.attributes["database_url"] = database_url or get_settings().database_url
    return cfg


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
    path = Path(u.database).absolute()
    return None if path.exists() else path


def _sqlite_revision(database_url: str) -> str | None:
    """A SQLite file's migration, read without changing the file (None: not migrated)."""
    u = make_url(database_url)
    assert u.database, "called for a SQLite URL that names a file"
    with closing(sqlite3.connect(f"{Path(u.database).absolute().as_uri()}?mode=ro", uri=True)) as conn:
        if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'alembic_version'").fetchone() is None:
            return None
        row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        return str(row[0]) if row else None


class DatabaseNotReady(Exception):
    """The database is missing, does not answer or is not migrated (the command line exits with status 3)."""


def require_database(database_url: str | None = None) -> None:
    """Stop with a one-line reason (DatabaseNotReady) unless the database is there and migrated."""
    problem = database_problem(database_url)
    if problem is not None:
        raise DatabaseNotReady(problem)


def database_problem(database_url: str | None = None) -> str | None:
    """Why the database cannot be used, in one sentence for a person (None: it answers and is at head).

    Never creates anything: a missing SQLite file is reported, not created.
    """
    url = database_url or get_settings().database_url
    missing = missing_sqlite_file(url)
    if missing is not None:
        return f"no database at {missing}: create it with `teamswiss migrate`"
    try:
        head = head_revision()
    except FileNotFoundError:  # a package without its migrations: the schema is not compared
        head = None
    try:
        if make_url(url).get_backend_name() == "sqlite" and make_url(url).database not in (None, "", ":memory:"):
            current = _sqlite_revision(url)
        else:
            from app.db.engine import get_engine

            with get_engine(url).connect() as conn:
                current = MigrationContext.configure(conn).get_current_revision()
    except (SQLAlchemyError, sqlite3.Error) as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        return f"the database at {safe_url(url)} does not answer: {reason}"
    if current is None:
        return f"the database at {safe_url(url)} is not migrated: run `teamswiss migrate`"
    if head is not None and current != head:
        return (f"the database at {safe_url(url)} is at migration {current}, this version needs {head}: "
                "run `teamswiss migrate`")
    return None
