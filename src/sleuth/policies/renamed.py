"""What a name became: the successor a page gives a renamed, deprecated or replaced name.

Documentation answers a migration question ("My processors use pass_many=True. What is
that decorator argument called in marshmallow 4?", "Field.fail is deprecated. What should
a custom field call instead?") in a sentence that says the relation itself, not the
question's words: "``pass_many`` is renamed to ``pass_collection`` in decorators",
"``Field.fail`` is deprecated in favor of ``Field.make_error``". A question asks for a
successor when it says so ("instead", "renamed", "called in/now", "replaced", "in favor
of", "new name", "successor") and names the old thing as code (``pass_many``,
``Field.fail``, ``on_startup``, ``Starlette()``, ``TestClient``); a sentence answers it
when it names that same thing before one of the relations below and a code name after
it:

* ``OLD`` is (now) renamed / changed to ``NEW``; rename ``OLD`` to ``NEW``;
* ``OLD`` is deprecated in favor of / for ``NEW``; ``OLD`` is deprecated. Use ``NEW``;
* ``OLD`` is replaced / superseded by / with ``NEW``;
* use ``NEW`` instead of ``OLD``; ``NEW`` replaces / supersedes ``OLD``;
* ``OLD`` → ``NEW`` (a changelog's arrow).

Names are compared without their markup (backticks, a Sphinx or MyST role, ``()``, a
leading ``~``), in full or by their last dotted part ("fail" is ``Field.fail``'s). The
other way round ("What did ``pass_collection`` replace?") is not read here.
"""

from __future__ import annotations

import re

# a question that asks what a name became
_ASKS = re.compile(
    r"\b(?:instead|renamed?|new\s+name|(?:now\s+)?called\s+(?:now|in|since|from|after)|"
    r"now\s+called|replac(?:e|es|ed|ement|ing)|in\s+favou?r\s+of|successor|supersed\w*)\b",
    re.IGNORECASE,
)
# a name written as code in a question: joined, dotted, called or CamelCase
_QUESTION_NAME = re.compile(
    r"`([^`\s]+)`|\b[A-Za-z]\w*(?:[_.][A-Za-z]\w*)+\b(?:\(\))?|\b\w+\(\)|\b[A-Z][a-z]+[A-Z]\w*"
)
_ABBREVIATION = re.compile(r"^(?:[A-Za-z]\.)+[A-Za-z]?$")  # "e.g", "i.e"
# a name in a sentence: a code span (with a Sphinx or MyST role before it) or a bare
# identifier that is joined, dotted or called
_ROLE = r"(?::[\w:]+:|\{[\w:]+\})?"
_NAME = rf"(?:{_ROLE}`+[^`\n]+?`+|\b[A-Za-z]\w*(?:[_.][A-Za-z]\w*)+\b(?:\(\))?|\b[A-Za-z]\w*\(\))"
_BE = (
    r"(?:,?\s+(?:is|was|are|were|has\s+been|have\s+been|got|gets|will\s+be)"
    r"(?:\s+(?:now|also|since|then))?)?"
)
_RELATIONS = (
    # OLD is renamed to NEW, OLD was changed to NEW
    re.compile(rf"(?P<old>{_NAME}){_BE}\s+(?:renamed|changed)\s+to\s+(?P<new>{_NAME})", re.I),
    # rename OLD to NEW
    re.compile(rf"\brenam(?:e|es|ed|ing)\s+(?P<old>{_NAME})\s+to\s+(?P<new>{_NAME})", re.I),
    # OLD is deprecated in favor of NEW (anything but another name between)
    re.compile(
        rf"(?P<old>{_NAME}){_BE}\s+(?:now\s+)?deprecated(?:[^`.;]*?)\s+"
        rf"(?:in\s+favou?r\s+of|for)\s+(?P<new>{_NAME})",
        re.I,
    ),
    # OLD is deprecated. Use NEW (the sentence read with the one before it)
    re.compile(
        rf"(?P<old>{_NAME}){_BE}\s+(?:now\s+)?deprecated[^`.;]*[.;]\s+"
        rf"(?:[Uu]se|[Cc]all)\s+(?P<new>{_NAME})",
    ),
    # OLD is replaced by NEW, OLD was superseded with NEW
    re.compile(
        rf"(?P<old>{_NAME}){_BE}\s+(?:replaced|superseded)\s+(?:by|with)\s+(?P<new>{_NAME})",
        re.I,
    ),
    # use NEW instead of OLD
    re.compile(
        rf"\b(?:use|call|pass|set)\s+(?P<new>{_NAME})\s+instead\s+of\s+(?P<old>{_NAME})", re.I
    ),
    # NEW replaces OLD
    re.compile(rf"(?P<new>{_NAME})\s+(?:replaces|supersedes)\s+(?P<old>{_NAME})", re.I),
    # OLD → NEW
    re.compile(rf"(?P<old>{_NAME})\s*(?:→|->|=>)\s*(?P<new>{_NAME})"),
)


def bare(name: str) -> str:
    """``name`` without its markup: role, backticks, a ``<target>``, ``()`` and ``~``
    (":meth:`Field.fail <marshmallow.fields.Field.fail>`" is "Field.fail")."""
    text = re.sub(r"^(?::[\w:]+:|\{[\w:]+\})", "", name.strip()).strip("`")
    text = re.sub(r"\s*<[^>]*>$", "", text).strip()
    text = text.lstrip("~@").removesuffix("()")
    return text.split("=", 1)[0].strip()


def _same(one: str, other: str) -> bool:
    """The same name, in full (any case) or by its last dotted part as written
    (``Schema.context`` is no ``Context``)."""
    return one.lower() == other.lower() or one.rsplit(".", 1)[-1] == other.rsplit(".", 1)[-1]


def asked_names(question: str) -> tuple[str, ...]:
    """The code names of a question that asks what they became (none when it does not
    ask so, or names nothing as code)."""
    if not _ASKS.search(question):
        return ()
    found = []
    for m in _QUESTION_NAME.finditer(question):
        name = bare(m.group(1) or m.group(0))
        if len(name) > 2 and not _ABBREVIATION.match(name) and name not in found:
            found.append(name)
    return tuple(found)


def successor(sentence: str, names: tuple[str, ...], start: int = 0) -> tuple[int, int] | None:
    """The span (without markup) of the name ``sentence`` gives one of ``names`` in its
    place, from ``start`` on; None when it gives none, or gives two different ones."""
    if not names:
        return None
    found: dict[str, tuple[int, int]] = {}
    for relation in _RELATIONS:
        for m in relation.finditer(sentence, start):
            old, new = bare(m.group("old")), bare(m.group("new"))
            if not any(_same(old, n) for n in names) or _same(old, new) or not new:
                continue
            at = sentence.find(new, m.start("new"))
            if at >= 0:
                found.setdefault(new, (at, at + len(new)))
    return next(iter(found.values())) if len(found) == 1 else None
