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
    # app/services/rules.py, app/services/trf/records.py, app/operations/exchange/json_import.py (FIDE files)
    "an acceleration cannot be used when game points are the primary score":
        "η επιτάχυνση δεν επιτρέπεται όταν κύρια βαθμολογία είναι οι βαθμοί παρτίδων",
    "record {record} names at most {count} numbers": "η εγγραφή {record} αναφέρει το πολύ {count} αριθμούς",
    "bye type (col 5) must be F, H or Z, not {kind}":
        "το είδος του bye (στήλη 5) πρέπει να είναι F, H ή Z, όχι {kind}",
    "an accelerated range (250) runs from its first round and team to its last":
        "ένα εύρος επιτάχυνσης (250) πηγαίνει από τον πρώτο γύρο και την πρώτη ομάδα στους τελευταίους",
    "more than {count} records {record}": "περισσότερες από {count} εγγραφές {record}",
    "type (col 5) must be one of W D L F H Z + - or blank, not {kind}":
        "το είδος (στήλη 5) πρέπει να είναι ένα από W D L F H Z + - ή κενό, όχι {kind}",
    "round (cols 20-22) must be between 0 and {high}, or 999, not {round}":
        "ο γύρος (στήλες 20-22) πρέπει να είναι από 0 έως {high}, ή 999, όχι {round}",
    "{path}: {why} (a teamswiss JSON export, openapi/tournament-export.schema.json)":
        "{path}: {why} (εξαγωγή JSON του teamswiss, openapi/tournament-export.schema.json)",
}
