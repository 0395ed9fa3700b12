"""An on-disk passage index for user corpora: a SQLite page store beside a Tantivy
search engine, updated incrementally by `sleuth.ingest.ingest`.

    >>> index = open_index("my-index")            # built with `sleuth index DOCS --index my-index`
    >>> corpus = index.corpus()                   # pages are passages: URL#p1, URL#p2, ...
    >>> run(Task("..."), corpus, OfflinePolicy(), index=index)

`PassageIndex` implements `sleuth.search.SearchIndex`; the engine behind it is a
`LexicalEngine` (see `sleuth.index.engine`), so another one can take Tantivy's place.
With the optional extra ``sleuth[embeddings]``, ``ingest(..., embeddings=True)`` adds a
dense vector per passage and the same `PassageIndex.search` fuses BM25 with them
(hybrid search, `sleuth.index.dense`).

A ``postgresql://HOST/DB?schema=NAME`` URL in place of the folder is a shared index in
PostgreSQL (`PostgresIndex`, `sleuth.index.pg`; the ``sleuth[postgres]`` extra), used the
same way.
"""

from __future__ import annotations

from pathlib import Path

from .dense import Embedder
from .engine import EngineWriter, LexicalEngine
from .passage_index import PassageIndex, Update, index_exists, is_postgres_url, make_snippet
from .pg import PostgresIndex
from .tantivy_engine import TantivyEngine
from .view import IndexedCorpus, PassagePages

__all__ = [
    "EngineWriter",
    "IndexedCorpus",
    "LexicalEngine",
    "PassageIndex",
    "PassagePages",
    "PostgresIndex",
    "TantivyEngine",
    "Update",
    "index_exists",
    "make_snippet",
    "open_index",
]


def open_index(
    path: str | Path,
    *,
    create: bool = False,
    embedder: Embedder | None = None,
    repair: bool = False,
) -> PassageIndex:
    """The index in a folder (`PassageIndex`) or at a ``postgresql://`` URL
    (`PostgresIndex`); a `CorpusError` with one line when there is none. ``create``,
    ``embedder`` and ``repair`` are `PassageIndex.open`'s."""
    opener = PostgresIndex.open if is_postgres_url(path) else PassageIndex.open
    return opener(path, create=create, embedder=embedder, repair=repair)
