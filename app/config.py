"""Settings: one pydantic-settings class, read from ``TEAMSWISS_*`` environment variables."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Annotated, Literal

from pydantic import field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

DEFAULT_SECRET_KEY = "change-me-development-only"  # noqa: S105 - refused outside development


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="TEAMSWISS_", env_file=".env", extra="ignore")

    env: Literal["development", "test", "production"] = "development"
    database_url: str = "sqlite:///./var/teamswiss.db"
    secret_key: str = DEFAULT_SECRET_KEY
    access_token_minutes: int = 12 * 60
    cors_origins: Annotated[list[str], NoDecode] = ["http://127.0.0.1:8000", "http://localhost:8000"]
    host: str = "127.0.0.1"
    port: int = 8000
    page_size_max: int = 500
    sql_echo: bool = False
    # event scale (issue 14): live events, the read cache, load shedding
    sse_ping_seconds: float = 15.0
    sse_retry_ms: int = 3000
    read_cache_entries: int = 512
    workers: int = 1  # `teamswiss serve` worker processes unless --workers says otherwise
    max_in_flight: int = 128  # requests one process works on at once; past it 503 + Retry-After
    # the first admin, created by `teamswiss migrate` / `serve` when no admin exists yet
    admin_username: str | None = None
    admin_password: str | None = None

    @field_validator("cors_origins", mode="before")
    @classmethod
    def _split_origins(cls, v: object) -> object:
        if isinstance(v, str):
            if v.strip().startswith("["):
                return json.loads(v)
            return [o.strip() for o in v.split(",") if o.strip()]
        return v

    @model_validator(mode="after")
    def _secret_outside_development(self) -> Settings:
        if self.env != "development" and (self.secret_key == DEFAULT_SECRET_KEY or len(self.secret_key) < 32):
            raise ValueError(
                "TEAMSWISS_SECRET_KEY must be set to a random value of at least 32 characters outside development"
            )
        return self

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")


@lru_cache
def get_settings() -> Settings:
    return Settings()
