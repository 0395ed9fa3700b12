"""The runs store: every run in SQLite, written as it goes.

One row per run when it starts, one row per step as soon as the step is done, and one
row for the result (or the error) when it ends. Each write commits, so a killed
process loses at most the step in flight; a run with neither result nor error row is
reported as ``interrupted``. Schema changes are a plain list of migration functions,
applied in order and counted in ``PRAGMA user_version``.

The CLI (and later the service) render runs from these rows, so what is printed and
what is stored never diverge.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from sleuth.result import Result
from sleuth.state import RunState, Step


def default_db_path() -> Path:
    """``$SLEUTH_HOME/runs.db``, else ``$XDG_DATA_HOME/sleuth/runs.db``, else
    ``~/.local/share/sleuth/runs.db``."""
    home = os.environ.get("SLEUTH_HOME")
    if home:
        return Path(home) / "runs.db"
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "sleuth" / "runs.db"


def _statements(db: sqlite3.Connection, script: str) -> None:
    """Run ``script`` statement by statement (``executescript`` would commit the
    migration's transaction early)."""
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


def _m1_initial(db: sqlite3.Connection) -> None:
    _statements(
        db,
        """
        CREATE TABLE runs (
            id TEXT PRIMARY KEY,
            created_at TEXT NOT NULL,
            question TEXT NOT NULL,
            task_json TEXT NOT NULL,
            corpus TEXT NOT NULL,
            policy TEXT NOT NULL,
            budgets_json TEXT NOT NULL
        );
        CREATE TABLE steps (
            run_id TEXT NOT NULL REFERENCES runs(id),
            idx INTEGER NOT NULL,
            started_at TEXT NOT NULL,
            duration_ms REAL NOT NULL,
            thought TEXT NOT NULL,
            tool TEXT NOT NULL,
            args_json TEXT NOT NULL,
            observation TEXT NOT NULL,
            kind TEXT NOT NULL,
            error TEXT,
            data_json TEXT NOT NULL,
            raw_json TEXT,
            usage_json TEXT,
            PRIMARY KEY (run_id, idx)
        );
        CREATE TABLE results (
            run_id TEXT PRIMARY KEY REFERENCES runs(id),
            finished_at TEXT NOT NULL,
            status TEXT NOT NULL,
            reason TEXT,
            result_json TEXT,
            error TEXT
        );
        CREATE INDEX runs_created ON runs(created_at);
        """,
    )


def _m2_model_calls(db: sqlite3.Connection) -> None:
    """Each step keeps the model calls behind it: exact request and response bodies,
    attempts and errors (never API keys: those travel in headers, which are not kept)."""
    db.execute("ALTER TABLE steps ADD COLUMN calls_json TEXT")


def _m3_evals(db: sqlite3.Connection) -> None:
    """Eval runs and their cases, each case linked to the run that answered it."""
    _statements(
        db,
        """
        CREATE TABLE evals (
            id TEXT PRIMARY KEY,
            created_at TEXT NOT NULL,
            suite TEXT NOT NULL,
            policy TEXT NOT NULL,
            summary_json TEXT
        );
        CREATE TABLE eval_cases (
            eval_id TEXT NOT NULL REFERENCES evals(id),
            idx INTEGER NOT NULL,
            case_id TEXT NOT NULL,
            run_id TEXT,
            passed INTEGER NOT NULL,
            failure TEXT,
            record_json TEXT NOT NULL,
            PRIMARY KEY (eval_id, idx)
        );
        """,
    )


def _m4_api_keys(db: sqlite3.Connection) -> None:
    """API keys for `sleuth serve`: a name and the SHA-256 hash of each key, never the key."""
    _statements(
        db,
        """
        CREATE TABLE api_keys (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            key_sha256 TEXT NOT NULL UNIQUE,
            created_at TEXT NOT NULL,
            revoked_at TEXT
        );
        """,
    )


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [
    _m1_initial,
    _m2_model_calls,
    _m3_evals,
    _m4_api_keys,
]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _json(value: Any) -> str:
    def default(obj: Any) -> Any:
        if isinstance(obj, BaseModel):
            return obj.model_dump(mode="json")
        return str(obj)

    return json.dumps(value, ensure_ascii=False, default=default)


class RunStore:
    """A SQLite file of runs. Safe to share between threads of one process."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_db_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.row_factory = sqlite3.Row
        self._db.execute("PRAGMA journal_mode=WAL")
        # WAL + NORMAL: each commit survives the process being killed (only a power cut
        # may lose the last commits), without an fsync per step
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA busy_timeout=5000")
        self._migrate()

    def close(self) -> None:
        self._db.close()

    def _migrate(self) -> None:
        """Apply pending migrations in one write transaction; the version is read inside
        it, so two processes opening a fresh file never both migrate it."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                version = self._db.execute("PRAGMA user_version").fetchone()[0]
                for number, migration in enumerate(MIGRATIONS[version:], start=version + 1):
                    migration(self._db)
                    self._db.execute(f"PRAGMA user_version = {number}")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def _write(self, sql: str, params: tuple[Any, ...]) -> None:
        with self._lock:
            self._db.execute(sql, params)

    # -- writing, as the run goes ------------------------------------------------------

    def start_run(self, state: RunState) -> None:
        task = {
            "question": state.task.question,
            "require": list(state.task.require),
            "conflict_rule": state.task.conflict_rule,
        }
        self._write(
            "INSERT INTO runs VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                state.run_id,
                _now(),
                state.task.question,
                _json(task),
                state.corpus,
                state.policy,
                _json(asdict(state.budgets)),
            ),
        )

    def append_step(self, run_id: str, step: Step) -> None:
        obs = step.observation
        self._write(
            "INSERT INTO steps (run_id, idx, started_at, duration_ms, thought, tool, args_json, "
            "observation, kind, error, data_json, raw_json, usage_json, calls_json) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                run_id,
                step.index,
                step.started_at,
                step.duration_ms,
                step.thought,
                step.tool,
                _json(step.args),
                obs.text,
                obs.kind,
                obs.error,
                _json(obs.data),
                None if step.raw is None else _json(step.raw),
                None if step.usage is None else _json(step.usage),
                _json(list(step.calls)) if step.calls else None,
            ),
        )

    def finish_run(self, result: Result) -> None:
        self._write(
            "INSERT INTO results VALUES (?, ?, ?, ?, ?, NULL)",
            (
                result.run_id,
                _now(),
                result.status.value,
                result.reason.value if result.reason else None,
                result.model_dump_json(),
            ),
        )

    def fail_run(self, run_id: str, error: str) -> None:
        self._write(
            "INSERT INTO results VALUES (?, ?, 'error', NULL, NULL, ?)", (run_id, _now(), error)
        )

    # -- reading ----------------------------------------------------------------------

    def list_runs(self, limit: int = 20) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT r.id, r.created_at, r.question, r.corpus, r.policy, "
                "COALESCE(x.status, 'interrupted') AS status, x.reason, "
                "(SELECT COUNT(*) FROM steps s WHERE s.run_id = r.id) AS steps "
                "FROM runs r LEFT JOIN results x ON x.run_id = r.id "
                "ORDER BY r.created_at DESC, r.id DESC LIMIT ?",
                (limit,),
            ).fetchall()
        return [dict(row) for row in rows]

    def get_run(self, run_id: str) -> dict[str, Any] | None:
        """The run with its steps and result, as plain JSON-ready data. ``run_id`` may be
        a unique, case-sensitive prefix."""
        run_id = run_id.strip()
        if not run_id:
            return None
        with self._lock:
            matches = self._db.execute(
                "SELECT * FROM runs WHERE substr(id, 1, ?) = ? ORDER BY id LIMIT 2",
                (len(run_id), run_id),
            ).fetchall()
            if len(matches) != 1:
                return None
            run = dict(matches[0])
            steps = self._db.execute(
                "SELECT * FROM steps WHERE run_id = ? ORDER BY idx", (run["id"],)
            ).fetchall()
            end = self._db.execute(
                "SELECT * FROM results WHERE run_id = ?", (run["id"],)
            ).fetchone()
        return {
            "id": run["id"],
            "created_at": run["created_at"],
            "question": run["question"],
            "task": json.loads(run["task_json"]),
            "corpus": run["corpus"],
            "policy": run["policy"],
            "budgets": json.loads(run["budgets_json"]),
            "status": end["status"] if end else "interrupted",
            "error": end["error"] if end else None,
            "result": json.loads(end["result_json"]) if end and end["result_json"] else None,
            "steps": [_step_row(dict(s)) for s in steps],
        }


def _step_row(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "index": row["idx"],
        "started_at": row["started_at"],
        "duration_ms": row["duration_ms"],
        "thought": row["thought"],
        "tool": row["tool"],
        "args": json.loads(row["args_json"]),
        "observation": row["observation"],
        "kind": row["kind"],
        "error": row["error"],
        "data": json.loads(row["data_json"]),
        "raw": json.loads(row["raw_json"]) if row["raw_json"] else None,
        "usage": json.loads(row["usage_json"]) if row["usage_json"] else None,
        "calls": json.loads(row["calls_json"]) if row["calls_json"] else [],
    }


class EvalStore:
    """Eval runs in the same SQLite file as the runs they link to."""

    def __init__(self, runs: RunStore) -> None:
        self.runs = runs

    def start(self, eval_id: str, suite: str, policy: str) -> None:
        self.runs._write(
            "INSERT INTO evals VALUES (?, ?, ?, ?, NULL)", (eval_id, _now(), suite, policy)
        )

    def add_case(self, eval_id: str, index: int, record: dict[str, Any]) -> None:
        self.runs._write(
            "INSERT INTO eval_cases VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                eval_id,
                index,
                record["case_id"],
                record.get("run_id"),
                int(record["passed"]),
                record.get("failure"),
                _json(record),
            ),
        )

    def finish(self, eval_id: str, summary: dict[str, Any]) -> None:
        self.runs._write(
            "UPDATE evals SET summary_json = ? WHERE id = ?", (_json(summary), eval_id)
        )

    def get(self, eval_id: str) -> dict[str, Any] | None:
        eval_id = eval_id.strip()
        if not eval_id:
            return None
        with self.runs._lock:
            rows = self.runs._db.execute(
                "SELECT * FROM evals WHERE substr(id, 1, ?) = ? ORDER BY id LIMIT 2",
                (len(eval_id), eval_id),
            ).fetchall()
            if len(rows) != 1:
                return None
            row = dict(rows[0])
            cases = self.runs._db.execute(
                "SELECT record_json FROM eval_cases WHERE eval_id = ? ORDER BY idx",
                (row["id"],),
            ).fetchall()
        return {
            "id": row["id"],
            "created_at": row["created_at"],
            "suite": row["suite"],
            "policy": row["policy"],
            "summary": json.loads(row["summary_json"]) if row["summary_json"] else None,
            "cases": [json.loads(c["record_json"]) for c in cases],
        }

    def list(self, limit: int = 20) -> list[dict[str, Any]]:
        with self.runs._lock:
            rows = self.runs._db.execute(
                "SELECT e.id, e.created_at, e.suite, e.policy, e.summary_json IS NOT NULL AS done,"
                " (SELECT COUNT(*) FROM eval_cases c WHERE c.eval_id = e.id) AS cases,"
                " (SELECT SUM(passed) FROM eval_cases c WHERE c.eval_id = e.id) AS passed "
                "FROM evals e ORDER BY e.created_at DESC, e.id DESC LIMIT ?",
                (limit,),
            ).fetchall()
        return [dict(r) for r in rows]
