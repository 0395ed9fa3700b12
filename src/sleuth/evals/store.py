"""Eval runs in the runs store, beside the runs their cases link to (the ``evals`` and
``eval_cases`` tables of `sleuth.store.schema`)."""

from __future__ import annotations

import json
from typing import Any

from sleuth.store import RunStore, common


class EvalStore:
    """Eval runs in the same store as the runs they link to."""

    def __init__(self, runs: RunStore) -> None:
        self.runs = runs

    def start(self, eval_id: str, suite: str, policy: str) -> None:
        self.runs.db.execute(
            "INSERT INTO evals (id, created_at, suite, policy, summary_json) "
            "VALUES (?, ?, ?, ?, NULL)",
            (eval_id, common.now(), suite, policy),
        )

    def add_case(self, eval_id: str, index: int, record: dict[str, Any]) -> None:
        self.runs.db.execute(
            "INSERT INTO eval_cases (eval_id, idx, case_id, run_id, passed, failure, "
            "record_json) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                eval_id,
                index,
                record["case_id"],
                record.get("run_id"),
                int(record["passed"]),
                record.get("failure"),
                common.to_json(record),
            ),
        )

    def finish(self, eval_id: str, summary: dict[str, Any]) -> None:
        self.runs.db.execute(
            "UPDATE evals SET summary_json = ? WHERE id = ?", (common.to_json(summary), eval_id)
        )

    def get(self, eval_id: str) -> dict[str, Any] | None:
        eval_id = eval_id.strip()
        if not eval_id:
            return None
        rows = self.runs.db.query(
            "SELECT * FROM evals WHERE substr(id, 1, ?) = ? ORDER BY id LIMIT 2",
            (len(eval_id), eval_id),
        )
        if len(rows) != 1:
            return None
        row = rows[0]
        cases = self.runs.db.query(
            "SELECT record_json FROM eval_cases WHERE eval_id = ? ORDER BY idx", (row["id"],)
        )
        return {
            "id": row["id"],
            "created_at": row["created_at"],
            "suite": row["suite"],
            "policy": row["policy"],
            "summary": json.loads(row["summary_json"]) if row["summary_json"] else None,
            "cases": [json.loads(c["record_json"]) for c in cases],
        }

    def list(self, limit: int = 20) -> list[dict[str, Any]]:
        return self.runs.db.query(
            "SELECT e.id, e.created_at, e.suite, e.policy,"
            " CASE WHEN e.summary_json IS NULL THEN 0 ELSE 1 END AS done,"
            " (SELECT COUNT(*) FROM eval_cases c WHERE c.eval_id = e.id) AS cases,"
            " (SELECT SUM(passed) FROM eval_cases c WHERE c.eval_id = e.id) AS passed "
            "FROM evals e ORDER BY e.created_at DESC, e.id DESC LIMIT ?",
            (limit,),
        )
