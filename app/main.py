"""The ASGI application: ``uvicorn app.main:app`` serves it (built by :func:`app.http.factory.create_app`)."""

from app.http.factory import create_app

app = create_app()
