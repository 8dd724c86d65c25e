# teamswiss: build the package, run migrations, serve with uvicorn.
# TEAMSWISS_DATABASE_URL selects the database (PostgreSQL in production).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 \
    TEAMSWISS_ENV=production \
    TEAMSWISS_DATABASE_URL=sqlite:////data/teamswiss.db

WORKDIR /srv/teamswiss
COPY pyproject.toml README.md alembic.ini ./
COPY app ./app
COPY migrations ./migrations
COPY web ./web
RUN pip install --no-cache-dir . && useradd --system --home /srv/teamswiss teamswiss \
    && mkdir -p /data && chown teamswiss /data

USER teamswiss
EXPOSE 8000
CMD ["sh", "-c", "teamswiss migrate && exec uvicorn app.main:app --host 0.0.0.0 --port 8000 --proxy-headers"]
