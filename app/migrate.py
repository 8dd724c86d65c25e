"""Run Alembic migrations from code (``teamswiss migrate``, the tests, the Docker entry point)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

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
