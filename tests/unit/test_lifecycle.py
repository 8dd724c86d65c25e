"""The round lifecycle table: every state set is derived from the moves."""

from __future__ import annotations

from app.services import lifecycle as lc


def test_every_move_goes_between_known_states() -> None:
    for move in lc.MOVES:
        assert move.target in lc.ROUND_STATES, move
        assert move.sources and set(move.sources) <= set(lc.ROUND_STATES), move


def test_the_derived_state_sets() -> None:
    assert lc.PAIRED_STATES == ("paired", "published", "in_progress", "completed")
    assert lc.PUBLIC_STATES == ("published", "in_progress", "completed")
    assert lc.STARTED_STATES == ("in_progress", "completed")
    assert lc.IN_PLAY_STATES == ("published", "in_progress")
    assert lc.reachable(lc.PENDING) == lc.ROUND_STATES


def test_a_published_pairing_is_frozen() -> None:
    for state in lc.PUBLIC_STATES:
        assert not lc.PAIR.allows(state) and not lc.CHANGE_PAIRING.allows(state)
    assert lc.REOPEN.allows(lc.COMPLETED) and lc.REOPEN.target == lc.IN_PROGRESS
