"""The runs store (`sleuth.store.RunStore`), exercised through real runs.

Every run is written as it goes: a row when it starts, a row per step as soon as the
step is done, a row for the result or the error at the end. These tests check what a
second reader (another store, another process) sees at each of those moments.

Each test taking ``target`` (or ``store``) runs twice: on a SQLite file and on the real
PostgreSQL at 127.0.0.1:5432, in a schema of its own (see `test_store_postgres.py`).
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
import sleuth.store.common
import sleuth.store.schema
from sleuth.corpus import Corpus, load_corpus
from sleuth.errors import ScriptExhaustedError
from sleuth.evals.store import EvalStore
from sleuth.policies.offline import OfflinePolicy
from sleuth.policies.scripted import ScriptedPolicy
from sleuth.result import ConflictRule, Result
from sleuth.runtime import run, run_steps
from sleuth.state import Budgets, Step, Task
from sleuth.store import MIGRATIONS, KeyStore, RunStore, default_db_path
from sleuth.store.db import Database, StoreError
from stored import run_json, runs_json

WIKI = "https://wiki.example/Acme_Robotics"
PROFILE = "https://people.example/profiles/ada-ortiz"
FOUNDED = "Acme Robotics was founded by Ada Ortiz in 2014 in Lisbon."


@pytest.fixture(scope="module")
def acme() -> Corpus:
    return load_corpus("acme")


@pytest.fixture
def store(target: str | Path) -> Iterator[RunStore]:
    s = RunStore(target)
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

    stored = run_json(store, result.run_id)

    assert stored is not None
    assert stored["id"] == result.run_id
    assert stored["question"] == task.question
    assert stored["task"] == {
        "question": task.question,
        "require": list(task.require),
        "conflict_rule": task.conflict_rule.value if task.conflict_rule else None,
        "publish": False,
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

    stored = run_json(store, result.run_id)

    assert stored is not None
    assert stored["task"] == {
        "question": task.question,
        "require": ["venue", "time"],
        "conflict_rule": "newest",
        "publish": False,
    }
    assert stored["corpus"] == "workshop"
    assert result.fields is not None and set(result.fields) == {"venue", "time"}
    assert Result.model_validate(stored["result"]) == result


def test_scripted_run_keeps_raw_turns_and_rejections(store: RunStore, acme: Corpus) -> None:
    script = bad_finish_script()
    policy = ScriptedPolicy(script)
    steps, result = drive(
        run_steps(Task("Who founded Acme Robotics?"), acme, policy, recorder=store)
    )
    policy.assert_used_up()

    stored = run_json(store, result.run_id)

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

    stored = run_json(store, result.run_id)

    assert stored is not None
    assert [s["thought"] for s in stored["steps"]] == [step.thought for step in steps]


# -- written as the run goes ------------------------------------------------------------


def test_steps_are_written_as_the_run_goes(target: str | Path, acme: Corpus) -> None:
    writer = RunStore(target)
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
        reader = RunStore(target)
        try:
            (row,) = runs_json(reader.list_runs())
            stored = run_json(reader, row["id"])
        finally:
            reader.close()
        assert row["steps"] == len(yielded)
        assert row["status"] == "running"  # the writer holds the run's lease
        assert row["reason"] is None
        assert stored is not None
        assert [s["index"] for s in stored["steps"]] == [s.index for s in yielded]
        assert stored["steps"][-1]["tool"] == step.tool
        assert stored["status"] == "running"
        assert stored["result"] is None
        assert stored["error"] is None
    assert len(yielded) >= 3

    reader = RunStore(target)
    final = run_json(reader, result.run_id)
    reader.close()
    assert final is not None
    assert final["status"] == "ready_for_review"
    assert len(final["steps"]) == len(yielded)
    assert final["result"] == result.model_dump(mode="json")
    writer.close()


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


@pytest.mark.subprocess
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX SIGKILL")
def test_a_killed_process_loses_at_most_the_step_in_flight(
    target: str | Path, acme: Corpus
) -> None:
    # The same run, uninterrupted, takes more than two steps: the kill cuts it short.
    complete = run(Task("Who founded Acme Robotics?"), acme, OfflinePolicy())
    assert complete.steps > 2

    proc = subprocess.run(
        [sys.executable, "-c", KILL_AFTER_SECOND_STEP, str(target)],
        capture_output=True,
        text=True,
        timeout=120,
        env=os.environ.copy(),
        check=False,
    )

    assert proc.returncode == -signal.SIGKILL, proc.stderr
    assert proc.stdout.split() == ["search", "open"]
    store = RunStore(target)
    (row,) = runs_json(store.list_runs())
    assert row["status"] == "interrupted"
    assert row["steps"] == 2
    assert row["reason"] is None
    stored = run_json(store, row["id"])
    assert stored is not None
    assert stored["status"] == "interrupted"
    assert stored["result"] is None
    assert stored["error"] is None
    assert [(s["index"], s["tool"]) for s in stored["steps"]] == [(1, "search"), (2, "open")]
    assert stored["steps"][1]["kind"] == "page"
    store.close()


# -- errors -----------------------------------------------------------------------------


def test_script_exhausted_run_is_stored_as_error(store: RunStore, acme: Corpus) -> None:
    policy = ScriptedPolicy(bad_finish_script()[:2])

    with pytest.raises(ScriptExhaustedError) as caught:
        run(Task("Who founded Acme Robotics?"), acme, policy, recorder=store)

    run_id = caught.value.run_id
    assert run_id is not None
    stored = run_json(store, run_id)
    assert stored is not None
    assert stored["status"] == "error"
    assert stored["error"] == str(caught.value)
    assert "turn 3" in stored["error"]
    assert stored["result"] is None
    assert [s["tool"] for s in stored["steps"]] == ["search", "open"]
    (row,) = runs_json(store.list_runs())
    assert (row["id"], row["status"], row["steps"]) == (run_id, "error", 2)


# -- listing and finding ----------------------------------------------------------------


@pytest.fixture
def ordered_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Strictly increasing store timestamps, so 'newest' never depends on timing."""
    ticks = itertools.count(1)
    monkeypatch.setattr(
        sleuth.store.common, "now", lambda: f"2025-01-01T00:00:{next(ticks):02d}.000+00:00"
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

    rows = runs_json(store.list_runs())

    assert [r["id"] for r in rows] == [r.run_id for r in reversed(results)]
    assert [r["question"] for r in rows] == list(reversed(questions))
    assert [r["status"] for r in rows] == [r.status.value for r in reversed(results)]
    assert [r["reason"] for r in rows] == [
        r.reason.value if r.reason else None for r in reversed(results)
    ]
    assert [r["steps"] for r in rows] == [r.steps for r in reversed(results)]
    assert {r["corpus"] for r in rows} == {"acme"}
    assert {r["policy"] for r in rows} == {"offline"}
    assert [r["id"] for r in runs_json(store.list_runs(limit=2))] == [
        results[2].run_id,
        results[1].run_id,
    ]
    assert [r["id"] for r in runs_json(store.list_runs(1))] == [results[2].run_id]


def test_list_runs_on_an_empty_store(store: RunStore) -> None:
    assert runs_json(store.list_runs()) == []
    assert store.page_runs(5) == []


@pytest.mark.usefixtures("ordered_clock")
def test_page_runs_is_keyset_paging_newest_first(
    monkeypatch: pytest.MonkeyPatch, store: RunStore, acme: Corpus
) -> None:
    ids = ["run-a", "run-b", "run-c", "run-d", "run-e"]
    fixed_ids(monkeypatch, *ids)
    for _ in ids:
        run(Task("Who founded Acme Robotics?"), acme, OfflinePolicy(), recorder=store)

    first = store.page_runs(2)
    assert first is not None and [r.id for r in first] == ["run-e", "run-d"]
    second = store.page_runs(2, before="run-d")
    assert second is not None and [r.id for r in second] == ["run-c", "run-b"]
    last = store.page_runs(2, before="run-b")
    assert last is not None and [r.id for r in last] == ["run-a"]
    assert store.page_runs(2, before="run-a") == []
    assert store.page_runs(2, before="run-zzz") is None  # no such run
    assert store.page_runs(2, before="run-") is None  # an anchor is an id, not a prefix
    assert first == store.list_runs(2)  # the same rows, the same types
    assert {type(r["steps"]) for r in runs_json(first)} == {int}


def test_runs_with_equal_timestamps_page_by_id(
    monkeypatch: pytest.MonkeyPatch, store: RunStore, acme: Corpus
) -> None:
    monkeypatch.setattr(sleuth.store.common, "now", lambda: "2025-01-01T00:00:00.000+00:00")
    fixed_ids(monkeypatch, "run-1", "run-3", "run-2")
    for _ in range(3):
        run(Task("Who founded Acme Robotics?"), acme, OfflinePolicy(), recorder=store)

    pages: list[str] = []
    before: str | None = None
    while rows := store.page_runs(1, before):
        pages.append(rows[0].id)
        before = rows[0].id
    assert pages == ["run-3", "run-2", "run-1"]


def test_get_run_by_unique_prefix(
    monkeypatch: pytest.MonkeyPatch, store: RunStore, acme: Corpus
) -> None:
    fixed_ids(
        monkeypatch, "20250101-000000-aaaa01", "20250101-000000-aaaa02", "20250101-000001-bbbbbb"
    )
    for _ in range(3):
        run(Task("Who founded Acme Robotics?"), acme, OfflinePolicy(), recorder=store)

    def found(prefix: str) -> str | None:
        got = run_json(store, prefix)
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
        assert run_json(store, prefix) is None, prefix
    assert run_json(store, "20250101\\") is None

    # The literal characters still match as themselves.
    for prefix in ["odd_", "odd_id%", "odd_id%1"]:
        got = run_json(store, prefix)
        assert got is not None and got["id"] == "odd_id%1", prefix


# -- keys and evals, in the same store ------------------------------------------------


def test_keys_made_within_one_millisecond_list_in_the_order_they_were_made(
    monkeypatch: pytest.MonkeyPatch, store: RunStore
) -> None:
    # the clock stands still (two `sleuth keys create` within a millisecond, as a fast CI
    # machine made them): each key is stamped a millisecond after the newest, so the list
    # keeps their order instead of sorting ties by the random id
    monkeypatch.setattr(sleuth.store.common, "now", lambda: "2025-01-01T00:00:00.000+00:00")
    keys = KeyStore(store)
    names = ["docs team", "ops", "alpha", "zeta", "beta"]
    made = [keys.create(name)[0] for name in names]
    assert [k.name for k in keys.list()] == names
    stamps = [k.created_at for k in made]
    assert stamps == sorted(stamps) and len(set(stamps)) == len(stamps)
    assert stamps[0] == "2025-01-01T00:00:00.000+00:00"
    assert stamps[-1] == "2025-01-01T00:00:00.004+00:00"


def test_api_keys_in_the_store(monkeypatch: pytest.MonkeyPatch, store: RunStore) -> None:
    ticks = itertools.count(1)
    monkeypatch.setattr(
        sleuth.store.common, "now", lambda: f"2025-01-01T00:00:{next(ticks):02d}.000+00:00"
    )
    keys = KeyStore(store)
    assert keys.list() == [] and keys.active_count() == 0

    first, key = keys.create("ci bot")
    second, _ = keys.create("ops")

    assert [k.name for k in keys.list()] == ["ci bot", "ops"]
    assert keys.verify(key) == first
    assert keys.verify(key + "x") is None
    assert keys.active_count() == 2
    revoked, changed = keys.revoke(first.id)
    assert changed and revoked.revoked_at is not None and not revoked.active
    assert keys.revoke(first.id) == (revoked, False)
    assert keys.verify(key) is None
    assert keys.active_count() == 1
    assert [k.active for k in keys.list()] == [False, True]
    assert second.active
    dump = json.dumps(store.db.query("SELECT * FROM api_keys"))
    assert key not in dump and first.id in dump  # only the hash is kept


def test_trace_ids_and_researches_in_the_store(store: RunStore, acme: Corpus) -> None:
    from sleuth.store.researches import ResearchStore, StoredResearch

    _, result = drive(
        run_steps(Task("Who founded Acme Robotics?"), acme, OfflinePolicy(), recorder=store)
    )
    first, second = "a" * 32, "b" * 32
    store.add_trace_id(result.run_id, first)
    store.add_trace_id(result.run_id, second)
    store.add_trace_id(result.run_id, first)  # again: nothing changes
    stored = store.get_run(result.run_id)
    assert stored is not None and stored.trace_ids == [first, second]
    assert stored.trace_id == first

    researches = ResearchStore(store)
    made = StoredResearch("r1", "acme", None, "key_1", (("https://wiki.example/Acme_Robotics", 0),))
    researches.create(made)
    assert researches.get("r1") == made and researches.get("r2") is None
    grown = (*made.opens, ("https://wiki.example/Acme_Robotics", 4000))
    researches.set_opens("r1", grown)
    assert researches.get("r1") == StoredResearch("r1", "acme", None, "key_1", grown)


def test_evals_in_the_store(store: RunStore) -> None:
    evals = EvalStore(store)
    evals.start("eval-1", "acme", "offline")
    evals.add_case("eval-1", 0, {"case_id": "c1", "passed": True, "run_id": None})
    evals.add_case("eval-1", 1, {"case_id": "c2", "passed": False, "failure": "wrong"})

    (unfinished,) = evals.list()
    assert (unfinished["done"], unfinished["cases"], unfinished["passed"]) == (0, 2, 1)
    evals.finish("eval-1", {"score": 0.5})

    (done,) = evals.list()
    assert (done["id"], done["done"], done["cases"], done["passed"]) == ("eval-1", 1, 2, 1)
    got = evals.get("eval-")
    assert got is not None
    assert got["summary"] == {"score": 0.5}
    assert [c["case_id"] for c in got["cases"]] == ["c1", "c2"]
    assert evals.get("eval-2") is None and evals.get(" ") is None


# -- migrations and concurrency ---------------------------------------------------------


def schema_version(target: str | Path) -> int:
    db = Database(target)
    try:
        return db.version()
    finally:
        db.close()


def tables(target: str | Path) -> set[str]:
    db = Database(target)
    try:
        if db.dialect == "sqlite":
            rows = db.query("SELECT name FROM sqlite_master WHERE type = 'table'")
        else:
            rows = db.query(
                "SELECT table_name AS name FROM information_schema.tables "
                "WHERE table_schema = current_schema()"
            )
        return {row["name"] for row in rows}
    finally:
        db.close()


def user_version(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return int(db.execute("PRAGMA user_version").fetchone()[0])
    finally:
        db.close()


def test_fresh_store_is_migrated_to_the_latest_version(target: str | Path) -> None:
    assert schema_version(target) == 0
    assert not tables(target) - {"sleuth_schema"}

    RunStore(target).close()

    assert schema_version(target) == len(MIGRATIONS) >= 4
    assert {"runs", "steps", "results", "evals", "eval_cases", "api_keys"} <= tables(target)


def test_a_sqlite_file_counts_versions_in_user_version(db_path: Path) -> None:
    """Files written before PostgreSQL support keep working: the version stays in
    ``PRAGMA user_version`` and no table is added for it."""
    RunStore(db_path).close()

    assert user_version(db_path) == len(MIGRATIONS)
    assert "sleuth_schema" not in tables(db_path)


def test_reopening_does_not_rerun_migrations(
    monkeypatch: pytest.MonkeyPatch, target: str | Path, acme: Corpus
) -> None:
    calls: list[str] = []

    def counted(migration: Any, name: str) -> Any:
        def wrapped(db: Database) -> None:
            calls.append(name)
            migration(db)

        return wrapped

    current = [counted(m, f"m{n}") for n, m in enumerate(MIGRATIONS, start=1)]
    names = [f"m{n}" for n in range(1, len(MIGRATIONS) + 1)]
    monkeypatch.setattr(sleuth.store.schema, "MIGRATIONS", current)
    first = RunStore(target)
    result = run(Task("Who founded Acme Robotics?"), acme, OfflinePolicy(), recorder=first)
    first.close()
    assert calls == names

    second = RunStore(target)  # must not fail with "table runs already exists"
    assert calls == names
    assert schema_version(target) == len(MIGRATIONS)
    stored = run_json(second, result.run_id)
    assert stored is not None and stored["result"] == result.model_dump(mode="json")
    second.close()

    # A new migration is applied once, on top of the existing data, in portable SQL.
    def extra(db: Database) -> None:
        db.script(
            """
            CREATE TABLE notes (id {auto_id}, run_id TEXT REFERENCES runs(id), note TEXT);
            ALTER TABLE runs ADD COLUMN lease_owner TEXT
            """
        )

    monkeypatch.setattr(sleuth.store.schema, "MIGRATIONS", [*current, counted(extra, "extra")])
    RunStore(target).close()
    RunStore(target).close()
    assert calls == [*names, "extra"]
    assert schema_version(target) == len(MIGRATIONS) + 1
    third = RunStore(target)
    assert [r["id"] for r in runs_json(third.list_runs())] == [result.run_id]
    # inserts name their columns: an added column breaks none of them
    again = run(Task("Who founded Acme Robotics?"), acme, OfflinePolicy(), recorder=third)
    noted = third.db.query_one(
        "INSERT INTO notes (run_id, note) VALUES (?, ?) RETURNING id", (again.run_id, "50% ?")
    )
    assert noted is not None and noted["id"] == 1
    assert third.db.query("SELECT note FROM notes") == [{"note": "50% ?"}]
    third.close()


def test_a_failed_migration_changes_nothing(
    monkeypatch: pytest.MonkeyPatch, target: str | Path
) -> None:
    RunStore(target).close()

    def broken(db: Database) -> None:
        db.script("CREATE TABLE half (x TEXT); CREATE TABLE runs (x TEXT)")  # runs exists

    monkeypatch.setattr(sleuth.store.schema, "MIGRATIONS", [*MIGRATIONS, broken])
    with pytest.raises(StoreError, match="runs"):
        RunStore(target)

    assert schema_version(target) == len(MIGRATIONS)
    assert "half" not in tables(target)


def test_two_stores_opening_a_fresh_file_at_once(
    monkeypatch: pytest.MonkeyPatch, db_path: Path
) -> None:
    """Store A has connected to a fresh file; before it takes the write lock, store B
    (another process, say a second `sleuth ask` on a new machine) opens the same file
    and migrates it. A must then see the migrated schema, not migrate again.
    (Regression: `_migrate` read user_version before BEGIN IMMEDIATE and failed with
    "table runs already exists".) PostgreSQL: test_store_postgres.py."""
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

    monkeypatch.setattr(sqlite3, "connect", connect)

    store_a = RunStore(db_path)

    assert fired == [True]
    assert user_version(db_path) == len(MIGRATIONS)
    assert runs_json(store_a.list_runs()) == []
    store_a.close()


def test_two_stores_on_one_database_lose_nothing(target: str | Path, acme: Corpus) -> None:
    stores = [RunStore(target), RunStore(target)]
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
    reader = RunStore(target)
    rows = runs_json(reader.list_runs(limit=100))
    assert {r["id"] for r in rows} == {r.run_id for r in results}
    for result in results:
        stored = run_json(reader, result.run_id)
        assert stored is not None
        assert stored["status"] == "ready_for_review"
        assert len(stored["steps"]) == result.steps
        assert [s["index"] for s in stored["steps"]] == list(range(1, result.steps + 1))
        assert stored["result"] == result.model_dump(mode="json")
    for s in [*stores, reader]:
        s.close()


def test_one_store_shared_by_threads(store: RunStore, acme: Corpus) -> None:
    """The service's case: one store, many run threads at once."""

    def one() -> Result:
        return run(Task("Who founded Acme Robotics?"), acme, OfflinePolicy(), recorder=store)

    with ThreadPoolExecutor(max_workers=4) as pool:
        results = [f.result(timeout=300) for f in [pool.submit(one) for _ in range(8)]]

    rows = runs_json(store.list_runs(limit=100))
    assert {r["id"] for r in rows} == {r.run_id for r in results}
    assert all(r["status"] == "ready_for_review" for r in rows)


def test_a_transaction_is_all_or_nothing(store: RunStore) -> None:
    class Boom(Exception):
        pass

    with pytest.raises(Boom), store.db.transaction():
        KeyStore(store).create("kept only if the transaction commits")
        assert KeyStore(store).active_count() == 1  # this connection sees its own write
        raise Boom
    assert KeyStore(store).list() == []

    with store.db.transaction(), store.db.transaction():  # an inner one joins the outer
        KeyStore(store).create("one")
    assert [k.name for k in KeyStore(store).list()] == ["one"]


def test_a_closed_store_raises_store_error(target: str | Path) -> None:
    store = RunStore(target)
    store.close()

    with pytest.raises(StoreError, match="closed"):
        runs_json(store.list_runs())


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
    assert [r["id"] for r in runs_json(again.list_runs())] == [result.run_id]
    again.close()
