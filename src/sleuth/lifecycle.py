"""What may happen to a stored run after it stopped: a person approves or rejects the
side-effecting call it waits on, or a process resumes it after its own died. The rules
live here once; the CLI (`sleuth runs approve|reject|resume`) and the HTTP service
(``POST /v1/runs/{id}/approve|reject|resume``) only present the outcome (exit codes,
409s and their messages).

    decide(store, run, approved, ..., corpus=...)  → the decided `StoredApproval`
    claim(store, run)                              → this store now owns the run
    resumption(store, run_id, corpus)              → its rebuilt `Resumption`

A refusal is a `Refused` error carrying the run as the store holds it *now* (it may have
changed since the caller read it):

    Refused (UsageError)
    ├── StaleDecision        the run waits on another call than the one decided on
    ├── AlreadyDecided       its call was approved or rejected before
    ├── NotAwaitingApproval  it waits on no call (it ended, runs or was interrupted)
    └── NotInterrupted       only an interrupted run resumes (it ended, or waits)
        └── AlreadyResuming  another process is resuming it now (it lost that race)

A run that waits on a call is rebuilt before the decision is kept (`rebuild` replays its
steps), so nothing is decided that could not then go on: a `sleuth.resume.ResumeError`
says why.
"""

from __future__ import annotations

from sleuth.corpus import Corpus
from sleuth.errors import SleuthError, UsageError
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
    if now.approval is not None and not now.approval.pending:
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


__all__ = [
    "AlreadyDecided",
    "AlreadyResuming",
    "NotAwaitingApproval",
    "NotInterrupted",
    "Refused",
    "StaleDecision",
    "claim",
    "decide",
    "resumption",
]
