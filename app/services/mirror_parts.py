"""A tournament's public view in parts, so that a venue sends a public mirror only the parts that changed.

The parts: ``head`` (the tournament and its rules), ``entrants`` (clubs, teams, players, who has not paid the
activation fee and the waitlisted teams: a player names a club and sits in a team, so they travel together), one
``round:N`` a round, and the ``committee``, the ``appeals`` and the started rounds' ``lineups``. Each has a digest
of its canonical JSON; the mirror keeps the digests it was sent, and a change is the parts whose digest differs. The
appeals name a round's matches by table, and a round's new pairing drops its matches' appeals on the mirror: a
change of a round carries the appeals too; the teams' pairing numbers count once the head says they are locked: a
change of the head carries the entrants.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

HEAD, ENTRANTS, COMMITTEE, APPEALS, LINEUPS = "head", "entrants", "committee", "appeals", "lineups"
ROUND = "round:"
#: what a part's name may be (the mirror bounds what it is sent by this)
NAME_PATTERN = r"^(head|entrants|committee|appeals|lineups|round:[1-9][0-9]{0,2})$"
_NAME = re.compile(NAME_PATTERN)


def round_part(number: int) -> str:
    return f"{ROUND}{number}"


def round_numbers(names: dict[str, Any] | set[str]) -> set[int]:
    """The rounds a set of part names holds."""
    return {int(n.removeprefix(ROUND)) for n in names if n.startswith(ROUND)}


def is_part_name(name: str) -> bool:
    return bool(_NAME.match(name))


def split(export: dict[str, Any], extras: dict[str, Any]) -> dict[str, Any]:
    """The public export and its extras (what :func:`app.operations.publishing.snapshot` reads) by part."""
    return {
        HEAD: export["tournament"],
        ENTRANTS: {"clubs": export["clubs"], "teams": export["teams"], "players": export["players"],
                   "unpaid": extras["unpaid"], "waitlist": extras.get("waitlist", {"teams": [], "players": []})},
        **{round_part(r["number"]): r for r in export["rounds"]},
        COMMITTEE: extras["committee"],
        APPEALS: extras["appeals"],
        LINEUPS: extras["lineups"],
    }


def digest(part: Any) -> str:
    """A part's digest: of its JSON with sorted keys, so that the same content has the same digest anywhere."""
    return digest_text(json.dumps(part, ensure_ascii=False, allow_nan=False, sort_keys=True, separators=(",", ":")))


def digest_text(text: str) -> str:
    """The digest of a text (the mirror's of each round and match it holds, too)."""
    return hashlib.blake2s(text.encode(), digest_size=16).hexdigest()


def digests(parts: dict[str, Any]) -> dict[str, str]:
    return {name: digest(part) for name, part in parts.items()}


def changed(parts: dict[str, Any], have: dict[str, str], sums: dict[str, str] | None = None) -> dict[str, Any]:
    """The change that brings a mirror holding the digests ``have`` to ``parts``: the parts whose digest differs
    (a round's change with the appeals, see the module docstring). A round the mirror has and ``parts`` lacks is
    gone: the receiver reads which rounds there are from the full list of digests sent beside the change."""
    sums = sums if sums is not None else digests(parts)
    out = {name: part for name, part in parts.items() if have.get(name) != sums[name]}
    if HEAD in out:  # the teams' pairing numbers count once the head says they are locked
        out[ENTRANTS] = parts[ENTRANTS]
    if any(name.startswith(ROUND) for name in out) or round_numbers(have) - round_numbers(parts):
        out[APPEALS] = parts[APPEALS]
    return out


def changes_body(out: dict[str, Any]) -> dict[str, Any]:
    """The changed parts as the push's ``changes``: the export's sections, the changed rounds in a list."""
    body: dict[str, Any] = {"rounds": [part for name, part in sorted(out.items(), key=lambda i: _order(i[0]))
                                       if name.startswith(ROUND)]}
    if HEAD in out:
        body["tournament"] = out[HEAD]
    if ENTRANTS in out:
        body.update(out[ENTRANTS])
    for name in (COMMITTEE, APPEALS, LINEUPS):
        if name in out:
            body[name] = out[name]
    return body


def _order(name: str) -> int:
    return int(name.removeprefix(ROUND)) if name.startswith(ROUND) else 0
