"""Settings: one pydantic-settings class, read from ``TEAMSWISS_*`` environment variables."""

from __future__ import annotations

import json
import os
import secrets
import time
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict, SettingsError

#: The key file a development server generates on its first run (under ``data_dir``).
SECRET_KEY_FILE = "secret_key"
MIN_SECRET_KEY = 32
ENV_PREFIX = "TEAMSWISS_"


class ConfigurationError(ValueError):
    """A setting that cannot be used. Its message is one line naming the variable (never its value: it may be
    a key); the ``teamswiss`` command prints it and exits with status 2."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix=ENV_PREFIX, env_file=".env", extra="ignore")

    env: Literal["development", "test", "production"] = "development"
    database_url: str = "sqlite:///./var/teamswiss.db"
    #: Signs login tokens. Outside development it must be set; in development a random key is generated on the
    #: first run and kept in ``data_dir/secret_key`` (never a key published with the code).
    secret_key: str | None = None
    data_dir: Path = Path("var")
    access_token_minutes: int = 12 * 60
    #: Failed logins before a client address waits for one user name / for every name, and before a user name
    #: waits at every address that failed for it (never at one that has not), and the first wait (doubling,
    #: capped); see app.auth.throttle.
    login_failures_per_user: int = 5
    login_failures_per_address: int = 30
    login_failures_per_user_anywhere: int = 50
    login_lock_seconds: int = 60
    login_lock_max_seconds: int = 900
    #: Request bodies larger than this are refused while they stream in (413); TRF imports may be larger.
    max_body_bytes: int = 1024 * 1024
    max_upload_bytes: int = 20 * 1024 * 1024
    #: Database connections per process (the thread pool runs up to 40 requests at once).
    db_pool_size: int = 10
    db_max_overflow: int = 40
    #: How long a SQLite writer waits for another process's write lock before giving up (milliseconds).
    sqlite_busy_timeout_ms: int = 10_000
    cors_origins: Annotated[list[str], NoDecode] = ["http://127.0.0.1:8000", "http://localhost:8000"]
    host: str = "127.0.0.1"
    #: The proxies whose X-Forwarded-For / -Proto are believed (comma list of addresses or networks, or '*'):
    #: anyone else's header is ignored, so a client cannot pick the address the login throttle counts.
    forwarded_allow_ips: str = "127.0.0.1"
    port: int = 8000
    page_size_max: int = 500
    sql_echo: bool = False
    #: A folder with DejaVuSans.ttf and DejaVuSans-Bold.ttf (Greek letters) for the PDF downloads: Debian's
    #: fonts-dejavu-core by default
    pdf_font_dir: str = "/usr/share/fonts/truetype/dejavu"
    # event scale: live events, the read cache, load shedding
    sse_ping_seconds: float = 15.0
    sse_retry_ms: int = 3000
    read_cache_entries: int = 512
    workers: int = 1  # `teamswiss serve` worker processes unless --workers says otherwise
    max_in_flight: int = 128  # requests one process works on at once; past it 503 + Retry-After
    #: Slow clients: a request's headers must arrive within ``header_timeout_seconds`` of the connection (or of
    #: the answer before, on a kept-alive connection), its body within ``body_timeout_seconds`` of the headers
    #: (``upload_timeout_seconds`` for a file upload); a request counts as in flight only once its body is in.
    header_timeout_seconds: float = 10.0
    body_timeout_seconds: float = 30.0
    upload_timeout_seconds: float = 300.0
    #: Bodies being received at once by one process (past it 503 at once), and uploads among them.
    max_bodies_in_progress: int = 512
    max_uploads_in_progress: int = 8
    #: Live event streams one process holds open: in all (0: what its open-files limit allows, less a reserve
    #: for the database and ordinary requests) and per client address (past either a 503 / 429 at once).
    max_streams: int = 0
    max_streams_per_client: int = 64
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
    def _secret_key(self) -> Settings:
        if self.secret_key is not None and len(self.secret_key) >= MIN_SECRET_KEY:
            return self
        if self.env != "development":
            raise ValueError(
                "TEAMSWISS_SECRET_KEY must be set to a random value of at least 32 characters outside development"
            )
        self.secret_key = None  # development: generated when first needed (a command that signs nothing writes none)
        return self

    @property
    def signing_key(self) -> str:
        if self.secret_key is None:
            self.secret_key = development_key(self.data_dir)
        return self.secret_key

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")


def development_key(data_dir: Path) -> str:
    """The development server's own random key: generated once, kept private (0600) in ``data_dir``.

    Several worker processes starting together agree: the first creates the file exclusively, the others read it.
    """
    path = data_dir / SECRET_KEY_FILE
    for _ in range(50):
        try:
            key = path.read_text(encoding="ascii").strip()
        except FileNotFoundError:
            key = ""
        if len(key) >= MIN_SECRET_KEY:
            return key
        if not path.exists():
            data_dir.mkdir(parents=True, exist_ok=True)
            key = secrets.token_urlsafe(48)
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                continue
            with os.fdopen(fd, "w", encoding="ascii") as f:
                f.write(key + "\n")
            return key
        time.sleep(0.02)  # another process is writing it
    raise ConfigurationError(f"{path} holds no usable key: delete it, or set TEAMSWISS_SECRET_KEY")


def describe(exc: ValidationError) -> str:
    """The settings' errors in one line, each naming its variable: ``TEAMSWISS_PORT: Input should be a valid
    integer``. The values are left out (pydantic's own message repeats every setting, the key among them)."""
    parts = []
    for e in exc.errors():
        msg = " ".join(str(e["msg"]).removeprefix("Value error, ").split())
        parts.append(f"{ENV_PREFIX}{str(e['loc'][0]).upper()}: {msg}" if e["loc"] else msg)
    return "; ".join(parts)


@lru_cache
def get_settings() -> Settings:
    """The settings; :class:`ConfigurationError` (one line) when one cannot be used."""
    try:
        return Settings()
    except ValidationError as exc:
        raise ConfigurationError(describe(exc)) from None
    except SettingsError as exc:  # a value the source itself cannot parse
        raise ConfigurationError(" ".join(str(exc).split())) from None
