"""Server administration: ``serve``, ``migrate``, ``create-user``, ``create-token``, ``demo``.

Script-stable forms:
  teamswiss serve [--workers N] [--migrate]
  teamswiss create-user NAME [--password-stdin | --password P] [--role admin|organiser|user]
                          [--full-name N] [--birth-date YYYY-MM-DD]
      the password from standard input (its first line), else asked on the terminal
  teamswiss create-token NAME [--user USER] [--scope results --scope lineups ...]
  teamswiss create-token NAME --user USER --scope publish --tournament ID [--tournament ID ...] [--venue V]
      prints only the new token on stdout
All commands read TEAMSWISS_DATABASE_URL; all but ``migrate`` (and ``serve --migrate``) need the database to
exist and be migrated, else they stop with one line and exit status 3; a setting that cannot be used stops
them with one line and exit status 2. ``migrate`` and ``serve`` create the first
administrator from TEAMSWISS_ADMIN_USERNAME and TEAMSWISS_ADMIN_PASSWORD when the server has none.
"""

from __future__ import annotations

import argparse
import os
import sys
from datetime import date
from typing import Any, TypeVar

from pydantic import BaseModel
from sqlmodel import Session

from app.auth.policy import SCOPES
from app.cli.commands import HelpFormatter
from app.config import get_settings
from app.db.engine import get_engine
from app.db.migrate import require_database

B = TypeVar("B", bound=BaseModel)


def _valid(schema: type[B], **fields: Any) -> B:
    """The request body an endpoint would take: the API's own validation, a refusal as one line (exit 2)."""
    from pydantic import ValidationError

    from app.services.errors import InvalidInput

    try:
        return schema.model_validate(fields)
    except ValidationError as exc:
        # pydantic's own sentences, in English like the rest of the command line
        raise InvalidInput(None, "{errors}", params={"errors": "; ".join(
            f"{'.'.join(str(part) for part in e['loc']) or 'input'}: {e['msg']}" for e in exc.errors())}) from None


def first_admin() -> None:
    """TEAMSWISS_ADMIN_USERNAME and TEAMSWISS_ADMIN_PASSWORD: the administrator of a new deployment."""
    from app.operations.accounts import ensure_first_admin

    settings = get_settings()
    if not (settings.admin_username and settings.admin_password):
        return
    with Session(get_engine()) as session:
        if ensure_first_admin(session, settings.admin_username, settings.admin_password):
            session.commit()
            print(f"created the first administrator {settings.admin_username!r}", file=sys.stderr)


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    settings = get_settings()
    if args.migrate:
        from app.db.migrate import upgrade

        upgrade()
    else:
        require_database()
    first_admin()  # once, before the workers start
    from app.http.server import HeaderTimeoutProtocol
    from app.process import listen_backlog, server_starts

    server_starts()  # the workers inherit its open-files limit
    workers = args.workers or settings.workers
    os.environ["TEAMSWISS_WORKERS"] = str(workers)  # each worker's pool takes its share of the database's connections

    uvicorn.run("app.main:app", host=args.host or settings.host, port=args.port or settings.port,
                http=HeaderTimeoutProtocol, workers=workers, reload=args.reload,
                proxy_headers=True, backlog=listen_backlog(),
                forwarded_allow_ips=args.forwarded_allow_ips or settings.forwarded_allow_ips,
                timeout_graceful_shutdown=args.graceful_seconds,
                log_level=args.log_level)
    return 0


def _migrate(args: argparse.Namespace) -> int:
    from app.db.migrate import upgrade

    upgrade(revision=args.revision)
    print(f"migrated {get_settings().database_url.split('@')[-1]} to {args.revision}", file=sys.stderr)
    first_admin()
    return 0


def _password(args: argparse.Namespace) -> str:
    """The new user's password: ``--password``, the first line of standard input (``--password-stdin``), or
    typed twice on the terminal without echo. A password among the arguments is visible to every user of the
    machine (``ps``) while the command runs: the other two ways keep it off the command line."""
    from app.services.errors import InvalidInput

    if args.password is not None:
        return str(args.password)
    if args.password_stdin:
        return sys.stdin.readline().removesuffix("\n").removesuffix("\r")
    if not sys.stdin.isatty():
        raise InvalidInput(None, "no password: give it on standard input with --password-stdin, or run the "
                                 "command in a terminal to be asked for it")
    import getpass

    first = getpass.getpass(f"password for {args.name}: ")
    if getpass.getpass("again: ") != first:
        raise InvalidInput(None, "the two passwords differ")
    return first


def _create_user(args: argparse.Namespace) -> int:
    """What ``POST /users`` does: the same body, checked the same way."""
    from app.operations.accounts import create_user
    from app.schemas.accounts import UserCreate
    from app.services.errors import StateConflict

    require_database()
    body = _valid(UserCreate, username=args.name, password=_password(args), is_admin=args.role == "admin",
                  can_create_tournaments=args.role in ("admin", "organiser"), full_name=args.full_name or "",
                  birth_date=args.birth_date)
    with Session(get_engine()) as session:
        try:
            user = create_user(session, body, None)
        except StateConflict:  # exit status 2, as documented, rather than 1 for a refusal by the rules
            print(f"teamswiss: user {args.name!r} exists", file=sys.stderr)
            return 2
        session.commit()
        print(user.id)
    return 0


def _create_token(args: argparse.Namespace) -> int:
    """What ``POST /auth/api-tokens`` does, for any user: the same body, checked the same way."""
    from app.operations.accounts import user_by_name
    from app.operations.tokens import create_api_token
    from app.schemas.accounts import ApiTokenCreate

    require_database()
    extra = {"venue": args.venue} if args.venue is not None else {}
    body = _valid(ApiTokenCreate, name=args.name, scopes=args.scope or ["write"], tournaments=args.tournament or [],
                  **extra)
    with Session(get_engine()) as session:
        user = user_by_name(session, args.user)
        if user is None:
            print(f"teamswiss: no user {args.user!r} (create it with create-user)", file=sys.stderr)
            return 2
        _, token = create_api_token(session, user.id or 0, body, None)
        session.commit()
    print(token)
    return 0


def _demo(args: argparse.Namespace) -> int:
    from app.demo.data import load_demo

    require_database()
    with Session(get_engine()) as session:
        result = load_demo(session, only_if_empty=args.if_empty, rounds_to_play=args.rounds)
    print(result, file=sys.stderr)
    return 0


DATABASE = ("The database is TEAMSWISS_DATABASE_URL's (default: ./var/teamswiss.db). It must exist and be migrated "
            "(teamswiss migrate); otherwise the command says so in one line and exits with status 3. A setting "
            "(TEAMSWISS_...) that cannot be used stops it with one line naming it and exit status 2.")


def register(sub: Any) -> None:
    fmt = HelpFormatter
    p = sub.add_parser("serve", help="serve the API with uvicorn", formatter_class=fmt, description=(
        "Serve the API, the public web page (/web/) and the API documentation (/docs, /redoc) with uvicorn. "
        "Health checks: /healthz (the process answers) and /readyz (the database is usable).\n\n" + DATABASE
        + " With --migrate the database is created or updated first. When the server has no administrator, "
        "TEAMSWISS_ADMIN_USERNAME and TEAMSWISS_ADMIN_PASSWORD (8 to 200 characters, else exit status 2) create "
        "the first one."),
        epilog="example:\n  teamswiss serve --migrate --host 0.0.0.0 --port 8000 --workers 4")
    p.add_argument("--host", help="the address to listen on (default: TEAMSWISS_HOST, else 127.0.0.1)")
    p.add_argument("--port", type=int, help="the port to listen on (default: TEAMSWISS_PORT, else 8000)")
    p.add_argument("--workers", type=int,
                   help="worker processes (default TEAMSWISS_WORKERS or 1); several need PostgreSQL (SQLite: one "
                        "worker per file)")
    p.add_argument("--reload", action="store_true", help="restart when the code changes (development)")
    p.add_argument("--migrate", action="store_true", help="create or update the database before serving")
    p.add_argument("--forwarded-allow-ips",
                   help="the proxies whose X-Forwarded-For/-Proto are believed: a comma list of addresses or "
                        "networks (10.0.0.0/24), or '*' (default: TEAMSWISS_FORWARDED_ALLOW_IPS, else 127.0.0.1); "
                        "anyone else's header is ignored")
    p.add_argument("--graceful-seconds", type=int, default=5,
                   help="on shutdown, close live event streams after this many seconds (default 5)")
    p.add_argument("--log-level", default="info", choices=("critical", "error", "warning", "info", "debug"),
                   help="how much uvicorn logs (default info)")
    p.set_defaults(func=_serve)

    p = sub.add_parser("migrate", help="create or update the database (its schema migrations)", formatter_class=fmt,
                       description="Create the database, or bring its schema up to this version (Alembic "
                                   "migrations). Safe to run again: a database that is up to date is left as it "
                                   "is. The database is TEAMSWISS_DATABASE_URL's (default: ./var/teamswiss.db). "
                                   "When the server has no administrator, TEAMSWISS_ADMIN_USERNAME and "
                                   "TEAMSWISS_ADMIN_PASSWORD (8 to 200 characters) create the first one.\n\n"
                                   "Exit status: 0 migrated; 2 a setting that cannot be used (one line naming it); "
                                   "3 the database does not answer.")
    p.add_argument("revision", nargs="?", default="head",
                   help="the migration to reach (default: head, the one this version needs)")
    p.set_defaults(func=_migrate)

    p = sub.add_parser("create-user", help="create a user; prints its id", formatter_class=fmt,
                       description="Create a user account and print its id. The password follows the API's rules "
                       "(8 to 200 characters). It is read from standard input with --password-stdin (its first "
                       "line), or asked for twice on the terminal when neither option is given; --password puts "
                       "it on the command line, where every user of the machine sees it (ps) while the command "
                       "runs. " + DATABASE
                       + "\n\nExit status: 0 created; 2 the user name is taken or not valid, the password is too "
                         "short or too long, or none was given (no terminal to ask); 3 the database is not ready.",
                       epilog="examples:\n  printf '%s\\n' \"$PASSWORD\" | teamswiss create-user chief "
                              "--password-stdin --role organiser\n"
                              "  teamswiss create-user chief --role organiser   (asks for it)")
    p.add_argument("name", help="the user name to log in with")
    given = p.add_mutually_exclusive_group()
    given.add_argument("--password-stdin", action="store_true",
                       help="read the password from the first line of standard input")
    given.add_argument("--password", metavar="P",
                       help="the password itself: visible to every user of the machine in ps while the command "
                            "runs (prefer --password-stdin)")
    p.add_argument("--role", choices=["admin", "organiser", "user"], default="user",
                   help="admin: the server's administrator; organiser: may create tournaments; user: rights only "
                        "from roles in tournaments (default)")
    p.add_argument("--full-name", help="the person's name, as officials see it")
    p.add_argument("--birth-date", metavar="YYYY-MM-DD", type=date.fromisoformat,
                   help="the birth date (private): a team manager must be an adult (R-16.2.1)")
    p.set_defaults(func=_create_user)

    p = sub.add_parser("create-token", help="create an API token; prints only the token", formatter_class=fmt,
                       description="Create a long-lived API token for a script and print only the token (keep it: "
                                   "only its hash is stored). Send it as 'Authorization: Bearer <token>'. " + DATABASE
                       + "\n\nExit status: 0 created; 2 no such user, or the label is empty or too long; 3 the "
                         "database is not ready.",
                       epilog="examples:\n  teamswiss create-token results-bot --user arbiter --scope results\n"
                              "  teamswiss create-token athens-open --user admin --scope publish --tournament 1")
    p.add_argument("name", help="a label for the token, e.g. the script's name")
    p.add_argument("--user", default="admin", help="the user the token acts for (default: admin)")
    p.add_argument("--scope", action="append", choices=sorted(SCOPES),
                   help="limit the token to this scope (repeatable): " + "; ".join(
                       f"{k}: {v}" for k, v in sorted(SCOPES.items())) + " (default: write)")
    p.add_argument("--tournament", action="append", type=int, metavar="ID",
                   help="a publishing key (--scope publish): the venue's tournament id it may publish (repeatable)")
    p.add_argument("--venue", help="a publishing key: the venue's name, which keeps its tournaments apart from other "
                                   "venues' on this server (default: the key's name)")
    p.set_defaults(func=_create_token)

    p = sub.add_parser("demo", help="load the demo tournament (K12 preset, 24 teams)", formatter_class=fmt,
                       description="Load a complete sample tournament: the K12 2025 youth championship preset with "
                                   "12 clubs and 24 teams, and its first rounds paired and played. Log in as admin "
                                   "or arbiter, password teamswiss-demo. " + DATABASE)
    p.add_argument("--if-empty", action="store_true", help="do nothing when the database has a tournament already")
    p.add_argument("--rounds", type=int, default=3, help="rounds to pair and play with results (default 3)")
    p.set_defaults(func=_demo)
