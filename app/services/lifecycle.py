"""The round lifecycle: a round's states and the moves between them, as one table.

    pending -> paired (pair; re-pair and hand changes stay paired) -> published -> in_progress (the first
    result) -> completed; a completed round reopens to in_progress while the next round is pending.

A published pairing is frozen (C.04.2 1.4); standings count completed rounds (R-8). The database stores a
round's state as one of these strings; every state set a module needs (the public ones, the ones in play)
is derived here from the table.
"""

from __future__ import annotations

from app.services.errors import Text

PENDING = "pending"
PAIRED = "paired"
PUBLISHED = "published"
IN_PROGRESS = "in_progress"
COMPLETED = "completed"

#: every state, in the order a round goes through them
ROUND_STATES = (PENDING, PAIRED, PUBLISHED, IN_PROGRESS, COMPLETED)
#: a state in words, for a refusal's sentence (translated with it)
STATE_WORDS = {PENDING: Text("pending"), PAIRED: Text("paired"), PUBLISHED: Text("published"),
               IN_PROGRESS: Text("in progress"), COMPLETED: Text("completed")}


class Move:
    """One move of the lifecycle: from any of ``sources`` to ``target``.

    A plain class, not a dataclass: a handful are made once, and the table needs no generated methods."""

    __slots__ = ("name", "sources", "target")

    def __init__(self, name: str, sources: tuple[str, ...], target: str) -> None:
        self.name = name
        self.sources = sources
        self.target = target

    def allows(self, state: str) -> bool:
        """Whether a round in ``state`` may make this move."""
        return state in self.sources

    def __repr__(self) -> str:
        return f"Move({self.name!r}: {', '.join(self.sources)} -> {self.target})"


MARK_ABSENT = Move("mark absent", (PENDING,), PENDING)  # absences are set before pairing
PAIR = Move("pair", (PENDING, PAIRED), PAIRED)  # pairing again replaces the pairing
CHANGE_PAIRING = Move("change pairing", (PAIRED,), PAIRED)  # by hand, before publication (C.04.2 1.4)
PUBLISH = Move("publish", (PAIRED,), PUBLISHED)
ENTER_RESULT = Move("enter result", (PUBLISHED, IN_PROGRESS), IN_PROGRESS)
COMPLETE = Move("complete", (PUBLISHED, IN_PROGRESS), COMPLETED)  # once every match has a full result
REOPEN = Move("reopen", (COMPLETED,), IN_PROGRESS)  # while the next round is pending

#: the table, in the order of the lifecycle
MOVES = (MARK_ABSENT, PAIR, CHANGE_PAIRING, PUBLISH, ENTER_RESULT, COMPLETE, REOPEN)


def reachable(state: str) -> tuple[str, ...]:
    """``state`` and every state a round in it can reach by moves forward (not reopening), in lifecycle
    order."""
    seen = {state}
    todo = [state]
    while todo:
        s = todo.pop()
        for move in MOVES:
            if move is not REOPEN and move.allows(s) and move.target not in seen:
                seen.add(move.target)
                todo.append(move.target)
    return tuple(s for s in ROUND_STATES if s in seen)


#: a pairing exists (made, maybe not public yet)
PAIRED_STATES = reachable(PAIRED)
#: the pairing is public: everyone may see it, and the exports hold it
PUBLIC_STATES = reachable(PUBLISHED)
#: a result is in: the lineups are final (R-3.2)
STARTED_STATES = reachable(IN_PROGRESS)
#: the round is being played: results are entered, it is the current round
IN_PLAY_STATES = ENTER_RESULT.sources
