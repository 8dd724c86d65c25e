"""The Greek catalogue of refusals: English template -> Greek template, the same ``{placeholders}``.

The titles of the kinds of refusal (``DomainError.title``) are here too. Keep the entries grouped by the
module that raises them.
"""

from __future__ import annotations

EL: dict[str, str] = {
    # titles (app/services/errors.py)
    "The rules do not allow this": "Οι κανονισμοί δεν το επιτρέπουν",
    "The tournament is not in a state that allows this": "Το τουρνουά δεν βρίσκεται σε κατάσταση που το επιτρέπει",
    "The input is not valid": "Τα στοιχεία δεν είναι έγκυρα",
    "Not found": "Δεν βρέθηκε",
    "Authentication required": "Απαιτείται σύνδεση",
    "Not allowed for this user": "Δεν επιτρέπεται σε αυτόν τον χρήστη",
    "The resource changed since it was read": "Τα στοιχεία άλλαξαν από τότε που διαβάστηκαν",
    "A precondition (If-Match) is required": "Απαιτείται προϋπόθεση (If-Match)",
    "No legal pairing exists": "Δεν υπάρχει κανονική ζεύξη",
    "The file cannot be read": "Το αρχείο δεν μπορεί να διαβαστεί",
    "The service is not available": "Η υπηρεσία δεν είναι διαθέσιμη",
    "line {line}: ": "γραμμή {line}: ",
    # app/services/lineups.py
    "every lineup must include at least {need} girl(s); this one has {have}":
        "κάθε σύνθεση πρέπει να έχει τουλάχιστον {need} κορίτσι(α)· αυτή έχει {have}",
    # app/services/round_robin.py
    "a round robin has {cycles} cycles; it is played in 1 or 2":
        "ένα κυκλικό σύστημα (round robin) με {cycles} κύκλους· παίζεται σε 1 ή 2",
    "a team round robin is played by {low} to {high} teams, not {teams}":
        "ένα ομαδικό κυκλικό σύστημα (round robin) παίζεται από {low} έως {high} ομάδες, όχι {teams}",
    "the pairing numbers of a round robin run from 1 to {teams} without a gap":
        "οι αριθμοί κλήρωσης ενός κυκλικού συστήματος είναι από 1 έως {teams} χωρίς κενό",
    "a round robin of {teams} teams in {cycles} cycle(s) has {rounds} rounds, not round {round}":
        "ένα κυκλικό σύστημα {teams} ομάδων σε {cycles} κύκλο(ους) έχει {rounds} γύρους, όχι γύρο {round}",
    # app/operations/ranking.py (round robin)
    "a round robin's pairing numbers are fixed once round 1 is paired: the schedule follows from them":
        "οι αριθμοί κλήρωσης ενός κυκλικού συστήματος οριστικοποιούνται μόλις ζευχθεί ο 1ος γύρος: "
        "το πρόγραμμα προκύπτει από αυτούς",
    # app/operations/pairing.py (round robin)
    "a round robin is paired by the Berger table: its pairings are not changed by hand":
        "ένα κυκλικό σύστημα ζευγαρώνεται από τον πίνακα Berger: οι ζεύξεις του δεν αλλάζουν με το χέρι",
    # app/operations/tournaments.py (system and rounds, R-4.3)
    "the system can change only before round 1 is paired":
        "το σύστημα αλλάζει μόνο πριν ζευχθεί ο 1ος γύρος",
    "a round robin's number of rounds follows from its number of teams":
        "ο αριθμός γύρων ενός κυκλικού συστήματος προκύπτει από τον αριθμό των ομάδων",
    "once round 1 is paired the number of rounds changes only by the chief arbiter's decision "
    "(PUT .../round-count)":
        "μόλις ζευχθεί ο 1ος γύρος ο αριθμός γύρων αλλάζει μόνο με απόφαση του επικεφαλής διαιτητή "
        "(PUT .../round-count)",
    "round {paired} is already paired: the tournament cannot have fewer rounds than that, not {rounds}":
        "ο γύρος {paired} έχει ήδη ζευχθεί: το τουρνουά δεν μπορεί να έχει λιγότερους γύρους, όχι {rounds}",
}
