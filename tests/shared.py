"""Where the shared data lives for the tests: ``$SLEUTH_SHARED_DATA``, else ``../shared/data``
beside this checkout, else the workplace's ``/work/shared/data`` (for a clone made
elsewhere). Tests that need a file of it skip, naming it, when it is absent."""

from __future__ import annotations

import os
from collections.abc import Generator
from pathlib import Path
from typing import Any

from sleuth.result import Result
from sleuth.state import Step


def _find() -> Path:
    root = os.environ.get("SLEUTH_SHARED_DATA")
    if root:
        return Path(root)
    beside = Path(__file__).resolve().parents[1].parent / "shared" / "data"
    return beside if beside.is_dir() else Path("/work/shared/data")


SHARED_DATA = _find()


def trajectory(gen: Generator[Step, Any, Any]) -> tuple[list[Step], Result]:
    """A run's steps, in order, and its result (a run of these tests never pauses)."""
    steps: list[Step] = []
    while True:
        try:
            steps.append(next(gen))
        except StopIteration as stop:
            assert isinstance(stop.value, Result)
            return steps, stop.value


def run_over_pages(tmp_path: Path, pages: list[Path], question: str) -> tuple[list[Step], Result]:
    """The default offline policy's run of ``question`` over an index of ``pages``, copied
    into a folder of ``tmp_path`` and indexed as a user would (`sleuth index`)."""
    import shutil

    from click.testing import CliRunner

    from sleuth import OfflinePolicy, Task
    from sleuth.cli_corpus import index_command
    from sleuth.index import open_index
    from sleuth.runtime import run_steps

    docs = tmp_path / "docs"
    docs.mkdir()
    for page in pages:
        shutil.copy(page, docs)
    outcome = CliRunner().invoke(index_command, [str(docs), "--index", str(tmp_path / "idx")])
    assert outcome.exit_code == 0, outcome.output
    index = open_index(tmp_path / "idx")
    try:
        return trajectory(run_steps(Task(question), index, OfflinePolicy()))
    finally:
        index.close()
