"""The built-in engine: Tantivy (a Rust search library, the engine PaperQA2 uses).

Schema, one Tantivy document per passage: ``doc`` (the document URL, stored, and
indexed whole so a document's passages can be deleted together), ``n`` (the passage
number, stored only: a hit's URL is `sleuth.passages.passage_url` of the two, so no
passage URL is indexed), ``title`` and ``body`` (analysed, term frequencies but no
positions: nothing here needs phrase queries). Both text fields use one analyser,
`ANALYZER`: Unicode-aware word splitting, long tokens (40+ bytes) dropped, lower-casing,
ASCII folding (so "etat" finds "état"), sleuth's English stop words removed, Snowball
English stemming. Because stop words are removed at index time too, passage lengths in
BM25 count only content words — the same choice as the bm25s baseline with stop-word
removal.

A query is analysed by the same analyser into terms, and the ranking query is built
from term queries (``body:t`` OR ``title:t`` × `TITLE_BOOST`), never parsed: quotes,
colons, parentheses, ``AND``/``OR``/``NOT`` and ``*`` in user text are just characters
that the analyser drops or keeps inside words.
"""

from __future__ import annotations

import re
from pathlib import Path

import tantivy

from sleuth.passages import passage_url
from sleuth.text import STOPWORDS

ANALYZER = "sleuth_en"
#: Changes whenever the analysis changes; an index built with another one is rebuilt.
ANALYZER_VERSION = "sleuth_en-1"
TITLE_BOOST = 0.75
#: Split between Tantivy's indexing threads (one per core). 128 MB to 512 MB built 1M
#: passages equally fast on 2 cores; the analyser's stemming and Tantivy's own indexing
#: are most of an ingest's CPU time (see `sleuth.search_bench`).
WRITER_HEAP_BYTES = 256_000_000
#: A batch known to add at most this many bytes of text is indexed by one thread with
#: Tantivy's smallest heap (15 MB a thread): starting and joining a thread per core costs
#: a small batch more than it gains (on 2 cores, a 30-passage batch took about 20 ms with
#: one thread, 35 ms with two; the 1.9 MB of docs-fastapi was faster with two).
SMALL_BATCH_BYTES = 256 * 1024
SMALL_WRITER_HEAP_BYTES = 15_000_000
_WORD = re.compile(r"[^\W_]+")  # what the simple tokenizer calls a word
_document = tantivy.Document.from_dict


def analyzer() -> tantivy.TextAnalyzer:
    return (
        tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
        .filter(tantivy.Filter.remove_long(40))
        .filter(tantivy.Filter.lowercase())
        .filter(tantivy.Filter.ascii_fold())
        .filter(tantivy.Filter.custom_stopword(sorted(STOPWORDS)))
        .filter(tantivy.Filter.stemmer("english"))
        .build()
    )


def schema() -> tantivy.Schema:
    builder = tantivy.SchemaBuilder()
    builder.add_text_field("doc", stored=True, tokenizer_name="raw", index_option="basic")
    builder.add_unsigned_field("n", stored=True)
    builder.add_text_field("title", stored=False, tokenizer_name=ANALYZER, index_option="freq")
    builder.add_text_field("body", stored=False, tokenizer_name=ANALYZER, index_option="freq")
    return builder.build()


class TantivyWriter:
    """One batch. `commit` and `rollback` end it (the Tantivy writer is consumed by
    waiting for its merges); a `rollback` after it ended does nothing, since whatever
    was committed stays committed."""

    def __init__(self, index: tantivy.Index, schema: tantivy.Schema, size: int | None) -> None:
        self._index = index
        self._schema = schema
        if size is not None and size <= SMALL_BATCH_BYTES:
            self._writer = index.writer(heap_size=SMALL_WRITER_HEAP_BYTES, num_threads=1)
        else:
            self._writer = index.writer(heap_size=WRITER_HEAP_BYTES)
        self._add = self._writer.add_document
        self._done = False

    def add(self, doc_url: str, number: int, title: str, text: str) -> None:
        fields = {"doc": doc_url, "n": number, "title": title, "body": text}
        self._add(_document(fields, self._schema))

    def delete_document(self, doc_url: str) -> None:
        self._writer.delete_documents_by_term("doc", doc_url)

    def commit(self) -> None:
        self._writer.commit()
        self._done = True
        self._writer.wait_merging_threads()
        self._index.reload()

    def rollback(self) -> None:
        if self._done:
            return
        self._done = True
        self._writer.rollback()
        self._writer.wait_merging_threads()


class TantivyEngine:
    """A Tantivy index in ``path`` (created when absent)."""

    name = "tantivy"

    def __init__(self, path: str | Path, title_boost: float = TITLE_BOOST) -> None:
        where = str(path)
        Path(where).mkdir(parents=True, exist_ok=True)
        self._schema = schema()
        if tantivy.Index.exists(where):
            self._index = tantivy.Index.open(where)
        else:
            self._index = tantivy.Index(self._schema, path=where)
        self._analyzer = analyzer()
        self._index.register_tokenizer(ANALYZER, self._analyzer)
        self._title_boost = title_boost
        self._analysed: dict[str, str] = {}  # word -> its term ("" for a stop word)

    def writer(self, size: int | None = None) -> TantivyWriter:
        return TantivyWriter(self._index, self._schema, size)

    def terms(self, query: str) -> list[str]:
        clean = query.encode("utf-8", "replace").decode("utf-8")  # no lone surrogates
        return list(dict.fromkeys(self._analyzer.analyze(clean)))

    def search(self, query: str, k: int) -> list[tuple[str, float]]:
        terms = self.terms(query)
        if not terms or k < 1:
            return []
        clauses: list[tuple[tantivy.Occur, tantivy.Query]] = []
        for term in terms:
            body = tantivy.Query.term_query(self._schema, "body", term, index_option="freq")
            title = tantivy.Query.term_query(self._schema, "title", term, index_option="freq")
            clauses.append((tantivy.Occur.Should, body))
            clauses.append(
                (tantivy.Occur.Should, tantivy.Query.boost_query(title, self._title_boost))
            )
        searcher = self._index.searcher()
        result = searcher.search(tantivy.Query.boolean_query(clauses), k, count=False)
        out: list[tuple[str, float]] = []
        for score, address in result.hits:
            stored = searcher.doc(address)
            doc, number = stored.get_first("doc"), stored.get_first("n")
            if isinstance(doc, str) and isinstance(number, int):
                out.append((passage_url(doc, number), float(score)))
        return out

    def matches(self, texts: list[str], terms: set[str]) -> list[list[tuple[int, int]]]:
        return term_spans(texts, terms, self._analyzer, self._analysed)

    def count(self) -> int:
        return int(self._index.searcher().num_docs)

    def document_urls(self) -> set[str]:
        searcher = self._index.searcher()
        total = int(searcher.num_docs)
        if total == 0:
            return set()
        found = searcher.search(tantivy.Query.all_query(), limit=total)
        urls: set[str] = set()
        for _score, address in found.hits:
            urls.add(str(searcher.doc(address).get_first("doc")))
        return urls

    def close(self) -> None:
        """Nothing to release: Tantivy closes its files when the index is dropped."""


def term_spans(
    texts: list[str], terms: set[str], analyzer: tantivy.TextAnalyzer, cache: dict[str, str]
) -> list[list[tuple[int, int]]]:
    """For each text, the spans of its words that ``analyzer`` turns into one of ``terms``
    (the words a search matched), memoised in ``cache``."""
    if not terms:
        return [[] for _ in texts]
    if len(cache) > 500_000:
        cache.clear()
    out: list[list[tuple[int, int]]] = []
    for text in texts:
        hits = []
        for word in set(_WORD.findall(text)):
            term = cache.get(word)
            if term is None:
                analysed = analyzer.analyze(word)
                term = cache[word] = analysed[0] if analysed else ""
            if term in terms:
                hits.append(word)
        out.append(sorted(span for word in hits for span in _occurrences(text, word)))
    return out


def _occurrences(text: str, word: str) -> list[tuple[int, int]]:
    """Spans of ``word`` in ``text`` as a whole word (not inside a longer one)."""
    spans = []
    at = text.find(word)
    while at >= 0:
        end = at + len(word)
        before = text[at - 1] if at else " "
        after = text[end] if end < len(text) else " "
        if not (before.isalnum() or after.isalnum()):
            spans.append((at, end))
        at = text.find(word, end)
    return spans
