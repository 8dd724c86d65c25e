"""A public view in parts: which parts a mirror is sent after a change (app.services.mirror_parts)."""

from __future__ import annotations

from typing import Any

from app.services import mirror_parts as mp


def view(results: str = "1-0", name: str = "Open", rounds: int = 2) -> dict[str, Any]:
    export = {"tournament": {"name": name, "tpns_locked": True, "rules": {}},
              "clubs": [{"id": 1, "name": "A"}], "teams": [{"id": 1, "club_id": 1, "players": [1]}],
              "players": [{"id": 1, "last_name": "X"}],
              "rounds": [{"number": n, "matches": [{"table": 1, "boards": [{"board": 1, "result": results}]}]}
                         for n in range(1, rounds + 1)]}
    extras = {"committee": [], "appeals": [{"round": 1, "table": 1}], "lineups": [], "unpaid": []}
    return mp.split(export, extras)


def test_the_parts_of_a_view() -> None:
    parts = view()
    assert set(parts) == {"head", "entrants", "round:1", "round:2", "committee", "appeals", "lineups"}
    assert all(mp.is_part_name(n) for n in parts) and not mp.is_part_name("round:0")
    assert mp.round_numbers(parts) == {1, 2}


def test_a_digest_is_of_the_content_not_of_the_order_of_keys() -> None:
    assert mp.digest({"a": 1, "b": [1, 2]}) == mp.digest({"b": [1, 2], "a": 1})
    assert mp.digest({"a": 1}) != mp.digest({"a": 2})


def test_nothing_changed_nothing_travels() -> None:
    parts = view()
    assert mp.changed(parts, mp.digests(parts)) == {}


def test_a_result_sends_its_round_and_the_appeals() -> None:
    have = mp.digests(view())
    out = mp.changed(view(results="0-1"), have)
    assert set(out) == {"round:1", "round:2", "appeals"}
    body = mp.changes_body(out)
    assert [r["number"] for r in body["rounds"]] == [1, 2] and "appeals" in body and "players" not in body


def test_a_round_that_goes_sends_the_appeals() -> None:
    out = mp.changed(view(rounds=1), mp.digests(view(rounds=2)))
    assert set(out) == {"appeals"}


def test_a_new_head_sends_the_entrants_too() -> None:
    out = mp.changed(view(name="Renamed"), mp.digests(view()))
    assert set(out) == {"head", "entrants"}
    assert set(mp.changes_body(out)) == {"rounds", "tournament", "clubs", "teams", "players", "unpaid",
                                          "waitlist"}


def test_a_mirror_that_knows_nothing_is_sent_everything() -> None:
    parts = view()
    assert mp.changed(parts, {}) == parts
