"""The PostgreSQL index (`sleuth.index.pg`) beside the folder (Tantivy) index, measured in
the same run on the same passages: recall@1/5/10, queries/s and build passages/s of
both, and their ratios (the issue 13 note's table).

    SLEUTH_BENCH_POSTGRES=postgresql://127.0.0.1/test python benchmarks/postgres_search_bench.py
    ... postgres_search_bench.py --synthetic 20000      # the shared data, then 20k pages
    ... postgres_search_bench.py --data DIR --json      # another copy of the shared data

The shared data is ``$SLEUTH_SHARED_DATA``, else ``../shared/data`` beside the checkout,
else ``/work/shared/data``; every file of it runs in the open setting (the union of all
its paragraphs as one corpus). Each engine runs in its own process (`sleuth.search_bench`,
as `sleuth bench search --engines sleuth,sleuth+postgres`); the index is built in a new
schema of that database, dropped after. Queries/s is ranking only (``search_urls``) with
the server on the same machine.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from sleuth import search_bench as bench
from sleuth.datasets import export_jsonl, load_dataset

SETS = (
    ("HotpotQA", "hotpotqa", "hotpotqa-train100-distractor.json"),
    ("MuSiQue", "musique", "musique-ans-train100.json"),
    ("SQuAD Rhine", "squad2", "squad2-dev-rhine.json"),
    ("SQuAD Normans", "squad2", "squad2-dev-normans.json"),
)
ENGINES = ("sleuth", "sleuth+postgres")


def shared_data() -> Path:
    root = os.environ.get("SLEUTH_SHARED_DATA")
    if root:
        return Path(root)
    beside = Path(__file__).resolve().parents[1].parent / "shared" / "data"
    return beside if beside.is_dir() else Path("/work/shared/data")


def measure(name: str, pages: Path, queries: Path, min_seconds: float) -> dict[str, Any]:
    report = bench.run_bench(pages, queries, ENGINES, min_query_seconds=min_seconds)
    by = {r.engine: r for r in report.results}
    folder, pg = by["sleuth"], by["sleuth+postgres"]

    def recall(r: bench.EngineResult) -> list[float | None]:
        return [None if v is None else round(100 * v, 1) for v in r.recall.values()]

    return {
        "data": name,
        "passages": pg.passages,
        "tantivy_recall": recall(folder),
        "postgres_recall": recall(pg),
        "tantivy_qps": round(folder.qps, 1),
        "postgres_qps": round(pg.qps, 1),
        "qps_tantivy_over_postgres": round(folder.qps / pg.qps, 2) if pg.qps else None,
        "recall@10_points": round(100 * ((pg.recall["10"] or 0) - (folder.recall["10"] or 0)), 1),
        "tantivy_build_passages_per_s": round(folder.passages_per_s),
        "postgres_build_passages_per_s": round(pg.passages_per_s),
    }


def table(rows: list[dict[str, Any]]) -> str:
    def r(values: list[float | None]) -> str:
        return " / ".join("-" if v is None else f"{v:.1f}" for v in values)

    lines = [
        "| data (passages) | Tantivy R@1/5/10 | Postgres R@1/5/10 | R@10 diff | Tantivy q/s "
        "| Postgres q/s | Tantivy ÷ Postgres q/s | build pass/s Tantivy / Postgres |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        lines.append(
            f"| {row['data']} ({row['passages']:,}) | {r(row['tantivy_recall'])} "
            f"| {r(row['postgres_recall'])} | {row['recall@10_points']:+.1f} "
            f"| {row['tantivy_qps']:,.0f} | {row['postgres_qps']:,.0f} "
            f"| {row['qps_tantivy_over_postgres']}× "
            f"| {row['tantivy_build_passages_per_s']:,} "
            f"/ {row['postgres_build_passages_per_s']:,} |"
        )
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=None, help="the shared data folder")
    parser.add_argument("--synthetic", type=int, default=0, help="also N synthetic pages")
    parser.add_argument("--min-query-seconds", type=float, default=2.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not os.environ.get(bench.POSTGRES_ENV):
        print(f"set {bench.POSTGRES_ENV}=postgresql://HOST/DB", file=sys.stderr)
        return 2
    data = args.data or shared_data()
    rows = []
    with tempfile.TemporaryDirectory(prefix="pg-bench-") as tmp:
        work = Path(tmp)
        for name, kind, file in SETS:
            if not (data / file).is_file():
                print(f"skipped {name}: no {data / file}", file=sys.stderr)
                continue
            pages, queries = work / f"{file}.pages.jsonl", work / f"{file}.queries.jsonl"
            export_jsonl(load_dataset(f"{kind}:{data / file}", setting="open"), pages, queries)
            rows.append(measure(name, pages, queries, args.min_query_seconds))
            print(f"measured {name}", file=sys.stderr)
        if args.synthetic:
            pages, queries = work / "synthetic.pages.jsonl", work / "synthetic.queries.jsonl"
            bench.synthesize(args.synthetic, pages, queries)
            rows.append(measure("synthetic", pages, queries, args.min_query_seconds))
    print(json.dumps(rows, indent=2) if args.json else table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
