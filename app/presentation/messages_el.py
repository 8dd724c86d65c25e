"""The Greek catalogue of refusals: English template -> Greek template, the same ``{placeholders}``.

The titles of the kinds of refusal (``DomainError.title``) are here too, and the phrases said inside a sentence
or an answer (``Text``: a round's state, the key of R-3.3, the engine's explanation, an action's summary).
Entries are grouped by the module that raises or says them, under a comment with its path; a new module's
block goes at the end. Greek as a Greek arbiter writes it: formal but simple, "·" for the semicolon (";" is
the Greek question mark), the rule id kept as it is. ``tests/unit/test_messages.py`` fails on a template raised
without its entry here, and on an entry no longer raised.
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
    # app/auth/credentials.py
    "the bearer token is invalid or expired": "το διακριτικό σύνδεσης δεν ισχύει ή έληξε· συνδεθείτε ξανά",
    "the token's user is disabled": "ο λογαριασμός αυτού του διακριτικού έχει απενεργοποιηθεί",
    "this session was ended (a password change, or all sessions ended): log in again":
        "η σύνδεση αυτή τερματίστηκε (αλλαγή κωδικού ή τερματισμός όλων των συνδέσεων): συνδεθείτε ξανά",
    "the API token is unknown or revoked": "το κλειδί API είναι άγνωστο ή έχει ανακληθεί",
    # app/auth/rights.py
    "this needs a bearer token (POST /auth/token, or an API token)":
        "για αυτή την ενέργεια πρέπει να συνδεθείτε (POST /auth/token ή κλειδί API)",
    "this needs a bearer token (POST /auth/token, or an API token): {summary}":
        "για αυτή την ενέργεια πρέπει να συνδεθείτε (POST /auth/token ή κλειδί API): {summary}",
    "an API token cannot {summary}; log in with a password":
        "με κλειδί API δεν επιτρέπεται: {summary}· συνδεθείτε με κωδικό",
    "the API token lacks the {scope!r} scope needed to {summary}":
        "το κλειδί API δεν έχει το δικαίωμα «{scope}» που χρειάζεται για: {summary}",
    "not allowed to {summary}: {holders}":
        "δεν έχετε δικαίωμα για: {summary}. Το έχουν: {holders}",
    "no rights over this club: they come from a tournament it takes part in (its organisers and arbiters, the "
    "managers of its teams) or from having created it":
        "δεν έχετε δικαιώματα σε αυτόν τον σύλλογο: τα έχουν όσοι έχουν ρόλο σε τουρνουά όπου συμμετέχει "
        "(οργανωτές, διαιτητές, υπεύθυνοι των ομάδων του) ή όποιος τον καταχώρισε",
    "no rights to change this player: an administrator may, or whoever holds rights in every tournament the player "
    "is on a roster of (its organisers and arbiters, the manager of the player's team there); a player on no "
    "roster, whoever registered the club while it takes part in no tournament":
        "δεν έχετε δικαίωμα να αλλάξετε αυτόν τον παίκτη: μπορεί ο διαχειριστής ή όποιος έχει δικαιώματα σε κάθε "
        "τουρνουά όπου ο παίκτης είναι σε σύνθεση ομάδας (οργανωτές, διαιτητές, ο υπεύθυνος της ομάδας του)· για "
        "παίκτη χωρίς ομάδα, όποιος καταχώρισε τον σύλλογο, όσο ο σύλλογος δεν συμμετέχει σε τουρνουά",
    # app/auth/throttle.py
    "Too many failed logins": "Πάρα πολλές αποτυχημένες συνδέσεις",
    "too many failed logins from this address: try again in {seconds} s":
        "πάρα πολλές αποτυχημένες προσπάθειες σύνδεσης από αυτή τη διεύθυνση: δοκιμάστε ξανά σε {seconds} δευτ.",
    # app/cli/commands/exchange.py
    "cannot write {path}: {strerror}": "δεν είναι δυνατή η εγγραφή του {path}: {strerror}",
    "{file} is not JSON: {exc}": "το {file} δεν είναι JSON: {exc}",
    "no user {user!r}": "δεν υπάρχει χρήστης «{user}»",
    # app/cli/commands/files.py
    "{name} is larger than {limit:,} characters: larger than any tournament file":
        "το {name} έχει περισσότερους από {limit} χαρακτήρες: μεγαλύτερο από κάθε αρχείο τουρνουά",
    "cannot pair round {round_no}: the tournament has {rounds} rounds":
        "δεν γίνεται κλήρωση του γύρου {round_no}: το τουρνουά έχει {rounds} γύρους",
    "--teams must be between 2 and 999": "το --teams πρέπει να είναι από 2 έως 999",
    "cannot read {path}: {strerror}": "δεν είναι δυνατή η ανάγνωση του {path}: {strerror}",
    "{path} is not UTF-8 text": "το {path} δεν είναι κείμενο UTF-8",
    # app/cli/commands/server.py
    "no password: give it on standard input with --password-stdin, or run the command in a terminal to be asked "
    "for it":
        "δεν δόθηκε κωδικός: δώστε τον στην τυπική είσοδο με --password-stdin ή εκτελέστε την εντολή σε τερματικό "
        "για να σας ζητηθεί",
    "the two passwords differ": "οι δύο κωδικοί διαφέρουν",
    # app/cli/commands/standings.py
    "--round must be 0 or more": "το --round πρέπει να είναι 0 ή μεγαλύτερο",
    "--round {round}: the file has no round after {last}": "--round {round}: το αρχείο δεν έχει γύρο μετά τον {last}",
    "--pab: expected MP,GP, got {pab!r}": "--pab: αναμενόταν ΒΑ,ΒΣ (MP,GP), δόθηκε «{pab}»",
    # app/http/access.py
    "this needs a bearer token (POST /auth/token or an API token)":
        "για αυτή την ενέργεια πρέπει να συνδεθείτε (POST /auth/token ή κλειδί API)",
    # app/http/middleware.py
    "The request is too large": "Το αίτημα είναι πολύ μεγάλο",
    "the request body is larger than the {limit:,} bytes this operation accepts":
        "το περιεχόμενο του αιτήματος ξεπερνά τα {limit} byte που δέχεται αυτή η λειτουργία",
    "the server is receiving as many requests as it can; retry in a moment":
        "ο διακομιστής δέχεται ήδη όσα αιτήματα μπορεί· δοκιμάστε ξανά σε λίγο",
    "Method not allowed": "Η μέθοδος δεν επιτρέπεται",
    "Method Not Allowed": "Αυτή η διεύθυνση δεν δέχεται αυτή τη μέθοδο",
    "NUL characters are not allowed in a URL": "Η διεύθυνση (URL) δεν επιτρέπεται να περιέχει χαρακτήρες NUL",
    "The request took too long": "Το αίτημα άργησε πολύ",
    "the request body did not arrive in time; send it again":
        "το περιεχόμενο του αιτήματος δεν έφτασε εγκαίρως· στείλτε το ξανά",
    # app/http/overload.py
    "Server busy": "Ο διακομιστής είναι απασχολημένος",
    "The server is at its limit of requests in progress; retry after {seconds} s.":
        "Ο διακομιστής εξυπηρετεί ήδη όσα αιτήματα μπορεί· δοκιμάστε ξανά σε {seconds} δευτ.",
    "Not ready": "Δεν είναι έτοιμος",
    "the worker is at its limit of requests in progress and sheds new ones":
        "η διεργασία εξυπηρετεί ήδη όσα αιτήματα μπορεί και απορρίπτει τα νέα",
    "the server holds as many live streams as it can ({max_streams}); the page reads the results without one "
    "meanwhile":
        "ο διακομιστής έχει ήδη όσες ζωντανές ροές μπορεί ({max_streams})· στο μεταξύ η σελίδα διαβάζει τα "
        "αποτελέσματα χωρίς ροή",
    "Too many live streams": "Πάρα πολλές ζωντανές ροές",
    "this address already holds {max_streams} live streams; close some first":
        "αυτή η διεύθυνση έχει ήδη {max_streams} ζωντανές ροές· κλείστε κάποιες πρώτα",
    # app/http/problems.py
    "Not Found": "Η διεύθυνση αυτή δεν υπάρχει",
    "The request is not valid": "Το αίτημα δεν είναι έγκυρο",
    "Internal error": "Εσωτερικό σφάλμα",
    "The server failed; the error is logged. Nothing was changed.":
        "Ο διακομιστής απέτυχε· το σφάλμα καταγράφηκε. Δεν άλλαξε τίποτα.",
    "the change conflicts with an existing record": "η αλλαγή συγκρούεται με μια υπάρχουσα εγγραφή",
    "a value does not fit its column (too long or out of range)":
        "μια τιμή δεν χωράει στο πεδίο της (πολύ μεγάλη ή εκτός ορίων)",
    "The database is not reachable": "Η βάση δεδομένων δεν είναι προσβάσιμη",
    "the connection to the database was lost; nothing was changed; try again":
        "η σύνδεση με τη βάση δεδομένων χάθηκε· δεν άλλαξε τίποτα· δοκιμάστε ξανά",
    "the request refers to a record that does not exist": "το αίτημα αναφέρεται σε εγγραφή που δεν υπάρχει",
    "a required value is missing": "λείπει μια υποχρεωτική τιμή",
    "invalid request": "μη έγκυρο αίτημα",
    "the request body cannot be read: {reason}": "το περιεχόμενο του αιτήματος δεν διαβάζεται: {reason}",
    # app/operations/accounts.py
    "wrong user name or password": "λάθος όνομα χρήστη ή κωδικός",
    "the user name {username!r} is taken": "το όνομα χρήστη «{username}» χρησιμοποιείται ήδη",
    "administrators cannot remove their own administrator rights or disable themselves":
        "ο διαχειριστής δεν μπορεί να αφαιρέσει τα δικαιώματα διαχειριστή από τον εαυτό του ούτε να "
        "απενεργοποιήσει τον λογαριασμό του",
    "only the user or an administrator may end the user's sessions":
        "μόνο ο ίδιος ο χρήστης ή ο διαχειριστής μπορεί να τερματίσει τις συνδέσεις του χρήστη",
    # app/operations/appeals.py
    "the game has not ended yet (no result with an end time): appeal after it ends":
        "η παρτίδα δεν έχει τελειώσει ακόμη (δεν υπάρχει αποτέλεσμα με ώρα λήξης): η ένσταση υποβάλλεται μετά "
        "το τέλος της",
    "no match {match_id} in this tournament": "δεν υπάρχει αγώνας {match_id} σε αυτό το τουρνουά",
    "the appealing team did not play this match": "η ομάδα που κάνει την ένσταση δεν έπαιξε σε αυτόν τον αγώνα",
    "no appeal {appeal_id} in this tournament": "δεν υπάρχει ένσταση {appeal_id} σε αυτό το τουρνουά",
    "the sitting committee's chair or the organiser records the decision":
        "την απόφαση την καταχωρίζει ο πρόεδρος της επιτροπής ενστάσεων που κρίνει την υπόθεση ή ο οργανωτής",
    "the appeal was already {status}": "η ένσταση έχει ήδη κριθεί: {status}",
    "the team has no lineup with a captain for this round":
        "η ομάδα δεν έχει σύνθεση με αρχηγό για αυτόν τον γύρο",
    "the match has no board {board}": "ο αγώνας δεν έχει σκακιέρα {board}",
    # app/operations/backup.py
    "not a teamswiss backup (format teamswiss-backup)":
        "δεν είναι αντίγραφο ασφαλείας του teamswiss (μορφή teamswiss-backup)",
    "backup version {get!r} is not supported (expected {version})":
        "η έκδοση αντιγράφου «{get}» δεν υποστηρίζεται (αναμενόταν {version})",
    "the backup has no tables": "το αντίγραφο ασφαλείας δεν έχει πίνακες",
    "tables this version does not know: {unknown}": "πίνακες που δεν γνωρίζει αυτή η έκδοση: {unknown}",
    "the backup is of schema revision {revision}, the database is at {revision2}: migrate to the same revision "
    "first":
        "το αντίγραφο είναι της έκδοσης σχήματος {revision} και η βάση της {revision2}: φέρτε πρώτα τη βάση στην "
        "ίδια έκδοση",
    "restore needs an empty database; these tables have rows: {tables}":
        "η επαναφορά χρειάζεται κενή βάση δεδομένων· αυτοί οι πίνακες έχουν εγγραφές: {tables}",
    "table {name}: unknown columns {missing}": "πίνακας {name}: άγνωστες στήλες {missing}",
    "table {name}: the rows cannot be restored: {splitlines}":
        "πίνακας {name}: οι εγγραφές δεν μπορούν να επανέλθουν: {splitlines}",
    # app/operations/cache.py
    "no tournament with id {tournament_id}": "δεν υπάρχει τουρνουά με αριθμό {tournament_id}",
    # app/operations/clubs.py
    "the club still has players or teams": "ο σύλλογος έχει ακόμη παίκτες ή ομάδες",
    # app/operations/exchange/exports.py
    "unknown format {fmt!r}; use trf2026 or trf16": "άγνωστη μορφή «{fmt}»· χρησιμοποιήστε trf2026 ή trf16",
    "round {number} is not {state} yet": "ο γύρος {number} δεν είναι ακόμη {state}",
    # app/operations/exchange/imports.py
    "rules must be 2024 or 2026, not {rules!r}": "οι κανονισμοί είναι 2024 ή 2026, όχι «{rules}»",
    "the file has no teams": "το αρχείο δεν έχει ομάδες",
    "pab: expected MP,GP, got {pab!r}": "pab: αναμενόταν ΒΑ,ΒΣ (MP,GP), δόθηκε «{pab}»",
    "this file was already imported, as tournament {id} on {created_at:%Y-%m-%d}: importing it again would make "
    "a duplicate; ask for it with allow_duplicate=true (teamswiss import --allow-duplicate)":
        "το αρχείο έχει ήδη εισαχθεί, ως τουρνουά {id} στις {created_at:%d/%m/%Y}: νέα εισαγωγή θα έφτιαχνε "
        "διπλότυπο· αν το θέλετε, ζητήστε το με allow_duplicate=true (teamswiss import --allow-duplicate)",
    "the settings are not valid: {detail}": "οι ρυθμίσεις δεν είναι έγκυρες: {detail}",
    # app/operations/lineups.py
    "no club of team {team_id}": "η ομάδα {team_id} δεν έχει σύλλογο",
    "the team is {status} and plays no round": "η ομάδα είναι {status} και δεν παίζει σε κανέναν γύρο",
    "withdrawn": "αποσυρμένη",
    "expelled": "αποκλεισμένη",
    "waitlisted": "σε λίστα αναμονής",
    "round {number} is {state}; its lineups are final":
        "ο γύρος {number} είναι {state}· οι συνθέσεις του είναι οριστικές",
    "lineups for round {number} closed at its start ({start:%Y-%m-%d %H:%M}); ask the arbiter":
        "οι συνθέσεις του γύρου {number} έκλεισαν με την έναρξή του ({start:%d/%m/%Y %H:%M})· απευθυνθείτε στον "
        "διαιτητή",
    "the chief arbiter removed the captain role for this round":
        "ο επικεφαλής διαιτητής αφαίρεσε τον ρόλο του αρχηγού για αυτόν τον γύρο",
    # app/operations/members.py
    "the user has this role already": "ο χρήστης έχει ήδη αυτόν τον ρόλο",
    "no membership {membership_id} in this tournament": "δεν υπάρχει ρόλος {membership_id} σε αυτό το τουρνουά",
    "a manager role names the team it manages": "ο ρόλος υπευθύνου ομάδας ορίζει ποια ομάδα αφορά",
    "the team is not in this tournament": "η ομάδα δεν συμμετέχει σε αυτό το τουρνουά",
    "the {role} role is for the whole tournament, not one team":
        "ο ρόλος {role} αφορά όλο το τουρνουά, όχι μία ομάδα",
    # app/operations/pairing.py
    "the tournament changed while round {number} was being paired, {pair_attempts} times in a row (other changes "
    "are being made to it): pair the round again":
        "το τουρνουά άλλαξε ενώ γινόταν η κλήρωση του γύρου {number}, {pair_attempts} φορές στη σειρά (γίνονται "
        "άλλες αλλαγές ταυτόχρονα): κάντε ξανά την κλήρωση",
    "round {number} is {state}: a published pairing is frozen":
        "ο γύρος {number} είναι {state}: μια δημοσιευμένη κλήρωση δεν αλλάζει",
    "the initial ranking is not locked: lock it (POST .../ranking/lock) to give the teams their pairing numbers":
        "η αρχική κατάταξη δεν έχει κλειδώσει: κλειδώστε την (POST .../ranking/lock) για να πάρουν οι ομάδες "
        "τους αριθμούς κλήρωσης",
    "teams without a pairing number: {unnumbered}; re-lock the ranking":
        "ομάδες χωρίς αριθμό κλήρωσης: {unnumbered}· κλειδώστε ξανά την κατάταξη",
    "fewer than two teams to pair": "υπάρχουν λιγότερες από δύο ομάδες για κλήρωση",
    "round {number} is already paired; re-pairing would be needed: mark absences before pairing":
        "ο γύρος {number} έχει ήδη κληρωθεί και θα χρειαζόταν νέα κλήρωση: οι απουσίες δηλώνονται πριν από την "
        "κλήρωση",
    "no team {team_id} in this tournament": "δεν υπάρχει ομάδα {team_id} σε αυτό το τουρνουά",
    "round {number} is {state}: only a paired, unpublished round can be changed by hand":
        "ο γύρος {number} είναι {state}: μόνο κληρωμένος γύρος που δεν έχει δημοσιευτεί αλλάζει με το χέρι",
    "team {team_a} is not in this round's pairing": "η ομάδα {team_a} δεν είναι στην κλήρωση αυτού του γύρου",
    "round {number} is {state}: only a paired round can be published":
        "ο γύρος {number} είναι {state}: δημοσιεύεται μόνο κληρωμένος γύρος",
    "round {number} is {state}: only a published round in play can be completed":
        "ο γύρος {number} είναι {state}: ολοκληρώνεται μόνο δημοσιευμένος γύρος που παίζεται",
    "tables without a full result: {map}": "τραπέζια χωρίς πλήρες αποτέλεσμα: {map}",
    "round {number} is not completed": "ο γύρος {number} δεν έχει ολοκληρωθεί",
    "round {number} is already paired from these results; a change now would not change that pairing":
        "ο γύρος {number} έχει ήδη κληρωθεί με βάση αυτά τα αποτελέσματα· μια αλλαγή τώρα δεν θα άλλαζε εκείνη "
        "την κλήρωση",
    "round {number} is not completed ({state}); round {number2} can be paired only after it":
        "ο γύρος {number} δεν έχει ολοκληρωθεί ({state})· ο γύρος {number2} κληρώνεται μόνο μετά από αυτόν",
    "the appeals committee must be named before round 1 is paired (PUT /tournaments/{t}/committee)":
        "η επιτροπή ενστάσεων πρέπει να οριστεί πριν από την κλήρωση του 1ου γύρου (PUT /tournaments/{t}/committee)",
    "appeal {id} on round {number} is still open: it must be decided before round {number2} is paired":
        "η ένσταση {id} για τον γύρο {number} εκκρεμεί ακόμη: πρέπει να κριθεί πριν από την κλήρωση του γύρου "
        "{number2}",
    "forbid names two teams": "η απαγόρευση ορίζει δύο ομάδες",
    "both teams need pairing numbers in this tournament":
        "και οι δύο ομάδες χρειάζονται αριθμό κλήρωσης σε αυτό το τουρνουά",
    "swap names two teams of this round": "η αντιμετάθεση ορίζει δύο ομάδες αυτού του γύρου",
    "a team cannot play itself": "μια ομάδα δεν μπορεί να παίξει με τον εαυτό της",
    "this round has no pairing-allocated bye": "αυτός ο γύρος δεν έχει ρεπό από την κλήρωση (PAB)",
    "the bye has no colours": "το ρεπό δεν έχει χρώματα",
    # app/operations/players.py
    "no club with id {club_id}": "δεν υπάρχει σύλλογος με αριθμό {club_id}",
    "the player is on a roster; remove them from it first":
        "ο παίκτης είναι σε σύνθεση ομάδας· αφαιρέστε τον πρώτα από εκεί",
    # app/operations/ranking.py
    "no team is entered": "δεν έχει δηλωθεί καμία ομάδα",
    # app/operations/reads/players.py
    "no player with id {player_id} in tournament {id}":
        "δεν υπάρχει παίκτης με αριθμό {player_id} στο τουρνουά {id}",
    # app/operations/reads/standings.py
    "round {up_to} is not completed; standings exist after completed rounds ({value})":
        "ο γύρος {up_to} δεν έχει ολοκληρωθεί· βαθμολογία υπάρχει μετά από ολοκληρωμένους γύρους ({value})",
    # app/operations/repository.py
    "no team with id {team_id} in tournament {tournament_id}":
        "δεν υπάρχει ομάδα με αριθμό {team_id} στο τουρνουά {tournament_id}",
    "no {what} with id {ident}": "δεν υπάρχει {what} με αριθμό {ident}",
    "player": "παίκτης",
    "user": "χρήστης",
    "team": "ομάδα",
    "club": "σύλλογος",
    "membership": "ρόλος στο τουρνουά",
    "appeal": "ένσταση",
    "API token": "κλειδί API",
    # app/operations/results.py
    "round {number} is not published yet: publish the pairing first":
        "ο γύρος {number} δεν έχει δημοσιευτεί ακόμη: δημοσιεύστε πρώτα την κλήρωση",
    "round {number} is completed: reopen it to change a result":
        "ο γύρος {number} έχει ολοκληρωθεί: ανοίξτε τον ξανά για να αλλάξετε αποτέλεσμα",
    "table {table_no} already has a result; {star}send If-Match with the match's ETag to change it":
        "το τραπέζι {table_no} έχει ήδη αποτέλεσμα· {star}για αλλαγή στείλτε If-Match με το ETag του αγώνα",
    "If-Match: * does not say which version you read; ": "το If-Match: * δεν λέει ποια έκδοση διαβάσατε· ",
    "table {table_no} changed since it was read": "το τραπέζι {table_no} άλλαξε από τότε που το διαβάσατε",
    "the pairing-allocated bye has no boards": "το ρεπό της κλήρωσης (PAB) δεν έχει σκακιέρες",
    "table {table_no} was forfeited as a whole; clear the forfeit first":
        "ο αγώνας στο τραπέζι {table_no} μηδενίστηκε ολόκληρος· αναιρέστε πρώτα τον μηδενισμό",
    "table {table_no} has no board {board_no}": "το τραπέζι {table_no} δεν έχει σκακιέρα {board_no}",
    "only an arbiter may change an entered result": "μόνο διαιτητής μπορεί να αλλάξει αποτέλεσμα που έχει καταχωριστεί",
    "the pairing-allocated bye cannot be forfeited": "το ρεπό της κλήρωσης (PAB) δεν μηδενίζεται",
    "forfeit names the absent side: first, second or both (not {side!r})":
        "ο μηδενισμός ορίζει την πλευρά που απουσιάζει: first, second ή both (όχι «{side}»)",
    "round {number} has no match {match_id}": "ο γύρος {number} δεν έχει αγώνα {match_id}",
    "give either the board results or a match-level forfeit":
        "δώστε είτε τα αποτελέσματα των σκακιέρων είτε μηδενισμό του αγώνα, όχι και τα δύο",
    "the match has {n_loaded} boards; {n_results} results given":
        "ο αγώνας έχει {n_loaded} σκακιέρες· δόθηκαν {n_results} αποτελέσματα",
    "board {board_no} of table {table_no} has an empty seat: its result is {expected}":
        "η σκακιέρα {board_no} του τραπεζιού {table_no} έχει κενή θέση: το αποτέλεσμά της είναι {expected}",
    "round {number} has no table {table}": "ο γύρος {number} δεν έχει τραπέζι {table}",
    "table {table}: give a board with a result, or a forfeit":
        "τραπέζι {table}: δώστε σκακιέρα με αποτέλεσμα ή μηδενισμό",
    "table {table_no} has no board {board}": "το τραπέζι {table_no} δεν έχει σκακιέρα {board}",
    "this Idempotency-Key was used for a different request":
        "αυτό το Idempotency-Key χρησιμοποιήθηκε για διαφορετικό αίτημα",
    # app/operations/rosters.py
    "a change after the roster deadline needs a reason (e.g. illness)":
        "αλλαγή μετά την προθεσμία των συνθέσεων χρειάζεται αιτιολογία (π.χ. ασθένεια)",
    "no player with id {missing}": "δεν υπάρχει παίκτης με αριθμό {missing}",
    "{name} is not a player of the team's club": "ο/η {name} δεν είναι παίκτης του συλλόγου της ομάδας",
    # app/operations/rounds.py
    "the tournament has no round {number}": "το τουρνουά δεν έχει γύρο {number}",
    # app/operations/teams.py
    "{name} has a manager already; a team has one manager":
        "η ομάδα {name} έχει ήδη υπεύθυνο· κάθε ομάδα έχει έναν υπεύθυνο",
    "a team named {name!r} is already entered": "έχει ήδη δηλωθεί ομάδα με όνομα «{name}»",
    "only a withdrawn or expelled team can be reinstated":
        "επανέρχεται μόνο ομάδα που έχει αποσυρθεί ή αποκλειστεί",
    "a team named {name!r} exists": "υπάρχει ήδη ομάδα με όνομα «{name}»",
    "a manager of several teams must manage teams of one club only":
        "υπεύθυνος πολλών ομάδων μπορεί να είναι μόνο για ομάδες του ίδιου συλλόγου",
    # app/operations/tokens.py
    "only the token's owner or an administrator may revoke it":
        "μόνο ο κάτοχος του κλειδιού ή ο διαχειριστής μπορεί να το ανακαλέσει",
    # app/operations/tournaments.py
    "a tournament with paired rounds cannot be deleted": "τουρνουά με κληρωμένους γύρους δεν διαγράφεται",
    "move_schedule moves the preset's dates to start_date: give start_date":
        "το move_schedule μεταφέρει τις ημερομηνίες του προτύπου στο start_date: δώστε start_date",
    "boards, scoring and pairing settings are fixed once round 1 is paired":
        "οι σκακιέρες, η βαθμολογία και οι ρυθμίσεις κλήρωσης δεν αλλάζουν μετά την κλήρωση του 1ου γύρου",
    "round {n} is already {state}; it cannot be removed": "ο γύρος {n} είναι ήδη {state}· δεν μπορεί να αφαιρεθεί",
    # app/routers/exchange.py
    "the file is not UTF-8 text": "το αρχείο δεν είναι κείμενο UTF-8",
    "the upload has no file (form field 'file')": "δεν στάλθηκε αρχείο (πεδίο φόρμας «file»)",
    # app/services/appeals.py
    "the written appeal cannot come before it was announced":
        "η γραπτή ένσταση δεν μπορεί να προηγείται της αναγγελίας της",
    "the appeal was announced {minutes} too late: it must be announced within {appeal_announce_minutes} minutes of "
    "the end of the game":
        "η ένσταση αναγγέλθηκε {minutes} αργότερα από το επιτρεπτό: αναγγέλλεται μέσα σε "
        "{appeal_announce_minutes} λεπτά από το τέλος της παρτίδας",
    "the written appeal came {minutes} too late: it must be submitted within {appeal_submit_minutes} minutes of "
    "the end of the game":
        "η γραπτή ένσταση υποβλήθηκε {minutes} αργότερα από το επιτρεπτό: υποβάλλεται μέσα σε "
        "{appeal_submit_minutes} λεπτά από το τέλος της παρτίδας",
    "an appeal needs the fee of €{appeal_fee} (paid: €{paid})":
        "η ένσταση συνοδεύεται από παράβολο {appeal_fee} € (καταβλήθηκαν: {paid} €)",
    "a decision is one of {decisions}": "η απόφαση είναι ένα από: {decisions}",
    "a committee member is regular or alternate": "το μέλος της επιτροπής είναι τακτικό ή αναπληρωματικό",
    "the committee has {committee_regular} regular members ({n_regular} named)":
        "η επιτροπή έχει {committee_regular} τακτικά μέλη (ορίστηκαν {n_regular})",
    "the committee needs at least {committee_alternates} alternates ({n_alternates} named)":
        "η επιτροπή χρειάζεται τουλάχιστον {committee_alternates} αναπληρωματικά μέλη (ορίστηκαν {n_alternates})",
    "the committee has one chair": "η επιτροπή έχει έναν πρόεδρο",
    "only {sitting} of {regular} members are free of the clubs involved: the organiser must name more alternates "
    "(R-14.4)":
        "μόνο {sitting} από τα {regular} μέλη δεν ανήκουν στους εμπλεκόμενους συλλόγους: ο οργανωτής πρέπει να "
        "ορίσει περισσότερα αναπληρωματικά μέλη (R-14.4)",
    "the regular committee sits": "κρίνει η τακτική επιτροπή",
    "replaced by alternates: {names} (club involved)":
        "αντικαθίστανται από αναπληρωματικά μέλη: {names} (εμπλέκεται ο σύλλογός τους)",
    "open": "εκκρεμής",
    "upheld": "έγινε δεκτή",
    "rejected": "απορρίφθηκε",
    # app/services/board_order.py
    "unrated": "χωρίς αξιολόγηση",
    "none": "—",
    "alphabetical order (ELOT 743)": "αλφαβητική σειρά (ΕΛΟΤ 743)",
    "FIDE rating {lower} vs {upper}": "αξιολόγηση FIDE {lower} έναντι {upper}",
    "national rating {lower} vs {upper}": "εθνική αξιολόγηση {lower} έναντι {upper}",
    "registration number {lower} vs {upper}": "αριθμός μητρώου {lower} έναντι {upper}",
    # app/services/eligibility.py
    "{name} has no birth date recorded; players must be born on or after {limit:%Y-%m-%d}, so it is needed":
        "για τον/την {name} δεν έχει καταχωριστεί ημερομηνία γέννησης· χρειάζεται, γιατί οι παίκτες πρέπει να "
        "έχουν γεννηθεί από {limit:%d/%m/%Y} και μετά",
    "{name}'s birth date is in the future": "η ημερομηνία γέννησης του/της {name} είναι στο μέλλον",
    "{name} was born on {born:%Y-%m-%d}; players must be born on or after {limit:%Y-%m-%d}":
        "ο/η {name} γεννήθηκε στις {born:%d/%m/%Y}· οι παίκτες πρέπει να έχουν γεννηθεί από {limit:%d/%m/%Y} και "
        "μετά",
    "{name} has not paid the federation's activation fee, which players of {federation} clubs need before they "
    "may play":
        "ο/η {name} δεν έχει πληρώσει την ενεργοποίηση της ομοσπονδίας, που χρειάζονται οι παίκτες συλλόγων "
        "{federation} για να αγωνιστούν",
    "the team manager's birth date is needed to check they are an adult":
        "χρειάζεται η ημερομηνία γέννησης του υπευθύνου ομάδας, για να ελεγχθεί ότι είναι ενήλικος",
    "the team manager must be an adult; born {born:%Y-%m-%d}, they are {age} on {on:%Y-%m-%d}":
        "ο υπεύθυνος ομάδας πρέπει να είναι ενήλικος· γεννήθηκε στις {born:%d/%m/%Y} και είναι {age} ετών στις "
        "{on:%d/%m/%Y}",
    "a roster holds at most {max_players_per_roster} players ({boards} boards and reserves); this one has "
    "{n_players}":
        "η σύνθεση μιας ομάδας έχει το πολύ {max_players_per_roster} παίκτες ({boards} σκακιέρες και "
        "αναπληρωματικοί)· αυτή έχει {n_players}",
    "rosters were due by {due:%Y-%m-%d %H:%M} ({zone}); after that only the organiser may change players "
    "(illness, R-11.5){later}":
        "οι συνθέσεις έπρεπε να δηλωθούν έως {due:%d/%m/%Y %H:%M} ({zone})· μετά από αυτό αλλαγές παικτών κάνει "
        "μόνο ο οργανωτής (ασθένεια, R-11.5){later}",
    " until {until:%Y-%m-%d %H:%M} ({zone})": " έως {until:%d/%m/%Y %H:%M} ({zone})",
    "player changes for illness were allowed until {until:%Y-%m-%d %H:%M} ({zone}); the rosters are final":
        "αλλαγές παικτών λόγω ασθένειας επιτρέπονταν έως {until:%d/%m/%Y %H:%M} ({zone})· οι συνθέσεις είναι "
        "οριστικές",
    "after the roster deadline players may move only between teams of the same club":
        "μετά την προθεσμία των συνθέσεων παίκτης μετακινείται μόνο μεταξύ ομάδων του ίδιου συλλόγου",
    "{name} is listed twice on the roster": "ο/η {name} εμφανίζεται δύο φορές στη σύνθεση",
    "{name} is already on the roster of another team (team {team_id}); a player plays for one team only":
        "ο/η {name} είναι ήδη στη σύνθεση άλλης ομάδας (ομάδα {team_id})· κάθε παίκτης παίζει σε μία μόνο ομάδα",
    "a team has {boards} players; a roster needs at least {min_players_per_roster}, this one has {n_players}":
        "μια ομάδα έχει {boards} παίκτες· η σύνθεση χρειάζεται τουλάχιστον {min_players_per_roster}, αυτή έχει "
        "{n_players}",
    "every lineup needs at least {min_female_per_lineup} girl(s) and the roster has {girls}, so no lineup could be "
    "valid":
        "κάθε σύνθεση γύρου χρειάζεται τουλάχιστον {min_female_per_lineup} κορίτσι(α) και η ομάδα έχει {girls}, "
        "άρα καμία σύνθεση δεν θα ήταν έγκυρη",
    "board order is fixed by R-3.3, not chosen: {name} must come before {name2} ({explain_pair})":
        "η σειρά σκακιέρας ορίζεται από το R-3.3 και δεν επιλέγεται: ο/η {name} μπαίνει πριν από τον/την "
        "{name2} ({explain_pair})",
    "only {n_players} players for {boards} boards: the bottom boards will be empty and lost by forfeit (R-4.5)":
        "μόνο {n_players} παίκτες για {boards} σκακιέρες: οι τελευταίες σκακιέρες θα μείνουν κενές και θα "
        "χάνονται με μηδενισμό (R-4.5)",
    # app/services/entries.py
    "entries closed at {closed:%Y-%m-%d %H:%M} ({time_zone}); only the organiser may accept a late entry":
        "οι δηλώσεις συμμετοχής έκλεισαν στις {closed:%d/%m/%Y %H:%M} ({time_zone})· εκπρόθεσμη δήλωση δέχεται "
        "μόνο ο οργανωτής",
    "a club may enter at most {max_teams_per_club} teams and this club has {count}":
        "ένας σύλλογος δηλώνει το πολύ {max_teams_per_club} ομάδες και αυτός έχει ήδη {count}",
    "a team appears twice among the entries": "μια ομάδα εμφανίζεται δύο φορές στις δηλώσεις",
    # app/services/generator.py
    "need at least two teams": "χρειάζονται τουλάχιστον δύο ομάδες",
    "need at least one round": "χρειάζεται τουλάχιστον ένας γύρος",
    "{name} must be between 0 and 1": "το {name} πρέπει να είναι από 0 έως 1",
    # app/services/lifecycle.py
    "pending": "σε αναμονή",
    "paired": "κληρωμένος",
    "published": "δημοσιευμένος",
    "in progress": "σε εξέλιξη",
    "completed": "ολοκληρωμένος",
    # app/services/lineups.py
    "{name} is not eligible to play (age limit R-3.1 or activation fee R-2.3)":
        "ο/η {name} δεν έχει δικαίωμα συμμετοχής (όριο ηλικίας R-3.1 ή ενεργοποίηση R-2.3)",
    "{name} is not eligible to play": "ο/η {name} δεν έχει δικαίωμα συμμετοχής",
    "a lineup names at least one player; a team that fields nobody has not shown up (match forfeit, R-7.3/R-7.4)":
        "η σύνθεση γύρου έχει τουλάχιστον έναν παίκτη· ομάδα που δεν παρατάσσει κανέναν δεν εμφανίστηκε "
        "(μηδενισμός αγώνα, R-7.3/R-7.4)",
    "player {missing} is not on the team's roster; a lineup is chosen from the roster":
        "ο παίκτης {missing} δεν είναι στη σύνθεση της ομάδας· η σύνθεση γύρου επιλέγεται από αυτήν",
    "a lineup has at most {boards} players; this one has {n_players}":
        "η σύνθεση γύρου έχει το πολύ {boards} παίκτες· αυτή έχει {n_players}",
    "the captain (player {captain}) must be one of the lineup's players":
        "ο αρχηγός (παίκτης {captain}) πρέπει να είναι ένας από τους παίκτες της σύνθεσης",
    "player {pid} is named twice in the lineup": "ο παίκτης {pid} εμφανίζεται δύο φορές στη σύνθεση",
    "board order is fixed by R-3.3, not chosen: {name} must play above {name2} ({explain_pair}). Out of order: "
    "{listed}":
        "η σειρά σκακιέρας ορίζεται από το R-3.3 και δεν επιλέγεται: ο/η {name} παίζει σε ψηλότερη σκακιέρα από "
        "τον/την {name2} ({explain_pair}). Εκτός σειράς: {listed}",
    # app/services/pairing/engine.py
    "no team can receive the PAB and leave a legal pairing of the others (C.04.6 3.4.1, [C2])":
        "καμία ομάδα δεν μπορεί να πάρει το ρεπό (PAB) αφήνοντας κανονική κλήρωση για τις υπόλοιπες "
        "(C.04.6 3.4.1, [C2])",
    "the top-scoregroup of score {top} (TPNs {map}) cannot be paired with any set of upfloaters (C.04.6 3.3.3)":
        "η πρώτη βαθμολογική ομάδα με {top} βαθμούς (αριθμοί κλήρωσης {map}) δεν ζευγαρώνεται με κανένα σύνολο "
        "ομάδων από χαμηλότερα (C.04.6 3.3.3)",
    "a single team cannot be paired": "μία μόνο ομάδα δεν μπορεί να κληρωθεί",
    "no legal pairing of all the teams exists: too many have already met ([C1])":
        "δεν υπάρχει κανονική κλήρωση για όλες τις ομάδες: πάρα πολλές έχουν ήδη αντιμετωπιστεί ([C1])",
    "more than {budget} sets examined for graded [C6] below score {top}":
        "εξετάστηκαν περισσότερα από {budget} σύνολα για το κριτήριο [C6] κάτω από {top} βαθμούς",
    "more than {budget} upfloater sets examined for the bracket of score {top}; the chief arbiter should pair this "
    "round by hand (C.04.6 3.3.3)":
        "εξετάστηκαν περισσότερα από {budget} σύνολα ανερχόμενων ομάδων για την ομάδα βαθμολογίας {top}· ο "
        "επικεφαλής διαιτητής πρέπει να κάνει την κλήρωση αυτού του γύρου με το χέρι (C.04.6 3.3.3)",
    # app/services/pairing/model.py
    "The pairing search was too large": "Η αναζήτηση κλήρωσης ήταν πολύ μεγάλη",
    # app/services/pairing/snapshot.py
    "round {round_no} does not exist": "ο γύρος {round_no} δεν υπάρχει",
    "every team must have a different TPN": "κάθε ομάδα πρέπει να έχει διαφορετικό αριθμό κλήρωσης",
    "a team appears twice in the snapshot": "μια ομάδα εμφανίζεται δύο φορές στα στοιχεία της κλήρωσης",
    "team {id} has no TPN": "η ομάδα {id} δεν έχει αριθμό κλήρωσης",
    "round {number} has an unfinished match; finish it before pairing":
        "ο γύρος {number} έχει αγώνα που δεν τελείωσε· ολοκληρώστε τον πριν από την κλήρωση",
    # app/services/rules.py
    "unknown settings: {unknown}": "άγνωστες ρυθμίσεις: {unknown}",
    "{what}: not a number: {text!r}": "{what}: δεν είναι αριθμός: «{text}»",
    "unknown preset {name!r}; known: {presets}": "άγνωστο πρότυπο «{name}»· υπάρχουν: {presets}",
    "boards: must be between 1 and {max_boards}": "σκακιέρες: από 1 έως {max_boards}",
    "{name}: expected an object": "{name}: αναμενόταν αντικείμενο",
    "unknown {name} settings: {bad}": "άγνωστες ρυθμίσεις {name}: {bad}",
    "must be swiss or round_robin": "πρέπει να είναι swiss ή round_robin",
    "must be 1 or 2": "πρέπει να είναι 1 ή 2",
    "must be lot or ranking": "πρέπει να είναι lot ή ranking",
    "must be between 0 and 2^53 - 1": "πρέπει να είναι από 0 έως 2^53 - 1",
    # app/services/seeding.py
    "a team appears twice in the initial ranking": "μια ομάδα εμφανίζεται δύο φορές στην αρχική κατάταξη",
    "the number of paired rounds cannot be negative": "ο αριθμός των κληρωμένων γύρων δεν μπορεί να είναι αρνητικός",
    "pairing numbers are final once round {tpn_lock_round} is paired; {rounds_paired} rounds have been paired":
        "οι αριθμοί κλήρωσης είναι οριστικοί μετά την κλήρωση του γύρου {tpn_lock_round}· έχουν κληρωθεί "
        "{rounds_paired} γύροι",
    # app/services/tiebreak_codes.py
    "unknown tie-break {code!r}: {why}": "άγνωστο κριτήριο ισοβαθμίας «{code}»: {why}",
    # app/services/tiebreaks/__init__.py
    "{code} orders a group of tied teams and has no value per team":
        "το {code} κατατάσσει μια ομάδα ισόβαθμων ομάδων και δεν έχει τιμή ανά ομάδα",
    # app/services/tournament.py
    "unknown result {code!r}; use one of {result_codes}":
        "άγνωστο αποτέλεσμα «{code}»· χρησιμοποιήστε ένα από: {result_codes}",
    # app/services/trf/common.py
    "{what} must be a number, not {shown}": "{what}: πρέπει να είναι αριθμός, όχι {shown}",
    "{what} {text} does not fit in the {width} columns the TRF file has for it":
        "{what} {text}: δεν χωράει στις {width} στήλες που έχει γι' αυτό το αρχείο TRF",
    "{what} is missing": "{what}: λείπει",
    "{what} must be between {low} and {high}, not {shown}": "{what}: πρέπει να είναι από {low} έως {high}, όχι {shown}",
    "{what} must be a number such as 11.5, not {shown}": "{what}: πρέπει να είναι αριθμός όπως 11.5, όχι {shown}",
    # app/services/trf/matches.py
    "round {r}, board {board}: the two players' results do not fit together":
        "γύρος {r}, σκακιέρα {board}: τα αποτελέσματα των δύο παικτών δεν συμφωνούν",
    "team {team} has no team record": "η ομάδα {team} δεν έχει εγγραφή ομάδας",
    "round {r}: team {team} plays {opp_team}, not {opp}":
        "γύρος {r}: η ομάδα {team} παίζει με την {opp_team}, όχι με την {opp}",
    "round {r}: the lineup leaves out players who have games":
        "γύρος {r}: η σύνθεση παραλείπει παίκτες που έχουν παρτίδες",
    "round {r}: opponent {opponent} has no 001 record": "γύρος {r}: ο αντίπαλος {opponent} δεν έχει εγγραφή 001",
    "round {r}: player {pid} names {opponent} as opponent but not vice versa":
        "γύρος {r}: ο παίκτης {pid} δηλώνει αντίπαλο τον {opponent}, αλλά όχι αντίστροφα",
    "round {r}: a bye code with an opponent": "γύρος {r}: κωδικός ρεπό μαζί με αντίπαλο",
    "round {r}: players {pid} and {opponent} are team-mates":
        "γύρος {r}: οι παίκτες {pid} και {opponent} είναι συμπαίκτες",
    "round {r}: team {team} has the PAB and a match": "γύρος {r}: η ομάδα {team} έχει και ρεπό (PAB) και αγώνα",
    "round {r}: player {pid} is not in team {team}": "γύρος {r}: ο παίκτης {pid} δεν ανήκει στην ομάδα {team}",
    "round {r}: board {k} of the lineup does not fit the games":
        "γύρος {r}: η σκακιέρα {k} της σύνθεσης δεν συμφωνεί με τις παρτίδες",
    "team {team} has two forfeited matches in round {r}": "η ομάδα {team} έχει δύο μηδενισμένους αγώνες στον γύρο {r}",
    "record cut short: player {opponent}'s 001 record ends at column {length}, before its round {r} block (column "
    "{cut_short}), but player {pid} (line {line}) names {opponent} as opponent in round {r}":
        "κομμένη εγγραφή: η εγγραφή 001 του παίκτη {opponent} τελειώνει στη στήλη {length}, πριν από το τμήμα του "
        "γύρου {r} (στήλη {cut_short}), αλλά ο παίκτης {pid} (γραμμή {line}) τον δηλώνει αντίπαλο στον γύρο {r}",
    "round {r}: players {pid} and {opponent} have the same colour":
        "γύρος {r}: οι παίκτες {pid} και {opponent} έχουν το ίδιο χρώμα",
    "round {r}: team {team} is paired twice": "γύρος {r}: η ομάδα {team} κληρώθηκε δύο φορές",
    "round {r}: board {k}: player has no game in this match":
        "γύρος {r}, σκακιέρα {k}: ο παίκτης δεν έχει παρτίδα σε αυτόν τον αγώνα",
    "round {r}: a played game needs an opponent": "γύρος {r}: μια παρτίδα που παίχτηκε χρειάζεται αντίπαλο",
    # app/services/trf/reader.py
    "{end}: no 001 player records and no 013/310 team records: not a TRF tournament file; expected {expected}":
        "{end}: δεν υπάρχουν εγγραφές παικτών 001 ούτε εγγραφές ομάδων 013/310: δεν είναι αρχείο τουρνουά TRF· "
        "αναμενόταν {expected}",
    "{end}: no team records (310 or 013) after {n_players} player records: not a team tournament, or the file is "
    "cut short":
        "{end}: δεν υπάρχουν εγγραφές ομάδων (310 ή 013) μετά από {n_players} εγγραφές παικτών: δεν είναι "
        "ομαδικό τουρνουά ή το αρχείο είναι κομμένο",
    "player {pid} plays but is in no team": "ο παίκτης {pid} παίζει αλλά δεν ανήκει σε καμία ομάδα",
    "the file's settings are not valid: {exc}": "οι ρυθμίσεις του αρχείου δεν είναι έγκυρες: {exc}",
    "team {tpn}: player {pid} has no 001 record": "ομάδα {tpn}: ο παίκτης {pid} δεν έχει εγγραφή 001",
    "player {pid} is in teams {player_team} and {tpn}": "ο παίκτης {pid} ανήκει στις ομάδες {player_team} και {tpn}",
    # app/services/trf/records.py
    "{what} past column {column}, the end of round {max_rounds}: a tournament has at most {max_rounds} rounds":
        "{what} μετά τη στήλη {column}, το τέλος του γύρου {max_rounds}: ένα τουρνουά έχει το πολύ {max_rounds} "
        "γύρους",
    "the file is empty; expected {expected}": "το αρχείο είναι κενό· αναμενόταν {expected}",
    "record {line}: a text of at most {max_text} characters, not {n_text:,}":
        "εγγραφή {line}: κείμενο το πολύ {max_text} χαρακτήρων, όχι {n_text}",
    "{n_codes:,} tie-breaks: a list has at most {max_tiebreaks}":
        "{n_codes} κριτήρια ισοβαθμίας: ο κατάλογος έχει το πολύ {max_tiebreaks}",
    "a 260 record names at most {max_teams} teams": "μια εγγραφή 260 ορίζει το πολύ {max_teams} ομάδες",
    "more than {max_forbidden_pairs:,} forbidden pairs (260 records)":
        "περισσότερα από {max_forbidden_pairs} απαγορευμένα ζευγάρια (εγγραφές 260)",
    "record {line} gives {kind} points for at most {max_scores} results":
        "η εγγραφή {line} δίνει βαθμούς {kind} για το πολύ {max_scores} αποτελέσματα",
    "starting rank (cols 5-8) must be between 1 and {max_players}, not {pid}":
        "ο αρχικός αριθμός (στήλες 5-8) πρέπει να είναι από 1 έως {max_players}, όχι {pid}",
    "player {pid} is defined twice (first on line {line})":
        "ο παίκτης {pid} ορίζεται δύο φορές (πρώτη φορά στη γραμμή {line})",
    "more than {max_round_blocks:,} round blocks in the 001 records: larger than any team tournament":
        "περισσότερα από {max_round_blocks} τμήματα γύρων στις εγγραφές 001: μεγαλύτερο από κάθε ομαδικό τουρνουά",
    "round {misaligned}: misaligned round block (columns {start}-{start2})":
        "γύρος {misaligned}: μετατοπισμένο τμήμα γύρου (στήλες {start}-{start2})",
    "round {r}: misaligned round block at column {start}: {block!r}":
        "γύρος {r}: μετατοπισμένο τμήμα γύρου στη στήλη {start}: «{block}»",
    "round {r}: colour must be w, b or -, not {colour!r}": "γύρος {r}: το χρώμα είναι w, b ή -, όχι «{colour}»",
    "round {r}: unknown result code {code!r}": "γύρος {r}: άγνωστος κωδικός αποτελέσματος «{code}»",
    "a team record names at most {max_roster} players": "μια εγγραφή ομάδας ορίζει το πολύ {max_roster} παίκτες",
    "team {tpn} is defined twice (first on line {line})":
        "η ομάδα {tpn} ορίζεται δύο φορές (πρώτη φορά στη γραμμή {line})",
    "misaligned team record: columns 72-73 must be blank":
        "μετατοπισμένη εγγραφή ομάδας: οι στήλες 72-73 πρέπει να είναι κενές",
    "more than {max_teams} team records (013): a tournament has at most {max_teams} teams":
        "περισσότερες από {max_teams} εγγραφές ομάδων (013): ένα τουρνουά έχει το πολύ {max_teams} ομάδες",
    "record 320 may occur only once (TRF-2026)": "η εγγραφή 320 επιτρέπεται μόνο μία φορά (TRF-2026)",
    "forfeit type must be +-, -+ or --, not {kind!r}": "ο τύπος μηδενισμού είναι +-, -+ ή --, όχι «{kind}»",
    "a lineup of more than {max_boards} boards: a team plays at most {max_boards} boards":
        "σύνθεση με περισσότερες από {max_boards} σκακιέρες: μια ομάδα παίζει το πολύ σε {max_boards} σκακιέρες",
    "a second lineup (300) for team {team} in round {rnd}":
        "δεύτερη σύνθεση (300) για την ομάδα {team} στον γύρο {rnd}",
    "record {din}: column 4 must be a blank, not {line!r} (the data starts at column 5)":
        "εγγραφή {din}: η στήλη 4 πρέπει να είναι κενή, όχι «{line}» (τα δεδομένα αρχίζουν στη στήλη 5)",
    "tie-break {shown} is longer than {max_tiebreak_code} characters":
        "το κριτήριο ισοβαθμίας {shown} έχει περισσότερους από {max_tiebreak_code} χαρακτήρες",
    "team member numbers misaligned at column {pos}": "μετατοπισμένοι αριθμοί μελών ομάδας στη στήλη {pos}",
    "team {team} has two forfeited matches in round {rnd}":
        "η ομάδα {team} έχει δύο μηδενισμένους αγώνες στον γύρο {rnd}",
    "a tournament names at most {max_deputies} deputy arbiters (112 records)":
        "ένα τουρνουά ορίζει το πολύ {max_deputies} βοηθούς διαιτητές (εγγραφές 112)",
    "initial colour must be W or B, not {shown}": "το αρχικό χρώμα είναι W ή B, όχι {shown}",
    "board colours for {n_pattern:,} boards: a team plays at most {max_boards} boards":
        "χρώματα για {n_pattern} σκακιέρες: μια ομάδα παίζει το πολύ σε {max_boards} σκακιέρες",
    "board colours must be letters W/B such as WBWB, not {shown}":
        "τα χρώματα σκακιέρων γράφονται με τα γράμματα W/B, όπως WBWB, όχι {shown}",
    # app/services/trf/writer.py
    "unknown format {fmt!r}; use one of {formats}": "άγνωστη μορφή «{fmt}»· χρησιμοποιήστε μία από: {formats}",
    # app/http/problems.py: pydantic's messages, by their templates (validation_message)
    "Field required": "το πεδίο είναι υποχρεωτικό",
    "Extra inputs are not permitted": "αυτό το πεδίο δεν προβλέπεται",
    "String should have at most {max_length} character{expected_plural}":
        "το κείμενο έχει το πολύ {max_length} χαρακτήρες",
    "String should have at least {min_length} character{expected_plural}":
        "το κείμενο χρειάζεται τουλάχιστον {min_length} χαρακτήρες",
    "Input should be a valid string": "αναμενόταν κείμενο",
    "Input should be a valid integer": "αναμενόταν ακέραιος αριθμός",
    "Input should be a valid integer, unable to parse string as an integer": "αναμενόταν ακέραιος αριθμός",
    "Input should be a valid integer, got a number with a fractional part":
        "αναμενόταν ακέραιος αριθμός, δόθηκε αριθμός με δεκαδικά",
    "Input should be a valid number": "αναμενόταν αριθμός",
    "Input should be a valid number, unable to parse string as a number": "αναμενόταν αριθμός",
    "Input should be greater than {gt}": "η τιμή πρέπει να είναι μεγαλύτερη από {gt}",
    "Input should be greater than or equal to {ge}": "η τιμή πρέπει να είναι τουλάχιστον {ge}",
    "Input should be less than {lt}": "η τιμή πρέπει να είναι μικρότερη από {lt}",
    "Input should be less than or equal to {le}": "η τιμή πρέπει να είναι το πολύ {le}",
    "Input should be {expected}": "η τιμή πρέπει να είναι {expected}",
    "Input should be a valid boolean, unable to interpret input": "αναμενόταν true ή false",
    "Input should be a valid date in the format YYYY-MM-DD, {error}":
        "αναμενόταν ημερομηνία της μορφής ΕΕΕΕ-ΜΜ-ΗΗ ({error})",
    "Input should be a valid datetime, {error}": "αναμενόταν ημερομηνία και ώρα ({error})",
    "Input should be a valid date or datetime, {error}": "αναμενόταν ημερομηνία ({error})",
    "Input should be a valid list": "αναμενόταν κατάλογος",
    "Input should be a valid dictionary": "αναμενόταν αντικείμενο",
    "Input should be a valid dictionary or object to extract fields from": "αναμενόταν αντικείμενο",
    "{field_type} should have at most {max_length} item{expected_plural} after validation, not {actual_length}":
        "{field_type}: το πολύ {max_length} στοιχεία, όχι {actual_length}",
    "{field_type} should have at least {min_length} item{expected_plural} after validation, not {actual_length}":
        "{field_type}: τουλάχιστον {min_length} στοιχεία, όχι {actual_length}",
    "String should match pattern '{pattern}'": "το κείμενο δεν έχει την αναμενόμενη μορφή ({pattern})",
    "Invalid JSON: {error}": "μη έγκυρο JSON: {error}",
    "Value error, {error}": "μη έγκυρη τιμή: {error}",
    # app/operations/boards.py
    # app/operations/pairing.py (a lineup problem the chief arbiter's decision covers, as the arbiter is told it)
    "{team}: {rule}: {problem}": "{team}: {rule}: {problem}",
    # app/services/pairing/model.py (the engine's explanation, line by line)
    "Round {round}: {teams} teams, FIDE C.04.6 (2026){last}": "Γύρος {round}: {teams} ομάδες, FIDE C.04.6 (2026){last}",
    ", last two rounds: [C7] and [C10] off": ", δύο τελευταίοι γύροι: χωρίς [C7] και [C10]",
    "Settings: {settings}": "Ρυθμίσεις: {settings}",
    "Not paired (absent or withdrawn): TPN {tpns}": "Εκτός κλήρωσης (απούσες ή αποσυρμένες): αρ. κλήρωσης {tpns}",
    "PAB: none (even number of teams)": "Ρεπό (PAB): κανένα (ζυγός αριθμός ομάδων)",
    "PAB (3.4): TPN {tpn} (score {score}, {played} matches played, TPN {tpn}); the lowest score, then most "
    "matches, then largest TPN":
        "Ρεπό (PAB, 3.4): αρ. κλήρωσης {tpn} (βαθμοί {score}, {played} αγώνες, αρ. κλήρωσης {tpn})· η μικρότερη "
        "βαθμολογία, μετά οι περισσότεροι αγώνες, μετά ο μεγαλύτερος αριθμός κλήρωσης",
    "  excluded by [C2] (already had a PAB or a forfeit win): {tpns}":
        "  εξαιρούνται από το [C2] (είχαν ήδη ρεπό ή νίκη χωρίς αγώνα): {tpns}",
    "  tried first, no legal pairing of the rest (3.4.1): {tpns}":
        "  δοκιμάστηκαν πρώτες, χωρίς κανονική κλήρωση των υπολοίπων (3.4.1): {tpns}",
    "Bracket {i} (score {score}): residents {residents}; upfloaters {upfloaters}":
        "Ομάδα βαθμολογίας {i} ({score} βαθμοί): μέλη {residents}· ανερχόμενες {upfloaters}",
    "  3.5: [C4] {c4} upfloaters, [C5] scores {c5}, [C6] {c6}, [C7] {c7}; {examined} set(s) examined, {illegal} "
    "without a legal pairing, {c6_failed} failing [C6]":
        "  3.5: [C4] {c4} ανερχόμενες, [C5] βαθμοί {c5}, [C6] {c6}, [C7] {c7}· εξετάστηκαν {examined} σύνολα, "
        "{illegal} χωρίς κανονική κλήρωση, {c6_failed} δεν τηρούν το [C6]",
    "complied": "τηρείται",
    "not complied": "δεν τηρείται",
    "  3.6: [C8] {c8}, [C9] {c9}, [C10] {c10}; identifier {identifier}":
        "  3.6: [C8] {c8}, [C9] {c9}, [C10] {c10}· αναγνωριστικό {identifier}",
    "  pairs: {pairs}": "  ζευγάρια: {pairs}",
    "Colours {first}-{other}: White on board 1 to TPN {white} ({rule})":
        "Χρώματα {first}-{other}: λευκά στη 1η σκακιέρα ο αρ. κλήρωσης {white} ({rule})",
    # app/auth/policy.py (who may do what: the actions' summaries and their holders, said in refusals)
    "list user accounts": "κατάλογος λογαριασμών χρηστών",
    "create and change user accounts (admins mark organisers; a new password ends the user's sessions)":
        "δημιουργία και αλλαγή λογαριασμών χρηστών (ο διαχειριστής ορίζει τους οργανωτές· νέος κωδικός τερματίζει "
        "τις συνδέσεις του χρήστη)",
    "change the user's own password, given the current one (every session of theirs ends; the answer is a new "
    "login)":
        "αλλαγή του δικού σας κωδικού, με τον τρέχοντα (τερματίζονται όλες οι συνδέσεις σας· η απάντηση είναι νέα "
        "σύνδεση)",
    "end every session of the user at once: their login tokens and API tokens (admins: anyone's)":
        "τερματισμός όλων των συνδέσεων του χρήστη μαζί: διακριτικά σύνδεσης και κλειδιά API (ο διαχειριστής: "
        "οποιουδήποτε)",
    "create a tournament (the creator becomes its organiser)":
        "δημιουργία τουρνουά (ο δημιουργός γίνεται οργανωτής του)",
    "create a tournament from a TRF file": "δημιουργία τουρνουά από αρχείο TRF",
    "register a club (its creator has rights over it until it plays in a tournament)":
        "καταχώριση συλλόγου (όποιος τον καταχωρίζει έχει δικαιώματα σε αυτόν μέχρι να παίξει σε τουρνουά)",
    "change or delete a club the user has rights over":
        "αλλαγή ή διαγραφή συλλόγου στον οποίο έχετε δικαιώματα",
    "register a player of a club the user has rights over; change or delete a player the user has rights over "
    "(in every tournament the player is rostered in)":
        "καταχώριση παίκτη συλλόγου στον οποίο έχετε δικαιώματα· αλλαγή ή διαγραφή παίκτη στον οποίο έχετε "
        "δικαιώματα (σε κάθε τουρνουά όπου είναι σε σύνθεση ομάδας)",
    "create an API token for a script": "δημιουργία κλειδιού API για πρόγραμμα",
    "list the user's own API tokens": "κατάλογος των δικών σας κλειδιών API",
    "revoke one of the user's own API tokens (admins: any)":
        "ανάκληση δικού σας κλειδιού API (ο διαχειριστής: οποιουδήποτε)",
    "revoke another user's API token": "ανάκληση κλειδιού API άλλου χρήστη",
    "read the signed-in user and their rights": "στοιχεία του συνδεδεμένου χρήστη και των δικαιωμάτων του",
    "change the tournament's details and settings": "αλλαγή των στοιχείων και των ρυθμίσεων του τουρνουά",
    "delete the tournament": "διαγραφή του τουρνουά",
    "list the tournament's officials and managers": "κατάλογος των αξιωματούχων και των υπευθύνων του τουρνουά",
    "give or take a role in the tournament (also to an account made for it)":
        "ανάθεση ή αφαίρεση ρόλου στο τουρνουά (και σε λογαριασμό που δημιουργείται γι' αυτόν)",
    "push a venue's tournament to this server as a read-only public mirror (a publishing key, which names the "
    "venue and its tournaments)":
        "αποστολή του τουρνουά ενός χώρου διεξαγωγής σε αυτόν τον διακομιστή ως δημόσιο αντίγραφο μόνο για ανάγνωση "
        "(κλειδί δημοσίευσης, που ορίζει τον χώρο και τα τουρνουά του)",
    "publish the tournament to a public server, or stop (its publishing key)":
        "δημοσίευση του τουρνουά σε δημόσιο διακομιστή, ή διακοπή της (το κλειδί δημοσίευσης)",
    "see where the tournament is published and whether the public server has it":
        "προβολή του πού δημοσιεύεται το τουρνουά και αν ο δημόσιος διακομιστής το έχει ενημερωμένο",
    "change a Swiss's number of rounds by a recorded decision, also while it runs":
        "αλλαγή του αριθμού γύρων ενός ελβετικού με καταγεγραμμένη απόφαση, και ενώ διεξάγεται",
    "pair or publish a round although a team's lineup breaks a rule, recording the decision and its reason in the "
    "audit trail (R-3.2, R-3.3)":
        "κλήρωση ή δημοσίευση γύρου παρότι η σύνθεση μιας ομάδας παραβιάζει κανόνα, με καταγραφή της απόφασης "
        "και της αιτιολογίας της στο ιστορικό (R-3.2, R-3.3)",
    "read the audit trail": "ανάγνωση του ιστορικού αλλαγών",
    "enter a team of a club the user has rights over (a non-official becomes its manager)":
        "δήλωση ομάδας συλλόγου στον οποίο έχετε δικαιώματα (όποιος δεν είναι αξιωματούχος γίνεται υπεύθυνός της)",
    "enter a team of a club the user has no rights over (the club then takes part)":
        "δήλωση ομάδας συλλόγου στον οποίο δεν έχετε δικαιώματα (ο σύλλογος τότε συμμετέχει)",
    "set a team's submission time or override the entry deadline":
        "ορισμός του χρόνου υποβολής μιας ομάδας ή παράκαμψη της προθεσμίας δηλώσεων",
    "rename or withdraw a team": "μετονομασία ή απόσυρση ομάδας",
    "expel or reinstate a team": "αποκλεισμός ή επαναφορά ομάδας",
    "read a team's payments": "ανάγνωση των πληρωμών μιας ομάδας",
    "record an entry fee payment": "καταχώριση πληρωμής παραβόλου συμμετοχής",
    "set a team's roster": "ορισμός της σύνθεσης μιας ομάδας",
    "move a player between two teams of one club after the deadline":
        "μετακίνηση παίκτη μεταξύ δύο ομάδων του ίδιου συλλόγου μετά την προθεσμία",
    "read a lineup before the round starts": "ανάγνωση σύνθεσης γύρου πριν από την έναρξη του γύρου",
    "submit a team's lineup": "υποβολή της σύνθεσης μιας ομάδας",
    "change a lineup after the round's start": "αλλαγή σύνθεσης μετά την έναρξη του γύρου",
    "lock the initial ranking (pairing numbers)": "κλείδωμα της αρχικής κατάταξης (αριθμοί κλήρωσης)",
    "see a pairing before it is published, and the engine's explanation":
        "προβολή κλήρωσης πριν δημοσιευτεί, με την αιτιολόγηση της μηχανής",
    "pair a round": "κλήρωση γύρου",
    "change a pairing by hand (swap, PAB, forbid, colours)":
        "αλλαγή κλήρωσης με το χέρι (αντιμετάθεση, ρεπό, απαγόρευση, χρώματα)",
    "mark a team absent for a round": "δήλωση απουσίας ομάδας σε γύρο",
    "publish a pairing": "δημοσίευση κλήρωσης",
    "complete a round": "ολοκλήρωση γύρου",
    "reopen a completed round": "επαναφορά ολοκληρωμένου γύρου",
    "enter or change board and match results": "καταχώριση ή αλλαγή αποτελεσμάτων σκακιέρων και αγώνων",
    "name the appeals committee": "ορισμός της επιτροπής ενστάσεων",
    "file an appeal for a team the user manages": "υποβολή ένστασης για ομάδα της οποίας είστε υπεύθυνος",
    "accept a late appeal": "αποδοχή εκπρόθεσμης ένστασης",
    "record an appeal's decision (the sitting chair or the organiser)":
        "καταχώριση της απόφασης για ένσταση (ο πρόεδρος της επιτροπής που κρίνει ή ο οργανωτής)",
    "remove the captain role of a team for a round": "αφαίρεση του ρόλου του αρχηγού μιας ομάδας για έναν γύρο",
    "export paired (unpublished) rounds and full birth dates":
        "εξαγωγή κληρωμένων (αδημοσίευτων) γύρων και πλήρων ημερομηνιών γέννησης",
    "any signed-in user": "κάθε συνδεδεμένος χρήστης",
    "an administrator": "ο διαχειριστής",
    "a user marked as organiser": "χρήστης με δικαίωμα οργανωτή",
    "the tournament's {roles}": "{roles} του τουρνουά",
    "organiser": "ο οργανωτής",
    "chief arbiter": "ο επικεφαλής διαιτητής",
    "arbiter": "ο διαιτητής",
    " or ": " ή ",
    "; ": "· ",
    "the team's manager": "ο υπεύθυνος της ομάδας",
    "the sitting chair of the appeals committee": "ο πρόεδρος της επιτροπής ενστάσεων που κρίνει την υπόθεση",
    # app/operations/reads/tournaments.py
    "R-4.3: only {teams} teams are entered; with fewer than {few} the organisers may reduce the rounds (now "
    "{rounds}) or change the system":
        "R-4.3: έχουν δηλωθεί μόνο {teams} ομάδες· με λιγότερες από {few} οι οργανωτές μπορούν να μειώσουν τους "
        "γύρους (τώρα {rounds}) ή να αλλάξουν το σύστημα",
    # app/services/rules.py (why a setting is refused)
    "must be between 1 and {most}": "πρέπει να είναι από 1 έως {most}",
    "needs one start per round ({rounds})": "χρειάζεται μία ώρα έναρξης για κάθε γύρο ({rounds})",
    "match points must satisfy win >= draw >= loss": "οι βαθμοί αγώνα πρέπει να είναι νίκη >= ισοπαλία >= ήττα",
    "cannot exceed the number of boards": "δεν μπορεί να ξεπερνά τον αριθμό των σκακιέρων",
    "must be at least the number of boards": "πρέπει να είναι τουλάχιστον όσο ο αριθμός των σκακιέρων",
    "must be 2024 or 2026": "πρέπει να είναι 2024 ή 2026",
    "must be a list of tie-break codes": "πρέπει να είναι κατάλογος κωδικών κριτηρίων ισοβαθμίας",
    "at most {most} tie-breaks": "το πολύ {most} κριτήρια ισοβαθμίας",
    "must be A, B or none": "πρέπει να είναι A, B ή none",
    "must be MP or GP": "πρέπει να είναι MP ή GP",
    "must be W or B": "πρέπει να είναι W ή B",
    "must be one of {allowed}": "πρέπει να είναι ένα από: {allowed}",
    "must be {boards} letters W/B": "πρέπει να είναι {boards} γράμματα W/B",
    "describes the board-1-White team: starts with W":
        "περιγράφει την ομάδα με τα λευκά στην 1η σκακιέρα: αρχίζει με W",
    "unknown time zone": "άγνωστη ζώνη ώρας",
    # app/services/tiebreak_codes.py (why a tie-break code is refused)
    "expected NAME[:MP|:GP][/Cn|/Mn|/P]": "αναμενόταν ΟΝΟΜΑ[:MP|:GP][/Cn|/Mn|/P]",
    "/{kind}n cuts at most 99 results": "το /{kind}n αφαιρεί το πολύ 99 αποτελέσματα",
    "unknown modifier /{mod}": "άγνωστη παράμετρος /{mod}",
    "known names: {names}": "γνωστά ονόματα: {names}",
    "cut modifiers apply to BH and the ESB family only":
        "οι παράμετροι αποκοπής ισχύουν μόνο για το BH και την οικογένεια ESB",
    "/P applies to DE, EDE, BH and the ESB family only":
        "το /P ισχύει μόνο για τα DE, EDE, BH και την οικογένεια ESB",
    ":MP/:GP applies to DE and BH only": "τα :MP/:GP ισχύουν μόνο για τα DE και BH",
    # app/operations/exchange/documents.py
    "no font with Greek letters for the PDF: install fonts-dejavu-core (or set TEAMSWISS_PDF_FONT_DIR to a "
    "folder with DejaVuSans.ttf)":
        "δεν υπάρχει γραμματοσειρά με ελληνικά γράμματα για το PDF: εγκαταστήστε το fonts-dejavu-core (ή ορίστε "
        "στο TEAMSWISS_PDF_FONT_DIR έναν φάκελο με το DejaVuSans.ttf)",
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
    "the public server holds version {held} of this tournament, not version {base} that the change was made from: "
    "the venue sends the whole tournament":
        "ο δημόσιος διακομιστής έχει την έκδοση {held} αυτού του τουρνουά, όχι την έκδοση {base} από την οποία "
        "έγινε η αλλαγή: ο χώρος διεξαγωγής στέλνει ολόκληρο το τουρνουά",
    "a changed round is not among the rounds the push names":
        "ένας γύρος που άλλαξε δεν είναι ανάμεσα στους γύρους που αναφέρει η αποστολή",
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
    # app/operations/exchange/json_import.py, app/services/trf/records.py, app/services/rules.py (acceleration)
    "not JSON: {error}": "δεν είναι JSON: {error}",
    "{kind} points: {text} is not in its columns": "βαθμοί {kind}: το {text} δεν είναι στις στήλες του",
    "each range is [MP, GP, first round, last round, first TPN, last TPN], rounds 1 to 30, points not negative":
        "κάθε διάστημα είναι [MP, GP, πρώτος γύρος, τελευταίος γύρος, πρώτος TPN, τελευταίος TPN], γύροι 1 έως "
        "30, βαθμοί όχι αρνητικοί",
    # app/operations/roster_import.py (a file that is no spreadsheet)
    "the file is neither a CSV text nor an .xlsx workbook": "το αρχείο δεν είναι ούτε κείμενο CSV ούτε βιβλίο .xlsx",
    "the file cannot be read as CSV text: {why}": "το αρχείο δεν διαβάζεται ως κείμενο CSV: {why}",
}
