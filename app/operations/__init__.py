"""The application layer: database-aware use cases between the HTTP routers and the pure rules.

- :mod:`repository` loads rows into the pure model of :mod:`app.services` and back;
- :mod:`reads` builds every JSON read model (a round, the standings, a roster, ...) that the routers,
  the exports and the event stream share;
- :mod:`rounds` finds a round, its matches and boards;
- the use cases: :mod:`pairing`, :mod:`boards`, :mod:`results` (a round's pairing, boards and results),
  :mod:`lineups`, :mod:`ranking`, :mod:`tournaments`, :mod:`teams`, :mod:`payments`, :mod:`rosters`,
  :mod:`clubs`, :mod:`players`, :mod:`accounts`, :mod:`members`, :mod:`tokens`, :mod:`appeals`,
  :mod:`exchange` (``imports``, ``exports``), :mod:`backup`, :mod:`health`;
- :mod:`audit` records who changed what and reads the trail; :mod:`tracking` bumps the tournament's version
  and writes its events in the writer's transaction; :mod:`live` sends them to the event streams;
- :mod:`cache` and :mod:`versions` answer cached reads by the tournament's version.

Nothing here commits: the caller (a router, the CLI, the demo loader) owns the transaction.
"""

from app.operations import audit as _audit  # noqa: E402,F401 - its commit hook is registered before any commit
from app.operations import tracking as _tracking  # noqa: E402,F401 - every session bumps versions and records events
