"""The live event stream (/tournaments/{id}/events, server-sent events): replay after Last-Event-ID, reload when
the kept events are gone, a live subscriber, heartbeats, the documented schema of each event, and the ids a
client may send."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.http.factory import create_app
from app.models import TournamentEvent
from app.operations.live import broker
from tests.api.factory import all_white_wins, expect_problem, make_tournament, ok, pair_publish, setup, version


def read_events(client: TestClient, tid: int, count: int, last_event_id: str | None = None,
                query: str = "") -> list[tuple[str, str, Any]]:
    """The first ``count`` events of the stream as (id, event, data)."""
    headers = {"Last-Event-ID": last_event_id} if last_event_id is not None else {}
    out: list[tuple[str, str, Any]] = []
    with client.stream("GET", f"/tournaments/{tid}/events{query}", headers=headers) as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        fields: dict[str, str] = {}
        for line in r.iter_lines():
            if line == "":
                if "event" in fields:
                    out.append((fields["id"], fields["event"], json.loads(fields["data"])))
                    if len(out) == count:
                        break
                fields = {}
            elif not line.startswith(":"):
                k, _, v = line.partition(": ")
                fields[k] = v
    return out


def test_events_replay_after_last_event_id(client: TestClient, admin: dict[str, str], engine: Any) -> None:
    tid, _ = setup(client, admin, teams=4)
    with Session(engine) as s:
        start = max(e.id or 0 for e in s.exec(select(TournamentEvent)).all())
    rnd = pair_publish(client, admin, tid, 1)
    items = all_white_wins(rnd)
    ok(client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": items[:1]}, headers=admin))
    ok(client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": items[1:]}, headers=admin))
    ok(client.post(f"/tournaments/{tid}/rounds/1/complete", headers=admin))
    events = read_events(client, tid, 8, str(start))
    kinds = [(k, d.get("state")) for _, k, d in events]
    assert kinds == [("round", "paired"), ("round", "published"), ("round", "in_progress"), ("match", None),
                     ("match", None), ("match", None), ("round", "completed"), ("standings", None)], kinds
    ids = [int(i) for i, _, _ in events]
    assert ids == sorted(ids) and ids[0] > start
    versions = [d["version"] for _, _, d in events]
    assert versions == sorted(versions)
    # a match event carries the match exactly as the public round shows it
    public = client.get(f"/tournaments/{tid}/rounds/1").json()
    last_match = [d for _, k, d in events if k == "match"][-1]
    assert last_match["match"] in public["matches"] and last_match["round"] == 1
    assert events[-1][2] == {"version": version(engine, tid), "after_round": 1}
    # ?last_event_id= works like the header; nothing is replayed twice
    again = read_events(client, tid, 2, query=f"?last_event_id={ids[-3]}")
    assert [int(i) for i, _, _ in again] == ids[-2:]
    # an unpublished pairing shows only its state to the public
    ok(client.post(f"/tournaments/{tid}/rounds/2/pair", headers=admin))
    (_, kind, data), = read_events(client, tid, 1, str(ids[-1]))
    assert kind == "round" and data == {"round": 2, "state": "paired", "version": version(engine, tid)}


def test_a_resume_from_before_the_kept_events_is_told_to_reload(client: TestClient, admin: dict[str, str],
                                                                engine: Any) -> None:
    tid, _ = setup(client, admin, teams=4)
    with Session(engine) as s:
        oldest = min(e.id or 0 for e in s.exec(select(TournamentEvent)).all())
        for e in s.exec(select(TournamentEvent).where(TournamentEvent.id == oldest)).all():
            s.delete(e)  # pruned
        s.commit()
    (_, kind, data), = read_events(client, tid, 1, "0")
    assert kind == "tournament" and data == {"version": version(engine, tid)}
    assert client.get("/tournaments/999/events").status_code == 404


def test_a_live_subscriber_gets_a_result_posted_meanwhile(client: TestClient, admin: dict[str, str]) -> None:
    tid, _ = setup(client, admin, teams=4)
    rnd = pair_publish(client, admin, tid, 1)
    got: list[Any] = []

    def listen() -> None:
        got.extend(read_events(client, tid, 2))

    th = threading.Thread(target=listen)
    th.start()
    deadline = time.monotonic() + 10
    while broker.subscribers == 0 and time.monotonic() < deadline:
        time.sleep(0.02)
    with TestClient(create_app()) as writer:
        ok(writer.post(f"/tournaments/{tid}/rounds/1/results", json={"results": all_white_wins(rnd)[:1]},
                       headers=admin))
    th.join(10)
    assert [k for _, k, _ in got] == ["round", "match"]
    assert got[1][2]["match"]["boards"][0]["result"] == "1-0"


def test_heartbeat_and_retry(client: TestClient, admin: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    from app.config import get_settings

    tid, _ = setup(client, admin, teams=2)
    monkeypatch.setattr(get_settings(), "sse_ping_seconds", 0.05)
    lines: list[str] = []
    with client.stream("GET", f"/tournaments/{tid}/events") as r:
        for line in r.iter_lines():
            lines.append(line)
            if line == ": ping":
                break
    assert lines[0] == "retry: 3000" and lines[-1] == ": ping"


def test_a_browser_asks_for_a_heartbeat_it_can_see(client: TestClient, admin: dict[str, str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """EventSource cannot read comments: with ?heartbeat=true the ping is a `ping` event naming its interval, sent at
    once and when idle, without an id (Last-Event-ID still names the last real event)."""
    import json

    import jsonschema_rs

    from app.config import get_settings

    tid, _ = setup(client, admin, teams=2)
    monkeypatch.setattr(get_settings(), "sse_ping_seconds", 0.05)
    blocks: list[list[str]] = [[]]
    with client.stream("GET", f"/tournaments/{tid}/events?heartbeat=true") as r:
        for line in r.iter_lines():
            if line:
                blocks[-1].append(line)
            elif blocks[-1]:
                blocks.append([])
                if len(blocks) > 3:
                    break
    assert blocks[0] == ["retry: 3000"]
    assert blocks[1] == blocks[2] == ["event: ping", 'data: {"interval":0.05}']
    schema = client.get("/openapi.json").json()["paths"]["/tournaments/{tournament_id}/events"]["get"]["responses"][
        "200"]["content"]["text/event-stream"]["schema"]
    jsonschema_rs.validate(schema, {"event": "ping", "data": json.dumps({"interval": 0.05})})
    with pytest.raises(jsonschema_rs.ValidationError):
        jsonschema_rs.validate(schema, {"event": "match", "data": "{}"})  # a real event has its id


def test_the_event_stream_matches_its_documented_schema(client: TestClient, admin: dict[str, str],
                                                        engine: Any) -> None:
    """The stream was documented as one string; schemathesis reads each event ({id, event, data}) against it."""
    import json

    import jsonschema_rs

    tid, _ = setup(client, admin, teams=4)
    rnd = pair_publish(client, admin, tid, 1)
    ok(client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": all_white_wins(rnd)}, headers=admin))
    ok(client.post(f"/tournaments/{tid}/rounds/1/complete", headers=admin))
    doc = client.get("/openapi.json").json()
    schema = doc["paths"]["/tournaments/{tournament_id}/events"]["get"]["responses"]["200"]["content"][
        "text/event-stream"]["schema"]
    from sqlmodel import Session, func, select

    from app.models import TournamentEvent

    with Session(engine) as session:
        count = session.exec(select(func.count()).select_from(TournamentEvent)
                             .where(TournamentEvent.tournament_id == tid)).one()
    events = read_events(client, tid, int(count), "0")
    assert {kind for _, kind, _ in events} == {"round", "match", "standings", "tournament"}
    by_kind = {b["properties"]["event"]["const"]: b["properties"]["data"]["contentSchema"] for b in schema["oneOf"]}
    for event_id, kind, data in events:
        jsonschema_rs.validate(schema, {"id": event_id, "event": kind, "data": json.dumps(data)})
        jsonschema_rs.validate(by_kind[kind], data)
    with pytest.raises(jsonschema_rs.ValidationError):
        jsonschema_rs.validate(schema, {"id": "1", "event": "gossip", "data": "{}"})


def test_a_huge_last_event_id_is_refused_or_clamped(client: TestClient, admin: dict[str, str]) -> None:
    """?last_event_id=1555012661080344494080 reached the database query: a 500 (found by the long run)."""
    t = make_tournament(client, admin)
    r = client.get(f"/tournaments/{t['id']}/events?last_event_id=1555012661080344494080")
    expect_problem(r, 422)
    with client.stream("GET", f"/tournaments/{t['id']}/events",
                       headers={"Last-Event-ID": "99999999999999999999"}) as stream:  # clamped: a stream, no 500
        assert stream.status_code == 200 and stream.headers["content-type"].startswith("text/event-stream")


@pytest.mark.parametrize(("header", "query", "after"), [
    ("\xb2", None, None), ("\xb2", 7, 7), ("٣", None, None), (" 12 ", None, 12),
    ("99999999999999999999", None, 2**31 - 1), (None, 5, 5), ("", 5, 5), ("abc", None, None)])
def test_a_last_event_id_is_a_number_only_of_ascii_digits(header: str | None, query: int | None,
                                                           after: int | None) -> None:
    """``"²".isdigit()`` is true and ``int("²")`` fails: such a Last-Event-ID (a byte of the latin-1 header from a
    real client) reached ``int``, a 500."""
    from app.routers.events import resume_after

    assert resume_after(header, query) == after


# --- a result's match event: the read model the write answered with, built once ---------------------------


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


def test_subscribers_that_come_together_start_with_one_read(client: TestClient, admin: dict[str, str], engine: Any,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A burst of parents opening the page costs one read of where each starts, not one connection each (with
    several workers on PostgreSQL, one each exhausted the server's connections)."""
    import asyncio

    from app.operations import live
    from app.services.errors import NotFound

    tid, _ = setup(client, admin, teams=2)
    with Session(engine) as s:
        newest = max(e.id or 0 for e in s.exec(select(TournamentEvent).where(TournamentEvent.tournament_id == tid)))
    reads: list[int] = []
    real = live.start_positions

    def counted(engine: Any, asks: list[tuple[int, int | None]]) -> Any:
        reads.append(len(asks))
        return real(engine, asks)

    monkeypatch.setattr(live, "start_positions", counted)

    async def burst() -> list[Any]:
        b = live.Broker()
        asks = [b.subscribe(engine, tid, None) for _ in range(40)] + [b.subscribe(engine, 999_999, None)]
        found = await asyncio.gather(*asks, return_exceptions=True)
        for task in b._tasks:
            task.cancel()
        return found

    found = asyncio.run(burst())
    assert sum(reads) == 41 and len(reads) <= 3, reads
    assert all(sub.last_id == newest and reset is None for sub, reset in found[:40])
    assert isinstance(found[40], NotFound)


def test_events_that_come_together_go_out_in_one_write() -> None:
    """A result and the standings it moves reach a subscriber in one write (half the writes for 10,000 phones)."""
    import asyncio

    from app.operations import live

    async def first_writes() -> list[bytes]:
        sub = live.Subscription(1, 0)
        for n, kind in ((1, "match"), (2, "standings")):
            sub.offer(live.Event(n, 1, kind, {"n": n}))
        body = live.stream(sub, None, 15.0, 3000)
        writes = [await body.__anext__(), await body.__anext__()]
        sub.offer(live.Event(3, 1, "match", {"n": 3}))
        writes.append(await body.__anext__())
        await body.aclose()
        return writes

    retry, together, alone = asyncio.run(first_writes())
    assert retry.startswith(b"retry:")
    assert together == b'id: 1\nevent: match\ndata: {"n":1}\n\nid: 2\nevent: standings\ndata: {"n":2}\n\n'
    assert alone == b'id: 3\nevent: match\ndata: {"n":3}\n\n'


def test_the_events_of_tournaments_that_wake_together_are_read_in_one_statement(
        client: TestClient, admin: dict[str, str], engine: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """When every venue pushes at once, a process reads the events of all the tournaments it was woken for in one
    statement, not one each; a read that fills its limit is followed by the next, from where it ended."""
    import asyncio

    from app.operations import live
    from tests.api.test_request_cost import statements

    tids = [setup(client, admin, teams=2)[0] for _ in range(3)]
    monkeypatch.setattr(live, "REPLAY_MAX", 4)  # six events: four, then two

    async def together() -> tuple[list[list[tuple[int, Any]]], list[str]]:
        b = live.Broker()
        subs = [(await b.subscribe(engine, tid, None))[0] for tid in tids]
        await asyncio.sleep(0.1)  # the subscriptions' own reads
        with Session(engine) as s:
            for n in range(2):
                s.add_all(TournamentEvent(tournament_id=tid, kind="tournament", payload={"n": n}) for tid in tids)
                s.flush()
            s.commit()
        with statements(engine) as seen:
            b._mark(set(tids))
            for _ in range(200):
                if all(sub.queue.qsize() == 2 for sub in subs):
                    break
                await asyncio.sleep(0.02)
            await asyncio.sleep(0.1)  # and no read after the last
        for task in b._tasks:
            task.cancel()
        return [[(e.tournament_id, e.data["n"]) for e in (sub.queue.get_nowait() for _ in range(sub.queue.qsize()))]
                for sub in subs], [q for q in seen if "FROM tournament_event" in q]

    got, reads = asyncio.run(together())
    assert got == [[(tid, 0), (tid, 1)] for tid in tids]
    assert len(reads) == 2, reads


def test_an_idle_stream_is_pinged_by_the_heartbeat_and_an_event_puts_the_ping_off() -> None:
    """One heartbeat task pings the idle streams (a stream arms no timer of its own for each event): after two of
    its turns (a ping interval) without a write, not after one; an event starts the count again."""
    import asyncio

    from app.operations import live

    async def turns() -> list[bytes]:
        sub = live.Subscription(1, 0)
        body = live.stream(sub, None, 15.0, 3000)
        out = [await body.__anext__()]
        sub.beat()
        sub.offer(live.Event(1, 1, "match", {"n": 1}))
        out.append(await body.__anext__())
        sub.beat()
        assert sub.queue.empty()  # one turn since the event: no ping yet
        sub.beat()
        out.append(await body.__anext__())
        await body.aclose()
        return out

    retry, event, ping = asyncio.run(turns())
    assert retry.startswith(b"retry:") and event.startswith(b"id: 1\n") and ping == b": ping\n\n"
