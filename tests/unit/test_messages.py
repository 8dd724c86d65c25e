"""Refusals in the reader's language (app/presentation/messages.py)."""

from __future__ import annotations

import pytest

from app.presentation.messages import pick_language, translate
from app.presentation.messages_el import EL
from app.services.errors import FileFormatError, RuleViolation


@pytest.mark.parametrize(("header", "language"), [
    (None, "en"), ("", "en"), ("el", "el"), ("el-GR,el;q=0.9,en;q=0.8", "el"), ("en-US,el;q=0.5", "en"),
    ("fr, el;q=0.3", "el"), ("de", "en"), ("el;q=0", "en"), ("el;q=abc, en;q=0.1", "en"),
    ("en;q=0.2, el;q=0.9", "el"),
])
def test_the_language_of_an_accept_language_header(header: str | None, language: str) -> None:
    assert pick_language(header) == language


def test_a_refusal_keeps_its_template_and_values_apart() -> None:
    exc = RuleViolation("R-3.2", "every lineup must include at least {need} girl(s); this one has {have}",
                        params={"need": 1, "have": 0}, girls=0)
    assert exc.detail == "every lineup must include at least 1 girl(s); this one has 0"
    assert exc.extra == {"girls": 0}
    greek = "κάθε σύνθεση πρέπει να έχει τουλάχιστον 1 κορίτσι(α)· αυτή έχει 0"
    assert translate(exc.template, exc.params, "el") == greek
    assert translate(exc.template, exc.params, "en") == exc.detail


def test_a_sentence_missing_from_the_catalogue_is_english() -> None:
    assert translate("no such sentence {x}", {"x": 3}, "el") == "no such sentence 3"


def test_a_file_error_says_its_line_apart_from_its_sentence() -> None:
    exc = FileFormatError(7, "a round block of {n} characters", params={"n": 9})
    assert exc.detail == "line 7: a round block of 9 characters"
    assert exc.template == "a round block of {n} characters"
    assert str(exc) == "C.04 Annex 2: line 7: a round block of 9 characters"


def test_every_greek_entry_has_the_placeholders_of_its_english_template() -> None:
    import string
    fmt = string.Formatter()
    for english, greek in EL.items():
        assert {f for _, f, _, _ in fmt.parse(english) if f} == {f for _, f, _, _ in fmt.parse(greek) if f}, english
