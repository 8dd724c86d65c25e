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
    # app/services/roster_file.py
    "the file has no lines: a header line and one line a player are needed":
        "το αρχείο δεν έχει γραμμές: χρειάζεται μια γραμμή επικεφαλίδων και μία γραμμή για κάθε παίκτη",
    "the file has {n} lines; at most {max} players a file": "το αρχείο έχει {n} γραμμές· έως {max} παίκτες ανά αρχείο",
    "the header line names no column of last names (Last name or Επώνυμο)":
        "η γραμμή επικεφαλίδων δεν έχει στήλη επωνύμων (Επώνυμο ή Last name)",
    "a cell of {n} characters; at most {max}": "ένα κελί με {n} χαρακτήρες· έως {max}",
    "write the name as “Last name, First name”: {name}": "γράψτε το όνομα ως «Επώνυμο, Όνομα»: {name}",
    "the sex {value} is neither a boy (M, Α) nor a girl (W, F, Κ)":
        "το φύλο {value} δεν είναι ούτε αγόρι (Α, M) ούτε κορίτσι (Κ, W, F)",
    "{value} is not a whole number ({column})": "το {value} δεν είναι ακέραιος αριθμός ({column})",
    "write yes or no for the activation fee, not {value}":
        "γράψτε ναι ή όχι για το παράβολο ενεργοποίησης, όχι {value}",
    "the line has no last name": "η γραμμή δεν έχει επώνυμο",
    "{value} is not a date (write 2014-03-09 or 09/03/2014)":
        "το {value} δεν είναι ημερομηνία (γράψτε 09/03/2014 ή 2014-03-09)",
    # app/operations/roster_import.py
    "the file is not an .xlsx workbook that can be read": "το αρχείο δεν είναι βιβλίο εργασίας .xlsx που διαβάζεται",
    "the same player as line {other}": "ο ίδιος παίκτης με τη γραμμή {other}",
    "FIDE id {fide_id} is {name}'s, a player of another club":
        "ο κωδικός FIDE {fide_id} ανήκει στον/στην {name}, παίκτη άλλου σωματείου",
    "{name} is on the roster of {team}; a player is a member of one team":
        "ο/η {name} είναι στη σύνθεση της ομάδας {team}· κάθε παίκτης ανήκει σε μία ομάδα",
    "{column}: {reason}": "{column}: {reason}",
    "{n} line(s) of the file cannot be imported; correct them and send the file again (nothing was saved)":
        "{n} γραμμή(-ές) του αρχείου δεν μπορούν να εισαχθούν· διορθώστε τες και στείλτε ξανά το αρχείο "
        "(δεν αποθηκεύτηκε τίποτα)",
    # app/operations/members.py
    "no user with the user name {username}": "δεν υπάρχει χρήστης με όνομα χρήστη {username}",
    "the {role} role is for the whole tournament, not one team":
        "ο ρόλος {role} αφορά όλο το τουρνουά, όχι μία ομάδα",
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
    # app/operations/pairing.py
    "the lineup of {team} breaks {rule} ({count} lineup problem(s) in this round): round {number} is "
    "paired only by a decision of the chief arbiter, recorded with its reason (override)":
        "η σύνθεση της ομάδας {team} παραβιάζει το {rule} ({count} πρόβλημα(τα) συνθέσεων σε αυτόν τον γύρο): "
        "ο γύρος {number} γίνεται ζεύξη μόνο με απόφαση του αρχιδιαιτητή, καταγεγραμμένη με την αιτιολογία της "
        "(override)",
    "the lineup of {team} breaks {rule} ({count} lineup problem(s) in this round): round {number} is "
    "published only by a decision of the chief arbiter, recorded with its reason (override)":
        "η σύνθεση της ομάδας {team} παραβιάζει το {rule} ({count} πρόβλημα(τα) συνθέσεων σε αυτόν τον γύρο): "
        "ο γύρος {number} δημοσιεύεται μόνο με απόφαση του αρχιδιαιτητή, καταγεγραμμένη με την αιτιολογία της "
        "(override)",
    # app/services/rules.py (the national rating list), app/cli/commands/exchange.py (export --rating-check)
    "national_rating.name: one line of 1 to {most} characters":
        "national_rating.name: μία γραμμή από 1 έως {most} χαρακτήρες",
    "national_rating.{name}: must be between {low} and {high}":
        "national_rating.{name}: πρέπει να είναι από {low} έως {high}",
    "export: -o FILE is required (or --rating-check)": "export: απαιτείται -o ΑΡΧΕΙΟ (ή --rating-check)",
}
