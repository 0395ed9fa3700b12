"""Reading files in worker processes (`sleuth.ingest.parallel`) stores exactly what
reading them inline does, problems included, in the same order."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sleuth.ingest import parallel

SCRIPTS = Path(__file__).resolve().parents[1] / "benchmarks"


def _dump(folder: Path, monkeypatch: pytest.MonkeyPatch, workers: str) -> list[str]:
    monkeypatch.syspath_prepend(str(SCRIPTS))
    import ingest_dump  # type: ignore[import-not-found]

    monkeypatch.setenv(parallel.WORKERS_ENV, workers)
    lines: list[str] = ingest_dump.dump(folder)
    return lines


@pytest.mark.subprocess
@pytest.mark.skipif(
    "fork" not in __import__("multiprocessing").get_all_start_methods(), reason="no fork here"
)
def test_workers_store_what_reading_inline_stores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(SCRIPTS))
    import ingest_bench  # type: ignore[import-not-found]

    ingest_bench.generate(tmp_path, parallel.MIN_FILES + 8)
    (tmp_path / "broken.md").write_bytes(b"# Broken\n\n\xff\xfe not UTF-8 \xc3\x28\n")
    (tmp_path / "empty.rst").write_text("   \n", encoding="utf-8")
    pooled_reads: list[int] = []
    real_read = parallel.ReadPool.read

    def counted(self: parallel.ReadPool, files: Any) -> Any:
        listed = list(files)
        pooled_reads.append(len(listed))
        return real_read(self, listed)

    monkeypatch.setattr(parallel.ReadPool, "read", counted)
    # a thread another test left running would keep the workers off
    monkeypatch.setattr(parallel.threading, "active_count", lambda: 1)
    inline = _dump(tmp_path, monkeypatch, "1")
    assert pooled_reads == []  # read here
    pooled = _dump(tmp_path, monkeypatch, "2")
    assert pooled_reads == [parallel.MIN_FILES + 8 + 2]  # every file read by the workers
    assert pooled == inline
    report = inline[0]
    assert "broken.md" in report and "empty.rst" in report  # the problems, said the same
    assert sum(line.startswith('{"passage": ') for line in inline) > parallel.MIN_FILES


def test_how_many_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    threads = [1]  # how many threads the process runs (other tests may leave some)
    monkeypatch.setattr(parallel.threading, "active_count", lambda: threads[0])
    monkeypatch.delenv(parallel.WORKERS_ENV, raising=False)
    assert parallel.workers_for(parallel.MIN_FILES - 1) == 1  # too few to fork for
    many = parallel.workers_for(10 * parallel.MIN_FILES)
    assert 1 <= many <= parallel.MAX_WORKERS
    monkeypatch.setenv(parallel.WORKERS_ENV, "3")
    assert parallel.workers_for(1) == 3  # asked for: whatever the count
    monkeypatch.setenv(parallel.WORKERS_ENV, "99")
    assert parallel.workers_for(1) == parallel.MAX_WORKERS
    monkeypatch.setenv(parallel.WORKERS_ENV, "many")
    assert parallel.workers_for(10_000) == 1  # not a number: read inline
    threads[0] = 2  # a server's thread, say: never forked, whatever is asked
    monkeypatch.setenv(parallel.WORKERS_ENV, "3")
    assert parallel.workers_for(10_000) == 1
    monkeypatch.delenv(parallel.WORKERS_ENV)
    assert parallel.workers_for(10_000) == 1


def test_files_worth_reading_in_workers() -> None:
    even = [parallel.MIN_BYTES // parallel.MIN_FILES + 1] * parallel.MIN_FILES
    assert parallel.worth_pooling(even)
    assert not parallel.worth_pooling(even[:-1])  # too few
    # one file of half the bytes (FastAPI's release notes): the rest would wait for it
    assert not parallel.worth_pooling([*even, sum(even)])
    assert not parallel.worth_pooling([0] * parallel.MIN_FILES)
    # a small folder (a docs folder of 40 pages) costs more to fork for than it saves,
    # unless workers are asked for
    small = [4000] * (parallel.MIN_FILES + 8)
    assert not parallel.worth_pooling(small)
    assert parallel.worth_pooling(small, asked=True)
    assert not parallel.worth_pooling([*small, sum(small)], asked=True)


def test_workers_are_asked_for_by_a_number_above_one(monkeypatch: pytest.MonkeyPatch) -> None:
    for value, asked in (("2", True), ("4", True), ("1", False), ("", False), ("x", False)):
        monkeypatch.setenv(parallel.WORKERS_ENV, value)
        assert parallel.asked_for() is asked, value
    monkeypatch.delenv(parallel.WORKERS_ENV)
    assert parallel.asked_for() is False
