"""The live event stream of a tournament (Server-Sent Events, public)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Query
from fastapi.responses import StreamingResponse

from app.http.deps import Access, Id, public
from app.models.base import MAX_ID
from app.operations import live

router = APIRouter(prefix="/tournaments/{tournament_id}", tags=["events"])

EVENTS_DOC = """Server-Sent Events (`text/event-stream`) of what changes in the tournament, public:

- `round` `{"round": 3, "state": "published", "version": 57}`: a round's state or pairing changed;
- `match` `{"round": 3, "match": {...as GET .../rounds/3 shows it...}, "version": 58}`: a result in a public round;
- `standings` `{"version": 59, "after_round": 3}`: standings, crosstable and prizes changed;
- `tournament` `{"version": 60}`: anything else (teams, rosters, settings): reload what you show.

Each event has an `id`; reconnect with `Last-Event-ID` (or `?last_event_id=`) to get the events after it
first. `retry:` comes once at the start and a `: ping` comment every 15 s; with `?heartbeat=true` the ping is
an event a browser's EventSource can see, `ping` `{"interval": 15}` (no `id`), sent also at once: a stream
silent for longer than the interval is down. `version` is the tournament version the cached reads' ETags are
derived from."""


def _event(name: str, required: list[str], properties: dict[str, Any]) -> dict[str, Any]:
    data = {"type": "object", "required": required, "properties": {**properties, "version": {"type": "integer"}}}
    return {"required": ["id"], "properties": {"event": {"const": name}, "data": {
        "type": "string", "contentMediaType": "application/json", "contentSchema": data}}}


#: One event of the stream (in OpenAPI 3.1 a text/event-stream schema describes each event).
SSE_EVENT: dict[str, Any] = {
    "type": "object", "required": ["event", "data"],
    "properties": {"id": {"type": "string", "pattern": "^[0-9]+$", "description": "resume after it with Last-Event-ID"},
                   "event": {"enum": ["round", "match", "standings", "tournament", "ping"]},
                   "data": {"type": "string", "description": "a JSON object"},
                   "retry": {"type": "integer", "description": "milliseconds before reconnecting"}},
    "oneOf": [
        _event("round", ["round", "state", "version"], {"round": {"type": "integer"}, "state": {"type": "string"}}),
        _event("match", ["round", "match", "version"], {"round": {"type": "integer"}, "match": {"type": "object"}}),
        _event("standings", ["version"], {"after_round": {"type": ["integer", "null"]}}),
        _event("tournament", ["version"], {}),
        {"properties": {"event": {"const": "ping"}, "data": {
            "type": "string", "contentMediaType": "application/json", "contentSchema": {
                "type": "object", "required": ["interval"],
                "properties": {"interval": {"type": "number", "description": "seconds between two pings"}}}}}},
    ],
}


def resume_after(last_event_id: str | None, resume: int | None) -> int | None:
    """The event id a stream resumes after: the ``Last-Event-ID`` header when it is a number (ASCII digits:
    ``"²"`` is a digit to ``str.isdigit`` but not to ``int``), else ``?last_event_id=``. Event ids are 32-bit:
    beyond them nothing is newer."""
    text = (last_event_id or "").strip()
    if text.isascii() and text.isdigit():
        return min(int(text), MAX_ID)
    return resume


@router.get("/events", response_class=StreamingResponse, summary="Live events: rounds, results, standings (SSE)",
            description=EVENTS_DOC,
            responses={200: {"description": "the stream, one event after another",
                             "content": {"text/event-stream": {"schema": SSE_EVENT}}}})
async def events(tournament_id: Id, _: Annotated[Access, public()],
                 last_event_id: Annotated[str | None, Header(max_length=20)] = None,
                 resume: Annotated[int | None, Query(alias="last_event_id", ge=0, le=MAX_ID,
                                                     description="instead of the Last-Event-ID header")] = None,
                 heartbeat: Annotated[bool, Query(description="the ping as a `ping` event (for EventSource), "
                                                  "not a comment")] = False,
                 ) -> StreamingResponse:
    body = await live.open_stream(tournament_id, resume_after(last_event_id, resume), heartbeat)
    return StreamingResponse(body, media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
