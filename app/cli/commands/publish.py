"""``teamswiss publish``: keep a public server's mirror of a tournament of this venue up to date.

Script-stable form:
  teamswiss publish TOURNAMENT --to URL [--token KEY] [--once]
      prints the tournament's public page on the public server; the key may come from TEAMSWISS_PUBLISH_TOKEN
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from typing import Any

from app.cli.commands import HelpFormatter


def _publish(args: argparse.Namespace) -> int:
    from app.db.engine import get_engine
    from app.db.migrate import require_database
    from app.operations.publishing import Publisher, PublishError

    token = args.token or os.environ.get("TEAMSWISS_PUBLISH_TOKEN", "")
    if not token:
        print("teamswiss: no publishing key: give --token or TEAMSWISS_PUBLISH_TOKEN", file=sys.stderr)
        return 2
    require_database()

    def say(line: str) -> None:
        print(line, file=sys.stdout if line.startswith("public page:") else sys.stderr, flush=True)

    try:
        publisher = Publisher(get_engine(), args.tournament, args.to, token, say=say)
    except PublishError as exc:
        print(f"teamswiss: {exc.reason}", file=sys.stderr)
        return 2
    if args.once:
        return publisher.once()
    stopping: list[int] = []

    def stop(signum: int, _frame: Any) -> None:
        stopping.append(signum)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    return publisher.run(stop=lambda: bool(stopping))


def register(sub: Any) -> None:
    p = sub.add_parser(
        "publish", help="keep a public server's mirror of a tournament up to date", formatter_class=HelpFormatter,
        description="Push the tournament's public view (published rounds, results, standings, teams, players with "
                    "their birth year, prizes, the public exports; never birth dates, contact data, unpublished "
                    "pairings, lineups before the round, appeals' texts or the audit trail) to a public teamswiss "
                    "server, then every change as it happens, until stopped (Ctrl-C). When the link drops the "
                    "command tries again by itself, waiting 1, 2, 4 ... up to 60 seconds; the public server never "
                    "applies a push twice nor half of one. The key is a publishing key created on the public "
                    "server (teamswiss create-token NAME --scope publish --tournament ID). Prints the "
                    "tournament's public page there.\n\nExit status: 0 stopped, or (--once) the public server has "
                    "the tournament as it is; 1 (--once) it could not be published (the reason on one line); 2 "
                    "no key or an unusable address; 3 the database is not ready.",
        epilog="example:\n  teamswiss publish 1 --to https://chess.example.org --token tsk_...")
    p.add_argument("tournament", type=int, help="this venue's tournament id")
    p.add_argument("--to", required=True, metavar="URL", help="the public server's address")
    p.add_argument("--token", metavar="KEY", help="the publishing key (default: TEAMSWISS_PUBLISH_TOKEN; a key on "
                                                   "the command line is visible to the machine's users in ps)")
    p.add_argument("--once", action="store_true", help="push what is there and exit (0 when the public server has "
                                                       "it)")
    p.set_defaults(func=_publish)
