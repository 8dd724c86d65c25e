"""Health: whether this process can serve requests, for containers and load balancers."""

from __future__ import annotations

from app import __version__
from app.db.migrate import database_problem
from app.schemas.health import Health
from app.services.errors import ServiceUnavailable


def liveness() -> Health:
    """The process answers; the database is not touched (a liveness probe restarts a process that does not
    answer, not one whose database is down)."""
    return Health(status="ok", version=__version__)


def readiness() -> Health:
    """The database answers and its schema is at the migration this version needs; otherwise
    ``ServiceUnavailable`` saying what is wrong (a probe asks again after a few seconds)."""
    problem = database_problem()
    if problem is not None:
        raise ServiceUnavailable(None, "{problem}", params={"problem": problem}, retry_after=5)  # for operators
    return Health(status="ready", version=__version__)
