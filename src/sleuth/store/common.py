"""What every part of the store writes the same way: timestamps and JSON columns."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel


def now() -> str:
    """The time a row is written: UTC, ISO 8601, to the millisecond."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def to_json(value: Any) -> str:
    """A JSON column's text (pydantic models dumped as JSON, anything else as ``str``)."""

    def default(obj: Any) -> Any:
        if isinstance(obj, BaseModel):
            return obj.model_dump(mode="json")
        return str(obj)

    return json.dumps(value, ensure_ascii=False, default=default)
