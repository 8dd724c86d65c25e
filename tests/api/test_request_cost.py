"""A pairing request and a batch of results load each row once, not one query per match or board."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import event

from tests.api.factory import all_white_wins, ok, pair_publish, setup

ONE_MATCH = re.compile(r'FROM "?match"? WHERE "?match"?\.id = ')
ONE_BOARD = re.compile(r"FROM board_game WHERE board_game\.match_id = \S+ AND board_game\.board = ")


@contextmanager
def statements(engine: Any) -> Iterator[list[str]]:
    seen: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        seen.append(" ".join(statement.split()))

    event.listen(engine, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", note)


def test_pairing_and_a_batch_of_results_make_no_query_per_match_or_board(client: TestClient,
                                                                          admin: dict[str, str],
                                                                          engine: Any) -> None:
    tid, _ = setup(client, admin, teams=6)
    rnd = pair_publish(client, admin, tid, 1)
    ok(client.post(f"/tournaments/{tid}/rounds/1/results", json={"results": all_white_wins(rnd)}, headers=admin))
    ok(client.post(f"/tournaments/{tid}/rounds/1/complete", headers=admin))
    with statements(engine) as paired:
        ok(client.post(f"/tournaments/{tid}/rounds/2/pair", headers=admin))
    assert not [s for s in paired if ONE_MATCH.search(s)]  # the new matches are known, not loaded one by one
    rnd = ok(client.post(f"/tournaments/{tid}/rounds/2/publish", headers=admin))
    with statements(engine) as posted:
        out = ok(client.post(f"/tournaments/{tid}/rounds/2/results", json={"results": all_white_wins(rnd)},
                             headers=admin))
    assert out["changed"] == sum(len(m["boards"]) for m in rnd["matches"] if not m["pab"])
    assert not [s for s in posted if ONE_MATCH.search(s) or ONE_BOARD.search(s)]


def test_the_session_costs_one_thread_hop_a_request(client: TestClient, admin: dict[str, str],
                                                    monkeypatch: Any) -> None:
    """Sync dependencies and handlers run in worker threads; the session adds one hop (its end), not two."""
    import anyio.to_thread

    tid, _ = setup(client, admin, teams=2)
    hops: list[str] = []
    run_sync = anyio.to_thread.run_sync

    async def counted(func: Any, *args: Any, **kw: Any) -> Any:
        hops.append(getattr(getattr(func, "func", func), "__qualname__", repr(func)))
        return await run_sync(func, *args, **kw)

    monkeypatch.setattr(anyio.to_thread, "run_sync", counted)
    ok(client.patch(f"/tournaments/{tid}", json={"city": "Larissa"}, headers=admin))
    # the bearer, the route's permission, the handler, its answer's validation, the session's commit and end
    assert len(hops) <= 5, hops
