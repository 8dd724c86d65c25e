"""Every answer the API test suite sees, recorded per operation, so the suite can check the OpenAPI contract:
each status observed for an operation is documented for it, and every ``rule`` is a regulation or FIDE article.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.http.contract import RULE_RE

#: Answers that document themselves elsewhere: a 500 is a bug (tests inject some on purpose and assert them).
NOT_CONTRACT = {500}


@dataclass
class Observed:
    statuses: dict[tuple[str, str], set[int]] = field(default_factory=lambda: defaultdict(set))
    bad_rules: set[tuple[str, str, str]] = field(default_factory=set)
    templates: list[tuple[re.Pattern[str], str]] = field(default_factory=list)
    operations: dict[str, set[str]] = field(default_factory=dict)

    def learn(self, doc: dict[str, Any]) -> None:
        if self.templates:
            return
        paths = sorted(doc["paths"], key=lambda p: (p.count("{"), p))  # literal segments win: /tournaments/import
        for p in paths:
            self.templates.append((re.compile("^" + re.sub(r"\\\{\w+\\\}", "[^/]+", re.escape(p)) + "$"), p))
        self.operations = {p: {m.upper() for m in item} for p, item in doc["paths"].items()}

    def template(self, path: str) -> str | None:
        return next((t for rx, t in self.templates if rx.match(path)), None)

    def record(self, method: str, path: str, status: int, content_type: str, body: bytes) -> None:
        template = self.template(path)
        if template is None or method not in self.operations.get(template, set()):
            return  # not an operation of the document (the docs pages, /web/, a test's own route)
        self.statuses[(method, template)].add(status)
        if content_type.startswith("application/problem+json") and body:
            try:
                rule = json.loads(body).get("rule")
            except ValueError:
                return
            if rule is not None and not (isinstance(rule, str) and RULE_RE.match(rule)):
                self.bad_rules.add((method, template, repr(rule)))


def undocumented(doc: dict[str, Any], statuses: dict[tuple[str, str], set[int]]) -> list[str]:
    """``METHOD path: status`` for every observed status the document does not list for the operation."""
    out = []
    for (method, path), seen in sorted(statuses.items()):
        documented = {int(s) for s in doc["paths"][path][method.lower()]["responses"]}
        out += [f"{method} {path}: {s}" for s in sorted(seen - documented - NOT_CONTRACT)]
    return out


OBSERVED = Observed()


class Recorder:
    """ASGI middleware (outermost): notes the status, content type and problem body of every answer."""

    def __init__(self, app: ASGIApp, observed: Observed = OBSERVED) -> None:
        self.app = app
        self.observed = observed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        status = 0
        ctype = ""
        body = b""

        async def recording_send(message: Message) -> None:
            nonlocal status, ctype, body
            if message["type"] == "http.response.start":
                status = message["status"]
                ctype = dict(message.get("headers", [])).get(b"content-type", b"").decode("latin-1")
            elif message["type"] == "http.response.body" and ctype.startswith("application/problem+json"):
                body += message.get("body", b"")
            await send(message)

        await self.app(scope, receive, recording_send)
        if status:
            self.observed.record(scope["method"], scope["path"], status, ctype, body)
