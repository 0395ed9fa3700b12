"""The page store: documents and their passages in SQLite, beside the search engine.

    meta      key, value                 format, analyser, engine, passage size
    sources   path, stamp                one row per input file (its content stamp)
    docs      url, source, hash, title, tags, published, version, authority, passages
    passages  doc, n, text               passage n (from 1) of doc; joined in order
                                         they are the document's body, exactly

The store is the source of truth: everything the engine indexes can be rebuilt from
it, and `open` shows only what is here (a search hit whose passage is missing is
dropped). Writes happen in one transaction per ingest (see `sleuth.index.Update`).
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sleuth.corpus import Page

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sources (path TEXT PRIMARY KEY, stamp TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS docs (
    url TEXT PRIMARY KEY,
    source TEXT NOT NULL,
    hash TEXT NOT NULL,
    title TEXT NOT NULL,
    tags TEXT NOT NULL,
    published TEXT,
    version INTEGER,
    authority INTEGER,
    passages INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS docs_by_source ON docs (source);
CREATE TABLE IF NOT EXISTS passages (
    doc TEXT NOT NULL,
    n INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (doc, n)
);
"""

FLUSH_ROWS = 20_000


@dataclass(frozen=True)
class StoredPassage:
    doc: Page  # the document's metadata; ``body`` is empty here
    number: int
    count: int  # passages in the document
    text: str


class PageStore:
    """Documents and passages in one SQLite file. Safe to share between threads."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._lock = threading.RLock()
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)
        self._docs: list[tuple[Any, ...]] = []
        self._passages: list[tuple[str, int, str]] = []

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # --- metadata ---------------------------------------------------------------------------

    def meta(self) -> dict[str, str]:
        with self._lock:
            return dict(self._db.execute("SELECT key, value FROM meta").fetchall())

    def set_meta(self, values: dict[str, str]) -> None:
        with self._lock:
            self._db.executemany(
                "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", values.items()
            )

    # --- reading ----------------------------------------------------------------------------

    def passage(self, doc_url: str, number: int) -> StoredPassage | None:
        with self._lock:
            row = self._db.execute(
                "SELECT p.text, d.title, d.tags, d.published, d.version, d.authority, "
                "d.passages FROM passages p JOIN docs d ON d.url = p.doc "
                "WHERE p.doc = ? AND p.n = ?",
                (doc_url, number),
            ).fetchone()
        if row is None:
            return None
        text, *meta, count = row
        return StoredPassage(_page(doc_url, *meta), number, count, text)

    def document(self, url: str) -> Page | None:
        """A whole document, its body the passages joined."""
        with self._lock:
            row = self._db.execute(
                "SELECT title, tags, published, version, authority FROM docs WHERE url = ?",
                (url,),
            ).fetchone()
            if row is None:
                return None
            parts = self._db.execute(
                "SELECT text FROM passages WHERE doc = ? ORDER BY n", (url,)
            ).fetchall()
        page = _page(url, *row)
        return Page(
            url=url,
            title=page.title,
            body="".join(p for (p,) in parts),
            tags=page.tags,
            published=page.published,
            version=page.version,
            authority=page.authority,
        )

    def has_passage(self, doc_url: str, number: int) -> bool:
        with self._lock:
            row = self._db.execute(
                "SELECT 1 FROM passages WHERE doc = ? AND n = ?", (doc_url, number)
            ).fetchone()
        return row is not None

    def has_document(self, url: str) -> bool:
        with self._lock:
            return (
                self._db.execute("SELECT 1 FROM docs WHERE url = ?", (url,)).fetchone() is not None
            )

    def passage_keys(self, batch: int = 1000) -> Iterator[tuple[str, int]]:
        """Every passage as ``(document URL, number)``, in document order."""
        last: tuple[str, int] = ("", 0)
        while True:
            with self._lock:
                rows = self._db.execute(
                    "SELECT doc, n FROM passages WHERE (doc, n) > (?, ?) ORDER BY doc, n LIMIT ?",
                    (*last, batch),
                ).fetchall()
            if not rows:
                return
            yield from rows
            last = rows[-1]

    def counts(self) -> tuple[int, int]:
        """(documents, passages)."""
        with self._lock:
            docs, passages = self._db.execute(
                "SELECT count(*), coalesce(sum(passages), 0) FROM docs"
            ).fetchone()
        return int(docs), int(passages)

    # --- writing (inside `begin` ... `commit`) ----------------------------------------------

    def begin(self) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")

    def commit(self) -> None:
        with self._lock:
            self._flush()
            self._db.execute("COMMIT")

    def rollback(self) -> None:
        with self._lock:
            self._docs.clear()
            self._passages.clear()
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")

    def stamp(self, source: str) -> str | None:
        with self._lock:
            row = self._db.execute("SELECT stamp FROM sources WHERE path = ?", (source,)).fetchone()
        return None if row is None else str(row[0])

    def set_stamp(self, source: str, stamp: str) -> None:
        with self._lock:
            self._db.execute(
                "INSERT OR REPLACE INTO sources (path, stamp) VALUES (?, ?)", (source, stamp)
            )

    def sources(self) -> list[str]:
        with self._lock:
            return [r for (r,) in self._db.execute("SELECT path FROM sources ORDER BY path")]

    def document_hashes(self, source: str) -> dict[str, str]:
        with self._lock:
            self._flush()
            return dict(self._db.execute("SELECT url, hash FROM docs WHERE source = ?", (source,)))

    def owner(self, url: str) -> str | None:
        with self._lock:
            row = self._db.execute("SELECT source FROM docs WHERE url = ?", (url,)).fetchone()
        return None if row is None else str(row[0])

    def put(self, page: Page, source: str, digest: str, passages: list[str]) -> None:
        """Queue a document and its passages (a document already stored must have been
        removed first)."""
        with self._lock:
            self._docs.append(
                (
                    page.url,
                    source,
                    digest,
                    page.title,
                    json.dumps(list(page.tags), ensure_ascii=False) if page.tags else "[]",
                    page.published,
                    page.version,
                    page.authority,
                    len(passages),
                )
            )
            self._passages.extend((page.url, n, text) for n, text in enumerate(passages, 1))
            if len(self._passages) >= FLUSH_ROWS:
                self._flush()

    def remove(self, url: str) -> None:
        with self._lock:
            self._flush()
            self._db.execute("DELETE FROM passages WHERE doc = ?", (url,))
            self._db.execute("DELETE FROM docs WHERE url = ?", (url,))

    def remove_source(self, source: str) -> list[str]:
        """Remove a source and its documents; returns their URLs."""
        with self._lock:
            urls = [
                u for (u,) in self._db.execute("SELECT url FROM docs WHERE source = ?", (source,))
            ]
            for url in urls:
                self.remove(url)
            self._db.execute("DELETE FROM sources WHERE path = ?", (source,))
        return urls

    def documents_of(self, source: str) -> list[str]:
        with self._lock:
            self._flush()
            return [
                u for (u,) in self._db.execute("SELECT url FROM docs WHERE source = ?", (source,))
            ]

    def _flush(self) -> None:
        if self._docs:
            self._db.executemany("INSERT INTO docs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", self._docs)
            self._docs.clear()
        if self._passages:
            self._db.executemany("INSERT INTO passages VALUES (?, ?, ?)", self._passages)
            self._passages.clear()


def _page(
    url: str,
    title: str,
    tags: str,
    published: str | None,
    version: int | None,
    authority: int | None,
) -> Page:
    return Page(
        url=url,
        title=title,
        body="",
        tags=tuple(json.loads(tags)),
        published=published,
        version=version,
        authority=authority,
    )
