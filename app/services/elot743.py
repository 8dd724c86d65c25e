"""Greek -> Latin transcription per ELOT 743 (ISO 843, type 2), and a name sort key.

R-4.2 orders teams with equal rating averages "alphabetically (ΕΛΟΤ 743)", and
R-3.3 (d) orders players alphabetically; both need Greek and Latin names in one
order. This module implements the ELOT 743 *transcription* table (written for
this project; no third-party transliteration library):

=========  ==========================================================================
Greek      Latin
=========  ==========================================================================
α β γ δ    a v g d
ε ζ η θ    e z i th
ι κ λ μ    i k l m
ν ξ ο π    n x o p
ρ σ ς τ    r s s t
υ φ χ ψ ω  y f ch ps o
αυ ευ ηυ   av ev iv before β γ δ ζ λ μ ν ρ and vowels; af ef if before θ κ ξ π σ τ φ χ ψ
           and at the end of a word (a following non-Greek character ends the word)
ου         ou
μπ         b at the start or the end of a word, mp inside it
γγ γκ      ng gk
γξ γχ      nx nch
αι ει οι   ai ei oi (letter by letter; so are ντ -> nt, τζ -> tz, υι -> yi)
=========  ==========================================================================

Diacritics:

- Accents (tonos, also polytonic varia/perispomeni) and the diaeresis are dropped
  from the output; breathings and the iota subscript are ignored.
- A diaeresis on υ (``αϋ``, ``οϋ``) or an accent on the *first* vowel (``άυ``,
  ``όυ``) means the two vowels are pronounced apart: no digraph, υ -> y
  (``άυλος`` -> ``aylos``, ``προϋπόθεση`` -> ``proypothesi``). An accent on υ keeps
  the digraph (``Αύρα`` -> ``Avra``).

Capitals: each Greek letter keeps its case. A capital whose Latin form has two
letters (Θ, Χ, Ψ) is written all caps when the word around it is in capitals
(the next letter of the word, or else the previous one, is a capital:
``ΘΕΜΑ`` -> ``THEMA``) and with a capital initial otherwise (``Θέμα`` -> ``Thema``,
a lone ``Θ.`` -> ``Th.``). Non-Greek characters are copied unchanged.

The standard's note on μπ says "b at the start and at the end of a word"; the end
case (rare in names) is implemented as the standard has it.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

__all__ = ["transliterate", "sort_key", "fold"]

_LETTERS: dict[str, str] = {
    "α": "a", "β": "v", "γ": "g", "δ": "d", "ε": "e", "ζ": "z", "η": "i", "θ": "th",
    "ι": "i", "κ": "k", "λ": "l", "μ": "m", "ν": "n", "ξ": "x", "ο": "o", "π": "p",
    "ρ": "r", "σ": "s", "ς": "s", "τ": "t", "υ": "y", "φ": "f", "χ": "ch", "ψ": "ps",
    "ω": "o",
    # symbol variants of the same letters
    "ϐ": "v", "ϑ": "th", "ϕ": "f", "ϲ": "s", "ϰ": "k", "ϱ": "r", "ϵ": "e",
}
_VOICED_OR_VOWEL = frozenset("βγδζλμνραεηιουω")
_GAMMA_PAIRS = {"γ": ("n", "g"), "κ": ("g", "k"), "ξ": ("n", "x"), "χ": ("n", "ch")}

_ACCENTS = frozenset("\u0301\u0300\u0342\u0341\u0340")  # tonos/oxia, varia, perispomeni
_DIAERESIS = "\u0308"
_JOINERS = frozenset("-\u2010\u2011")


@dataclass(frozen=True)
class _Char:
    """One base character with the combining marks that followed it (NFD)."""

    base: str
    marks: str = ""

    @property
    def lower(self) -> str:
        return self.base.lower()

    @property
    def greek(self) -> bool:
        return self.base.lower() in _LETTERS

    @property
    def accented(self) -> bool:
        return any(m in _ACCENTS for m in self.marks)

    @property
    def diaeresis(self) -> bool:
        return _DIAERESIS in self.marks

    @property
    def upper(self) -> bool:
        return self.base.isupper()


def _split(text: str) -> list[_Char]:
    chars: list[_Char] = []
    for ch in unicodedata.normalize("NFD", text):
        if unicodedata.combining(ch) and chars:
            last = chars[-1]
            chars[-1] = _Char(last.base, last.marks + ch)
        else:
            chars.append(_Char(ch))
    return chars


def _is_greek(chars: list[_Char], i: int) -> bool:
    return 0 <= i < len(chars) and chars[i].greek


def _in_word(ch: _Char) -> bool:
    return ch.base.isalpha() or ch.base in _JOINERS


def _caps_context(chars: list[_Char], i: int) -> bool:
    """Is the word around position ``i`` written in capitals? (next letter, else previous).

    A hyphen joins words for this purpose, so an acronym such as ``ΕΣΣΘ-Χ`` stays in capitals.
    """
    for step in (1, -1):
        j = i + step
        while 0 <= j < len(chars) and _in_word(chars[j]):
            if chars[j].base.isupper() or chars[j].base.islower():
                return chars[j].base.isupper()
            j += step
    return False


def _cased(piece: str, chars: list[_Char], i: int) -> str:
    if not piece or not chars[i].upper:
        return piece
    if len(piece) > 1 and not _caps_context(chars, i):
        return piece[0].upper() + piece[1:]
    return piece.upper()


def _pieces(chars: list[_Char]) -> list[str]:
    """The Latin piece for each character (digraphs give their second letter a piece too)."""
    out: list[str] = [""] * len(chars)
    i = 0
    n = len(chars)
    while i < n:
        c = chars[i]
        if not c.greek:
            out[i] = unicodedata.normalize("NFC", c.base + c.marks)
            i += 1
            continue
        lo = c.lower
        nxt = chars[i + 1] if i + 1 < n and chars[i + 1].greek else None
        nlo = nxt.lower if nxt else ""
        if lo in "αεη" and nlo == "υ" and not c.accented and nxt is not None and not nxt.diaeresis:
            after = chars[i + 2].lower if _is_greek(chars, i + 2) else ""
            out[i] = _LETTERS[lo]
            out[i + 1] = "v" if after and after in _VOICED_OR_VOWEL else "f"
            i += 2
            continue
        if lo == "ο" and nlo == "υ" and not c.accented and nxt is not None and not nxt.diaeresis:
            out[i], out[i + 1] = "o", "u"
            i += 2
            continue
        if lo == "μ" and nlo == "π":
            at_edge = not _is_greek(chars, i - 1) or not _is_greek(chars, i + 2)
            out[i], out[i + 1] = ("b", "") if at_edge else ("m", "p")
            i += 2
            continue
        if lo == "γ" and nlo in _GAMMA_PAIRS:
            out[i], out[i + 1] = _GAMMA_PAIRS[nlo]
            i += 2
            continue
        out[i] = _LETTERS[lo]
        i += 1
    return out


def transliterate(text: str) -> str:
    """Transcribe Greek letters in ``text`` to Latin per ELOT 743 type 2 (see module doc).

    >>> transliterate("Ευάγγελος Παπαδόπουλος")
    'Evangelos Papadopoulos'
    >>> transliterate("ΘΕΜΑ")
    'THEMA'
    """
    chars = _split(text)
    pieces = _pieces(chars)
    return "".join(
        _cased(p, chars, i) if chars[i].greek else p for i, p in enumerate(pieces)
    )


def fold(text: str) -> str:
    """Transliterate, drop every accent (Latin ones too) and casefold: ``"Ζωή"`` -> ``"zoi"``."""
    latin = unicodedata.normalize("NFD", transliterate(text))
    bare = "".join(ch for ch in latin if not unicodedata.combining(ch))
    return unicodedata.normalize("NFC", bare.casefold())


_DIGITS = re.compile(r"\d+")


@lru_cache(maxsize=65536)
def sort_key(name: str) -> tuple[str, str]:
    """A key that sorts Greek and Latin names in one order (R-3.3 (d), R-4.2).

    The primary part is the ELOT 743 transcription, accent-free and casefolded,
    compared letter by letter: spaces, punctuation and quotes (« » " ' . -) are
    ignored, and runs of digits compare by value ("Team 2" before "Team 10").
    Names equal on that part are ordered by the original string (code points),
    so the order is total and deterministic.
    """
    folded = "".join(ch for ch in fold(name) if ch.isalnum())
    return (_DIGITS.sub(_pad_number, folded), name)


def _pad_number(m: re.Match[str]) -> str:
    digits = m.group().lstrip("0") or "0"
    return digits.zfill(20)
