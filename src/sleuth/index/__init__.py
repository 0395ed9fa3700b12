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
from typing import TYPE_CHECKING, Any

from .dense import Embedder
from .engine import EngineWriter, LexicalEngine
from .passage_index import PassageIndex, Update, index_exists, is_postgres_url, make_snippet
from .tantivy_engine import TantivyEngine
from .view import IndexedCorpus, PassagePages

if TYPE_CHECKING:
    from .pg import PostgresIndex

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
    if is_postgres_url(path):
        from .pg import PostgresIndex

        return PostgresIndex.open(path, create=create, embedder=embedder, repair=repair)
    return PassageIndex.open(path, create=create, embedder=embedder, repair=repair)


def __getattr__(name: str) -> Any:
    """`PostgresIndex`, imported when first named: a local index (and every
    ``sleuth index`` into a folder) never loads the PostgreSQL module."""
    if name == "PostgresIndex":
        from .pg import PostgresIndex

        return PostgresIndex
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
