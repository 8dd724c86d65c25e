"""Server administration: ``serve``, ``migrate``, ``create-user``, ``create-token``, ``demo``.

Script-stable forms:
  teamswiss create-user NAME --password P [--role admin|organiser|user]
  teamswiss create-token NAME [--user USER] [--scope results --scope lineups ...]
      prints only the new token on stdout
All commands read TEAMSWISS_DATABASE_URL.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from sqlmodel import Session, select

from app.config import get_settings
from app.db import get_engine
from app.permissions import SCOPES
from app.security import hash_password, new_api_token


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    settings = get_settings()
    if args.migrate:
        from app.migrate import upgrade

        upgrade()
    uvicorn.run("app.main:app", host=args.host or settings.host, port=args.port or settings.port,
                workers=args.workers, reload=args.reload)
    return 0


def _migrate(args: argparse.Namespace) -> int:
    from app.migrate import upgrade

    upgrade(revision=args.revision)
    print(f"migrated {get_settings().database_url.split('@')[-1]} to {args.revision}", file=sys.stderr)
    return 0


def _create_user(args: argparse.Namespace) -> int:
    from app.models import User

    with Session(get_engine()) as session:
        if session.exec(select(User).where(User.username == args.name)).first():
            print(f"teamswiss: user {args.name!r} exists", file=sys.stderr)
            return 2
        user = User(username=args.name, password_hash=hash_password(args.password), is_admin=args.role == "admin",
                    can_create_tournaments=args.role in ("admin", "organiser"),
                    full_name=args.full_name or "")
        session.add(user)
        session.commit()
        print(user.id)
    return 0


def _create_token(args: argparse.Namespace) -> int:
    from app.models import ApiToken, User

    with Session(get_engine()) as session:
        user = session.exec(select(User).where(User.username == args.user)).first()
        if user is None:
            print(f"teamswiss: no user {args.user!r} (create it with create-user)", file=sys.stderr)
            return 2
        token, digest = new_api_token()
        session.add(ApiToken(user_id=user.id or 0, name=args.name, token_hash=digest, prefix=token[:10],
                             scopes=sorted(set(args.scope or ["write"]))))
        session.commit()
    print(token)
    return 0


def _demo(args: argparse.Namespace) -> int:
    from app.demo import load_demo

    with Session(get_engine()) as session:
        result = load_demo(session, only_if_empty=args.if_empty, rounds_to_play=args.rounds)
    print(result, file=sys.stderr)
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("serve", help="serve the API with uvicorn")
    p.add_argument("--host")
    p.add_argument("--port", type=int)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--reload", action="store_true")
    p.add_argument("--migrate", action="store_true", help="apply migrations first")
    p.set_defaults(func=_serve)

    p = sub.add_parser("migrate", help="apply database migrations (alembic upgrade)")
    p.add_argument("revision", nargs="?", default="head")
    p.set_defaults(func=_migrate)

    p = sub.add_parser("create-user", help="create a user; prints its id")
    p.add_argument("name")
    p.add_argument("--password", required=True)
    p.add_argument("--role", choices=["admin", "organiser", "user"], default="user",
                   help="admin: the server's administrator; organiser: may create tournaments; user: rights only "
                        "from roles in tournaments (default)")
    p.add_argument("--full-name")
    p.set_defaults(func=_create_user)

    p = sub.add_parser("create-token", help="create an API token; prints only the token")
    p.add_argument("name", help="a label for the token, e.g. the script's name")
    p.add_argument("--user", default="admin", help="the user the token acts for (default: admin)")
    p.add_argument("--scope", action="append", choices=sorted(SCOPES),
                   help="limit the token (repeatable); default: everything the user may do")
    p.set_defaults(func=_create_token)

    p = sub.add_parser("demo", help="load the demo tournament (K12 preset, 24 teams)")
    p.add_argument("--if-empty", action="store_true", help="do nothing when a tournament exists")
    p.add_argument("--rounds", type=int, default=3, help="rounds to pair and play with results (default 3)")
    p.set_defaults(func=_demo)
