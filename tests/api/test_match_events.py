"""A result's ``match`` event carries the match read model the write answered with, built once."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.models import TournamentEvent
from tests.api.factory import ok
from tests.api.test_rounds import pair_publish, setup


def _match_events(engine: Any, after: int) -> list[dict[str, Any]]:
    with Session(engine) as s:
        rows = s.exec(select(TournamentEvent).where(TournamentEvent.id > after, TournamentEvent.kind == "match")
                      .order_by(TournamentEvent.id)).all()  # type: ignore[arg-type]
        return [r.payload for r in rows]


def _last_event(engine: Any) -> int:
    with Session(engine) as s:
        return max((e.id or 0 for e in s.exec(select(TournamentEvent)).all()), default=0)


def test_the_event_is_the_answer_and_the_read_model_is_built_once(client: TestClient, admin: dict[str, str],
                                                                  engine: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import app.operations.reads.rounds as reads
    import app.operations.results as results
    import app.operations.tracking  # noqa: F401 - the hook looks the builder up in reads.rounds

    tid, _ = setup(client, admin, teams=4)
    rnd = pair_publish(client, admin, tid, 1)
    m = rnd["matches"][0]
    built: list[int] = []
    real = reads.match_read

    def counting(*a: Any, **kw: Any) -> Any:
        built.append(a[3].id)
        return real(*a, **kw)

    monkeypatch.setattr(reads, "match_read", counting)
    monkeypatch.setattr(results, "match_read", counting)
    before = _last_event(engine)
    answer = ok(client.put(f"/tournaments/{tid}/rounds/1/matches/{m['id']}/boards/1", json={"result": "1-0"},
                           headers=admin))
    assert built == [m["id"]]  # the answer's; the event reused it
    events = _match_events(engine, before)
    assert [e["match"] for e in events] == [answer]

    built.clear()
    before = _last_event(engine)
    batch = ok(client.post(f"/tournaments/{tid}/rounds/1/results", headers=admin, json={"results": [
        {"table": m["table"], "board": 2, "result": "0-1", "if_match": answer["etag"]}]}))
    assert built == [m["id"]]
    assert [e["match"] for e in _match_events(engine, before)] == batch["matches"]
