"""Where the shared data lives for the tests: ``$SLEUTH_SHARED_DATA``, else ``../shared/data``
beside this checkout, else the workplace's ``/work/shared/data`` (for a clone made
elsewhere). Tests that need a file of it skip, naming it, when it is absent."""

from __future__ import annotations

import os
from pathlib import Path


def _find() -> Path:
    root = os.environ.get("SLEUTH_SHARED_DATA")
    if root:
        return Path(root)
    beside = Path(__file__).resolve().parents[1].parent / "shared" / "data"
    return beside if beside.is_dir() else Path("/work/shared/data")


SHARED_DATA = _find()
