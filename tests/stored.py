"""Stored runs as their JSON, for tests that check what the CLI and the API print: the
store returns typed models (`sleuth.store.StoredRun`, `RunSummary`), whose ``to_json``
is that output field for field."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sleuth.store import RunStore, RunSummary


def run_json(store: RunStore, run_id: str) -> dict[str, Any] | None:
    """`RunStore.get_run` as JSON (None: no such run)."""
    run = store.get_run(run_id)
    return None if run is None else run.to_json()


def runs_json(rows: Sequence[RunSummary] | None) -> list[dict[str, Any]]:
    """Rows of `RunStore.list_runs` / `page_runs` as JSON (None: no rows)."""
    return [row.to_json() for row in rows or ()]
