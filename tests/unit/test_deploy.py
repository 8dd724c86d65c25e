"""The deployment files (no Docker engine in the test environment): they parse, and name real settings and commands."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import yaml

from app.cli.main import build_parser
from app.config import Settings

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
