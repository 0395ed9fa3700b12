"""Search benchmark: sleuth's on-disk index (Tantivy + SQLite page store) against plain
Tantivy and the bm25s and rank_bm25 baselines on the same passages (see
`sleuth.search_bench` for what is measured and how).

    pip install -e '.[bench]'
    python benchmarks/search_bench.py --corpus PAGES.jsonl --queries QUERIES.jsonl [--json]
    python benchmarks/search_bench.py \
        --dataset hotpotqa:../shared/data/hotpotqa-train100-distractor.json
    python benchmarks/search_bench.py --synthetic 300000 [--rank-bm25-max 50000]
    python benchmarks/search_bench.py --synthetic 1000000 --engines sleuth,tantivy  # build speed
    python benchmarks/search_bench.py --shared-data  # every file in ../shared/data, open setting

    pip install -e '.[embeddings]'   # hybrid search, as the engine sleuth+dense
    python benchmarks/search_bench.py --shared-data --engines sleuth,sleuth+dense

The same command is `sleuth bench search ...`. Each engine runs in its own process.
"""

from __future__ import annotations

import sys
from pathlib import Path

from sleuth.cli_corpus import bench_search

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
SHARED_SETS = {
    "squad2": "squad2-dev-normans.json",
    "hotpotqa": "hotpotqa-train100-distractor.json",
    "musique": "musique-ans-train100.json",
}


def main(argv: list[str]) -> int:
    if "--shared-data" in argv:
        rest = [a for a in argv if a != "--shared-data"]
        if not SHARED.is_dir():
            print(f"no shared data at {SHARED}", file=sys.stderr)
            return 2
        code = 0
        for kind, name in SHARED_SETS.items():
            if (SHARED / name).is_file():
                code |= _run(["--dataset", f"{kind}:{SHARED / name}", *rest])
        return code
    return _run(argv)


def _run(argv: list[str]) -> int:
    try:
        bench_search.main(args=argv, prog_name="search_bench", standalone_mode=False)
    except SystemExit as exc:  # pragma: no cover - click's own exits
        return int(exc.code or 0)
    except Exception as exc:
        format_message = getattr(exc, "format_message", None)
        message = format_message() if callable(format_message) else str(exc)
        print(f"search_bench: error: {message}", file=sys.stderr)
        return int(getattr(exc, "exit_code", 1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
