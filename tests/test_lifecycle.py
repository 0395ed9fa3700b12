"""The lifecycle rules (`sleuth.lifecycle`), on a real store: each refusal is its own
typed error carrying the run as stored now; the CLI and the service only word them."""

from __future__ import annotations

from collections.abc import Generator, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from sleuth import lifecycle
from sleuth.corpus import Corpus, load_corpus
from sleuth.effects import PendingAction, publishing
from sleuth.policies.offline import OfflinePolicy
from sleuth.result import ConflictRule, Result
from sleuth.resume import ResumeError
from sleuth.runtime import drain, run, run_steps
from sleuth.state import Task
from sleuth.store import RunStatus, RunStore, StoredRun

BRIEF = Task(
    "When and where is the Retrieval Workshop?",
    require=("venue", "time"),
    conflict_rule=ConflictRule.NEWEST,
    publish=True,
)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[RunStore]:
    opened = RunStore(tmp_path / "runs.db")
    yield opened
    opened.close()


@pytest.fixture(scope="module")
def workshop() -> Corpus:
    return load_corpus("workshop")


def paused(store: RunStore, corpus: Corpus) -> StoredRun:
    ended = run(BRIEF, corpus, OfflinePolicy(), recorder=store, effects=publishing(store.outbox))
    assert isinstance(ended, PendingAction)
    stored = store.get_run(ended.run_id)
    assert stored is not None and stored.status is RunStatus.AWAITING_APPROVAL
    return stored


def test_a_decision_is_taken_once(store: RunStore, workshop: Corpus) -> None:
    waiting = paused(store, workshop)

    decided = lifecycle.decide(store, waiting, True, corpus=workshop, note="ok", by="cli:me")

    assert decided.status == "approved" and decided.note == "ok" and decided.decided_by == "cli:me"
    with pytest.raises(lifecycle.AlreadyDecided) as again:
        lifecycle.decide(store, waiting, False, corpus=workshop)  # read before the first
    assert again.value.approval.status == "approved"
    assert str(again.value) == f"run {waiting.id}'s publish_brief was already approved"


def test_a_decision_on_another_step_is_stale(store: RunStore, workshop: Corpus) -> None:
    waiting = paused(store, workshop)
    assert waiting.approval is not None
    step = waiting.approval.action.step

    with pytest.raises(lifecycle.StaleDecision) as stale:
        lifecycle.decide(store, waiting, True, corpus=workshop, step=step + 1)

    assert (stale.value.waiting, stale.value.step) == (step, step + 1)
    now = store.get_run(waiting.id)
    assert now is not None and now.approval is not None and now.approval.pending


def test_nothing_is_decided_on_a_run_that_cannot_go_on(store: RunStore, workshop: Corpus) -> None:
    waiting = paused(store, workshop)
    changed = Corpus(
        name=workshop.name,
        pages={u: replace(p, body=p.body + " Changed.") for u, p in workshop.pages.items()},
    )

    with pytest.raises(ResumeError):
        lifecycle.decide(store, waiting, True, corpus=changed)

    now = store.get_run(waiting.id)
    assert now is not None and now.approval is not None and now.approval.pending


def test_an_ended_run_is_neither_decided_nor_resumed(store: RunStore, workshop: Corpus) -> None:
    ended = run(Task("Where is the Retrieval Workshop?"), workshop, OfflinePolicy(), recorder=store)
    assert isinstance(ended, Result)
    stored = store.get_run(ended.run_id)
    assert stored is not None

    with pytest.raises(lifecycle.NotAwaitingApproval) as deciding:
        lifecycle.decide(store, stored, True, corpus=workshop)
    with pytest.raises(lifecycle.NotInterrupted) as resuming:
        lifecycle.claim(store, stored)

    assert deciding.value.run.status is resuming.value.run.status is stored.status
    assert not isinstance(resuming.value, lifecycle.AlreadyResuming)


def test_the_loser_of_a_resume_race_is_told_so(tmp_path: Path, workshop: Corpus) -> None:
    first, second = RunStore(tmp_path / "runs.db"), RunStore(tmp_path / "runs.db")
    steps = run_steps(BRIEF, workshop, OfflinePolicy(), recorder=first)
    next(steps)
    steps.close()
    (row,) = first.list_runs()
    first.release(row.id)
    stored = second.get_run(row.id)
    assert stored is not None and stored.status is RunStatus.INTERRUPTED

    lifecycle.claim(first, stored)
    with pytest.raises(lifecycle.AlreadyResuming) as lost:
        lifecycle.claim(second, stored)  # it read the run as interrupted, then lost the race

    assert lost.value.run.status is RunStatus.RUNNING
    assert str(lost.value) == f"run {row.id} is already being resumed by another process"
    resumed = lifecycle.resumption(first, row.id, workshop)
    assert resumed.state.run_id == row.id and len(resumed.state.steps) == 1
    first.close()
    second.close()


def test_a_run_that_cannot_be_rebuilt_is_released(store: RunStore, workshop: Corpus) -> None:
    steps = run_steps(BRIEF, workshop, OfflinePolicy(), recorder=store)
    next(steps), next(steps)
    steps.close()
    (row,) = store.list_runs()
    store.release(row.id)
    stored = store.get_run(row.id)
    assert stored is not None
    lifecycle.claim(store, stored)
    claimed = store.get_run(row.id)
    assert claimed is not None and claimed.status is RunStatus.RUNNING
    changed = Corpus(
        name=workshop.name,
        pages={u: replace(p, body=p.body + " Changed.") for u, p in workshop.pages.items()},
    )

    with pytest.raises(ResumeError):
        lifecycle.resumption(store, row.id, changed)

    again = store.get_run(row.id)
    assert again is not None and again.status is RunStatus.INTERRUPTED  # for a later try


# -- cancel: through the store, wherever the run runs ----------------------------------------


def _running(store: RunStore, steps_taken: int = 1) -> tuple[str, Generator[Any, None, Any]]:
    """A run this store runs now (its lease alive), stopped between steps."""
    steps = run_steps(
        Task("Who founded Acme Robotics?"), load_corpus("acme"), OfflinePolicy(), recorder=store
    )
    for _ in range(steps_taken):
        next(steps)
    (row,) = store.list_runs(1)
    return row.id, steps


def test_a_paused_run_is_cancelled_at_once_and_nothing_is_applied(target: Path | str) -> None:
    store = RunStore(target)
    try:
        waiting = paused(store, load_corpus("workshop"))

        done = lifecycle.cancel(store, waiting, by="key:k1")

        assert done.ended and done.run.status is RunStatus.INCOMPLETE
        result = done.run.result
        assert result is not None and result.reason == "cancelled" and result.cannot_answer
        assert result.answer == "cannot: the run was cancelled (by key:k1)"
        assert result.steps == len(waiting.steps) and result.opened
        assert done.run.approval is not None and done.run.approval.status == "cancelled"
        assert done.run.approval.decided_by == "key:k1"
        assert store.outbox.items() == []
        with pytest.raises(lifecycle.NotAwaitingApproval):  # nothing left to approve
            lifecycle.decide(store, waiting, True, corpus=load_corpus("workshop"))
        with pytest.raises(lifecycle.AlreadyEnded) as again:
            lifecycle.cancel(store, waiting)
        assert str(again.value).endswith("has already ended (incomplete): nothing to cancel")
        assert store.outbox.items() == []
    finally:
        store.close()


def test_an_interrupted_run_is_cancelled_and_cannot_be_resumed(target: Path | str) -> None:
    store = RunStore(target)
    try:
        run_id, steps = _running(store, 2)
        steps.close()
        store.release(run_id)
        interrupted = store.get_run(run_id)
        assert interrupted is not None and interrupted.status is RunStatus.INTERRUPTED

        done = lifecycle.cancel(store, interrupted)

        assert done.ended and done.run.result is not None
        assert (done.run.result.status, done.run.result.reason) == ("incomplete", "cancelled")
        assert (
            done.run.result.steps == 2 and done.run.result.answer == "cannot: the run was cancelled"
        )
        with pytest.raises(lifecycle.NotInterrupted):
            lifecycle.claim(store, interrupted)
    finally:
        store.close()


def test_a_running_run_is_asked_and_ends_after_its_step(target: Path | str) -> None:
    """Another process (its own store, so its own owner id) cancels a run this one runs:
    the run reads the request before its next turn and ends cancelled, stored."""
    store, other = RunStore(target), RunStore(target)
    try:
        run_id, steps = _running(store)
        running = other.get_run(run_id)
        assert running is not None and running.status is RunStatus.RUNNING

        asked = lifecycle.cancel(other, running, by="cli:someone")
        again = lifecycle.cancel(other, running)  # asking twice asks once

        assert not asked.ended and asked.run.status is RunStatus.RUNNING and not again.ended
        result = drain(steps)
        assert isinstance(result, Result) and result.run_id == run_id
        assert (result.status, result.reason) == ("incomplete", "cancelled")
        assert result.answer == "cannot: the run was cancelled (by cli:someone)"
        assert result.steps == 1  # the step in flight was kept; no turn after it
        stored = other.get_run(run_id)
        assert stored is not None and stored.result == result
        assert [s.tool for s in stored.steps] == ["search"]
        with pytest.raises(lifecycle.AlreadyEnded):
            lifecycle.cancel(other, stored)
    finally:
        other.close()
        store.close()


def test_a_resumed_run_that_was_asked_to_cancel_ends_at_once(target: Path | str) -> None:
    """The request outlives the process that ran the run: resumed, it ends cancelled."""
    store, other = RunStore(target), RunStore(target)
    try:
        run_id, steps = _running(store)
        running = other.get_run(run_id)
        assert running is not None
        lifecycle.cancel(other, running)
        steps.close()  # that process died before its next turn
        store.release(run_id)
        interrupted = other.get_run(run_id)
        assert interrupted is not None and interrupted.status is RunStatus.INTERRUPTED
        lifecycle.claim(other, interrupted)
        resumed = lifecycle.resumption(other, run_id, load_corpus("acme"))
        result = run(resumed, load_corpus("acme"), OfflinePolicy(), recorder=other)
        assert isinstance(result, Result) and result.reason == "cancelled" and result.steps == 1
    finally:
        other.close()
        store.close()
