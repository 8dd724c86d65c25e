"""On SQLite, public reads never wait for a writer (WAL, deferred read transactions)."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient


def test_reads_do_not_take_the_write_lock(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    if engine.dialect.name != "sqlite":
        pytest.skip("SQLite locking only")
    from tests.api.factory import make_tournament

    make_tournament(client, admin)
    writer = engine.raw_connection()
    writer.execute("BEGIN IMMEDIATE")  # another process holding the write lock
    try:
        result: dict[str, int] = {}

        def read() -> None:
            result["status"] = client.get("/tournaments").status_code

        th = threading.Thread(target=read)
        th.start()
        th.join(timeout=20)  # an IMMEDIATE read would wait the whole 30 s busy timeout
        assert not th.is_alive() and result["status"] == 200
    finally:
        writer.rollback()
        writer.close()
