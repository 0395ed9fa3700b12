"""From a validated finish (or a stop) to the fields of a `Result`.

Pure functions. The reason for a cannot-answer is derived from the trace, never taken
from the model: nothing opened after opens were tried → ``not_found``; searches that
all came back empty → ``no_hits``; otherwise ``fact_missing``. Conflicts stay
conflicts unless the caller named an explicit rule that picks exactly one source.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, date, datetime

from sleuth.result import (
    ConflictRule,
    ConflictValue,
    FieldResult,
    Quote,
    Reason,
    Resolution,
    Status,
)
from sleuth.state import RunState
from sleuth.validate import Sourced, Validated
from sleuth.values import same_value


@dataclass(frozen=True)
class Outcome:
    status: Status
    reason: Reason | None
    answer: str
    citations: list[str] = field(default_factory=list)
    evidence: list[Quote] = field(default_factory=list)
    conflicts: list[ConflictValue] = field(default_factory=list)
    resolution: Resolution | None = None
    fields: dict[str, FieldResult] | None = None

    @property
    def cannot_answer(self) -> bool:
        return self.status is not Status.READY_FOR_REVIEW


def abstain_reason(state: RunState) -> Reason:
    if state.opened:
        return Reason.FACT_MISSING
    tools = [s.tool for s in state.steps]
    if "open" in tools:
        return Reason.NOT_FOUND
    searches = [s for s in state.steps if s.tool == "search" and s.observation.kind == "hits"]
    if searches and not any(s.observation.data.get("hits") for s in searches):
        return Reason.NO_HITS
    return Reason.FACT_MISSING


def stopped(status: Status, reason: Reason, why: str) -> Outcome:
    return Outcome(status=status, reason=reason, answer=f"cannot: {why}")


def from_validated(validated: Validated, state: RunState) -> Outcome:
    rule = state.task.conflict_rule
    if validated.fields is None:
        assert validated.single is not None
        one = resolve(validated.single, rule)
        status, reason = _status_of([one], state)
        if status is Status.READY_FOR_REVIEW:
            return Outcome(
                status, None, one.answer, one.citations, one.evidence, one.conflicts, one.resolution
            )
        answer = one.answer if one.answer.lower().startswith("cannot:") else f"cannot: {one.answer}"
        return Outcome(status, reason, answer, conflicts=one.conflicts)
    fields = {name: resolve(s, rule) for name, s in validated.fields.items()}
    status, reason = _status_of(list(fields.values()), state)
    if status is Status.READY_FOR_REVIEW:
        answer = "; ".join(f"{name}: {f.answer}" for name, f in fields.items())
        citations = list(dict.fromkeys(c for f in fields.values() for c in f.citations))
        evidence = [q for f in fields.values() for q in f.evidence]
        return Outcome(status, None, answer, citations, evidence, fields=fields)
    gaps = [n for n, f in fields.items() if f.cannot_answer]
    why = {Status.CONFLICT: "sources disagree on", Status.INCOMPLETE: "no opened page gives"}
    return Outcome(status, reason, f"cannot: {why[status]} {', '.join(gaps)}", fields=fields)


def _status_of(parts: list[FieldResult], state: RunState) -> tuple[Status, Reason | None]:
    missing = [p for p in parts if p.cannot_answer and not p.conflicts]
    if missing:
        return Status.INCOMPLETE, abstain_reason(state)
    if any(p.cannot_answer for p in parts):
        return Status.CONFLICT, Reason.CONFLICT
    return Status.READY_FOR_REVIEW, None


def resolve(sourced: Sourced, rule: ConflictRule | None) -> FieldResult:
    """A validated part as a `FieldResult`, with a conflict settled by ``rule`` when the
    rule picks exactly one value."""
    base = FieldResult(
        cannot_answer=sourced.cannot_answer,
        answer=sourced.answer,
        citations=sourced.citations,
        evidence=sourced.evidence,
        conflicts=sourced.conflicts,
    )
    if not sourced.conflicts or rule is None:
        return base
    winner = pick(sourced.conflicts, rule)
    if winner is None:
        return base
    over = [c.citation for c in sourced.conflicts if c.citation != winner.citation]
    return FieldResult(
        cannot_answer=False,
        answer=winner.value,
        citations=[winner.citation],
        evidence=[winner.evidence],
        conflicts=sourced.conflicts,
        resolution=Resolution(rule=rule, picked=winner.citation, over=over),
    )


def pick(conflicts: list[ConflictValue], rule: ConflictRule) -> ConflictValue | None:
    """The one value ``rule`` ranks strictly first, or None when a source lacks the
    metadata the rule needs or different values share the top rank.

    ``newest``: the later ``published`` date (parsed, time zones honoured), then the
    higher ``version``. ``authority``: the higher ``authority``."""
    ranked = [(_rank(c, rule), c) for c in conflicts]
    if any(r is None for r, _ in ranked):
        return None
    best = max(r for r, _ in ranked if r is not None)
    top = [c for r, c in ranked if r == best]
    if not all(same_value(c.value, top[0].value) for c in top):
        return None
    return top[0]


def _rank(c: ConflictValue, rule: ConflictRule) -> tuple[float, int] | None:
    if rule is ConflictRule.AUTHORITY:
        return None if c.authority is None else (float(c.authority), 0)
    if c.published is None and c.version is None:
        return None
    return (_timestamp(c.published), c.version or 0)


def _timestamp(published: str | None) -> float:
    if published is None:
        return float("-inf")
    try:
        when = datetime.fromisoformat(published)
    except ValueError:
        when = datetime.combine(date.fromisoformat(published), datetime.min.time())
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.timestamp()
