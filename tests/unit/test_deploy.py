"""The deployment files (no Docker engine in the test environment): they parse, and name real settings and commands."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest
import yaml

from app.cli.main import build_parser
from app.config import Settings
from tests.conftest import TEST_DATABASE_URL

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = {f"TEAMSWISS_{name.upper()}" for name in Settings.model_fields}


def _env_names(text: str) -> set[str]:
    return set(re.findall(r"\bTEAMSWISS_[A-Z_]+\b", text))


def test_compose_has_postgres_the_app_and_the_page_with_real_settings() -> None:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    services = compose["services"]
    assert set(services) == {"db", "app", "web"}
    app = services["app"]
    assert app["build"] == "." and app["depends_on"]["db"]["condition"] == "service_healthy"
    env = app["environment"]
    url = env["TEAMSWISS_DATABASE_URL"]
    assert url.startswith("postgresql+psycopg://") and "@db:5432/" in url
    assert ":?" in env["TEAMSWISS_SECRET_KEY"], "the secret key comes from the environment, never a default"
    assert set(env) <= SETTINGS, f"unknown settings: {set(env) - SETTINGS}"
    assert services["web"]["depends_on"]["app"]["condition"] == "service_healthy"  # the Dockerfile's HEALTHCHECK
    mounts = services["web"]["volumes"]
    for mount in mounts:
        assert (ROOT / mount.split(":")[0]).exists(), mount


def test_dockerfile_settings_healthcheck_volume_and_commands() -> None:
    text = (ROOT / "Dockerfile").read_text()
    assert _env_names(text) <= SETTINGS, f"unknown settings: {_env_names(text) - SETTINGS}"
    assert "HEALTHCHECK" in text and "/health" in text
    assert 'VOLUME ["/data"]' in text and "sqlite:////data/" in text
    cmd = re.search(r'^CMD \["sh", "-c", "(.*)"\]$', text, re.M)
    assert cmd is not None
    for part in cmd.group(1).replace('\\"', '"').split("&&"):
        argv = shlex.split(part.replace("exec ", ""))
        assert argv[0] == "teamswiss"
        build_parser().parse_args(argv[1:])  # exits on an unknown command or option


def test_nginx_passes_the_event_stream_unbuffered() -> None:
    text = (ROOT / "deploy" / "nginx.conf").read_text()
    events = text[text.index("/events"):]
    block = events[:events.index("}")]
    assert "proxy_buffering off" in block and "proxy_read_timeout" in block and "proxy_http_version 1.1" in block


def test_only_the_proxy_s_forwarded_address_is_believed() -> None:
    """A client's own X-Forwarded-For never picks the address the login throttle counts: the image trusts no
    proxy unless told (TEAMSWISS_FORWARDED_ALLOW_IPS), compose names nginx's fixed address on the network it
    shares with the app alone, and nginx replaces the client's header with the address it sees."""
    import ipaddress

    docker = (ROOT / "Dockerfile").read_text()
    cmd = re.search(r'^CMD \["sh", "-c", "(.*)"\]$', docker, re.M)
    assert cmd is not None and "*" not in cmd.group(1) and "forwarded-allow-ips" not in cmd.group(1)
    assert Settings.model_fields["forwarded_allow_ips"].default == "127.0.0.1"

    services = yaml.safe_load((ROOT / "compose.yaml").read_text())
    networks, services = services["networks"], services["services"]
    trusted = services["app"]["environment"]["TEAMSWISS_FORWARDED_ALLOW_IPS"]
    web = services["web"]["networks"]
    [(edge, address)] = [(name, cfg["ipv4_address"]) for name, cfg in web.items()]
    assert trusted == address, "the app trusts exactly nginx's address"
    subnet = ipaddress.ip_network(networks[edge]["ipam"]["config"][0]["subnet"])
    assert ipaddress.ip_address(address) in subnet
    on_edge = {name for name, s in services.items() if edge in (s.get("networks") or [])}
    assert on_edge == {"app", "web"}, "nobody else shares the network nginx's address is trusted on"

    nginx = (ROOT / "deploy" / "nginx.conf").read_text()
    forwarded = re.findall(r"^\s*proxy_set_header\s+X-Forwarded-For\s+(\S+);", nginx, re.M)
    assert forwarded and set(forwarded) == {"$remote_addr"}
    assert forwarded.count("$remote_addr") == nginx.count("proxy_pass ")
    assert "proxy_add_x_forwarded_for" not in nginx


def test_serve_trusts_the_configured_proxies(monkeypatch: Any) -> None:
    """``teamswiss serve`` hands uvicorn TEAMSWISS_FORWARDED_ALLOW_IPS; ``--forwarded-allow-ips`` overrides it."""
    import uvicorn

    from app.cli.commands import server
    from app.config import get_settings

    seen: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda *_a, **kw: seen.append(kw["forwarded_allow_ips"]))
    monkeypatch.setattr(server, "require_database", lambda: None)
    monkeypatch.setattr(server, "first_admin", lambda: None)
    monkeypatch.setattr(get_settings(), "forwarded_allow_ips", "172.29.80.10")
    for argv in (["serve"], ["serve", "--forwarded-allow-ips", "10.0.0.0/24"]):
        args = build_parser().parse_args(argv)
        assert args.func(args) == 0
    assert seen == ["172.29.80.10", "10.0.0.0/24"]


def test_serve_tells_its_workers_how_many_they_are(monkeypatch: Any) -> None:
    """Each worker's database pool takes its share of the server's connections: it must know how many share them."""
    import os

    import uvicorn

    from app.cli.commands import server

    seen: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda *_a, **kw: seen.append((kw["workers"], os.environ["TEAMSWISS_WORKERS"])))
    monkeypatch.setattr(server, "require_database", lambda: None)
    monkeypatch.setattr(server, "first_admin", lambda: None)
    monkeypatch.setenv("TEAMSWISS_WORKERS", "1")
    args = build_parser().parse_args(["serve", "--workers", "4"])
    assert args.func(args) == 0
    assert seen == [(4, "4")]


def test_the_workers_pools_stay_within_the_database_s_connections() -> None:
    from app.db.engine import pool_limits

    assert pool_limits(10, 40, 1, 100, 3) == (10, 40)  # one process: as configured
    for workers in (2, 4, 8, 16):
        size, overflow = pool_limits(10, 40, workers, 100, 3)
        assert workers * (size + overflow + 1) <= 100 - 3  # with each worker's LISTEN connection
    assert pool_limits(10, 40, 4, 400, 3) == (10, 40)  # a larger server: as configured
    assert pool_limits(10, 40, 200, 100, 3) == (2, 0)  # never less than two a process
    assert pool_limits(10, 40, 4, 100, 3) == (20, 0)  # bounded by the share: the share, kept between bursts


@pytest.mark.skipif(not TEST_DATABASE_URL.startswith("postgresql"), reason="PostgreSQL's max_connections")
def test_a_worker_s_pool_is_its_share_of_postgresql_s_connections(monkeypatch: Any) -> None:
    from app.config import get_settings
    from app.db.engine import make_engine

    monkeypatch.setattr(get_settings(), "workers", 8)
    engine = make_engine(TEST_DATABASE_URL)
    try:
        with engine.connect() as c:
            limit = int(c.exec_driver_sql("SHOW max_connections").scalar() or 0)
        assert 8 * (engine.pool.size() + engine.pool._max_overflow + 1) <= limit  # type: ignore[attr-defined]
        assert engine.pool.size() < get_settings().db_pool_size or limit >= 8 * 52
    finally:
        engine.dispose()
