"""The outcome of a run: a closed set of statuses and reasons, never prose to match.

`Result` is what the CLI prints with ``--json``, what the store keeps and what (later)
the HTTP service returns. ``cannot_answer`` is true for every status but
``ready_for_review``; then ``answer`` starts with ``cannot:`` and ``citations`` and
``evidence`` are empty (a conflict keeps its competing values in ``conflicts``).
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field


class Status(StrEnum):
    READY_FOR_REVIEW = "ready_for_review"
    INCOMPLETE = "incomplete"
    BUDGET_EXHAUSTED = "budget_exhausted"
    CONFLICT = "conflict"


class Reason(StrEnum):
    NO_HITS = "no_hits"
    NOT_FOUND = "not_found"
    FACT_MISSING = "fact_missing"
    INVALID_FINISH = "invalid_finish"
    BUDGET = "budget"
    TIMEOUT = "timeout"
    MODEL_ERROR = "model_error"
    REJECTED = "rejected"  # a person rejected a side-effecting call (e.g. publish_brief)
    CANCELLED = "cancelled"  # the caller cancelled the run (e.g. an MCP client)
    CONFLICT = "conflict"


class ConflictRule(StrEnum):
    """Explicit rules that may resolve a conflict. Chosen by the caller, never by a
    model or a page."""

    NEWEST = "newest"  # later `published`, then higher `version`
    AUTHORITY = "authority"  # higher `authority`


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Quote(_Model):
    """A verbatim span of an opened page: ``page_text[start:end]`` is the quote as it
    stands in the page (the model's copy may differ only in whitespace)."""

    url: str
    text: str
    opened_step: int = Field(description="the step whose open() first showed this page")
    start: int
    end: int


class ConflictValue(_Model):
    value: str
    citation: str
    evidence: Quote
    published: str | None = None
    version: int | None = None
    authority: int | None = None


class Resolution(_Model):
    """Which explicit rule picked which source over which others."""

    rule: ConflictRule
    picked: str
    over: list[str]


class FieldResult(_Model):
    """One required field of a brief, sourced on its own."""

    cannot_answer: bool
    answer: str
    citations: list[str] = []
    evidence: list[Quote] = []
    conflicts: list[ConflictValue] = []
    resolution: Resolution | None = None


class Usage(_Model):
    """Tokens of model calls. ``input_tokens`` are uncached input; cache reads and
    writes are counted apart. ``cost_usd`` is an estimate from a price table, None when
    the model's price is unknown."""

    input_tokens: int = 0
    output_tokens: int = 0
    cached_input_tokens: int = 0
    cache_write_input_tokens: int = 0
    cost_usd: float | None = None

    def __add__(self, other: Usage) -> Usage:
        costs = [c for c in (self.cost_usd, other.cost_usd) if c is not None]
        return Usage(
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
            cached_input_tokens=self.cached_input_tokens + other.cached_input_tokens,
            cache_write_input_tokens=self.cache_write_input_tokens + other.cache_write_input_tokens,
            cost_usd=round(sum(costs), 6) if costs else None,
        )


class Result(_Model):
    run_id: str
    question: str
    status: Status
    reason: Reason | None
    cannot_answer: bool
    answer: str
    citations: list[str] = []
    evidence: list[Quote] = []
    conflicts: list[ConflictValue] = []
    resolution: Resolution | None = None
    fields: dict[str, FieldResult] | None = None
    steps: int
    opened: list[str] = []
    rejected_finishes: list[str] = Field(
        default=[], description="validation codes of rejected finish attempts, in order"
    )
    policy: str
    corpus: str
    elapsed_s: float
    usage: Usage = Usage()
    confidence: float | None = Field(
        default=None, description="the policy's own confidence in an accepted answer, if any"
    )
