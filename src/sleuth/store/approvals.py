"""Approvals and the outbox: side-effecting calls waiting for (or decided by) a person,
one row per call in the ``approvals`` table, and the outbox their effects write to (one
item per idempotency key). `sleuth.store.RunStore` calls these inside its transactions,
holding the run's row; it keeps the leases."""

from __future__ import annotations

import json
from typing import Any

from sleuth.effects import PendingAction
from sleuth.store import common
from sleuth.store.db import Database


def insert_pending(db: Database, pending: PendingAction) -> None:
    """Keep a side-effecting call for a person to decide."""
    db.execute(
        "INSERT INTO approvals (run_id, step, tool, action_json, status, requested_at) "
        "VALUES (?, ?, ?, ?, 'pending', ?)",
        (
            pending.run_id,
            pending.step,
            pending.tool,
            common.to_json(pending.to_json()),
            pending.requested_at,
        ),
    )


def latest(db: Database, run_id: str) -> dict[str, Any] | None:
    """The run's newest approval row (the one a decision is about), if any."""
    return db.query_one(
        "SELECT * FROM approvals WHERE run_id = ? ORDER BY step DESC LIMIT 1", (run_id,)
    )


def waiting(db: Database, run_id: str) -> bool:
    """Whether a call of the run waits for a person."""
    row = db.query_one(
        "SELECT 1 AS x FROM approvals WHERE run_id = ? AND status = 'pending'", (run_id,)
    )
    return row is not None


def decide(
    db: Database, run_id: str, approved: bool, note: str | None, step: int | None, by: str | None
) -> dict[str, Any] | str:
    """Inside a transaction holding the run's row: decide its pending call, at most once
    (see `sleuth.store.RunStore.decide` for the answers)."""
    approval = latest(db, run_id)
    ended = db.query_one("SELECT 1 AS x FROM results WHERE run_id = ?", (run_id,))
    if approval is None or (ended is not None and approval["status"] in ("pending", "cancelled")):
        return "not_awaiting_approval"
    if step is not None and step != approval["step"]:
        return "stale"
    if approval["status"] != "pending":
        return "already_decided"
    status = "approved" if approved else "rejected"
    decided_at = common.now()
    changed = db.execute(
        "UPDATE approvals SET status = ?, decided_at = ?, note = ?, decided_by = ? "
        "WHERE run_id = ? AND step = ? AND status = 'pending'",
        (status, decided_at, note, by, run_id, approval["step"]),
    )
    if changed != 1:  # pragma: no cover - the row is locked by the caller
        return "already_decided"
    decided = {"status": status, "decided_at": decided_at, "note": note, "decided_by": by}
    return {**approval_row(approval), **decided}


def approval_row(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "action": json.loads(row["action_json"]),
        "status": row["status"],
        "requested_at": row["requested_at"],
        "decided_at": row["decided_at"],
        "note": row["note"],
        "decided_by": row["decided_by"],
    }


class StoreOutbox:
    """The outbox in the runs store: published briefs, one per idempotency key."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def put(self, key: str, run_id: str, tool: str, payload: dict[str, Any]) -> dict[str, Any]:
        """Write ``payload`` under ``key`` unless an item has that key; the item either
        way (so applying an effect twice writes it once)."""
        with self.db.transaction():
            self.db.execute(
                "INSERT INTO outbox (item_key, run_id, tool, payload_json, created_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (item_key) DO NOTHING",
                (key, run_id, tool, common.to_json(payload), common.now()),
            )
            row = self.db.query_one("SELECT * FROM outbox WHERE item_key = ?", (key,))
        assert row is not None
        return _outbox_item(row)

    def items(self, run_id: str | None = None, limit: int = 100) -> list[dict[str, Any]]:
        """Items, oldest first (of one run, if given)."""
        if run_id is None:
            rows = self.db.query(
                "SELECT * FROM outbox ORDER BY created_at, item_key LIMIT ?", (limit,)
            )
        else:
            rows = self.db.query(
                "SELECT * FROM outbox WHERE run_id = ? ORDER BY created_at, item_key LIMIT ?",
                (run_id, limit),
            )
        return [_outbox_item(row) for row in rows]


def _outbox_item(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "key": row["item_key"],
        "run_id": row["run_id"],
        "tool": row["tool"],
        "payload": json.loads(row["payload_json"]),
        "created_at": row["created_at"],
    }
