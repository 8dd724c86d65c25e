"""Refusals in the reader's language: the catalogues of the problem+json sentences and titles (pure).

A refusal's English sentence is its message id, gettext-style (``DomainError.template``, filled from
``DomainError.params``). A catalogue maps that template to the same sentence in another language, with the
same ``{placeholders}``; a sentence missing from a catalogue is answered in English (the ``rule`` id is the
same in every language). ``tests/unit/test_messages.py`` holds every template raised in ``app/`` against
every catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.presentation.messages_el import EL

#: the languages the server answers in, the first the default
LANGUAGES = ("en", "el")
CATALOGUES: dict[str, Mapping[str, str]] = {"el": EL}


def pick_language(accept_language: str | None) -> str:
    """The language of an ``Accept-Language`` header (RFC 9110 12.5.4) that the server has, by quality;
    English when none fits. Bounded: a header of more than 40 entries is read up to its 40th."""
    best, best_q = LANGUAGES[0], -1.0
    for entry in (accept_language or "").split(",")[:40]:
        tag, _, rest = entry.strip().partition(";")
        primary = tag.strip().lower().split("-")[0]
        q = 1.0
        for param in rest.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if primary in LANGUAGES and q > 0 and q > best_q:
            best, best_q = primary, q
    return best


def translate(template: str, params: Mapping[str, Any] | None, language: str) -> str:
    """``template`` in ``language``, filled with ``params``; English (the template itself) when the catalogue
    has no such sentence."""
    text = CATALOGUES.get(language, {}).get(template, template)
    if not params:
        return text
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):  # a catalogue entry whose placeholders do not fit: English
        return template.format(**params)
