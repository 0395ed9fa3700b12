"""The seam between sleuth and a search engine.

A `LexicalEngine` ranks passages: it is given, for each passage, the URL of its
document, its number in the document, the document's title and the passage text, and
answers a query with passage URLs and scores, best first. The page text itself lives in
the `PageStore` beside it, so an engine only has to index and rank. `TantivyEngine` is the one built
in; a distributed engine (OpenSearch/Elasticsearch, Quickwit) or a hybrid lexical +
vector ranker implements the same two protocols and `PassageIndex` works unchanged.

Engines must never read query text as query syntax: a query is words, nothing else.
"""

from __future__ import annotations

from typing import Protocol


class EngineWriter(Protocol):
    """One batch of changes, invisible to searches until `commit`."""

    def add(self, doc_url: str, number: int, title: str, text: str) -> None:
        """Passage ``number`` (from 1) of ``doc_url``, whose URL is
        `sleuth.passages.passage_url` (``doc_url#pN``): searches return that URL."""
        ...

    def delete_document(self, doc_url: str) -> None:
        """Remove every passage of ``doc_url`` added before this call."""
        ...

    def commit(self) -> None: ...

    def rollback(self) -> None: ...


class LexicalEngine(Protocol):
    name: str

    def writer(self, size: int | None = None) -> EngineWriter:
        """Start a batch of changes (one writer at a time). ``size``, when known, is at
        most how many bytes of text the batch adds: an engine may size its buffers to it."""
        ...

    def search(self, query: str, k: int) -> list[tuple[str, float]]:
        """The best ``k`` passages for ``query`` as ``(passage URL, score)``, best first;
        [] when nothing matches (or the query has no content words)."""
        ...

    def terms(self, query: str) -> list[str]:
        """The query's search terms after analysis (for snippets and explanations)."""
        ...

    def matches(self, texts: list[str], terms: set[str]) -> list[list[tuple[int, int]]]:
        """For each text, the character spans of the words whose analysed form is in
        ``terms`` (for snippets)."""
        ...

    def count(self) -> int:
        """How many passages are searchable."""
        ...

    def document_urls(self) -> set[str]:
        """The URL of every document with a searchable passage (a full scan: for
        repairing the index after a crash, not for queries)."""
        ...

    def close(self) -> None: ...
