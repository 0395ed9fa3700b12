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

Under the heading of the old name's own entry, the entry calls it "this property" (or
"this method", "it", ...) and a Sphinx ``deprecated`` note names it not at all: "This
property is deprecated ... Please switch to the timezone-aware variant
``not_valid_after_utc``" and "Deprecated since version 2.3: Use ``can_read_body``
instead." give the successor of the name the heading names.

Names are compared without their markup (backticks, a Sphinx or MyST role, ``()``, a
leading ``~``), in full or by their last dotted part ("fail" is ``Field.fail``'s). The
other way round ("What did ``pass_collection`` replace?") is not read here.
"""

from __future__ import annotations

import re

from sleuth.text import content_terms

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
_NAME = (
    rf"(?:{_ROLE}`+[^`\n]+?`+|\b(?>[A-Za-z]\w*(?:[_.][A-Za-z]\w*)+)\b(?:\(\))?"
    r"|\b[A-Za-z]\w*\(\))"
)
_BE = (
    r"(?:,?\s+(?:is|was|are|were|has\s+been|have\s+been|got|gets|will\s+be)"
    r"(?:\s+(?:now|also|since|then))?)?"
)
# the old name said by a pointer, under a heading that names it ("This property is
# deprecated", "It was renamed to ...", a Sphinx note's "Deprecated since version 2.3:")
_POINTER = (
    r"\b[Tt]his\s+(?:property|attribute|method|function|class|argument|parameter|option|"
    r"setting|module|field|decorator|flag|hook|signal)\b|\bIt\b"
)
_DEPRECATED_NOTE = r"\bDeprecated\s+since\s+version\s+[^:\n]{1,24}:"
_OLD = rf"(?P<old>{_NAME}|{_POINTER})"
# "use NEW", "please switch to the timezone-aware variant NEW"
_USE = (
    r"(?:[Pp]lease\s+)?(?:[Uu]se|[Cc]all|[Ss]witch\s+to|[Mm]igrate\s+to)\s+"
    r"(?:the\s+(?:[\w-]+\s+){0,3}?)?"
)
_RELATIONS = (
    # OLD is renamed to NEW, OLD was changed to NEW
    re.compile(rf"{_OLD}{_BE}\s+(?:renamed|changed)\s+to\s+(?P<new>{_NAME})", re.I),
    # rename OLD to NEW
    re.compile(rf"\brenam(?:e|es|ed|ing)\s+(?P<old>{_NAME})\s+to\s+(?P<new>{_NAME})", re.I),
    # OLD is deprecated in favor of NEW (anything but another name between)
    re.compile(
        rf"{_OLD}{_BE}\s+(?:now\s+)?deprecated(?:[^`.;]*?)\s+"
        rf"(?:in\s+favou?r\s+of|(?<!except\s)(?<!but\s)for)\s+(?P<new>{_NAME})",
        re.I,
    ),
    # OLD is deprecated. Use NEW (the sentence read with the one before it)
    # (a version's dots end no sentence: "deprecated since version 2.3. Use ...")
    re.compile(
        rf"{_OLD}{_BE}\s+(?:now\s+)?deprecated(?:[^`.;]|\.(?=\d))*[.;]\s+{_USE}(?P<new>{_NAME})"
    ),
    # Deprecated since version 2.3: Use NEW instead (under OLD's heading)
    re.compile(rf"(?P<old>{_DEPRECATED_NOTE})\s*{_USE}(?P<new>{_NAME})"),
    # OLD is replaced by NEW, OLD was superseded with NEW
    re.compile(
        rf"{_OLD}{_BE}\s+(?:replaced|superseded)\s+(?:by|with)\s+(?P<new>{_NAME})",
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


def successor(
    sentence: str, names: tuple[str, ...], start: int = 0, heading: frozenset[str] = frozenset()
) -> tuple[int, int] | None:
    """The span (without markup) of the name ``sentence`` gives one of ``names`` in its
    place, at ``start`` or after; None when it gives none, or gives two different ones.
    ``heading``: the words of the section's heading path, where a pointer ("this
    property", "it", a deprecation note) stands for the name the heading names."""
    if not names:
        return None
    titled = [n for n in names if _headed(n, heading)]
    found: dict[str, tuple[int, int]] = {}
    for relation in _RELATIONS:
        for m in relation.finditer(sentence):
            if m.start("new") < start:
                continue  # the relation may open before ``start``, its successor not
            said, new = m.group("old"), bare(m.group("new"))
            if re.fullmatch(rf"{_POINTER}|{_DEPRECATED_NOTE}", said):
                olds = titled
            else:
                olds = [n for n in names if _same(bare(said), n)]
            if not olds or any(_same(old, new) for old in olds) or not new:
                continue
            at = sentence.find(new, m.start("new"))
            if at >= 0:
                found.setdefault(new, (at, at + len(new)))
    return next(iter(found.values())) if len(found) == 1 else None


def says_use(sentence: str) -> bool:
    """Whether ``sentence`` opens with an imperative that names a successor ("Please
    switch to ...", "Use ..."): it says what to use in place of the thing the sentence
    before it calls deprecated."""
    return bool(re.match(rf"\s*{_USE}", sentence))


def deprecation_note(sentence: str) -> bool:
    """Whether ``sentence`` is a Sphinx deprecation note's opening alone ("Deprecated
    since version 2.3:"), which the note's text follows in a paragraph of its own."""
    return bool(re.fullmatch(rf"\s*{_DEPRECATED_NOTE}\s*", sentence))


def entry_terms(names: tuple[str, ...]) -> frozenset[str]:
    """The words of the entries' headings of ``names`` (by their last dotted parts:
    ``Certificate.not_valid_after``'s entry is headed `not_valid_after`)."""
    return frozenset(t for name in names for t in content_terms(name.rsplit(".", 1)[-1]))


def _headed(name: str, heading: frozenset[str]) -> bool:
    """Whether a heading with the words ``heading`` names ``name``'s entry."""
    words = entry_terms((name,))
    return bool(words) and words <= heading
