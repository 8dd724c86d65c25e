"""The ASGI application: ``uvicorn app.main:app`` serves it; ``create_app()`` builds it."""

from __future__ import annotations

import importlib
from pathlib import Path

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import RedirectResponse
from fastapi.staticfiles import StaticFiles

from app import __version__
from app.config import Settings, get_settings
from app.errors import CatchAllMiddleware, install_error_handlers
from app.middleware import BodyLimitMiddleware, NulGuardMiddleware

#: The public web page (a static single-page app, see web/README.md), served at /web/.
WEB_DIR = Path(__file__).resolve().parents[1] / "web"

ROUTERS = (
    "auth", "users", "clubs", "tournaments", "teams", "tournament_players", "ranking", "lineups", "rounds",
    "results", "standings", "appeals", "exchange", "audit",
)

DESCRIPTION = """
The API of **teamswiss**, a server for Swiss-system team chess tournaments: entries,
rosters, lineups, FIDE C.04.6 team pairings, results, standings with FIDE C.07
tiebreaks, prizes and FIDE report files.

Errors are `application/problem+json` (RFC 9457) with a `rule` member naming the
regulation (`R-3.2`) or FIDE article (`C.04.6 3.4`) that refused the request.
Public readers need no token; writes need a bearer token from `POST /auth/token`
or an API token.
"""


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    app = FastAPI(title="teamswiss", version=__version__, description=DESCRIPTION)
    # the last added runs first: CORS headers on every answer, a bug answered as problem+json inside them
    app.add_middleware(NulGuardMiddleware)
    app.add_middleware(BodyLimitMiddleware, default=settings.max_body_bytes,
                       per_path={"/tournaments/import": settings.max_upload_bytes})
    app.add_middleware(CatchAllMiddleware)
    app.add_middleware(
        CORSMiddleware,
        allow_origins=settings.cors_origins,
        allow_methods=["*"],
        allow_headers=["*"],
        expose_headers=["ETag", "Location"],
    )
    install_error_handlers(app)
    for name in ROUTERS:
        app.include_router(importlib.import_module(f"app.routers.{name}").router)

    @app.get("/health", tags=["meta"], summary="Liveness check")
    def health() -> dict[str, str]:
        return {"status": "ok", "version": __version__}

    has_web = (WEB_DIR / "index.html").is_file()
    if has_web:
        app.mount("/web", StaticFiles(directory=WEB_DIR, html=True), name="web")

    @app.get("/", include_in_schema=False)
    def root() -> RedirectResponse:
        return RedirectResponse("/web/" if has_web else "/docs")

    return app


app = create_app()
