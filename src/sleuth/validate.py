"""Finish validation: the contract of DESIGN.md, in order, plus stricter rules.

Only the pages opened in this run reach this module, and only the parts of them that
were shown. A finish payload is one of:

* an answer, exactly ``{answer: str, citations: [str], cannot_answer: bool,
  evidence: str | [str]}`` (a list of quotes is the one accepted extension);
* a conflict report, ``{conflicts: [{value, citation, evidence}, ...]}``;
* a brief, ``{fields: {name: answer-or-conflict-report, ...}}`` with exactly the
  required field names (a plain cannot-answer payload abstains on the whole brief).

Codes, checked in this order for each answer: ``keys``, ``types``, ``abstain_shape``,
``abstain_prefix``, ``need_citation``, ``cite_not_opened``, ``evidence``,
``unsupported``; then the stricter ``inline_citation`` (every bracketed id or URL in the
answer, e.g. ``[doc_voice]``, is among the citations). ``evidence`` is strict too: each
quote must occur (up to whitespace and typography) in a page the answer *cites*.
A conflict report adds ``conflict_shape`` (fewer than two distinct values).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from sleuth.claims import (
    FRAMING,
    Term,
    content,
    is_choice,
    missing_terms,
    named_sides,
    prepare,
    split_attribution,
    stated_keys,
    terms,
    unframed,
    yes_no,
)
from sleuth.corpus import resolve_url
from sleuth.passages import title_heading
from sleuth.result import ConflictValue, Quote
from sleuth.state import OpenedPage
from sleuth.text import STOPWORDS, find_verbatim, normalize_space, sentences, stem, words
from sleuth.values import same_value

ANSWER_KEYS = frozenset({"answer", "citations", "cannot_answer", "evidence"})
CONFLICT_KEYS = frozenset({"value", "citation", "evidence"})
ABSTAIN_PREFIX = "cannot:"


@dataclass(frozen=True)
class Problem:
    code: str
    detail: str

    def __str__(self) -> str:
        return f"{self.code}: {self.detail}"


@dataclass(frozen=True)
class Sourced:
    """A validated answer (or abstention, or conflict report) for one question/field."""

    cannot_answer: bool
    answer: str
    citations: list[str] = field(default_factory=list)
    evidence: list[Quote] = field(default_factory=list)
    conflicts: list[ConflictValue] = field(default_factory=list)


@dataclass(frozen=True)
class Validated:
    """A finish that passed. ``fields`` is set for a brief, ``single`` otherwise."""

    single: Sourced | None = None
    fields: dict[str, Sourced] | None = None


def validate_finish(
    payload: Any,
    opened: Mapping[str, OpenedPage],
    require: Sequence[str] = (),
    question: str = "",
) -> Validated | list[Problem]:
    """Check a finish payload against the pages opened in this run. ``question`` (the
    task's) lets an answer reuse its words and names the sides of a yes/no or comparison
    question; without it, every word of an answer must be in its quotes."""
    if not isinstance(payload, dict):
        return [Problem("keys", "the finish input must be a JSON object")]
    if require:
        if set(payload) == ANSWER_KEYS and payload.get("cannot_answer") is True:
            abstain = _check_one(payload, opened, question)
            if isinstance(abstain, list):
                return abstain
            return Validated(fields={name: abstain for name in require})
        if set(payload) != {"fields"} or not isinstance(payload["fields"], dict):
            return [
                Problem(
                    "keys", f"a brief finishes with {{'fields': {{...}}}} for {_names(require)}"
                )
            ]
        given = payload["fields"]
        if set(given) != set(require):
            missing = sorted(set(require) - set(given))
            extra = sorted(set(given) - set(require))
            return [
                Problem(
                    "keys",
                    f"fields must be exactly {_names(require)}; "
                    f"missing {missing or 'none'}, unexpected {extra or 'none'}",
                )
            ]
        results: dict[str, Sourced] = {}
        problems: list[Problem] = []
        for name in require:
            checked = _check_one(given[name], opened, question)
            if isinstance(checked, list):
                problems.extend(Problem(p.code, f"field {name!r}: {p.detail}") for p in checked)
            else:
                results[name] = checked
        return problems or Validated(fields=results)
    checked = _check_one(payload, opened, question)
    return checked if isinstance(checked, list) else Validated(single=checked)


def _names(require: Sequence[str]) -> str:
    return ", ".join(repr(n) for n in require)


def _check_one(
    payload: Any, opened: Mapping[str, OpenedPage], question: str
) -> Sourced | list[Problem]:
    if isinstance(payload, dict) and set(payload) == {"conflicts"}:
        return _check_conflicts(payload["conflicts"], opened)
    return _check_answer(payload, opened, question)


def _check_answer(
    payload: Any, opened: Mapping[str, OpenedPage], question: str
) -> Sourced | list[Problem]:
    if not isinstance(payload, dict) or set(payload) != ANSWER_KEYS:
        got = sorted(payload) if isinstance(payload, dict) else type(payload).__name__
        return [Problem("keys", f"expected exactly {sorted(ANSWER_KEYS)}, got {got}")]
    answer, citations = payload["answer"], payload["citations"]
    cannot, evidence = payload["cannot_answer"], payload["evidence"]
    type_problems = _type_problems(answer, citations, cannot, evidence)
    if type_problems:
        return type_problems
    quotes_in = [evidence] if isinstance(evidence, str) else list(evidence)
    quotes_in = [q for q in quotes_in if q.strip()]
    starts_cannot = answer.strip().lower().startswith(ABSTAIN_PREFIX)
    if cannot:
        if citations or quotes_in:
            return [Problem("abstain_shape", "a cannot-answer finish has no citations or evidence")]
        if not starts_cannot:
            return [Problem("abstain_prefix", "a cannot-answer answer starts with 'cannot:'")]
        return Sourced(cannot_answer=True, answer=answer.strip())
    if starts_cannot:
        return [Problem("abstain_prefix", "an answer starting 'cannot:' needs cannot_answer true")]
    if not answer.strip():
        return [Problem("types", "answer is empty")]
    if not citations:
        return [Problem("need_citation", "a positive answer cites at least one opened page")]
    cited = []
    for given in citations:
        url = opened_url(given, opened)
        if url is None:
            return [
                Problem(
                    "cite_not_opened",
                    f"{given.strip()!r} was not opened in this run: open it first, or cite "
                    "only pages you opened",
                )
            ]
        if url not in cited:
            cited.append(url)
    quotes: list[Quote] = []
    for text in quotes_in or [""]:
        quote = _locate(text, cited, opened)
        if isinstance(quote, Problem):
            return [quote]
        quotes.append(quote)
    unsupported = unsupported_terms(answer, opened, question)
    if unsupported:
        return [Problem("unsupported", _unsupported_detail(unsupported))]
    stray = [i for i in inline_ids(answer) if resolve_url(i, cited) is None]
    if stray:
        return [
            Problem(
                "inline_citation",
                f"the answer cites {', '.join(stray)} inline but not in citations: add "
                f"{'it' if len(stray) == 1 else 'them'} to citations, or leave "
                f"{'it' if len(stray) == 1 else 'them'} out",
            )
        ]
    ungrounded = grounding_problem(answer, quotes, opened, question)
    if ungrounded:
        return [Problem("ungrounded", ungrounded)]
    return Sourced(cannot_answer=False, answer=answer.strip(), citations=cited, evidence=quotes)


def _type_problems(answer: Any, citations: Any, cannot: Any, evidence: Any) -> list[Problem]:
    wrong = []
    if not isinstance(answer, str):
        wrong.append("answer must be a string")
    if not isinstance(citations, list) or not all(isinstance(c, str) for c in citations):
        wrong.append("citations must be a list of strings")
    if not isinstance(cannot, bool):
        wrong.append("cannot_answer must be true or false")
    if not (
        isinstance(evidence, str)
        or (isinstance(evidence, list) and all(isinstance(e, str) for e in evidence))
    ):
        wrong.append("evidence must be a string (or a list of strings)")
    return [Problem("types", "; ".join(wrong))] if wrong else []


def _check_conflicts(entries: Any, opened: Mapping[str, OpenedPage]) -> Sourced | list[Problem]:
    if not isinstance(entries, list) or not entries:
        return [Problem("types", "conflicts must be a non-empty list")]
    values: list[ConflictValue] = []
    for n, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict) or set(entry) != CONFLICT_KEYS:
            return [Problem("keys", f"conflict {n} has exactly the keys value, citation, evidence")]
        value, url, text = entry["value"], entry["citation"], entry["evidence"]
        if not all(isinstance(x, str) for x in (value, url, text)) or not value.strip():
            return [Problem("types", f"conflict {n}: value, citation and evidence are strings")]
        resolved = opened_url(url, opened)
        if resolved is None:
            return [Problem("cite_not_opened", f"conflict {n}: {url!r} was not opened in this run")]
        url = resolved
        quote = _locate(text, [url], opened)
        if isinstance(quote, Problem):
            return [Problem(quote.code, f"conflict {n}: {quote.detail}")]
        unsupported = unsupported_terms(value, opened)
        if unsupported:
            return [Problem("unsupported", f"conflict {n}: {_unsupported_detail(unsupported)}")]
        if not value_in_text(value, quote.text):
            return [
                Problem(
                    "ungrounded",
                    f"conflict {n}: {value!r} is not in its own quote; quote the sentence "
                    "that gives this value",
                )
            ]
        page = opened[url].page
        values.append(
            ConflictValue(
                value=value.strip(),
                citation=url,
                evidence=quote,
                published=page.published,
                version=page.version,
                authority=page.authority,
            )
        )
    if all(same_value(v.value, values[0].value) for v in values[1:]):
        return [Problem("conflict_shape", "a conflict report needs at least two different values")]
    if len({v.citation for v in values}) < 2:
        return [Problem("conflict_shape", "a conflict is between sources: cite at least two pages")]
    return Sourced(
        cannot_answer=True, answer="cannot: the opened sources disagree", conflicts=values
    )


def value_in_text(value: str, text: str) -> bool:
    """Whether ``text`` states every content word and number of ``value``, in any of
    their usual forms (see `sleuth.claims`)."""
    stated = stated_keys([text])
    return not missing_terms(content(_without_citations(value)), stated)


def opened_url(given: str, opened: Mapping[str, OpenedPage]) -> str | None:
    """The URL, as it was opened, of the page ``given`` names: itself, or another name of
    the same page (an index passage that starts a section is both ``URL#pN`` and
    ``URL#slug``; `Page.aliases`). None when no opened page has that name."""
    url = resolve_url(given, opened)
    if url is not None:
        return url
    for key, page in opened.items():
        if page.page.aliases and resolve_url(given, page.page.aliases) is not None:
            return key
    return None


def _locate(text: str, cited: Sequence[str], opened: Mapping[str, OpenedPage]) -> Quote | Problem:
    """Find a quote in the shown text of the cited pages, with offsets into the page.

    A quote matches up to whitespace, Unicode form and typography (`find_verbatim`).
    Marks around it that are not the page's are allowed: quotation marks wrapping the
    whole quote, and an ellipsis at its start or end. An ellipsis *inside* a quote is not
    a wildcard: the pieces must be given as separate quotes."""
    if not text.strip():
        return Problem("evidence", "evidence is empty; copy a sentence from an opened page")
    if not any(w.lower() not in STOPWORDS for w in words(text)):
        return Problem("evidence", "evidence must contain at least one content word")
    candidates = list(dict.fromkeys([text, _unwrapped(text)]))
    for candidate in candidates:
        quote = _find_in(candidate, cited, opened)
        if quote is not None:
            return quote
    for candidate in candidates:
        elsewhere = [
            u
            for u, p in opened.items()
            if u not in cited and find_verbatim(p.seen_text(), candidate)
        ]
        if elsewhere:
            return Problem(
                "evidence",
                f"the evidence is from {elsewhere[0]!r}, which is not cited: cite it, or "
                "quote a cited page",
            )
    pieces = [p for p in _ELLIPSIS.split(_unwrapped(text)) if p.strip()]
    if len(pieces) > 1 and all(_find_in(p, cited, opened) for p in pieces):
        return Problem(
            "evidence",
            "an ellipsis joins pieces of the page: give each verbatim piece as its own quote "
            "(evidence may be a list of strings)",
        )
    short = normalize_space(text)[:80]
    return Problem(
        "evidence",
        f"{short!r} is not a verbatim span of any cited, opened page: copy the sentence "
        "exactly as the page shows it",
    )


def _find_in(text: str, cited: Sequence[str], opened: Mapping[str, OpenedPage]) -> Quote | None:
    for url in cited:
        page = opened[url]
        for offset, segment in page.segments():
            span = find_verbatim(segment, text)
            if span:
                start, end = offset + span[0], offset + span[1]
                return Quote(
                    url=url,
                    text=page.page.body[start:end],
                    opened_step=page.shown_at(start, end),
                    start=start,
                    end=end,
                )
    return None


_ELLIPSIS = re.compile(r"\s*(?:\[\s*(?:\.\s*){3}\]|\[…\]|\.{3,}|…)\s*")
_WRAPPERS = ('""', "''", "“”", "‘’", "«»", "„“", "``")


def _unwrapped(text: str) -> str:
    """The quote without quotation marks around the whole of it or an ellipsis at its
    ends ("…gave their name to Normandy" -> "gave their name to Normandy")."""
    text = text.strip()
    while len(text) > 2 and text[0] + text[-1] in _WRAPPERS:
        text = text[1:-1].strip()
    edge = _ELLIPSIS.pattern
    text = re.sub(rf"^{edge}|{edge}$", "", text)
    while len(text) > 2 and text[0] + text[-1] in _WRAPPERS:
        text = text[1:-1].strip()
    return text


_NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")
_INLINE = re.compile(r"\[([^\[\]\s]+)\]")
_URL = re.compile(
    r"\b[a-z][a-z0-9+.-]*://(?:[^\s()\[\]<>\"']|\([^\s()\[\]<>\"']*\))+", re.IGNORECASE
)
_ID = re.compile(r"^[A-Za-z][A-Za-z0-9]*(?:[_\-.:/][A-Za-z0-9]+)*$")


def is_inline_id(token: str) -> bool:
    """Whether ``[token]`` in an answer is a citation: a URL, or an id with a digit or a
    separator (``doc_voice``, ``cmp_104``, ``doc7``) — not ``[1999]`` or ``[sic]``."""
    if _URL.fullmatch(token):
        return True
    return bool(_ID.match(token)) and any(c.isdigit() or c in "_-.:/" for c in token)


def unsupported_terms(
    answer: str, opened: Mapping[str, OpenedPage], question: str = ""
) -> list[str]:
    """Numbers (years included) and proper names in ``answer`` that occur in no opened
    page's shown text, in any of their usual forms ("1,000" = "one thousand", "Herve" =
    "Hervé"); a name of several words must occur as a whole ("Kenji Ortiz" is not
    supported by "Kenji Ito" and "Ada Ortiz"). Citations written in the answer (URLs,
    bracketed ids), framing ("According to", "Answer:") and a sentence's common first
    word are not claims and are skipped, and so are the question's own names and numbers
    (the asker's words, not the answer's claims)."""
    answer = unframed(_LIST_MARKER.sub("", _without_citations(answer)))
    # the shown text, and the titles (an open shows its page's title)
    texts = [p.seen_text() for p in opened.values()]
    texts += [title_heading(p.page.title) for p in opened.values()]
    texts += [question] if question else []
    numbers = stated_keys(texts)
    flat = "".join(_flat_words(t) for t in texts)
    common = frozenset().union(*(_lower_words(t) for t in texts))
    missing: list[str] = []
    for term in terms(answer):
        digits = term.key.startswith("#") and any(c.isdigit() for c in term.surface)
        if digits and term.key not in numbers:
            missing.append(term.surface)
    missing += _names_of(answer, flat, common)
    return list(dict.fromkeys(missing))


def _names_of(text: str, flat: str, common: frozenset[str]) -> list[str]:
    """The proper names of ``text`` that ``flat`` (see `_flat_words`) does not contain
    whole. A capitalised first word of a sentence may be an ordinary word ("Founder Ada
    Ortiz"): when ``common`` (words written in lower case) has it, the rest will do."""
    missing = []
    for name, opens_sentence in _proper_names(prepare(text)):
        phrase = " ".join(stem(w) for w in name.split())
        first, _, rest = phrase.partition(" ")
        ordinary = opens_sentence and rest and first in common
        shorter = rest if ordinary else None
        if f" {phrase} " not in flat and (shorter is None or f" {shorter} " not in flat):
            missing.append(name)
    return missing


@lru_cache(maxsize=1024)
def _flat_words(text: str) -> str:
    """`` word word ... ``: the stems of ``text``'s words (folded: "Hervé" = "herve",
    "Normans" = "norman"), space-delimited, for phrase lookups."""
    return " " + " ".join(stem(w) for w in words(prepare(text))) + " "


@lru_cache(maxsize=1024)
def _lower_words(text: str) -> frozenset[str]:
    """The words ``text`` writes in lower case (ordinary words, not names), folded."""
    return frozenset(stem(w) for w in words(prepare(text)) if w.islower())


_LIST_MARKER = re.compile(r"^[ \t>]*(?:[-*+•]|\d{1,3}[.)])[ \t]+", re.MULTILINE)
#: A footnote-style citation marker: "Rollo [1]." or "in 911.[2]" (not "[1999]": a year).
_FOOTNOTE = re.compile(r"\s?\[\d{1,2}\](?=[\s.,;:!?)]|$)")
_SEE = re.compile(r"\bsee\s+(?:above|below)\b", re.IGNORECASE)


def _without_citations(answer: str) -> str:
    """The answer without the citations written into it (URLs, ``[doc_x]``, footnote
    markers such as ``[1]``, "see above"): they point at sources and claim nothing."""
    answer = _FOOTNOTE.sub(" ", _SEE.sub(" ", _URL.sub(" ", answer)))
    return _INLINE.sub(lambda m: " " if is_inline_id(m.group(1)) else m.group(0), answer)


def _unsupported_detail(missing: Sequence[str]) -> str:
    names = ", ".join(repr(m) for m in missing)
    if len(missing) == 1:
        return f"{names} appears in no opened page: cite a page that says it, or leave it out"
    return f"{names} appear in no opened page: cite a page that says them, or leave them out"


def grounding_problem(
    answer: str, quotes: Sequence[Quote], opened: Mapping[str, OpenedPage], question: str = ""
) -> str | None:
    """Why the answer is not stated by its own quotes, or None when it is.

    The answer's content is its words once citations, markdown, framing and an opening
    attribution clause are set aside; each of them must be stated by a quote (read in its
    sentence) or be a word of the question (a restatement may reuse them), and something
    must come from the quotes rather than from the question. A yes/no answer, or a choice
    between entities the question names, needs a quote for each side: one naming it, or
    from a page titled by it. "1. X" may be a numbered list or a number: either reading
    that is grounded is accepted."""
    text = _without_citations(answer)
    readings = list(dict.fromkeys([_LIST_MARKER.sub("", text), text]))
    problems = [_grounding(r, quotes, opened, question) for r in readings]
    return None if None in problems else problems[0]


def _grounding(
    answer: str, quotes: Sequence[Quote], opened: Mapping[str, OpenedPage], question: str
) -> str | None:
    _, claim = split_attribution(answer)
    stated = stated_keys(_in_context(q, opened) for q in quotes)
    asked = stated_keys([question]) if question else frozenset()
    said = content(claim) or content(claim, code=True)  # "['GET']" is all capitals
    verdict = yes_no(claim, question)
    if verdict is not None:
        said = [t for t in said if t.surface.lower() not in ("yes", "no", "yeah", "yep", "nope")]
    missing = missing_terms([t for t in said if t.key not in asked], stated)
    if missing:
        return _missing_detail(missing, quotes, opened)
    misplaced = _misplaced_polarity(said, asked, quotes, opened)
    if misplaced:
        return (
            f"{misplaced!r} is not said by the quote that states the rest of the answer: a "
            "negation or comparison must come from the sentence it qualifies"
        )
    choice = bool(question) and is_choice(question)
    if verdict is not None or choice:
        sides = named_sides(question) if question else []
        titles = stated_keys(
            title_heading(opened[q.url].page.title) for q in quotes if q.url in opened
        )
        unsupported = [s for s in sides if missing_terms(content(s), stated | titles)]
        if unsupported:
            which = ", ".join(repr(s) for s in unsupported)
            return (
                f"a {'yes/no' if verdict is not None else 'comparison'} answer needs evidence "
                f"for each side, and no quote is about {which}: quote what a cited page says "
                "about it"
            )
        if verdict is not None or said:
            return None
    if not said:
        return (
            "the answer states nothing but framing: give the fact itself (the name, number "
            "or phrase the quoted evidence states)"
        )
    keys = [t.key for t in said]
    # an identifier of the question is one word of it: "session" is no echo of
    # "SESSION_COOKIE_NAME" (its default is 'session'); the identifier itself is, and so
    # are two or more of its parts ("session cookie name")
    whole = {t.key for t in content(_joined(claim)) or content(_joined(claim), code=True)}
    echo = bool(question) and (len(whole) > 1 or whole <= stated_keys([_joined(question)]))
    if echo and set(keys) <= asked and not _new_name(keys, claim, question, quotes, opened):
        echoed = ", ".join(repr(t.surface) for t in said)
        return (
            f"the answer only repeats the question's words ({echoed}): answer with what the "
            "quoted evidence states"
        )
    texts = [_in_context(q, opened) for q in quotes] + [question]
    texts += [title_heading(opened[q.url].page.title) for q in quotes if q.url in opened]
    flat = "".join(_flat_words(t) for t in texts)
    common = frozenset().union(*(_lower_words(t) for t in texts))
    scattered = [n for n in _names_of(claim, flat, common) if " " in n]
    if scattered:
        which = ", ".join(repr(n) for n in scattered)
        return (
            f"the quoted evidence does not name {which}: its words are there but not together; "
            "quote the sentence that gives the name, or leave it out"
        )
    return None


def _joined(text: str) -> str:
    """``text`` with each identifier (``SESSION_COOKIE_NAME``, ``app.config``; `_IDENTIFIER`
    below) written as one word, so that its parts are not words of their own."""
    return _IDENTIFIER.sub(lambda m: re.sub(r"[_.]", "", m.group(0)), text)


def _misplaced_polarity(
    said: Sequence[Term],
    asked: frozenset[str],
    quotes: Sequence[Quote],
    opened: Mapping[str, OpenedPage],
) -> str | None:
    """A negation or comparison word of the answer ("not", "after", "largest") that the
    quote stating the words around it does not say (another quote may), or None. "before
    AD 70, Rome accepted ..." needs "before" in the quote that says "AD 70" and "Rome"."""
    if len(quotes) < 2:
        return None
    contexts = [stated_keys([_in_context(q, opened)]) for q in quotes]
    polar = [n for n, t in enumerate(said) if t.key == "not" or t.key.startswith("~")]
    for n in polar:
        if said[n].key in asked:
            continue
        plain = [t.key for t in said if not (t.key == "not" or t.key.startswith("~"))]
        after = [t.key for t in said[n + 1 :] if t.key in plain and t.key not in asked][:2]
        before = [t.key for t in said[:n] if t.key in plain and t.key not in asked][-1:]
        near = set(after or before)
        if not near:
            continue
        best = max(len(near & c) for c in contexts)
        if best and not any(said[n].key in c for c in contexts if len(near & c) == best):
            return said[n].surface
    return None


def _new_name(
    keys: Sequence[str],
    answer: str,
    question: str,
    quotes: Sequence[Quote],
    opened: Mapping[str, OpenedPage],
) -> bool:
    """Whether an answer made only of the question's words is still an answer: a name the
    quotes give that the question does not ("Rhine Valley" to "What is the alpine valley
    that the Rhine flows through?"), or an identifier they write that the question does not
    (``docs_url``). "Acme Robotics was founded" to "Who founded Acme Robotics?" is not."""
    contexts = [_in_context(q, opened) for q in quotes]
    for ident in _IDENTIFIER.findall(answer):  # docs_url to "Which argument sets the docs URL?"
        if ident.lower() not in question.lower() and any(ident in c for c in contexts):
            return True
    # a name the quotes write as code ("a `statics` directory" to "Which directory ... static
    # files ...?"): one token the question nowhere writes, it is no echo of its words
    code = answer.strip().strip("`")
    one = bool(code) and not any(c.isspace() for c in code)
    if one and code.lower() not in question.lower() and any(f"`{code}`" in c for c in contexts):
        return True
    asked = [t.key for t in content(question)]
    if _runs_in(keys, asked):
        return False
    for quote in quotes:
        for name, _ in _proper_names(prepare(_in_context(quote, opened))):
            named = [t.key for t in content(name)]
            if named and _runs_in(named, keys) and not _runs_in(named, asked):
                return True
    return False


#: An identifier as code writes it: joined by _ . / : - ("docs_url", "a.b"), or camelCase.
_IDENTIFIER = re.compile(r"\b[A-Za-z0-9]+(?:[_./:-][A-Za-z0-9]+)+\b|\b[a-z]+[A-Z][A-Za-z0-9]*\b")


def _runs_in(keys: Sequence[str], seq: Sequence[str]) -> bool:
    """Whether ``keys`` occur in ``seq`` one after another (the answer is a piece of the
    question, not a name the question's words happen to make up)."""
    n = len(keys)
    return any(list(seq[i : i + n]) == list(keys) for i in range(len(seq) - n + 1))


def _in_context(quote: Quote, opened: Mapping[str, OpenedPage]) -> str:
    """The quote widened to the shown sentence(s) it is part of: a quote of "ship within 2
    working days" states what its sentence, "Orders ship within 2 working days.", says."""
    page = opened.get(quote.url)
    if page is None:
        return quote.text
    for offset, segment in page.segments():
        if offset <= quote.start and quote.end <= offset + len(segment):
            start, end = quote.start - offset, quote.end - offset
            for s_start, s_end in _sentence_spans(segment):
                if s_start <= start < s_end:
                    start = s_start
                if s_start < end <= s_end:
                    end = s_end
            return segment[start:end]
    return quote.text


@lru_cache(maxsize=256)
def _sentence_spans(text: str) -> tuple[tuple[int, int], ...]:
    return tuple(sentences(text))


def _missing_detail(
    missing: Sequence[Term], quotes: Sequence[Quote], opened: Mapping[str, OpenedPage]
) -> str:
    shown = ", ".join(repr(t.surface) for t in missing)
    quoted = {q.url for q in quotes}
    them = "it" if len(missing) == 1 else "them"
    detail = (
        f"the quoted evidence does not state {shown}: quote the sentence of a cited page "
        f"that says {them}, or leave {them} out of the answer"
    )
    keys = {t.key for t in missing}
    elsewhere = [
        url
        for url, page in opened.items()
        if url not in quoted and keys <= stated_keys([page.seen_text()])
    ]
    if elsewhere:
        detail += f" ({elsewhere[0]!r} says {them}: cite it and quote it)"
    return detail


def _proper_names(text: str) -> list[tuple[str, bool]]:
    """Runs of capitalised words, each with whether it opens a sentence; a sentence's
    first word is left out when it is a common word ("The", "It")."""
    names: list[tuple[str, bool]] = []
    run: list[str] = []
    run_opens = False
    sentence_start = True
    for match in re.finditer(r"\w+(?:['’]\w+)*|[^\w\s]", text):
        token = re.sub(r"['’]s$", "", match.group(0))
        capitalised = token[:1].isupper() and not token.isdigit()
        low = token.lower()
        framing = low in FRAMING or (low in STOPWORDS and (sentence_start or not run))
        if capitalised and not framing:
            if not run:
                run_opens = sentence_start
            run.append(token)
        elif run:
            names.append((" ".join(run), run_opens))
            run = []
        sentence_start = token in (".", "!", "?", ":", ";")
        if not token[:1].isalnum() and run:
            names.append((" ".join(run), run_opens))
            run = []
    if run:
        names.append((" ".join(run), run_opens))
    return names


def inline_ids(answer: str) -> list[str]:
    """Citations written in an answer: URLs anywhere (markdown links too) and bracketed
    ids such as ``[doc_voice]``."""
    urls = [u.rstrip(".,;:!?") for u in _URL.findall(answer)]
    ids = [m for m in _INLINE.findall(answer) if is_inline_id(m) and not _URL.fullmatch(m)]
    return list(dict.fromkeys(urls + ids))
