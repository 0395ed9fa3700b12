"""Text that came from outside — questions, page text, model output — at two boundaries:
where it is printed on an operator's terminal, and where a question enters a run.

* `printable` shows control characters as escapes instead of sending them to the
  terminal: an escape sequence in a question or a page cannot recolour the screen, set
  the window title, clear it or move the cursor, and a bidi override cannot reorder what
  is shown. `escape` is that plus rich's markup escaping, for the CLI's rich console.
* `question_problem` refuses control characters in a question (C0 but tab, line feed and
  carriage return; DEL; C1): PostgreSQL cannot store NUL in text, and nothing else in a
  question needs them. Both stores then hold every question exactly as asked.
"""

from __future__ import annotations

import re
import unicodedata

from rich.markup import escape as _markup_escape

#: Refused in a question: C0 controls but tab, line feed and carriage return; DEL; C1.
CONTROL_CLASS = r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"
_CONTROL = re.compile(f"[{CONTROL_CLASS}]")
_KEPT = frozenset("\n\t")


def printable(text: str) -> str:
    """``text`` with every control and format character but newline and tab written as an
    escape (``\\x1b``, ``\\u202e``), so printing it cannot drive the terminal."""
    if text.isprintable() or all(c.isprintable() or c in _KEPT for c in text):
        return text
    out = []
    for char in text:
        if char in _KEPT or char.isprintable() or unicodedata.category(char) == "Zs":
            out.append(char)
        elif ord(char) < 0x100:
            out.append(f"\\x{ord(char):02x}")
        else:
            out.append(f"\\u{ord(char):04x}")
    return "".join(out)


def escape(text: str) -> str:
    """Untrusted text for the rich console: `printable`, then markup-escaped."""
    return _markup_escape(printable(text))


def question_problem(question: str) -> str | None:
    """Why ``question`` cannot be asked, or None: control characters are refused."""
    found = sorted(set(_CONTROL.findall(question)))
    if not found:
        return None
    shown = ", ".join(f"U+{ord(c):04X}" for c in found[:5])
    return f"the question contains control characters ({shown}); remove them"
