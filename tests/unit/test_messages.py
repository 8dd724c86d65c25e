"""Refusals in the reader's language (app/presentation/messages.py)."""

from __future__ import annotations

import ast
import string
from pathlib import Path
from typing import get_args

import pytest
from pydantic_core import PydanticKnownError
from pydantic_core.core_schema import ErrorType

from app.http.problems import FRAMEWORK_SENTENCES
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
        # pydantic's "character{expected_plural}": Greek says the plural otherwise
        wanted = {f for _, f, _, _ in fmt.parse(english) if f and not f.endswith("_plural")}
        assert wanted == {f for _, f, _, _ in fmt.parse(greek) if f}, english


# --- every refusal raised in app/ is a template of the Greek catalogue ----------------------------------------

APP = Path(__file__).resolve().parents[2] / "app"
#: the calls whose literal arguments are English message ids: a phrase, the HTTP layer's problems, a translation
PHRASE_CALLS = {"Text": (0,), "translate": (0,), "problem": (1, 2), "problem_body": (1, 2), "_refuse": (3, 4),
                "send_refusal": (3, 4), "_a": (1,)}  # _a: an action of app/auth/policy.py, its summary


def _modules() -> list[tuple[Path, ast.Module]]:
    return [(p, ast.parse(p.read_text(encoding="utf-8"))) for p in sorted(APP.rglob("*.py"))]


def _refusal_classes(modules: list[tuple[Path, ast.Module]]) -> dict[str, int]:
    """Every ``DomainError`` subclass in app/, with the position of its sentence among its arguments."""
    detail_at = {"DomainError": 1}
    classes = [n for _, tree in modules for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]
    grown = True
    while grown:
        grown = False
        for c in classes:
            bases = [b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in c.bases]
            known = [b for b in bases if b in detail_at]
            if known and c.name not in detail_at:
                detail_at[c.name] = 0 if c.name == "NoLegalPairing" else detail_at[known[0]]
                grown = True
    return detail_at


def _name(call: ast.Call) -> str:
    return call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", "")


def _said(template: str) -> bool:
    return any(c.isalpha() for lit, _f, _s, _c in string.Formatter().parse(template) for c in lit)


def _templates() -> tuple[dict[str, str], list[str]]:
    """Every English message id raised or said in app/ (-> where), and every sentence that is no template."""
    modules = _modules()
    detail_at = _refusal_classes(modules)
    found: dict[str, str] = {}
    wrong: list[str] = []
    for path, tree in modules:
        where = str(path.relative_to(APP.parent))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and node.name in detail_at:
                for st in node.body:  # the kind's title
                    targets = st.targets if isinstance(st, ast.Assign) else [st.target] if isinstance(
                        st, ast.AnnAssign) else []
                    if (any(getattr(t, "id", "") == "title" for t in targets)
                            and isinstance(st.value, ast.Constant)):  # type: ignore[union-attr]
                        found[st.value.value] = where  # type: ignore[union-attr]
            if not isinstance(node, ast.Call):
                continue
            name = _name(node)
            if name in detail_at:
                positions: tuple[int, ...] = (detail_at[name],)
            elif name in PHRASE_CALLS:
                positions = PHRASE_CALLS[name]
            else:
                continue
            for i in positions:
                arg = node.args[i] if len(node.args) > i else next(
                    (k.value for k in node.keywords if k.arg == "detail" and i == detail_at.get(name)), None)
                if arg is None:
                    continue
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    found[arg.value] = where
                elif isinstance(arg, ast.Attribute) and arg.attr == "template":
                    pass  # a phrase (Text) raised again: its literal is checked where it is made
                elif name in detail_at or isinstance(arg, ast.JoinedStr):
                    wrong.append(f"{where}:{node.lineno} {name}(... {ast.unparse(arg)[:60]} ...)")
    found.update({s: "app/http/problems.py" for s in FRAMEWORK_SENTENCES})
    return found, wrong


def test_every_refusal_is_a_template_with_its_values_apart() -> None:
    _found, wrong = _templates()
    assert not wrong, "an f-string or a computed sentence; write a template with params=:\n" + "\n".join(wrong)


def test_every_template_raised_has_its_greek_sentence() -> None:
    found, _ = _templates()
    missing = [f"{where}: {t!r}" for t, where in found.items() if _said(t) and t not in EL]
    assert not missing, "add to app/presentation/messages_el.py:\n" + "\n".join(sorted(missing))


def test_no_greek_sentence_is_stale() -> None:
    found, _ = _templates()
    pydantic = {_pydantic_template(t) for t in get_args(ErrorType)} - {None}
    stale = [t for t in EL if t not in found and t not in pydantic and t != "line {line}: "]
    assert not stale, "no longer raised anywhere; remove from app/presentation/messages_el.py:\n" + "\n".join(stale)


#: a context for every kind of pydantic error, to read their templates (validation_message translates by them)
_CONTEXT = {k: 1 for k in ("gt", "ge", "lt", "le", "max_length", "min_length", "actual_length", "multiple_of",
                           "max_digits", "decimal_places", "whole_digits", "input_value", "version", "max_places",
                           "expected_length", "expected_version", "tz_expected")} | {
    k: "x" for k in ("attribute", "error", "method_name", "class_name", "field_type", "expected", "pattern", "tag",
                     "discriminator", "expected_tags", "scheme", "expected_schemes", "reason", "context",
                     "dataclass_name", "path", "error_type", "tag_key", "encoding", "class", "expected_plural")}


def _pydantic_template(kind: str) -> str | None:
    try:
        return str(PydanticKnownError(kind, _CONTEXT).message_template)  # type: ignore[arg-type]
    except (KeyError, TypeError, ValueError):
        return None


def test_the_walk_sees_an_f_string(tmp_path: Path) -> None:
    """The checks above are not vacuous: the walk finds a refusal written as an f-string and its templates."""
    found, wrong = _templates()
    assert "every lineup must include at least {need} girl(s); this one has {have}" in found
    assert "The rules do not allow this" in found  # a title
    tree = ast.parse('raise StateConflict("R-1", f"round {n} is closed")')
    call = next(n for n in ast.walk(tree) if isinstance(n, ast.Call))
    assert isinstance(call.args[1], ast.JoinedStr) and _name(call) in _refusal_classes(_modules())


def test_a_phrase_inside_a_sentence_is_said_in_the_same_language() -> None:
    from app.services.board_order import UNRATED
    from app.services.errors import Text

    phrase = Text("FIDE rating {lower} vs {upper}", {"lower": 1500, "upper": UNRATED})
    assert str(phrase) == "FIDE rating 1500 vs unrated"
    assert translate("({why})", {"why": phrase}, "el") == "(αξιολόγηση FIDE 1500 έναντι χωρίς αξιολόγηση)"
    # kept as JSON (the explanation of a stored round) and said later
    again = Text.from_json(phrase.to_json())
    assert again == phrase and translate(again.template, again.params, "el").startswith("αξιολόγηση FIDE 1500")


def test_the_explanation_is_said_in_the_readers_language() -> None:
    from app.presentation.messages import said_explanation, set_reader_language
    from app.services.errors import Text

    stored = {"lines": ["Settings: a=1", "PAB: none (even number of teams)"],
              "texts": [Text("Settings: {settings}", {"settings": "a=1"}).to_json(),
                        Text("PAB: none (even number of teams)").to_json()], "warnings": []}
    set_reader_language("el")
    try:
        said = said_explanation(stored)
        assert said is not None and said["lines"] == ["Ρυθμίσεις: a=1", "Ρεπό (PAB): κανένα (ζυγός αριθμός ομάδων)"]
        older = {"lines": ["Settings: a=1"]}  # a round paired before the phrases were kept: English as it was
        assert said_explanation(older) == older
    finally:
        set_reader_language("en")
    assert said_explanation(stored) == stored


def test_a_list_of_phrases_is_said_phrase_by_phrase_with_the_languages_punctuation() -> None:
    from app.auth.policy import ACTIONS, holders, holders_phrase

    phrase = holders_phrase(ACTIONS["round.pair"])
    assert str(phrase) == holders(ACTIONS["round.pair"]) == (
        "an administrator; the tournament's organiser or chief arbiter")
    # Greek writes the semicolon as "·" (";" is its question mark) and "or" as "ή"
    assert translate("{who}", {"who": phrase}, "el") == (
        "ο διαχειριστής· ο οργανωτής ή ο επικεφαλής διαιτητής του τουρνουά")

