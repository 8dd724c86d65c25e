"""Health checks for containers and load balancers: liveness without the database, readiness with it."""

from __future__ import annotations

from fastapi import APIRouter

from app.http.deps import answers
from app.operations import health as checks
from app.schemas.health import Health

router = APIRouter(tags=["health"])


@router.get("/healthz", response_model=Health, summary="Liveness: the process answers")
def healthz() -> Health:
    """The server process answers; the database is not touched (a liveness probe restarts a process that does
    not answer, not one whose database is down)."""
    return checks.liveness()


@router.get("/health", response_model=Health, summary="Liveness (an alias of /healthz)")
def health() -> Health:
    """The same answer as `GET /healthz`, kept for existing probes."""
    return healthz()


@router.get("/readyz", response_model=Health, summary="Readiness: the database is usable", responses=answers(
    503, s503="Not ready: the database does not answer, or its schema is not at the migration this version needs"))
def readyz() -> Health:
    """The database answers and its schema is at the migration this version needs: the server can serve
    requests. Otherwise 503 problem+json whose `detail` says what is wrong (for a readiness probe or a load
    balancer's health check)."""
    return checks.readiness()
