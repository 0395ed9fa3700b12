"""The approval gate and resumed runs over real HTTP (uvicorn on loopback, httpx).

``publish: true`` makes a ready brief pause (202) with the call a person must decide;
``approve`` writes it to the outbox exactly once and that ends the run; ``reject`` ends it
without the effect. Pending approvals live in the store, so a new server (a restart, or
another worker) sees and decides them.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from sleuth.corpus import Corpus, load_corpus
from sleuth.policies.offline import OfflinePolicy
from sleuth.policies.scripted import ScriptedPolicy
from sleuth.runtime import run_steps
from sleuth.service import KeyStore, Rate, ServiceConfig
from sleuth.service.app import create_app
from sleuth.service.testing import LiveServer
from sleuth.state import Task
from sleuth.store import RunStore
from stored import runs_json
from test_service import served, sse
from test_store_postgres import pg_schema

BRIEF = {
    "question": "When and where is the Retrieval Workshop?",
    "corpus": "workshop",
    "require": ["venue", "time"],
    "conflict_rule": "newest",
    "publish": True,
}


@pytest.fixture(params=["sqlite", "postgres"])
def db_path(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """The store: a SQLite file, or a fresh PostgreSQL schema (the name is conftest's)."""
    if request.param == "sqlite":
        yield tmp_path / "runs.db"
    else:
        with pg_schema() as url:
            yield url


def _pause(client: httpx.Client) -> dict[str, Any]:
    response = client.post("/v1/ask", json=BRIEF)
    assert response.status_code == 202, response.text
    paused: dict[str, Any] = response.json()
    return paused


def test_a_publish_pauses_with_the_call_to_decide(db_path: Path) -> None:
    with served(db_path) as client:
        paused = _pause(client)
        run = client.get(f"/v1/runs/{paused['run_id']}").json()
        listed = client.get("/v1/runs").json()["runs"]

    assert paused["status"] == "awaiting_approval"
    approval = paused["approval"]
    assert approval["tool"] == "publish_brief" and approval["status"] == "pending"
    assert set(approval["payload"]["fields"]) == {"venue", "time"}
    assert approval["step"] == len(run["steps"]) + 1
    assert run["status"] == "awaiting_approval"
    assert run["approval"] == approval
    assert "thought" not in run["steps"][0]
    assert listed[0]["status"] == "awaiting_approval"
    assert RunStore(db_path).outbox.items() == []


def test_approve_publishes_once_then_the_run_finishes(db_path: Path) -> None:
    with served(db_path) as client:
        paused = _pause(client)
        run_id = paused["run_id"]
        approved = client.post(f"/v1/runs/{run_id}/approve", json={"note": "ship it"})
        again = client.post(f"/v1/runs/{run_id}/approve")
        rejected_late = client.post(f"/v1/runs/{run_id}/reject")
        run = client.get(f"/v1/runs/{run_id}").json()

    assert approved.status_code == 200, approved.text
    result = approved.json()
    assert result["run_id"] == run_id and result["status"] == "ready_for_review"
    assert again.status_code == 409 and again.json()["error"]["code"] == "already_decided"
    assert rejected_late.status_code == 409
    assert run["status"] == "ready_for_review"
    assert run["approval"]["status"] == "approved" and run["approval"]["note"] == "ship it"
    assert run["approval"]["decided_by"] == "open:127.0.0.1"  # who decided, for the record
    assert run["steps"][-1]["tool"] == "publish_brief"  # publishing finished the run
    assert result["steps"] == paused["approval"]["step"]
    (item,) = RunStore(db_path).outbox.items()
    assert item["run_id"] == run_id and item["payload"] == paused["approval"]["payload"]


def test_two_approvals_at_once_publish_once(db_path: Path) -> None:
    with served(db_path) as client:
        run_id = _pause(client)["run_id"]
        barrier = threading.Barrier(2)
        codes: list[int] = []

        def approve() -> None:
            with httpx.Client(base_url=str(client.base_url), timeout=30) as own:
                barrier.wait()
                codes.append(own.post(f"/v1/runs/{run_id}/approve").status_code)

        threads = [threading.Thread(target=approve) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    assert sorted(codes) == [200, 409]
    assert len(RunStore(db_path).outbox.items()) == 1


def test_reject_ends_the_run_without_the_effect(db_path: Path) -> None:
    with served(db_path) as client:
        run_id = _pause(client)["run_id"]
        rejected = client.post(f"/v1/runs/{run_id}/reject", json={"note": "not yet"})
        approved_late = client.post(f"/v1/runs/{run_id}/approve")

    assert rejected.status_code == 200
    result = rejected.json()
    assert (result["status"], result["reason"], result["cannot_answer"]) == (
        "incomplete",
        "rejected",
        True,
    )
    assert approved_late.status_code == 409
    assert approved_late.json()["error"]["code"] == "already_decided"
    assert RunStore(db_path).outbox.items() == []


def test_a_pending_approval_survives_a_restart(db_path: Path) -> None:
    with served(db_path) as first:
        run_id = _pause(first)["run_id"]
    with served(db_path) as second:  # a new process's server on the same store
        assert second.get(f"/v1/runs/{run_id}").json()["status"] == "awaiting_approval"
        approved = second.post(f"/v1/runs/{run_id}/approve")
    assert approved.status_code == 200 and approved.json()["status"] == "ready_for_review"
    assert len(RunStore(db_path).outbox.items()) == 1


def test_streams_end_with_the_approval_then_the_result(db_path: Path) -> None:
    with served(db_path) as client:
        with client.stream("POST", "/v1/ask", json={**BRIEF, "stream": True}) as response:
            asked = sse(response)
        run_id = asked[0][1]["run_id"]
        with client.stream("POST", f"/v1/runs/{run_id}/approve", json={"stream": True}) as response:
            approved = sse(response)

    names = [name for name, _ in asked]
    assert names[0] == "run" and names[-1] == "approval" and set(names[1:-1]) == {"step"}
    assert asked[-1][1]["approval"]["status"] == "pending"
    names = [name for name, _ in approved]
    assert names == ["run", "step", "result"]
    assert approved[1][1]["tool"] == "publish_brief"
    assert approved[-1][1]["status"] == "ready_for_review"


def test_decisions_on_runs_that_do_not_wait(db_path: Path) -> None:
    with served(db_path) as client:
        done = client.post("/v1/ask", json={"question": "Who founded Acme Robotics?"}).json()
        not_waiting = client.post(f"/v1/runs/{done['run_id']}/approve")
        unknown = client.post("/v1/runs/nope/reject")
        bad = client.post(f"/v1/runs/{done['run_id']}/approve", json={"note": 3})

    assert not_waiting.status_code == 409
    assert not_waiting.json()["error"]["code"] == "not_awaiting_approval"
    assert unknown.status_code == 404
    assert bad.status_code == 422


def test_resume_goes_on_with_an_interrupted_run(db_path: Path) -> None:
    store = RunStore(db_path)
    steps = run_steps(
        Task("Who founded Acme Robotics?"), load_corpus("acme"), OfflinePolicy(), recorder=store
    )
    next(steps)
    next(steps)
    steps.close()  # the generator is dropped mid-run, as if its process had died ...
    (row,) = runs_json(store.list_runs())
    store.release(row["id"])  # ... and its lease had run out
    store.close()
    with served(db_path) as client:
        assert client.get(f"/v1/runs/{row['id']}").json()["status"] == "interrupted"
        resumed = client.post(f"/v1/runs/{row['id']}/resume")
        again = client.post(f"/v1/runs/{row['id']}/resume")
        run = client.get(f"/v1/runs/{row['id']}").json()

    assert resumed.status_code == 200, resumed.text
    assert resumed.json()["status"] == "ready_for_review"
    assert again.status_code == 409 and again.json()["error"]["code"] == "not_interrupted"
    complete = run_steps(Task("Who founded Acme Robotics?"), load_corpus("acme"), OfflinePolicy())
    uninterrupted = [(step.tool, step.args) for step in complete]
    assert [(s["tool"], s["args"]) for s in run["steps"]] == uninterrupted
    assert [s["index"] for s in run["steps"]] == list(range(1, len(run["steps"]) + 1))


@pytest.mark.parametrize("path", ["approve", "reject", "resume"])
def test_runs_of_policies_the_server_does_not_run_are_refused(db_path: Path, path: str) -> None:
    store = RunStore(db_path)
    steps = run_steps(
        Task("Who founded Acme Robotics?"),
        load_corpus("acme"),
        ScriptedPolicy(['Action: search\nAction Input: {"query": "Acme"}']),
        recorder=store,
    )
    next(steps)
    steps.close()
    (row,) = runs_json(store.list_runs())
    store.release(row["id"])
    with served(db_path) as client:
        response = client.post(f"/v1/runs/{row['id']}/{path}")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "cannot_resume"


def _changed(corpus_name: str) -> Corpus:
    """The built-in corpus with every page's text changed (as after an upgrade)."""
    corpus = load_corpus(corpus_name)
    pages = {url: replace(page, body=page.body + " Amended.") for url, page in corpus.pages.items()}
    return Corpus(name=corpus.name, pages=pages)


def test_a_decision_for_another_call_is_stale(db_path: Path) -> None:
    with served(db_path) as client:
        paused = _pause(client)
        step = paused["approval"]["step"]
        stale = client.post(f"/v1/runs/{paused['run_id']}/approve", json={"step": step + 1})
        status = client.get(f"/v1/runs/{paused['run_id']}").json()["status"]
        fresh = client.post(f"/v1/runs/{paused['run_id']}/approve", json={"step": step})
    assert stale.status_code == 409 and stale.json()["error"]["code"] == "stale_decision"
    assert status == "awaiting_approval"
    assert fresh.status_code == 200
    assert len(RunStore(db_path).outbox.items()) == 1


def test_nothing_is_decided_when_the_run_could_not_go_on(db_path: Path) -> None:
    app = create_app(ServiceConfig(db=db_path, rate=Rate.parse("1000/60")))
    with LiveServer(app) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        paused = _pause(client)
        app.state.service.catalog.put("workshop", _changed("workshop"))
        responses = [
            client.post(f"/v1/runs/{paused['run_id']}/{verb}") for verb in ("approve", "reject")
        ]
        run = client.get(f"/v1/runs/{paused['run_id']}").json()
    for response in responses:
        assert response.status_code == 409
        assert response.json()["error"]["code"] == "cannot_resume"
        assert "nothing was decided" in response.json()["error"]["message"]
    assert run["status"] == "awaiting_approval" and run["approval"]["status"] == "pending"
    assert RunStore(db_path).outbox.items() == []


def test_a_resume_that_fails_leaves_the_run_interrupted(db_path: Path) -> None:
    store = RunStore(db_path)
    steps = run_steps(
        Task("Who founded Acme Robotics?"), load_corpus("acme"), OfflinePolicy(), recorder=store
    )
    next(steps), next(steps)
    steps.close()
    (row,) = runs_json(store.list_runs())
    store.release(row["id"])
    app = create_app(ServiceConfig(db=db_path, rate=Rate.parse("1000/60")))
    with LiveServer(app) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        app.state.service.catalog.put("acme", _changed("acme"))
        failed = client.post(f"/v1/runs/{row['id']}/resume")
        status = client.get(f"/v1/runs/{row['id']}").json()["status"]
        app.state.service.catalog.put("acme", load_corpus("acme"))
        resumed = client.post(f"/v1/runs/{row['id']}/resume")
    assert failed.status_code == 502
    assert "left interrupted" in failed.json()["error"]["message"]
    assert status == "interrupted"  # not stuck "running", not "error"
    assert resumed.status_code == 200 and resumed.json()["status"] == "ready_for_review"


def test_the_key_that_decided_is_kept_with_the_decision(db_path: Path) -> None:
    record, key = KeyStore(RunStore(db_path)).create("reviewer")
    auth = {"Authorization": f"Bearer {key}"}
    with served(db_path) as client:
        paused = client.post("/v1/ask", json=BRIEF, headers=auth).json()
        decided = client.post(f"/v1/runs/{paused['run_id']}/reject", headers=auth)
        run = client.get(f"/v1/runs/{paused['run_id']}", headers=auth).json()
    assert decided.status_code == 200
    assert run["approval"]["decided_by"] == f"key:{record.id}"
