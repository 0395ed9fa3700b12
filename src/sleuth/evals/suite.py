"""Eval suites as data: cases with a question, a corpus and what a good run looks like.

A suite is a JSONL file (one case per line) or a built-in corpus name (its
``cases.jsonl``). A case line::

    {"id": "founder", "question": "...",
     "corpus": "acme" (optional: a built-in suite's corpus, ``--corpus``, or ``--index``),
     "require": ["venue", "time"] (a brief), "conflict_rule": "newest" (optional),
     "script": [raw model outputs] (optional: judge this transcript, not the policy),
     "expect": {"status": "ready_for_review", "reason": null,
                "cannot_answer": false,            # implied by status when absent
                "answer_contains": ["Ada Ortiz", ["Kenji Ito", "K. Ito"]],  # lists = aliases
                "answers": ["accepted answer", ...],      # accepted answers, EM / token F1
                "cites": [url, ...], "gold": [url, ...] (any one of them cited),
                "opened": [url, ...], "never_cited": [url, ...],
                "conflict_values": [...], "fields": {name: {"contains": str} |
                                                     {"cannot_answer": true} |
                                                     {"conflict_values": [...]}}}}

Standard QA files come in through `sleuth.datasets` (`dataset_suite`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from sleuth.corpus import Corpus, builtin_dir, builtin_names, load_corpus
from sleuth.datasets import Dataset, EvalCase, Skipped, load_dataset
from sleuth.errors import UsageError
from sleuth.jsonl import first_problem, load_jsonl
from sleuth.result import ConflictRule, Status


class FieldExpect(BaseModel):
    """What one field of a brief must hold."""

    model_config = ConfigDict(extra="forbid")

    contains: str | None = None
    cannot_answer: bool | None = None
    conflict_values: list[str] = []


class Expect(BaseModel):
    model_config = ConfigDict(extra="forbid")

    status: Status | None = None
    reason: (
        Literal[
            "no_hits",
            "not_found",
            "fact_missing",
            "invalid_finish",
            "budget",
            "timeout",
            "model_error",
            "conflict",
        ]
        | None
    ) = None
    cannot_answer: bool | None = None
    answer_contains: list[str | list[str]] = []
    answers: list[str] = []
    squad_scored: bool = False  # grade exact match and token F1 (standard QA data)
    cites: list[str] = []
    gold: list[str] = []
    opened: list[str] = []
    never_cited: list[str] = []
    conflict_values: list[str] = []
    fields: dict[str, FieldExpect] = {}

    @property
    def abstains(self) -> bool | None:
        """Whether a right run finishes without an answer (a conflict counts); None when
        the expected ending is no abstention at all (a budget stop, an invalid finish)."""
        if self.cannot_answer is not None:
            return self.cannot_answer
        if self.status is None:
            return None
        if self.status is Status.READY_FOR_REVIEW:
            return False
        if self.status is Status.CONFLICT:
            return True
        if self.status is Status.INCOMPLETE and self.reason in (
            None,
            "no_hits",
            "not_found",
            "fact_missing",
        ):
            return True
        return None

    @property
    def sources(self) -> list[str]:
        """The pages that hold the answer, for telling retrieval from reading failures."""
        return list(dict.fromkeys([*self.gold, *self.cites, *self.opened]))


class _CaseIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1)
    question: str = Field(min_length=1)
    corpus: str | None = None
    require: list[str] = []
    conflict_rule: ConflictRule | None = None
    script: list[Any] | None = None
    expect: Expect = Expect()


@dataclass(frozen=True)
class SuiteCase:
    id: str
    question: str
    corpus: Callable[[], Corpus] = field(repr=False, compare=False)
    expect: Expect
    require: tuple[str, ...] = ()
    conflict_rule: ConflictRule | None = None
    script: tuple[Any, ...] | None = None  # a transcript to judge instead of the policy


@dataclass(frozen=True)
class Suite:
    name: str
    cases: list[SuiteCase]
    skipped: tuple[Skipped, ...] = ()  # a dataset file's bad records, left out


def load_suite(
    spec: str,
    limit: int | None = None,
    *,
    corpus: str | None = None,
    source: Callable[[], Corpus] | None = None,
) -> Suite:
    """A built-in suite by corpus name, or a JSONL file of cases.

    ``corpus`` is the corpus of a file's cases that name none (a built-in suite's is its
    own); ``source`` is what *every* case researches instead of its corpus (an on-disk
    index: then no case needs a ``corpus``)."""
    path = Path(spec)
    if spec in builtin_names():  # a bare built-in name wins; "./acme" names a local file
        return _from_lines(
            spec, builtin_dir(spec) / "cases.jsonl", spec, limit=limit, source=source
        )
    if not path.is_file():
        known = ", ".join(builtin_names())
        raise UsageError(f"unknown suite {spec!r}: built-in suites are {known}, or give a file")
    if corpus is not None and corpus not in builtin_names() and not Path(corpus).is_file():
        raise UsageError(f"no corpus {corpus!r}: give a built-in name or a JSON/JSONL file")
    return _from_lines(str(path), path, corpus, limit=limit, source=source)


def _from_lines(
    name: str,
    path: Path,
    default_corpus: str | None,
    limit: int | None,
    source: Callable[[], Corpus] | None = None,
) -> Suite:
    corpora: dict[str, Corpus] = {}

    def corpus_of(spec: str) -> Callable[[], Corpus]:
        def load() -> Corpus:
            if spec not in corpora:
                corpora[spec] = load_corpus(_relative(spec, path))
            return corpora[spec]

        return load

    cases: list[SuiteCase] = []
    seen: set[str] = set()
    lines = load_jsonl(path, error=UsageError)  # `sleuth.jsonl`'s rules, one case a line
    for lineno, line in lines:
        try:
            raw = _CaseIn.model_validate(line)
        except ValidationError as exc:
            raise UsageError(f"{path}:{lineno}: {first_problem(exc, 'case')}") from None
        spec = raw.corpus or default_corpus
        if source is None and spec is not None and spec not in builtin_names():
            located = Path(_relative(spec, path))
            if not located.is_file():
                raise UsageError(f"{path}:{lineno}: case {raw.id!r}: no corpus file {spec!r}")
        if source is None and spec is None:
            raise UsageError(
                f"{path}:{lineno}: case {raw.id!r} names no corpus "
                '(give it a "corpus", or run the suite with --corpus or --index)'
            )
        if raw.id in seen:
            raise UsageError(f"{path}:{lineno}: case id {raw.id!r} appears twice")
        seen.add(raw.id)
        cases.append(
            SuiteCase(
                id=raw.id,
                question=raw.question,
                corpus=source if source is not None else corpus_of(str(spec)),
                expect=raw.expect,
                require=tuple(raw.require),
                conflict_rule=raw.conflict_rule,
                script=tuple(raw.script) if raw.script is not None else None,
            )
        )
        if limit is not None and len(cases) >= limit:
            lines.close()
            break
    if not cases:
        raise UsageError(f"{path}: the suite has no cases")
    return Suite(name=name, cases=cases)


def _relative(spec: str, suite_path: Path) -> str:
    """A corpus file named in a suite is relative to the suite's folder."""
    if spec in builtin_names() or Path(spec).is_absolute():
        return spec
    beside = suite_path.parent / spec
    return str(beside) if beside.exists() else spec


def dataset_suite(
    spec: str,
    setting: str = "closed",
    limit: int | None = None,
    derive_unanswerable: bool = False,
    strict: bool = False,
) -> Suite:
    """A standard QA file (``squad2:PATH``, ``hotpotqa:PATH``, ``musique:PATH``) as a
    suite: accepted answers for EM/F1, gold pages for the source and failure graders.
    The file's bad records are left out and listed in ``skipped`` (``strict``: the
    first is an error)."""
    dataset = load_dataset(
        spec, setting=setting, limit=limit, derive_unanswerable=derive_unanswerable, strict=strict
    )
    return Suite(
        name=f"{dataset.name} ({setting})",
        cases=dataset_cases(dataset, lambda case: _dataset_corpus(dataset, case)),
        skipped=dataset.skipped,
    )


def dataset_cases(
    dataset: Dataset, source: Callable[[EvalCase], Callable[[], Corpus]]
) -> list[SuiteCase]:
    """The dataset's cases as suite cases, each researching ``source(case)``: accepted
    answers for EM/F1, gold pages for the source and failure graders."""
    return [
        SuiteCase(
            id=case.id,
            question=case.question,
            corpus=source(case),
            expect=Expect(
                cannot_answer=not case.answerable,
                answers=case.answers,
                gold=case.gold_urls,
                squad_scored=True,
            ),
        )
        for case in dataset.cases
    ]


def _dataset_corpus(dataset: Dataset, case: EvalCase) -> Callable[[], Corpus]:
    return lambda: dataset.corpus_for(case)
