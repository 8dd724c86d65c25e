"""An uploaded file's bytes: the ``file`` field of a ``multipart/form-data`` form (a browser's upload), or the
whole request body (a script's ``curl --data-binary``). The body limit (``BodyLimitMiddleware``) has bounded it."""

from __future__ import annotations

from fastapi import Request
from starlette.datastructures import UploadFile

from app.services.errors import InvalidInput


async def uploaded_bytes(request: Request) -> bytes:
    """The file's bytes: the form's ``file`` field (else its first file), or the raw request body."""
    if not request.headers.get("content-type", "").startswith("multipart/form-data"):
        return await request.body()
    form = await request.form()
    upload = form.get("file")
    if upload is None:
        upload = next((v for v in form.values() if isinstance(v, UploadFile)), None)
    if isinstance(upload, UploadFile):
        return await upload.read()
    if isinstance(upload, str):
        return upload.encode()
    raise InvalidInput(None, "the upload has no file (form field 'file')")
