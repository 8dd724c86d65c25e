"""The demo tournament: the K12 preset with 12 clubs and 24 teams, loaded by ``teamswiss demo``.

Deterministic (a fixed seed), realistic: Union and non-Union Greek clubs, one foreign
club, 4-6 players a team with FIDE and national ratings, girls and boys born 2013-2018.
"""

from __future__ import annotations

import random
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

from sqlmodel import Session, col, select

from app.auth.credentials import hash_password
from app.models import Club, CommitteeMember, Membership, Payment, Player, RosterEntry, Team, Tournament, User
from app.operations.tournaments import sync_rounds
from app.services.rules import k12_2025, rules_to_dict

DEMO_ADMIN = ("admin", "teamswiss-demo")
DEMO_ARBITER = ("arbiter", "teamswiss-demo")

CLUBS: list[tuple[str, str, str, bool]] = [
    # name, federation, city, Union member
    ("ΕΣ Καλαμαριάς", "GRE", "Καλαμαριά", True),
    ("ΣΑ Θεσσαλονίκης «Λευκός Πύργος»", "GRE", "Θεσσαλονίκη", True),
    ("Ακαδημία Σκακιού Θεσσαλονίκης", "GRE", "Θεσσαλονίκη", True),
    ("ΣΟ Ευόσμου", "GRE", "Εύοσμος", True),
    ("ΟΑ Νεάπολης", "GRE", "Νεάπολη", True),
    ("ΣΟ Πυλαίας", "GRE", "Πυλαία", True),
    ("ΣΟ Πολυγύρου", "GRE", "Πολύγυρος", True),
    ("Σ.A.Χερσονήσου", "GRE", "Χερσόνησος", False),
    ("ΣΟ Λάρισας", "GRE", "Λάρισα", False),
    ("ΣΟ Σερρών", "GRE", "Σέρρες", False),
    ("Αθηναϊκός ΣΟ", "GRE", "Αθήνα", False),
    ("Chess Club Plovdiv", "BUL", "Plovdiv", False),
]
BOYS = ["Γιώργος", "Νίκος", "Δημήτρης", "Κωνσταντίνος", "Παναγιώτης", "Αλέξανδρος", "Ευάγγελος", "Θανάσης",
        "Χρήστος", "Στέλιος", "Μιχάλης", "Αύγουστος", "Ηλίας", "Φίλιππος", "Άγγελος", "Σπύρος"]
GIRLS = ["Μαρία", "Ελένη", "Κατερίνα", "Σοφία", "Αναστασία", "Δέσποινα", "Ευδοκία", "Χαρά", "Ιωάννα",
         "Θεοδώρα", "Αγγελική", "Ζωή"]
SURNAMES = ["Παπαδόπουλος", "Γεωργίου", "Οικονόμου", "Μπακάλης", "Τσακίρης", "Καραγιάννης", "Ευαγγέλου",
            "Αυγερινός", "Ζαχαρίου", "Ψαράς", "Χατζηδάκης", "Θεοδωρίδης", "Αγγελίδης", "Ξανθόπουλος", "Ρήγας",
            "Μαυρίδης", "Βλάχος", "Δούκας", "Λαμπρόπουλος", "Σιδηρόπουλος"]
FEMALE_SURNAMES = ["Παπαδοπούλου", "Γεωργίου", "Οικονόμου", "Μπακάλη", "Τσακίρη", "Καραγιάννη", "Ευαγγέλου",
                   "Αυγερινού", "Ζαχαρίου", "Ψαρά", "Χατζηδάκη", "Θεοδωρίδου", "Αγγελίδου", "Ξανθοπούλου",
                   "Ρήγα", "Μαυρίδου", "Βλάχου", "Δούκα", "Λαμπροπούλου", "Σιδηροπούλου"]
BG_BOYS = ["Ivan", "Georgi", "Dimitar", "Nikolay", "Petar"]
BG_GIRLS = ["Maria", "Elena", "Viktoria", "Yana"]
BG_SURNAMES = ["Ivanov", "Petrov", "Georgiev", "Dimitrov", "Nikolov", "Stoyanov"]


def load_demo(session: Session, *, only_if_empty: bool = False, rounds_to_play: int = 3) -> str:
    if only_if_empty and session.exec(select(Tournament)).first() is not None:
        return "demo: a tournament exists already; nothing loaded"
    rng = random.Random(2025)
    admin = session.exec(select(User).where(User.username == DEMO_ADMIN[0])).first()
    if admin is None:
        admin = User(username=DEMO_ADMIN[0], password_hash=hash_password(DEMO_ADMIN[1]), is_admin=True,
                     full_name="Demo administrator", birth_date=date(1980, 5, 17))
        session.add(admin)
    arbiter = session.exec(select(User).where(User.username == DEMO_ARBITER[0])).first()
    if arbiter is None:
        arbiter = User(username=DEMO_ARBITER[0], password_hash=hash_password(DEMO_ARBITER[1]),
                       full_name="Στέλιος Μιμίκος", birth_date=date(1970, 3, 2))
        session.add(arbiter)
    rules = k12_2025()
    t = Tournament(
        name="3rd Open U12 Team Youth Championship 2025 (demo)", city="Καλαμαριά",
        venue="Municipal Theatre of Kalamaria «Navarchos Votsis»", federation="GRE",
        start_date=date(2025, 11, 14), end_date=date(2025, 11, 16), preset="k12-2025",
        rules=rules_to_dict(rules), chief_arbiter="Stelios Mimikos (IA)",
    )
    session.add(t)
    session.flush()
    session.add(Membership(user_id=admin.id or 0, tournament_id=t.id or 0, role="organiser"))
    session.add(Membership(user_id=arbiter.id or 0, tournament_id=t.id or 0, role="chief_arbiter"))
    sync_rounds(session, t, rules)
    national_id = 20000
    fide_id = 42000000
    entered = datetime(2025, 10, 20, 9, 0, tzinfo=UTC)
    for ci, (cname, fed, city, union) in enumerate(CLUBS):
        club = Club(name=cname, federation=fed, city=city, union_member=union)
        session.add(club)
        session.flush()
        strength = rng.randint(1350, 1750)
        used_names: set[tuple[str, str]] = set()
        for ti, suffix in enumerate(("Α", "Β") if fed == "GRE" else ("A", "B")):
            team = Team(tournament_id=t.id or 0, club_id=club.id or 0, name=f"{cname} {suffix}", status="entered",
                        entered_at=entered + timedelta(hours=7 * (2 * ci + ti) + rng.randint(0, 5)))
            session.add(team)
            session.flush()
            session.add(Payment(team_id=team.id or 0, amount=Decimal("36.00"), paid_on=date(2025, 10, 25),
                                reference=f"ΚΑΤ-{team.id:04d}"))
            size = rng.choice((4, 5, 5, 6))
            girls = rng.choice((1, 1, 2))
            level = strength - 180 * ti
            for k in range(size):
                girl = k < girls
                while True:
                    if fed == "GRE":
                        first = rng.choice(GIRLS if girl else BOYS)
                        last = rng.choice(FEMALE_SURNAMES if girl else SURNAMES)
                    else:
                        first = rng.choice(BG_GIRLS if girl else BG_BOYS)
                        last = rng.choice(BG_SURNAMES) + ("a" if girl else "")
                    if (last, first) not in used_names:
                        used_names.add((last, first))
                        break
                rating = level + rng.randint(-150, 150)
                rated = rating >= 1450 and rng.random() < 0.85
                national_id += rng.randint(1, 40)
                fide_id += rng.randint(1, 900)
                player = Player(
                    club_id=club.id or 0, last_name=last, first_name=first, sex="w" if girl else "m",
                    birth_date=date(rng.randint(2013, 2018), rng.randint(1, 12), rng.randint(1, 28)),
                    fide_id=fide_id if rated or rng.random() < 0.5 else None,
                    fide_rating=rating if rated else None,
                    national_id=national_id if fed == "GRE" else None,
                    national_rating=(rating + rng.randint(-60, 60)) if fed == "GRE" else None,
                    federation=fed, activation_fee_paid=fed == "GRE",
                )
                session.add(player)
                session.flush()
                session.add(RosterEntry(tournament_id=t.id or 0, team_id=team.id or 0, player_id=player.id or 0))
    club_ids = [c.id for c in session.exec(select(Club).order_by(col(Club.id))).all()][-len(CLUBS):]
    for i, (name, kind) in enumerate([("Ιωάννης Παπαδάκης", "regular"), ("Ελένη Δημητρίου", "regular"),
                                      ("Κώστας Αθανασίου", "regular"), ("Μαρία Νικολάου", "alternate"),
                                      ("Πέτρος Ιωαννίδης", "alternate")]):
        session.add(CommitteeMember(tournament_id=t.id or 0, name=name, club_id=club_ids[i * 2], kind=kind,
                                    position=i + 1 if kind == "regular" else i - 2, chair=i == 0))
    from app.demo.rounds import submit_lineups_with_girls

    submit_lineups_with_girls(session, t)
    session.commit()
    played = 0
    if rounds_to_play:
        from app.demo.rounds import play_demo_rounds

        played = play_demo_rounds(session, t, rounds_to_play, rng)
    return (f"demo: loaded tournament {t.id} ({len(CLUBS)} clubs, 24 teams), {played} rounds played; "
            f"log in as {DEMO_ADMIN[0]} / {DEMO_ADMIN[1]} (organiser) or {DEMO_ARBITER[0]} / {DEMO_ARBITER[1]}")
