"""The model-concurrency benchmark runs end to end (tiny sizes; its numbers are not
checked here: performance is measured by running it, not asserted in tests)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("openai")

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "model_concurrency.py"


def test_the_model_benchmark_completes_every_run_and_reports_its_baselines() -> None:
    args = ["--runs", "4", "--latency", "0.01", "--repeat", "1", "--json"]
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["completed_ok"] == report["runs"] == 4
    assert report["transport"] == "aiohttp"
    for key in (
        "fraction_of_ideal",
        "cold_fraction_of_ideal",
        "sdk_only_fraction_of_ideal",
        "httpx2_fraction_of_ideal",
        "client_cpu_ms_per_call",
        "overhead_ms_per_step_no_store",
        "overhead_ms_per_step_sqlite_store",
        "peak_traced_kib_per_run",
    ):
        assert report[key] > 0, key
