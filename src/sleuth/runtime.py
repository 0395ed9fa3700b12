"""The loop: one generator for every policy and protocol.

    decide ─▶ execute ─▶ record ─▶ (finish? validate: accept | one repair | abstain)

`run_steps` yields each `Step` as it is recorded and returns the `Result`. The runtime
alone owns budgets (steps, wall-clock seconds, tokens), the opened set, duplicate
searches, validation and stopping; a policy only proposes the next tool call.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol

from sleuth.corpus import Corpus
from sleuth.decision import TOOL_NAMES, Decision, ParseError
from sleuth.errors import ModelError, ScriptExhaustedError, SleuthError
from sleuth.outcome import Outcome, abstain_reason, from_validated, stopped
from sleuth.result import Reason, Result, Status, Usage
from sleuth.search import Fts5Index, SearchIndex
from sleuth.state import Budgets, Observation, RunState, Step, Task
from sleuth.tools import run_open, run_search
from sleuth.validate import Validated, validate_finish

log = logging.getLogger("sleuth")

MAX_REJECTED_FINISHES = 2


@dataclass(frozen=True)
class Turn:
    """A policy's proposal for one step: the parsed decision plus what produced it."""

    parsed: Decision | ParseError
    raw: Any = None
    usage: Usage | None = None


class Policy(Protocol):
    name: str

    def decide(self, state: RunState) -> Turn: ...


class RunRecorder(Protocol):
    """Where a run is written as it goes (see `sleuth.store.RunStore`)."""

    def start_run(self, state: RunState) -> None: ...
    def append_step(self, run_id: str, step: Step) -> None: ...
    def finish_run(self, result: Result) -> None: ...
    def fail_run(self, run_id: str, error: str) -> None: ...


def new_run_id() -> str:
    return datetime.now(UTC).strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3)


def run_steps(
    task: Task,
    corpus: Corpus,
    policy: Policy,
    budgets: Budgets | None = None,
    *,
    index: SearchIndex | None = None,
    recorder: RunRecorder | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Generator[Step, None, Result]:
    budgets = budgets or Budgets()
    index = index or Fts5Index(corpus)
    state = RunState(
        run_id=new_run_id(), task=task, budgets=budgets, corpus=corpus.name, policy=policy.name
    )
    started = clock()
    deadline = started + budgets.timeout_s
    if recorder:
        recorder.start_run(state)
    outcome: Outcome | None = None
    try:
        while outcome is None:
            outcome = _exhausted(state, clock() >= deadline)
            if outcome is not None:
                break
            step_started = clock()
            at = datetime.now(UTC).isoformat(timespec="milliseconds")
            try:
                turn = policy.decide(state)
            except ModelError as exc:
                log.warning("model error in run %s: %s", state.run_id, exc)
                outcome = stopped(Status.INCOMPLETE, Reason.MODEL_ERROR, f"the model failed: {exc}")
                break
            if turn.usage:
                state.usage = _add(state.usage, turn.usage)
            if clock() >= deadline:  # a late answer is not used
                outcome = _exhausted(state, late=True)
                break
            index_no = len(state.steps) + 1
            observation, outcome = _execute(turn.parsed, state, corpus, index, index_no)
            parsed = turn.parsed
            step = Step(
                index=index_no,
                thought=parsed.thought,
                tool=parsed.tool if isinstance(parsed, Decision) else "",
                args=parsed.args if isinstance(parsed, Decision) else {},
                observation=observation,
                raw=turn.raw,
                started_at=at,
                duration_ms=round((clock() - step_started) * 1000, 3),
                usage=turn.usage,
            )
            state.steps.append(step)
            if recorder:
                recorder.append_step(state.run_id, step)
            yield step
    except Exception as exc:  # a programmer's error: store it with the partial run, re-raise
        if recorder:
            known = isinstance(exc, SleuthError)
            recorder.fail_run(state.run_id, str(exc) if known else f"{type(exc).__name__}: {exc}")
        if isinstance(exc, ScriptExhaustedError):
            exc.run_id = state.run_id
        raise
    result = _result(state, outcome, clock() - started)
    if recorder:
        recorder.finish_run(result)
    return result


def run(
    task: Task, corpus: Corpus, policy: Policy, budgets: Budgets | None = None, **kwargs: Any
) -> Result:
    """Run to the end and return the `Result` (see `run_steps` for the steps)."""
    steps = run_steps(task, corpus, policy, budgets, **kwargs)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            result: Result = stop.value
            return result


def _execute(
    parsed: Decision | ParseError, state: RunState, corpus: Corpus, index: SearchIndex, step: int
) -> tuple[Observation, Outcome | None]:
    if isinstance(parsed, ParseError):
        return Observation(
            text=f"error: could not parse your reply: {parsed.message}",
            kind="error",
            error="parse_error",
        ), None
    notes = "".join(f"\n(note: {n})" for n in parsed.notes)
    if parsed.tool == "search":
        obs = run_search(parsed.args, index, state, step)
    elif parsed.tool == "open":
        obs = run_open(parsed.args, corpus, state, step)
    elif parsed.tool == "finish":
        return _finish(parsed.args, state)
    else:
        obs = Observation(
            text=f"error: unknown tool {parsed.tool!r}; the tools are {', '.join(TOOL_NAMES)}",
            kind="error",
            error="unknown_tool",
        )
    if notes:
        obs = Observation(text=obs.text + notes, kind=obs.kind, error=obs.error, data=obs.data)
    return obs, None


def _finish(payload: dict[str, Any], state: RunState) -> tuple[Observation, Outcome | None]:
    verdict = validate_finish(payload, state.opened, state.task.require)
    if isinstance(verdict, Validated):
        outcome = from_validated(verdict, state)
        return Observation(text=f"finished: {outcome.status.value}", kind="finish"), outcome
    first = verdict[0]
    state.rejected.append(first.code)
    detail = "; ".join(str(p) for p in verdict)
    if len(state.rejected) >= MAX_REJECTED_FINISHES:
        text = f"finish rejected: {first.code} ({detail}). No repair turns left."
        outcome = stopped(
            Status.INCOMPLETE,
            Reason.INVALID_FINISH,
            f"the finish was rejected twice ({', '.join(state.rejected)})",
        )
        return Observation(text=text, kind="rejected", error=first.code), outcome
    text = (
        f"finish rejected: {first.code} ({detail}). You have one repair turn: fix the "
        "finish, or open the page you need first."
    )
    return Observation(
        text=text, kind="rejected", error=first.code, data={"problems": [str(p) for p in verdict]}
    ), None


def _result(state: RunState, outcome: Outcome | None, elapsed: float) -> Result:
    assert outcome is not None
    if outcome.status is Status.INCOMPLETE and outcome.reason is None:
        outcome = stopped(Status.INCOMPLETE, abstain_reason(state), outcome.answer)
    return Result(
        run_id=state.run_id,
        question=state.task.question,
        status=outcome.status,
        reason=outcome.reason,
        cannot_answer=outcome.cannot_answer,
        answer=outcome.answer,
        citations=outcome.citations if not outcome.cannot_answer else [],
        evidence=outcome.evidence if not outcome.cannot_answer else [],
        conflicts=outcome.conflicts,
        resolution=outcome.resolution,
        fields=outcome.fields,
        steps=len(state.steps),
        opened=list(state.opened),
        rejected_finishes=list(state.rejected),
        policy=state.policy,
        corpus=state.corpus,
        elapsed_s=round(elapsed, 4),
        usage=state.usage,
    )


def _exhausted(state: RunState, late: bool) -> Outcome | None:
    """The budget outcome when a budget has run out, else None."""
    budgets = state.budgets
    if late:
        why = f"the time budget ({budgets.timeout_s:g} s) ran out"
        return stopped(Status.BUDGET_EXHAUSTED, Reason.TIMEOUT, why)
    if len(state.steps) >= budgets.max_steps:
        why = f"the step budget ({budgets.max_steps}) ran out"
        return stopped(Status.BUDGET_EXHAUSTED, Reason.BUDGET, why)
    if budgets.max_tokens is not None and _tokens(state.usage) >= budgets.max_tokens:
        why = f"the token budget ({budgets.max_tokens}) ran out"
        return stopped(Status.BUDGET_EXHAUSTED, Reason.BUDGET, why)
    return None


def _tokens(usage: Usage) -> int:
    return usage.input_tokens + usage.output_tokens


def _add(a: Usage, b: Usage) -> Usage:
    return Usage(
        input_tokens=a.input_tokens + b.input_tokens,
        output_tokens=a.output_tokens + b.output_tokens,
        cached_input_tokens=a.cached_input_tokens + b.cached_input_tokens,
    )
