"""Text on one line: what a name, a title, a place or an arbiter may hold."""

from __future__ import annotations

#: The longest text a TRF header record holds (012 name, 102 chief arbiter, 122 time control ...): the longest
#: name the server keeps.
MAX_TEXT = 200
