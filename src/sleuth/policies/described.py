"""Descriptive bridges: the bridge entity is described, not named or related.

"Toad Hall is a residential hall in a university located in what Australian city?",
"Transfiguration of Vincent is the third studio album by a singer-songwriter from what
state?", "From 1945-1949 Dick Humbert played for an NFL team based in what state?": the
question names a subject, links it ("hall in", "album by", "played for") to something it
only describes ("a university", "a singer-songwriter", "an NFL team"), and asks where
that thing is. Both hops are verified, or nothing is answered:

1. **The bridge**, from the subject's own page (`relations.is_page_of`), in its opening
   sentences: the one name written after the description's head noun ("by
   singer-songwriter M. Ward"), or a name carrying the head noun ("Australian National
   University"), or the one name after the question's link words ("played for the
   Philadelphia Eagles", "published by Two Dollar Radio"). Two different names, or none:
   no bridge.
2. **The description**, on the bridge's own page: at least half of its content words,
   every number among them ("founded in 2005") and at least one word in all, in the
   page's opening sentences. A page that does not describe the bridge as the question
   does is not the thing described.
3. **The place**, from the sentence of the bridge's page that places it ("based in",
   "located in", "from", "in"): the US state, the country or the city
   (`relations.place_of`) the question asks for; for "where", the place as written
   ("Columbus, Ohio").

Only these typed places are read: a description asked about anything else ("starred in
what for seven years?") is not parsed, and goes to the single-hop reader.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from sleuth.state import OpenedPage
from sleuth.text import content_terms

from . import relations
from .relations import NAME, Found, fold, lead, page_of

#: How many sentences from a page's start the bridge, the description and the place
#: may be read in.
LEAD = 4

_PREPS = r"by|for|in|with|of|on|to|from|at|featuring"
_ASK = re.compile(
    r"(?:,?\s+(?:and\s+)?(?:that|which|who)?\s*(?:is|was|are|were)?\s*)?"
    r"(?:(?P<verb>from|based\s+in|located\s+in|headquartered\s+in|situated\s+in|in)\s+"
    r"(?:what|which)\s+(?:[A-Z][a-z]+\s+)?(?P<kind>state|country|city)"
    r"|(?P<where>based|located|headquartered|situated)\s+where)\s*\?\s*$"
)
_START = re.compile(
    r"^(?:(?:From|In|During|Between|Since)\s+[\d–-]+(?:\s+(?:to|and)\s+\d+)?,?\s+)?"
    rf"[\"“]?(?P<subject>{NAME})[\"”]?(?:['’]s)?\s+"
)
_DESCRIPTION = re.compile(
    rf"\b(?P<link>(?:[a-z-]+\s+)?(?:{_PREPS}))\s+(?:an?)\s+"
    r"(?P<description>(?:[\w-]+\s+){0,5}?[\w-]+)"
    r"(?P<clause>\s+(?:that|which|who)\s+[^?]*?)?$"
)

#: A description asked about otherwise: "a series that originally broadcast on what
#: station?", "an American actress who starred in what for seven years?".
_OPEN = re.compile(
    rf"\b(?P<link>(?:[a-z-]+\s+)?(?:{_PREPS}))\s+(?:an?)\s+"
    r"(?P<description>(?:[\w-]+\s+){0,4}?[\w-]+)\s+(?:that|who|which)\s+"
    r"(?P<rest>(?:[a-z-]+\s+){1,6}?(?:what|which|whom)\b[^?]*?)\s*\?\s*$"
)


@dataclass(frozen=True)
class Described:
    """A descriptive bridge: ``subject`` is linked by ``link`` ("album by") to something
    the question describes (``description``, with ``clause``: "publishing house", "that
    was founded in 2005"); ``target`` is the place asked for (state, country, city, or
    "where": the place as written); ``phrase`` is the question from the description on."""

    subject: str
    link: str
    description: str
    clause: str
    target: str
    phrase: str
    rest: str = ""  # an "open" target: what the question asks of the bridge

    def outer(self, bridge: str) -> str:
        """The second hop of an "open" target as a question: "Charmed originally
        broadcast on what station?"."""
        return f"{bridge} {self.rest}?"

    @property
    def head(self) -> str:
        """The description's head noun ("team" of "NFL team")."""
        return self.description.split()[-1]

    @property
    def inner(self) -> str:
        """The first hop as a question, for the trace."""
        return f"Which {self.description} is {self.subject} {self.link}?"


def parse(question: str) -> Described | None:
    """The descriptive bridge ``question`` asks through, or None."""
    q = " ".join(question.split()).strip()
    start = _START.match(q)
    ask = _ASK.search(q)
    if start is None:
        return None
    if ask is None or ask.start() <= start.end():
        return _open(q, start)
    middle = q[start.end() : ask.start()]
    desc = _DESCRIPTION.search(middle)
    if desc is None:
        return None
    subject = re.sub(r"['’]s$", "", start.group("subject"))
    if subject.split()[0] in _NOT_SUBJECTS:
        return None
    target = (ask.group("kind") or "where").lower()
    clause = (desc.group("clause") or "").strip(" ,")
    phrase_at = start.end() + desc.start("link") + len(desc.group("link")) + 1
    return Described(
        subject=subject,
        link=desc.group("link"),
        description=desc.group("description"),
        clause=clause,
        target=target,
        phrase=q[phrase_at:],
    )


def _open(q: str, start: re.Match[str]) -> Described | None:
    """A description asked about otherwise than where it is (see `_OPEN`), or None."""
    found = _OPEN.search(q, start.end())
    subject = re.sub(r"['’]s$", "", start.group("subject"))
    if found is None or subject.split()[0] in _NOT_SUBJECTS:
        return None
    return Described(
        subject=subject,
        link=found.group("link"),
        description=found.group("description"),
        clause="",
        target="open",
        phrase=q[found.start("link") + len(found.group("link")) + 1 :],
        rest=found.group("rest"),
    )


_NOT_SUBJECTS = frozenset("What Which Who Whom Whose Where When How Why A An".split())


def fits(described: Described, bridge: str, opened: Mapping[str, OpenedPage]) -> bool:
    """Whether the bridge's own page is opened and fits the description."""
    page = page_of(bridge, opened)
    return page is not None and _describes(described, " ".join(lead(page, LEAD)))


def bridge_in(described: Described, opened: Mapping[str, OpenedPage]) -> Found | None:
    """The entity the subject's own page names as the one described, or None."""
    page = page_of(described.subject, opened)
    if page is None:
        return None
    head = re.escape(described.head)
    link = re.escape(described.link.split()[-1])
    verb = described.link.split()[0] if len(described.link.split()) > 1 else ""
    rules = (
        rf"\b{head}s?\s+(?:the\s+)?[\"“]?(?P<n>(?=[A-Z]){NAME})",
        rf"(?P<n>{NAME})" if described.head.islower() else None,
        rf"\b{re.escape(verb)}\w*\s+(?:[a-z-]+\s+){{0,2}}?{link}\s+(?:the\s+)?(?P<n>(?=[A-Z]){NAME})"
        if verb
        else None,
    )
    sentences = lead(page, LEAD)
    for rule in rules:
        if rule is None:
            continue
        found: dict[str, Found] = {}
        for sentence in sentences:
            for m in re.finditer(rule, sentence):
                name = relations.clean(m.group("n"))
                if name is None or not _fits(rule, name, described):
                    continue
                if set(content_terms(fold(name))) <= set(content_terms(fold(described.subject))):
                    continue  # the subject itself
                found.setdefault(" ".join(content_terms(fold(name))), Found(name, sentence, ""))
        if len(found) == 1:
            hit = next(iter(found.values()))
            return Found(hit.value, hit.sentence, page.page.url)
        if found:
            return None  # two candidates: no bridge is guessed
    return None


def _fits(rule: str, name: str, described: Described) -> bool:
    """A name found by the carrying rule must carry the head noun ("… University")."""
    if rule.startswith("(?P<n>"):
        return described.head.capitalize() in name.split()
    return True


def answer_in(described: Described, bridge: str, opened: Mapping[str, OpenedPage]) -> Found | None:
    """The place asked for, from the bridge's own page when that page fits the
    description (see the module docstring), or None."""
    page = page_of(bridge, opened)
    if page is None or described.target == "open":
        return None
    sentences = lead(page, LEAD)
    if not _describes(described, " ".join(sentences)):
        return None
    for sentence in sentences:
        m = re.search(
            r"\b(?:from|based in|located in|headquartered in|situated in|in)\s+(?:the\s+)?"
            rf"(?P<p>(?=[A-Z]){NAME}(?:,\s+{NAME})*)",
            sentence,
        )
        if m is None:
            continue
        if described.target == "where":
            value = relations.clean(m.group("p"))
        else:
            value = relations.place_of(described.target, m.group("p"))
        if value:
            return Found(value, sentence, page.page.url)
    return None


def _describes(described: Described, text: str) -> bool:
    want = content_terms(fold(f"{described.description} {described.clause}"))
    got = set(content_terms(fold(text)))
    numbers = [w for w in want if w.isdigit()]
    have = [w for w in want if w in got]
    return bool(have) and 2 * len(have) >= len(want) and all(n in got for n in numbers)
