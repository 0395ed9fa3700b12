"""`sleuth serve`: the HTTP API over real HTTP on loopback (uvicorn in a thread, httpx).

Each test starts its own server on a free port with its own runs store; nothing sleeps
to synchronise: `LiveServer` returns once uvicorn has started, and tests that need runs
in flight hold them with events and barriers.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from sleuth.cli import main
from sleuth.policies.offline import OfflinePolicy
from sleuth.runtime import Policy, Turn
from sleuth.service import KeyStore, Rate, ServiceConfig, auth_required, is_loopback
from sleuth.service.app import create_app
from sleuth.service.ratelimit import MemoryLimiter, RateLimiter
from sleuth.service.testing import LiveServer
from sleuth.state import RunState
from sleuth.store import RunStore
from stored import run_json, runs_json

FOUNDER_Q = "Who founded Acme Robotics?"
WIKI = "https://wiki.example/Acme_Robotics"


@contextmanager
def served(
    db: Path,
    *,
    host: str = "127.0.0.1",
    rate: str = "1000/60",
    policies: Mapping[str, Callable[[], Policy]] | None = None,
    limiter: RateLimiter | None = None,
    **config: Any,
) -> Iterator[httpx.Client]:
    """A running server (its config says it listens on ``host``; it is bound to
    127.0.0.1 whatever ``host`` says) and a client for it."""
    app = create_app(
        ServiceConfig(db=db, host=host, rate=Rate.parse(rate), **config),
        policies=policies,
        limiter=limiter,
    )
    with LiveServer(app) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        yield client


def sse(response: httpx.Response) -> list[tuple[str, dict[str, Any]]]:
    """The (event, data) pairs of a Server-Sent Events body, in order."""
    events: list[tuple[str, dict[str, Any]]] = []
    name, data = "message", ""
    for line in response.iter_lines():
        if line.startswith("event: "):
            name = line[len("event: ") :]
        elif line.startswith("data: "):
            data += line[len("data: ") :]
        elif line == "" and data:
            events.append((name, json.loads(data)))
            name, data = "message", ""
    return events


def ask(client: httpx.Client, question: str = FOUNDER_Q, **body: Any) -> httpx.Response:
    return client.post("/v1/ask", json={"question": question, **body})


# -- ask, stream, runs ---------------------------------------------------------------------


def test_ask_returns_the_stored_result_with_citations(db_path: Path) -> None:
    with served(db_path) as client:
        response = ask(client)
    assert response.status_code == 200, response.text
    result = response.json()
    assert result["status"] == "ready_for_review" and not result["cannot_answer"]
    assert result["answer"] == "Ada Ortiz"
    assert result["citations"] == [WIKI]
    assert result["evidence"][0]["url"] == WIKI
    assert result["corpus"] == "acme" and result["policy"] == "offline"
    stored = run_json(RunStore(db_path), result["run_id"])
    assert stored is not None and stored["result"] == result


def test_ask_answers_as_the_cli_does(db_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    workshop = "When and where is the Retrieval Workshop?"
    cases: list[tuple[list[str], dict[str, Any]]] = [
        (
            [workshop, "--corpus", "workshop", "--require", "venue", "--require", "time"],
            {"question": workshop, "corpus": "workshop", "require": ["venue", "time"]},
        ),
        (
            ["Where is the head office of Acme Robotics?", "--conflict-rule", "newest"],
            {"question": "Where is the head office of Acme Robotics?", "conflict_rule": "newest"},
        ),
        (
            ["What is Ada Ortiz's favourite food?"],
            {"question": "What is Ada Ortiz's favourite food?"},
        ),
        ([FOUNDER_Q, "--max-steps", "1"], {"question": FOUNDER_Q, "budgets": {"max_steps": 1}}),
    ]
    with served(db_path) as client:
        served_results = [client.post("/v1/ask", json=body).json() for _, body in cases]
    for (args, _), result in zip(cases, served_results, strict=True):
        assert main(["ask", *args, "--db", str(db_path), "--json", "--exit-zero"]) == 0
        expected = json.loads(capsys.readouterr().out)
        for varying in ("run_id", "elapsed_s"):
            expected.pop(varying), result.pop(varying)
        assert result == expected
    brief, newest, food, budget = served_results
    assert set(brief["fields"]) == {"venue", "time"}
    assert newest["status"] == "ready_for_review" and newest["resolution"]["rule"] == "newest"
    assert (food["status"], food["reason"], food["cannot_answer"]) == (
        "incomplete",
        "fact_missing",
        True,
    )
    assert food["answer"].startswith("cannot:") and food["citations"] == []
    assert (budget["status"], budget["reason"]) == ("budget_exhausted", "budget")


def test_stream_sends_each_step_in_order_then_the_result(db_path: Path) -> None:
    with (
        served(db_path) as client,
        client.stream("POST", "/v1/ask", json={"question": FOUNDER_Q, "stream": True}) as r,
    ):
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("text/event-stream")
        events = sse(r)
    names = [name for name, _ in events]
    assert names[0] == "run" and names[-1] == "result"
    assert set(names[1:-1]) == {"step"} and len(names) >= 4
    run_id = events[0][1]["run_id"]
    steps = [data for name, data in events if name == "step"]
    assert [s["index"] for s in steps] == list(range(1, len(steps) + 1))
    assert all(s["run_id"] == run_id and s["thought"] is None for s in steps)
    assert steps[0]["tool"] == "search" and steps[0]["observation"].startswith("5 hit(s): ")
    assert steps[-1]["tool"] == "finish"
    stored = run_json(RunStore(db_path), run_id)
    assert stored is not None
    assert [(s["index"], s["tool"], s["args"], s["kind"], s["error"]) for s in steps] == [
        (s["index"], s["tool"], s["args"], s["kind"], s["error"]) for s in stored["steps"]
    ]
    assert events[-1][1] == stored["result"]
    assert stored["result"]["answer"] == "Ada Ortiz"


def test_stream_shows_thoughts_only_when_asked(db_path: Path) -> None:
    with (
        served(db_path) as client,
        client.stream(
            "POST", "/v1/ask", json={"question": FOUNDER_Q, "stream": True, "thoughts": True}
        ) as r,
    ):
        steps = [data for name, data in sse(r) if name == "step"]
    assert steps[0]["thought"] == "Search the key words of the question."


def test_runs_list_is_paged_newest_first_and_includes_cli_runs(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ask", FOUNDER_Q, "--db", str(db_path), "--json"]) == 0
    cli_run = json.loads(capsys.readouterr().out)["run_id"]
    with served(db_path) as client:
        ids = [ask(client, q).json()["run_id"] for q in ("Who is the CEO of Acme?", FOUNDER_Q)]
        first = client.get("/v1/runs", params={"limit": 2}).json()
        second = client.get("/v1/runs", params={"limit": 2, "before": first["next"]}).json()
        bad = client.get("/v1/runs", params={"before": "no-such-run"})
        zero = client.get("/v1/runs", params={"limit": 0})
    assert [r["id"] for r in first["runs"]] == ids[::-1]
    assert [r["id"] for r in second["runs"]] == [cli_run] and second["next"] is None
    row = second["runs"][0]
    assert (row["status"], row["steps"], row["corpus"]) == ("ready_for_review", 4, "acme")
    assert first["next"] == ids[0]  # the last run of the page
    assert bad.status_code == 404 and bad.json()["error"]["code"] == "unknown_run"
    assert zero.status_code == 422 and "limit" in zero.json()["error"]["message"]


def test_show_run_hides_thoughts_unless_asked_and_the_cli_shows_service_runs(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with served(db_path) as client:
        run_id = ask(client).json()["run_id"]
        plain = client.get(f"/v1/runs/{run_id}").json()
        full = client.get(f"/v1/runs/{run_id}", params={"thoughts": "true"}).json()
        prefix = client.get(f"/v1/runs/{run_id[:-1]}")
        unknown = client.get("/v1/runs/no-such-run")
    assert plain["id"] == run_id and plain["status"] == "ready_for_review"
    assert plain["result"]["answer"] == "Ada Ortiz" and len(plain["steps"]) == 4
    assert all("thought" not in s and "raw" not in s for s in plain["steps"])
    assert full["steps"][0]["thought"] == "Search the key words of the question."
    assert plain["steps"][1]["observation"] == full["steps"][1]["observation"]
    for response in (prefix, unknown):  # the CLI takes id prefixes; the API does not
        assert response.status_code == 404
        assert response.json()["error"]["code"] == "unknown_run"
    assert main(["runs", "show", run_id, "--db", str(db_path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["result"] == plain["result"]


def test_health_and_openapi(db_path: Path) -> None:
    with served(db_path) as client:
        health = client.get("/healthz")
        spec = client.get("/openapi.json").json()
    assert health.status_code == 200
    assert health.json() == {"status": "ok", "auth": "open", "rate_limiter": "memory"}
    paths = {"/v1/ask", "/v1/runs", "/v1/runs/{run_id}", "/v1/corpora", "/v1/search", "/healthz"}
    assert paths <= set(spec["paths"])
    assert "HTTPBearer" in spec["components"]["securitySchemes"]
    ask_body = spec["components"]["schemas"]["AskRequest"]["properties"]
    assert "GET /v1/corpora" in ask_body["corpus"]["description"]
    assert ask_body["policy"]["enum"] == ["offline"]
    assert ask_body["budgets"]


# -- runs off the event loop ---------------------------------------------------------------


class _Gated:
    """The offline policy, waiting for a signal before each decision."""

    name = "offline"

    def __init__(self, wait: Callable[[], object]) -> None:
        self.wait, self.inner = wait, OfflinePolicy()

    def decide(self, state: RunState) -> Turn:
        self.wait()
        return self.inner.decide(state)


def test_runs_go_on_at_the_same_time_and_the_loop_stays_free(db_path: Path) -> None:
    barrier = threading.Barrier(3, timeout=10)  # all three runs must be inside at once
    with served(db_path, policies={"offline": lambda: _Gated(barrier.wait)}) as client:
        results: list[int] = []

        def one() -> None:
            with httpx.Client(base_url=str(client.base_url), timeout=30) as own:
                results.append(ask(own).status_code)

        threads = [threading.Thread(target=one) for _ in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert results == [200, 200, 200]


def test_health_answers_while_a_run_is_held(db_path: Path) -> None:
    inside, release = threading.Event(), threading.Event()

    def hold() -> None:
        inside.set()
        assert release.wait(10)

    with served(db_path, policies={"offline": lambda: _Gated(hold)}) as client:
        done: list[httpx.Response] = []
        runner = threading.Thread(target=lambda: done.append(ask(client)))
        runner.start()
        assert inside.wait(10)
        assert client.get("/healthz").status_code == 200
        listed = client.get("/v1/runs").json()["runs"]
        release.set()
        runner.join()
    assert listed[0]["status"] == "running"
    assert done[0].status_code == 200


def test_a_client_that_leaves_mid_stream_does_not_stop_the_run(db_path: Path) -> None:
    release, decisions = threading.Event(), []

    def hold_the_second_decision() -> None:
        decisions.append(1)
        if len(decisions) == 2:
            assert release.wait(10)

    app = create_app(
        ServiceConfig(db=db_path, run_threads=1),
        policies={"offline": lambda: _Gated(hold_the_second_decision)},
    )
    with LiveServer(app) as server, httpx.Client(base_url=server.url) as client:
        with client.stream("POST", "/v1/ask", json={"question": FOUNDER_Q, "stream": True}) as r:
            lines = r.iter_lines()
            started = next(line for line in lines if line.startswith("data: "))
            next(line for line in lines if line == "event: step")
        run_id = json.loads(started.removeprefix("data: "))["run_id"]
        # the client has gone; the run is held inside its second decision
        assert client.get(f"/v1/runs/{run_id}").json()["status"] == "running"
        release.set()
        app.state.service.executor.submit(lambda: None).result(10)  # one thread: after the run
        stored = client.get(f"/v1/runs/{run_id}").json()
    assert stored["status"] == "ready_for_review" and len(stored["steps"]) == 4


class _AsyncOffline:
    """A policy with ``adecide``, as model policies have: it runs on the event loop."""

    name = "offline"
    closed = 0  # how many were closed (`aclose`), as model policies close connections

    def __init__(self) -> None:
        self.inner = OfflinePolicy()

    def decide(self, state: RunState) -> Turn:
        raise AssertionError("an async policy is awaited, not called")

    async def adecide(self, state: RunState) -> Turn:
        return self.inner.decide(state)

    async def aclose(self) -> None:
        type(self).closed += 1


def test_an_async_policy_runs_through_arun(db_path: Path) -> None:
    _AsyncOffline.closed = 0
    with served(db_path, policies={"offline": _AsyncOffline}) as client:
        result = ask(client).json()
        with client.stream("POST", "/v1/ask", json={"question": FOUNDER_Q, "stream": True}) as r:
            names = [name for name, _ in sse(r)]
    assert result["answer"] == "Ada Ortiz" and result["steps"] == 4
    assert names == ["run", "step", "step", "step", "step", "result"]
    assert _AsyncOffline.closed == 2  # each job's policy, closed when its run ended


class _Exploding:
    name = "offline"

    def decide(self, state: RunState) -> Turn:
        if state.steps:
            raise RuntimeError("a bug in the policy")
        return OfflinePolicy().decide(state)


def test_a_run_that_raises_is_stored_as_error_and_answered_502(db_path: Path) -> None:
    with served(db_path, policies={"offline": _Exploding}) as client:
        plain = ask(client)
        with client.stream("POST", "/v1/ask", json={"question": FOUNDER_Q, "stream": True}) as r:
            events = sse(r)
        healthy = client.get("/healthz").status_code
    assert plain.status_code == 502
    error = plain.json()["error"]
    assert error["code"] == "run_failed" and "bug" not in error["message"]
    stored = run_json(RunStore(db_path), error["run_id"])
    assert stored is not None and stored["status"] == "error"
    assert stored["error"] == "RuntimeError: a bug in the policy"
    assert len(stored["steps"]) == 1
    assert [name for name, _ in events] == ["run", "step", "error"]
    assert events[-1][1]["error"]["run_id"] == events[0][1]["run_id"]
    assert healthy == 200


# -- auth ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "keys", "required"),
    [
        ("127.0.0.1", 0, False),
        ("127.8.9.10", 0, False),
        ("localhost", 0, False),
        ("::1", 0, False),
        ("127.0.0.1", 1, True),
        ("0.0.0.0", 0, True),
        ("::", 0, True),
        ("192.168.1.20", 0, True),
        ("10.0.0.1", 3, True),
        ("example.com", 0, True),
        ("", 0, True),
    ],
)
def test_auth_is_required_off_loopback_or_once_a_key_exists(
    host: str, keys: int, required: bool
) -> None:
    assert auth_required(host, keys) is required
    if keys == 0:
        assert is_loopback(host) is not required


def test_loopback_with_no_keys_is_open_until_a_key_is_created(
    db_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    with served(db_path) as client:
        assert client.get("/v1/runs").status_code == 200
        keys = KeyStore(RunStore(db_path))
        record, key = keys.create("ci")  # auth turns on while the server runs
        refused = client.get("/v1/runs")
        wrong = client.get("/v1/runs", headers={"Authorization": "Bearer sleuth_nope"})
        basic = client.get("/v1/runs", headers={"Authorization": "Basic dXNlcjpwdw=="})
        good = client.get("/v1/runs", headers={"Authorization": f"Bearer {key}"})
        asked = client.post(
            "/v1/ask", json={"question": FOUNDER_Q}, headers={"Authorization": f"Bearer {key}"}
        )
        health = client.get("/healthz").json()
        keys.revoke(record.id)
        revoked = client.get("/v1/runs", headers={"Authorization": f"Bearer {key}"})
    for response in (refused, wrong, basic, revoked):
        assert response.status_code == 401
        assert response.headers["www-authenticate"].startswith("Bearer")
        assert response.json()["error"]["code"] == "unauthorized"
    assert "API key is required" in refused.json()["error"]["message"]
    assert "unknown or revoked" in revoked.json()["error"]["message"]
    assert good.status_code == 200 and asked.status_code == 200
    assert health["auth"] == "required"
    access = [r for r in caplog.records if r.name == "uvicorn.access"]
    assert len(access) >= 8  # the access log is on, and it never shows the key
    assert all(key not in r.getMessage() for r in caplog.records)


def test_a_non_loopback_server_refuses_every_request_without_a_key(db_path: Path) -> None:
    with served(db_path, host="0.0.0.0") as client:
        refused = client.get("/v1/runs")
        unauthenticated_ask = ask(client)
        health = client.get("/healthz")
        _, key = KeyStore(RunStore(db_path)).create("ops")
        good = client.get("/v1/runs", headers={"Authorization": f"Bearer {key}"})
    assert refused.status_code == 401 and unauthenticated_ask.status_code == 401
    assert health.status_code == 200 and health.json()["auth"] == "required"
    assert good.status_code == 200
    assert runs_json(RunStore(db_path).list_runs()) == []  # the refused ask never ran


def test_the_store_keeps_only_the_hash_of_a_key(db_path: Path) -> None:
    store = RunStore(db_path)
    record, key = KeyStore(store).create("hash-only")
    store.close()
    with sqlite3.connect(db_path) as db:
        dump = "\n".join(db.iterdump())
    assert key not in dump and record.id in dump
    assert key.startswith("sleuth_") and len(key) > 40


# -- rate limits ---------------------------------------------------------------------------


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_rate_limit_is_exact_with_retry_after(db_path: Path) -> None:
    clock = FakeClock()
    limiter = MemoryLimiter(Rate.parse("3/60"), clock=clock)
    with served(db_path, limiter=limiter) as client:
        first = [client.get("/v1/runs").status_code for _ in range(3)]
        fourth = client.get("/v1/runs")
        health = client.get("/healthz").status_code  # not limited
        clock.now += 19.999
        still = client.get("/v1/runs")
        clock.now += 0.001  # 20 s: one token back (3 per 60 s)
        again = [client.get("/v1/runs").status_code for _ in range(2)]
    assert first == [200, 200, 200]
    assert fourth.status_code == 429 and fourth.headers["retry-after"] == "20"
    assert fourth.json()["error"]["code"] == "rate_limited"
    assert health == 200
    assert still.status_code == 429 and still.headers["retry-after"] == "1"
    assert again == [200, 429]


def test_rate_limit_from_the_flag_counts_per_key(db_path: Path) -> None:
    keys = KeyStore(RunStore(db_path))
    _, a = keys.create("a")
    _, b = keys.create("b")
    with served(db_path, rate="3/60") as client:
        codes_a = [
            client.get("/v1/runs", headers={"Authorization": f"Bearer {a}"}).status_code
            for _ in range(4)
        ]
        limited = client.get("/v1/runs", headers={"Authorization": f"Bearer {a}"})
        code_b = client.get("/v1/runs", headers={"Authorization": f"Bearer {b}"}).status_code
        anonymous = client.get("/v1/runs").status_code  # refused before it costs a token
    assert codes_a == [200, 200, 200, 429]
    assert 19 <= int(limited.headers["retry-after"]) <= 20
    assert code_b == 200 and anonymous == 401


def test_an_unreachable_redis_is_a_503_not_a_500(db_path: Path) -> None:
    with served(db_path, redis_url="redis://127.0.0.1:1/0") as client:
        limited = client.get("/v1/runs")
        health = client.get("/healthz")
    assert limited.status_code == 503 and limited.headers["retry-after"] == "1"
    assert limited.json()["error"]["code"] == "limiter_unavailable"
    assert health.status_code == 503 and health.json()["rate_limiter"] == "redis"


# -- request size and bad input ------------------------------------------------------------


def test_request_size_limit_with_and_without_content_length(db_path: Path) -> None:
    big = json.dumps({"question": "x" * 70_000}).encode()

    def chunks() -> Iterator[bytes]:
        for start in range(0, len(big), 4096):
            yield big[start : start + 4096]

    with served(db_path) as client:
        declared = client.post("/v1/ask", content=big, headers={"content-type": "application/json"})
        chunked = client.post(
            "/v1/ask", content=chunks(), headers={"content-type": "application/json"}
        )
        small = client.post(
            "/v1/ask",
            content=json.dumps({"question": "x" * 3000}),
            headers={"content-type": "application/json"},
        )
        after = ask(client).status_code
    for response in (declared, chunked):
        assert response.status_code == 413
        assert response.json()["error"] == {
            "code": "too_large",
            "message": "the request body is larger than 65536 bytes",
        }
    assert small.status_code == 422 and "question" in small.json()["error"]["message"]
    assert after == 200


BAD_ASKS: list[tuple[str, Any, str]] = [
    ("missing question", {}, "question: required"),
    ("blank question", {"question": "   "}, "the question is empty"),
    ("nul in question", {"question": "Who\u0000 founded it?"}, "control characters (U+0000)"),
    ("escape in question", {"question": "Who\u001b[2J?"}, "control characters (U+001B)"),
    ("question not a string", {"question": 5}, "question"),
    ("server path as corpus", {"question": "q", "corpus": "/etc/passwd"}, "never reads a path"),
    ("model policy", {"question": "q", "policy": "openai:gpt-4o"}, "not served over HTTP"),
    ("scripted policy", {"question": "q", "policy": "scripted"}, "only 'offline'"),
    ("too many steps", {"question": "q", "budgets": {"max_steps": 21}}, "budgets.max_steps"),
    ("no steps", {"question": "q", "budgets": {"max_steps": 0}}, "budgets.max_steps"),
    ("steps as string", {"question": "q", "budgets": {"max_steps": "5"}}, "budgets.max_steps"),
    ("long timeout", {"question": "q", "budgets": {"timeout_s": 301}}, "budgets.timeout_s"),
    ("zero timeout", {"question": "q", "budgets": {"timeout_s": 0}}, "budgets.timeout_s"),
    ("unknown budget", {"question": "q", "budgets": {"max_tokens": 9}}, "unknown field"),
    ("unknown field", {"question": "q", "model": "x"}, "model: unknown field"),
    ("bad conflict rule", {"question": "q", "conflict_rule": "oldest"}, "conflict_rule"),
    ("blank field", {"question": "q", "require": [" "]}, "require"),
    ("fields not a list", {"question": "q", "require": "venue"}, "require"),
    ("stream not a bool", {"question": "q", "stream": "yes"}, "stream"),
    ("a list body", [1, 2], "body"),
    ("a string body", "Who?", "body"),
    ("null body", None, "body"),
]


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[httpx.Client, Path]]:
    """One server for the tests that only send bad input (no run may start)."""
    db = tmp_path_factory.mktemp("bad-input") / "runs.db"
    with served(db) as client:
        yield client, db
    assert runs_json(RunStore(db).list_runs()) == []


@pytest.mark.parametrize(
    ("body", "fragment"),
    [(b, f) for _, b, f in BAD_ASKS],
    ids=[name for name, _, _ in BAD_ASKS],
)
def test_bad_asks_are_422_naming_the_problem(
    shared: tuple[httpx.Client, Path], body: Any, fragment: str
) -> None:
    client, _ = shared
    response = client.post(
        "/v1/ask", content=json.dumps(body), headers={"content-type": "application/json"}
    )
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["code"] == "invalid_request"
    assert fragment in error["message"], error["message"]


def test_other_bad_requests_are_4xx_json(shared: tuple[httpx.Client, Path]) -> None:
    json_type = {"content-type": "application/json"}
    client, _ = shared
    cases = {
        "not json": client.post("/v1/ask", content=b"{oops", headers=json_type),
        "not utf-8": client.post("/v1/ask", content=b'\xff\xfe{"q', headers=json_type),
        "nan": client.post(
            "/v1/ask",
            content=b'{"question": "q", "budgets": {"timeout_s": NaN}}',
            headers=json_type,
        ),
        "text": client.post("/v1/ask", content=b"Who?", headers={"content-type": "text/plain"}),
        "form": client.post("/v1/ask", data={"question": "Who?"}),
        "no type": client.post("/v1/ask", content=b'{"question": "q"}'),
        "empty": client.post("/v1/ask", headers=json_type),
        "get ask": client.get("/v1/ask"),
        "no path": client.get("/v2/anything"),
        "bad limit": client.get("/v1/runs", params={"limit": "many"}),
        "bad thoughts": client.get("/v1/runs/x", params={"thoughts": "perhaps"}),
        "long id": client.get("/v1/runs/" + "x" * 200),
        "long number": client.post(
            "/v1/ask", content=b'{"question": "q", "k": ' + b"9" * 5000 + b"}", headers=json_type
        ),
        "deep nesting": client.post(
            "/v1/ask",
            content=b'{"question": ' + b"[" * 5000 + b"]" * 5000 + b"}",
            headers=json_type,
        ),
    }
    expected = {
        "not json": (422, "invalid_request"),
        "not utf-8": (422, "invalid_request"),
        "nan": (422, "invalid_request"),
        "text": (415, "unsupported_media_type"),
        "form": (415, "unsupported_media_type"),
        "no type": (415, "unsupported_media_type"),
        "empty": (422, "invalid_request"),
        "get ask": (405, "method_not_allowed"),
        "no path": (404, "not_found"),
        "bad limit": (422, "invalid_request"),
        "bad thoughts": (422, "invalid_request"),
        "long id": (422, "invalid_request"),
        "long number": (422, "invalid_request"),
        "deep nesting": (422, "invalid_request"),
    }
    got = {name: (r.status_code, r.json()["error"]["code"]) for name, r in cases.items()}
    assert got == expected
    assert "not valid JSON" in cases["not json"].json()["error"]["message"]
    assert "not UTF-8" in cases["not utf-8"].json()["error"]["message"]
    assert "number too long" in cases["long number"].json()["error"]["message"]
    assert "too deeply" in cases["deep nesting"].json()["error"]["message"]
