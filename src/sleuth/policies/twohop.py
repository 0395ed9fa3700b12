"""Two-hop comparisons for the offline policy: a page for each side, a typed value read
from each, compared in code. (Bridge questions are read by
`sleuth.policies.bridge_questions` and run by `sleuth.policies.bridge`.)

A question is a comparison when it names two sides and asks for something both of them
have that can be read as a typed value:

* **dates** — "Which band was formed first, The Exies or Circus Diablo?", "Who is the
  oldest, Sid Haig or Vic Darchinyan?": a year (with month and day when the page gives
  them) after the question's own verb ("formed", "founded") or the page's "born";
  first / earlier / older pick the earlier date, later / younger / newer the later one;
* **nationalities** — "Which singer is American, X or Y?", "Are X and Y both British?",
  "Were X and Y of the same nationality?": the demonyms of the sentence that defines
  the side ("X is an English-American film director": English, American; English,
  Scottish, Welsh and Northern Irish also count as British);
* **US states and countries** — "Are X and Y both airports in the same state?", "Are X
  and Y located in the same country?": the one state (or country, from
  `relations.COUNTRIES`) the side's first sentence names (a sentence naming two, or
  none, is no value);
* **numbers with units** — "Which is taller, X or Y?", "Which has more stations, X or
  Y?": `sleuth.policies.measures` (a quantity converted to one unit, or a count);
* **roles** — "Which film was directed by Steven Spielberg, Jaws or Alien?", "Were X and Y
  directed by the same person?", "Did X and Y have the same director?": the person in the
  role the question's verb names ("directed": director), read from each side's page;
* **categories** — "Are X and Y both film directors?": every content word of the
  category in the sentence that defines each side (yes only; a sentence that does not
  say it is no evidence of the opposite).

The plan, one step each (five at most with the finish): search the question; open, for
each side, a hit whose title names it; search a side's name when no hit so far is its
page; finish. A side's page is one whose title holds the side's name, and its value is
read from that page only (another page that mentions the side is not about it). The
answer is the chosen side's name, or yes / no, citing both pages with one sentence of
each as evidence; the run's own validator checks the finish before it is offered.
When either value is missing, or the two cannot be compared (years only, and the same
year), the policy finishes with cannot-answer (``fact_missing``): it never guesses.
Every other question goes to the single-hop reader unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from sleuth.claims import is_choice, named_sides
from sleuth.contract import Turn
from sleuth.decision import Decision
from sleuth.state import OpenedPage, RunState
from sleuth.text import content_terms, normalize_query
from sleuth.validate import validate_finish

from . import measures, relations, twohop_confidence
from .frames import frame_question, split_preamble
from .reading import sentence_spans
from .relations import DEMONYMS

SEARCH_K = 5
#: How many sentences from a page's start the defining sentence or the date may be in.
LEAD_SENTENCES = 4

#: How many sentences a number of the question's year ("the 2010 census") may be in.
YEAR_SENTENCES = 8

Kind = Literal["date", "nationality", "category", "state", "country", "number", "role"]

_EARLY = frozenset("first earlier earliest older oldest sooner".split())
_LATE = frozenset("later latest younger youngest newer newest recent".split())
#: Verbs whose date a "which came first" question compares; the question's own verb is
#: looked for first, then these (its synonyms), then "born" for a person.
_DATE_VERBS = (
    "formed founded established created started began born released published "
    "opened built launched introduced incorporated premiered debuted died"
).split()
_SAME_FAMILY = {"formed", "founded", "established", "created", "started", "began", "incorporated"}
#: Verbs whose date a span in parentheses after the name gives: its start, or (died) its end.
_SPANNED = _SAME_FAMILY | {"born", "died", "published", "released", "opened"}

_BRITISH = frozenset({"English", "Scottish", "Welsh"})
_MONTHS = {
    m: n + 1
    for n, m in enumerate(
        "january february march april may june july august september october november "
        "december".split()
    )
}
_MONTH = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
)
_YEAR = r"(?:1[0-9]{3}|20[0-9]{2})"
_DATE = re.compile(
    rf"(?P<dmy>(?P<d1>\d{{1,2}})\s+(?P<m1>{_MONTH})\s+(?P<y1>{_YEAR}))"
    rf"|(?P<mdy>(?P<m2>{_MONTH})\s+(?P<d2>\d{{1,2}}),?\s+(?P<y2>{_YEAR}))"
    rf"|(?P<my>(?P<m3>{_MONTH})\s+(?P<y3>{_YEAR}))"
    rf"|(?P<y>\b{_YEAR}\b)"
)
_STATES = re.compile(relations.US_STATE + r"(?!\s+(?:City|County|Avenue|Street)\b)")
_COPULA = re.compile(r"\b(?:is|was|are|were)\b")
_NATION_OF = relations.NATION_OF
_COUNTRY_OF = {n: c for c, n in _NATION_OF.items()} | {"Argentinian": "Argentina"}
#: The person verb of a "Which film was directed by X, A or B?" question, by role.
_BY_ROLE = {
    "directed": "director",
    "produced": "producer",
    "written": "writer",
    "composed": "composer",
    "founded": "founder",
    "created": "creator",
    "designed": "designer",
    "developed": "developer",
    "performed": "performer",
    "recorded": "performer",
}


#: Role nouns of "Do X and Y have the same director?", "... by the same composer?".
_SAME_ROLES = {
    "director": "director",
    "producer": "producer",
    "writer": "writer",
    "author": "author",
    "composer": "composer",
    "developer": "developer",
    "designer": "designer",
    "founder": "founder",
    "creator": "creator",
    "publisher": "publisher",
    "architect": "architect",
}
#: The verb of "Were X and Y developed by the same company?", by role.
_VERB_ROLE = _BY_ROLE | {"published": "publisher", "written": "writer"}
#: "in the same U.S. state".
_US = r"(?:U\.\s?S\.\s+|US\s+|American\s+)?"
#: Verbs of "both founded in Poland": the country is read where the verb places the side.
_FOUNDED_IN = ("founded", "formed", "established", "created", "started", "based")


@dataclass(frozen=True)
class Comparison:
    """What a comparison question asks: its two sides and how they are compared.

    ``pick`` is "early"/"late" for a date choice, "match" for a nationality choice,
    "both" or "same" for a yes/no question; ``target`` is the nationality or the
    category words asked about; ``verbs`` the date verbs to read, in order."""

    kind: Kind
    sides: tuple[str, str]
    pick: Literal["early", "late", "match", "both", "same", "most", "least"]
    target: tuple[str, ...] = ()
    verbs: tuple[str, ...] = ()
    measure: measures.Measure | None = None  # a number comparison's quantity


@dataclass(frozen=True)
class Value:
    """A side's typed value with the sentence it was read from."""

    url: str
    sentence: str
    date: tuple[int, int | None, int | None] | None = None
    nationality: frozenset[str] = frozenset()  # or the US states, for "state"
    holds: bool = False  # a category: the defining sentence says it
    quantity: float | None = None  # a number, in the measure's base unit
    person: str = ""  # a role's holder ("directed by Ridley Scott")


# a question that compares, or points back at the sides its preamble names
_COMPARES = re.compile(
    r"\b(?:the\s+two|both|either|neither|them|these|those|which\s+one|which\s+of|who\s+of|"
    r"first|last|earlier|later|older|younger|oldest|youngest|more|less|most|least|same|"
    r"(?:larg|small|bigg|high|low|long|short|tall|great|new|clos|fast|slow|heavi|wid)(?:er|est))\b"
    r"|\b\w+er\s+than\b",
    re.IGNORECASE,
)


# "X or newer", "3 or more": a bound, no second side to choose ("Which PostgreSQL version
# or newer does path_exists() require?")
_OR_BOUND = re.compile(
    # (lower case: "or Lower Saxony", "or Greater Manchester" name a side)
    r"\bor\s+(?:newer|later|above|higher|greater|more|older|earlier|below|lower|less|fewer)\b"
)


def parse(question: str) -> Comparison | None:
    """The comparison ``question`` asks, or None when it is not one this module reads.
    An "or" the user's preamble says ("... can no longer read gzip-compressed XML or
    fetch documents over HTTP. As of which lxml version ...?") offers no choice: the
    question after it is read alone, unless it compares or points back ("I keep mixing up
    Gyldendal or Concordia. Which of the two was founded first?")."""
    whole = " ".join(question.split())
    preamble, last = split_preamble(whole)
    if preamble and " or " in preamble and " or " not in last and not _COMPARES.search(last):
        whole = last
    q = _as_choice(whole)
    low = set(re.findall(r"[a-z]+", q.lower()))
    if " or " in _OR_BOUND.sub("", q) and is_choice(q):
        sides = _two(_whole_left(q, _whole_right(q, named_sides(q))))
        if sides is None:
            return None
        demonyms = [w for w in re.findall(r"[A-Z][a-z]+", q) if w in DEMONYMS]
        demonyms = [d for d in demonyms if not any(d in s.split() for s in sides)]
        if low & (_EARLY | _LATE):
            if low & _EARLY and low & _LATE:
                return None
            pick: Literal["early", "late"] = "early" if low & _EARLY else "late"
            if low & {"died", "death", "die"}:  # a death date is read after "died" only
                return Comparison("date", sides, pick, verbs=("died",))
            asked = [v for v in _DATE_VERBS if v in low]
            verbs = asked + [v for v in _DATE_VERBS if v not in asked and _family(asked, v)]
            if not asked:
                verbs = ["born", *[v for v in _DATE_VERBS if v != "born"]]
            return Comparison("date", sides, pick, verbs=tuple(verbs))
        if len(demonyms) == 1 and re.match(r"(?i)(?:which|who)\b", q):
            return Comparison("nationality", sides, "match", target=(demonyms[0],))
        which = re.match(r"(?i)(?:which|who)\b", q) is not None
        asked_by = _asked_role(q, sides) if which and not demonyms else None
        if asked_by is not None:
            return Comparison("role", sides, "match", target=asked_by)
        place = _asked_place(q, sides) if which and not demonyms else None
        if place is not None:
            return Comparison(place[0], sides, "match", target=(place[1],))
        measure = measures.asked(q)
        if measure is not None and not low & {"lived", "served", "reigned", "ran", "lasted"}:
            most: Literal["most", "least"] = "most" if measure.most else "least"
            asked_years = re.findall(rf"\b{_YEAR}\b", " ".join(q.split(s)[0] for s in sides))
            years = tuple(dict.fromkeys(asked_years))
            return Comparison("number", sides, most, target=years[:1], measure=measure)
        kind = re.match(
            r"(?i)(?:which|who)\s+(?:one\s+)?(?:is|was)\s+(?:an?)\s+(?P<what>[^,?]+?),", q
        )
        terms = _category_terms(kind.group("what")) if kind and not demonyms else ()
        if terms:  # "Which is a genus of flowering plant, X or Y?"
            return Comparison("category", sides, "match", target=terms)
        return None
    shared = re.match(
        r"(?i)(?:do|did)\s+(?P<pair>.+?)\s+(?:both\s+)?(?:have|share)\s+the\s+same\s+"
        rf"(?P<what>nationality|country of origin|{'|'.join(_SAME_ROLES)})\?*$",
        q,
    )
    if shared is not None:
        left, sep, right = shared.group("pair").rpartition(" and ")
        sides = _two([_side(left), _side(right)]) if sep else None
        what = shared.group("what").lower()
        if sides and what in _SAME_ROLES:
            return Comparison("role", sides, "same", target=(what,))
        return Comparison("nationality", sides, "same") if sides else None
    by_same = _by_the_same(q)
    if by_same is not None:
        return by_same
    if not re.match(r"(?i)(?:are|were|is|was)\b", q):
        return None
    match = re.match(
        r"(?i)(?:are|were)\s+(?P<pair>.+?)\s+"
        r"(?P<rest>(?:both|of the same|from the same|(?:located )?in the same)\b.*)$",
        q,
    )
    split = re.match(r"(?i)(?:are|were)\s+both\s+(?P<pair>[^?]+?),\s*(?P<what>[^,?]+)\?*$", q)
    if match is None and split is None:
        split = _both_then_what(q)
    if match is None and split is None:
        return None
    if split is not None:
        pair, rest = split.group("pair"), "both " + split.group("what")  # "Are both X and Y, Z?"
    else:
        assert match is not None
        pair, rest = match.group("pair"), match.group("rest")
    pair = pair.strip(" ,")
    pair = re.sub(r"^[a-z]+\s*,\s*", "", pair)  # "magazines, the X and Y"
    left, sep, right = pair.rpartition(" and ")
    if not sep:
        return None
    sides = _two([_side(left), _side(right)])
    if sides is None:
        return None
    rest = rest.rstrip(" ?")
    if re.match(r"(?i)(?:both )?(?:of|from) the same (?:nationality|country)$", rest):
        return Comparison("nationality", sides, "same")
    if re.match(r"(?i)(?:located )?in the same country$", rest):
        return Comparison("country", sides, "same")
    if re.match(rf"(?i)(?:located )?in the same {_US}state$", rest):
        return Comparison("state", sides, "same")
    both = re.match(r"(?i)both\s+(?P<what>[\w' -]+)$", rest)
    if both is None:
        return None
    what = both.group("what")
    if re.search(r"(?i)\bsame\b", what):
        if re.search(rf"(?i)\bin the same {_US}state$", what):
            return Comparison("state", sides, "same")
        if re.search(r"(?i)\bin the same country$", what):
            return Comparison("country", sides, "same")
        return None  # "the same city / league": not read here
    lies = re.fullmatch(
        rf"(?P<verb>(?:{'|'.join(_FOUNDED_IN)})\s+)?(?:from|in|based in|located in)\s+"
        r"(?:the\s+)?(?P<p>[A-Z].*)",
        what,
    )
    if lies is not None:  # "both from the United States", "both located in Florida"
        where = lies.group("p").strip()
        if lies.group("verb"):  # "both founded in Poland": where each was founded
            if relations.COUNTRY.fullmatch(where) is None:
                return None
            verb = lies.group("verb").strip()
            return Comparison("country", sides, "both", target=(where,), verbs=(verb,))
        if _STATES.fullmatch(where):
            return Comparison("state", sides, "both", target=(where,))
        if where in _NATION_OF:
            return Comparison("nationality", sides, "both", target=(_NATION_OF[where],))
        return None
    demonyms = [w for w in what.split() if w in DEMONYMS]
    if len(demonyms) == 1:
        return Comparison("nationality", sides, "both", target=(demonyms[0],))
    if demonyms:
        return None
    terms = _category_terms(what)
    if not terms:
        return None
    return Comparison("category", sides, "both", target=terms)


def _by_the_same(q: str) -> Comparison | None:
    """ "Were X and Y directed by the same person?", "Was X developed by the same
    company as Y?": both sides' holders of the verb's role, compared (`compare`)."""
    verbs = "|".join(_VERB_ROLE)
    holder = r"(?:[a-z]+\s+){0,2}?[a-z]+"  # "person", "company", "video game studio"
    m = re.match(
        rf"(?i:(?:are|were|was|is)\s+)(?P<pair>.+?)\s+(?:both\s+)?(?P<verb>{verbs})\s+by\s+"
        rf"the\s+same\s+{holder}\s*\?*$",
        q,
    )
    if m is None:
        return None
    left, sep, right = m.group("pair").rpartition(" and ")
    sides = _two([_side(left), _side(right)]) if sep else None
    if sides is None:
        return None
    return Comparison("role", sides, "same", target=(_VERB_ROLE[m.group("verb").lower()],))


def _as_choice(q: str) -> str:
    """ "Which of X and Y was born first?" / "Between X and Y, which was born first?" as
    "Which was born first, X or Y?" (the form `parse` reads); any other question as is."""
    name = rf"(?:the\s+)?{relations.NAME}"
    m = re.match(
        rf"(?i:(?P<w>which|who)\s+of\s+(?:the\s+two,?\s+)?)(?P<a>{name})\s+and\s+(?P<b>{name})"
        r",?\s+(?P<rest>[a-z].*?)\s*\?*$",
        q,
    )
    if m is None:
        m = re.match(
            rf"(?i:between\s+)(?P<a>{name})\s+and\s+(?P<b>{name}),\s*"
            r"(?i:(?P<w>which|who))\s+(?P<rest>[a-z].*?)\s*\?*$",
            q,
        )
    if m is None:
        yes_no = re.match(
            rf"(?i:(?P<v>is|was)\s+)(?P<a>{name})\s+or\s+(?P<b>{name})\s+(?P<what>an?\s+[a-z][^?]*?)\s*\?*$",
            q,
        )
        if yes_no is None:
            return q
        verb, what = yes_no.group("v").lower(), yes_no.group("what")
        return f"Which {verb} {what}, {yes_no.group('a')} or {yes_no.group('b')}?"
    return f"{m.group('w').capitalize()} {m.group('rest')}, {m.group('a')} or {m.group('b')}?"


def _category_terms(what: str) -> tuple[str, ...]:
    """The content words of an asked category, without a classifier ("a genus of
    flowering plant": flower, plant; "types of dogs": dog); none when more than three."""
    what = re.sub(
        r"(?i)\b(?:an?\s+)?(?:species|genus|genera|type|types|kind|kinds|sort|sorts|form|forms|"
        r"variety|varieties|breed|breeds)\s+of\s+",
        "",
        what,
    )
    terms = tuple(content_terms(what))
    return terms if 0 < len(terms) <= 3 else ()


_JOINERS = frozenset("of for the and in on a an to with de la le von van at".split())


def _whole_right(q: str, sides: list[str]) -> list[str]:
    """The sides with the second one whole when a lower-case joiner cut it ("First for
    Women" in "... Arthur's Magazine or First for Women?") or its initials lost their
    dots ("J. B. Handelsman")."""
    if len(sides) != 2 or " or " not in q:
        return sides
    right = q.rpartition(" or ")[2].strip(" ?")
    words = right.split()
    named = [w[:1].isupper() or w[:1].isdigit() for w in words]
    if not words or not named[-1] or right == sides[1]:
        return sides
    if not right.startswith(sides[1]) and content_terms(right) != content_terms(sides[1]):
        return sides
    if all(n or w in _JOINERS for n, w in zip(named, words, strict=True)):
        return [sides[0], right]
    return sides


def _whole_left(q: str, sides: list[str]) -> list[str]:
    """The sides with the first one whole when its own comma or colon cut it ("Young,
    New South Wales", "Rush 2: Extreme Racing USA" after "Which came out first,"): the
    comma-separated parts before " or " back to the asking clause, when each is a name
    (capitalised words, digits and joiners only) and they end with the side found."""
    if len(sides) != 2 or " or " not in q:
        return sides
    parts = q.rpartition(" or ")[0].split(", ")
    taken: list[str] = []
    while len(parts) > 1 and _is_name(parts[-1]):
        taken.insert(0, parts.pop())
    left = ", ".join(taken)
    if not taken or left == sides[0] or not _is_name(left):
        return sides
    side_words = content_terms(sides[0])
    if not side_words or content_terms(left)[-len(side_words) :] != side_words:
        return sides
    return [left, sides[1]]


def _is_name(text: str) -> bool:
    words = text.replace(":", " ").split()
    return (
        bool(words)
        and all(w[:1].isupper() or w[:1].isdigit() or w in _JOINERS for w in words)
        and (words[0][:1].isupper() or words[0][:1].isdigit())
    )


def _both_then_what(q: str) -> re.Match[str] | None:
    """ "Are both X and Y American actors?" read as "Are both X and Y, American
    actors?": Y is the capitalised name after "and" (a nationality word ends it), the
    rest is what both are asked to be."""
    m = re.match(r"(?i:(?P<v>are|were)\s+both\s+)(?P<left>.+?)\s+and\s+(?P<right>.+?)\?*$", q)
    if m is None:
        return None
    name = re.match(rf"(?:the\s+)?{relations.NAME}", m.group("right"))
    if name is None:
        return None
    words = name.group(0).split()
    while words and words[-1] in DEMONYMS:
        words.pop()
    what = m.group("right")[len(" ".join(words)) :].strip()
    if not words or not what:
        return None
    text = f"{m.group('v')} both {m.group('left')} and {' '.join(words)}, {what}?"
    return re.match(r"(?i)(?:are|were)\s+both\s+(?P<pair>[^?]+?),\s*(?P<what>[^,?]+)\?*$", text)


def _asked_role(q: str, sides: tuple[str, str]) -> tuple[str, ...] | None:
    """("director", "Steven Spielberg") for "Which film was directed by Steven
    Spielberg, Jaws or Alien?": the role and the person the chosen side has."""
    verbs = "|".join(_BY_ROLE)
    m = re.search(rf"\b(?P<verb>{verbs})\s+by\s+(?P<who>{relations.NAME})", q)
    if m is None or any(m.group("who") in side for side in sides):
        return None
    if len(content_terms(m.group("who"))) < 2:
        return None  # a surname alone names too many people
    return _BY_ROLE[m.group("verb")], m.group("who")


def _asked_place(q: str, sides: tuple[str, str]) -> tuple[Kind, str] | None:
    """("state", "Michigan") for "Which airport is located in Michigan, A or B?",
    ("country", "England") for "Which writer was from England, A or B?": the one US
    state or country the question names outside its sides, after "in" or "from"."""
    ask = q
    for side in sides:
        ask = ask.replace(side, " ")
    found: list[tuple[Kind, str]] = []
    for m in re.finditer(r"\b(?:in|from)\s+(?:the\s+)?(?P<p>[A-Z][\w ]+)", ask):
        state = _STATES.match(m.group("p"))
        country = relations.COUNTRY.match(m.group("p"))
        if state is not None:
            found.append(("state", state.group(0)))
        elif country is not None:
            found.append(("country", country.group(0)))
    return found[0] if len(found) == 1 else None


def _family(asked: list[str], verb: str) -> bool:
    return bool(asked) and verb in _SAME_FAMILY and all(a in _SAME_FAMILY for a in asked)


def _side(text: str) -> str:
    """A side's name as the question writes it, without a lower-case article ("the
    Cotula"); a capitalised one is part of the name ("The Exies")."""
    return re.sub(r"^(?:the|a|an)\s+", "", text.strip(" ,"))


def _two(sides: list[str]) -> tuple[str, str] | None:
    cleaned = [_side(s) for s in sides]
    if len(cleaned) != 2 or not all(content_terms(s) for s in cleaned):
        return None
    if set(content_terms(cleaned[0])) == set(content_terms(cleaned[1])):
        return None
    return cleaned[0], cleaned[1]


def about(side: str, title: str) -> bool:
    """Whether a page titled ``title`` is the page of ``side``: the title holds every
    word of the side's name, diacritics aside ("Akinoshu" names "Akinoshū Kenji")."""
    return set(content_terms(relations.fold(side))) <= set(content_terms(relations.fold(title)))


def decide(plan: Comparison, state: RunState, threshold: float = 0.0) -> Turn:
    """The next step for a comparison question (see the module docstring)."""
    question = state.task.question
    if not any(s.tool == "search" for s in state.steps):
        query = frame_question(question).query
        return _turn("Search the key words of the question.", "search", query)
    if state.steps_left > 1:
        for side in plan.sides:
            if _page_of(side, state.opened) is not None:
                continue
            hit = _hit_for(side, state)
            if hit is not None:
                return Turn(
                    parsed=Decision(
                        tool="open",
                        args={"url": hit},
                        thought=f"Open the page of {side!r}, one side of the comparison.",
                    )
                )
            if normalize_query(side) not in state.searched and state.steps_left > 2:
                return _turn(f"Search for {side!r}, one side of the comparison.", "search", side)
    return finish(plan, state, threshold)


def finish(plan: Comparison, state: RunState, threshold: float = 0.0) -> Turn:
    """The finish: the compared answer when both values are read and comparable, the
    run's validator accepts it and its confidence is at least ``threshold``; else
    cannot-answer."""
    payload, confidence, why = answer(plan, state.opened, state.task.question)
    if confidence is not None and confidence < threshold:
        payload, why = None, f"the comparison's confidence {confidence} is under {threshold}"
    if payload is None:
        payload = {
            "answer": f"cannot: {why}",
            "citations": [],
            "cannot_answer": True,
            "evidence": "",
        }
        return Turn(parsed=Decision(tool="finish", args=payload, thought=f"Finish: {why}."))
    thought = f"Finish: compared {plan.sides[0]!r} and {plan.sides[1]!r} ({plan.kind})."
    return Turn(
        parsed=Decision(tool="finish", args=payload, thought=thought), confidence=confidence
    )


def answer(
    plan: Comparison, opened: Mapping[str, OpenedPage], question: str
) -> tuple[dict[str, Any] | None, float | None, str]:
    """``(payload, confidence, reason)``: the finish payload, or None with the reason."""
    values = []
    for side in plan.sides:
        page = _page_of(side, opened)
        if page is None:
            return None, None, f"no opened page is about {side}"
        value = read_value(plan, page)
        if value is None:
            return None, None, f"the page of {side} does not state its {plan.kind}"
        values.append(value)
    said = compare(plan, values[0], values[1])
    if said is None:
        return None, None, f"the {plan.kind}s of {plan.sides[0]} and {plan.sides[1]} do not compare"
    payload: dict[str, Any] = {
        "answer": said,
        "citations": list(dict.fromkeys(v.url for v in values)),
        "cannot_answer": False,
        "evidence": [v.sentence for v in values],
    }
    if isinstance(validate_finish(payload, opened, (), question), list):
        return None, None, "the compared answer is not grounded in its quotes"
    return payload, twohop_confidence.confidence(path_of(plan)), ""


def path_of(plan: Comparison) -> str:
    """The comparison's path, as `twohop_confidence` keys it (its confidence is that
    path's fitted precision)."""
    return f"comparison:{plan.kind}"


def compare(plan: Comparison, a: Value, b: Value) -> str | None:
    """The answer from the two values, or None when they do not decide it."""
    first, second = plan.sides
    if plan.kind == "number":
        assert a.quantity is not None and b.quantity is not None
        if a.quantity == b.quantity:
            return None
        bigger = first if a.quantity > b.quantity else second
        smaller = second if bigger == first else first
        return bigger if plan.pick == "most" else smaller
    if plan.kind == "date":
        assert a.date is not None and b.date is not None
        order = _order(a.date, b.date)
        if order is None:
            return None
        earlier = first if order < 0 else second
        later = second if order < 0 else first
        return earlier if plan.pick == "early" else later
    if plan.kind == "role" and plan.pick == "same":
        people = [set(content_terms(relations.fold(v.person))) for v in (a, b)]
        if people[0] == people[1]:
            return "yes"
        return "no" if not people[0] & people[1] else None  # "Nolan" / "Christopher Nolan"
    if plan.kind == "role":
        want = set(content_terms(relations.fold(plan.target[1])))
        has = [want <= set(content_terms(relations.fold(v.person))) for v in (a, b)]
        if has == [True, False]:
            return first
        if has == [False, True]:
            return second
        return None
    if plan.kind in ("nationality", "state", "country"):
        if plan.pick == "same":
            if a.nationality == b.nationality:
                return "yes"
            return "no" if not a.nationality & b.nationality else None
        target = plan.target[0]
        has = [target in a.nationality, target in b.nationality]
        if target in _BRITISH and any(v.nationality == {"British"} for v in (a, b)):
            return None  # "British" does not say English, Scottish or Welsh
        if plan.pick == "match":
            if has == [True, False]:
                return first
            if has == [False, True]:
                return second
            return None
        if all(has):
            return "yes"
        return "no"  # a side of another nationality (read_value found one)
    if plan.pick == "match":
        if a.holds != b.holds:
            return first if a.holds else second
        return None
    return "yes" if a.holds and b.holds else None


def _order(
    a: tuple[int, int | None, int | None], b: tuple[int, int | None, int | None]
) -> int | None:
    """-1 when ``a`` is earlier, 1 when later, None when the dates do not tell."""
    for x, y in zip(a, b, strict=True):
        if x is None or y is None:
            return None
        if x != y:
            return -1 if x < y else 1
    return None


def read_value(plan: Comparison, page: OpenedPage) -> Value | None:
    """The side's value from its page's opening sentences, or None."""
    sentences = relations.lead(page, LEAD_SENTENCES)
    if plan.kind == "number":
        assert plan.measure is not None
        if plan.target:  # "at the 2010 census": a sentence of that year, anywhere early
            year = plan.target[0]
            sentences = [s for s in relations.lead(page, YEAR_SENTENCES) if year in s]
        for sentence in sentences:
            quantity = measures.read(plan.measure, sentence)
            if quantity is not None:
                return Value(page.page.url, sentence, quantity=quantity.value)
        return None
    if plan.kind == "role":
        for sentence in [*_openings(page)[1:], *sentences]:
            who = relations.role_in(plan.target[0], sentence)
            if who is not None:
                return Value(page.page.url, sentence, person=who)
        return None
    if plan.kind == "date":
        for verb in plan.verbs:
            for sentence in sentences:
                date = _date_after(verb, sentence)
                if date is not None:
                    return Value(page.page.url, sentence, date=date)
            if verb in _SPANNED and sentences:
                # "(14 March 1879 – 18 April 1955)", "Arthur's Magazine (1844–1846)": the
                # first date starts the span, the second ends it
                for opening in _openings(page):
                    span = _lifespan(page.page.title, opening)
                    if span is not None:
                        return Value(page.page.url, opening, date=span[verb == "died"])
        work = _WORK_YEAR.search(sentences[0]) if sentences else None
        if work is not None and not set(plan.verbs) <= {"born", "died"}:
            # "Big Eyes is a 2014 American biographical drama film": a work's year
            return Value(page.page.url, sentences[0], date=(int(work.group("y")), None, None))
        return None
    if plan.kind == "country" and plan.verbs:
        # "founded in 2003 in Zabrze, Poland": the one country after the verb, else the
        # one the defining sentence places the side in
        for sentence in sentences:
            where = _country_after(plan.verbs[0], sentence)
            if where is not None:
                return Value(page.page.url, sentence, nationality=frozenset({where}))
    if plan.kind in ("state", "country"):
        names = _STATES if plan.kind == "state" else relations.COUNTRY
        for sentence in sentences[:1]:  # where the defining sentence places it
            places = frozenset(m.group(0) for m in names.finditer(sentence))
            if not places and plan.kind == "country":
                places = _countries_of(sentence)
            if len(places) == 1:
                return Value(page.page.url, sentence, nationality=places)
        return None
    for sentence in sentences:
        match = _COPULA.search(sentence)
        if match is None:
            continue
        clause = re.split(r"[,;:]|\bwho\b|\bwhich\b|\bthat\b", sentence[match.end() :])[0]
        if plan.kind == "category":
            terms = set(content_terms(clause))
            return Value(page.page.url, sentence, holds=set(plan.target) <= terms)
        found = set()
        for word in re.findall(r"[A-Z][a-z]+", clause):
            if word in DEMONYMS:
                found.add(word)
        if not found:
            found = set(_nations_in(clause))  # "a magazine founded in Texas": American
        if not found:
            return None  # the defining sentence names no nationality
        if found & _BRITISH:
            found.add("British")
        return Value(page.page.url, sentence, nationality=frozenset(found))
    return None


def _country_after(verb: str, sentence: str) -> str | None:
    """The one country named after ``verb`` in its clause ("It was founded in 2003 in
    Zabrze, Poland": Poland), or None."""
    m = re.search(rf"\b{verb}\b(?P<after>[^.;]{{0,60}})", sentence)
    if m is None:
        return None
    places = {c.group(0) for c in relations.COUNTRY.finditer(m.group("after"))}
    return places.pop() if len(places) == 1 else None


_WHEN = re.compile(
    r"(?i:(?P<year>(?:in\s+)?what\s+year)|when|on\s+what\s+date)\s+"
    r"(?:(?i:was|did)\s+)(?P<subject>.+?)\s+(?i:(?P<verb>born|die))\s*\?\s*$"
)


def life_date(
    question: str, subject: str, opened: Mapping[str, OpenedPage]
) -> relations.Found | None:
    """The birth or death date the subject's own page gives ("born 30 July 1970", "(26
    July 1921 – 20 June 2013)") for "In what year did X die?", "When was X born?": the
    year when a year is asked, else the date as written; None for another question or
    when the page's opening sentences give none."""
    m = _WHEN.fullmatch(question.strip())
    page = relations.page_of(subject, opened)
    if m is None or m.group("subject") != subject or page is None:
        return None
    verb = "born" if m.group("verb").lower() == "born" else "died"
    for sentence in relations.lead(page, LEAD_SENTENCES):
        for hit in re.finditer(rf"\b{verb}\b", sentence):
            after = sentence[hit.end() : hit.end() + 40]
            date = _DATE.search(after)
            if date is not None and not re.search(r"[.;)]", after[: date.start()]):
                return _life_found(m, date, sentence, page.page.url)
    for opening in _openings(page):
        span = _LIFESPAN.search(opening)
        copula = _COPULA.search(opening)
        if span is None or copula is None or span.start() > copula.start():
            continue  # the span of the subject's name, before the sentence's verb
        date = _span_date(span.group("b" if verb == "died" else "a"))
        if date is not None and _span_date(span.group("a" if verb == "died" else "b")):
            return _life_found(m, date, opening, page.page.url)
    return None


def _life_found(
    asked: re.Match[str], date: re.Match[str], sentence: str, url: str
) -> relations.Found:
    value = str(_parsed(date)[0]) if asked.group("year") else date.group(0).strip()
    return relations.Found(value, sentence, url)


def nationality_of(subject: str, opened: Mapping[str, OpenedPage]) -> relations.Found | None:
    """The nationality the subject's own page gives in its defining clause, as written
    ("is an English-American film director": English-American), for "What nationality
    is X?"; None when the clause names none, or two apart ("Greek and Cypriot")."""
    page = relations.page_of(subject, opened)
    if page is None:
        return None
    for sentence in relations.lead(page, LEAD_SENTENCES):
        match = _COPULA.search(sentence)
        if match is None:
            continue
        clause = re.split(r"[,;:]|\bwho\b|\bwhich\b|\bthat\b", sentence[match.end() :])[0]
        runs = {
            m.group(0)
            for m in re.finditer(r"[A-Z][a-z]+(?:-[A-Z][a-z]+)*", clause)
            if all(part in DEMONYMS for part in m.group(0).split("-"))
        }
        if len(runs) == 1:
            return relations.Found(runs.pop(), sentence, page.page.url)
        return None  # the defining sentence names no nationality, or two
    return None


def _countries_of(sentence: str) -> frozenset[str]:
    """The countries whose nationality the defining clause of ``sentence`` gives ("X was
    an English writer": England)."""
    match = _COPULA.search(sentence)
    if match is None:
        return frozenset()
    clause = re.split(r"[,;:]|\bwho\b|\bwhich\b|\bthat\b", sentence[match.end() :])[0]
    words = re.findall(r"[A-Z][a-z]+", clause)
    return frozenset(_COUNTRY_OF[w] for w in words if w in _COUNTRY_OF)


def _nations_in(clause: str) -> list[str]:
    """The nationality of the one place a defining clause puts its subject in ("a
    woman's magazine founded in Texas": American; "a band from Manchester, England":
    English), or none when it names no place or two."""
    found = []
    name = relations.NAME
    place = rf"\b(?:in|from)\s+(?:the\s+)?(?=[A-Z])(?P<p>{name}(?:,\s+{name})*)"
    for m in re.finditer(place, clause):
        places = m.group("p")
        country = relations.COUNTRY.search(places)
        if country is not None and country.group(0) in _NATION_OF:
            found.append(_NATION_OF[country.group(0)])
        elif _STATES.search(places):
            found.append("American")
        else:
            return []  # a place of no known nation ("formed in London"): not read
    found = list(dict.fromkeys(found))
    return found if len(found) == 1 else []


#: The year a defining sentence gives a work ("is a 2014 American film", "was a 1985 novel").
_WORK_YEAR = re.compile(rf"^[^.;]*?\b(?:is|was)\s+an?\s+(?P<y>{_YEAR})\s+[a-zA-Z]")
_LIFESPAN = re.compile(
    r"\((?:[^()]*?;\s*)?(?P<a>[^()–—;]{4,60}?)\s*[–—-]\s*(?P<b>[^()–—;]{4,60}?)\)"
)


def _lifespan(
    title: str, sentence: str
) -> tuple[tuple[int, int | None, int | None], tuple[int, int | None, int | None]] | None:
    """Birth and death dates from the parenthesis after the subject's name in its
    defining sentence: "Albert Einstein (14 March 1879 – 18 April 1955) was ..."."""
    m = _LIFESPAN.search(sentence)
    if m is None or m.start() > len(relations.head(title)) + 40:
        return None
    a, b = _span_date(m.group("a")), _span_date(m.group("b"))
    if a is None or b is None:
        return None
    return _parsed(a), _parsed(b)


def _openings(page: OpenedPage) -> list[str]:
    """The page's first sentence, and (verbatim) its first two as one when the first
    ends at an initial's dot ("John Bernard "J.B." Handelsman (February 5, 1922 – ...")
    or a date's "(c." ("was composed (c. 1711–16) by George Frideric Handel")."""
    for _, text in page.segments():
        spans = sentence_spans(text)
        if not spans:
            continue
        out = [text[spans[0][0] : spans[0][1]]]
        if len(spans) > 1 and re.search(r"(?:\b[A-Z]|\(c|\(ca)\.[\"”’']?$", out[0].rstrip()):
            out.append(text[spans[0][0] : spans[1][1]])
        return out
    return []


def _span_date(text: str) -> re.Match[str] | None:
    """A lifespan's date, alone or before its place ("July 23, 1899, Warrenton, North
    Carolina")."""
    text = text.strip()
    m = _DATE.match(text)
    if m is None or not (m.end() == len(text) or re.match(r",\s+[A-Z]", text[m.end() :])):
        return None
    return m


def _date_after(verb: str, sentence: str) -> tuple[int, int | None, int | None] | None:
    """The date that follows ``verb`` closely in ``sentence`` ("formed in early 2006",
    "born 30 July 1970"), as (year, month, day)."""
    reach = 40 if verb in ("born", "died") else 60  # "founded by Steve Jobs and … in 1976"
    for match in re.finditer(rf"\b{verb}\b", sentence, flags=re.IGNORECASE):
        after = sentence[match.end() : match.end() + reach]
        date = _DATE.search(after)
        if date is None or re.search(r"[.;)]", after[: date.start()]):
            continue
        return _parsed(date)
    return None


def _parsed(m: re.Match[str]) -> tuple[int, int | None, int | None]:
    if m.group("dmy"):
        return int(m.group("y1")), _MONTHS[m.group("m1").lower()], int(m.group("d1"))
    if m.group("mdy"):
        return int(m.group("y2")), _MONTHS[m.group("m2").lower()], int(m.group("d2"))
    if m.group("my"):
        return int(m.group("y3")), _MONTHS[m.group("m3").lower()], None
    return int(m.group("y")), None, None


def _page_of(side: str, opened: Mapping[str, OpenedPage]) -> OpenedPage | None:
    pages = sorted(opened.values(), key=lambda p: p.opened_step)
    return next((p for p in pages if about(side, p.page.title)), None)


def _hit_for(side: str, state: RunState) -> str | None:
    """The first search hit whose title names ``side`` and that is not opened yet."""
    return unopened_hit(state, lambda title: about(side, title))


def unopened_hit(state: RunState, fits: Callable[[str], bool]) -> str | None:
    """The first search hit of the run whose title ``fits``, not opened yet and never
    failed to open."""
    for step in state.steps:
        if step.tool != "search" or step.observation.kind != "hits":
            continue
        for hit in step.observation.data.get("hits", []):
            url = hit["url"]
            failed = any(
                s.tool == "open" and s.args.get("url") == url and s.observation.error
                for s in state.steps
            )
            if url not in state.opened and not failed and fits(hit["title"]):
                return str(url)
    return None


def _turn(thought: str, tool: str, query: str) -> Turn:
    return Turn(parsed=Decision(tool=tool, args={"query": query, "k": SEARCH_K}, thought=thought))
