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

A description asked about otherwise ("an American actress who starred in what for seven
years?", the "open" target) is read on the bridge's own page as the gap between the
question's own words (`answer_open`: "She starred in the sitcom "Mad About You" for seven
years"), else by the single-hop reader there, verified. When the subject's page names no
single bridge but lists full names after the link's own word ("The cast also features
Helen Hunt, Dan Aykroyd, …"), those are candidates (`candidates`): the description is
searched, the candidates' pages found are opened, and the one whose page holds every word
of the description is the bridge (`chosen`); two such pages, or none, is no bridge, and a
candidate whose page the search does not find is not taken.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from sleuth.state import OpenedPage
from sleuth.text import content_terms

from . import relations
from .reading import sentence_spans
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
    found = _named(described, page)
    return found if isinstance(found, Found) else None


def _named(described: Described, page: OpenedPage) -> Found | list[Found] | None:
    """The one name the subject's page gives the described thing (a `Found`), the names
    when the first rule that reads any reads two or more, or None."""
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
        if found:  # two candidates: no bridge is guessed (see `candidates`)
            return [Found(f.value, f.sentence, page.page.url) for f in found.values()]
    return None


def candidates(described: Described, opened: Mapping[str, OpenedPage]) -> list[Found]:
    """The names the subject's own page might mean by the description when no rule of
    `bridge_in` reads any: the full names listed after the link's own word ("best
    selling biographer of Thomas Pitera, Richard Kuklinski, …" for "a biographer for an
    American contract killer"; "The cast also features Helen Hunt, Dan Aykroyd, …" for
    "featuring an American actress"). Empty when a rule of `bridge_in` reads one name,
    or several that the page itself gives the description ("by singer-songwriter Jane
    Roe and singer-songwriter John Doe": their pages cannot tell them apart)."""
    page = page_of(described.subject, opened)
    if page is None:
        return []
    if _named(described, page) is not None:
        return []  # one name, or several the page itself gives the description: no choice
    words = described.link.split()
    word = words[0] if words[-1] in _STOPS else words[-1]  # "biographer for", "featuring"
    stem = re.sub(r"(?:ing|ers?|ed|es|s)$", "", word)
    if len(stem) < 4:
        return []
    listed = rf"{NAME}(?:,\s+(?:and\s+)?{NAME})*(?:,?\s+and\s+{NAME})?"
    rule = rf"\b{re.escape(stem)}\w*\s+(?:[a-z-]+\s+){{0,2}}?(?P<list>(?=[A-Z]){listed})"
    out: dict[str, Found] = {}
    subject = set(content_terms(fold(described.subject)))
    for sentence in lead(page, LEAD):
        for m in re.finditer(rule, sentence):
            for name in re.split(r",\s+(?:and\s+)?|\s+and\s+", m.group("list")):
                name = relations.clean(name) or ""
                if len(name.split()) < 2 or set(content_terms(fold(name))) <= subject:
                    continue  # a full name only; never the subject itself
                out.setdefault(
                    " ".join(content_terms(fold(name))), Found(name, sentence, page.page.url)
                )
    return list(out.values())


def chosen(
    described: Described, names: list[Found], opened: Mapping[str, OpenedPage]
) -> Found | None:
    """The one candidate whose own opened page fits the description strictly (every
    content word and number of it in the page's opening sentences), or None when none or
    two do."""
    fit = []
    for name in names:
        page = page_of(name.value, opened)
        if page is not None and _describes(described, " ".join(lead(page, LEAD)), strict=True):
            fit.append(name)
    return fit[0] if len(fit) == 1 else None


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


def _describes(described: Described, text: str, strict: bool = False) -> bool:
    want = content_terms(fold(f"{described.description} {described.clause}"))
    got = set(content_terms(fold(text)))
    numbers = [w for w in want if w.isdigit()]
    have = [w for w in want if w in got]
    if strict:
        return bool(have) and len(have) == len(want)
    return bool(have) and 2 * len(have) >= len(want) and all(n in got for n in numbers)


#: Who a sentence of the bridge's own page is about, before the question's own words.
_PRONOUN = re.compile(r"(?:He|She|It|They|The\s+[a-z]+)")
_STOPS = frozenset("for in on at by of to from with as during since after before".split())


def answer_open(
    described: Described, bridge: str, opened: Mapping[str, OpenedPage]
) -> Found | None:
    """What an "open" description asks of the bridge, read as the gap its own page
    fills between the question's own words: "… starred in what for seven years?" and
    "She starred in the sitcom "Mad About You" for seven years" give "Mad About You";
    "… associated with members of what crime family?" the name carrying the asked words
    ("the DeCavalcante crime family"); "what year" the year right after them. The
    sentence opens with the bridge's name or a pronoun; None unless exactly one value is
    read."""
    return gap_answer(described.rest, bridge, opened)


def gap_answer(rest: str, bridge: str, opened: Mapping[str, OpenedPage]) -> Found | None:
    """The gap of ``rest`` ("plays guitar with which singer") that the bridge's own page
    fills, in a sentence about the bridge (see `answer_open`); also one whose subject
    is the bridge and whose relative clause holds the words ("Billy Morrison is an
    English guitarist, singer and actor who plays guitar with Billy Idol")."""
    page = page_of(bridge, opened)
    m = re.fullmatch(r"(?P<left>.+?)\s+(?:what|which)\b(?P<after>.*)", rest)
    if page is None or m is None:
        return None
    after = m.group("after").split()
    noun: list[str] = []
    while after and len(noun) < 2 and after[0].islower() and after[0] not in _STOPS:
        noun.append(after.pop(0))
    left = r"\s+".join(re.escape(w) for w in m.group("left").split())
    right = r"\s+".join(re.escape(w) for w in after)
    own = set(content_terms(fold(bridge)))
    values: dict[str, Found] = {}
    for _, text in page.segments():
        for s, e in sentence_spans(text):
            sentence = text[s:e]
            anchor = re.search(rf"\b{left}\b", sentence, flags=re.IGNORECASE)
            if anchor is None:
                continue
            prefix = sentence[: anchor.start()].strip()
            terms = set(content_terms(fold(prefix)))
            if not (_PRONOUN.fullmatch(prefix) or (terms and terms <= own)):
                relative = re.fullmatch(r"(?P<s>[^,;]+?)\s+(?:is|was)\b[^;]*\bwho", prefix)
                said = set(content_terms(fold(relative.group("s")))) if relative else set()
                if not (said and said <= own):
                    continue  # the sentence is about something else
            value = _gap(sentence[anchor.end() :], noun, right)
            if value and not set(content_terms(fold(value))) <= own:
                values.setdefault(
                    " ".join(content_terms(fold(value))), Found(value, sentence, page.page.url)
                )
    return next(iter(values.values())) if len(values) == 1 else None


#: Asked nouns that say what kind of thing a bare name is ("which singer", "what
#: band"), not a word the name carries.
_KINDS_OF_NAMED = frozenset(
    "singer actor actress person man woman player musician artist band group team "
    "director writer author composer".split()
)


def _gap(tail: str, noun: list[str], right: str) -> str | None:
    """The value right after the question's words before "what" (see `answer_open`)."""
    if noun and noun[-1] in _KINDS_OF_NAMED:
        # "plays guitar with which singer": a singer's name follows, not "… Singer"
        m = re.match(rf"\s+[\"“]?(?P<v>(?=[A-Z]){NAME})", tail)
        return m.group("v") if m and not right else None
    if noun and noun != ["year"]:
        asked = r"\s+".join(re.escape(w) for w in noun)
        m = re.search(rf"(?P<v>(?:[A-Z][\w'’.-]*\s+)+{asked})\b", tail)
        return m.group("v") if m else None
    if noun == ["year"]:
        m = re.match(r"\s+(?:[a-z]+\s+){0,2}?(?P<v>1[0-9]{3}|20[0-9]{2})\b", tail)
        return m.group("v") if m else None
    if right:
        m = re.match(rf"\s+(?P<v>[^.;]{{1,80}}?)\s+{right}\b", tail)
    else:
        m = re.match(r"\s+(?P<v>[^.;,]{1,80})", tail)
    if m is None:
        return None
    span = m.group("v")
    quoted = re.search(r"[\"“](?P<q>[^\"”]+)[\"”]", span)
    if quoted is not None:
        return quoted.group("q").strip()
    named = re.match(rf"(?:[a-z-]+\s+){{0,3}}?(?P<v>(?=[A-Z0-9]){NAME})$", span.strip())
    return named.group("v") if named else None
