"""The ingest benchmark runs end to end on a tiny generated folder (structure only)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "ingest_bench.py"


def test_ingest_bench_reports_rates(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("ingest_bench", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--files", "24", "--repeat", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["documents"] == 24 and result["skipped"] == 0
    assert result["passages"] >= 24
    assert result["sleuth"]["documents_per_s"] > 0
    assert result["plain_tantivy"]["documents_per_s"] > 0


def test_ingest_bench_against_a_revision(capsys: pytest.CaptureFixture[str]) -> None:
    root = SCRIPT.parents[1]
    if not (root / ".git").exists():
        pytest.skip("not a git checkout")
    spec = importlib.util.spec_from_file_location("ingest_bench", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    argv = ["--kind", "markdown", "--files", "6", "--repeat", "1", "--against", "HEAD", "--json"]
    for warm in ([], ["--warm"]):  # cold, and after a warm-up ingest in each process
        assert module.main(argv + warm) == 0
        result = json.loads(capsys.readouterr().out)
        against = result["against"]
        assert against["rev"] == "HEAD" and against["old"]["documents"] == 6
        assert against["new"]["documents"] == 6 and against["cpu_ratio"] > 0
        assert against["warm"] is bool(warm)


def test_ingest_dump_is_the_same_twice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The dump that proves a speed-up changed no output: every stored row, the same on
    every run over the same folder."""
    monkeypatch.syspath_prepend(str(SCRIPT.parent))
    import ingest_bench  # type: ignore[import-not-found]
    import ingest_dump  # type: ignore[import-not-found]

    ingest_bench.generate(tmp_path, 12)
    first, second = ingest_dump.dump(tmp_path), ingest_dump.dump(tmp_path)
    assert first == second
    assert any(line.startswith('{"passage": ') for line in first)
    assert all(str(tmp_path.resolve()) not in line for line in first if '"doc"' not in line)
