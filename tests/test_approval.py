"""The approval gate and resumed runs, on the real SQLite store.

A run that calls ``publish_brief`` pauses before anything is written; a person approves
(the brief goes to the outbox exactly once, the run goes on) or rejects (nothing is
written, the run ends ``incomplete``/``rejected``). Pauses and decisions live in the
store, so they survive the process; an interrupted run goes on from its last step.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from sleuth.corpus import Corpus, load_corpus
from sleuth.decision import Decision
from sleuth.effects import PUBLISH_BRIEF, PendingAction, publishing
from sleuth.errors import ModelError
from sleuth.policies.offline import OfflinePolicy
from sleuth.policies.scripted import ScriptedPolicy
from sleuth.result import ConflictRule, Reason, Result, Status
from sleuth.resume import ResumeError, rebuild
from sleuth.runtime import Turn, drain, resume_steps, run, run_steps
from sleuth.state import Budgets, RunState, Task
from sleuth.store import LeaseLost, RunStatus, RunStore
from sleuth.store.db import StoreError
from stored import run_json, runs_json

BRIEF = Task(
    "When and where is the Retrieval Workshop?",
    require=("venue", "time"),
    conflict_rule=ConflictRule.NEWEST,
    publish=True,
)


@pytest.fixture
def store(target: str | Path) -> Iterator[RunStore]:
    s = RunStore(target)
    yield s
    s.close()


@pytest.fixture(scope="module")
def workshop() -> Corpus:
    return load_corpus("workshop")


@pytest.fixture(scope="module")
def acme() -> Corpus:
    return load_corpus("acme")


def _pause(store: RunStore, corpus: Corpus, task: Task = BRIEF) -> PendingAction:
    paused = run(task, corpus, OfflinePolicy(), recorder=store, effects=publishing(store.outbox))
    assert isinstance(paused, PendingAction), paused
    return paused


def _go_on(store: RunStore, run_id: str, corpus: Corpus) -> Result | PendingAction:
    stored = store.get_run(run_id)
    assert stored is not None
    steps = resume_steps(
        rebuild(stored, corpus),
        corpus,
        OfflinePolicy(),
        recorder=store,
        effects=publishing(store.outbox),
    )
    return drain(steps)


# -- pausing ------------------------------------------------------------------------------


def test_a_ready_brief_pauses_before_anything_is_published(
    store: RunStore, workshop: Corpus
) -> None:
    pending = _pause(store, workshop)

    stored = run_json(store, pending.run_id)
    assert stored is not None
    assert stored["status"] == "awaiting_approval"
    assert stored["result"] is None
    tools = [s["tool"] for s in stored["steps"]]
    assert tools[0] == "search" and "open" in tools
    assert PUBLISH_BRIEF not in tools  # the call is recorded only once it is decided
    assert pending.step == len(tools) + 1
    assert pending.tool == PUBLISH_BRIEF
    assert set(pending.payload["fields"]) == {"venue", "time"}
    for field in pending.payload["fields"].values():
        assert field["citations"] and field["evidence"]
        assert set(field["citations"]) <= _opened(stored)
    approval = stored["approval"]
    assert approval["status"] == "pending" and approval["decided_at"] is None
    assert approval["action"]["payload"] == pending.payload
    assert store.outbox.items() == []
    assert [r["status"] for r in runs_json(store.list_runs())] == ["awaiting_approval"]


def _opened(stored: dict[str, object]) -> set[str]:
    steps = stored["steps"]
    assert isinstance(steps, list)
    return {s["args"]["url"] for s in steps if s["tool"] == "open" and s["kind"] == "page"}


def test_approval_publishes_exactly_once_and_ends_the_run_with_what_was_published(
    store: RunStore, workshop: Corpus
) -> None:
    pending = _pause(store, workshop)

    decided = store.decide(pending.run_id, True, "looks right")
    assert not isinstance(decided, str) and decided.status == "approved"
    result = _go_on(store, pending.run_id, workshop)

    assert isinstance(result, Result)
    assert result.status is Status.READY_FOR_REVIEW
    assert result.fields is not None and set(result.fields) == {"venue", "time"}
    stored = run_json(store, pending.run_id)
    assert stored is not None and stored["status"] == "ready_for_review"
    publish = stored["steps"][-1]  # publishing is the run's last step: it finishes it
    assert (publish["index"], publish["tool"], publish["kind"]) == (
        pending.step,
        PUBLISH_BRIEF,
        "effect",
    )
    assert result.steps == pending.step
    assert publish["data"]["verdict"]["note"] == "looks right"
    (item,) = store.outbox.items()
    assert item["key"] == f"{pending.run_id}:{pending.step}"
    assert item["payload"] == pending.payload
    assert publish["data"]["effect"]["key"] == item["key"]
    # the Result is exactly what was published
    published = item["payload"]["fields"]
    for name, field in result.fields.items():
        assert field.model_dump(mode="json") == published[name]
    assert result.answer == item["payload"]["answer"]

    # a second approval, and going on again, change nothing
    assert store.decide(pending.run_id, True, None) == "already_decided"
    with pytest.raises(ResumeError, match="already ended"):
        _go_on(store, pending.run_id, workshop)
    assert len(store.outbox.items()) == 1


def test_rejection_writes_nothing_and_ends_the_run(store: RunStore, workshop: Corpus) -> None:
    pending = _pause(store, workshop)

    assert not isinstance(store.decide(pending.run_id, False, "wrong venue"), str)
    result = _go_on(store, pending.run_id, workshop)

    assert isinstance(result, Result)
    assert (result.status, result.reason) == (Status.INCOMPLETE, Reason.REJECTED)
    assert result.cannot_answer and "wrong venue" in result.answer
    assert store.outbox.items() == []
    stored = run_json(store, pending.run_id)
    assert stored is not None
    last = stored["steps"][-1]
    assert (last["tool"], last["kind"]) == (PUBLISH_BRIEF, "declined")
    assert store.decide(pending.run_id, True, None) == "already_decided"


@pytest.mark.subprocess
def test_a_pending_approval_survives_the_process(target: str | Path, workshop: Corpus) -> None:
    script = f"""
import sys
from sleuth.corpus import load_corpus
from sleuth.effects import publishing
from sleuth.policies.offline import OfflinePolicy
from sleuth.runtime import run
from sleuth.state import Task
from sleuth.store import RunStore
store = RunStore(sys.argv[1])
task = Task({BRIEF.question!r}, require=("venue", "time"), conflict_rule="newest",
            publish=True)
paused = run(task, load_corpus("workshop"), OfflinePolicy(), recorder=store,
             effects=publishing(store.outbox))
print(paused.run_id)
"""
    proc = subprocess.run(
        [sys.executable, "-c", script, str(target)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    run_id = proc.stdout.strip()

    store = RunStore(target)  # a new process's view of the same file
    assert run_json(store, run_id)["status"] == "awaiting_approval"  # type: ignore[index]
    assert not isinstance(store.decide(run_id, True, None), str)
    result = _go_on(store, run_id, workshop)
    assert isinstance(result, Result) and result.status is Status.READY_FOR_REVIEW
    assert len(store.outbox.items()) == 1


def test_a_crash_after_the_approval_applies_the_effect_once(
    target: str | Path, workshop: Corpus
) -> None:
    first = RunStore(target)
    pending = _pause(first, workshop)
    assert not isinstance(first.decide(pending.run_id, True, None), str)
    # the process applied the effect and died before recording the step
    first.outbox.put(pending.key, pending.run_id, PUBLISH_BRIEF, pending.payload)
    first.close()

    second = RunStore(target)
    stored = run_json(second, pending.run_id)
    assert stored is not None and stored["status"] == "interrupted"
    assert second.claim(pending.run_id)
    result = _go_on(second, pending.run_id, workshop)  # the stored verdict is used

    assert isinstance(result, Result) and result.status is Status.READY_FOR_REVIEW
    assert len(second.outbox.items()) == 1


def test_a_run_that_waits_cannot_be_resumed_without_a_verdict(
    store: RunStore, workshop: Corpus
) -> None:
    pending = _pause(store, workshop)
    assert not store.claim(pending.run_id)  # not interrupted: waiting for a person
    assert store.decide("no-such-run", True, None) == "unknown_run"


# -- what cannot be put up for approval ----------------------------------------------------


def test_publishing_an_unsourced_brief_is_refused_without_a_pause(
    store: RunStore, acme: Corpus
) -> None:
    invented = {
        "answer": "Ada Ortiz",
        "citations": ["https://acme.example/never-opened"],
        "cannot_answer": False,
        "evidence": "Ada Ortiz founded Acme Robotics.",
    }
    policy = ScriptedPolicy(
        [
            _call("search", {"query": "Acme Robotics founder"}),
            _call(PUBLISH_BRIEF, invented),
            _call(
                "finish",
                {
                    **invented,
                    "answer": "cannot: nothing opened",
                    "citations": [],
                    "cannot_answer": True,
                    "evidence": "",
                },
            ),
        ]
    )
    task = Task("Who founded Acme Robotics?", publish=True)
    result = run(task, acme, policy, recorder=store, effects=publishing(store.outbox))
    policy.assert_used_up()

    assert isinstance(result, Result)
    stored = run_json(store, result.run_id)
    assert stored is not None
    step = stored["steps"][1]
    assert (step["tool"], step["kind"], step["error"]) == (
        PUBLISH_BRIEF,
        "error",
        "effect_invalid",
    )
    assert "cite_not_opened" in step["observation"]
    assert stored["approval"] is None
    assert store.outbox.items() == []


def _call(tool: str, args: dict[str, object]) -> str:
    return f"Thought: {tool}\nAction: {tool}\nAction Input: {json.dumps(args)}"


def test_publish_brief_is_not_a_tool_unless_the_task_asks(store: RunStore, acme: Corpus) -> None:
    policy = ScriptedPolicy(
        [
            _call(
                PUBLISH_BRIEF,
                {"answer": "x", "citations": [], "cannot_answer": False, "evidence": "x"},
            ),
            _call(
                "finish",
                {"answer": "cannot: no", "citations": [], "cannot_answer": True, "evidence": ""},
            ),
        ]
    )
    result = run(
        Task("Who founded Acme Robotics?"),
        acme,
        policy,
        recorder=store,
        effects=publishing(store.outbox),
    )
    policy.assert_used_up()
    assert isinstance(result, Result)
    stored = run_json(store, result.run_id)
    assert stored is not None
    first = stored["steps"][0]
    assert (first["kind"], first["error"]) == ("error", "unknown_tool")
    assert "search, open, finish" in first["observation"]
    assert store.outbox.items() == []


def test_without_a_store_there_is_nothing_to_pause_into(workshop: Corpus) -> None:
    result = run(BRIEF, workshop, OfflinePolicy())  # no recorder, no effects
    assert isinstance(result, Result)
    assert result.status is Status.READY_FOR_REVIEW  # it finished instead


# -- resuming an interrupted run -----------------------------------------------------------

KILL_AFTER_SECOND_STEP = """
import os, signal, sys
from sleuth.corpus import load_corpus
from sleuth.policies.offline import OfflinePolicy
from sleuth.runtime import run_steps
from sleuth.state import Task
from sleuth.store import RunStore

store = RunStore(sys.argv[1])
steps = run_steps(Task("Who founded Acme Robotics?"), load_corpus("acme"), OfflinePolicy(),
                  recorder=store)
for step in steps:
    if step.index == 2:
        os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.subprocess
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX SIGKILL")
def test_an_interrupted_run_goes_on_from_its_last_step(target: str | Path, acme: Corpus) -> None:
    complete = run(Task("Who founded Acme Robotics?"), acme, OfflinePolicy())
    assert isinstance(complete, Result) and complete.steps > 2
    proc = subprocess.run(
        [sys.executable, "-c", KILL_AFTER_SECOND_STEP, str(target)],
        capture_output=True,
        text=True,
        timeout=120,
        env=os.environ.copy(),
        check=False,
    )
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    store = RunStore(target)
    (row,) = runs_json(store.list_runs())
    assert row["status"] == "interrupted" and row["steps"] == 2

    assert store.claim(row["id"])
    assert not store.claim(row["id"])  # one resumer at a time
    assert run_json(store, row["id"])["status"] == "running"  # type: ignore[index]
    result = _go_on(store, row["id"], acme)

    assert isinstance(result, Result)
    assert result.run_id == row["id"]
    assert (result.status, result.answer, result.citations) == (
        complete.status,
        complete.answer,
        complete.citations,
    )
    assert result.steps == complete.steps
    stored = run_json(store, row["id"])
    assert stored is not None
    assert [s["index"] for s in stored["steps"]] == list(range(1, complete.steps + 1))
    assert stored["status"] == complete.status.value


def test_a_changed_corpus_refuses_to_resume(target: str | Path, acme: Corpus) -> None:
    store = RunStore(target)
    steps = run_steps(Task("Who founded Acme Robotics?"), acme, OfflinePolicy(), recorder=store)
    next(steps), next(steps)  # search, open; then the "process" stops
    (row,) = runs_json(store.list_runs())
    stored = store.get_run(row["id"])
    assert stored is not None
    opened = stored.steps[1].args["url"]
    changed = Corpus(
        name=acme.name,
        pages={
            url: (replace(page, body=page.body + " Changed.") if url == opened else page)
            for url, page in acme.pages.items()
        },
    )
    with pytest.raises(ResumeError, match=r"step 2 .*changed"):
        rebuild(stored, changed)


def test_the_time_already_spent_counts_against_the_budget(target: str | Path, acme: Corpus) -> None:
    store = RunStore(target)
    budgets = Budgets(timeout_s=5.0)
    steps = run_steps(
        Task("Who founded Acme Robotics?"), acme, OfflinePolicy(), budgets, recorder=store
    )
    next(steps)
    (row,) = runs_json(store.list_runs())
    stored = store.get_run(row["id"])
    assert stored is not None
    first = stored.steps[0].model_copy(update={"duration_ms": 6000.0})  # as if it took 6 s
    resumed = rebuild(stored.model_copy(update={"steps": [first, *stored.steps[1:]]}), acme)
    assert resumed.elapsed_s >= 6.0
    result = drain(resume_steps(resumed, acme, OfflinePolicy()))
    assert isinstance(result, Result)
    assert (result.status, result.reason) == (Status.BUDGET_EXHAUSTED, Reason.TIMEOUT)


# -- what the review found ------------------------------------------------------------------


def test_a_decision_names_the_call_it_was_shown(store: RunStore, workshop: Corpus) -> None:
    pending = _pause(store, workshop)
    assert store.decide(pending.run_id, True, None, step=pending.step + 1) == "stale"
    assert run_json(store, pending.run_id)["approval"]["status"] == "pending"  # type: ignore[index]
    assert not isinstance(store.decide(pending.run_id, True, None, step=pending.step), str)


SCRIPT = [
    _call("search", {"query": "Acme Robotics founder"}),
    _call("open", {"url": "https://wiki.example/Acme_Robotics"}),
    _call(
        PUBLISH_BRIEF,
        {
            "answer": "Ada Ortiz",
            "citations": ["https://wiki.example/Acme_Robotics"],
            "cannot_answer": False,
            "evidence": "Acme Robotics was founded by Ada Ortiz in 2014 in Lisbon.",
        },
    ),
]


def test_a_resumed_scripted_run_goes_on_with_its_next_turn(store: RunStore, acme: Corpus) -> None:
    task = Task("Who founded Acme Robotics?", publish=True)
    steps = run_steps(task, acme, ScriptedPolicy(SCRIPT), recorder=store)
    next(steps)
    steps.close()  # the process stopped after the search ...
    (row,) = runs_json(store.list_runs())
    store.release(row["id"])  # ... and its lease lapsed
    assert store.claim(row["id"])

    stored = store.get_run(row["id"])
    assert stored is not None
    going_on = ScriptedPolicy(SCRIPT)
    paused = drain(
        resume_steps(
            rebuild(stored, acme), acme, going_on, recorder=store, effects=publishing(store.outbox)
        )
    )
    assert isinstance(paused, PendingAction) and paused.step == 3  # turns 2 and 3, not 1 again
    going_on.assert_used_up()  # the last turn was the paused call
    assert not isinstance(store.decide(row["id"], True, None, step=3), str)
    stored = store.get_run(row["id"])
    assert stored is not None
    result = drain(
        resume_steps(
            rebuild(stored, acme),
            acme,
            ScriptedPolicy(SCRIPT),
            recorder=store,
            effects=publishing(store.outbox),
        )
    )
    assert isinstance(result, Result) and result.status is Status.READY_FOR_REVIEW
    assert result.answer == "Ada Ortiz" and result.steps == 3
    assert [s["tool"] for s in run_json(store, row["id"])["steps"]] == [  # type: ignore[index]
        "search",
        "open",
        PUBLISH_BRIEF,
    ]
    assert len(store.outbox.items()) == 1


def test_a_process_that_lost_its_lease_cannot_write_the_run(
    target: str | Path, acme: Corpus
) -> None:
    first, second = RunStore(target), RunStore(target)
    steps = run_steps(Task("Who founded Acme Robotics?"), acme, OfflinePolicy(), recorder=first)
    next(steps)
    (row,) = runs_json(second.list_runs())
    assert row["status"] == "running" and not second.claim(row["id"])
    # the first process hangs past its lease (no heartbeat for 30 s), and the second
    # takes the run over
    first.db.execute("UPDATE runs SET lease_until = 0 WHERE id = ?", (row["id"],))
    assert second.claim(row["id"])

    with pytest.raises(LeaseLost):
        next(steps)  # the first process wakes up: its next step is refused
    stored = run_json(second, row["id"])
    assert stored is not None
    assert stored["status"] == "running" and len(stored["steps"]) == 1  # nothing written
    result = _go_on(second, row["id"], acme)
    assert isinstance(result, Result) and result.status is Status.READY_FOR_REVIEW
    first.close()
    second.close()


def test_a_store_failure_while_publishing_leaves_the_run_resumable(
    target: str | Path, workshop: Corpus
) -> None:
    store = RunStore(target)
    pending = _pause(store, workshop)
    assert not isinstance(store.decide(pending.run_id, True, None), str)
    broken = RunStore(target)
    broken.close()  # an outbox whose database connection is gone
    stored = store.get_run(pending.run_id)
    assert stored is not None
    with pytest.raises(StoreError):
        drain(
            resume_steps(
                rebuild(stored, workshop),
                workshop,
                OfflinePolicy(),
                recorder=store,
                effects=publishing(broken.outbox),
            )
        )

    stored = run_json(store, pending.run_id)
    assert stored is not None
    assert stored["status"] == "interrupted" and stored["error"] is None  # not "error"
    assert store.outbox.items() == []
    assert store.claim(pending.run_id)
    result = _go_on(store, pending.run_id, workshop)
    assert isinstance(result, Result) and result.status is Status.READY_FOR_REVIEW
    assert len(store.outbox.items()) == 1
    store.close()


class _FailingModel:
    """A model that answers one search, then cannot be reached (with a recorded call)."""

    name = "model:failing"

    def decide(self, state: RunState) -> Turn:
        if not state.steps:
            return Turn(parsed=Decision(tool="search", args={"query": "Acme Robotics"}))
        raise ModelError("503 from the server", calls=({"attempts": [{"ok": False}]},))


def test_a_recorded_model_failure_ends_the_rebuilt_run(store: RunStore, acme: Corpus) -> None:
    ended = run(Task("Who founded Acme Robotics?"), acme, _FailingModel(), recorder=store)
    assert isinstance(ended, Result) and ended.reason is Reason.MODEL_ERROR
    store.db.execute("DELETE FROM results WHERE run_id = ?", (ended.run_id,))  # as if the
    # process had died between the model error's step and its result row
    store.release(ended.run_id)
    stored = store.get_run(ended.run_id)
    assert stored is not None and stored.status is RunStatus.INTERRUPTED

    resumed = rebuild(stored, acme)
    assert resumed.ended is not None and resumed.ended.reason is Reason.MODEL_ERROR
    assert store.claim(ended.run_id)
    result = drain(resume_steps(resumed, acme, _FailingModel(), recorder=store))
    assert isinstance(result, Result)
    assert (result.status, result.reason, result.steps) == (
        Status.INCOMPLETE,
        Reason.MODEL_ERROR,
        ended.steps,
    )
