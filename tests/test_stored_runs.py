"""Typed stored runs: every piece of a run goes to JSON and back unchanged (property-based),
a whole run goes through the real SQLite store and back, and the JSON the CLI, the API and
MCP print keeps its field names.

The property-based tests are in the integration tier, as the suite's other Hypothesis
tests are: 60 examples each of these nested strategies cost about 3 s of CPU, a seventh of
the fast tier (and on a fresh checkout Hypothesis first builds its Unicode tables)."""

from __future__ import annotations

import json
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sleuth.cli import cli
from sleuth.corpus import load_corpus
from sleuth.effects import PendingAction
from sleuth.policies.offline import OfflinePolicy
from sleuth.result import ConflictRule, Status, Usage
from sleuth.runtime import run
from sleuth.state import Budgets, Observation, RunState, Step, Task
from sleuth.store import RunStatus, RunStore, StoredRun, StoredStep

PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

text = st.text(max_size=24)
finite = st.floats(allow_nan=False, allow_infinity=False)
json_values: st.SearchStrategy[Any] = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**53), max_value=2**53) | finite | text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(text, inner, max_size=4),
    max_leaves=12,
)
json_objects = st.dictionaries(text, json_values, max_size=4)

usages = st.builds(
    Usage,
    input_tokens=st.integers(0, 10**9),
    output_tokens=st.integers(0, 10**9),
    cached_input_tokens=st.integers(0, 10**9),
    cache_write_input_tokens=st.integers(0, 10**9),
    cost_usd=st.none() | st.floats(min_value=0, max_value=1e6),
)
budgets = st.builds(
    Budgets,
    max_steps=st.integers(1, 10_000),
    timeout_s=st.floats(min_value=1e-3, max_value=1e9),
    max_tokens=st.none() | st.integers(1, 10**9),
)
tasks = st.builds(
    Task,
    question=st.text(min_size=1, max_size=80),
    require=st.lists(text, max_size=4).map(tuple),
    conflict_rule=st.none() | st.sampled_from(ConflictRule),
    publish=st.booleans(),
)
observations = st.builds(
    Observation,
    text=text,
    kind=st.sampled_from(["hits", "page", "error", "rejected", "finish", "effect", "declined"]),
    error=st.none() | text,
    data=json_objects,
)


def steps(index: int) -> st.SearchStrategy[Step]:
    return st.builds(
        Step,
        index=st.just(index),
        thought=text,
        tool=st.sampled_from(["", "search", "open", "finish", "publish_brief"]),
        args=json_objects,
        observation=observations,
        raw=json_values,
        started_at=text,
        duration_ms=finite,
        usage=st.none() | usages,
        calls=st.lists(json_objects, max_size=3).map(tuple),
    )


def pending_actions(step: int) -> st.SearchStrategy[PendingAction]:
    return st.builds(
        PendingAction,
        run_id=text,
        step=st.just(step),
        tool=st.just("publish_brief"),
        args=json_objects,
        payload=json_objects,
        thought=text,
        raw=json_values,
        usage=st.none() | usages,
        calls=st.lists(json_objects, max_size=3).map(tuple),
        started_at=text,
        duration_ms=finite,
        requested_at=text,
    )


def through_json(data: dict[str, Any]) -> Any:
    return json.loads(json.dumps(data, ensure_ascii=False))


@pytest.mark.integration
@PROPERTY
@given(budgets)
def test_budgets_round_trip(value: Budgets) -> None:
    assert Budgets.from_json(through_json(value.to_json())) == value


@pytest.mark.integration
@PROPERTY
@given(tasks)
def test_task_round_trips(value: Task) -> None:
    assert Task.from_json(through_json(value.to_json())) == value


@pytest.mark.integration
@PROPERTY
@given(st.integers(1, 50).flatmap(steps))
def test_step_round_trips(value: Step) -> None:
    assert Step.from_json(through_json(value.to_json())) == value
    assert StoredStep.of(value).step() == value


@pytest.mark.integration
@PROPERTY
@given(st.integers(1, 50).flatmap(pending_actions))
def test_pending_action_round_trips(value: PendingAction) -> None:
    assert PendingAction.from_json(through_json(value.to_json())) == value


@pytest.fixture(scope="module")
def store() -> Iterator[RunStore]:
    with tempfile.TemporaryDirectory() as folder:
        opened = RunStore(Path(folder) / "runs.db")
        yield opened
        opened.close()


@st.composite
def paused_runs(draw: st.DrawFn) -> tuple[RunState, list[Step], PendingAction | None]:
    count = draw(st.integers(0, 4))
    recorded = [draw(steps(n)) for n in range(1, count + 1)]
    state = RunState(
        run_id=f"run-{uuid.uuid4().hex}",
        task=draw(tasks),
        budgets=draw(budgets),
        corpus=draw(st.text(min_size=1, max_size=12)),
        policy=draw(st.sampled_from(["offline", "scripted", "openai:gpt"])),
        corpus_build=draw(st.none() | text),
    )
    pending = draw(st.none() | pending_actions(count + 1))
    if pending is not None:
        pending = PendingAction.from_json({**pending.to_json(), "run_id": state.run_id})
    return state, recorded, pending


@pytest.mark.integration
@PROPERTY
@given(paused_runs())
def test_a_stored_run_comes_back_from_the_store_as_written(
    store: RunStore, drawn: tuple[RunState, list[Step], PendingAction | None]
) -> None:
    state, recorded, pending = drawn
    store.start_run(state, key_id="key_x")
    for step in recorded:
        store.append_step(state.run_id, step)
    if pending is not None:
        store.pause_run(pending)
    else:
        store.release(state.run_id)

    stored = store.get_run(state.run_id)

    assert stored is not None
    assert (stored.id, stored.question, stored.corpus) == (
        state.run_id,
        state.task.question,
        state.corpus,
    )
    assert (stored.policy, stored.corpus_build, stored.key_id) == (
        state.policy,
        state.corpus_build,
        "key_x",
    )
    assert stored.task == state.task and stored.budgets == state.budgets
    assert [s.step() for s in stored.steps] == recorded
    assert stored.result is None and stored.error is None
    if pending is None:
        assert stored.status is RunStatus.INTERRUPTED and stored.approval is None
    else:
        assert stored.status is RunStatus.AWAITING_APPROVAL
        assert stored.approval is not None and stored.approval.pending
        assert stored.approval.action == pending
    # and through JSON, as `runs show --json` prints it and a client reads it back
    assert StoredRun.model_validate(through_json(stored.to_json())) == stored


def test_every_result_status_is_a_run_status() -> None:
    assert {s.value for s in Status} <= {s.value for s in RunStatus}
    assert [s for s in RunStatus if not s.ended] == [
        RunStatus.AWAITING_APPROVAL,
        RunStatus.RUNNING,
        RunStatus.INTERRUPTED,
    ]


def test_the_printed_json_keeps_its_field_names(tmp_path: Path) -> None:
    """What `runs show --json` and `runs list --json` print: the same fields, in the same
    order, as before the store returned models (clients read them by name)."""
    db = tmp_path / "runs.db"
    store = RunStore(db)
    result = run(
        Task("Who founded Acme Robotics?"), load_corpus("acme"), OfflinePolicy(), recorder=store
    )
    store.close()
    runner = CliRunner()

    shown = runner.invoke(cli, ["runs", "show", result.run_id, "--db", str(db), "--json"])
    thinking = runner.invoke(
        cli, ["runs", "show", result.run_id, "--db", str(db), "--json", "--thoughts"]
    )
    listed = runner.invoke(cli, ["runs", "list", "--db", str(db), "--json"])

    assert shown.exit_code == thinking.exit_code == listed.exit_code == 0
    run_json = json.loads(shown.stdout)
    assert list(run_json) == [
        "id",
        "created_at",
        "question",
        "task",
        "corpus",
        "policy",
        "corpus_build",
        "key_id",
        "budgets",
        "status",
        "error",
        "result",
        "steps",
        "approval",
        "trace_id",
        "trace_ids",
    ]
    assert list(run_json["task"]) == ["question", "require", "conflict_rule", "publish"]
    assert list(run_json["budgets"]) == ["max_steps", "timeout_s", "max_tokens"]
    assert (
        run_json["status"] == "ready_for_review" and run_json["result"]["run_id"] == result.run_id
    )
    assert run_json["result"] == result.model_dump(mode="json")
    visible = [
        "index",
        "started_at",
        "duration_ms",
        "tool",
        "args",
        "observation",
        "kind",
        "error",
        "data",
        "usage",
    ]
    assert [list(s) for s in run_json["steps"]] == [visible] * result.steps
    full = json.loads(thinking.stdout)["steps"][0]
    assert list(full) == [
        "index",
        "started_at",
        "duration_ms",
        "thought",
        "tool",
        "args",
        "observation",
        "kind",
        "error",
        "data",
        "raw",
        "usage",
        "calls",
    ]
    (row,) = json.loads(listed.stdout)
    assert row == {
        "id": result.run_id,
        "created_at": run_json["created_at"],
        "question": "Who founded Acme Robotics?",
        "corpus": "acme",
        "policy": "offline",
        "status": "ready_for_review",
        "reason": None,
        "steps": result.steps,
    }


@pytest.mark.server
def test_the_api_serves_the_stored_json(tmp_path: Path) -> None:
    """``GET /v1/runs/{id}`` is the stored run's JSON (without the model's thinking
    unless asked), ``GET /v1/runs`` its summary: what the CLI prints, field for field."""
    import httpx2 as httpx

    from sleuth.service import ServiceConfig
    from sleuth.service.app import create_app
    from sleuth.service.testing import LiveServer
    from sleuth.store import THINKING

    db = tmp_path / "runs.db"
    store = RunStore(db)
    result = run(
        Task("Who founded Acme Robotics?"), load_corpus("acme"), OfflinePolicy(), recorder=store
    )
    stored = store.get_run(result.run_id)
    listed = store.list_runs()
    store.close()
    assert stored is not None

    app = create_app(ServiceConfig(db=db))
    with LiveServer(app) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        shown = client.get(f"/v1/runs/{result.run_id}").json()
        thinking = client.get(f"/v1/runs/{result.run_id}", params={"thoughts": "true"}).json()
        page = client.get("/v1/runs").json()

    assert shown == stored.to_json(THINKING)
    assert thinking == stored.to_json()
    assert page == {"runs": [row.to_json() for row in listed], "next": None}
