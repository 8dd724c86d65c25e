"""Domain errors: every refusal names the rule it enforces.

The web layer renders these as RFC 9457 ``application/problem+json`` with a ``rule``
member; the command line prints ``rule: detail``. Pure code raises them; nothing
here knows about HTTP beyond the status number each kind maps to.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time: file commands start faster
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from typing import Any


class Text:
    """A phrase inside a refusal's sentence that is translated with it: a template and its values, like the
    sentence (``Text("FIDE rating {a} vs {b}", {"a": 1500, "b": 1400})``). Formatted, it is the English
    phrase; ``app/presentation/messages.py`` translates it wherever it is a value of ``params``."""

    __slots__ = ("template", "params")

    def __init__(self, template: str, params: Mapping[str, Any] | None = None) -> None:
        self.template = template
        self.params: dict[str, Any] = dict(params) if params else {}

    def __str__(self) -> str:
        return self.template.format(**self.params) if self.params else self.template

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Text({self.template!r}, {self.params!r})"

    def to_json(self) -> dict[str, Any]:
        """The phrase as JSON, to be said later in a reader's language (its values JSON already)."""
        return {"text": self.template,
                "params": {k: v.to_json() if isinstance(v, Text) else v for k, v in self.params.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Text:
        params = data.get("params") or {}
        return cls(str(data.get("text", "")), {k: cls.from_json(v) if isinstance(v, dict) else v
                                               for k, v in params.items()})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and (self.template, self.params) == (other.template, other.params)

    def __hash__(self) -> int:
        return hash(self.template)


class Texts:
    """Phrases said as one list, each in the reader's language: joined by ``sep`` (by default "; ", which
    Greek writes "· "), and the last one after ``last`` when given (``Texts([a, b, c], ", ", Text(" or "))``
    is "a, b or c")."""

    __slots__ = ("items", "sep", "last")

    def __init__(self, items: Sequence[Text | str], sep: Text | str | None = None, last: Text | None = None) -> None:
        self.items = tuple(items)
        self.sep = Text("; ") if sep is None else sep
        self.last = last

    def say(self, each: Callable[[Text | str], str]) -> str:
        """The list with every phrase said by ``each``."""
        words = [each(x) for x in self.items]
        sep = each(self.sep)
        if self.last is not None and len(words) > 1:
            return sep.join(words[:-1]) + each(self.last) + words[-1]
        return sep.join(words)

    def __str__(self) -> str:
        return self.say(str)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class DomainError(Exception):
    """A refusal by the rules. ``rule`` is a citation such as ``R-3.2`` or ``C.04.6 3.4``.

    ``detail`` is an English sentence. To be translated (``app/presentation/messages.py``), a sentence with
    values in it is written as a template with its values apart, gettext-style: the template is the message
    id of the catalogues, ``params`` fill it (``str.format``)::

        RuleViolation("R-3.2", "every lineup must include at least {need} girl(s); this one has {have}",
                      params={"need": 1, "have": 0}, girls=0)

    ``detail`` is then the filled English sentence; ``template`` and ``params`` are kept for the translation.
    Any other keyword is an extension member of the problem body.
    """

    status: int = 409
    type_slug: str = "rule-violation"
    title: str = "The rules do not allow this"

    def __init__(self, rule: str | None, detail: str, *, params: Mapping[str, Any] | None = None,
                 **extra: Any) -> None:
        self.template = detail
        self.params: dict[str, Any] = dict(params) if params else {}
        if self.params:
            detail = detail.format(**self.params)
        super().__init__(f"{rule}: {detail}" if rule else detail)
        self.rule = rule
        self.detail = detail
        self.extra = extra


class RuleViolation(DomainError):
    """A tournament rule (regulation or FIDE article) forbids the change."""


class StateConflict(DomainError):
    """The change does not fit the current state (round already paired, roster frozen, ...)."""

    type_slug = "state-conflict"
    title = "The tournament is not in a state that allows this"


class InvalidInput(DomainError):
    """The request is well-formed JSON but its content cannot be understood."""

    status = 422
    type_slug = "invalid-input"
    title = "The input is not valid"


class NotFound(DomainError):
    status = 404
    type_slug = "not-found"
    title = "Not found"


class Unauthorized(DomainError):
    status = 401
    type_slug = "unauthorized"
    title = "Authentication required"


class Forbidden(DomainError):
    status = 403
    type_slug = "forbidden"
    title = "Not allowed for this user"


class PreconditionFailed(DomainError):
    status = 412
    type_slug = "precondition-failed"
    title = "The resource changed since it was read"


class PreconditionRequired(DomainError):
    status = 428
    type_slug = "precondition-required"
    title = "A precondition (If-Match) is required"


class NoLegalPairing(RuleViolation):
    """C.04.6 3.3.3: no pairing satisfies the absolute criteria; the chief arbiter decides."""

    type_slug = "no-legal-pairing"
    title = "No legal pairing exists"

    def __init__(self, detail: str, *, params: Mapping[str, Any] | None = None, **extra: Any) -> None:
        super().__init__("C.04.6 3.3.3", detail, params=params, **extra)


class FileFormatError(InvalidInput):
    """A report file (TRF) that cannot be read; ``line`` is 1-based."""

    type_slug = "file-format"
    title = "The file cannot be read"

    def __init__(self, line: int | None, detail: str, rule: str | None = "C.04 Annex 2", *,
                 params: Mapping[str, Any] | None = None) -> None:
        super().__init__(rule, detail, params=params, line=line)
        # the line is said apart from the sentence, so that the sentence is one message to translate
        if line is not None:
            self.detail = f"line {line}: {self.detail}"
            self.args = (f"{rule}: {self.detail}" if rule else self.detail,)
        self.line = line


class ServiceUnavailable(DomainError):
    """The server cannot serve this now (the database does not answer, ...); ``retry_after`` in seconds."""

    status = 503
    type_slug = "unavailable"
    title = "The service is not available"
