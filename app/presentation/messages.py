"""Refusals in the reader's language: the catalogues of the problem+json sentences and titles (pure).

A refusal's English sentence is its message id, gettext-style (``DomainError.template``, filled from
``DomainError.params``; a value of ``params`` may be a phrase of its own, ``Text``). A catalogue maps that
template to the same sentence in another language, with the same ``{placeholders}``; a sentence missing from a
catalogue is answered in English (the ``rule`` id is the same in every language). ``tests/unit/test_messages.py``
holds every template raised in ``app/`` against every catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextvars import ContextVar
from typing import Any

from app.presentation.messages_el import EL
from app.services.errors import DomainError, Text, Texts

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


def _said(value: Any, language: str) -> Any:
    """A value of a sentence: a phrase (``Text``) or a list of phrases (``Texts``) said in ``language``."""
    if isinstance(value, Text):
        return translate(value.template, value.params, language)
    if isinstance(value, Texts):
        return value.say(lambda x: _said(x, language))
    return value


def translate(template: str, params: Mapping[str, Any] | None, language: str) -> str:
    """``template`` in ``language``, filled with ``params``; English (the template itself) when the catalogue
    has no such sentence."""
    text = CATALOGUES.get(language, {}).get(template, template)
    if not params:
        return text
    # a value that is itself a phrase (``Text``) is said in the same language
    values = {k: _said(v, language) for k, v in params.items()}
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):  # a catalogue entry whose placeholders do not fit: English
        return template.format(**values)


#: the language of the request being answered (set by the web layer for each request; English elsewhere)
_reader: ContextVar[str] = ContextVar("teamswiss_language", default=LANGUAGES[0])


def reader_language() -> str:
    return _reader.get()


def set_reader_language(language: str) -> None:
    """The language of the answers made in this context (the web layer, from ``Accept-Language``)."""
    _reader.set(language if language in LANGUAGES else LANGUAGES[0])


def said(what: DomainError | Text) -> str:
    """A refusal's sentence, or a phrase, in the reader's language (what an answer says as data)."""
    return translate(what.template, what.params, reader_language())


def problem_item(exc: DomainError) -> dict[str, str | None]:
    """A rule problem as an answer lists it: its rule id and its sentence in the reader's language."""
    return {"rule": exc.rule, "detail": said(exc)}


def said_explanation(explanation: dict[str, Any] | None) -> dict[str, Any] | None:
    """The pairing engine's explanation with its ``lines`` and ``warnings`` in the reader's language: a round
    paired by this version keeps them as phrases (``texts``, ``warning_texts``); an older one stays English."""
    language = reader_language()
    if not explanation or language == LANGUAGES[0]:
        return explanation
    out = dict(explanation)
    for said_key, kept_key in (("lines", "texts"), ("warnings", "warning_texts")):
        kept = explanation.get(kept_key)
        if isinstance(kept, list):
            phrases = [Text.from_json(x) for x in kept if isinstance(x, dict)]
            out[said_key] = [translate(p.template, p.params, language) for p in phrases]
    return out
