"""The runs store: every run in SQLite (a file, the default) or PostgreSQL, written as it
goes; the CLI and the service render runs from its rows, so what is printed and what is
stored never diverge.

    db.py         the database under it: SQLite or PostgreSQL, one API for both dialects
    schema.py     the tables, as a plain list of migrations (`MIGRATIONS`)
    runs.py       `RunStore`: runs and their steps and results, written and read
    models.py     what it reads back, typed: `StoredRun`, `RunSummary`, `RunStatus`
    leases.py     which process owns a run (its lease, renewed by a heartbeat)
    approvals.py  side-effecting calls waiting for a person, and the outbox
    keys.py       API keys for `sleuth serve`, kept as SHA-256 hashes
    researches.py the researches of `sleuth mcp` (open_page / check_finish), as replayable calls
    common.py     timestamps and JSON columns, written the same way everywhere

Every statement goes through `sleuth.store.db.Database`, written once for both
dialects; nothing outside this package writes SQL but the eval runs' tables
(`sleuth.evals.store`) and the search index (`sleuth.index.pg`). Both backends run the
same tests (``tests/test_store.py``).
"""

from __future__ import annotations

from sleuth.store.approvals import StoreOutbox
from sleuth.store.db import Database, StoreError
from sleuth.store.keys import ApiKey, KeyStore
from sleuth.store.leases import LEASE_S, LeaseLost
from sleuth.store.models import (
    THINKING,
    ApprovalStatus,
    RunStatus,
    RunSummary,
    StoredApproval,
    StoredRun,
    StoredStep,
)
from sleuth.store.runs import Cancelled, RunStore, StoreRecorder, default_db_path
from sleuth.store.schema import MIGRATIONS

__all__ = [
    "LEASE_S",
    "MIGRATIONS",
    "THINKING",
    "ApiKey",
    "ApprovalStatus",
    "Cancelled",
    "Database",
    "KeyStore",
    "LeaseLost",
    "RunStatus",
    "RunStore",
    "RunSummary",
    "StoreError",
    "StoreOutbox",
    "StoreRecorder",
    "StoredApproval",
    "StoredRun",
    "StoredStep",
    "default_db_path",
]
