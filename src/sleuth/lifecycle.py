"""What may happen to a stored run from outside: a person approves or rejects the
side-effecting call it waits on, a process resumes it after its own died, or someone
cancels it. The rules live here once; the CLI (`sleuth runs
approve|reject|resume|cancel`) and the HTTP service (``POST
/v1/runs/{id}/approve|reject|resume|cancel``) only present the outcome (exit codes, 409s
and their messages).

    decide(store, run, approved, ..., corpus=...)  → the decided `StoredApproval`
    claim(store, run)                              → this store now owns the run
    resumption(store, run_id, corpus)              → its rebuilt `Resumption`
    cancel(store, run, by=...)                     → the run ended now, or asked to end

Cancelling goes through the store, so it reaches a run wherever it runs (another worker,
another machine on the same PostgreSQL store). A run that no process runs — waiting for
a person, or interrupted — ends at once ``incomplete`` / ``cancelled``, its waiting call
marked cancelled (nothing is written to the outbox); a running one gets a request that
its loop reads before its next turn (`sleuth.runtime.CancellableRecorder`), so it ends
the same way after the step in flight, and is stored like any other.

A refusal is a `Refused` error carrying the run as the store holds it *now* (it may have
changed since the caller read it):

    Refused (UsageError)
    ├── StaleDecision        the run waits on another call than the one decided on
    ├── AlreadyDecided       its call was approved or rejected before
    ├── NotAwaitingApproval  it waits on no call (it ended, runs or was interrupted)
    ├── NotInterrupted       only an interrupted run resumes (it ended, or waits)
    │   └── AlreadyResuming  another process is resuming it now (it lost that race)
    └── AlreadyEnded         a run that has ended cannot be cancelled

A run that waits on a call is rebuilt before the decision is kept (`rebuild` replays its
steps), so nothing is decided that could not then go on: a `sleuth.resume.ResumeError`
says why.
"""

from __future__ import annotations

from dataclasses import dataclass

from sleuth.corpus import Corpus
from sleuth.errors import SleuthError, UsageError
from sleuth.result import Reason, Result, Status, Usage
from sleuth.resume import rebuild
from sleuth.runtime import Resumption
from sleuth.search import SearchIndex
from sleuth.store import RunStatus, RunStore, StoredApproval, StoredRun


class Refused(UsageError):
    """The run is not in a state that allows what was asked; ``run`` is it as stored
    now."""

    def __init__(self, message: str, run: StoredRun) -> None:
        super().__init__(message)
        self.run = run
        self.run_id = run.id


class StaleDecision(Refused):
    """The decision named another step than the one the run waits on (``waiting``,
    None if it waits on nothing now)."""

    def __init__(self, run: StoredRun, step: int | None) -> None:
        self.step = step
        approval = run.approval
        self.waiting = approval.action.step if approval is not None else None
        super().__init__(f"run {run.id} waits on step {self.waiting}, not {step}", run)


class AlreadyDecided(Refused):
    """The run's call was decided before (``approval`` holds that decision)."""

    def __init__(self, run: StoredRun, approval: StoredApproval) -> None:
        self.approval = approval
        super().__init__(
            f"run {run.id}'s {approval.action.tool} was already {approval.status}", run
        )


class NotAwaitingApproval(Refused):
    """The run waits on no call."""

    def __init__(self, run: StoredRun) -> None:
        super().__init__(f"run {run.id} is {run.status}, not awaiting approval", run)


class NotInterrupted(Refused):
    """Only an interrupted run resumes."""

    def __init__(self, run: StoredRun) -> None:
        super().__init__(f"run {run.id} is {run.status}: only an interrupted run resumes", run)


class AlreadyResuming(NotInterrupted):
    """Another process claimed the run first and is resuming it."""

    def __init__(self, run: StoredRun) -> None:
        Refused.__init__(self, f"run {run.id} is already being resumed by another process", run)


class AlreadyEnded(Refused):
    """The run has ended (or failed): there is nothing left to cancel."""

    def __init__(self, run: StoredRun) -> None:
        super().__init__(f"run {run.id} has already ended ({run.status}): nothing to cancel", run)


def _now(store: RunStore, run: StoredRun) -> StoredRun:
    """The run as stored now (it may have changed since ``run`` was read)."""
    return store.get_run(run.id) or run


def decide(
    store: RunStore,
    run: StoredRun,
    approved: bool,
    *,
    corpus: Corpus,
    index: SearchIndex | None = None,
    note: str | None = None,
    step: int | None = None,
    by: str | None = None,
) -> StoredApproval:
    """Approve or reject the call ``run`` waits on, at most once: the decided approval
    (and ``store`` now owns the run, to go on with it). A waiting run is rebuilt against
    ``corpus`` first (a `ResumeError` if it could not go on: nothing is decided); a
    refusal is a `Refused` error. ``step`` is the call the person was shown, ``by`` who
    they are (kept with the decision)."""
    if run.status is RunStatus.AWAITING_APPROVAL:
        rebuild(run, corpus, index=index)  # decide only what can then go on
    decided = store.decide(run.id, approved, note, step, by)
    if not isinstance(decided, str):
        return decided
    now = _now(store, run)
    if decided == "stale":
        raise StaleDecision(now, step)
    if now.approval is not None and now.approval.verdict() is not None:
        raise AlreadyDecided(now, now.approval)
    raise NotAwaitingApproval(now)


def claim(store: RunStore, run: StoredRun) -> None:
    """Take an interrupted run to resume it (`RunStore.claim`); `AlreadyResuming` if
    another process took it first, else `NotInterrupted`."""
    if store.claim(run.id):
        return
    now = _now(store, run)
    if now.status is RunStatus.RUNNING:
        raise AlreadyResuming(now)
    raise NotInterrupted(now)


def resumption(
    store: RunStore, run_id: str, corpus: Corpus, index: SearchIndex | None = None
) -> Resumption:
    """The run this store owns now (claimed or decided), rebuilt from what is stored to
    go on with it. If it cannot be rebuilt, the run is released (interrupted again, for
    a later try) and the error raised."""
    try:
        stored = store.get_run(run_id)
        if stored is None:  # pragma: no cover - it was read before it was claimed
            raise UsageError(f"no run {run_id!r}")
        return rebuild(stored, corpus, index=index)
    except SleuthError:
        store.release(run_id)
        raise


@dataclass(frozen=True)
class Cancellation:
    """What a cancel did: ``ended`` the run now (``run.result`` is its Result), or asked
    the process running it to end it after its step in flight (``ended`` False)."""

    run: StoredRun
    ended: bool


def cancel(store: RunStore, run: StoredRun, *, by: str | None = None) -> Cancellation:
    """Cancel ``run`` (see the module docstring); ``by`` is who asked, kept with the run.
    A run that has ended is `AlreadyEnded`. Cancelling a running run twice asks once."""
    done = store.cancel(run.id, by, cancelled_result)
    if done.run is None:  # pragma: no cover - the caller read it; runs are never deleted
        raise UsageError(f"no run {run.id!r}")
    if done.outcome == "ended":
        raise AlreadyEnded(done.run)
    return Cancellation(done.run, ended=done.outcome == "cancelled")


def cancelled_result(run: StoredRun, why: str) -> Result:
    """The Result of a stored run that no process runs, cancelled as it stands: its
    recorded steps, the pages they opened, the time and tokens they used."""
    opened: dict[str, None] = {}
    usage = Usage()
    for step in run.steps:
        if step.tool == "open" and step.kind == "page" and isinstance(step.data.get("url"), str):
            opened.setdefault(step.data["url"], None)
        if step.usage is not None:
            usage = usage + step.usage
    return Result(
        run_id=run.id,
        question=run.question,
        status=Status.INCOMPLETE,
        reason=Reason.CANCELLED,
        cannot_answer=True,
        answer=f"cannot: {why}",
        steps=len(run.steps),
        opened=list(opened),
        rejected_finishes=[s.error for s in run.steps if s.kind == "rejected" and s.error],
        policy=run.policy,
        corpus=run.corpus,
        elapsed_s=round(sum(s.duration_ms for s in run.steps) / 1000, 4),
        usage=usage,
    )


__all__ = [
    "AlreadyDecided",
    "AlreadyEnded",
    "AlreadyResuming",
    "Cancellation",
    "NotAwaitingApproval",
    "NotInterrupted",
    "Refused",
    "StaleDecision",
    "cancel",
    "cancelled_result",
    "claim",
    "decide",
    "resumption",
]
