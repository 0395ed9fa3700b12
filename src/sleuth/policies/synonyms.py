"""Words a question says with another word than its sentence, as stems.

A question paraphrases ("Which environment variable *turns on* debug mode?" over "This is
set with the ``FLASK_DEBUG`` environment variable ... whether debug mode is *enabled*";
"How *big* ..." over "larger"); a reader that matches stems only misses it. Each group is
a set of stems that say the same thing in a question and in a sentence; `canon` maps a
stem to its group's first. Only plain synonyms: never antonyms, never a word and its
negation, and no word whose sense changes with its context ("turn" is "enable" only in
"turn on", which `sleuth.policies.frames.restate` writes as "enable").
"""

from __future__ import annotations

import re

GROUPS = (
    "start begin commenc begun began launch found",
    "portray play",
    "reloc move",
    "belong member",
    "lead head presid",
    "end finish conclud",
    "larg big huge",
    "larger bigger",
    "small littl tini",
    "smaller littler",
    "buy purchas",
    "kill slay murder",
    "locat situat",
    "famous known renown",
    "name call",
    "old ancient",
    "live resid",
    "enabl activ",
    "disabl deactiv",
    "requir need",
    "allow permit",
    "creat generat",
    "remov delet drop",
    "chang modifi alter",
    "recommend suggest advis",
    "faster quicker",
    "stop halt",
    "multipl sever numer",
    "oldest earliest lowest minimum",
    "newest latest highest maximum",
    # Python's typing: "type-annotated" APIs are the ones "with type hints"
    "annot hint",
)
_CANON: dict[str, str] = {w: group.split()[0] for group in GROUPS for w in group.split()}

# "out of the box" says "by default" (its words, "box", are no question's to state)
OUT_OF_THE_BOX = re.compile(r"\bout[\s-]+of[\s-]+the[\s-]+box\b", re.IGNORECASE)

# a version note of an addition ("New in version 24.2.", "Added in version 7.3"), as
# Sphinx renders one: opening a sentence ("... (it was new in version 2.0 as an opt-in)"
# in a note of a change, "What's New in Version 3.0" are none)
_VERSION_ADDED = re.compile(
    r"(?:^|[.;!?]\s+)\W*(?:new|added)\s+in\s+(?:version|release)\s+v?\d", re.I
)

_OMISSION = re.compile(
    r"\b(?:if|when|unless)\s+(?:(?:the\s+|an?\s+)?[\w`.()'-]+(?:\s+\w+)?\s+(?:is|are)\s+"
    r"(?:omitted|left\s+out|not\s+(?:given|specified|provided|passed|set|supplied))"
    r"|no\s+[\w`.()'-]+(?:\s+\w+)?\s+(?:is|are)\s+(?:given|specified|provided|passed|set|supplied)"
    r"|(?:omitted|not\s+(?:given|specified|provided|passed|set|supplied)))\b",
    re.IGNORECASE,
)

# phrases that say a word of a question: "3.9 and newer" states the oldest version
_PHRASES = (
    (re.compile(r"\b(?:and|or)\s+(?:newer|later|above|higher)\b|\bat\s+least\b", re.I), "oldest"),
    (re.compile(r"\b(?:and|or)\s+(?:older|earlier|below|lower)\b|\bat\s+most\b", re.I), "newest"),
    # a bound said by a comparative: "Warn if cookie headers are larger than this many
    # bytes" is what happens above that many ("more" stays a word of its own)
    (re.compile(r"\b(?:larger|bigger|greater|higher|longer)\s+than\b|\bexceed", re.I), "~above"),
    (re.compile(r"\b(?:smaller|lower|shorter)\s+than\b", re.I), "~below"),
    # what holds "out of the box" holds by default
    (OUT_OF_THE_BOX, "default"),
    # a step done "first" is done before the rest: "To receive uploaded files, first install
    # `python-multipart`" says what must be installed before; "first" as an adverb only,
    # opening a clause or after a modal ("the first time" orders nothing)
    (
        re.compile(
            r"(?:^|[,;:]|\b(?:must|should|need\s+to|needs\s+to|have\s+to|has\s+to))\s*"
            r"first\b(?!\s+(?:time|one|step|of)\b)|\bfirst\s*[.;]",
            re.I,
        ),
        "~before",
    ),
    # "Once you've submitted an issue, ..." says what follows after it ("After submitting
    # ..., within what time ...?"); a clause-opening conjunction with its subject only
    # ("Once owned by GM, ...", "Once the capital, ..." say formerly; "once a day" orders
    # nothing)
    (
        re.compile(r"(?:^|[,;:]\s*)once\s+(?:you|we|they|it|he|she|i|one|users?)\b", re.I),
        "~after",
    ),
    # a version note says when its subject came: Sphinx's ``versionadded`` is "New in
    # version 24.2." ("Added in version 7.3" since Sphinx 7.3), which answers "In which
    # release was the helper added?" and "... introduced?" ("new" alone says neither: "a
    # new version", "What's new in 2.0")
    # what holds when a thing is left out is its default: "If `bar` is omitted, it is set
    # to `None`", "If no database is specified, ..." (a question's "If I call foo()
    # without passing bar, ...?" asks the default, `frames.omits_a_choice`)
    (_OMISSION, "default"),
    (_VERSION_ADDED, "add"),
    (_VERSION_ADDED, "introduc"),
)


def canon(key: str) -> str:
    """The first stem of ``key``'s group (``key`` itself when it has none)."""
    return _CANON.get(key, key)


def phrase_keys(text: str) -> set[str]:
    """The question words ``text`` says by a phrase ("3.9 and newer": oldest)."""
    return {key for pattern, key in _PHRASES if pattern.search(text)}
