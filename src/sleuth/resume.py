"""Rebuild a stored run's state so it can go on (`sleuth.runtime.resume_steps`).

A run stops before its end in two ways: it paused on a side-effecting call that waits
for a person (`sleuth.effects`), or the process running it died. Either way the store
holds every completed step. The state is rebuilt by *replaying* them: each recorded
``search``, ``open`` and ``finish`` runs again against the same corpus (the tools are
deterministic), which restores exactly what the run had opened, which windows of each
page it was shown, what it searched and which finishes were rejected. Each replayed
observation must match the recorded one; if the corpus changed since, the run cannot go
on honestly and `ResumeError` says at which step. Steps that changed nothing (parse
errors, unknown tools, decided side-effecting calls) are taken as recorded; a recorded
model failure ends the run as it did. (The policy's confidence in an accepted finish is
not recorded, so a run whose result row was lost ends without one.)
"""

from __future__ import annotations

from sleuth.corpus import Corpus
from sleuth.decision import BASE_TOOLS, Decision
from sleuth.effects import PendingAction, Verdict
from sleuth.errors import UsageError
from sleuth.outcome import Outcome, stopped
from sleuth.result import Reason, Status
from sleuth.runtime import Resumption, execute, search_index
from sleuth.search import SearchIndex
from sleuth.state import RunState
from sleuth.store.models import RunStatus, StoredRun


class ResumeError(UsageError):
    """A stored run that cannot go on (finished, waiting for a person, or its corpus
    has changed since its steps were recorded)."""


def rebuild(
    stored: StoredRun,
    corpus: Corpus,
    *,
    verdict: Verdict | None = None,
    index: SearchIndex | None = None,
) -> Resumption:
    """The `Resumption` of a stored run (`RunStore.get_run`). ``verdict`` decides a
    pending side-effecting call; without it, a call decided earlier (by a process that
    died before recording it) uses the stored decision."""
    if stored.result is not None or stored.status is RunStatus.ERROR:
        raise ResumeError(f"run {stored.id} has already ended ({stored.status})")
    if stored.corpus != corpus.name:
        raise ResumeError(f"run {stored.id} searched corpus {stored.corpus!r}, not {corpus.name!r}")
    state = RunState(
        run_id=stored.id,
        task=stored.task,
        budgets=stored.budgets,
        corpus=corpus.name,
        policy=stored.policy,
    )
    index = index or search_index(corpus)
    ended: Outcome | None = None
    for recorded in stored.steps:
        step = recorded.step()
        if step.index != len(state.steps) + 1:
            raise ResumeError(f"run {state.run_id}: step {len(state.steps) + 1} is missing")
        if ended is not None:
            raise ResumeError(f"run {state.run_id}: steps recorded after its finish")
        if step.tool in BASE_TOOLS:
            decision = Decision(tool=step.tool, args=step.args)
            replayed, outcome = execute(decision, state, corpus, index, step.index)
            if not step.observation.text.startswith(replayed.text):
                raise ResumeError(
                    f"run {state.run_id} cannot go on: replaying step {step.index} "
                    f"({step.tool}) gives a different observation; the corpus has changed "
                    "since the step was recorded"
                )
            ended = outcome
        elif step.observation.error == "model_error":  # the model failed: the run ended
            failure = step.observation.text.removeprefix("error: model_error: ")
            ended = stopped(Status.INCOMPLETE, Reason.MODEL_ERROR, f"the model failed: {failure}")
        if step.usage:
            state.usage = state.usage + step.usage
        state.steps.append(step)
    elapsed = sum(s.duration_ms for s in state.steps) / 1000
    pending, decided = _pending(stored, len(state.steps) + 1, verdict)
    if pending is not None:
        elapsed += pending.duration_ms / 1000
    elif verdict is not None:
        raise ResumeError(f"run {state.run_id} is not waiting for approval")
    return Resumption(state=state, elapsed_s=elapsed, pending=pending, verdict=decided, ended=ended)


def _pending(
    stored: StoredRun, next_step: int, verdict: Verdict | None
) -> tuple[PendingAction | None, Verdict | None]:
    """The side-effecting call the run paused on, if its step is not recorded yet, and
    the verdict on it (the caller's, else one stored earlier)."""
    approval = stored.approval
    if approval is None:
        return None, None
    pending = approval.action
    if pending.step != next_step:
        return None, None  # decided and recorded already
    if approval.pending:
        return pending, verdict
    return pending, approval.verdict()


__all__ = ["ResumeError", "rebuild"]
