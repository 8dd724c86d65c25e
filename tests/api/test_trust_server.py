"""Holes the trust audit found, against a real uvicorn server: a 500 keeps the keep-alive connection usable,
and a body past the limit is refused while it streams in, without the server reading the rest."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from app.http.factory import create_app
from tests.api.conftest import live_server


@pytest.fixture()
def server(engine: Any) -> Iterator[str]:
    app = create_app()

    @app.get("/__boom", include_in_schema=False)
    def boom() -> None:
        raise RuntimeError("injected bug")

    with live_server(app) as url:
        yield url


def test_a_500_is_problem_json_and_the_connection_stays_usable(server: str) -> None:
    connections: list[Any] = []
    with httpx.Client(base_url=server) as client:
        r = client.get("/__boom")
        connections.append(r.extensions["network_stream"])
        assert r.status_code == 500 and r.headers["content-type"] == "application/problem+json"
        assert r.json()["detail"].startswith("The server failed") and "Traceback" not in r.text
        r = client.get("/health")
        connections.append(r.extensions["network_stream"])
        assert r.status_code == 200
    assert connections[0] is connections[1], "the 500 closed the keep-alive connection"


def test_a_body_past_the_limit_is_refused_before_it_is_read(server: str) -> None:
    host, port = server.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(b"POST /clubs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 200000000\r\n\r\n" + b"{" + b" " * 65536)
        answer = sock.recv(65536).decode("latin-1")
    assert answer.startswith("HTTP/1.1 413"), answer[:200]
    assert "application/problem+json" in answer


def test_a_chunked_body_is_refused_past_the_limit(server: str) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(100):  # 6.4 MiB without a Content-Length
            yield b" " * 65536

    with httpx.Client(base_url=server, timeout=30) as client:
        r = client.post("/clubs", content=chunks(), headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and r.headers["content-type"] == "application/problem+json"


def test_the_limit_stops_reading_the_body() -> None:
    """At the ASGI level: past the limit, not one more chunk is pulled from the client (memory stays flat)."""
    import asyncio

    from app.http.middleware import BodyLimitMiddleware

    pulled = 0
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        nonlocal pulled
        pulled += 1
        return {"type": "http.request", "body": b" " * 1000, "more_body": pulled < 10_000}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    async def app(scope: Any, rcv: Any, snd: Any) -> None:  # a handler that reads the whole body
        while (await rcv())["type"] == "http.request":
            pass
        await snd({"type": "http.response.start", "status": 400, "headers": []})
        await snd({"type": "http.response.body", "body": b"cut off"})

    mw = BodyLimitMiddleware(app, default=5_000)
    asyncio.run(mw({"type": "http", "method": "POST", "path": "/clubs", "headers": []}, receive, send))
    assert pulled == 6  # 6,000 bytes: one chunk past the 5,000-byte limit, then nothing more
    assert sent[0]["status"] == 413 and len([m for m in sent if m["type"] == "http.response.start"]) == 1
