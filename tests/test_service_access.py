"""Access per API key, over real HTTP: every run records the key that made it, and a key
never lists, reads, decides, resumes or cancels another key's run (a 404, as if there were no
such run, so ids do not leak); an admin key sees all; a key may be limited to corpora."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from sleuth.contract import Turn
from sleuth.corpus import load_corpus
from sleuth.policies.offline import OfflinePolicy
from sleuth.runtime import run_steps
from sleuth.service import KeyStore
from sleuth.state import RunState, Task
from sleuth.store import RunStore
from stored import run_json, runs_json
from test_service import FOUNDER_Q, served
from test_service_approval import BRIEF
from test_service_cli import invoke


def _auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


@pytest.fixture
def keys(db_path: Path) -> dict[str, tuple[str, str]]:
    """name -> (key id, key): alice and bob (ordinary), ops (admin), acme-only."""
    store = KeyStore(RunStore(db_path))
    made = {
        "alice": store.create("alice"),
        "bob": store.create("bob"),
        "ops": store.create("ops", admin=True),
        "acme-only": store.create("acme-only", corpora=["acme"]),
    }
    return {name: (record.id, key) for name, (record, key) in made.items()}


def _interrupted(db_path: Path, key_id: str) -> str:
    """A run of ``key_id`` whose process stopped after two steps."""
    store = RunStore(db_path)
    steps = run_steps(Task(FOUNDER_Q), load_corpus("acme"), OfflinePolicy(), recorder=store)
    next(steps), next(steps)
    steps.close()
    (row,) = runs_json(store.list_runs(1))
    store.release(row["id"])
    store.db.execute("UPDATE runs SET key_id = ? WHERE id = ?", (key_id, row["id"]))
    return str(row["id"])


def test_each_endpoint_keeps_a_keys_runs_its_own(
    db_path: Path, keys: dict[str, tuple[str, str]]
) -> None:
    alice_id, alice = keys["alice"]
    _, bob = keys["bob"]
    _, ops = keys["ops"]
    a, b = _auth(alice), _auth(bob)
    with served(db_path) as client:
        mine = client.post("/v1/ask", json={"question": FOUNDER_Q}, headers=a).json()
        theirs = client.post("/v1/ask", json={"question": FOUNDER_Q}, headers=b).json()
        paused = client.post("/v1/ask", json=BRIEF, headers=a).json()
        run_id, pause_id = mine["run_id"], paused["run_id"]
        listed = {
            who: [r["id"] for r in client.get("/v1/runs", headers=h).json()["runs"]]
            for who, h in (("alice", a), ("bob", b), ("ops", _auth(ops)))
        }
        paging = client.get("/v1/runs", params={"before": run_id}, headers=b)
        hidden = {
            "show": client.get(f"/v1/runs/{run_id}", headers=b),
            "sources": client.get(f"/v1/runs/{run_id}/sources", headers=b),
            "page": client.get(f"/v1/runs/{run_id}/page", params={"url": "x"}, headers=b),
            "approve": client.post(f"/v1/runs/{pause_id}/approve", headers=b),
            "reject": client.post(f"/v1/runs/{pause_id}/reject", headers=b),
            "cancel": client.post(f"/v1/runs/{pause_id}/cancel", headers=b),
            "cancel ended": client.post(f"/v1/runs/{run_id}/cancel", headers=b),
        }
        still = client.get(f"/v1/runs/{pause_id}", headers=a).json()
        shown = client.get(f"/v1/runs/{run_id}", headers=a)
        admin_shown = client.get(f"/v1/runs/{theirs['run_id']}", headers=_auth(ops))
        approved = client.post(f"/v1/runs/{pause_id}/approve", headers=a)
    assert listed["alice"] == [pause_id, run_id]
    assert listed["bob"] == [theirs["run_id"]]
    assert set(listed["ops"]) == {pause_id, run_id, theirs["run_id"]}
    assert paging.status_code == 404  # another key's run is no anchor either
    for name, response in hidden.items():
        assert response.status_code == 404, (name, response.text)
        assert response.json()["error"]["code"] == "unknown_run", name
        assert response.json()["error"]["message"].startswith("no run"), name
    assert still["status"] == "awaiting_approval"  # bob decided nothing
    assert shown.status_code == 200 and shown.json()["key_id"] == alice_id
    assert admin_shown.status_code == 200 and admin_shown.json()["key_id"] == keys["bob"][0]
    assert approved.status_code == 200
    assert len(RunStore(db_path).outbox.items()) == 1


def test_resume_is_for_the_key_that_made_the_run_or_an_admin(
    db_path: Path, keys: dict[str, tuple[str, str]]
) -> None:
    alice_run = _interrupted(db_path, keys["alice"][0])
    other_run = _interrupted(db_path, keys["alice"][0])
    with served(db_path) as client:
        refused = client.post(f"/v1/runs/{alice_run}/resume", headers=_auth(keys["bob"][1]))
        resumed = client.post(f"/v1/runs/{alice_run}/resume", headers=_auth(keys["alice"][1]))
        by_admin = client.post(f"/v1/runs/{other_run}/resume", headers=_auth(keys["ops"][1]))
    assert refused.status_code == 404 and refused.json()["error"]["code"] == "unknown_run"
    assert resumed.status_code == 200 and resumed.json()["status"] == "ready_for_review"
    assert by_admin.status_code == 200


def test_a_key_limited_to_corpora_sees_and_asks_only_those(
    db_path: Path, keys: dict[str, tuple[str, str]]
) -> None:
    limited = _auth(keys["acme-only"][1])
    with served(db_path) as client:
        listed = client.get("/v1/corpora", headers=limited).json()
        ok = client.post("/v1/ask", json={"question": FOUNDER_Q, "corpus": "acme"}, headers=limited)
        refused = client.post(
            "/v1/ask", json={"question": FOUNDER_Q, "corpus": "workshop"}, headers=limited
        )
        search = client.get("/v1/search", params={"corpus": "brand", "q": "x"}, headers=limited)
        everyone = client.get("/v1/corpora", headers=_auth(keys["alice"][1])).json()
    assert [c["name"] for c in listed["corpora"]] == ["acme"] and listed["default"] == "acme"
    assert ok.status_code == 200
    assert refused.status_code == 404
    assert refused.json()["error"]["message"] == "unknown corpus 'workshop': served here: acme"
    assert search.status_code == 404
    assert [c["name"] for c in everyone["corpora"]] == ["acme", "brand", "workshop"]


def test_open_mode_sees_every_run_and_the_cli_records_no_key(db_path: Path) -> None:
    with served(db_path) as client:
        made = client.post("/v1/ask", json={"question": FOUNDER_Q}).json()
        runs = client.get("/v1/runs").json()["runs"]
    stored = run_json(RunStore(db_path), made["run_id"])
    assert stored is not None and stored["key_id"] is None
    assert [r["id"] for r in runs] == [made["run_id"]]


def test_keys_create_with_corpora_and_admin(db_path: Path) -> None:
    limited = invoke(
        "keys", "create", "docs team", "--corpus", "docs", "--corpus", "faq", "--db", db_path
    )
    admin = invoke("keys", "create", "ops", "--admin", "--db", db_path)
    bad = invoke("keys", "create", "x", "--corpus", "../etc", "--db", db_path)
    assert limited.exit_code == 0 and admin.exit_code == 0, limited.output + admin.output
    assert "corpora docs, faq" in limited.stderr and "admin" in admin.stderr
    assert bad.exception is not None and "a served corpus name" in str(bad.exception)
    listed = invoke("keys", "list", "--db", db_path, "--json")
    rows: list[dict[str, Any]] = __import__("json").loads(listed.stdout)
    assert [(r["name"], r["admin"], r["corpora"]) for r in rows] == [
        ("docs team", False, ["docs", "faq"]),
        ("ops", True, None),
    ]
    key = limited.stdout.strip()
    with served(db_path) as client:
        refused = client.post("/v1/ask", json={"question": FOUNDER_Q}, headers=_auth(key))
    # a key for corpora this server does not serve can ask nothing here
    assert refused.status_code == 404
    assert refused.json()["error"]["message"].endswith("served here: none (to this key)")


def test_the_store_lists_one_keys_runs(target: Path | str) -> None:
    store = RunStore(target)
    ids = []
    for key_id in ("key_a", "key_b", "key_a"):
        steps = run_steps(Task(FOUNDER_Q), load_corpus("acme"), OfflinePolicy(), recorder=store)
        next(steps)
        steps.close()
        run_id = runs_json(store.list_runs(1))[0]["id"]
        store.db.execute("UPDATE runs SET key_id = ? WHERE id = ?", (key_id, run_id))
        ids.append(run_id)
    assert [r["id"] for r in runs_json(store.list_runs(10, key_id="key_a"))] == [ids[2], ids[0]]
    assert [r.id for r in store.page_runs(10, ids[2], key_id="key_a") or []] == [ids[0]]
    assert store.page_runs(10, ids[1], key_id="key_a") is None  # key_b's run: no anchor
    assert len(runs_json(store.list_runs(10))) == 3
    store.close()


def test_a_run_records_its_key(target: Path | str) -> None:
    from sleuth.state import Budgets, RunState

    store = RunStore(target)
    state = RunState("r1", Task("q"), Budgets(), "docs", "offline", corpus_build="b1")
    store.start_run(state, key_id="key_x")
    run = run_json(store, "r1")
    assert run is not None and run["key_id"] == "key_x" and run["corpus_build"] == "b1"
    store.close()


class _HeldAt:
    """The offline policy; a run of ``question`` waits for ``release`` before its second
    decision (``inside`` is set then), so a test can act while it runs."""

    name = "offline"

    def __init__(self, question: str, inside: threading.Event, release: threading.Event) -> None:
        self.question, self.inside, self.release = question, inside, release
        self.inner = OfflinePolicy()

    def decide(self, state: RunState) -> Turn:
        if state.task.question == self.question and len(state.steps) == 1:
            self.inside.set()
            assert self.release.wait(30)
        return self.inner.decide(state)


def test_cancel_is_for_the_key_that_made_the_run_or_an_admin(target: Path | str) -> None:
    """A run in flight ends cancelled after its step when its key cancels it (another
    key's cancel is a 404 and changes nothing); an admin cancels a paused run at once and
    nothing is published; an ended run is a 409. On SQLite and PostgreSQL."""
    keys = KeyStore(RunStore(target))
    (alice_id, alice), (_, bob), (_, ops) = (
        (r.id, k)
        for r, k in (keys.create("alice"), keys.create("bob"), keys.create("ops", admin=True))
    )
    a, b = _auth(alice), _auth(bob)
    inside, release = threading.Event(), threading.Event()
    policy = {"offline": lambda: _HeldAt(FOUNDER_Q, inside, release)}
    with served(target, policies=policy) as client:  # type: ignore[arg-type]
        answered: list[httpx.Response] = []
        asking = threading.Thread(
            target=lambda: answered.append(
                client.post("/v1/ask", json={"question": FOUNDER_Q}, headers=a)
            )
        )
        asking.start()
        assert inside.wait(30)
        (held,) = client.get("/v1/runs", headers=a).json()["runs"]
        refused = client.post(f"/v1/runs/{held['id']}/cancel", headers=b)
        still = client.get(f"/v1/runs/{held['id']}", headers=a).json()["status"]
        asked = client.post(f"/v1/runs/{held['id']}/cancel", headers=a)
        release.set()
        asking.join()
        again = client.post(f"/v1/runs/{held['id']}/cancel", headers=a)
        paused = client.post("/v1/ask", json=BRIEF, headers=a).json()
        by_bob = client.post(f"/v1/runs/{paused['run_id']}/cancel", headers=b)
        by_admin = client.post(f"/v1/runs/{paused['run_id']}/cancel", headers=_auth(ops))
        approve = client.post(f"/v1/runs/{paused['run_id']}/approve", headers=a)
        shown = client.get(f"/v1/runs/{paused['run_id']}", headers=a).json()
    assert held["status"] == "running" and still == "running"
    assert refused.status_code == 404 and refused.json()["error"]["code"] == "unknown_run"
    assert asked.status_code == 202, asked.text
    assert asked.json() == {
        "run_id": held["id"],
        "status": "running",
        "cancel_requested": True,
        "message": f"run {held['id']} is running: it ends after its step in flight",
    }
    (response,) = answered
    result = response.json()
    assert response.status_code == 200 and result["run_id"] == held["id"]
    assert (result["status"], result["reason"]) == ("incomplete", "cancelled")
    assert result["answer"] == f"cannot: the run was cancelled (by key:{alice_id})"
    assert result["steps"] == 2  # the search, and the step held in flight; no turn after
    assert again.status_code == 409 and again.json()["error"]["code"] == "already_ended"
    assert by_bob.status_code == 404
    assert by_admin.status_code == 200, by_admin.text
    assert (by_admin.json()["status"], by_admin.json()["reason"]) == ("incomplete", "cancelled")
    assert approve.status_code == 409 and approve.json()["error"]["code"] == "not_awaiting_approval"
    assert shown["status"] == "incomplete" and shown["approval"]["status"] == "cancelled"
    assert RunStore(target).outbox.items() == []


def test_a_run_in_one_worker_is_cancelled_through_another(target: Path | str) -> None:
    """Two servers on one store (as `--workers 2`, or two machines): a run held in the
    first is cancelled through the second; the first's loop reads the request from the
    store and ends the run after its step."""
    inside, release = threading.Event(), threading.Event()
    policy = {"offline": lambda: _HeldAt(FOUNDER_Q, inside, release)}
    with (
        served(target, policies=policy) as first,  # type: ignore[arg-type]
        served(target) as second,  # type: ignore[arg-type]
    ):
        answered: list[httpx.Response] = []
        asking = threading.Thread(
            target=lambda: answered.append(first.post("/v1/ask", json={"question": FOUNDER_Q}))
        )
        asking.start()
        assert inside.wait(30)
        (held,) = second.get("/v1/runs").json()["runs"]
        asked = second.post(f"/v1/runs/{held['id']}/cancel")
        release.set()
        asking.join()
        shown = second.get(f"/v1/runs/{held['id']}").json()
    assert held["status"] == "running" and asked.status_code == 202
    (response,) = answered
    assert response.status_code == 200 and response.json()["reason"] == "cancelled"
    assert shown["status"] == "incomplete" and shown["result"]["reason"] == "cancelled"
    assert [s["tool"] for s in shown["steps"]] == ["search", "open"]


_ = httpx  # the client type comes from test_service.served
