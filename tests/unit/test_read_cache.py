"""The read cache's one single-flight: readers of an entry being computed wait for that one computation,
whether they wait in a worker thread (a route) or in the event loop (the fast path)."""

from __future__ import annotations

import asyncio
import threading
from datetime import UTC, datetime

from app.operations.cache import LRU, EntryKey, ViewKey, etag_of
from app.operations.versions import Stamp

CREATED = datetime(2026, 12, 1, 9, 30, tzinfo=UTC)


def entry(version: int = 3) -> EntryKey:
    return ViewKey(7, "standings", (None,), "public").at(Stamp(version, CREATED))


def test_an_entry_key_names_its_view_at_one_version_and_its_etag_is_etag_of_its_fields() -> None:
    key = entry()
    assert key == EntryKey(ViewKey(7, "standings", (None,), "public"), 3, CREATED) and hash(key) == hash(entry())
    assert key.etag == etag_of(7, 3, CREATED, "standings", (None,), "public")
    assert key.etag.startswith('W/"t7-v3-') and key.etag != entry(4).etag
    assert key.at(Stamp(3, CREATED)) is key  # a repeated read of the same version makes no key
    assert key.at(Stamp(4, CREATED)) == entry(4) and key.at(Stamp(3, datetime(2026, 12, 2, tzinfo=UTC))) != key


def test_readers_in_the_event_loop_wait_for_a_computation_in_a_worker_thread() -> None:
    cache, key = LRU(8), entry()
    computing, release = threading.Event(), threading.Event()

    def compute() -> bytes:
        computing.set()
        release.wait(5)
        return b'{"ok":1}'

    route = threading.Thread(target=cache.get, args=(key, compute))  # a route computes it
    route.start()
    computing.wait(5)

    async def readers() -> list[bytes | None]:
        assert cache.claim(key) is None  # it is being computed: nobody else claims it
        waiting = [asyncio.ensure_future(cache.wait(key)) for _ in range(3)]
        await asyncio.sleep(0.01)
        assert not any(w.done() for w in waiting)
        release.set()
        return list(await asyncio.gather(*waiting))

    assert asyncio.run(readers()) == [b'{"ok":1}'] * 3
    route.join()
    assert cache.misses == 1


def test_the_request_that_claimed_an_entry_computes_it_and_the_others_wait_for_it() -> None:
    cache, key = LRU(8), entry()
    computed: list[str] = []

    def compute() -> bytes:
        computed.append(threading.current_thread().name)
        return b"{}"

    async def burst() -> tuple[bytes | None, list[bytes | None]]:
        claim = cache.claim(key)
        assert claim is not None and cache.claim(key) is None
        waiting = [asyncio.ensure_future(cache.wait(key)) for _ in range(3)]
        with claim:  # the claimant's route, in a worker thread: it computes rather than waiting for itself
            body = await asyncio.wait_for(asyncio.to_thread(cache.get, key, compute), 5)
        return body, list(await asyncio.gather(*waiting))

    body, others = asyncio.run(burst())
    assert body == b"{}" and others == [b"{}"] * 3 and len(computed) == 1 and cache.misses == 1


def test_a_failed_or_abandoned_computation_lets_the_waiting_readers_ask_again() -> None:
    cache, key = LRU(8), entry()

    async def abandoned() -> tuple[bytes | None, bool]:
        claim = cache.claim(key)
        assert claim is not None
        waiting = asyncio.ensure_future(cache.wait(key))
        await asyncio.sleep(0)
        with claim:  # the claimant's route failed, or answered another version: nothing kept
            pass
        return await waiting, cache.claim(key) is not None

    assert asyncio.run(abandoned()) == (None, True)  # no entry; the next reader may claim it
