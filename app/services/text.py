"""One line of text: what a name, a title, a place or an arbiter may hold.

A line break in a name would start a new record in a TRF file (C.04 Annex 2: a record ends at CR or LF) and
a new row in a CSV file; other control characters (tab, escape, DEL, the C1 range with NEL) misalign columns
or reach a terminal. The request schemas refuse them (``app.schemas.base.OneLine``), the TRF writer and reader
replace them by blanks (data stored before the check, a file from elsewhere): both use this module.
"""

from __future__ import annotations

import re

#: Every character that has no place on one line: the Unicode categories Cc (U+0000-U+001F, U+007F-U+009F:
#: tab, LF, CR, ESC, DEL, NEL ...), Zl (U+2028 LINE SEPARATOR) and Zp (U+2029 PARAGRAPH SEPARATOR), which
#: ``str.splitlines`` and many editors break lines at. The same class is the JSON Schema pattern of a name.
BREAKING = "\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029"
ONE_LINE_PATTERN = f"^[^{BREAKING}]*$"
_BREAKING_RE = re.compile(f"[{BREAKING}]")
#: The longest text a TRF header record holds (012 name, 102 chief arbiter, 122 time control ...): the longest
#: name the server keeps.
MAX_TEXT = 200


def breaking_character(text: str) -> str | None:
    """The first character of ``text`` that has no place on one line, or None."""
    if text.isprintable():  # nearly always: no Cc, Zl or Zp (and no Zs but the blank, Cf, Co, Cn)
        return None
    m = _BREAKING_RE.search(text)
    return m.group() if m else None


def one_line(text: str) -> str:
    """``text`` with every character that has no place on one line replaced by a blank."""
    return text if text.isprintable() else _BREAKING_RE.sub(" ", text)


def describe(ch: str) -> str:
    """A character as a volunteer can find it: ``U+000A line feed``."""
    names = {"\n": "line feed", "\r": "carriage return", "\t": "tab", "\x00": "NUL", "\x1b": "escape",
             "\x7f": "delete", "\x85": "next line", "\u2028": "line separator", "\u2029": "paragraph separator"}
    name = names.get(ch)
    return f"U+{ord(ch):04X}" + (f" {name}" if name else "")


def is_server_address(url: str) -> bool:
    """Whether ``url`` is an http(s) address a client can reach: a scheme and a host (``http://[`` and
    ``http://:80`` are not; ``urllib`` would refuse them only when the request is made)."""
    from urllib.parse import urlsplit  # only the mirror's settings and its publisher ask

    try:
        parts = urlsplit(url)
        return parts.scheme in ("http", "https") and bool(parts.hostname)
    except ValueError:
        return False
