"""What every reader of `sleuth.formats` returns: a `Parsed` document of `Block` s, and
the link targets it keeps. Its own module so that the readers and the package that
dispatches to them both import it, and not each other."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

__all__ = [
    "BUILD_DIRECTIVES",
    "CODE_ROLES",
    "LINK_ROLES",
    "MAX_LINKS",
    "TEXT_ROLES",
    "VERSION_WORDS",
    "Block",
    "Include",
    "Parsed",
    "explicit_anchor",
    "link_targets",
    "page_title",
    "role_text",
    "titled_role",
    "unknown_role",
]

#: How a reader follows an include: ``include(target, within)`` is the text and key of
#: the file ``target`` (as written in the directive) names, read from the file ``within``
#: (a key it returned before; None: the document itself), or None when it names no file
#: that may be read. The caller (`sleuth.ingest`) owns the files: the readers never open one.
Include = Callable[[str, str | None], tuple[str, str] | None]


class Block(NamedTuple):
    """One block of a document: ``kind`` is heading, text, list, table or code;
    ``level`` is a heading's level (1 for a title), 0 otherwise; ``anchor`` is a heading's
    explicit id (Markdown's ``## Title {#custom-id}``, HTML's ``<h2 id="...">``, a reST
    label ``.. _label:`` before a section), "" when it has none (its slug is used)."""

    kind: str
    text: str
    level: int = 0
    anchor: str = ""


@dataclass
class Parsed:
    """A document read from a file, before it becomes a `Page`."""

    blocks: list[Block]
    title: str | None = None
    meta: dict[str, Any] = field(default_factory=dict)  # published, version, tags, ...
    warnings: list[str] = field(default_factory=list)  # what was read but not whole


def page_title(blocks: list[Block]) -> str | None:
    """The heading that titles a document: its first level-1 heading, else its first
    heading; none for a change log whose top-level headings are its releases ("1.10.0
    (October 24, 2026)", "Version 2.0", "pytest 9.2.0"): its first release does not name
    the others, so the caller titles it otherwise (front matter, the file's name). A
    title with back matter after it ("Indices and tables", "Footnotes") keeps its title."""
    headings = [b for b in blocks if b.kind == "heading"]
    if not headings:
        return None
    top = min(b.level for b in headings)
    tops = [b.text for b in headings if b.level == top]
    if len(tops) > 1 and 2 * sum(_RELEASE.match(t) is not None for t in tops) > len(tops):
        return None
    return next((b.text for b in headings if b.level == 1), headings[0].text)


# a release's heading: "1.10.0 (October 24, 2026)", "Version 2.0", "v3.2.0", "[1.2.0] -
# 2020-01-01", "pytest 9.2.0 (2026-10-27)", "Release 0.17.0"
_RELEASE = re.compile(
    r"\W*(?:(?:version|release|v)\s*|[A-Za-z][\w.-]*[ -]v?)?\d+(?:\.\d+)+\b", re.IGNORECASE
)


#: At most this many link targets are kept per document.
MAX_LINKS = 500


def link_targets(targets: Any) -> tuple[str, ...]:
    """Link targets as kept in ``meta["links"]``: stripped, once each, in order, without
    empty ones, bare ``#`` and ``javascript:``; at most `MAX_LINKS`."""
    out: dict[str, None] = {}
    for target in targets:
        target = target.strip()
        if not target or target == "#" or target[:11].lower() == "javascript:":
            continue
        out[target] = None
        if len(out) >= MAX_LINKS:
            break
    return tuple(out)


_ANCHOR = re.compile(r"[^\s{}#\"'<>]+")


def explicit_anchor(value: str | None) -> str:
    """An id written in a document, as a section's anchor: ``""`` when there is none or
    it could not stand after ``#`` in a URL (spaces, quotes, brackets, ``#``)."""
    value = (value or "").strip()
    return value if _ANCHOR.fullmatch(value) else ""


# --- Sphinx's vocabulary, shared by the reST reader and MyST Markdown -----------------------

#: Roles whose text is an API name, shown as code (``:func:`get``` is ```get()```).
CODE_ROLES = (
    "class func meth attr mod exc data obj const envvar option command program file samp "
    "py:class py:func py:meth py:attr py:mod py:exc py:data py:obj py:const any"
).split()
#: Roles whose text is shown as words (``:ref:`the guide <guide>``` is "the guide").
TEXT_ROLES = "ref doc term keyword guilabel menuselection abbr dfn numref download index".split()
#: Roles of Sphinx extensions that link to an issue tracker, a person or a commit
#: (``sphinx.ext.extlinks``, sphinx-issues: ``:pr:`1040```, ``:user:`cajhne```), and
#: keyboard keys: shown as their words, never as code. (A package index's link,
#: ``:pypi:`setuptools-scm```, is the package's name, code like any other.)
LINK_ROLES = frozenset(
    "issue issues pr pull ghpull ghissue gh github github_user user ticket bug commit sha "
    "cve cwe kbd".split()
)
#: The link roles whose text is a tracker's number (``:gh:`754```, ``:issue:`1040```):
#: shown as sphinx-issues shows it, ``#754``, a reference, never a quantity ("(754, 2669)"
#: at the end of a change log's item read as a value of the setting it is about)
NUMBERED_ROLES = frozenset("issue issues pr pull ghpull ghissue gh github ticket bug".split())
_NUMBERS = re.compile(r"\d+(?:\s*,\s*\d+)*")
#: Directives that only instruct the build (a table of contents, the current module or
#: program): they leave no text.
BUILD_DIRECTIVES = (
    "toctree index highlight module currentmodule automodule autosummary tabularcolumns "
    "sectionauthor codeauthor moduleauthor literalinclude only-not py:module py:currentmodule "
    "testsetup testcleanup program std:program"
).split()
#: The words a version directive is shown with, before its version.
VERSION_WORDS = {"versionadded": "New in version", "versionchanged": "Changed in version",
                 "deprecated": "Deprecated since version",
                 "versionremoved": "Removed in version"}  # fmt: skip


#: The Python domain's roles, whose target a leading ``.`` only makes searched for (Sphinx
#: shows ``:attr:`.Config.attributes``` as ``Config.attributes``); a file's stays
#: (``:file:`.flaskenv```).
_PYTHON_ROLES = frozenset("class func meth attr mod exc data obj const any".split())


def unknown_role(name: str, text: str) -> tuple[str, bool]:
    """What Sphinx shows for a role that neither docutils nor `CODE_ROLES` / `TEXT_ROLES`
    define, a Sphinx extension's (``:confval:`filterwarnings```, ``:fixture:`tmp_path```,
    ``:setting:`broker_url```, ``:pr:`1040```): its text (`role_text`) and whether it is
    code. Most such roles are cross-references to an extension's kind of object (a setting,
    a fixture, a signal), which Sphinx shows as code; a role with an explicit title
    (``:pep:`wheel format <427>```), a link role (`LINK_ROLES`), and a text with a space or
    only digits are words; a tracker's number is ``#`` and its digits (`NUMBERED_ROLES`).
    A domain's role (``std:doc``, ``c:func``) is its own name's."""
    base = name.rsplit(":", 1)[-1]
    if base in TEXT_ROLES:
        return role_text(text, base), False
    if base in CODE_ROLES:
        shown = role_text(text, base)
        call = base in ("func", "meth") and not titled_role(text) and not shown.endswith(")")
        return shown + ("()" if call else ""), True
    shown = role_text(text, base)
    if base in NUMBERED_ROLES and _NUMBERS.fullmatch(shown) and not titled_role(text):
        return ", ".join(f"#{n}" for n in re.findall(r"\d+", shown)), False  # ":issue:`1,2`"
    words = titled_role(text) or base in LINK_ROLES or not shown or " " in shown or shown.isdigit()
    return shown, not words and "`" not in shown


#: A role's text with an explicit title: ``title <target>``.
_TITLED = re.compile(r"\s*(.+?)\s*<([^<>]*)>\s*", re.DOTALL)


def titled_role(text: str) -> bool:
    """Whether a role's text gives an explicit title (``wheel format <427>``)."""
    return _TITLED.fullmatch(text) is not None


def role_text(text: str, name: str) -> str:
    """What Sphinx shows for a role's text: its explicit title (``title <target>``), else
    its target (``~a.b.c`` shows ``c``; a leading ``!`` goes, and a Python role's leading
    ``.``). ``name`` is the role's."""
    match = re.fullmatch(r"\s*(.*?)\s*<([^<>]*)>\s*", text, re.DOTALL)
    if match and match.group(1):
        return match.group(1)
    target = match.group(2) if match else text
    target = target.lstrip("!")
    if name.removeprefix("py:") in _PYTHON_ROLES:
        target = target.lstrip(".")
    if target.startswith("~"):
        target = target[1:].rsplit(".", 1)[-1]
    return target
