"""API test fixtures: a migrated database, emptied before each test, and an httpx client on the app."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import text
from sqlmodel import Session, select

from app.auth.credentials import hash_password, new_api_token
from app.db.engine import get_engine
from app.http.factory import create_app
from app.models import ApiToken, Tournament, User, metadata
from tests.api.recorder import OBSERVED, Recorder, undocumented
from tests.conftest import TEST_DATABASE_URL

_migrated = False
_HASHES: dict[str, str] = {}


def _ensure_schema() -> None:
    global _migrated
    if _migrated:
        return
    engine = get_engine(TEST_DATABASE_URL)
    if engine.dialect.name == "postgresql":
        with engine.begin() as conn:
            conn.execute(text("DROP SCHEMA public CASCADE"))
            conn.execute(text("CREATE SCHEMA public"))
    else:
        metadata.drop_all(engine)
        with engine.begin() as conn:
            conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
    from app.db.migrate import upgrade

    upgrade(TEST_DATABASE_URL)
    _migrated = True


def _empty_all() -> None:
    engine = get_engine(TEST_DATABASE_URL)
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            names = ", ".join(f'"{t.name}"' for t in metadata.sorted_tables)
            conn.execute(text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))
        else:
            for table in reversed(metadata.sorted_tables):
                conn.execute(table.delete())
            conn.execute(text("DELETE FROM sqlite_sequence")) if _has_sqlite_sequence(conn) else None


def _has_sqlite_sequence(conn: Any) -> bool:
    return bool(conn.execute(text("SELECT 1 FROM sqlite_master WHERE name='sqlite_sequence'")).first())


@pytest.fixture()
def engine() -> Any:
    _ensure_schema()
    _empty_all()
    return get_engine(TEST_DATABASE_URL)


@pytest.fixture(scope="session", autouse=True)
def documented_answers() -> Iterator[None]:
    """After the API tests: every status an operation answered is in the OpenAPI document, every ``rule`` conforms."""
    yield
    if not OBSERVED.statuses:
        return
    doc = create_app().openapi()
    missing = undocumented(doc, OBSERVED.statuses)
    assert not missing, "answers the OpenAPI document does not list:\n" + "\n".join(missing)
    assert not OBSERVED.bad_rules, f"rules that are no regulation or FIDE article: {sorted(OBSERVED.bad_rules)}"


@pytest.fixture()
def client(engine: Any) -> Iterator[TestClient]:
    app = create_app()
    if not OBSERVED.templates:
        OBSERVED.learn(app.openapi())
    app.add_middleware(Recorder)
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def live_server(app: FastAPI) -> Iterator[str]:
    """The app served by a real uvicorn on a free port in a thread (on the test database); yields its URL."""
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="critical", lifespan="off"))
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    for _ in range(500):
        if srv.started:
            break
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        th.join(timeout=10)


@pytest.fixture()
def session(engine: Any) -> Iterator[Session]:
    with Session(engine, expire_on_commit=False) as s:
        yield s


def make_user(engine: Any, username: str, *, admin: bool = False, password: str = "password123",
              birth_date: Any = None, organiser: bool = False) -> int:
    if password not in _HASHES:
        _HASHES[password] = hash_password(password)
    with Session(engine) as s:
        u = User(username=username, password_hash=_HASHES[password], is_admin=admin, birth_date=birth_date,
                 can_create_tournaments=organiser)
        s.add(u)
        s.commit()
        return u.id or 0


def login(client: TestClient, username: str, password: str = "password123") -> dict[str, str]:
    r = client.post("/auth/token", data={"username": username, "password": password})
    assert r.status_code == 200, r.text
    return {"Authorization": f"Bearer {r.json()['access_token']}"}


@pytest.fixture()
def admin(client: TestClient, engine: Any) -> dict[str, str]:
    make_user(engine, "admin", admin=True)
    return login(client, "admin")


def token_for(engine: Any, username: str, scopes: Sequence[str] = ("write",)) -> dict[str, str]:
    """Bearer headers with a new API token of ``username`` (faster than a password login)."""
    with Session(engine) as s:
        user = s.exec(select(User).where(User.username == username)).one()
        token, digest = new_api_token()
        s.add(ApiToken(user_id=user.id or 0, name="tests", token_hash=digest, prefix=token[:10], scopes=list(scopes)))
        s.commit()
    return {"Authorization": f"Bearer {token}"}


_DEMO: dict[str, Any] = {}


@pytest.fixture()
def demo(client: TestClient, engine: Any) -> dict[str, Any]:
    """The demo after three rounds; loaded once, then restored from its backup (fast)."""
    from app.cli.main import main
    from app.operations.backup import dump, restore

    if "backup" not in _DEMO:
        assert main(["demo", "--rounds", "3"]) == 0
        _DEMO["backup"] = dump(engine)
    else:
        restore(engine, _DEMO["backup"])
    with Session(engine) as s:
        t = s.exec(select(Tournament)).one()
    return {"id": t.id, "admin": token_for(engine, "admin")}


class Subscriber:
    """A subscriber of a tournament's live stream (SSE) on a real server, in a thread: it collects (event, data,
    arrival time) until an event of kind ``until`` arrives; ``ready`` once the stream has begun."""

    def __init__(self, url: str, until: str = "match", timeout: float = 20) -> None:
        self.got: list[tuple[str, dict[str, Any], float]] = []
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._listen, args=(url, until, timeout), daemon=True)
        self.thread.start()

    def _listen(self, url: str, until: str, timeout: float) -> None:
        import json

        import httpx

        with httpx.stream("GET", url, timeout=timeout) as r:
            event = ""
            for line in r.iter_lines():
                self.ready.set()
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: "):
                    self.got.append((event, json.loads(line[6:]), time.monotonic()))
                    if event == until:
                        return
