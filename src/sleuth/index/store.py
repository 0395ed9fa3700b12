"""The page store: documents and their passages in SQLite, beside the search engine.

    meta      key, value                 format, analyser, engine, passage size
    sources   id, path, stamp            one row per input file (its content stamp)
    docs      id, url, source, hash,     one row per document; ``source`` is a
              title, tags, published,    sources id, ``passages`` how many it has
              version, authority, passages,  how many it has; ``links`` the targets of
              links                      its links (JSON, or NULL)
    passages  key, text, heading,        passage n (from 1) of document id d has key
              anchor                     d × 2**32 + n; joined in order the texts are
                                         the document's body, exactly; ``heading`` is
                                         the heading path where it starts (or NULL),
                                         ``anchor`` the slug of the section it starts
                                         (or NULL; `sleuth.passages.section_anchors`)
    vectors   key, vec                   a passage's dense vector (float16), only in
                                         an index built with embeddings

The store is the source of truth: everything the engine indexes can be rebuilt from
it, and `open` shows only what is here (a search hit whose passage is missing is
dropped). Writes happen in one transaction per ingest (see `sleuth.index.Update`).

Integer keys keep a large ingest cheap: document ids are handed out in order, so
passages are appended to one B-tree keyed by integers, and only ``docs.url`` needs a
(text) index. An ingest's rows are queued and written in batches of `FLUSH_ROWS`, and so
are the stamps of the sources whose rows it has written.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sleuth.corpus import Page

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sources (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,
    stamp TEXT
);
CREATE TABLE IF NOT EXISTS docs (
    id INTEGER PRIMARY KEY,
    url TEXT NOT NULL UNIQUE,
    source INTEGER NOT NULL,
    hash TEXT NOT NULL,
    title TEXT NOT NULL,
    tags TEXT NOT NULL,
    published TEXT,
    version INTEGER,
    authority INTEGER,
    passages INTEGER NOT NULL,
    links TEXT
);
CREATE INDEX IF NOT EXISTS docs_by_source ON docs (source);
CREATE TABLE IF NOT EXISTS passages (
    key INTEGER PRIMARY KEY,
    text TEXT NOT NULL,
    heading TEXT,
    anchor TEXT
);
CREATE TABLE IF NOT EXISTS vectors (key INTEGER PRIMARY KEY, vec BLOB NOT NULL);
"""

FLUSH_ROWS = 20_000
#: Page cache while an ingest writes, in KiB (SQLite's default, kept for reading, is
#: 2 MiB): a larger one keeps the B-tree of document URLs in memory on large ingests.
WRITE_CACHE_KIB = 64 * 1024
_READ_CACHE_KIB = 2000
_SHIFT = 32  # passage key = document id << _SHIFT | passage number
_LAST = (1 << _SHIFT) - 1


@dataclass(frozen=True)
class StoredPassage:
    doc: Page  # the document's metadata; ``body`` is empty here
    number: int
    count: int  # passages in the document
    text: str
    heading: str = ""  # the heading path where the passage starts
    anchor: str = ""  # the slug of the section the passage starts, if it starts one


class DocumentTables:
    """What the SQLite `PageStore` and the PostgreSQL one (`sleuth.index.pg`) share: the
    metadata, the sources with their stamps and the documents, in SQL both speak (``?``
    parameters; ``ON CONFLICT``). A store names its tables (`META`, `SOURCES`, `DOCS`)
    and gives the three ways of talking to its database below, plus how it flushes its
    queued rows and removes a document with its passages (its passages are keyed its own
    way). Its ``_lock`` guards the one connection."""

    META, SOURCES, DOCS = "meta", "sources", "docs"
    _lock: threading.RLock
    _source_ids: dict[str, int]  # in the open transaction

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    def _one(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        raise NotImplementedError

    def _execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        raise NotImplementedError

    def _flush(self) -> None:
        raise NotImplementedError

    def _remove_id(self, doc_id: int) -> None:
        raise NotImplementedError

    # --- metadata ---------------------------------------------------------------------------

    def meta(self) -> dict[str, str]:
        with self._lock:
            return {k: v for k, v in self._query(f"SELECT key, value FROM {self.META}")}

    def set_meta(self, values: dict[str, str]) -> None:
        with self._lock:
            for key, value in values.items():
                self._execute(
                    f"INSERT INTO {self.META} (key, value) VALUES (?, ?) "
                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    (key, value),
                )

    def delete_meta(self, *keys: str) -> None:
        with self._lock:
            for key in keys:
                self._execute(f"DELETE FROM {self.META} WHERE key = ?", (key,))

    # --- reading ----------------------------------------------------------------------------

    def has_passage(self, doc_url: str, number: int) -> bool:
        with self._lock:
            row = self._one(f"SELECT passages FROM {self.DOCS} WHERE url = ?", (doc_url,))
        return row is not None and 0 < number <= row[0]

    def has_document(self, url: str) -> bool:
        with self._lock:
            return self._one(f"SELECT 1 FROM {self.DOCS} WHERE url = ?", (url,)) is not None

    def passage_keys(self, batch: int = 1000) -> Iterator[tuple[str, int]]:
        """Every passage as ``(document URL, number)``, in document order."""
        last = ""
        while True:
            with self._lock:
                rows = self._query(
                    f"SELECT url, passages FROM {self.DOCS} WHERE url > ? ORDER BY url LIMIT ?",
                    (last, batch),
                )
            if not rows:
                return
            for url, count in rows:
                for n in range(1, count + 1):
                    yield url, n
            last = rows[-1][0]

    def counts(self) -> tuple[int, int]:
        """(documents, passages)."""
        with self._lock:
            row = self._one(f"SELECT count(*), coalesce(sum(passages), 0) FROM {self.DOCS}")
        assert row is not None
        return int(row[0]), int(row[1])

    # --- sources and documents (writing inside `begin` ... `commit`) -------------------------

    def has_sources(self) -> bool:
        """Whether any source (a file read before, with or without documents) is stored."""
        with self._lock:
            return self._one(f"SELECT 1 FROM {self.SOURCES} LIMIT 1") is not None

    def stamp(self, source: str) -> str | None:
        with self._lock:
            row = self._one(f"SELECT stamp FROM {self.SOURCES} WHERE path = ?", (source,))
        return None if row is None or row[0] is None else str(row[0])

    def set_stamp(self, source: str, stamp: str) -> None:
        with self._lock:
            self._execute(
                f"INSERT INTO {self.SOURCES} (path, stamp) VALUES (?, ?) "
                "ON CONFLICT (path) DO UPDATE SET stamp = excluded.stamp",
                (source, stamp),
            )

    def sources(self) -> list[str]:
        with self._lock:
            return [r for (r,) in self._query(f"SELECT path FROM {self.SOURCES} ORDER BY path")]

    def document_hashes(self, source: str) -> dict[str, str]:
        with self._lock:
            self._flush()
            return dict(
                self._query(
                    f"SELECT url, hash FROM {self.DOCS} WHERE source = "
                    f"(SELECT id FROM {self.SOURCES} WHERE path = ?)",
                    (source,),
                )
            )

    def owner(self, url: str) -> str | None:
        with self._lock:
            row = self._one(
                f"SELECT s.path FROM {self.DOCS} d JOIN {self.SOURCES} s ON s.id = d.source "
                "WHERE d.url = ?",
                (url,),
            )
        return None if row is None else str(row[0])

    def remove(self, url: str) -> None:
        with self._lock:
            self._flush()
            row = self._one(f"SELECT id FROM {self.DOCS} WHERE url = ?", (url,))
            if row is not None:
                self._remove_id(int(row[0]))

    def remove_source(self, source: str) -> list[str]:
        """Remove a source and its documents; returns their URLs."""
        with self._lock:
            self._flush()
            rows = self._query(
                f"SELECT d.id, d.url FROM {self.DOCS} d JOIN {self.SOURCES} s "
                "ON s.id = d.source WHERE s.path = ?",
                (source,),
            )
            for doc_id, _ in rows:
                self._remove_id(int(doc_id))
            self._execute(f"DELETE FROM {self.SOURCES} WHERE path = ?", (source,))
            self._source_ids.pop(source, None)
        return [url for _, url in rows]

    def document_urls(self) -> set[str]:
        """Every stored document's URL (this connection's uncommitted changes included)."""
        with self._lock:
            self._flush()
            return {u for (u,) in self._query(f"SELECT url FROM {self.DOCS}")}

    def documents_of(self, source: str) -> list[str]:
        with self._lock:
            self._flush()
            return [
                u
                for (u,) in self._query(
                    f"SELECT url FROM {self.DOCS} WHERE source = "
                    f"(SELECT id FROM {self.SOURCES} WHERE path = ?)",
                    (source,),
                )
            ]

    def _source_id(self, source: str) -> int:
        """The id of ``source``'s row, made (without a stamp) when it has none."""
        self._execute(
            f"INSERT INTO {self.SOURCES} (path) VALUES (?) ON CONFLICT (path) DO NOTHING",
            (source,),
        )
        row = self._one(f"SELECT id FROM {self.SOURCES} WHERE path = ?", (source,))
        assert row is not None
        self._source_ids[source] = int(row[0])
        return int(row[0])


def document_row(
    doc_id: int, page: Page, source_id: int, digest: str, passages: int
) -> tuple[Any, ...]:
    """A document's row, in the docs table's column order."""
    tags, links = page.tags, page.links
    return (
        doc_id,
        page.url,
        source_id,
        digest,
        page.title,
        json.dumps(list(tags), ensure_ascii=False) if tags else "[]",
        page.published,
        page.version,
        page.authority,
        passages,
        json.dumps(list(links), ensure_ascii=False) if links else None,
    )


class PageStore(DocumentTables):
    """Documents and passages in one SQLite file. Safe to share between threads."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._lock = threading.RLock()
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(passages)")}
        if "heading" not in columns:  # a store from before headings (index format 3)
            self._db.execute("ALTER TABLE passages ADD COLUMN heading TEXT")
        if "links" not in {row[1] for row in self._db.execute("PRAGMA table_info(docs)")}:
            self._db.execute("ALTER TABLE docs ADD COLUMN links TEXT")  # before links
        if "anchor" not in columns:  # a store from before section anchors: none known
            self._db.execute("ALTER TABLE passages ADD COLUMN anchor TEXT")
        self._docs: list[tuple[Any, ...]] = []
        self._passages: list[tuple[int, str, str | None, str | None]] = []
        self._source_ids: dict[str, int] = {}  # in the open transaction
        self._stamps: dict[int, str] = {}  # source id -> its stamp, queued
        self._next_id = 0  # the next document id (set by `begin`)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return self._db.execute(sql, params).fetchall()

    def _one(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        row: tuple[Any, ...] | None = self._db.execute(sql, params).fetchone()
        return row

    def _execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        self._db.execute(sql, params)

    # --- metadata ---------------------------------------------------------------------------

    def data_version(self) -> int:
        """Changes whenever another connection commits (SQLite's ``data_version``)."""
        with self._lock:
            return int(self._db.execute("PRAGMA data_version").fetchone()[0])

    # --- reading ----------------------------------------------------------------------------

    def passage(self, doc_url: str, number: int) -> StoredPassage | None:
        if not 0 < number <= _LAST:
            return None
        with self._lock:
            row = self._db.execute(
                f"SELECT {_PASSAGE_COLUMNS} FROM docs d JOIN passages p "
                "ON p.key = (d.id << 32) + ? WHERE d.url = ?",
                (number, doc_url),
            ).fetchone()
        return None if row is None else _stored(doc_url, row)

    def anchor(self, doc_url: str, number: int) -> str:
        """The section anchor of passage ``number`` of ``doc_url`` (``""``: none)."""
        if not 0 < number <= _LAST:
            return ""
        with self._lock:
            row = self._db.execute(
                "SELECT p.anchor FROM docs d JOIN passages p ON p.key = (d.id << 32) + ? "
                "WHERE d.url = ?",
                (number, doc_url),
            ).fetchone()
        return (row[0] or "") if row is not None else ""

    def passage_at(self, doc_url: str, anchor: str) -> StoredPassage | None:
        """The passage of ``doc_url`` that starts the section ``anchor``, if any."""
        if not anchor:
            return None
        with self._lock:
            row = self._db.execute(
                f"SELECT {_PASSAGE_COLUMNS} FROM docs d JOIN passages p "
                "ON p.key BETWEEN (d.id << 32) + 1 AND (d.id << 32) + 4294967295 "
                "WHERE d.url = ? AND p.anchor = ?",
                (doc_url, anchor),
            ).fetchone()
        return None if row is None else _stored(doc_url, row)

    def document(self, url: str) -> Page | None:
        """A whole document, its body the passages joined."""
        with self._lock:
            row = self._db.execute(
                "SELECT id, title, tags, published, version, authority, links FROM docs "
                "WHERE url = ?",
                (url,),
            ).fetchone()
            if row is None:
                return None
            doc_id, *meta = row
            parts = self._db.execute(
                "SELECT text FROM passages WHERE key BETWEEN ? AND ? ORDER BY key",
                _keys(doc_id),
            ).fetchall()
        return _document(url, meta, parts)

    def all_passages(self, batch: int = 5000) -> Iterator[tuple[str, int, str, str, str]]:
        """Every passage as ``(document URL, number, title, heading, text)``, in key
        order (for rebuilding the search engine from the store)."""
        last = 0
        while True:
            with self._lock:
                rows = self._db.execute(
                    "SELECT p.key, d.url, d.title, p.heading, p.text FROM passages p "
                    "JOIN docs d ON d.id = p.key >> 32 WHERE p.key > ? ORDER BY p.key LIMIT ?",
                    (last, batch),
                ).fetchall()
            if not rows:
                return
            for key, url, title, heading, text in rows:
                yield url, key & _LAST, title, heading or "", text
            last = rows[-1][0]

    def vectors(self) -> list[tuple[str, int, bytes]]:
        """Every stored vector as ``(document URL, passage number, float16 bytes)``."""
        with self._lock:
            rows = self._db.execute(
                "SELECT d.url, v.key, v.vec FROM vectors v JOIN docs d ON d.id = v.key >> 32 "
                "ORDER BY v.key"
            ).fetchall()
        return [(url, key & _LAST, vec) for url, key, vec in rows]

    # --- writing (inside `begin` ... `commit`) ----------------------------------------------

    def begin(self) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute(f"PRAGMA cache_size=-{WRITE_CACHE_KIB}")
            self._source_ids.clear()
            self._stamps.clear()
            (top,) = self._db.execute("SELECT coalesce(max(id), 0) FROM docs").fetchone()
            self._next_id = int(top) + 1

    def commit(self) -> None:
        with self._lock:
            self._flush()
            self._db.execute("COMMIT")
            self._source_ids.clear()
            self._db.execute(f"PRAGMA cache_size=-{_READ_CACHE_KIB}")

    def rollback(self) -> None:
        with self._lock:
            self._docs.clear()
            self._passages.clear()
            self._source_ids.clear()
            self._stamps.clear()
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            with contextlib.suppress(sqlite3.Error):  # never hide why the batch failed
                self._db.execute(f"PRAGMA cache_size=-{_READ_CACHE_KIB}")

    def put(
        self,
        page: Page,
        source: str,
        digest: str,
        passages: list[str],
        headings: list[str] | None = None,
        anchors: list[str] | None = None,
    ) -> None:
        """Queue a document and its passages, with the heading path (and section
        anchor) of each when the document has headings (a document already stored must
        have been removed first)."""
        with self._lock:
            source_id = self._source_ids.get(source)
            if source_id is None:
                source_id = self._source_id(source)
            doc_id = self._next_id
            self._next_id += 1
            self._docs.append(document_row(doc_id, page, source_id, digest, len(passages)))
            base = doc_id << _SHIFT
            if headings is not None:
                marks = anchors if anchors is not None else [""] * len(passages)
                self._passages.extend(
                    (base + n, text, heading or None, anchor or None)
                    for n, (text, heading, anchor) in enumerate(
                        zip(passages, headings, marks, strict=True), 1
                    )
                )
            elif len(passages) == 1:
                self._passages.append((base + 1, passages[0], None, None))
            else:
                self._passages.extend(
                    (base + n, text, None, None) for n, text in enumerate(passages, 1)
                )
            if len(self._passages) >= FLUSH_ROWS:
                self._flush()

    def missing_vectors(self, batch: int) -> Iterator[list[tuple[int, str, str]]]:
        """Passages without a vector as ``(key, title, text)``, ``batch`` at a time (give
        each batch its vectors before asking for the next)."""
        with self._lock:
            self._flush()
        last = 0
        while True:
            with self._lock:
                rows = self._db.execute(
                    "SELECT p.key, d.title, p.text FROM passages p "
                    "JOIN docs d ON d.id = p.key >> 32 WHERE p.key > ? AND NOT EXISTS "
                    "(SELECT 1 FROM vectors v WHERE v.key = p.key) ORDER BY p.key LIMIT ?",
                    (last, batch),
                ).fetchall()
            if not rows:
                return
            yield rows
            last = rows[-1][0]

    def put_vectors(self, rows: list[tuple[int, bytes]]) -> None:
        with self._lock:
            self._db.executemany("INSERT OR REPLACE INTO vectors VALUES (?, ?)", rows)

    def drop_vectors(self) -> None:
        with self._lock:
            self._db.execute("DELETE FROM vectors")

    # --- sources: their stamps queued like the rows (`DocumentTables` writes each at once) ----

    def stamp(self, source: str) -> str | None:
        with self._lock:
            source_id = self._source_ids.get(source)
            if source_id is not None and source_id in self._stamps:
                return self._stamps[source_id]
            return super().stamp(source)

    def set_stamp(self, source: str, stamp: str) -> None:
        """A source whose row this transaction has written (its documents' rows name
        it) has its stamp queued; any other is written at once, so that source ids are
        handed out in the same order as ever."""
        with self._lock:
            source_id = self._source_ids.get(source)
            if source_id is None:
                super().set_stamp(source, stamp)
            else:
                self._stamps[source_id] = stamp

    def remove_source(self, source: str) -> list[str]:
        with self._lock:
            source_id = self._source_ids.get(source)
            if source_id is not None:
                self._stamps.pop(source_id, None)
            return super().remove_source(source)

    def _source_id(self, source: str) -> int:
        """The id of ``source``'s row, made (without a stamp) when it has none: the row
        just inserted names its id, so only a source stored before is looked up."""
        inserted = self._db.execute(
            "INSERT INTO sources (path) VALUES (?) ON CONFLICT (path) DO NOTHING", (source,)
        )
        if inserted.rowcount == 1 and inserted.lastrowid is not None:
            self._source_ids[source] = inserted.lastrowid
            return inserted.lastrowid
        return super()._source_id(source)

    def _remove_id(self, doc_id: int) -> None:
        self._db.execute("DELETE FROM passages WHERE key BETWEEN ? AND ?", _keys(doc_id))
        self._db.execute("DELETE FROM vectors WHERE key BETWEEN ? AND ?", _keys(doc_id))
        self._db.execute("DELETE FROM docs WHERE id = ?", (doc_id,))

    def _flush(self) -> None:
        if self._docs:
            self._db.executemany(
                "INSERT INTO docs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", self._docs
            )
            self._docs.clear()
        if self._passages:
            self._db.executemany(
                "INSERT INTO passages (key, text, heading, anchor) VALUES (?, ?, ?, ?)",
                self._passages,
            )
            self._passages.clear()
        if self._stamps:
            self._db.executemany(
                "UPDATE sources SET stamp = ? WHERE id = ?",
                [(stamp, source_id) for source_id, stamp in self._stamps.items()],
            )
            self._stamps.clear()


_PASSAGE_COLUMNS = (
    "p.key, p.text, p.heading, p.anchor, d.title, d.tags, d.published, d.version, "
    "d.authority, d.links, d.passages"
)


def _stored(doc_url: str, row: tuple[Any, ...]) -> StoredPassage:
    """A `StoredPassage` from a row of `_PASSAGE_COLUMNS`."""
    key, text, heading, anchor, *meta, count = row
    return StoredPassage(
        _page(doc_url, *meta), key & _LAST, count, text, heading or "", anchor or ""
    )


def _keys(doc_id: int) -> tuple[int, int]:
    """The first and last possible passage keys of a document."""
    return (doc_id << _SHIFT) + 1, (doc_id << _SHIFT) + _LAST


def _document(url: str, meta: Sequence[Any], parts: Iterable[tuple[str]]) -> Page:
    """A whole document from its stored metadata and its passages' text, in order."""
    page = _page(url, *meta)
    return Page(
        url=url,
        title=page.title,
        body="".join(p for (p,) in parts),
        tags=page.tags,
        published=page.published,
        version=page.version,
        authority=page.authority,
        links=page.links,
    )


def _page(
    url: str,
    title: str,
    tags: str,
    published: str | None,
    version: int | None,
    authority: int | None,
    links: str | None = None,
) -> Page:
    return Page(
        url=url,
        title=title,
        body="",
        tags=tuple(json.loads(tags)),
        published=published,
        version=version,
        authority=authority,
        links=tuple(json.loads(links)) if links else (),
    )
