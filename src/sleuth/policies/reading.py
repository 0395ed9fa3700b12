"""The offline policy's reader: what a question asks, and which sentence answers it.

Pure functions, no model. The method, in order:

1. **Frame the question** (`frame_question`). The expected answer type comes from the
   wh-phrase (who → person, when / what year → date or year, what time → time,
   where → place, how many → number, how much / cost / budget → amount; otherwise
   "other"). Its content words split into *anchors* (names and ids: capitalised words
   inside the question, words with digits or underscores) and *relation* words (the
   rest, e.g. "founded", "head office"). Temporal modifiers such as "current" are
   *soft*: they rank sentences but are never required. Words that only name the answer
   type ("year", "time") are dropped.
2. **Accept a sentence** (`read_sentence`) only if it covers the frame: every anchor
   when there are at most two (all but a third of them otherwise), counting the page
   title as context for anchors; every relation word when there are at most two (two
   thirds otherwise), at least one in the sentence itself and the rest possibly in the
   title; and, for typed questions, a candidate of
   the expected type that is not itself a question word. Sentences that read like
   instructions to an AI (prompt injection) are never evidence.
3. **Extract a short answer**: the typed candidate nearest to the matched question
   words; for "other" questions, the clause after the last matched question word.
4. **Score** = weighted coverage (anchors 2, relation 1, soft 0.5; a word found only
   in the title counts 1.5 for an anchor, 0.5 for a relation word) plus a small bonus
   for a typed candidate, so the sentence that states the fact most completely wins.

It abstains by construction: no accepted sentence, no answer. It never combines facts
from sentences that do not each cover the question.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from sleuth.text import STOPWORDS, content_terms, sentences, stem, words


class AnswerType(StrEnum):
    PERSON = "person"
    DATE = "date"
    YEAR = "year"
    TIME = "time"
    PLACE = "place"
    NUMBER = "number"
    AMOUNT = "amount"
    OTHER = "other"


SOFT_WORDS = frozenset(
    "current currently now today present presently latest recent recently new actual "
    "actually still official officially exactly".split()
)
# "current" in a question is matched by any of these in a sentence ("is now the CEO").
_TEMPORAL = frozenset(["current", "currently", "now", "present", "presently", "today"])
# Words that name the answer's type rather than the fact itself.
TYPE_WORDS = frozenset(
    "year years date day time times place city country town location venue name "
    "person when where".split()
)
QUESTION_VERBS = frozenset(
    ["be", "is", "are", "was", "were", "do", "does", "did", "has", "have", "had"]
)

FIELD_TYPES: dict[str, AnswerType] = {
    "venue": AnswerType.PLACE,
    "location": AnswerType.PLACE,
    "place": AnswerType.PLACE,
    "where": AnswerType.PLACE,
    "address": AnswerType.PLACE,
    "room": AnswerType.PLACE,
    "city": AnswerType.PLACE,
    "country": AnswerType.PLACE,
    "time": AnswerType.TIME,
    "start": AnswerType.TIME,
    "start_time": AnswerType.TIME,
    "starts": AnswerType.TIME,
    "when": AnswerType.DATE,
    "date": AnswerType.DATE,
    "day": AnswerType.DATE,
    "deadline": AnswerType.DATE,
    "year": AnswerType.YEAR,
    "price": AnswerType.AMOUNT,
    "fee": AnswerType.AMOUNT,
    "cost": AnswerType.AMOUNT,
    "budget": AnswerType.AMOUNT,
    "salary": AnswerType.AMOUNT,
    "count": AnswerType.NUMBER,
    "number": AnswerType.NUMBER,
    "founder": AnswerType.PERSON,
    "ceo": AnswerType.PERSON,
    "speaker": AnswerType.PERSON,
    "organiser": AnswerType.PERSON,
    "organizer": AnswerType.PERSON,
    "host": AnswerType.PERSON,
    "author": AnswerType.PERSON,
    "contact": AnswerType.PERSON,
    "chair": AnswerType.PERSON,
}
# Field names that only say which type of value is wanted (not words to look for).
PURE_TYPE_FIELDS = frozenset(
    "venue location place where address time start start_time starts when date day "
    "year count number".split()
)
AMOUNT_WORDS = frozenset(
    ["cost", "costs", "price", "prices", "fee", "fees", "budget", "salary", "pay", "paid", "worth"]
)

_INJECTION = re.compile(
    r"ignore (?:all |any |your |the )*(?:previous |prior |above |earlier )?"
    r"(?:instructions|rules|prompts?)|disregard (?:all |any |your |the )*(?:instructions|rules)"
    r"|system prompt|\bAI (?:agents?|assistants?|models?)\s*[:,]|you are an? (?:AI|language model)"
    r"|new instructions|must cite https?://",
    re.IGNORECASE,
)

MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
    "Jan",
    "Feb",
    "Mar",
    "Apr",
    "Jun",
    "Jul",
    "Aug",
    "Sep",
    "Sept",
    "Oct",
    "Nov",
    "Dec",
]
_MONTH = "|".join(MONTHS)
_DATE = re.compile(
    rf"\b(?:\d{{1,2}}(?:st|nd|rd|th)? (?:{_MONTH})\.?,? \d{{4}}|(?:{_MONTH})\.? \d{{1,2}}"
    rf"(?:st|nd|rd|th)?,? \d{{4}}|\d{{4}}-\d{{2}}-\d{{2}}|\d{{1,2}}(?:st|nd|rd|th)? (?:{_MONTH})"
    rf"|(?:{_MONTH}) \d{{4}}|(?:{_MONTH}) \d{{1,2}}(?:st|nd|rd|th)?|(?:1[0-9]|20)\d{{2}})\b"
)
_YEAR = re.compile(r"\b(?:1[0-9]|20)\d{2}\b")
_TIME = re.compile(
    r"\b(?:\d{1,2}[:.]\d{2}(?:\s?[ap]\.?m\.?)?|\d{1,2}\s?[ap]\.?m\.?|noon|midnight)(?!\w)",
    re.IGNORECASE,
)
_NUMBER_WORDS = (
    "one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty "
    "fifty sixty seventy eighty ninety hundred thousand million billion dozen"
)
_NUMBER = re.compile(
    rf"(?:[$€£]\s?)?\b(?:\d[\d,]*(?:\.\d+)?|(?:{_NUMBER_WORDS.replace(' ', '|')})"
    rf"(?:[- ](?:{_NUMBER_WORDS.replace(' ', '|')}))*)\b(?:\s?%| percent)?",
    re.IGNORECASE,
)
_UNIT = re.compile(
    r"\s?(?:euros?|dollars?|pounds?|usd|eur|gbp|yen|francs?|million|billion|thousand)\b",
    re.IGNORECASE,
)
_PLACE_PREP = re.compile(r"\b(?:in|at|to|from|near|inside|on)\s+(?:the\s+)?", re.IGNORECASE)
_CAPSEQ = re.compile(
    r"[A-Z][\w'’-]*(?:\s+(?:\d+[A-Za-z]?|[A-Z][\w'’-]*|(?:of|de|da|do|del|van|von|der|la|le)"
    r"(?:\s+the)?(?=\s+[A-Z])))*"
)
_NOT_NAMES = frozenset(MONTHS) | frozenset(
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday The A An This That "
    "These Those It Its He She They We Our Their His Her I You Your In On At By For "
    "From To Of And But Or If When Where Who What Which How Why After Before During "
    "Since Until As Also Today Does Do Did Is Are Was Were Has Have Had Can Could "
    "Will Would Should Please Still Not No Yes Reply Posted Mr Mrs Ms Dr".split()
)


@dataclass(frozen=True)
class Frame:
    """What a question (or one field of a brief) asks for."""

    text: str
    answer_type: AnswerType
    anchors: tuple[str, ...]  # stems
    relation: tuple[str, ...]  # stems
    soft: tuple[str, ...]  # stems
    query: str  # words to search for, as written

    @property
    def required_anchors(self) -> int:
        n = len(self.anchors)
        return n if n <= 2 else max(2, math.ceil(2 * n / 3))

    @property
    def required_relation(self) -> int:
        n = len(self.relation)
        return n if n <= 2 else math.ceil(2 * n / 3)


@dataclass(frozen=True)
class Reading:
    """An accepted sentence: where it is, what it answers, how well."""

    url: str
    start: int
    end: int
    sentence: str
    value: str
    score: float
    matched: frozenset[str] = field(default_factory=frozenset)


def answer_type_of(question: str) -> AnswerType:
    q = " ".join(w.lower() for w in words(question))
    padded = f" {q} "
    if re.search(r"\b(what|which) time\b|\bat what time\b|\bwhat hour\b", q):
        return AnswerType.TIME
    if re.search(r"\b(what|which|in what|in which) year\b|\bwhat year\b", q):
        return AnswerType.YEAR
    if re.search(r"\bhow (many|often)\b|\bwhat (number|percentage)\b", q):
        return AnswerType.NUMBER
    asks_amount = re.search(r"\bhow much\b", q) or any(f" {w} " in padded for w in AMOUNT_WORDS)
    if asks_amount and re.search(r"^(who|where|when)\b", q) is None:
        return AnswerType.AMOUNT
    if re.search(r"\b(what|which) (date|day)\b|^when\b|\bwhen\b", q):
        return AnswerType.DATE
    if re.search(r"^where\b|\bwhere\b|\b(what|which) (city|country|town|place|venue|room)\b", q):
        return AnswerType.PLACE
    if re.search(r"^(who|whom|whose)\b|\bwho\b", q):
        return AnswerType.PERSON
    return AnswerType.OTHER


def frame_question(question: str, field_name: str | None = None) -> Frame:
    """The frame of a question, or of one required field of a brief about it."""
    answer_type = answer_type_of(question)
    field_words: list[str] = []
    if field_name:
        key = field_name.lower()
        answer_type = FIELD_TYPES.get(key, FIELD_TYPES.get(key.split("_")[-1], AnswerType.OTHER))
        if key not in PURE_TYPE_FIELDS:
            field_words = [w for w in re.split(r"[_\W]+", field_name) if w]
    anchors: dict[str, None] = {}
    relation: dict[str, None] = {}
    soft: dict[str, None] = {}
    query_words: list[str] = []
    tokens = words(question)
    for i, word in enumerate(tokens):
        low = word.lower()
        if low in STOPWORDS or low in QUESTION_VERBS:
            continue
        if low in SOFT_WORDS:
            soft.setdefault(stem(low), None)
            query_words.append(word)
            continue
        is_anchor = (i > 0 and word[0].isupper()) or any(c.isdigit() or c == "_" for c in word)
        if field_name and answer_type is not AnswerType.OTHER and low in TYPE_WORDS:
            continue
        if not is_anchor and low in TYPE_WORDS:
            continue
        query_words.append(word)
        (anchors if is_anchor else relation).setdefault(stem(low), None)
    for word in field_words:
        relation.setdefault(stem(word), None)
        query_words.append(word)
    if not anchors and not relation and tokens:
        relation = {t: None for t in content_terms(question)}
    return Frame(
        text=question,
        answer_type=answer_type,
        anchors=tuple(anchors),
        relation=tuple(r for r in relation if r not in anchors),
        soft=tuple(soft),
        query=" ".join(dict.fromkeys(query_words)) or question,
    )


def is_injection(sentence: str) -> bool:
    return _INJECTION.search(sentence) is not None


def read_page(frame: Frame, url: str, title: str, segments: list[tuple[int, str]]) -> list[Reading]:
    """Every accepted sentence of the shown parts of a page, best first."""
    title_terms = set(content_terms(title))
    found = []
    for offset, text in segments:
        for start, end in sentences(text):
            reading = read_sentence(frame, url, text[start:end], offset + start, title_terms)
            if reading is not None:
                found.append(reading)
    found.sort(key=lambda r: (-r.score, r.start))
    return found


def read_sentence(
    frame: Frame, url: str, sentence: str, start: int, title_terms: set[str]
) -> Reading | None:
    if is_injection(sentence) or sentence.rstrip(" \"')").endswith("?"):
        return None  # instructions and questions state no facts
    terms = set(content_terms(sentence))
    anchors_in_sentence = {a for a in frame.anchors if a in terms}
    anchors_in_title = {a for a in frame.anchors if a in title_terms} - anchors_in_sentence
    if len(anchors_in_sentence) + len(anchors_in_title) < frame.required_anchors:
        return None
    relation = {r for r in frame.relation if r in terms}
    relation_in_title = {r for r in frame.relation if r in title_terms} - relation
    if len(relation) + len(relation_in_title) < frame.required_relation:
        return None
    if frame.relation and not relation:
        return None
    lowered = {w.lower() for w in words(sentence)}
    soft = {s for s in frame.soft if s in terms or (s in _TEMPORAL and lowered & _TEMPORAL)}
    question_terms = set(frame.anchors) | set(frame.relation) | set(frame.soft)
    value = extract(frame, sentence, question_terms)
    if value is None:
        return None
    total = 2 * len(frame.anchors) + len(frame.relation) + 0.5 * len(frame.soft) or 1.0
    got = 2 * len(anchors_in_sentence) + 1.5 * len(anchors_in_title) + len(relation)
    got += 0.5 * len(relation_in_title)
    got += 0.5 * len(soft)
    bonus = 0.1 if frame.answer_type is not AnswerType.OTHER else 0.0
    return Reading(
        url=url,
        start=start,
        end=start + len(sentence),
        sentence=sentence,
        value=value,
        score=round(got / total + bonus, 4),
        matched=frozenset(anchors_in_sentence | relation | soft),
    )


def extract(frame: Frame, sentence: str, question_terms: set[str]) -> str | None:
    """The short answer in ``sentence`` for ``frame``, or None when it has none."""
    spans = candidates(frame.answer_type, sentence)
    spans = [(s, e) for s, e in spans if not _only_question_words(sentence[s:e], question_terms)]
    if frame.answer_type in (AnswerType.PERSON, AnswerType.PLACE):
        # the answer is not the entity the question is about ("Who killed Harold?")
        anchors = set(frame.anchors)
        spans = [(s, e) for s, e in spans if not anchors & {stem(w) for w in words(sentence[s:e])}]
    if frame.answer_type is AnswerType.OTHER:
        return _clause_after_question_words(sentence, question_terms)
    if not spans:
        return None
    anchor_positions = [
        m.start() for m in re.finditer(r"\w+", sentence) if stem(m.group(0)) in question_terms
    ]

    def distance(span: tuple[int, int]) -> tuple[int, int]:
        if not anchor_positions:
            return (0, span[0])
        return (min(abs(span[0] - p) for p in anchor_positions), span[0])

    best = min(spans, key=distance)
    return sentence[best[0] : best[1]].strip(" ,;:")


def candidates(answer_type: AnswerType, sentence: str) -> list[tuple[int, int]]:
    """Spans of ``sentence`` that could be an answer of ``answer_type``."""
    if answer_type is AnswerType.TIME:
        return [m.span() for m in _TIME.finditer(sentence)]
    if answer_type is AnswerType.YEAR:
        return [m.span() for m in _YEAR.finditer(sentence)]
    if answer_type is AnswerType.DATE:
        return _longest(m.span() for m in _DATE.finditer(sentence))
    if answer_type in (AnswerType.NUMBER, AnswerType.AMOUNT):
        spans = []
        for m in _NUMBER.finditer(sentence):
            s, e = m.span()
            if answer_type is AnswerType.NUMBER and _YEAR.fullmatch(m.group(0)):
                continue
            unit = _UNIT.match(sentence, e)
            if unit:
                e = unit.end()
            if answer_type is AnswerType.AMOUNT and not (unit or m.group(0)[0] in "$€£"):
                continue
            spans.append((s, e))
        return spans
    if answer_type is AnswerType.PLACE:
        return [s for s in _name_spans(sentence) if _after_place_preposition(sentence, s[0])]
    if answer_type is AnswerType.PERSON:
        return [
            part
            for span in _name_spans(sentence)
            if not _after_place_preposition(sentence, span[0])
            for part in _person_parts(sentence, span)
        ]
    return []


def names(sentence: str) -> list[str]:
    """Proper-name sequences (for bridge entities in two-hop questions)."""
    return [sentence[s:e] for s, e in _name_spans(sentence)]


def _name_spans(sentence: str) -> list[tuple[int, int]]:
    spans = []
    for m in _CAPSEQ.finditer(sentence):
        text = m.group(0)
        parts = text.split()
        while parts and parts[0] in _NOT_NAMES:
            parts = parts[1:]
        if not parts:
            continue
        if all(p in _NOT_NAMES or p.isdigit() for p in parts):
            continue
        spans.append((m.start() + text.index(parts[0]), m.end()))
    return spans


def _person_parts(sentence: str, span: tuple[int, int]) -> list[tuple[int, int]]:
    """A name sequence split at "of" ("CEO of Acme Robotics" names no person), with
    all-capital words trimmed from its ends ("CEO", "NASA": roles and organisations)."""
    groups: list[list[tuple[int, int]]] = [[]]
    for m in re.finditer(r"\S+", sentence[span[0] : span[1]]):
        token = m.group(0)
        if token in ("of", "the") and (token == "of" or not groups[-1]):
            groups.append([])
            continue
        groups[-1].append((span[0] + m.start(), span[0] + m.end()))
    parts = []
    for group in groups:
        while group and _acronym(sentence[group[0][0] : group[0][1]]):
            group = group[1:]
        while group and _acronym(sentence[group[-1][0] : group[-1][1]]):
            group = group[:-1]
        if group and not any(c.isdigit() for c in sentence[group[0][0] : group[-1][1]]):
            parts.append((group[0][0], group[-1][1]))  # people's names have no digits
    return parts


def _acronym(text: str) -> bool:
    return all(w.isupper() and len(w) > 1 for w in text.split())


def _after_place_preposition(sentence: str, start: int) -> bool:
    before = sentence[max(0, start - 12) : start]
    return re.search(r"\b(?:in|at|to|from|near|inside)\s+(?:the\s+)?$", before, re.I) is not None


def _longest(spans: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Non-overlapping spans, preferring the longest at each start."""
    out: list[tuple[int, int]] = []
    for s, e in sorted(spans, key=lambda x: (x[0], -x[1])):
        if out and s < out[-1][1]:
            continue
        out.append((s, e))
    return out


def _only_question_words(text: str, question_terms: set[str]) -> bool:
    terms = [stem(w) for w in words(text) if w.lower() not in STOPWORDS]
    return bool(terms) and all(t in question_terms for t in terms)


_LEAD = re.compile(r"^(?:is|are|was|were|be|been|being|by|of|as|to|:|-|—|,)\s+", re.IGNORECASE)


def _clause_after_question_words(sentence: str, question_terms: set[str]) -> str | None:
    last_end = None
    for m in re.finditer(r"\w+(?:['’]\w+)*", sentence):
        if stem(m.group(0)) in question_terms:
            last_end = m.end()
    if last_end is None:
        return sentence.strip()
    rest = sentence[last_end:].strip()
    while True:
        trimmed = _LEAD.sub("", rest)
        if trimmed == rest:
            break
        rest = trimmed
    rest = rest.rstrip(" .;:!")
    if len(words(rest)) == 0:
        return sentence.strip().rstrip(".")
    return rest
