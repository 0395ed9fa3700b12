"""The database under the runs store, now `sleuth.store.db`; this name stays for the
modules that import it from here."""

from __future__ import annotations

from sleuth.store.db import (
    INSTALL_HINT,
    Database,
    Migration,
    Row,
    StoreError,
    describe,
    is_url,
    parse_target,
    redact_url,
    to_pyformat,
)

__all__ = [
    "INSTALL_HINT",
    "Database",
    "Migration",
    "Row",
    "StoreError",
    "describe",
    "is_url",
    "parse_target",
    "redact_url",
    "to_pyformat",
]
