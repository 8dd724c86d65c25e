# teamswiss: build the package, install it with the locked server requirements, run migrations, serve with uvicorn.
#
# Settings (environment variables; README "Settings" lists them all):
#   TEAMSWISS_SECRET_KEY      required: 32+ random characters (signs login tokens), e.g. `openssl rand -hex 32`
#   TEAMSWISS_DATABASE_URL    default: SQLite in the /data volume; production: postgresql+psycopg://user:pw@host/db
#   TEAMSWISS_ADMIN_USERNAME  with TEAMSWISS_ADMIN_PASSWORD (8+ characters): the first administrator, created
#   TEAMSWISS_ADMIN_PASSWORD  at start when the server has none (nothing changes once one exists)
#   TEAMSWISS_WORKERS         uvicorn worker processes (default 1; several need PostgreSQL for live events)
#   TEAMSWISS_CORS_ORIGINS    origins allowed to call the API from a browser (comma list)
#   TEAMSWISS_MAX_IN_FLIGHT   requests one worker works on at once before answering 503 (default 128)
#   TEAMSWISS_FORWARDED_ALLOW_IPS  the proxy whose X-Forwarded-For is believed (default 127.0.0.1, no other):
#                             behind nginx, its address (compose.yaml names it); never '*', or any client
#                             could choose the address the login throttle counts
# docker run -p 8000:8000 -v teamswiss-data:/data -e TEAMSWISS_SECRET_KEY=... \
#            -e TEAMSWISS_ADMIN_USERNAME=admin -e TEAMSWISS_ADMIN_PASSWORD=... teamswiss
FROM python:3.11-slim AS build
# the wheel, built with the locked build backend (requirements/build.txt): web/ and migrations/ go inside it
WORKDIR /src
COPY requirements/build.txt requirements/
RUN pip install --no-cache-dir --require-hashes -r requirements/build.txt
COPY pyproject.toml README.md ./
COPY app ./app
COPY migrations ./migrations
COPY web ./web
RUN pip wheel --no-cache-dir --no-deps --no-build-isolation -w /dist .

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 \
    TEAMSWISS_ENV=production \
    TEAMSWISS_DATABASE_URL=sqlite:////data/teamswiss.db \
    TEAMSWISS_WORKERS=1

WORKDIR /srv/teamswiss
# what the server needs, at the locked versions and hashes (its own layer: rebuilt only when the lock changes),
# then the package alone
COPY requirements/server.txt /tmp/requirements-server.txt
RUN pip install --no-cache-dir --require-hashes -r /tmp/requirements-server.txt && rm /tmp/requirements-server.txt
COPY --from=build /dist/ /tmp/dist/
RUN pip install --no-cache-dir --no-deps /tmp/dist/*.whl && rm -r /tmp/dist \
    && useradd --system --home /srv/teamswiss teamswiss && mkdir -p /data && chown teamswiss /data

USER teamswiss
VOLUME ["/data"]
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import urllib.request, sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/health', timeout=4).status != 200)"]
# migrate (and create the first admin from the environment) once, then the workers
CMD ["sh", "-c", "teamswiss migrate && exec teamswiss serve --host 0.0.0.0 --port 8000"]
