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
    # app/services/rules.py (the national rating list), app/cli/commands/exchange.py (export --rating-check)
    "national_rating.name: one line of 1 to {most} characters":
        "national_rating.name: μία γραμμή από 1 έως {most} χαρακτήρες",
    "national_rating.{name}: must be between {low} and {high}":
        "national_rating.{name}: πρέπει να είναι από {low} έως {high}",
    "export: -o FILE is required (or --rating-check)": "export: απαιτείται -o ΑΡΧΕΙΟ (ή --rating-check)",
}
