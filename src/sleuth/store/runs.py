"""Runs and their steps: one row per run when it starts, one row per step as soon as the
step is done, and one row for the result (or the error) when it ends. Each write
commits, so a killed process loses at most the step in flight.

A run without a result (or error) row is ``awaiting_approval`` while a side-effecting
call of it waits for a person (`sleuth.store.approvals`), ``running`` while the process
running it holds its lease (`sleuth.store.leases`), and ``interrupted`` otherwise — it
can then be claimed and resumed (`RunStore.claim`, `sleuth.resume`).
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from sleuth.effects import PendingAction
from sleuth.result import Result
from sleuth.state import Observation, RunState, Step
from sleuth.store import approvals, common, schema
from sleuth.store.approvals import StoreOutbox
from sleuth.store.db import Database, StoreError, parse_target
from sleuth.store.leases import LEASE_S, Heartbeat, LeaseLost, host_id, lease_alive
from sleuth.store.models import RunStatus, RunSummary, StoredApproval, StoredRun

log = logging.getLogger("sleuth")


@dataclass(frozen=True)
class Cancelled:
    """What `RunStore.cancel` did: ``cancelled`` (the run ended now), ``requested`` (a
    process runs it and ends it after its step in flight), ``ended`` (it had ended
    before: nothing changed) or ``unknown_run``; ``run`` is the run as stored now."""

    outcome: Literal["cancelled", "requested", "ended", "unknown_run"]
    run: StoredRun | None


def default_db_path() -> Path:
    """``$SLEUTH_HOME/runs.db``, else ``$XDG_DATA_HOME/sleuth/runs.db``, else
    ``~/.local/share/sleuth/runs.db``."""
    home = os.environ.get("SLEUTH_HOME")
    if home:
        return Path(home) / "runs.db"
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "sleuth" / "runs.db"


class RunStore:
    """The runs store: a SQLite file (a path, the default) or a PostgreSQL database (a
    ``postgresql://`` URL). Safe to share between threads of one process, and between
    processes."""

    def __init__(self, path: str | Path | None = None) -> None:
        target = parse_target(path) if path is not None else default_db_path()
        self.db = Database(target)
        #: the SQLite file, or None on PostgreSQL
        self.path: Path | None = self.db.path
        #: how messages name the store: its path, or its URL without the password
        self.location = self.db.where
        try:
            self.db.migrate(schema.MIGRATIONS)
        except BaseException:
            self.db.close()
            raise
        #: this store's id as the owner of the runs it runs (see the module docstring)
        self.owner = f"{host_id()}:{os.getpid()}:{secrets.token_hex(4)}"
        self.outbox = StoreOutbox(self.db)
        self._heartbeat = Heartbeat(self.db, self.owner)

    def close(self) -> None:
        """Stop renewing leases and give up the runs this store still owns (a run left
        unfinished is ``interrupted`` at once), then close the database."""
        self._heartbeat.stop()
        try:
            self.db.execute(
                "UPDATE runs SET owner = NULL, lease_until = NULL WHERE owner = ?", (self.owner,)
            )
        except StoreError as exc:  # closing anyway; the leases lapse on their own
            log.warning("could not give up run leases: %s", exc)
        self.db.close()

    # -- writing, as the run goes ------------------------------------------------------

    def start_run(self, state: RunState, key_id: str | None = None) -> None:
        """The run's row; ``key_id`` is the API key that asked (None: the CLI, open mode)."""
        self.db.execute(
            "INSERT INTO runs (id, created_at, question, task_json, corpus, policy, "
            "budgets_json, owner, lease_until, key_id, corpus_build) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                state.run_id,
                common.now(),
                state.task.question,
                common.to_json(state.task.to_json()),
                state.corpus,
                state.policy,
                common.to_json(state.budgets.to_json()),
                self.owner,
                time.time() + LEASE_S,
                key_id,
                state.corpus_build,
            ),
        )
        self._heartbeat.keep(state.run_id)

    def append_step(self, run_id: str, step: Step) -> None:
        obs = step.observation
        with self.db.transaction():
            self._guard(run_id)
            self._insert_step(run_id, step, obs)

    def _insert_step(self, run_id: str, step: Step, obs: Observation) -> None:
        self.db.execute(
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
                common.to_json(step.args),
                obs.text,
                obs.kind,
                obs.error,
                common.to_json(obs.data),
                None if step.raw is None else common.to_json(step.raw),
                None if step.usage is None else common.to_json(step.usage),
                common.to_json(list(step.calls)) if step.calls else None,
            ),
        )

    def finish_run(self, result: Result) -> None:
        with self.db.transaction():
            self._guard(result.run_id)
            self.db.execute(
                "INSERT INTO results (run_id, finished_at, status, reason, result_json, error) "
                "VALUES (?, ?, ?, ?, ?, NULL)",
                (
                    result.run_id,
                    common.now(),
                    result.status.value,
                    result.reason.value if result.reason else None,
                    result.model_dump_json(),
                ),
            )
            self._drop_lease(result.run_id)

    def fail_run(self, run_id: str, error: str) -> None:
        with self.db.transaction():
            self._guard(run_id)
            self.db.execute(
                "INSERT INTO results (run_id, finished_at, status, reason, result_json, error) "
                "VALUES (?, ?, 'error', NULL, NULL, ?)",
                (run_id, common.now(), error),
            )
            self._drop_lease(run_id)

    def add_trace_id(self, run_id: str, trace_id: str) -> None:
        """Keep an OpenTelemetry trace id (32 hex digits) the run was executed under, to
        find it in a backend: the first is the run's ``trace_id``; a resumed run adds one
        per stretch (``trace_ids``, in order). Adding one twice changes nothing."""
        with self.db.transaction():
            self.db.execute(
                "INSERT INTO run_traces (run_id, trace_id, added_at) VALUES (?, ?, ?) "
                "ON CONFLICT (run_id, trace_id) DO NOTHING",
                (run_id, trace_id, common.now()),
            )
            self.db.execute(
                "UPDATE runs SET trace_id = ? WHERE id = ? AND trace_id IS NULL",
                (trace_id, run_id),
            )

    def trace_ids(self, run_id: str) -> list[str]:
        """The trace ids the run was executed under, oldest first (`add_trace_id`)."""
        rows = self.db.query(
            "SELECT trace_id FROM run_traces WHERE run_id = ? ORDER BY seq",
            (run_id,),
        )
        return [row["trace_id"] for row in rows]

    def pause_run(self, pending: PendingAction) -> None:
        """Keep a side-effecting call for a person to decide; the run holds no lease
        while it waits (any process may take the decision and go on)."""
        with self.db.transaction():
            self._guard(pending.run_id)
            approvals.insert_pending(self.db, pending)
            self._drop_lease(pending.run_id)

    def _drop_lease(self, run_id: str) -> None:
        self.db.execute("UPDATE runs SET owner = NULL, lease_until = NULL WHERE id = ?", (run_id,))
        self._heartbeat.forget(run_id)

    def _guard(self, run_id: str) -> None:
        """Inside a write's transaction: renew the run's lease, or raise `LeaseLost` if
        this store no longer owns the run (its lease lapsed and another process took it
        over), so two processes never both write one run."""
        changed = self.db.execute(
            "UPDATE runs SET lease_until = ? WHERE id = ? AND owner = ?",
            (time.time() + LEASE_S, run_id, self.owner),
        )
        if changed != 1:
            self._heartbeat.forget(run_id)
            raise LeaseLost(
                f"run {run_id} is no longer this process's to write: its lease lapsed and it "
                "was taken over (or released)"
            )

    # -- deciding, claiming ---------------------------------------------------------------

    def decide(
        self,
        run_id: str,
        approved: bool,
        note: str | None,
        step: int | None = None,
        by: str | None = None,
    ) -> StoredApproval | str:
        """A person's decision on the run's pending call, taken at most once: the decided
        approval (and this store now owns the run, to go on with it), or why not:
        ``unknown_run``, ``not_awaiting_approval``, ``already_decided``, or ``stale``
        (``step`` names another call than the one waiting). ``by`` says who decided (an
        API key's id, or the CLI's user), kept with the decision."""
        with self.db.transaction():
            if self._locked_run(run_id) is None:
                return "unknown_run"
            decided = approvals.decide(self.db, run_id, approved, note, step, by)
            if isinstance(decided, str):
                return decided
            self._own(run_id)
        return StoredApproval.model_validate(decided)

    def claim(self, run_id: str) -> bool:
        """Take an ``interrupted`` run to go on with it; False if it is not interrupted
        (ended, waiting for a person, or another process holds its lease)."""
        with self.db.transaction():
            run = self._locked_run(run_id)
            if run is None:
                return False
            ended = self.db.query_one("SELECT 1 AS x FROM results WHERE run_id = ?", (run_id,))
            if ended is not None or approvals.waiting(self.db, run_id):
                return False
            if lease_alive(run["owner"], run["lease_until"]):
                return False
            self._own(run_id)
        return True

    def cancel(
        self, run_id: str, by: str | None, ending: Callable[[StoredRun, str], Result]
    ) -> Cancelled:
        """Cancel a run, at most once, holding its row: a run some process runs (its lease
        is alive) gets a cancel request, which that process's loop reads between steps
        (`cancel_requested`) to end it ``incomplete`` / ``cancelled``; a run nobody runs
        (waiting for a person, or interrupted) ends here, with ``ending(run, why)`` as its
        Result, and its waiting call (if any) is marked cancelled, so nothing is applied.
        ``by`` says who asked (an API key's id, or the CLI's user)."""
        why = _cancel_why(by)
        with self.db.transaction():
            locked = self._locked_run(run_id)
            run = self.get_run(locked["id"]) if locked is not None else None
            if run is None:
                return Cancelled("unknown_run", None)
            if run.result is not None or run.status is RunStatus.ERROR:
                return Cancelled("ended", run)
            if run.status is RunStatus.RUNNING:
                self.db.execute(
                    "UPDATE runs SET cancel_at = ?, cancel_by = ? "
                    "WHERE id = ? AND cancel_at IS NULL",
                    (common.now(), by, run.id),
                )
                return Cancelled("requested", run)
            result = ending(run, why)
            self.db.execute(
                "UPDATE approvals SET status = 'cancelled', decided_at = ?, decided_by = ? "
                "WHERE run_id = ? AND status = 'pending'",
                (common.now(), by, run.id),
            )
            self.db.execute(
                "INSERT INTO results (run_id, finished_at, status, reason, result_json, error) "
                "VALUES (?, ?, ?, ?, ?, NULL)",
                (
                    run.id,
                    common.now(),
                    result.status.value,
                    result.reason.value if result.reason else None,
                    result.model_dump_json(),
                ),
            )
            self.db.execute(
                "UPDATE runs SET owner = NULL, lease_until = NULL, cancel_at = ?, cancel_by = ? "
                "WHERE id = ?",
                (common.now(), by, run.id),
            )
            self._heartbeat.forget(run.id)
        return Cancelled("cancelled", self.get_run(run.id))

    def cancel_requested(self, run_id: str) -> str | None:
        """Why the run is to end now, if someone asked to cancel it (`cancel`); None
        otherwise. The loop asks between steps (`sleuth.runtime.CancellableRecorder`)."""
        row = self.db.query_one("SELECT cancel_at, cancel_by FROM runs WHERE id = ?", (run_id,))
        if row is None or row["cancel_at"] is None:
            return None
        return _cancel_why(row["cancel_by"])

    def release(self, run_id: str) -> None:
        """Give up this store's lease on an unfinished run (it becomes ``interrupted``
        at once, for another process to claim)."""
        self._heartbeat.forget(run_id)
        self.db.execute(
            "UPDATE runs SET owner = NULL, lease_until = NULL WHERE id = ? AND owner = ?",
            (run_id, self.owner),
        )

    def _locked_run(self, run_id: str) -> dict[str, Any] | None:
        lock = " FOR UPDATE" if self.db.dialect == "postgresql" else ""
        return self.db.query_one(
            "SELECT id, owner, lease_until FROM runs WHERE id = ?" + lock, (run_id,)
        )

    def _own(self, run_id: str) -> None:
        self.db.execute(
            "UPDATE runs SET owner = ?, lease_until = ? WHERE id = ?",
            (self.owner, time.time() + LEASE_S, run_id),
        )
        self._heartbeat.keep(run_id)

    # -- reading ----------------------------------------------------------------------

    def list_runs(self, limit: int = 20, key_id: str | None = None) -> list[RunSummary]:
        """The newest ``limit`` runs, one summary row each (only ``key_id``'s, if given)."""
        mine, args = ("WHERE r.key_id = ? ", (key_id,)) if key_id is not None else ("", ())
        rows = self.db.query(
            _RUN_ROWS + mine + "ORDER BY r.created_at DESC, r.id DESC LIMIT ?", (*args, limit)
        )
        return [_summary(row) for row in rows]

    def page_runs(
        self, limit: int, before: str | None = None, key_id: str | None = None
    ) -> list[RunSummary] | None:
        """Up to ``limit`` runs, newest first, older than the run ``before`` (None if
        there is no such run), only ``key_id``'s when given (another key's run is no
        such run). Keyset paging: a page does not shift when new runs arrive."""
        if before is None:
            return self.list_runs(limit, key_id)
        mine, args = (" AND key_id = ?", (key_id,)) if key_id is not None else ("", ())
        anchor = self.db.query_one(
            "SELECT created_at, id FROM runs WHERE id = ?" + mine, (before, *args)
        )
        if anchor is None:
            return None
        rows = self.db.query(
            _RUN_ROWS
            + "WHERE (r.created_at < ? OR (r.created_at = ? AND r.id < ?))"
            + mine.replace("key_id", "r.key_id")
            + " ORDER BY r.created_at DESC, r.id DESC LIMIT ?",
            (anchor["created_at"], anchor["created_at"], anchor["id"], *args, limit),
        )
        return [_summary(row) for row in rows]

    def get_run(self, run_id: str) -> StoredRun | None:
        """The run with its steps, result and latest approval. ``run_id`` may be a unique,
        case-sensitive prefix."""
        run_id = run_id.strip()
        if not run_id:
            return None
        matches = self.db.query(
            "SELECT * FROM runs WHERE substr(id, 1, ?) = ? ORDER BY id LIMIT 2",
            (len(run_id), run_id),
        )
        if len(matches) != 1:
            return None
        run = matches[0]
        steps = self.db.query("SELECT * FROM steps WHERE run_id = ? ORDER BY idx", (run["id"],))
        end = self.db.query_one("SELECT * FROM results WHERE run_id = ?", (run["id"],))
        approval = approvals.latest(self.db, run["id"])
        waiting = approval is not None and approval["status"] == "pending"
        return StoredRun.model_validate(
            {
                "id": run["id"],
                "created_at": run["created_at"],
                "question": run["question"],
                "task": json.loads(run["task_json"]),
                "corpus": run["corpus"],
                "policy": run["policy"],
                "corpus_build": run["corpus_build"],
                "key_id": run["key_id"],
                "budgets": json.loads(run["budgets_json"]),
                "status": _status(
                    end["status"] if end else None, waiting, run["owner"], run["lease_until"]
                ),
                "error": end["error"] if end else None,
                "result": json.loads(end["result_json"]) if end and end["result_json"] else None,
                "steps": [_step_row(s) for s in steps],
                "approval": None if approval is None else approvals.approval_row(approval),
                "trace_id": run["trace_id"],
                # a run traced before migration 9 has its one id in runs only
                "trace_ids": self.trace_ids(run["id"]) or [t for t in [run["trace_id"]] if t],
            }
        )


def _cancel_why(by: str | None) -> str:
    return "the run was cancelled" + (f" (by {by})" if by else "")


# One summary row per run (`list_runs`, `page_runs`); a WHERE clause and ORDER BY follow.
_RUN_ROWS = (
    "SELECT r.id, r.created_at, r.question, r.corpus, r.policy, "
    "x.status AS ended, x.reason, r.owner, r.lease_until, "
    "(SELECT COUNT(*) FROM approvals a WHERE a.run_id = r.id AND a.status = 'pending') "
    "AS waiting, "
    "(SELECT COUNT(*) FROM steps s WHERE s.run_id = r.id) AS steps "
    "FROM runs r LEFT JOIN results x ON x.run_id = r.id "
)


def _summary(row: dict[str, Any]) -> RunSummary:
    status = _status(row["ended"], bool(row["waiting"]), row["owner"], row["lease_until"])
    return RunSummary.model_validate(
        {
            "id": row["id"],
            "created_at": row["created_at"],
            "question": row["question"],
            "corpus": row["corpus"],
            "policy": row["policy"],
            "status": status,
            "reason": row["reason"],
            "steps": row["steps"],
        }
    )


class StoreRecorder:
    """A store as one run's recorder (`sleuth.runtime.RunRecorder`) that remembers the
    run's id; a front end that also reports the run's progress extends it."""

    def __init__(self, store: RunStore, key_id: str | None = None) -> None:
        self.store, self.key_id = store, key_id
        self.run_id: str | None = None

    def start_run(self, state: RunState) -> None:
        self.run_id = state.run_id
        self.store.start_run(state, key_id=self.key_id)

    def append_step(self, run_id: str, step: Step) -> None:
        self.store.append_step(run_id, step)

    def finish_run(self, result: Result) -> None:
        self.store.finish_run(result)

    def fail_run(self, run_id: str, error: str) -> None:
        self.store.fail_run(run_id, error)

    def pause_run(self, pending: PendingAction) -> None:
        self.store.pause_run(pending)

    def release(self, run_id: str) -> None:
        self.store.release(run_id)

    def cancel_requested(self, run_id: str) -> str | None:
        """Whether someone asked to cancel the run (`sleuth runs cancel`, the HTTP API):
        the loop asks before each turn, whichever front end runs it."""
        return self.store.cancel_requested(run_id)


def _status(ended: str | None, waiting: bool, owner: str | None, lease: float | None) -> RunStatus:
    """A run's status: its result's, else ``awaiting_approval``, ``running`` (its lease
    is alive) or ``interrupted``."""
    if ended is not None:
        return RunStatus(ended)
    if waiting:
        return RunStatus.AWAITING_APPROVAL
    return RunStatus.RUNNING if lease_alive(owner, lease) else RunStatus.INTERRUPTED


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
