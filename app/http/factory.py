"""The ASGI application: ``uvicorn app.main:app`` serves it; ``create_app()`` builds it."""

from __future__ import annotations

import importlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.resources import files
from pathlib import Path

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html, get_swagger_ui_oauth2_redirect_html
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.routing import iter_route_contexts
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp

from app import __version__
from app.config import Settings, get_settings
from app.http import contract
from app.http.caching import CachedReads
from app.http.middleware import (
    WEB_HEADERS,
    BodyLimitMiddleware,
    LanguageMiddleware,
    LiteralPathMiddleware,
    NulGuardMiddleware,
    SecurityHeaders,
)
from app.http.overload import LoadShedding
from app.http.problems import CatchAllMiddleware, install_error_handlers
from app.process import worker_started


def _web_dir() -> Path:
    """The public page's files: inside the installed package (app/web, pyproject.toml puts them there), or web/ at
    the top of the source tree the package runs from (an editable install, the tests)."""
    installed = Path(str(files("app") / "web"))
    return installed if installed.is_dir() else installed.parents[1] / "web"


#: The public web page (a static single-page app, see web/README.md), served at /web/.
WEB_DIR = _web_dir()

#: Swagger UI and ReDoc come from the fastapi-offline package: /docs and /redoc work at a venue without internet.
DOCS_ASSETS = Path(str(files("fastapi_offline") / "static"))

ROUTERS = (
    "auth", "users", "clubs", "tournaments", "teams", "tournament_players", "ranking", "lineups", "rounds",
    "results", "standings", "appeals", "exchange", "audit", "events", "mirror", "publication", "health",
)


def compressed(files: StaticFiles) -> ASGIApp:
    """Static files (the public page's scripts and styles, the API docs' bundles) gzipped for clients that accept it.

    Only the static files: the JSON answers are small or served from cached bytes thousands of times a second
    (compressing each would cost more than it saves on a LAN; a reverse proxy may compress them), and the event
    streams must not be buffered."""
    return GZipMiddleware(files, minimum_size=1024, compresslevel=6)


def warm_up() -> None:
    """What a worker does once at start, before its first request, so that no request pays for it.

    - imports what some requests would import lazily: the pairing engine's weighted matching (networkx,
      ~0.1 s), which a file command loads only when a bracket needs it;
    - freezes what is alive after start (:func:`app.process.worker_started`).

    Once a process: a process that builds many apps (the tests) freezes what it had at the first.
    """
    global _warm
    if _warm:
        return
    _warm = True
    from app.services.pairing.matching import load_weighted_matching

    load_weighted_matching()
    worker_started()


_warm = False


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    warm_up()
    from app.db.engine import get_engine
    from app.operations.publishing import start_console_publishers

    start_console_publishers(get_engine())  # the tournaments this server publishes from its console
    yield


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    app = FastAPI(title="teamswiss", version=__version__, description=contract.description(),
                  openapi_tags=contract.TAGS, docs_url=None, redoc_url=None,
                  generate_unique_id_function=contract.operation_id, lifespan=lifespan)
    contract.install(app)
    # the last added runs first: CORS headers on every answer, a bug answered as problem+json inside them
    app.add_middleware(CachedReads)  # a cached read answered from its bytes after one version query
    app.add_middleware(LiteralPathMiddleware)
    app.add_middleware(LanguageMiddleware)  # the request's language, for the rule problems answers list
    app.add_middleware(NulGuardMiddleware)
    app.add_middleware(CatchAllMiddleware)
    app.add_middleware(LoadShedding, max_in_flight=settings.max_in_flight,  # bounded work in flight, no queue
                       max_streams=settings.max_streams, max_streams_per_client=settings.max_streams_per_client)
    # outside load shedding: a request counts as in flight once its body is in (slow senders hold no slot)
    app.add_middleware(BodyLimitMiddleware, default=settings.max_body_bytes,
                       per_path={"/tournaments/import": settings.max_upload_bytes},
                       timeout=settings.body_timeout_seconds, upload_timeout=settings.upload_timeout_seconds,
                       max_bodies=settings.max_bodies_in_progress, max_uploads=settings.max_uploads_in_progress)
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
    _docs(app)
    # FastAPI builds the included routers' routes lazily; build them now, in one thread, rather than in the first
    # concurrent requests (the 405 answers and LiteralPathMiddleware walk them too)
    for _ in iter_route_contexts(app.routes):
        pass

    has_web = (WEB_DIR / "index.html").is_file()
    if has_web:
        app.mount("/web", SecurityHeaders(compressed(StaticFiles(directory=WEB_DIR, html=True)), WEB_HEADERS),
                  name="web")

    @app.get("/", include_in_schema=False)
    def root() -> RedirectResponse:
        return RedirectResponse("/web/" if has_web else "/docs")

    return app


#: The documentation pages load nothing from another host (ReDoc would fetch its logo from its CDN).
DOCS_CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
            "img-src 'self' data:; font-src 'self' data:; worker-src 'self' blob:; connect-src 'self'")


def _docs(app: FastAPI) -> None:
    """/docs (Swagger UI) and /redoc (ReDoc) from files installed with the package: nothing from a CDN."""
    app.mount("/docs/assets", compressed(StaticFiles(directory=DOCS_ASSETS)), name="docs-assets")
    title = f"{app.title} {app.version}"

    def page(html: HTMLResponse) -> HTMLResponse:
        html.headers["Content-Security-Policy"] = DOCS_CSP
        return html

    @app.get("/docs", include_in_schema=False)
    def swagger_ui() -> HTMLResponse:
        return page(get_swagger_ui_html(
            openapi_url="/openapi.json", title=f"{title} - API", oauth2_redirect_url="/docs/oauth2-redirect",
            swagger_js_url="/docs/assets/swagger-ui-bundle.js", swagger_css_url="/docs/assets/swagger-ui.css",
            swagger_favicon_url="/docs/assets/favicon.png",
            swagger_ui_parameters={"validatorUrl": None, "persistAuthorization": True}))

    @app.get("/docs/oauth2-redirect", include_in_schema=False)
    def swagger_ui_redirect() -> HTMLResponse:
        return page(get_swagger_ui_oauth2_redirect_html())

    @app.get("/redoc", include_in_schema=False)
    def redoc() -> HTMLResponse:
        return page(get_redoc_html(openapi_url="/openapi.json", title=f"{title} - API reference",
                                   redoc_js_url="/docs/assets/redoc.standalone.js",
                                   redoc_favicon_url="/docs/assets/favicon.png", with_google_fonts=False))


