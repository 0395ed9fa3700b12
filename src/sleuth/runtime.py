"""The loop: one generator for every policy and protocol.

    decide ─▶ execute ─▶ record ─▶ (finish? validate: accept | one repair | abstain)

One entry point starts or resumes a run, in three forms over one `_Engine`: `run_steps`
yields each `Step` as it is recorded and returns the `Result`; `run` drives it to the
end; `arun` is the same loop for async policies (`sleuth.contract.AsyncPolicy`). Each
takes a `Task` to start a run, or a `Resumption` to go on with a stored one. The runtime
alone owns budgets (steps, wall-clock seconds, tokens), the opened set, duplicate
searches, validation and stopping; a policy only proposes the next tool call. Whoever
drives `run_steps` may end the run between steps with ``steps.throw(RunCancelled())``
(incomplete/cancelled). The recorder sees the run as it goes: it stores it, and when
tracing is on it is wrapped to trace it too (`sleuth.telemetry.observed`).

A call to a side-effecting tool (`sleuth.effects`) that passes its checks *pauses* the
run: the loop returns a `PendingAction` instead of a `Result`, and the recorder keeps
it. A `Resumption` goes on from a stored run — after a person's `Verdict` on the pending
call, or after the process died mid-run — through the same engine: the state is rebuilt
by replaying the recorded steps (`sleuth.resume`), the time already spent counts
against the time budget, and the steps go on from the last one recorded.

`resume_steps` and `aresume` are the older names of `run_steps` and `arun` given a
`Resumption`; `Turn`, `Policy` and `AsyncPolicy` live in `sleuth.contract`.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import time
from collections.abc import Callable, Generator, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol, TypedDict, Unpack, cast, runtime_checkable

from sleuth.contract import AsyncPolicy as AsyncPolicy  # re-exported: the old home
from sleuth.contract import Policy as Policy
from sleuth.contract import Turn as Turn
from sleuth.corpus import Corpus
from sleuth.db import StoreError
from sleuth.decision import EFFECT_TOOLS, Decision, ParseError
from sleuth.effects import PendingAction, SideEffect, Verdict
from sleuth.errors import ModelError, RunCancelled, SleuthError, UsageError
from sleuth.outcome import Outcome, from_validated, stopped
from sleuth.result import Reason, Result, Status, Usage
from sleuth.search import SearchIndex, index_for
from sleuth.state import Budgets, Observation, RunState, Step, Task
from sleuth.telemetry import observed
from sleuth.tools import run_open, run_search
from sleuth.validate import Validated, validate_finish

log = logging.getLogger("sleuth")

MAX_REJECTED_FINISHES = 2


class CorpusSource(Protocol):
    """What can stand in for a corpus: an opened on-disk index
    (`sleuth.index.PassageIndex`), whose ``corpus()`` is the pages it holds."""

    def corpus(self) -> Corpus: ...


def as_corpus(corpus: Corpus | CorpusSource) -> Corpus:
    """The corpus a run reads: a `Corpus` as it is, an opened index as its corpus (an
    `IndexedCorpus`, which is its own search index); anything else is a `TypeError`."""
    if isinstance(corpus, Corpus):
        return corpus
    view = getattr(corpus, "corpus", None)
    if callable(view):
        seen = view()
        if isinstance(seen, Corpus):
            return seen
    raise TypeError(
        f"a run reads a Corpus or an opened index (sleuth.index.open_index), "
        f"not {type(corpus).__name__}"
    )


class RunRecorder(Protocol):
    """Where a run is written as it goes (see `sleuth.store.RunStore`)."""

    def start_run(self, state: RunState) -> None: ...
    def append_step(self, run_id: str, step: Step) -> None: ...
    def finish_run(self, result: Result) -> None: ...
    def fail_run(self, run_id: str, error: str) -> None: ...
    def pause_run(self, pending: PendingAction) -> None: ...


@runtime_checkable  # the engine asks whether a failed store holds a lease to give back
class LeasedRecorder(RunRecorder, Protocol):
    """A recorder that holds the run while it goes (`sleuth.store.RunStore`): when the
    store fails, the lease is given back so the run shows as interrupted and resumable."""

    def release(self, run_id: str) -> None: ...


@runtime_checkable  # the engine asks whether someone asked to cancel the run
class CancellableRecorder(RunRecorder, Protocol):
    """A recorder through which a run can be cancelled from outside, even from another
    process or machine (`sleuth.store.RunStore.cancel`): asked before each turn, a
    reason ends the run ``incomplete`` / ``cancelled``."""

    def cancel_requested(self, run_id: str) -> str | None: ...


#: How a stretch of a run ends: with an outcome, or paused on a side-effecting call.
End = Outcome | PendingAction


@dataclass(frozen=True)
class Resumption:
    """Where a stored run goes on from: its rebuilt state, the seconds it has already
    used, and — if it paused on a side-effecting call — that call and a person's verdict.
    ``ended`` is set when the recorded steps already end the run (a finish was accepted
    but the process died before the result was written)."""

    state: RunState
    elapsed_s: float
    pending: PendingAction | None = None
    verdict: Verdict | None = None
    ended: Outcome | None = None


def new_run_id() -> str:
    return datetime.now(UTC).strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3)


class RunOptions(TypedDict, total=False):
    """The keyword arguments every entry point takes (see `run_steps`)."""

    index: SearchIndex | None
    recorder: RunRecorder | None
    effects: Mapping[str, SideEffect] | None
    clock: Callable[[], float]


class _Engine:
    """Everything about a run except how the policy is called: budgets, execution,
    recording and the result. `run_steps` and `arun` are thin drivers around it, so
    the sync and async paths cannot drift apart."""

    def __init__(
        self,
        state: RunState,
        corpus: Corpus,
        index: SearchIndex | None,
        recorder: RunRecorder | None,
        effects: Mapping[str, SideEffect] | None,
        clock: Callable[[], float],
        resumed: Resumption | None = None,
    ) -> None:
        self.corpus, self.clock = corpus, clock
        self.recorder: RunRecorder | None = observed(recorder)  # traced, if tracing is on
        self.cancels = recorder if isinstance(recorder, CancellableRecorder) else None
        self.effects = effects or {}
        self.index = index or search_index(corpus)
        self.state = state
        self.resumed = resumed
        elapsed_s = resumed.elapsed_s if resumed is not None else 0.0
        self.started = clock() - elapsed_s  # a resumed run has already used elapsed_s
        self.deadline = self.started + state.budgets.timeout_s
        self.state.deadline = self.deadline
        self.turn_started = clock()
        self.turn_at = ""
        self.confidence: float | None = None

    @classmethod
    def begin(
        cls,
        start: Task | Resumption,
        corpus: Corpus | CorpusSource,
        policy: Policy,
        budgets: Budgets | None,
        options: RunOptions,
    ) -> _Engine:
        """The engine for a new run of a `Task` (recorded as started), or for a stored
        run going on from a `Resumption`."""
        pages = as_corpus(corpus)
        index, recorder = options.get("index"), options.get("recorder")
        effects, clock = options.get("effects"), options.get("clock", time.monotonic)
        if isinstance(start, Resumption):
            if budgets is not None:
                raise ValueError("a resumed run keeps its stored budgets: pass budgets=None")
            return cls(start.state, pages, index, recorder, effects, clock, start)
        state = RunState(
            run_id=new_run_id(),
            task=start,
            budgets=budgets or Budgets(),
            corpus=pages.name,
            policy=policy.name,
            corpus_build=pages.build,
        )
        engine = cls(state, pages, index, recorder, effects, clock)
        if engine.recorder:
            engine.recorder.start_run(state)
        return engine

    @contextlib.contextmanager
    def guard(self) -> Iterator[None]:
        """Around the whole run: an exception leaving it is stored with the partial run
        (see `fail`) and re-raised."""
        try:
            yield
        except Exception as exc:
            self.fail(exc)
            raise

    def opening(self) -> tuple[End | None, list[Step]]:
        """Before the first turn: for a resumed run, the outcome it already has (ended,
        or still waiting for a person), and the step of the decided call, if any."""
        resumed, before = self.resumed, len(self.state.steps)
        if resumed is None or resumed.pending is None or resumed.ended is not None:
            return (resumed.ended if resumed is not None else None), []
        if resumed.verdict is None:
            return resumed.pending, []  # still waiting for a person
        ending = self.decided(resumed.pending, resumed.verdict)
        return ending, self.state.steps[before:]

    def decided(self, pending: PendingAction, verdict: Verdict) -> Outcome | None:
        """Record a side-effecting call once a person has decided on it: approved, the
        effect is applied (idempotently) and the run goes on; rejected, it ends."""
        turn = Turn(
            parsed=Decision(tool=pending.tool, args=pending.args, thought=pending.thought),
            raw=pending.raw,
            usage=pending.usage,
            calls=pending.calls,
        )
        if pending.usage:
            self.state.usage = self.state.usage + pending.usage
        self.turn_at, self.turn_started = pending.started_at, self.clock()
        note = f": {verdict.note}" if verdict.note else ""
        decision = {"approved": verdict.approved, "note": verdict.note, "at": verdict.decided_at}
        if not verdict.approved:
            text = f"declined: a person rejected {pending.tool}{note}. Nothing was done."
            observation = Observation(text=text, kind="declined", data={"verdict": decision})
            self._record(turn, observation, pending.duration_ms)
            why = f"a person rejected {pending.tool}{note}"
            return stopped(Status.INCOMPLETE, Reason.REJECTED, why)
        effect = self.effects.get(pending.tool)
        if effect is None:
            raise UsageError(f"{pending.tool} was approved but this process cannot apply it")
        ending: Outcome | None = None
        if effect.ends_run:  # the run ends with what was approved, checked as a finish
            checked = validate_finish(
                pending.args, self.state.opened, self.state.task.require, self.state.task.question
            )
            if not isinstance(checked, Validated):  # the rebuilt state is the paused one
                raise SleuthError(f"the approved {pending.tool} call no longer validates")
            ending = from_validated(checked, self.state)
        record = effect.apply(pending)
        observation = Observation(
            text=effect.done(record) + (f" (approved{note})" if note else ""),
            kind="effect",
            data={"verdict": decision, "effect": record},
        )
        self._record(turn, observation, pending.duration_ms)
        return ending

    def before_turn(self) -> Outcome | None:
        """The outcome if someone asked to cancel the run or a budget has run out; else
        note when the turn began."""
        why = self.cancels.cancel_requested(self.state.run_id) if self.cancels else None
        if why is not None:
            return stopped(Status.INCOMPLETE, Reason.CANCELLED, why)
        outcome = _exhausted(self.state, self.clock() >= self.deadline)
        self.turn_started = self.clock()
        self.turn_at = datetime.now(UTC).isoformat(timespec="milliseconds")
        return outcome

    def after(self, decided: Turn | ModelError) -> tuple[Step | None, End | None]:
        """Record what the policy decided (or how the model failed)."""
        if isinstance(decided, ModelError):
            return self.model_failed(decided)
        return self.take(decided)

    def model_failed(self, exc: ModelError) -> tuple[Step | None, Outcome]:
        """End the run as model_error; the failed call's attempts become a last step."""
        log.warning("model error in run %s: %s", self.state.run_id, exc)
        outcome = stopped(Status.INCOMPLETE, Reason.MODEL_ERROR, f"the model failed: {exc}")
        if not exc.calls:
            return None, outcome
        failed = Observation(text=f"error: model_error: {exc}", kind="error", error="model_error")
        return self._record(Turn(parsed=ParseError(str(exc)), calls=exc.calls), failed), outcome

    def take(self, turn: Turn) -> tuple[Step | None, End | None]:
        """Execute and record one turn; the outcome when the run ends with it, or the
        pending call when it pauses."""
        state = self.state
        if turn.usage:
            state.usage = state.usage + turn.usage
        if self.clock() >= self.deadline:  # a late answer is not used
            return None, _exhausted(state, late=True)
        number = len(state.steps) + 1
        parsed = turn.parsed
        if isinstance(parsed, Decision) and parsed.tool in EFFECT_TOOLS:
            checked = self._effect(parsed, turn, number)
            if isinstance(checked, PendingAction):
                return None, checked
            return self._record(turn, checked), None
        observation, outcome = execute(parsed, state, self.corpus, self.index, number)
        if outcome is not None and turn.confidence is not None:
            self.confidence = turn.confidence
        return self._record(turn, observation), outcome

    def _effect(self, decision: Decision, turn: Turn, number: int) -> Observation | PendingAction:
        """A side-effecting call: an error observation, or the call to put to a person."""
        state, tool = self.state, decision.tool
        effect = self.effects.get(tool)
        if tool not in state.task.tools:
            text = f"error: {tool} is not offered in this run; the tools are {_tools(state)}"
            return Observation(text=text, kind="error", error="unknown_tool")
        if effect is None:
            text = f"error: {tool} cannot run here: there is no runs store to keep the approval"
            return Observation(text=text, kind="error", error="effect_unavailable")
        prepared = effect.prepare(decision.args, state)
        if isinstance(prepared, str):
            text = f"error: {tool} refused: {prepared}. Nothing was put up for approval."
            return Observation(text=text, kind="error", error="effect_invalid")
        return PendingAction(
            run_id=state.run_id,
            step=number,
            tool=tool,
            args=decision.args,
            payload=prepared,
            thought=decision.thought,
            raw=turn.raw,
            usage=turn.usage,
            calls=turn.calls,
            started_at=self.turn_at,
            duration_ms=round((self.clock() - self.turn_started) * 1000, 3),
        )

    def _record(self, turn: Turn, observation: Observation, duration_ms: float = 0.0) -> Step:
        state, parsed = self.state, turn.parsed
        step = Step(
            index=len(state.steps) + 1,
            thought=parsed.thought,
            tool=parsed.tool if isinstance(parsed, Decision) else "",
            args=parsed.args if isinstance(parsed, Decision) else {},
            observation=observation,
            raw=turn.raw,
            started_at=self.turn_at,
            duration_ms=round(duration_ms + (self.clock() - self.turn_started) * 1000, 3),
            usage=turn.usage,
            calls=turn.calls,
        )
        state.steps.append(step)
        if self.recorder:
            self.recorder.append_step(state.run_id, step)
        return step

    def fail(self, exc: Exception) -> None:
        """An error leaving the run: name the run on it, and store it with the partial
        run (the caller re-raises). A store that failed cannot be trusted with that: the
        run is left unfinished (it becomes ``interrupted`` and can be resumed)."""
        run_id = self.state.run_id
        if isinstance(exc, SleuthError):
            exc.run_id = exc.run_id or run_id
        else:
            exc.add_note(f"(in sleuth run {run_id})")
        if isinstance(exc, StoreError):
            if isinstance(self.recorder, LeasedRecorder):
                with contextlib.suppress(StoreError):
                    self.recorder.release(run_id)
        elif self.recorder:
            known = isinstance(exc, SleuthError)
            self.recorder.fail_run(run_id, str(exc) if known else f"{type(exc).__name__}: {exc}")

    def finish(self, outcome: End) -> Result | PendingAction:
        if isinstance(outcome, PendingAction):
            if self.recorder:
                self.recorder.pause_run(outcome)
            return outcome
        result = _result(self.state, outcome, self.clock() - self.started)
        if self.confidence is not None and not result.cannot_answer:
            result = result.model_copy(update={"confidence": round(self.confidence, 4)})
        if self.recorder:
            self.recorder.finish_run(result)
        return result


def run_steps(
    start: Task | Resumption,
    corpus: Corpus | CorpusSource,
    policy: Policy,
    budgets: Budgets | None = None,
    **options: Unpack[RunOptions],
) -> Generator[Step, None, Result | PendingAction]:
    """Start a run of a `Task`, or go on with a stored one from a `Resumption` (see
    `sleuth.resume.rebuild`), yielding each step as it is recorded; the generator returns
    the `Result`, or the `PendingAction` a side-effecting call paused on (only if the
    task offers one).

    ``corpus`` is a `Corpus` or an opened index (`sleuth.index.open_index`); ``budgets``
    default to `Budgets()` for a new run (a resumed run keeps its own). Options:
    ``index`` (a search index, else the corpus's), ``recorder`` (where the run is
    written as it goes, e.g. a `sleuth.store.RunStore`), ``effects`` (the side-effecting
    tools this process can apply) and ``clock`` (monotonic seconds)."""
    engine = _Engine.begin(start, corpus, policy, budgets, options)
    with engine.guard():
        outcome, decided = engine.opening()
        yield from decided
        while outcome is None and (outcome := engine.before_turn()) is None:
            step, outcome = engine.after(_decide(policy, engine.state))
            if step is not None:
                try:
                    yield step
                except RunCancelled as cancel:  # the caller's steps.throw(RunCancelled())
                    why = str(cancel) or "the caller cancelled the run"
                    outcome = outcome or stopped(Status.INCOMPLETE, Reason.CANCELLED, why)
        return engine.finish(outcome)


def run(
    start: Task | Resumption,
    corpus: Corpus | CorpusSource,
    policy: Policy,
    budgets: Budgets | None = None,
    **options: Unpack[RunOptions],
) -> Result | PendingAction:
    """`run_steps` to the end (or to a pause): the `Result` or the `PendingAction`."""
    return drain(run_steps(start, corpus, policy, budgets, **options))


async def arun(
    start: Task | Resumption,
    corpus: Corpus | CorpusSource,
    policy: Policy | AsyncPolicy,
    budgets: Budgets | None = None,
    *,
    on_step: Callable[[Step], Any] | None = None,
    **options: Unpack[RunOptions],
) -> Result | PendingAction:
    """`run` without blocking: awaits ``policy.adecide`` when the policy is an
    `AsyncPolicy` (model-backed policies), so one process can run many questions at
    once. ``on_step`` is called with each step as it is recorded."""
    engine = _Engine.begin(start, corpus, policy, budgets, options)
    with engine.guard():
        outcome, decided = engine.opening()
        for step in decided:
            if on_step is not None:
                on_step(step)
        while outcome is None and (outcome := engine.before_turn()) is None:
            taken, outcome = engine.after(await _adecide(policy, engine.state))
            if taken is not None and on_step is not None:
                on_step(taken)
        return engine.finish(outcome)


def resume_steps(
    resumed: Resumption,
    corpus: Corpus | CorpusSource,
    policy: Policy,
    **options: Unpack[RunOptions],
) -> Generator[Step, None, Result | PendingAction]:
    """`run_steps` of a `Resumption` (the older name)."""
    return run_steps(resumed, corpus, policy, **options)


async def aresume(
    resumed: Resumption,
    corpus: Corpus | CorpusSource,
    policy: Policy | AsyncPolicy,
    *,
    on_step: Callable[[Step], Any] | None = None,
    **options: Unpack[RunOptions],
) -> Result | PendingAction:
    """`arun` of a `Resumption` (the older name)."""
    return await arun(resumed, corpus, policy, on_step=on_step, **options)


def drain(steps: Generator[Step, None, Result | PendingAction]) -> Result | PendingAction:
    """Drive a run's step generator to its end and return what it returns."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            ended: Result | PendingAction = stop.value
            return ended


def search_index(corpus: Corpus) -> SearchIndex:
    """The corpus's search index: an indexed corpus searches itself."""
    searchable = callable(getattr(corpus, "search", None))
    return cast(SearchIndex, corpus) if searchable else index_for(corpus)


def _decide(policy: Policy, state: RunState) -> Turn | ModelError:
    try:
        return policy.decide(state)
    except ModelError as exc:
        return exc


async def _adecide(policy: Policy | AsyncPolicy, state: RunState) -> Turn | ModelError:
    try:
        if isinstance(policy, AsyncPolicy):
            return await policy.adecide(state)
        return policy.decide(state)
    except ModelError as exc:
        return exc


def execute(
    parsed: Decision | ParseError, state: RunState, corpus: Corpus, index: SearchIndex, step: int
) -> tuple[Observation, Outcome | None]:
    """Run one parsed call of a base tool against the state (side-effecting tools are
    the engine's business). Deterministic for a given corpus and state, so recorded
    steps can be replayed (`sleuth.resume`)."""
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
            text=f"error: unknown tool {parsed.tool!r}; the tools are {_tools(state)}",
            kind="error",
            error="unknown_tool",
        )
    if notes:
        obs = Observation(text=obs.text + notes, kind=obs.kind, error=obs.error, data=obs.data)
    return obs, None


def _finish(payload: dict[str, Any], state: RunState) -> tuple[Observation, Outcome | None]:
    verdict = validate_finish(payload, state.opened, state.task.require, state.task.question)
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


def _result(state: RunState, outcome: Outcome, elapsed: float) -> Result:
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


def _tools(state: RunState) -> str:
    return ", ".join(state.task.tools)
