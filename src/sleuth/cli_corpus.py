"""Commands for user corpora: ``sleuth index``, ``sleuth search`` and ``sleuth bench search``.

Register them on the main group with one line each::

    cli.add_command(index_command)    # sleuth index PATH... --index DIR
    cli.add_command(search_command)   # sleuth search QUERY [--index DIR | --corpus NAME|PATH]
    cli.add_command(bench)            # sleuth bench search --corpus PAGES --queries QUERIES

Errors are one line and exit 2 (usage: bad paths, malformed files under --strict,
missing extras) or 1 (anything else sleuth raised on purpose), with no traceback,
both under ``sleuth.cli.main`` and when the commands run on their own.
"""

from __future__ import annotations

import functools
import json
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import click
from rich.console import Console

from sleuth.cli_common import run_defaults
from sleuth.corpus import DEFAULT_CORPUS, Corpus, load_corpus
from sleuth.db import parse_target
from sleuth.errors import SleuthError, UsageError
from sleuth.ingest import MAX_FILE_BYTES, IngestReport, ingest
from sleuth.search import Hit, SearchIndex, index_for
from sleuth.untrusted import printable

P = ParamSpec("P")
R = TypeVar("R")

PROGRESS_MIN_BYTES = 16 * 1024 * 1024


class CommandFailed(click.ClickException):
    """A `SleuthError` as a click error: one line, exit 1 (an internal error)."""

    exit_code = 1


class UsageFailed(CommandFailed):
    """A usage error as a click error: one line, exit 2."""

    exit_code = 2


def _one_line_errors(fn: Callable[P, R]) -> Callable[P, R]:
    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except UsageError as exc:
            raise UsageFailed(str(exc)) from None
        except SleuthError as exc:
            raise CommandFailed(str(exc)) from None

    return wrapper


class IndexTarget(click.Path):
    """``--index``: a folder (a `Path`) or a ``postgresql://`` URL, kept as text because a
    `Path` folds its ``//`` (a socket URL, ``postgresql:///db``, would lose its database)."""

    name = "dir|url"

    def __init__(self) -> None:
        super().__init__(path_type=Path)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            target = parse_target(value)
        except UsageError as exc:
            self.fail(str(exc), param, ctx)
        return target if isinstance(target, str) else super().convert(value, param, ctx)


index_option = click.option(
    "--index",
    "index_dir",
    type=IndexTarget(),
    default=None,
    help="An on-disk search index (a folder built by `sleuth index`, or a postgresql:// URL).",
)


def open_corpus(
    corpus: str | None, index_dir: str | Path | None, corpus_given: bool = True
) -> tuple[Corpus, SearchIndex | None]:
    """What ``--corpus`` / ``--index`` name, for a run: a built-in or file corpus (its
    index is built in memory by the runtime: None), or an on-disk index as an
    `IndexedCorpus` that is also its own search index. Both given is a usage error
    (``corpus_given`` says whether ``--corpus`` was typed rather than defaulted)."""
    if index_dir is not None:
        if corpus is not None and corpus_given:
            raise UsageError("give --index or --corpus, not both")
        from sleuth.index import open_index

        indexed = open_index(index_dir).corpus()
        return indexed, indexed
    if corpus is not None and not corpus.strip():
        raise UsageError("--corpus needs a built-in name or a file; it was empty")
    return load_corpus(corpus or DEFAULT_CORPUS), None


# --- sleuth index ------------------------------------------------------------------------------


@click.command("index")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "--index",
    "index_dir",
    required=True,
    type=IndexTarget(),
    help="The index folder, or a postgresql://HOST/DB?schema=NAME URL (created if new; "
    "updated incrementally if it exists).",
)
@click.option(
    "--base-url",
    metavar="URL",
    default=None,
    help="URL prefix for files in folders (default: file:// + absolute path).",
)
@click.option(
    "--strict",
    is_flag=True,
    help="Stop at the first file that cannot be read (any reason) and write nothing.",
)
@click.option(
    "--max-file-mb",
    type=click.FloatRange(min=0, min_open=True),
    default=MAX_FILE_BYTES / (1024 * 1024),
    show_default=True,
    help="Skip files (JSONL: lines) larger than this.",
)
@click.option(
    "--embeddings/--no-embeddings",
    default=None,
    help="Hybrid search: keep a dense vector per passage and fuse it with BM25 (needs "
    "pip install 'sleuth[embeddings]'; slow to build). Default: as the index has it.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the counts as JSON.")
@_one_line_errors
def index_command(
    paths: tuple[Path, ...],
    index_dir: str | Path,
    base_url: str | None,
    strict: bool,
    max_file_mb: float,
    embeddings: bool | None,
    as_json: bool,
) -> None:
    """Index PATH... (JSON/JSONL corpora; folders of Markdown/MDX, reStructuredText, HTML,
    text, notebooks, PDF and DOCX files) into --index DIR. Unchanged files are skipped;
    changed ones replaced; deleted ones removed; every file not read is reported, and
    when nothing at all could be read the exit code is 1."""
    with _Progress(enabled=not as_json) as progress:
        report = ingest(
            paths,
            index_dir,
            base_url=base_url,
            strict=strict,
            max_file_bytes=int(max_file_mb * 1024 * 1024),
            on_progress=progress.update,
            embeddings=embeddings,
        )
    if as_json:
        click.echo(json.dumps({"index": _index_name(index_dir), **report.as_dict()}, indent=2))
    else:
        _print_report(index_dir, report)
    read = report.added + report.updated + report.unchanged
    if read == 0 and report.problems:
        # a folder with files and not one document from them: say so, and fail
        click.echo(
            "error: nothing was indexed: every file was skipped "
            f"({len({p.file for p in report.problems})}; reasons above)",
            err=True,
        )
        raise click.exceptions.Exit(1)


#: Problems printed one a line before the rest are only counted (--json lists them all).
SHOWN_PROBLEMS = 20


def _index_name(index_dir: str | Path) -> str:
    """The index as messages name it (a URL with its password hidden)."""
    from sleuth.index.pg import display_name

    return display_name(index_dir)


def _print_report(index_dir: str | Path, report: IngestReport) -> None:
    files = len({p.file for p in report.problems})
    click.echo(
        f"{_index_name(index_dir)}: added {report.added}, updated {report.updated}, removed "
        f"{report.removed}, unchanged {report.unchanged}, skipped {files} "
        f"file{'' if files == 1 else 's'} ({report.documents} documents, "
        f"{report.passages} passages; {report.elapsed_s:.2f} s)"
    )
    for line in report.repaired:
        click.echo(f"repaired {_index_name(index_dir)}: {line}", err=True)
    for problem in report.problems[:SHOWN_PROBLEMS]:
        click.echo(f"skipped {problem}", err=True)
    if len(report.problems) > SHOWN_PROBLEMS:
        reasons = Counter(_reason(p.message) for p in report.problems[SHOWN_PROBLEMS:])
        summary = ", ".join(f"{n} {reason}" for reason, n in reasons.most_common())
        click.echo(
            f"skipped {len(report.problems) - SHOWN_PROBLEMS} more: {summary} (--json lists "
            "them all)",
            err=True,
        )
    for warning in report.warnings:
        click.echo(f"warning {warning}", err=True)
    if report.ignored:
        click.echo(
            f"ignored {len(report.ignored)} hidden, site settings or partial files and folders "
            "(--json lists them)",
            err=True,
        )


def _reason(message: str) -> str:
    """A problem's kind, for counting: its message up to the first colon or bracket."""
    return message.split(":", 1)[0].split(" (", 1)[0]


class _Progress:
    """A rich progress bar on stderr for large ingests, only when stderr is a terminal."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled and sys.stderr.isatty()
        self._bar: Any = None
        self._task: Any = None

    def __enter__(self) -> _Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()

    def update(self, done: int, total: int) -> None:
        if not self.enabled or total < PROGRESS_MIN_BYTES:
            return
        if self._bar is None:
            from rich.progress import (
                BarColumn,
                DownloadColumn,
                Progress,
                TextColumn,
                TimeRemainingColumn,
            )

            self._bar = Progress(
                TextColumn("indexing"),
                BarColumn(),
                DownloadColumn(),
                TimeRemainingColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            self._bar.start()
            self._task = self._bar.add_task("indexing", total=total)
        self._bar.update(self._task, completed=done)


# --- sleuth search -----------------------------------------------------------------------------


@click.command("search")
@click.argument("query")
@index_option
@click.option(
    "--corpus",
    default=None,
    help=f"A built-in corpus or a JSON/JSONL file (default: {DEFAULT_CORPUS}).",
)
@click.option("-k", "k", type=click.IntRange(min=1, max=100), default=5, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the hits as JSON.")
@_one_line_errors
def search_command(
    query: str, index_dir: str | Path | None, corpus: str | None, k: int, as_json: bool
) -> None:
    """Show what the agent's search returns for QUERY: url, title, snippet and score.
    Searches the configured index or corpus (as `sleuth ask` does) unless --index or
    --corpus is given."""
    if not query.strip():
        raise UsageError("the query is empty")
    if index_dir is not None and corpus is not None:
        raise UsageError("give --index or --corpus, not both")
    if index_dir is None and corpus is None:
        configured = run_defaults(click.get_current_context(), source=True)
        index_dir = configured.get("index_dir")
        corpus = configured.get("corpus")
    links: dict[str, tuple[str, ...]] = {}  # a hit's document's link targets (an index)
    if index_dir is not None:
        from sleuth.index import open_index

        with open_index(index_dir) as opened:
            hits = opened.search(query, k)
            if as_json:
                for hit in hits:
                    stored = opened.passage(hit.url)
                    if stored is not None and stored.doc.links:
                        links[hit.url] = stored.doc.links
        source = f"index {_index_name(index_dir)}"
    else:
        name = corpus or DEFAULT_CORPUS
        if Path(name).is_dir():
            raise UsageError(
                f"{name}: is a folder; index it with `sleuth index {name} --index DIR`"
            )
        searcher: SearchIndex = index_for(load_corpus(name))
        hits = searcher.search(query, k)
        source = f"corpus {name}"
    if as_json:
        found = _hits(hits)
        for row in found:
            if row["url"] in links:
                row["links"] = list(links[row["url"]])
        click.echo(json.dumps({"query": query, "source": source, "hits": found}, indent=2))
        return
    if not hits:
        click.echo(f"no results for {query!r} in {source}")
        return
    for n, hit in enumerate(hits, start=1):
        click.echo(f"{n:>2}. {printable(hit.title)}  (score {hit.score:.2f})")
        click.echo(f"    {printable(hit.url)}")
        click.echo(f"    {printable(hit.snippet)}")


def _hits(hits: list[Hit]) -> list[dict[str, Any]]:
    return [
        {"url": h.url, "title": h.title, "snippet": h.snippet, "score": round(h.score, 4)}
        for h in hits
    ]


# --- sleuth bench search -----------------------------------------------------------------------


@click.group("bench")
def bench() -> None:
    """Benchmarks."""


@bench.command("search")
@click.option(
    "--corpus",
    "pages",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Pages JSONL ({url, title, body} per line).",
)
@click.option(
    "--queries",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help='Queries JSONL ({"query": ..., "relevant": [url, ...]} per line).',
)
@click.option(
    "--synthetic",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Generate N pages (Zipfian vocabulary) and 1,000 queries instead.",
)
@click.option(
    "--dataset",
    metavar="KIND:PATH",
    default=None,
    help="A dataset (squad2:, hotpotqa:, musique:) in the open setting instead.",
)
@click.option(
    "--engines",
    default="sleuth,bm25s,rank_bm25",
    show_default=True,
    help="Comma-separated: sleuth, tantivy (plain, default tokenizer), bm25s, rank_bm25, "
    "sleuth+dense (hybrid; needs sleuth[embeddings]), sleuth+postgres (the PostgreSQL index; "
    "set SLEUTH_BENCH_POSTGRES=postgresql://HOST/DB).",
)
@click.option("-k", "k", type=click.IntRange(min=1, max=100), default=10, show_default=True)
@click.option(
    "--rank-bm25-max",
    type=click.IntRange(min=1),
    default=None,
    help="rank_bm25 runs on at most this many passages (then extrapolates). Default 50,000.",
)
@click.option(
    "--min-query-seconds",
    type=click.FloatRange(min=0),
    default=2.0,
    show_default=True,
    help="Repeat the queries until this much time is measured.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@_one_line_errors
def bench_search(
    pages: Path | None,
    queries: Path | None,
    synthetic: int | None,
    dataset: str | None,
    engines: str,
    k: int,
    rank_bm25_max: int | None,
    min_query_seconds: float,
    as_json: bool,
) -> None:
    """Measure sleuth's index against bm25s and rank_bm25 on the same passages: build
    time, queries/s, p50/p99 latency, recall@1/5/10 and peak memory."""
    from sleuth import search_bench as bench_module

    chosen = tuple(e.strip() for e in engines.split(",") if e.strip())
    given = sum(x is not None for x in (pages, synthetic, dataset))
    if given != 1:
        raise UsageError(
            "give one of --corpus PAGES.jsonl (with --queries), --synthetic N, --dataset"
        )
    if (pages is None) != (queries is None):
        raise UsageError("--corpus and --queries go together")
    limit = rank_bm25_max or bench_module.RANK_BM25_MAX
    unknown = [e for e in chosen if e not in bench_module.ENGINES]
    if unknown or not chosen:
        raise UsageError(
            f"unknown engine {unknown[0] if unknown else ''!r}: choose from "
            f"{', '.join(bench_module.ENGINES)}"
        )
    for given_file in (pages, queries):  # what the user typed is checked first
        if given_file is not None and not given_file.is_file():
            raise UsageError(f"{given_file}: no such file")
    missing = bench_module.missing_engines(chosen)
    if missing:
        raise UsageError(f"the {missing[0]} baseline is not installed: {bench_module.BENCH_HINT}")

    def show(result: bench_module.EngineResult) -> None:
        if not as_json:
            click.echo(f"measured {result.engine}", err=True)

    with tempfile.TemporaryDirectory(prefix="sleuth-bench-") as work:
        if synthetic is not None:
            pages, queries = Path(work, "pages.jsonl"), Path(work, "queries.jsonl")
            bench_module.synthesize(synthetic, pages, queries)
        elif dataset is not None:
            from sleuth.datasets import export_jsonl, load_dataset

            pages, queries = Path(work, "pages.jsonl"), Path(work, "queries.jsonl")
            export_jsonl(load_dataset(dataset, setting="open"), pages, queries)
        assert pages is not None and queries is not None
        report = bench_module.run_bench(
            pages, queries, chosen, k, limit, on_result=show, min_query_seconds=min_query_seconds
        )
        if synthetic is not None:
            report.corpus = f"synthetic:{synthetic}"
        elif dataset is not None:
            report.corpus = dataset
    if as_json:
        click.echo(json.dumps(report.as_dict(), indent=2))
    else:
        click.echo(bench_module.format_report(report))


__all__ = [
    "CommandFailed",
    "UsageFailed",
    "bench",
    "bench_search",
    "index_command",
    "index_option",
    "open_corpus",
    "search_command",
]
