"""Graders: each returns a value *and* a reason; failures are classified by where they
happened.

A case passes when every grader that counts passes. Trajectory graders (repeated
lookups, finishing before opening anything, extra steps, turn limit) are diagnostics:
they are reported but do not decide a pass.

Failure classes, first match wins:

* ``protocol`` — the run ended invalid_finish or model_error;
* ``budget`` — steps or time ran out;
* ``retrieval`` — the right source never appeared in any search result (a case that
  names no source: no page the run found holds the expected answer);
* ``reading`` — it appeared but was not opened, or was opened but not cited;
* ``answering`` — the fact was missing or wrong, an answerable question was abstained
  on, or an unanswerable one answered.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sleuth.corpus import Corpus
from sleuth.evals.suite import Expect
from sleuth.result import Reason, Result, Status
from sleuth.state import OpenedPage, Step
from sleuth.validate import is_inline_id, unsupported_terms

MIN_STEPS = 3  # search, open, finish


@dataclass(frozen=True)
class Grade:
    name: str
    passed: bool
    reason: str
    value: float | None = None
    counts: bool = True  # False for diagnostics that do not decide a pass

    @classmethod
    def unless(cls, name: str, wrong: list[str], ok: str, saying: str) -> Grade:
        """Passed when nothing is ``wrong``, as ``ok``; else failed, ``saying`` what is."""
        return cls(name, not wrong, f"{saying} {', '.join(wrong)}" if wrong else ok)


@dataclass(frozen=True)
class Graded:
    grades: list[Grade]
    passed: bool
    failure: str | None  # the failure class when not passed
    em: float | None = None
    f1: float | None = None
    details: dict[str, Any] = field(default_factory=dict)


# -- answer comparison --------------------------------------------------------------------

_ARTICLES = re.compile(r"\b(a|an|the)\b")
_PUNCTUATION = str.maketrans("", "", string.punctuation)
#: What makes identifiers (``openai/gpt-5-mini``, ``src/app.py``, ``https://x.example/a``,
#: ``snake_case``, ``3.11``): kept inside a token, and at its start except for ``:``.
IDENTIFIER_CHARACTERS = "/:-_.~"
_INNER = str.maketrans(
    "", "", "".join(c for c in string.punctuation if c not in IDENTIFIER_CHARACTERS)
)
_LEAD = "".join(c for c in string.punctuation if c not in "/-_.~")
_TRAIL = "".join(c for c in string.punctuation if c != "_")
_TYPOGRAPHY = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"', "–": "-", "—": " "})
_ARTICLE_WORDS = frozenset({"a", "an", "the"})


def normalize_answer(text: str, identifiers: bool = True) -> str:
    """Lower case, single spaces, no articles; prose punctuation gone.

    By default the characters that make identifiers (`IDENTIFIER_CHARACTERS`) stay
    inside a token, so ``openai/gpt-5-mini`` stays one token that ``gpt-5-mini`` does
    not match and ``3.11`` is not ``311``; quotes, commas, brackets and a sentence's
    final period are still dropped. ``identifiers=False`` is the SQuAD rule (every
    punctuation character removed), which EM and F1 on standard QA data use so that
    their figures compare with published ones."""
    text = text.lower().translate(_TYPOGRAPHY)
    if not identifiers:
        return " ".join(_ARTICLES.sub(" ", text.translate(_PUNCTUATION)).split())
    tokens = []
    for raw in text.split():
        token = raw.lstrip(_LEAD).rstrip(_TRAIL).translate(_INNER)
        if token and token not in _ARTICLE_WORDS:
            tokens.append(token)
    return " ".join(tokens)


def exact_match(prediction: str, golds: Sequence[str], identifiers: bool = True) -> float:
    norm = normalize_answer(prediction, identifiers)
    return float(any(norm == normalize_answer(g, identifiers) for g in golds))


def token_f1(prediction: str, golds: Sequence[str], identifiers: bool = True) -> float:
    best = 0.0
    predicted = normalize_answer(prediction, identifiers).split()
    for gold in golds:
        expected = normalize_answer(gold, identifiers).split()
        common = sum((Counter(predicted) & Counter(expected)).values())
        if common:
            precision, recall = common / len(predicted), common / len(expected)
            best = max(best, 2 * precision * recall / (precision + recall))
    return best


def contains(text: str, phrase: str) -> bool:
    """Whether ``phrase`` is in ``text`` as whole tokens (`normalize_answer`), or in
    ``text`` with its calls' argument lists dropped: `SimpleUser(username)` names
    SimpleUser (its argument is named by nothing, and exact match and F1 still compare
    whole calls)."""
    wanted = normalize_answer(phrase)
    if not wanted:
        return False
    return any(
        f" {wanted} " in f" {normalize_answer(t)} " for t in (text, _CALL_ARGUMENTS.sub("", text))
    )


# a call's argument list: "(username)" of `SimpleUser(username)`
_CALL_ARGUMENTS = re.compile(r"(?<=[\w.])\([^()]*\)")


def _strip_ids(answer: str) -> str:
    """An answer without the citations written into it ([doc_x], (URL), [text](URL), URL)."""
    answer = re.sub(r"\[([^\[\]]*)\]\([^()\s]+\)", r"\1", answer)  # markdown links
    answer = re.sub(r"\(?\b[a-z][a-z0-9+.-]*://[^\s()]+\)?", "", answer, flags=re.I)
    return re.sub(r"\s*\[([^\[\]\s]+)\]", _unless_claim, answer).strip(" ,;")


def _unless_claim(match: re.Match[str]) -> str:
    """Drop ``[doc_x]`` and a footnote ``[1]``; keep what is part of the answer, such as
    the extra of ``pyjwt[crypto]`` or a bracketed year."""
    inner = match.group(1)
    citation = is_inline_id(inner) or (inner.isdigit() and len(inner) <= 2)
    return "" if citation else match.group(0)


def _reason(result: Result) -> str:
    return result.reason.value if result.reason else "-"


# -- grading one run ----------------------------------------------------------------------


#: How a run may end and still count as abstaining: it finished, saying the corpus does
#: not (consistently) give the fact. Budgets, invalid finishes and model errors do not.
ABSTENTIONS = frozenset({Reason.NO_HITS, Reason.NOT_FOUND, Reason.FACT_MISSING, Reason.CONFLICT})


def abstained(result: Result) -> bool:
    return result.cannot_answer and result.reason in ABSTENTIONS


def grade(expect: Expect, result: Result, steps: Sequence[Step], corpus: Corpus) -> Graded:
    answer = _strip_ids(result.answer)
    fields = list((result.fields or {}).values())
    # what the run answered: nothing when it abstained, but the fields a brief did answer
    answered_values = [] if result.cannot_answer else [answer]
    answered_values += [_strip_ids(f.answer) for f in fields if not f.cannot_answer]
    shown = " | ".join(answered_values)
    grades: list[Grade] = []
    cited = with_documents(
        [
            *result.citations,
            *(c.citation for c in result.conflicts),
            *(c for f in fields for c in f.citations),
            *(c.citation for f in fields for c in f.conflicts),
        ],
        corpus,
    )
    opened = with_documents(result.opened, corpus)

    if expect.status is not None:
        got = f"{result.status.value}/{result.reason.value if result.reason else '-'}"
        ok = result.status is expect.status and (
            expect.reason is None
            or (result.reason is not None and result.reason.value == expect.reason)
        )
        grades.append(
            Grade(
                "outcome",
                ok,
                f"expected {expect.status.value}"
                f"{'/' + expect.reason if expect.reason else ''}, got {got}",
            )
        )
    abstains = expect.abstains
    if abstains is not None:
        ok = abstained(result) if abstains else not result.cannot_answer
        what = "abstain" if abstains else "answer"
        if abstained(result):
            did = "abstained"
        elif result.cannot_answer:
            did = f"stopped without finishing ({result.status.value}/{_reason(result)})"
        else:
            did = f"answered {answer[:60]!r}"
        grades.append(Grade("abstention", ok, f"should {what}; {did}"))
    for group in expect.answer_contains:
        aliases = [group] if isinstance(group, str) else list(group)
        ok = any(contains(shown, a) for a in aliases)
        grades.append(
            Grade(
                "key_fact",
                ok,
                f"{' / '.join(aliases)!r} {'found' if ok else 'not found'} in {shown[:80]!r}",
            )
        )
    em = f1 = None
    if expect.answers or expect.squad_scored:
        if expect.abstains:  # SQuAD 2.0: abstaining on an unanswerable question is exact
            em = f1 = float(abstained(result))
        else:  # standard QA data are scored by the SQuAD rule, a suite's own answers not
            ids = not expect.squad_scored
            em = 0.0 if result.cannot_answer else exact_match(answer, expect.answers, ids)
            f1 = 0.0 if result.cannot_answer else token_f1(answer, expect.answers, ids)
            found = not result.cannot_answer and any(contains(answer, a) for a in expect.answers)
            ok = bool(em) or found or f1 >= 0.5
            grades.append(
                Grade(
                    "accepted_answer",
                    ok,
                    f"EM {em:.0f}, F1 {f1:.2f} against {expect.answers[:3]!r}",
                    value=f1,
                )
            )
    if not result.cannot_answer:
        valid = bool(result.citations) and set(result.citations) <= set(result.opened)
        grades.append(
            Grade(
                "citations_valid",
                valid,
                f"{len(result.citations)} citation(s), "
                f"{'all' if valid else 'not all'} opened in the run",
            )
        )
        pages = _opened(result, corpus)
        claims = [f.answer for f in fields if not f.cannot_answer] if fields else [result.answer]
        missing_terms = [t for claim in claims for t in unsupported_terms(claim, pages)]
        supported = "every name and number is in an opened page"
        grades.append(Grade.unless("supported", missing_terms, supported, "unsupported:"))
    missing = [u for u in expect.cites if u not in cited]
    if expect.cites:
        grades.append(
            Grade.unless("right_source", missing, "cited the expected source", "did not cite")
        )
    if expect.gold and not expect.abstains and not result.cannot_answer:
        ok = bool(cited & set(expect.gold))
        grades.append(
            Grade(
                "gold_source",
                ok,
                "cited a gold page" if ok else f"cited none of {len(expect.gold)} gold page(s)",
            )
        )
    unopened = [u for u in expect.opened if u not in opened]
    if expect.opened:
        grades.append(Grade.unless("opened", unopened, "opened the expected page", "never opened"))
    wrongly = [u for u in expect.never_cited if u in cited]
    if expect.never_cited:
        grades.append(Grade.unless("never_cited", wrongly, "no forbidden citation", "cited"))
    if expect.conflict_values:
        have = {c.value for c in result.conflicts}
        have |= {c.value for f in (result.fields or {}).values() for c in f.conflicts}
        absent = [v for v in expect.conflict_values if not any(contains(h, v) for h in have)]
        grades.append(
            Grade(
                "conflict_values",
                not absent,
                "kept every competing value"
                if not absent
                else f"missing competing values {absent}",
            )
        )
    grades += _field_grades(expect, result)
    grades += trajectory(steps, result)
    passed = all(g.passed for g in grades if g.counts)
    failure = None if passed else classify(expect, result, steps, corpus)
    return Graded(grades=grades, passed=passed, failure=failure, em=em, f1=f1)


def _field_grades(expect: Expect, result: Result) -> list[Grade]:
    out = []
    fields = result.fields or {}
    for name, want in expect.fields.items():
        got = fields.get(name)
        if got is None:
            out.append(Grade(f"field:{name}", False, "the brief has no such field"))
            continue
        if want.contains is not None:
            ok = not got.cannot_answer and contains(got.answer, want.contains)
            ok = ok and bool(got.citations) and bool(got.evidence)
            out.append(
                Grade(f"field:{name}", ok, f"{got.answer[:60]!r}, {len(got.citations)} citation(s)")
            )
        if want.cannot_answer is not None:
            ok = got.cannot_answer == want.cannot_answer and not (
                got.cannot_answer and got.citations
            )
            said = "abstained" if got.cannot_answer else f"answered {got.answer!r}"
            out.append(Grade(f"field:{name}", ok, said))
        if want.conflict_values:
            have = [c.value for c in got.conflicts]
            absent = [v for v in want.conflict_values if not any(contains(h, v) for h in have)]
            out.append(Grade(f"field:{name}", not absent, f"competing values {have}"))
    return out


def trajectory(steps: Sequence[Step], result: Result) -> list[Grade]:
    """Diagnostics of how the run went (reported, never deciding a pass)."""
    repeated = sum(1 for s in steps if s.observation.error == "repeated_search")
    reopened = sum(1 for s in steps if s.observation.data.get("reopened"))
    finished_blind = any(s.tool == "finish" for s in steps) and not result.opened
    return [
        Grade(
            "no_repeated_lookups",
            repeated + reopened == 0,
            f"{repeated} repeated search(es), {reopened} re-open(s)",
            counts=False,
        ),
        Grade(
            "opened_before_finishing",
            not finished_blind or result.cannot_answer,
            "finished without opening anything" if finished_blind else "opened first",
            counts=False,
        ),
        Grade(
            "steps_over_minimum",
            result.steps <= MIN_STEPS,
            f"{result.steps} steps (minimum {MIN_STEPS})",
            value=result.steps - MIN_STEPS,
            counts=False,
        ),
        Grade(
            "within_turn_limit",
            result.status is not Status.BUDGET_EXHAUSTED,
            "stopped by a budget"
            if result.status is Status.BUDGET_EXHAUSTED
            else "finished within its budget",
            counts=False,
        ),
    ]


def classify(
    expect: Expect, result: Result, steps: Sequence[Step], corpus: Corpus | None = None
) -> str:
    """Where a failed run went wrong (see the module docstring). The right sources are
    the case's (``gold``, ``cites``, ``opened``); a case that names none but says what
    the answer holds (``answer_contains``, ``answers``, a field's ``contains``) has them
    found in the trace: the pages the run's searches returned or it opened whose text
    holds an expected answer (`fact_pages`). So a suite over your own index, which
    rarely knows its URLs, is classified as the built-in suites are."""
    if result.reason in (Reason.INVALID_FINISH, Reason.MODEL_ERROR):
        return "protocol"
    if result.status is Status.BUDGET_EXHAUSTED:
        return "budget"
    if expect.abstains:
        return "answering"
    sources = set(expect.sources)
    if not sources and corpus is not None and answer_phrases(expect):
        sources = fact_pages(expect, steps, result, corpus)
        if not sources:
            return "retrieval"  # nothing the run found holds the answer
    if sources:
        seen = with_documents(searched_urls(steps), corpus)
        opened = with_documents(result.opened, corpus)
        if not sources & seen and not sources & opened:
            return "retrieval"
        if not sources & opened:
            return "reading"
        cited = with_documents(result.citations, corpus)
        if not result.cannot_answer and not sources & cited:
            return "reading"
    return "answering"


def answer_phrases(expect: Expect) -> list[str]:
    """Every phrase an expected answer is known by (aliases included)."""
    phrases = [
        p
        for group in expect.answer_contains
        for p in ([group] if isinstance(group, str) else group)
    ]
    phrases += expect.answers
    phrases += [f.contains for f in expect.fields.values() if f.contains]
    return [p for p in dict.fromkeys(phrases) if normalize_answer(p)]


def fact_pages(expect: Expect, steps: Sequence[Step], result: Result, corpus: Corpus) -> set[str]:
    """The pages the run saw (search results and opens) whose title or text holds an
    expected answer, as URLs with their documents (`with_documents`)."""
    phrases = answer_phrases(expect)
    found: set[str] = set()
    for url in dict.fromkeys([*searched_urls(steps), *result.opened]):
        page = corpus.get(url)
        if page is not None and any(contains(f"{page.title} {page.body}", p) for p in phrases):
            found.add(url)
    return with_documents(found, corpus)


_PASSAGE = re.compile(r"#p\d+$")


def with_documents(urls: Iterable[str], corpus: Corpus | None = None) -> set[str]:
    """The URLs, plus the document each passage URL (``URL#p12``; over an index also a
    section's ``URL#parameters``, which the corpus's ``document_url`` knows) belongs to,
    so that a source named by its document matches a citation of one of its passages."""
    document_url = getattr(corpus, "document_url", None)
    out = set()
    for url in urls:
        out.add(url)
        out.add(_PASSAGE.sub("", url))
        if document_url is not None and "#" in url:
            out.add(document_url(url))
    return out


def searched_urls(steps: Iterable[Step]) -> list[str]:
    """Every URL any search of the run returned, in order."""
    urls: list[str] = []
    for step in steps:
        for hit in step.observation.data.get("hits", []) if step.tool == "search" else []:
            urls.append(hit["url"])
    return list(dict.fromkeys(urls))


def _opened(result: Result, corpus: Corpus) -> dict[str, OpenedPage]:
    opened = {}
    for url in result.opened:
        page = corpus.get(url)
        if page is not None:
            opened[url] = OpenedPage(page=page, opened_step=0)
            opened[url].mark_seen(0, len(page.body))
    return opened
