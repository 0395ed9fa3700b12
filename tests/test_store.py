"""The runs store (`sleuth.store.RunStore`), exercised through real runs.

Every run is written as it goes: a row when it starts, a row per step as soon as the
step is done, a row for the result or the error at the end. These tests check what a
second reader (another store, another process) sees at each of those moments.
"""

from __future__ import annotations

import itertools
import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import sleuth.runtime
import sleuth.store
from sleuth.corpus import Corpus, load_corpus
from sleuth.errors import ScriptExhaustedError
from sleuth.policies.offline import OfflinePolicy
from sleuth.policies.scripted import ScriptedPolicy
from sleuth.result import ConflictRule, Result
from sleuth.runtime import run, run_steps
from sleuth.state import Budgets, Step, Task
from sleuth.store import MIGRATIONS, RunStore, default_db_path

WIKI = "https://wiki.example/Acme_Robotics"
PROFILE = "https://people.example/profiles/ada-ortiz"
FOUNDED = "Acme Robotics was founded by Ada Ortiz in 2014 in Lisbon."


@pytest.fixture(scope="module")
def acme() -> Corpus:
    return load_corpus("acme")


@pytest.fixture
def store(db_path: Path) -> Iterator[RunStore]:
    s = RunStore(db_path)
    yield s
    s.close()


def drive(steps: Any) -> tuple[list[Step], Result]:
    """Run a `run_steps` generator to the end: the yielded steps and the Result."""
    seen: list[Step] = []
    while True:
        try:
            seen.append(next(steps))
        except StopIteration as stop:
            return seen, stop.value


def call(name: str, args: dict[str, Any]) -> dict[str, Any]:
    """One OpenAI-style native tool call turn."""
    return {
        "tool_calls": [
            {
                "id": "call_1",
                "type": "function",
                "function": {"name": name, "arguments": json.dumps(args)},
            }
        ]
    }


def bad_finish_script() -> list[Any]:
    """Search, open the wiki page, then finish twice citing a page never opened."""
    finish = {
        "answer": "Ada Ortiz",
        "citations": [PROFILE],
        "cannot_answer": False,
        "evidence": FOUNDED,
    }
    return [
        "Thought: look it up first\nAction: search\n"
        'Action Input: {"query": "Acme Robotics founder"}',
        call("open", {"url": WIKI}),
        call("finish", finish),
        call("finish", finish),
    ]


def assert_steps_match(stored: list[dict[str, Any]], steps: list[Step]) -> None:
    assert [s["index"] for s in stored] == list(range(1, len(steps) + 1))
    for row, step in zip(stored, steps, strict=True):
        obs = step.observation
        assert row["index"] == step.index
        assert row["tool"] == step.tool
        assert row["args"] == step.args
        assert row["observation"] == obs.text
        assert row["kind"] == obs.kind
        assert row["error"] == obs.error
        assert row["data"] == obs.data
        assert row["thought"] == step.thought
        assert row["raw"] == step.raw
        assert row["started_at"] == step.started_at
        assert row["duration_ms"] == step.duration_ms


# -- a finished run ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("task", "budgets"),
    [
        pytest.param(Task("Who founded Acme Robotics?"), Budgets(), id="founder"),
        pytest.param(
            Task("Who is the current CEO of Acme Robotics?"),
            Budgets(max_steps=9, timeout_s=300.0),
            id="ceo-custom-budgets",
        ),
        pytest.param(
            Task("Where is the head office of Acme Robotics?", conflict_rule=ConflictRule.NEWEST),
            Budgets(),
            id="conflict-rule",
        ),
    ],
)
def test_finished_run_round_trips(
    store: RunStore, acme: Corpus, task: Task, budgets: Budgets
) -> None:
    steps, result = drive(run_steps(task, acme, OfflinePolicy(), budgets, recorder=store))
    assert len(steps) >= 3

    stored = store.get_run(result.run_id)

    assert stored is not None
    assert stored["id"] == result.run_id
    assert stored["question"] == task.question
    assert stored["task"] == {
        "question": task.question,
        "require": list(task.require),
        "conflict_rule": task.conflict_rule.value if task.conflict_rule else None,
    }
    assert stored["corpus"] == "acme"
    assert stored["policy"] == "offline"
    assert stored["budgets"] == {
        "max_steps": budgets.max_steps,
        "timeout_s": budgets.timeout_s,
        "max_tokens": None,
    }
    assert stored["status"] == result.status.value
    assert stored["error"] is None
    assert_steps_match(stored["steps"], steps)
    assert stored["result"] == result.model_dump(mode="json")
    assert Result.model_validate(stored["result"]) == result


def test_brief_task_round_trips(store: RunStore) -> None:
    task = Task(
        "When and where is the Retrieval Workshop?",
        require=("venue", "time"),
        conflict_rule=ConflictRule.NEWEST,
    )
    result = run(task, load_corpus("workshop"), OfflinePolicy(), recorder=store)

    stored = store.get_run(result.run_id)

    assert stored is not None
    assert stored["task"] == {
        "question": task.question,
        "require": ["venue", "time"],
        "conflict_rule": "newest",
    }
    assert stored["corpus"] == "workshop"
    assert result.fields is not None and set(result.fields) == {"venue", "time"}
    assert Result.model_validate(stored["result"]) == result


def test_scripted_run_keeps_raw_turns_and_rejections(store: RunStore, acme: Corpus) -> None:
    script = bad_finish_script()
    steps, result = drive(
        run_steps(Task("Who founded Acme Robotics?"), acme, ScriptedPolicy(script), recorder=store)
    )

    stored = store.get_run(result.run_id)

    assert stored is not None
    assert stored["policy"] == "scripted"
    assert [s["raw"] for s in stored["steps"]] == script
    assert [s["tool"] for s in stored["steps"]] == ["search", "open", "finish", "finish"]
    assert [s["kind"] for s in stored["steps"]] == ["hits", "page", "rejected", "rejected"]
    assert [s["error"] for s in stored["steps"]] == [
        None,
        None,
        "cite_not_opened",
        "cite_not_opened",
    ]
    assert stored["steps"][0]["thought"] == "look it up first"
    assert_steps_match(stored["steps"], steps)
    assert stored["status"] == "incomplete"
    assert stored["result"]["reason"] == "invalid_finish"
    assert stored["result"]["rejected_finishes"] == ["cite_not_opened", "cite_not_opened"]


def test_thoughts_are_stored(store: RunStore, acme: Corpus) -> None:
    steps, result = drive(
        run_steps(Task("Who founded Acme Robotics?"), acme, OfflinePolicy(), recorder=store)
    )
    assert all(step.thought for step in steps)

    stored = store.get_run(result.run_id)

    assert stored is not None
    assert [s["thought"] for s in stored["steps"]] == [step.thought for step in steps]


# -- written as the run goes ------------------------------------------------------------


def test_steps_are_written_as_the_run_goes(db_path: Path, acme: Corpus) -> None:
    writer = RunStore(db_path)
    steps = run_steps(
        Task("Who is the current CEO of Acme Robotics?"), acme, OfflinePolicy(), recorder=writer
    )
    yielded: list[Step] = []
    while True:
        try:
            step = next(steps)
        except StopIteration as stop:
            result: Result = stop.value
            break
        yielded.append(step)
        reader = RunStore(db_path)
        try:
            (row,) = reader.list_runs()
            stored = reader.get_run(row["id"])
        finally:
            reader.close()
        assert row["steps"] == len(yielded)
        assert row["status"] == "interrupted"
        assert row["reason"] is None
        assert stored is not None
        assert [s["index"] for s in stored["steps"]] == [s.index for s in yielded]
        assert stored["steps"][-1]["tool"] == step.tool
        assert stored["status"] == "interrupted"
        assert stored["result"] is None
        assert stored["error"] is None
    assert len(yielded) >= 3

    reader = RunStore(db_path)
    final = reader.get_run(result.run_id)
    reader.close()
    assert final is not None
    assert final["status"] == "ready_for_review"
    assert len(final["steps"]) == len(yielded)
    assert final["result"] == result.model_dump(mode="json")


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
    if step.index == 1:
        print(step.tool, flush=True)
    if step.index == 2:
        print(step.tool, flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
print("not killed", flush=True)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX SIGKILL")
def test_a_killed_process_loses_at_most_the_step_in_flight(db_path: Path, acme: Corpus) -> None:
    # The same run, uninterrupted, takes more than two steps: the kill cuts it short.
    complete = run(Task("Who founded Acme Robotics?"), acme, OfflinePolicy())
    assert complete.steps > 2

    proc = subprocess.run(
        [sys.executable, "-c", KILL_AFTER_SECOND_STEP, str(db_path)],
        capture_output=True,
        text=True,
        timeout=120,
        env=os.environ.copy(),
        check=False,
    )

    assert proc.returncode == -signal.SIGKILL, proc.stderr
    assert proc.stdout.split() == ["search", "open"]
    store = RunStore(db_path)
    (row,) = store.list_runs()
    assert row["status"] == "interrupted"
    assert row["steps"] == 2
    assert row["reason"] is None
    stored = store.get_run(row["id"])
    assert stored is not None
    assert stored["status"] == "interrupted"
    assert stored["result"] is None
    assert stored["error"] is None
    assert [(s["index"], s["tool"]) for s in stored["steps"]] == [(1, "search"), (2, "open")]
    assert stored["steps"][1]["kind"] == "page"


# -- errors -----------------------------------------------------------------------------


def test_script_exhausted_run_is_stored_as_error(store: RunStore, acme: Corpus) -> None:
    policy = ScriptedPolicy(bad_finish_script()[:2])

    with pytest.raises(ScriptExhaustedError) as caught:
        run(Task("Who founded Acme Robotics?"), acme, policy, recorder=store)

    run_id = caught.value.run_id
    assert run_id is not None
    stored = store.get_run(run_id)
    assert stored is not None
    assert stored["status"] == "error"
    assert stored["error"] == str(caught.value)
    assert "turn 3" in stored["error"]
    assert stored["result"] is None
    assert [s["tool"] for s in stored["steps"]] == ["search", "open"]
    (row,) = store.list_runs()
    assert (row["id"], row["status"], row["steps"]) == (run_id, "error", 2)


# -- listing and finding ----------------------------------------------------------------


@pytest.fixture
def ordered_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Strictly increasing store timestamps, so 'newest' never depends on timing."""
    ticks = itertools.count(1)
    monkeypatch.setattr(
        sleuth.store, "_now", lambda: f"2025-01-01T00:00:{next(ticks):02d}.000+00:00"
    )


def fixed_ids(monkeypatch: pytest.MonkeyPatch, *ids: str) -> None:
    monkeypatch.setattr(sleuth.runtime, "new_run_id", iter(ids).__next__)


@pytest.mark.usefixtures("ordered_clock")
def test_list_runs_newest_first_with_limit(store: RunStore, acme: Corpus) -> None:
    questions = [
        "Who founded Acme Robotics?",
        "Who is the current CEO of Acme Robotics?",
        "What is Ada Ortiz's favourite food?",
    ]
    results = [run(Task(q), acme, OfflinePolicy(), recorder=store) for q in questions]

    rows = store.list_runs()

    assert [r["id"] for r in rows] == [r.run_id for r in reversed(results)]
    assert [r["question"] for r in rows] == list(reversed(questions))
    assert [r["status"] for r in rows] == [r.status.value for r in reversed(results)]
    assert [r["reason"] for r in rows] == [
        r.reason.value if r.reason else None for r in reversed(results)
    ]
    assert [r["steps"] for r in rows] == [r.steps for r in reversed(results)]
    assert {r["corpus"] for r in rows} == {"acme"}
    assert {r["policy"] for r in rows} == {"offline"}
    assert [r["id"] for r in store.list_runs(limit=2)] == [results[2].run_id, results[1].run_id]
    assert [r["id"] for r in store.list_runs(1)] == [results[2].run_id]


def test_list_runs_on_an_empty_store(store: RunStore) -> None:
    assert store.list_runs() == []


def test_get_run_by_unique_prefix(
    monkeypatch: pytest.MonkeyPatch, store: RunStore, acme: Corpus
) -> None:
    fixed_ids(
        monkeypatch, "20250101-000000-aaaa01", "20250101-000000-aaaa02", "20250101-000001-bbbbbb"
    )
    for _ in range(3):
        run(Task("Who founded Acme Robotics?"), acme, OfflinePolicy(), recorder=store)

    def found(prefix: str) -> str | None:
        got = store.get_run(prefix)
        return None if got is None else got["id"]

    assert found("20250101-000000-aaaa01") == "20250101-000000-aaaa01"
    assert found("20250101-000000-aaaa02") == "20250101-000000-aaaa02"
    assert found("20250101-000001") == "20250101-000001-bbbbbb"
    assert found("20250101-000001-bbbbbb") == "20250101-000001-bbbbbb"
    # ambiguous
    assert found("20250101-000000-aaaa0") is None
    assert found("2025") is None
    # unknown
    assert found("20250101-000002") is None
    assert found("zzz") is None
    assert found("20250101-000001-bbbbbbX") is None


def test_get_run_prefix_wildcards_are_literal(
    monkeypatch: pytest.MonkeyPatch, store: RunStore, acme: Corpus
) -> None:
    fixed_ids(monkeypatch, "20250101-000001-bbbbbb", "odd_id%1")
    first = run(Task("Who founded Acme Robotics?"), acme, OfflinePolicy(), recorder=store)
    odd = run(Task("Who founded Acme Robotics?"), acme, OfflinePolicy(), recorder=store)
    assert (first.run_id, odd.run_id) == ("20250101-000001-bbbbbb", "odd_id%1")

    # As LIKE patterns each of these would match exactly one run; as prefixes, none do.
    for prefix in [
        "20250101_000001",
        "2025010_-000001",
        "%bbbbbb",
        "20250101-000001%",
        "_0250101",
        "odd%",
        "%d_id",
    ]:
        assert store.get_run(prefix) is None, prefix
    assert store.get_run("20250101\\") is None

    # The literal characters still match as themselves.
    for prefix in ["odd_", "odd_id%", "odd_id%1"]:
        got = store.get_run(prefix)
        assert got is not None and got["id"] == "odd_id%1", prefix


# -- migrations and concurrency ---------------------------------------------------------


def user_version(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return int(db.execute("PRAGMA user_version").fetchone()[0])
    finally:
        db.close()


def test_fresh_file_is_migrated_to_the_latest_version(db_path: Path) -> None:
    assert not db_path.exists()

    RunStore(db_path).close()

    assert user_version(db_path) == len(MIGRATIONS) >= 1
    db = sqlite3.connect(db_path)
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    db.close()
    assert {"runs", "steps", "results"} <= tables


def test_reopening_does_not_rerun_migrations(
    monkeypatch: pytest.MonkeyPatch, db_path: Path, acme: Corpus
) -> None:
    calls: list[str] = []

    def counted(migration: Any, name: str) -> Any:
        def wrapped(db: sqlite3.Connection) -> None:
            calls.append(name)
            migration(db)

        return wrapped

    current = [counted(m, f"m{n}") for n, m in enumerate(MIGRATIONS, start=1)]
    names = [f"m{n}" for n in range(1, len(MIGRATIONS) + 1)]
    monkeypatch.setattr(sleuth.store, "MIGRATIONS", current)
    first = RunStore(db_path)
    result = run(Task("Who founded Acme Robotics?"), acme, OfflinePolicy(), recorder=first)
    first.close()
    assert calls == names

    second = RunStore(db_path)  # must not fail with "table runs already exists"
    assert calls == names
    assert user_version(db_path) == len(MIGRATIONS)
    stored = second.get_run(result.run_id)
    assert stored is not None and stored["result"] == result.model_dump(mode="json")
    second.close()

    # A new migration is applied once, on top of the existing data.
    def extra(db: sqlite3.Connection) -> None:
        db.execute("CREATE TABLE notes (run_id TEXT, note TEXT)")

    monkeypatch.setattr(sleuth.store, "MIGRATIONS", [*current, counted(extra, "extra")])
    RunStore(db_path).close()
    RunStore(db_path).close()
    assert calls == [*names, "extra"]
    assert user_version(db_path) == len(MIGRATIONS) + 1
    third = RunStore(db_path)
    assert [r["id"] for r in third.list_runs()] == [result.run_id]
    third.close()


def test_two_stores_opening_a_fresh_file_at_once(
    monkeypatch: pytest.MonkeyPatch, db_path: Path
) -> None:
    """Store A has connected to a fresh file; before it takes the write lock, store B
    (another process, say a second `sleuth ask` on a new machine) opens the same file
    and migrates it. A must then see the migrated schema, not migrate again.
    (Regression: `_migrate` read user_version before BEGIN IMMEDIATE and failed with
    "table runs already exists".)"""
    real_connect = sqlite3.connect
    fired: list[bool] = []

    class InterleavingConnection(sqlite3.Connection):
        def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
            if sql.startswith("BEGIN IMMEDIATE") and not fired:
                fired.append(True)
                RunStore(db_path).close()  # B opens and migrates the file first
            return super().execute(sql, *args)

    def connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        if fired:
            return real_connect(*args, **kwargs)
        return real_connect(*args, factory=InterleavingConnection, **kwargs)

    monkeypatch.setattr(sleuth.store.sqlite3, "connect", connect)

    store_a = RunStore(db_path)

    assert fired == [True]
    assert user_version(db_path) == len(MIGRATIONS)
    assert store_a.list_runs() == []
    store_a.close()


def test_two_stores_on_one_file_lose_nothing(db_path: Path, acme: Corpus) -> None:
    stores = [RunStore(db_path), RunStore(db_path)]
    questions = ["Who founded Acme Robotics?", "Who is the current CEO of Acme Robotics?"]
    start = threading.Barrier(len(stores))

    def worker(store: RunStore, question: str) -> list[Result]:
        start.wait(timeout=60)
        return [run(Task(question), acme, OfflinePolicy(), recorder=store) for _ in range(5)]

    with ThreadPoolExecutor(max_workers=len(stores)) as pool:
        futures = [pool.submit(worker, s, q) for s, q in zip(stores, questions, strict=True)]
        results = [r for f in futures for r in f.result(timeout=300)]

    assert len(results) == 10
    assert len({r.run_id for r in results}) == 10
    reader = RunStore(db_path)
    rows = reader.list_runs(limit=100)
    assert {r["id"] for r in rows} == {r.run_id for r in results}
    for result in results:
        stored = reader.get_run(result.run_id)
        assert stored is not None
        assert stored["status"] == "ready_for_review"
        assert len(stored["steps"]) == result.steps
        assert [s["index"] for s in stored["steps"]] == list(range(1, result.steps + 1))
        assert stored["result"] == result.model_dump(mode="json")
    for s in [*stores, reader]:
        s.close()


# -- where the file lives ---------------------------------------------------------------


def test_default_db_path_honours_sleuth_home_first(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SLEUTH_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))

    assert default_db_path() == tmp_path / "home" / "runs.db"


@pytest.mark.parametrize("sleuth_home", [None, ""], ids=["unset", "empty"])
def test_default_db_path_then_xdg_data_home(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, sleuth_home: str | None
) -> None:
    if sleuth_home is None:
        monkeypatch.delenv("SLEUTH_HOME", raising=False)
    else:
        monkeypatch.setenv("SLEUTH_HOME", sleuth_home)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))

    assert default_db_path() == tmp_path / "xdg" / "sleuth" / "runs.db"


def test_default_db_path_falls_back_to_local_share(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("SLEUTH_HOME", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "user"))

    assert default_db_path() == tmp_path / "user" / ".local" / "share" / "sleuth" / "runs.db"


def test_store_without_a_path_uses_the_default(tmp_path: Path, acme: Corpus) -> None:
    # conftest points SLEUTH_HOME at a private folder that does not exist yet.
    expected = tmp_path / "sleuth-home" / "runs.db"
    assert not expected.parent.exists()

    store = RunStore()
    result = run(Task("Who founded Acme Robotics?"), acme, OfflinePolicy(), recorder=store)
    store.close()

    assert store.path == expected
    assert expected.is_file()
    again = RunStore(expected)
    assert [r["id"] for r in again.list_runs()] == [result.run_id]
    again.close()
