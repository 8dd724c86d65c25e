"""ELOT 743 (ISO 843 type 2) transcription and the one sort order of Greek and Latin names (R-4.2)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.services.elot743 import fold, sort_key, transliterate

# (Greek, ELOT 743) from the standard's table and its usual examples
STANDARD = [
    ("Αθήνα", "Athina"),
    ("Βόλος", "Volos"),
    ("Γαλαξίας", "Galaxias"),
    ("Δράμα", "Drama"),
    ("Ζάκυνθος", "Zakynthos"),
    ("Ηλίας", "Ilias"),
    ("Θεσσαλονίκη", "Thessaloniki"),
    ("Ιωάννινα", "Ioannina"),
    ("Κέρκυρα", "Kerkyra"),
    ("Ξάνθη", "Xanthi"),
    ("Πειραιάς", "Peiraias"),
    ("Ρόδος", "Rodos"),
    ("Φωκίδα", "Fokida"),
    ("Χαλκιδική", "Chalkidiki"),
    ("Ψαρά", "Psara"),
    ("Ωρωπός", "Oropos"),
    # digraphs
    ("Άγγελος", "Angelos"),
    ("Αγκίστρι", "Agkistri"),
    ("Σφίγξ", "Sfinx"),
    ("Μελαγχολία", "Melancholia"),
    ("Μπαμπάς", "Bampas"),
    ("Ντίνος", "Ntinos"),
    ("Τζουμέρκα", "Tzoumerka"),
    ("Ούζο", "Ouzo"),
    ("Υιός", "Yios"),
    ("Παιδί", "Paidi"),
    ("Οικία", "Oikia"),
    ("Είδος", "Eidos"),
    # αυ ευ ηυ: v before voiced consonants and vowels, f before voiceless and at the end
    ("Αύρα", "Avra"),
    ("Παύλος", "Pavlos"),
    ("Εύβοια", "Evvoia"),
    ("Ευάγγελος", "Evangelos"),
    ("Εύζωνοι", "Evzonoi"),
    ("Ναύπακτος", "Nafpaktos"),
    ("Αυτοκίνητο", "Aftokinito"),
    ("Ευτυχία", "Eftychia"),
    ("Ευφροσύνη", "Effrosyni"),
    ("Ευχή", "Efchi"),
    ("Ευθύμιος", "Efthymios"),
    ("Ηύρα", "Ivra"),
    ("ηύκαιρος", "ifkairos"),
    ("Ταύ", "Taf"),
    # the diaeresis or an accent on the first vowel splits the pair
    ("Αθηναϊκός", "Athinaikos"),
    ("προϋπόθεση", "proypothesi"),
    ("άυλος", "aylos"),
    ("Ευΐα", "Evia"),
    # final sigma, polytonic marks ignored
    ("Ἀθῆναι", "Athinai"),
    ("ᾠδή", "odi"),
]


@pytest.mark.parametrize(("greek", "latin"), STANDARD)
def test_standard_table(greek: str, latin: str) -> None:
    assert transliterate(greek) == latin


@pytest.mark.parametrize(
    ("greek", "latin"),
    [
        ("ΘΕΜΑ", "THEMA"),
        ("Θέμα", "Thema"),
        ("ΧΙΟΣ", "CHIOS"),
        ("Χίος", "Chios"),
        ("ΨΑΡΑ", "PSARA"),
        ("ΕΥΑΓΓΕΛΟΣ", "EVANGELOS"),
        ("ΜΠΑΜΠΗΣ", "BAMPIS"),
        ("ΟΥΖΟ", "OUZO"),
        ("Θ. Παπαδόπουλος", "Th. Papadopoulos"),
        ("ΑΘ", "ATH"),
        ("ΕΣΣΘ-Χ", "ESSTH-CH"),
    ],
)
def test_capitals(greek: str, latin: str) -> None:
    assert transliterate(greek) == latin


@pytest.mark.parametrize(
    ("name", "latin"),
    [
        ("ΕΣ Καλαμαριάς", "ES Kalamarias"),
        ("ΣΑ Θεσσαλονίκης «Λευκός Πύργος»", "SA Thessalonikis «Lefkos Pyrgos»"),
        ("Σ.A.Χερσονήσου", "S.A.Chersonisou"),  # the A is Latin
        ("ΕΣΟ Παπάφη «Χρονικό»", "ESO Papafi «Chroniko»"),
        ("ΣΑ «Γ. Ιωακειμίδης»", "SA «G. Ioakeimidis»"),
        ("ΣΑ Μουδανίων", "SA Moudanion"),
        ("Μπαμπης", "Bampis"),
        ("Γιακουστίδης Σπυρίδων-Αυγερινός", "Giakoustidis Spyridon-Avgerinos"),
        ("Μπάλλας Κλέων", "Ballas Kleon"),
        ("Ναύαρχος Βότσης", "Navarchos Votsis"),
        ("Chess Club Sofia", "Chess Club Sofia"),
        ("Müller", "Müller"),
    ],
)
def test_real_names(name: str, latin: str) -> None:
    assert transliterate(name) == latin


def test_mp_is_b_at_word_edges_mp_inside() -> None:
    assert transliterate("μπάλα") == "bala"
    assert transliterate("Λάμπρος") == "Lampros"
    assert transliterate("λαμπ") == "lab"  # the standard: b at the end of a word too
    assert transliterate("τον Μπάμπη") == "ton Bampi"


def test_fold_is_accent_and_case_free() -> None:
    assert fold("Ζωή") == "zoi"
    assert fold("ΖΩΗ") == "zoi"
    assert fold("Éléonore") == "eleonore"
    assert fold("Straße") == "strasse"


def test_sort_key_ignores_punctuation_case_accents() -> None:
    assert sort_key("ΣΑ Χερσονήσου")[0] == sort_key("Σ.A.Χερσονήσου")[0]
    assert sort_key("σα χερσονησου")[0] == sort_key("ΣΑ ΧΕΡΣΟΝΗΣΟΥ")[0]
    assert sort_key("«Λευκός Πύργος»")[0] == sort_key("Lefkos Pyrgos")[0]
    # still a total order: the original string breaks the tie
    assert sort_key("ΣΑ Χερσονήσου") != sort_key("Σ.A.Χερσονήσου")


def test_sort_mixed_greek_and_latin() -> None:
    names = [
        "ΣΑ Θεσσαλονίκης «Λευκός Πύργος»",
        "Σ.A.Χερσονήσου",
        "ΕΣ Καλαμαριάς",
        "Athens Chess Club",
        "Αθηναϊκός",
        "Zeus",
        "Ευάγγελος",
        "Αύρα",
        "Μπαμπης",
        "Bishop's Gambit",
        "ΕΣΟ Παπάφη «Χρονικό»",
        "ΕΣ Θεσσαλονίκης",
        "Θέμα",
    ]
    expected = [
        "Athens Chess Club",  # athenschessclub
        "Αθηναϊκός",  # athinaikos
        "Αύρα",  # avra
        "Μπαμπης",  # bampis
        "Bishop's Gambit",  # bishopsgambit
        "ΕΣ Καλαμαριάς",  # eskalamarias
        "ΕΣΟ Παπάφη «Χρονικό»",  # esopapafichroniko
        "ΕΣ Θεσσαλονίκης",  # esthessalonikis
        "Ευάγγελος",  # evangelos
        "Σ.A.Χερσονήσου",  # sachersonisou
        "ΣΑ Θεσσαλονίκης «Λευκός Πύργος»",  # sathessalonikis...
        "Θέμα",  # thema
        "Zeus",
    ]
    shuffled = names[:]
    random.Random(7).shuffle(shuffled)
    assert sorted(shuffled, key=sort_key) == expected


def test_numbers_compare_by_value() -> None:
    assert sorted(["Ομάδα 10", "Ομάδα 2", "Ομάδα 1"], key=sort_key) == ["Ομάδα 1", "Ομάδα 2", "Ομάδα 10"]


def test_greek_team_suffixes_follow_elot_not_greek_alphabet() -> None:
    # says ELOT 743 order: Α, Β, Γ, Δ become A, V, G, D and sort as Latin letters
    names = ["Ομάδα Α", "Ομάδα Β", "Ομάδα Γ", "Ομάδα Δ"]
    assert sorted(names, key=sort_key) == ["Ομάδα Α", "Ομάδα Δ", "Ομάδα Γ", "Ομάδα Β"]

GREEK_TEXT = st.text(
    alphabet=st.sampled_from(list("αβγδεζηθικλμνξοπρστυφχψωςάέήίόύώϊϋΐΰΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ «».-'AbZ09")),
    max_size=30,
)


@given(GREEK_TEXT)
def test_no_greek_left_and_case_insensitive(text: str) -> None:
    out = transliterate(text)
    assert not any("\u0370" <= ch <= "\u03ff" for ch in out)
    assert sort_key(text.upper())[0] == sort_key(text.lower())[0]


@given(st.lists(GREEK_TEXT, max_size=8))
def test_sort_is_total_and_deterministic(names: list[str]) -> None:
    assert sorted(names, key=sort_key) == sorted(reversed(names), key=sort_key)
