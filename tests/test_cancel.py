"""Ending a run from outside: ``steps.throw(RunCancelled())`` between steps."""

from __future__ import annotations

import pytest

from sleuth.corpus import load_corpus
from sleuth.errors import RunCancelled
from sleuth.policies.offline import OfflinePolicy
from sleuth.result import Reason, Result, Status
from sleuth.runtime import run_steps
from sleuth.state import Task
from sleuth.store import RunStore
from stored import run_json


def test_a_cancelled_run_ends_incomplete_after_its_step_and_is_stored(tmp_path) -> None:
    store = RunStore(tmp_path / "runs.db")
    try:
        steps = run_steps(
            Task(question="Who founded Acme Robotics?"),
            load_corpus("acme"),
            OfflinePolicy(),
            recorder=store,
        )
        first = next(steps)
        assert first.index == 1
        with pytest.raises(StopIteration) as ended:
            steps.throw(RunCancelled("the user pressed stop"))
        result = ended.value.value
        assert isinstance(result, Result)
        assert (result.status, result.reason) == (Status.INCOMPLETE, Reason.CANCELLED)
        assert result.cannot_answer and result.answer == "cannot: the user pressed stop"
        assert result.steps == 1 and result.citations == [] and result.evidence == []
        stored = run_json(store, result.run_id)
        assert stored is not None and stored["status"] == "incomplete"
        assert stored["result"]["reason"] == "cancelled" and len(stored["steps"]) == 1
    finally:
        store.close()
