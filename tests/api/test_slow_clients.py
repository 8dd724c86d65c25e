"""Slow and greedy clients against a real ``teamswiss serve``: they cannot hold the server.

128 request bodies that never finish, connections that send half their headers, and 1,100 event streams from
one client; meanwhile a normal client is still answered, and every refusal is problem+json (never a 500).
"""

from __future__ import annotations

import asyncio
import json
import resource
import socket
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.http.overload import LoadShedding
from tests.demo_server import DemoServer, demo_server


def _raise_open_files() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < 4096:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(4096, hard), hard))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DemoServer]:
    with demo_server(tmp_path_factory.mktemp("slow"), TEAMSWISS_HEADER_TIMEOUT_SECONDS="2",
                     TEAMSWISS_BODY_TIMEOUT_SECONDS="3", TEAMSWISS_MAX_STREAMS="300") as srv:
        srv.wait()
        yield srv


def _address(srv: DemoServer) -> tuple[str, int]:
    host, port = srv.url.removeprefix("http://").split(":")
    return host, int(port)


def _get(srv: DemoServer, path: str) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(srv.url + path, timeout=10) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)


def _status_line(sock: socket.socket) -> str:
    data = b""
    while b"\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    return data.split(b"\r\n", 1)[0].decode("latin-1")


def test_128_bodies_that_never_arrive_leave_the_server_to_everyone_else(server: DemoServer) -> None:
    _raise_open_files()
    slow = []
    for _ in range(130):
        sock = socket.create_connection(_address(server), timeout=10)
        sock.sendall(b"POST /auth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                     b"Content-Length: 1000\r\n\r\nusername=")
        slow.append(sock)
    try:
        time.sleep(0.5)
        status, body = _get(server, "/tournaments")
        assert status == 200, body
        assert server.login()  # a login (a write with a body) too
        assert _get(server, "/readyz")[0] == 200
        # and the slow ones are told, once their time is up, and let go
        for sock in slow[:5]:
            sock.settimeout(15)
            line = _status_line(sock)
            assert line.startswith("HTTP/1.1 408"), line
    finally:
        for sock in slow:
            sock.close()


def test_half_sent_headers_are_cut_off(server: DemoServer) -> None:
    _raise_open_files()
    half = []
    for _ in range(50):
        sock = socket.create_connection(_address(server), timeout=10)
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow:")
        half.append(sock)
    try:
        assert _get(server, "/healthz")[0] == 200
        started = time.monotonic()
        for sock in half:
            sock.settimeout(15)
            assert sock.recv(4096) == b"", "the server answered or kept a connection whose headers never ended"
        assert time.monotonic() - started < 12
    finally:
        for sock in half:
            sock.close()


def test_1100_streams_from_one_client_are_refused_clearly_and_the_rest_is_served(server: DemoServer) -> None:
    _raise_open_files()
    status, page = _get(server, "/tournaments")
    tid = page["items"][0]["id"]
    streams: list[socket.socket] = []
    seen: dict[str, int] = {}
    try:
        for _ in range(1100):
            sock = socket.create_connection(_address(server), timeout=10)
            sock.sendall(f"GET /tournaments/{tid}/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n"
                         .encode())
            line = _status_line(sock)
            code = line.split(" ")[1] if " " in line else line
            seen[code] = seen.get(code, 0) + 1
            if code == "200":
                streams.append(sock)
            else:
                sock.close()
        assert set(seen) <= {"200", "429"}, seen  # never a 500: past the per-client limit, 429
        assert seen["200"] == 64 and seen["429"] == 1100 - 64, seen
        assert _get(server, "/healthz")[0] == 200
        assert _get(server, f"/tournaments/{tid}/standings")[0] == 200
    finally:
        for sock in streams:
            sock.close()


def test_the_stream_limit_of_the_process_answers_503() -> None:
    """At the ASGI level: past ``max_streams`` a stream is 503 problem+json at once, and /readyz says
    "not ready" while the worker sheds every request."""
    release = asyncio.Event()

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await release.wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    async def run() -> list[int]:
        shed = LoadShedding(app, max_in_flight=1, max_streams=2, max_streams_per_client=10)
        statuses: list[int] = []

        def call(path: str, client: str = "10.9.9.9") -> Any:
            async def receive() -> dict[str, Any]:
                return {"type": "http.request", "body": b"", "more_body": False}

            async def send(message: dict[str, Any]) -> None:
                if message["type"] == "http.response.start":
                    statuses.append(message["status"])
                    if message["status"] >= 400:
                        assert (b"content-type", b"application/problem+json") in message["headers"]

            return shed({"type": "http", "method": "GET", "path": path, "client": (client, 1)}, receive, send)

        held = [asyncio.create_task(call("/tournaments/1/events")) for _ in range(2)]
        held.append(asyncio.create_task(call("/tournaments/1")))  # the one request in flight
        await asyncio.sleep(0.05)
        await call("/tournaments/1/events")  # the third stream
        await call("/readyz")
        release.set()
        await asyncio.gather(*held)
        await call("/readyz")
        return statuses

    statuses = asyncio.run(run())
    assert statuses[:2] == [503, 503], statuses  # the stream past the limit; not ready while shedding
    assert statuses[-1] == 200  # ready again


def test_the_limits_are_documented() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    for setting in ("TEAMSWISS_HEADER_TIMEOUT_SECONDS", "TEAMSWISS_BODY_TIMEOUT_SECONDS",
                    "TEAMSWISS_UPLOAD_TIMEOUT_SECONDS", "TEAMSWISS_MAX_STREAMS", "TEAMSWISS_MAX_STREAMS_PER_CLIENT",
                    "TEAMSWISS_MAX_BODIES_IN_PROGRESS"):
        assert setting in readme, setting
