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
    # app/operations/mirror.py, app/operations/tracking.py, app/routers/mirror.py, app/operations/tokens.py
    "this tournament is a read-only mirror of the venue {venue}: the venue is its source of truth, change it there":
        "αυτό το τουρνουά είναι αντίγραφο μόνο για ανάγνωση του χώρου διεξαγωγής {venue}: η αλήθεια είναι εκεί, "
        "κάντε την αλλαγή εκεί",
    "only a publishing key may publish a tournament (teamswiss create-token NAME --scope publish --tournament ID)":
        "μόνο ένα κλειδί δημοσίευσης μπορεί να δημοσιεύσει τουρνουά (teamswiss create-token ΟΝΟΜΑ --scope publish "
        "--tournament ID)",
    "this publishing key does not name the venue's tournament {tournament}":
        "αυτό το κλειδί δημοσίευσης δεν αναφέρει το τουρνουά {tournament} του χώρου διεξαγωγής",
    "only a public export may be published: the private one holds birth dates and unpublished pairings":
        "δημοσιεύεται μόνο η δημόσια εξαγωγή: η ιδιωτική έχει ημερομηνίες γέννησης και αδημοσίευτα ζευγαρώματα",
    "player {player} belongs to no club of the export":
        "ο παίκτης {player} δεν ανήκει σε κανέναν σύλλογο της εξαγωγής",
    "team {team} belongs to no club of the export":
        "η ομάδα {team} δεν ανήκει σε κανέναν σύλλογο της εξαγωγής",
    "round {round}, table {table}: a team that is not in the export":
        "γύρος {round}, τραπέζι {table}: ομάδα που δεν υπάρχει στην εξαγωγή",
    "the body's encoding {encoding} is not gzip": "η κωδικοποίηση {encoding} του σώματος δεν είναι gzip",
    "the body is not valid gzip": "το σώμα δεν είναι έγκυρο gzip",
    "the body inflates past {limit} bytes": "το σώμα αποσυμπιέζεται σε περισσότερα από {limit} bytes",
    "the gzip body is cut short": "το σώμα gzip είναι κομμένο",
    "the push is not valid: {errors}": "η αποστολή δεν είναι έγκυρη: {errors}",
    "only an administrator or a user marked as organiser may create a publishing key":
        "μόνο διαχειριστής ή χρήστης με δικαίωμα διοργανωτή μπορεί να δημιουργήσει κλειδί δημοσίευσης",
    "no tournament with id {tournament}": "δεν υπάρχει τουρνουά με id {tournament}",
    "another push of this tournament is being applied; try again":
        "εφαρμόζεται ήδη άλλη αποστολή αυτού του τουρνουά· δοκιμάστε ξανά",
}
