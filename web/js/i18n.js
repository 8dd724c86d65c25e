// Interface strings in Greek and English; the language comes from the browser and can be switched.

const STORE_KEY = "teamswiss.lang";
export const LANGS = ["el", "en"];

const STRINGS = {
  en: {
    appName: "teamswiss",
    skip: "Skip to content",
    language: "Language",
    loading: "Loading…",
    error: "Could not load",
    retry: "Try again",
    notFound: "Page not found",
    tournaments: "Tournaments",
    noTournaments: "No tournaments yet.",
    overview: "Tournament",
    navOverview: "Event",
    rounds: "Rounds",
    round: "Round",
    roundN: "Round {n}",
    standings: "Standings",
    crosstable: "Crosstable",
    crosstableAfter: "Crosstable after round {n}",
    crosstableNote: "Each round: the colour on board 1, the opponent’s starting number and the match score (+/− a forfeit).",
    teams: "Teams",
    prizes: "Prizes",
    search: "Search",
    searchLabel: "Player or team",
    searchPlaceholder: "Player or team",
    searchResults: "Search results for “{q}”",
    searchHint: "Type at least two letters of a name, in Greek or Latin letters.",
    noResults: "Nothing found.",
    player: "Player",
    team: "Team",
    club: "Club",
    venue: "Venue",
    city: "City",
    dates: "Dates",
    chiefArbiter: "Chief arbiter",
    timeControl: "Time control",
    boards: "Boards",
    schedule: "Schedule of rounds",
    scheduleCaption: "Schedule of rounds (times in {zone})",
    start: "Start",
    status: "Status",
    state_pending: "Not paired yet",
    state_paired: "Not paired yet",
    state_published: "Pairings published",
    state_in_progress: "In progress",
    state_completed: "Completed",
    notPublished: "The pairings of this round are not published yet.",
    waiting: "This page shows the pairings as soon as they are published.",
    table: "Table",
    tableN: "Table {n}",
    board: "Board",
    boardAbbr: "Bd",
    result: "Result",
    matchScore: "Match score",
    white: "White",
    black: "Black",
    rating: "Rating",
    bye: "Pairing-allocated bye",
    byeText: "{team}: pairing-allocated bye",
    forfeitBy: "Forfeit: {team} did not appear",
    forfeitBoth: "Double forfeit: neither team appeared",
    notPlayed: "not played",
    pending: "playing",
    live: "Live",
    lastUpdated: "Last updated {time}",
    checked: "checked {time}",
    offline: "Connection lost; retrying…",
    afterRound: "After round {n}",
    standingsAfter: "Standings after round {n}",
    noStandings: "Standings appear when the first round is completed.",
    rank: "Rank",
    rankAbbr: "#",
    tiedNote: "= tied: a complete tie on every tie-break (R-8.2).",
    wdl: "W-D-L",
    wdlFull: "Matches won, drawn and lost",
    tiebreaks: "Tie-breaks",
    groupNote: "Direct encounter and board-order tie-breaks show the team’s position inside the group that was still tied (1 = first).",
    startingRank: "Starting rank",
    alphabetical: "Alphabetical",
    order: "Order",
    average: "Average rating",
    tpn: "Starting number",
    tpnAbbr: "No.",
    expelled: "expelled",
    withdrawn: "withdrawn",
    roster: "Roster in board order",
    results: "Round-by-round results",
    boardResults: "Games by round",
    opponent: "Opponent",
    colour: "Colour",
    colourW: "White on board 1",
    colourB: "Black on board 1",
    gamePoints: "Game points",
    gamePointsAbbr: "GP",
    matchPointsAbbr: "MP",
    matchPoints: "Match points",
    outcome_pab: "bye",
    outcome_absent: "absent",
    outcome_forfeit_win: "won by forfeit",
    outcome_forfeit_loss: "lost by forfeit",
    total: "Total",
    fideRating: "FIDE",
    nationalRating: "National",
    fideId: "FIDE ID",
    title: "Title",
    overall: "Top 3 teams",
    unionTop: "Top 3 Union teams",
    unionRanking: "Union ranking",
    unionNote: "The overall standings filtered to teams of Union clubs (R-9.2).",
    boardPrizes: "Board prizes",
    boardPrizesN: "Board {n}",
    boardPrizeNote: "Players with at least {n} games on the board, by percentage, games, performance (R-9.3).",
    noBoardPrizes: "No player has enough games on a board yet.",
    place: "Place",
    points: "Points",
    games: "Games",
    percentage: "%",
    performance: "Performance",
    players: "Players",
    overallRank: "Overall rank",
    none: "—",
    noPrizesYet: "Prizes appear when the first round is completed.",
    footer: "Results are provisional until the chief arbiter confirms them.",
    api: "API",
  },
  el: {
    appName: "teamswiss",
    skip: "Μετάβαση στο περιεχόμενο",
    language: "Γλώσσα",
    loading: "Φόρτωση…",
    error: "Αποτυχία φόρτωσης",
    retry: "Δοκιμάστε ξανά",
    notFound: "Η σελίδα δεν βρέθηκε",
    tournaments: "Τουρνουά",
    noTournaments: "Δεν υπάρχουν τουρνουά ακόμη.",
    overview: "Τουρνουά",
    navOverview: "Τουρνουά",
    rounds: "Γύροι",
    round: "Γύρος",
    roundN: "Γύρος {n}",
    standings: "Κατάταξη",
    crosstable: "Πίνακας αποτελεσμάτων",
    crosstableAfter: "Πίνακας αποτελεσμάτων μετά τον γύρο {n}",
    crosstableNote: "Σε κάθε γύρο: το χρώμα στην 1η σκακιέρα, ο αριθμός έναρξης του αντιπάλου και το σκορ του αγώνα (+/− μηδενισμός).",
    teams: "Ομάδες",
    prizes: "Έπαθλα",
    search: "Αναζήτηση",
    searchLabel: "Παίκτης ή ομάδα",
    searchPlaceholder: "Παίκτης ή ομάδα",
    searchResults: "Αποτελέσματα αναζήτησης για «{q}»",
    searchHint: "Γράψτε τουλάχιστον δύο γράμματα ενός ονόματος, με ελληνικούς ή λατινικούς χαρακτήρες.",
    noResults: "Δεν βρέθηκε τίποτα.",
    player: "Παίκτης",
    team: "Ομάδα",
    club: "Σύλλογος",
    venue: "Χώρος",
    city: "Πόλη",
    dates: "Ημερομηνίες",
    chiefArbiter: "Επικεφαλής διαιτητής",
    timeControl: "Χρόνος σκέψης",
    boards: "Σκακιέρες",
    schedule: "Πρόγραμμα γύρων",
    scheduleCaption: "Πρόγραμμα γύρων (ώρες {zone})",
    start: "Έναρξη",
    status: "Κατάσταση",
    state_pending: "Χωρίς ζευγάρια ακόμη",
    state_paired: "Χωρίς ζευγάρια ακόμη",
    state_published: "Ανακοινώθηκαν τα ζευγάρια",
    state_in_progress: "Σε εξέλιξη",
    state_completed: "Ολοκληρώθηκε",
    notPublished: "Τα ζευγάρια αυτού του γύρου δεν έχουν ανακοινωθεί ακόμη.",
    waiting: "Η σελίδα θα δείξει τα ζευγάρια μόλις ανακοινωθούν.",
    table: "Τραπέζι",
    tableN: "Τραπέζι {n}",
    board: "Σκακιέρα",
    boardAbbr: "Σκ",
    result: "Αποτέλεσμα",
    matchScore: "Σκορ αγώνα",
    white: "Λευκά",
    black: "Μαύρα",
    rating: "Αξιολόγηση",
    bye: "Ρεπό (bye)",
    byeText: "{team}: ρεπό (bye)",
    forfeitBy: "Μηδενισμός: η ομάδα {team} δεν εμφανίστηκε",
    forfeitBoth: "Διπλός μηδενισμός: καμία ομάδα δεν εμφανίστηκε",
    notPlayed: "δεν έπαιξε",
    pending: "παίζεται",
    live: "Ζωντανά",
    lastUpdated: "Τελευταία ενημέρωση {time}",
    checked: "έλεγχος {time}",
    offline: "Χάθηκε η σύνδεση· νέα προσπάθεια…",
    afterRound: "Μετά τον γύρο {n}",
    standingsAfter: "Κατάταξη μετά τον γύρο {n}",
    noStandings: "Η κατάταξη εμφανίζεται όταν ολοκληρωθεί ο πρώτος γύρος.",
    rank: "Θέση",
    rankAbbr: "#",
    tiedNote: "= ισοβαθμία σε όλα τα κριτήρια (R-8.2).",
    wdl: "Ν-Ι-Η",
    wdlFull: "Νίκες, ισοπαλίες και ήττες αγώνων",
    tiebreaks: "Κριτήρια ισοβαθμίας",
    groupNote: "Η αμοιβαία αναμέτρηση και τα κριτήρια ανά σκακιέρα δείχνουν τη θέση της ομάδας μέσα στην ομάδα που ισοβαθμούσε ακόμη (1 = πρώτη).",
    startingRank: "Αρχική κατάταξη",
    alphabetical: "Αλφαβητικά",
    order: "Σειρά",
    average: "Μέση αξιολόγηση",
    tpn: "Αριθμός έναρξης",
    tpnAbbr: "Α/Α",
    expelled: "αποβλήθηκε",
    withdrawn: "αποσύρθηκε",
    roster: "Σύνθεση κατά σειρά σκακιέρας",
    results: "Αποτελέσματα ανά γύρο",
    boardResults: "Παρτίδες ανά γύρο",
    opponent: "Αντίπαλος",
    colour: "Χρώμα",
    colourW: "Λευκά στην 1η σκακιέρα",
    colourB: "Μαύρα στην 1η σκακιέρα",
    gamePoints: "Ατομικοί βαθμοί",
    gamePointsAbbr: "ΑΒ",
    matchPointsAbbr: "ΟΒ",
    matchPoints: "Ομαδικοί βαθμοί",
    outcome_pab: "ρεπό",
    outcome_absent: "απουσία",
    outcome_forfeit_win: "νίκη χωρίς αγώνα",
    outcome_forfeit_loss: "ήττα χωρίς αγώνα",
    total: "Σύνολο",
    fideRating: "FIDE",
    nationalRating: "ΕΛΟ",
    fideId: "FIDE ID",
    title: "Τίτλος",
    overall: "Πρώτες 3 ομάδες",
    unionTop: "Πρώτες 3 ομάδες της Ένωσης",
    unionRanking: "Κατάταξη Ένωσης",
    unionNote: "Η γενική κατάταξη μόνο με ομάδες συλλόγων της Ένωσης (R-9.2).",
    boardPrizes: "Έπαθλα σκακιέρας",
    boardPrizesN: "Σκακιέρα {n}",
    boardPrizeNote: "Παίκτες με τουλάχιστον {n} παρτίδες στη σκακιέρα, με σειρά ποσοστό, παρτίδες, επίδοση (R-9.3).",
    noBoardPrizes: "Κανένας παίκτης δεν έχει ακόμη αρκετές παρτίδες σε σκακιέρα.",
    place: "Θέση",
    points: "Βαθμοί",
    games: "Παρτίδες",
    percentage: "%",
    performance: "Επίδοση",
    players: "Παίκτες",
    overallRank: "Γενική θέση",
    none: "—",
    noPrizesYet: "Τα έπαθλα εμφανίζονται όταν ολοκληρωθεί ο πρώτος γύρος.",
    footer: "Τα αποτελέσματα είναι προσωρινά μέχρι να τα επικυρώσει ο επικεφαλής διαιτητής.",
    api: "API",
  },
};

// Tie-break names (C.07; codes as in TRF-2026, see app/services/tiebreaks/__init__.py).
const TIEBREAKS = {
  en: {
    MPTS: "Match points",
    GPTS: "Game points",
    MPVGP: "Secondary score",
    DE: "Direct encounter",
    "DE-ALLMET": "Direct encounter (all met)",
    EDE: "Extended direct encounter",
    EDET: "Extended direct encounter, then top board results",
    EDEB: "Extended direct encounter, then bottom board elimination",
    EDEBT: "Extended direct encounter, then board count and top board results",
    EDEBB: "Extended direct encounter, then board count and bottom board elimination",
    EMMSB: "Extended Sonneborn-Berger (match points × match points)",
    EMGSB: "Olympiad Sonneborn-Berger",
    EGMSB: "Extended Sonneborn-Berger (game points × match points)",
    EGGSB: "Extended Sonneborn-Berger (game points × game points)",
    BH: "Buchholz",
    BC: "Board count (lower is better)",
    TBR: "Board points by board order",
    BBE: "Bottom board elimination",
    onMP: "on match points",
    onGP: "on game points",
    cut: "cut {n}",
    median: "median {n}",
    forfeitsPlayed: "forfeits count as played",
  },
  el: {
    MPTS: "Ομαδικοί βαθμοί",
    GPTS: "Ατομικοί βαθμοί",
    MPVGP: "Δευτερεύουσα βαθμολογία",
    DE: "Αμοιβαία αναμέτρηση",
    "DE-ALLMET": "Αμοιβαία αναμέτρηση (όλοι έπαιξαν μεταξύ τους)",
    EDE: "Εκτεταμένη αμοιβαία αναμέτρηση",
    EDET: "Εκτεταμένη αμοιβαία αναμέτρηση, μετά βαθμοί ανά σκακιέρα",
    EDEB: "Εκτεταμένη αμοιβαία αναμέτρηση, μετά αποκλεισμός τελευταίων σκακιερών",
    EDEBT: "Εκτεταμένη αμοιβαία αναμέτρηση, μετά μέτρηση σκακιερών και βαθμοί ανά σκακιέρα",
    EDEBB: "Εκτεταμένη αμοιβαία αναμέτρηση, μετά μέτρηση σκακιερών και αποκλεισμός τελευταίων σκακιερών",
    EMMSB: "Εκτεταμένο Sonneborn-Berger (ομαδικοί × ομαδικοί)",
    EMGSB: "Sonneborn-Berger Ολυμπιάδας",
    EGMSB: "Εκτεταμένο Sonneborn-Berger (ατομικοί × ομαδικοί)",
    EGGSB: "Εκτεταμένο Sonneborn-Berger (ατομικοί × ατομικοί)",
    BH: "Buchholz",
    BC: "Μέτρηση σκακιερών (μικρότερο καλύτερο)",
    TBR: "Βαθμοί ανά σκακιέρα κατά σειρά σκακιέρας",
    BBE: "Αποκλεισμός τελευταίων σκακιερών",
    onMP: "σε ομαδικούς βαθμούς",
    onGP: "σε ατομικούς βαθμούς",
    cut: "αποκοπή {n}",
    median: "αποκοπή {n} πάνω και κάτω",
    forfeitsPlayed: "οι μηδενισμοί μετρούν ως αγώνες",
  },
};

let current = "en";

/** The language: the stored choice, else the browser's (Greek for el-*, English otherwise). */
export function initialLang() {
  try {
    const stored = localStorage.getItem(STORE_KEY);
    if (LANGS.includes(stored)) return stored;
  } catch (e) {
    /* storage blocked: fall through */
  }
  const prefs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  for (const l of prefs) {
    const base = String(l || "").toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

export function setLang(lang, remember = false) {
  current = LANGS.includes(lang) ? lang : "en";
  document.documentElement.lang = current;
  if (remember) {
    try {
      localStorage.setItem(STORE_KEY, current);
    } catch (e) {
      /* storage blocked: the choice lasts for this page only */
    }
  }
}

export const lang = () => current;
export const locale = () => (current === "el" ? "el-GR" : "en-GB");

/** The string for key, with {name} placeholders filled from vars. */
export function t(key, vars = {}) {
  const s = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
}

/**
 * The full name of a tie-break code NAME[:MP|:GP][/Cn][/Mn][/P], e.g. "EMGSB/C1" ->
 * "Olympiad Sonneborn-Berger (cut 1)"; an unknown name is shown as its code.
 */
export function tiebreakName(code) {
  const tb = TIEBREAKS[current];
  const m = /^([A-Z][A-Z-]*)(?::(MP|GP))?((?:\/[A-Z]\d*)*)$/.exec(String(code).trim().toUpperCase());
  if (!m) return code;
  const [, name, score, mods] = m;
  const base = tb[name] ?? name;
  const extra = [];
  if (score) extra.push(score === "MP" ? tb.onMP : tb.onGP);
  for (const mod of mods.split("/").filter(Boolean)) {
    const n = mod.slice(1);
    if (mod[0] === "C") extra.push(tb.cut.replace("{n}", n));
    else if (mod[0] === "M") extra.push(tb.median.replace("{n}", n));
    else if (mod === "P") extra.push(tb.forfeitsPlayed);
    else extra.push(mod);
  }
  return extra.length ? `${base} (${extra.join(", ")})` : base;
}
