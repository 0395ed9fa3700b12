"""A shared passage index on PostgreSQL: the page store and the search engine as tables
in one schema, so several machines can serve the same documents.

    sleuth index ./docs --index 'postgresql://host/db?schema=docs'
    sleuth serve --index 'docs=postgresql://host/db?schema=docs'

The URL is any libpq URL (user, password, host, port, database, parameters) plus
``schema=NAME`` (default: the connection's own search path, usually ``public``); the
schema is created on the first `sleuth index`. Its tables:

    index_meta      key, value              format, analyser, engine, build
    index_sources   id, path, stamp         one row per input file
    index_docs      id, url, source, hash,  one row per document (as `PageStore`)
                    title, tags, ..., passages, links
    index_passages  doc, n, text, heading,  passage n (from 1) of document ``doc``
                    anchor
    index_terms     id, doc_url, n,         the engine: one row per passage
                    title_len, body_len
    index_postings  term, passage,          one row per term of a passage (``passage``
                    title_tf, body_tf,      is its ``index_terms.id``): how often the
                    title_len, body_len     term is in its title and text, and their
                                            lengths; by term (B-tree) and by passage
    index_stats     passages, title_tokens, for BM25's average lengths
                    body_tokens
    index_df        term, title_df, body_df how many passages have the term in their
                                            title, in their text

`PostgresIndex` is a `PassageIndex` over `PostgresPageStore` and `PostgresEngine`, so
search hits, passage anchors, ``open`` and incremental re-indexing by content hash are
the folder index's own code. Both halves share one connection, and an `Update` is one
PostgreSQL transaction (the engine's commit writes its rows, the store's commits), so a
reader never sees a half-applied ingest; two `sleuth index` runs on one schema take
turns (an advisory lock).

Ranking. Words are analysed in Python by the Tantivy index's own analyser
(`sleuth.index.tantivy_engine.analyzer`: Unicode words, lower case, ASCII folding,
sleuth's stop words, Snowball English stemming), not by a PostgreSQL text search
configuration: PostgreSQL's ``english`` configuration uses the same Snowball stemmer but
another stop-word list and no ASCII folding (that needs the ``unaccent`` extension), so
its terms would differ. A query is one statement (the same text every time, so psycopg
prepares it): its terms' rows are read from ``index_postings`` by the term index and
scored with BM25 as Tantivy scores them (k1 1.2, b 0.75, per field, the title ×
`TITLE_BOOST`; document frequencies from ``index_df`` and average lengths from
``index_stats``, both kept by each ingest), then the top k are joined to their passages.
PostgreSQL's own ``ts_rank`` is no BM25 (it knows no document frequencies), which is why
it is not used. Every passage with a query term is scored (Tantivy skips passages that
cannot reach the top k), so a query of common words costs more here.

Speed. Format 2 kept each passage's terms in a ``tsvector`` with a GIN index instead of
``index_postings``. Counting a term's positions in each candidate's ``tsvector``
(``ts_delete``, ``unnest``) cost about 20 µs per candidate, and a fresh index had no
statistics, so the planner scanned the whole table instead of using the GIN index: 4-170
times Tantivy's time per query. The postings carry the counts (about 1 µs per posting),
and the GIN index is gone. They are many rows (some 65 per passage). So a first build
fills an empty table without its indexes and builds them at the end, in the same
transaction. The writer sends its rows as array text (`_array`), and runs ``ANALYZE``
when a tenth of the passages or more changed. `sleuth index` upgrades a format-2 index
(`_upgrade`: in SQL, from the stored ``tsvector`` values); opened only to read, such an
index is a `CorpusError` naming that command.
Query text is never SQL: terms are parameters.

A first build makes the schema, its tables and their meta in one transaction under the
index's advisory lock, so two first builds that start together take turns (before, the
second could read the meta while the first was still writing it, key by key). Opening
checks the tables as the folder index checks its files (`_damage`: a missing table or
index, meta without a format, documents and passages that disagree, a search engine that
does not hold exactly the store's passages or has no postings): opened to read, damage is
a `CorpusError` naming `sleuth index`; opened by `sleuth index` (``repair``), the engine
tables are emptied and filled again from the page store, a damaged page store is emptied
so every document is read again, and what is missing is made again
(`PostgresIndex._repair`, said in ``repaired``). Rows are deleted, never tables dropped:
readers go on meanwhile, and a lock they hold cannot deadlock with an exclusive one.

Embeddings (hybrid search) are not supported here yet: ``ingest(..., embeddings=True)``
into a PostgreSQL index is a `UsageError`.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import threading
import zlib
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast
from urllib.parse import parse_qsl, quote, urlencode, urlsplit

from sleuth.corpus import Page
from sleuth.db import INSTALL_HINT, Database, StoreError, redact_url
from sleuth.errors import CorpusError, UsageError
from sleuth.passages import PASSAGE_CHARS, passage_url

from . import dense
from .passage_index import PassageIndex, is_postgres_url
from .store import DocumentTables, StoredPassage, _document, _page, document_row
from .tantivy_engine import ANALYZER_VERSION, TITLE_BOOST, analyzer, term_spans

#: The format of a PostgreSQL index (kept in ``index_meta``).
FORMAT = "sleuth-pg-index-3"  # 2: document frequencies in index_df; 3: index_postings
#: Formats `PostgresIndex.open` upgrades (with ``create``, as `sleuth index` opens it).
OLDER_FORMATS = ("sleuth-pg-index-2",)
ENGINE = "postgresql"
K1, B = 1.2, 0.75
FLUSH_ROWS = 1000
_SCHEMA_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,62}$")
_URL = re.compile(r"^(postgres(?:ql)?):/+", re.IGNORECASE)

#: The engine's inverted index: one row per (term, passage) with the term's frequency
#: in the passage's title and text and the passage's two lengths, so BM25 reads a
#: query's rows by term alone.
POSTINGS = """
CREATE TABLE IF NOT EXISTS index_postings (
    term TEXT NOT NULL,
    passage BIGINT NOT NULL,
    title_tf INTEGER NOT NULL,
    body_tf INTEGER NOT NULL,
    title_len INTEGER NOT NULL,
    body_len INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS index_postings_by_term ON index_postings (term);
CREATE INDEX IF NOT EXISTS index_postings_by_passage ON index_postings (passage)
"""

POSTINGS_INDEXES = ("index_postings_by_term", "index_postings_by_passage")

TABLES = (
    """
CREATE TABLE IF NOT EXISTS index_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS index_sources (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,
    stamp TEXT
);
CREATE TABLE IF NOT EXISTS index_docs (
    id BIGINT PRIMARY KEY,
    url TEXT NOT NULL UNIQUE,
    source BIGINT NOT NULL,
    hash TEXT NOT NULL,
    title TEXT NOT NULL,
    tags TEXT NOT NULL,
    published TEXT,
    version BIGINT,
    authority BIGINT,
    passages INTEGER NOT NULL,
    links TEXT
);
CREATE INDEX IF NOT EXISTS index_docs_by_source ON index_docs (source);
CREATE TABLE IF NOT EXISTS index_passages (
    doc BIGINT NOT NULL,
    n INTEGER NOT NULL,
    text TEXT NOT NULL,
    heading TEXT,
    anchor TEXT,
    PRIMARY KEY (doc, n)
);
CREATE TABLE IF NOT EXISTS index_terms (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    doc_url TEXT NOT NULL,
    n INTEGER NOT NULL,
    title_len INTEGER NOT NULL,
    body_len INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS index_terms_by_doc ON index_terms (doc_url);
"""
    + POSTINGS
    + """;
CREATE TABLE IF NOT EXISTS index_stats (
    one INTEGER PRIMARY KEY CHECK (one = 1),
    passages BIGINT NOT NULL,
    title_tokens BIGINT NOT NULL,
    body_tokens BIGINT NOT NULL
);
INSERT INTO index_stats VALUES (1, 0, 0, 0) ON CONFLICT DO NOTHING;
CREATE TABLE IF NOT EXISTS index_df (
    term TEXT PRIMARY KEY,
    title_df BIGINT NOT NULL,
    body_df BIGINT NOT NULL
)
"""
)


# --- where the index is ---------------------------------------------------------------


def connection_url(target: str | os.PathLike[str]) -> tuple[str, str | None]:
    """The libpq URL to connect with (``schema`` turned into a ``search_path``) and the
    schema; a bad schema name is a `UsageError`."""
    text = os.fspath(target)
    match = _URL.match(text)
    if match is None:
        raise UsageError(f"{text}: not a postgresql:// URL")
    text = _display(text)
    parts = urlsplit(text)
    params = parse_qsl(parts.query, keep_blank_values=True)
    schema = None
    kept = []
    for key, value in params:
        if key == "schema":
            schema = value
        else:
            kept.append((key, value))
    if schema is not None and not _SCHEMA_NAME.match(schema):
        raise UsageError(
            f"{redact_url(text)}: schema {schema!r}: use letters, digits and _ "
            "(not starting with a digit), at most 63"
        )
    # JIT compiling costs a search more than it saves (it compiled for 290 ms of a 350 ms
    # query on 2,000 passages)
    options = dict(kept).get("options", "")
    options += f" -csearch_path={schema}" if schema is not None else ""
    kept = [(k, v) for k, v in kept if k != "options"]
    kept.append(("options", f"{options} -cjit=off".strip()))
    query = urlencode(kept, quote_via=quote)
    # urlunsplit drops the "//" of an empty host (a socket URL, postgresql:///db)
    return f"{parts.scheme}://{parts.netloc}{parts.path}?{query}", schema


# --- the page store -------------------------------------------------------------------


class PostgresPageStore(DocumentTables):
    """`sleuth.index.store.PageStore`'s interface over PostgreSQL tables (see the module
    docstring); what does not depend on how passages are keyed is `DocumentTables`'.
    Threads of a process share its one connection, taking turns."""

    META, SOURCES, DOCS = "index_meta", "index_sources", "index_docs"

    def __init__(self, db: Database, where: str, schema: str) -> None:
        self.db = db
        self.path = where
        self.schema = schema  # whose advisory lock a write takes
        self._lock = threading.RLock()
        self._docs: list[tuple[Any, ...]] = []
        self._passages: list[tuple[Any, ...]] = []
        self._source_ids: dict[str, int] = {}
        self._next_id = 0
        self._in_transaction = False

    def close(self) -> None:
        with self._lock:
            self.db.close()

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return [tuple(row.values()) for row in self.db.query(sql, params)]

    def _one(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        row = self.db.query_one(sql, params)
        return None if row is None else tuple(row.values())

    def _execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        self.db.execute(sql, params)

    # --- metadata -------------------------------------------------------------------------

    def data_version(self) -> int:
        """Changes with every committed `sleuth index` that changed anything (the build
        id as a number), so a service sees a rebuild made by another machine."""
        build = self.meta().get("build", "")
        return zlib.crc32(build.encode())

    # --- reading --------------------------------------------------------------------------

    def passage(self, doc_url: str, number: int) -> StoredPassage | None:
        if not 0 < number < 2**31:
            return None
        with self._lock:
            row = self._one(
                f"SELECT {_PASSAGE_COLUMNS} FROM index_docs d JOIN index_passages p "
                "ON p.doc = d.id AND p.n = ? WHERE d.url = ?",
                (number, doc_url),
            )
        return None if row is None else _stored(doc_url, row)

    def anchor(self, doc_url: str, number: int) -> str:
        if not 0 < number < 2**31:
            return ""
        with self._lock:
            row = self._one(
                "SELECT p.anchor FROM index_docs d JOIN index_passages p "
                "ON p.doc = d.id AND p.n = ? WHERE d.url = ?",
                (number, doc_url),
            )
        return (row[0] or "") if row is not None else ""

    def passage_at(self, doc_url: str, anchor: str) -> StoredPassage | None:
        if not anchor:
            return None
        with self._lock:
            row = self._one(
                f"SELECT {_PASSAGE_COLUMNS} FROM index_docs d JOIN index_passages p "
                "ON p.doc = d.id WHERE d.url = ? AND p.anchor = ? ORDER BY p.n LIMIT 1",
                (doc_url, anchor),
            )
        return None if row is None else _stored(doc_url, row)

    def document(self, url: str) -> Page | None:
        with self._lock:
            row = self._one(
                "SELECT id, title, tags, published, version, authority, links "
                "FROM index_docs WHERE url = ?",
                (url,),
            )
            if row is None:
                return None
            doc_id, *meta = row
            parts = self._query(
                "SELECT text FROM index_passages WHERE doc = ? ORDER BY n", (doc_id,)
            )
        return _document(url, meta, parts)

    def all_passages(self, batch: int = 5000) -> Iterator[tuple[str, int, str, str, str]]:
        last = (0, 0)
        while True:
            with self._lock:
                rows = self._query(
                    "SELECT p.doc, p.n, d.url, d.title, p.heading, p.text FROM index_passages p "
                    "JOIN index_docs d ON d.id = p.doc WHERE (p.doc, p.n) > (?, ?) "
                    "ORDER BY p.doc, p.n LIMIT ?",
                    (*last, batch),
                )
            if not rows:
                return
            for _doc, n, url, title, heading, text in rows:
                yield url, n, title, heading or "", text
            last = (rows[-1][0], rows[-1][1])

    def vectors(self) -> list[tuple[str, int, bytes]]:
        return []

    # --- writing (inside `begin` ... `commit`) --------------------------------------------

    def begin(self) -> None:
        with self._lock:
            self.db.execute("BEGIN")
            self._in_transaction = True
            # one writer per index: a second `sleuth index` waits for the first
            self.db.execute("SELECT pg_advisory_xact_lock(?)", (_lock_key(self.schema),))
            self._source_ids.clear()
            row = self._one("SELECT coalesce(max(id), 0) FROM index_docs")
            self._next_id = int(row[0] if row else 0) + 1

    def commit(self) -> None:
        with self._lock:
            self._flush()
            self.db.execute("COMMIT")
            self._in_transaction = False
            self._source_ids.clear()

    def rollback(self) -> None:
        with self._lock:
            self._docs.clear()
            self._passages.clear()
            self._source_ids.clear()
            if self._in_transaction:
                self._in_transaction = False
                with contextlib.suppress(StoreError):  # never hide why the batch failed
                    self.db.execute("ROLLBACK")

    def put(
        self,
        page: Page,
        source: str,
        digest: str,
        passages: list[str],
        headings: list[str] | None = None,
        anchors: list[str] | None = None,
    ) -> None:
        with self._lock:
            source_id = self._source_ids.get(source)
            if source_id is None:
                source_id = self._source_id(source)
            doc_id = self._next_id
            self._next_id += 1
            self._docs.append(document_row(doc_id, page, source_id, digest, len(passages)))
            heads = headings if headings is not None else [""] * len(passages)
            marks = anchors if anchors is not None else [""] * len(passages)
            self._passages.extend(
                (doc_id, n, text, heading or None, anchor or None)
                for n, (text, heading, anchor) in enumerate(
                    zip(passages, heads, marks, strict=True), 1
                )
            )
            if len(self._passages) >= FLUSH_ROWS:
                self._flush()

    def missing_vectors(self, batch: int) -> Iterator[list[tuple[int, str, str]]]:
        raise UsageError(
            f"{self.path}: embeddings are not supported in a PostgreSQL index yet; "
            "index without them (embeddings=False)"
        )

    def put_vectors(self, rows: list[tuple[int, bytes]]) -> None:
        raise UsageError(f"{self.path}: embeddings are not supported in a PostgreSQL index")

    def drop_vectors(self) -> None:
        """There are none."""

    def _remove_id(self, doc_id: int) -> None:
        self.db.execute("DELETE FROM index_passages WHERE doc = ?", (doc_id,))
        self.db.execute("DELETE FROM index_docs WHERE id = ?", (doc_id,))

    def _flush(self) -> None:
        if self._docs:
            _insert(self.db, "index_docs", 11, self._docs)
            self._docs.clear()
        if self._passages:
            _insert(self.db, "index_passages (doc, n, text, heading, anchor)", 5, self._passages)
            self._passages.clear()


def _insert(db: Database, table: str, width: int, rows: list[tuple[Any, ...]]) -> None:
    """Multi-row INSERTs, a few hundred rows per statement."""
    one = "(" + ", ".join(["?"] * width) + ")"
    for start in range(0, len(rows), 200):
        chunk = rows[start : start + 200]
        values = ", ".join([one] * len(chunk))
        db.execute(f"INSERT INTO {table} VALUES {values}", [v for row in chunk for v in row])


_PASSAGE_COLUMNS = (
    "p.n, p.text, p.heading, p.anchor, d.title, d.tags, d.published, d.version, "
    "d.authority, d.links, d.passages"
)


def _stored(doc_url: str, row: tuple[Any, ...]) -> StoredPassage:
    number, text, heading, anchor, *meta, count = row
    return StoredPassage(_page(doc_url, *meta), number, count, text, heading or "", anchor or "")


def _lock_key(schema: str) -> int:
    """The advisory lock of the index in ``schema`` (the same for every machine that
    opens it, whatever URL each uses: advisory locks are per database)."""
    return zlib.crc32(f"sleuth-index:{schema}".encode()) - 2**31


# --- the search engine ----------------------------------------------------------------


class PostgresWriter:
    """A batch of engine rows, written in the store's transaction (its `commit` writes
    them; the store's commit makes them visible). It keeps ``index_df`` (how many
    passages have each term in their title and in their text) and ``index_stats`` up to
    date by counting what it adds and deletes."""

    def __init__(self, engine: PostgresEngine) -> None:
        self._engine = engine
        self._db = engine.db
        # (doc URL, passage number, title length, body length, {term: [title tf, body tf]})
        self._rows: list[tuple[str, int, int, int, dict[str, list[int]]]] = []
        self._added = [0, 0, 0]  # passages, title tokens, body tokens
        self._changed = 0  # passages added or deleted (whether to ANALYZE at commit)
        self._bulk: bool | None = None  # filling an empty index_postings (see `_flush`)
        self._df: dict[str, list[int]] = {}  # term -> [title df change, body df change]

    def add(self, doc_url: str, number: int, title: str, text: str) -> None:
        analyse = self._engine.analyzer.analyze
        title_terms = analyse(title)
        body_terms = analyse(text)
        tf: dict[str, list[int]] = {}
        for term in title_terms:
            tf.setdefault(term, [0, 0])[0] += 1
        for term in body_terms:
            tf.setdefault(term, [0, 0])[1] += 1
        self._rows.append((doc_url, number, len(title_terms), len(body_terms), tf))
        self._added[0] += 1
        self._added[1] += len(title_terms)
        self._added[2] += len(body_terms)
        self._changed += 1
        df = self._df
        for term, (in_title, in_body) in tf.items():
            change = df.setdefault(term, [0, 0])
            change[0] += in_title > 0
            change[1] += in_body > 0
        if len(self._rows) >= FLUSH_ROWS:
            self._flush()

    def delete_document(self, doc_url: str) -> None:
        self._flush()
        gone = self._db.query(
            "DELETE FROM index_terms WHERE doc_url = ? RETURNING id, title_len, body_len",
            (doc_url,),
        )
        if not gone:
            return
        postings = self._db.query(
            "DELETE FROM index_postings WHERE passage = ANY(?::bigint[]) "
            "RETURNING term, title_tf > 0 AS t, body_tf > 0 AS b",
            ([int(row["id"]) for row in gone],),
        )
        for row in gone:
            self._added[0] -= 1
            self._added[1] -= int(row["title_len"])
            self._added[2] -= int(row["body_len"])
        self._changed += len(gone)
        df = self._df
        for row in postings:
            change = df.setdefault(row["term"], [0, 0])
            change[0] -= bool(row["t"])
            change[1] -= bool(row["b"])

    def _flush(self) -> None:
        rows = self._rows
        if not rows:
            return
        ids = [
            int(r["id"])
            for r in self._db.query(
                "SELECT nextval(pg_get_serial_sequence('index_terms', 'id')) AS id "
                "FROM generate_series(1, ?)",
                (len(rows),),
            )
        ]
        self._db.execute(
            "INSERT INTO index_terms (id, doc_url, n, title_len, body_len) "
            "SELECT * FROM unnest(?::bigint[], ?::text[], ?::integer[], ?::integer[], "
            "?::integer[])",
            (
                _array(ids),
                _array([r[0] for r in rows]),
                _array([r[1] for r in rows]),
                _array([r[2] for r in rows]),
                _array([r[3] for r in rows]),
            ),
        )
        if self._bulk is None:
            self._bulk = self._start_bulk()
        columns: tuple[list[Any], ...] = ([], [], [], [], [], [])
        terms, passages, title_tf, body_tf, title_len, body_len = columns
        for pid, (_, _, t_len, b_len, tf) in zip(ids, rows, strict=True):
            for term, (in_title, in_body) in tf.items():
                terms.append(term)
                passages.append(pid)
                title_tf.append(in_title)
                body_tf.append(in_body)
                title_len.append(t_len)
                body_len.append(b_len)
        self._db.execute(
            "INSERT INTO index_postings (term, passage, title_tf, body_tf, title_len, body_len) "
            "SELECT * FROM unnest(?::text[], ?::bigint[], ?::integer[], ?::integer[], "
            # by term: a term's rows of one batch share heap pages, so a search reads
            # few (about 1.7 times faster on MuSiQue than in passage order)
            "?::integer[], ?::integer[]) ORDER BY 1, 2",
            [_array(column) for column in columns],
        )
        rows.clear()

    def _start_bulk(self) -> bool:
        """Into an empty ``index_postings`` (a first build), rows go without its indexes,
        which `commit` builds at the end: many times faster than keeping them row by
        row. Only inside the ingest's transaction (it holds the index's advisory lock),
        so the dropped indexes are never seen: a search that comes meanwhile waits for
        the commit, as it waits for nothing else."""
        row = self._db.query_one(
            "SELECT NOT EXISTS (SELECT 1 FROM index_postings) AND EXISTS (SELECT 1 FROM "
            "pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND granted) "
            "AS bulk"
        )
        if not (row and row["bulk"]):
            return False
        self._db.execute("DROP INDEX IF EXISTS index_postings_by_term, index_postings_by_passage")
        return True

    def commit(self) -> None:
        self._flush()
        if self._bulk:
            for statement in POSTINGS.split(";"):
                if "CREATE INDEX" in statement:
                    self._db.execute(statement)
        passages, title, body = self._added
        if passages or title or body:
            self._db.execute(
                "UPDATE index_stats SET passages = passages + ?, "
                "title_tokens = title_tokens + ?, body_tokens = body_tokens + ?",
                (passages, title, body),
            )
        changed = [(t, d[0], d[1]) for t, d in self._df.items() if d[0] or d[1]]
        for start in range(0, len(changed), 50_000):
            chunk = changed[start : start + 50_000]
            self._db.execute(
                "INSERT INTO index_df (term, title_df, body_df) "
                "SELECT * FROM unnest(?::text[], ?::bigint[], ?::bigint[]) "
                "ON CONFLICT (term) DO UPDATE SET title_df = index_df.title_df + "
                "excluded.title_df, body_df = index_df.body_df + excluded.body_df",
                (
                    _array([t for t, _, _ in chunk]),
                    _array([a for _, a, _ in chunk]),
                    _array([b for _, _, b in chunk]),
                ),
            )
        if self._changed:
            _analyze_if_changed(self._db, self._changed)
        self._added = [0, 0, 0]
        self._changed = 0
        self._bulk = None
        self._df = {}

    def rollback(self) -> None:
        """(The store's rollback undoes what was written, dropped indexes included.)"""
        self._rows.clear()
        self._added = [0, 0, 0]
        self._changed = 0
        self._bulk = None
        self._df = {}


def _array(values: list[Any]) -> str:
    """A PostgreSQL array's text (``{1,2}``, ``{"a","b"}``): sent as one string and cast,
    it costs a fraction of what a Python list's adaptation does."""
    if values and isinstance(values[0], str):
        quoted = (v.replace("\\", "\\\\").replace('"', '\\"') for v in values)
        return "{" + ",".join(f'"{v}"' for v in quoted) + "}"
    return "{" + ",".join(map(str, values)) + "}"


def _analyze_if_changed(db: Database, changed: int) -> None:
    """``ANALYZE`` the engine's tables when a tenth of the passages or more changed: a
    fresh index has no statistics until autovacuum comes by, and without them the
    planner may scan ``index_postings`` whole for every query."""
    row = db.query_one("SELECT passages FROM index_stats")
    total = int(row["passages"]) if row else 0
    if changed * 10 >= total:
        db.execute("ANALYZE index_terms, index_postings, index_df")


class PostgresEngine:
    """BM25 over ``index_terms`` (see the module docstring)."""

    name = ENGINE

    def __init__(self, db: Database, title_boost: float = TITLE_BOOST) -> None:
        self.db = db
        self.analyzer = analyzer()
        self._title_boost = title_boost
        self._analysed: dict[str, str] = {}  # word -> its term ("" for a stop word)

    def writer(self, size: int | None = None) -> PostgresWriter:
        return PostgresWriter(self)

    def terms(self, query: str) -> list[str]:
        clean = query.encode("utf-8", "replace").decode("utf-8")
        return list(dict.fromkeys(self.analyzer.analyze(clean)))

    def search(self, query: str, k: int) -> list[tuple[str, float]]:
        terms = self.terms(query)
        if not terms or k < 1:
            return []
        rows = self.db.query(_SEARCH, (self._title_boost, terms, k))
        return [(passage_url(r["doc_url"], int(r["n"])), float(r["score"])) for r in rows]

    def matches(self, texts: list[str], terms: set[str]) -> list[list[tuple[int, int]]]:
        """As `TantivyEngine.matches`: the same analyser, so the same spans."""
        return term_spans(texts, terms, self.analyzer, self._analysed)

    def count(self) -> int:
        row = self.db.query_one("SELECT passages FROM index_stats")
        return int(row["passages"]) if row else 0

    def document_urls(self) -> set[str]:
        return {r["doc_url"] for r in self.db.query("SELECT DISTINCT doc_url FROM index_terms")}

    def close(self) -> None:
        """The store closes the shared connection."""


# One statement, the same text every time (psycopg prepares it after a few runs): each
# query term's rows come from ``index_postings`` by the term's index (a LATERAL join, so
# an index lookup per term whatever the statistics say), carrying all BM25 needs.
_SEARCH = f"""
WITH s AS MATERIALIZED (
    SELECT passages AS total,
           greatest(title_tokens::float8 / greatest(passages, 1), 1e-6) AS avg_t,
           greatest(body_tokens::float8 / greatest(passages, 1), 1e-6) AS avg_b
    FROM index_stats LIMIT 1
),
q AS MATERIALIZED (
    SELECT t.term,
           ln(1 + ((SELECT total FROM s) - d.body_df + 0.5) / (d.body_df + 0.5)) AS idf_b,
           ln(1 + ((SELECT total FROM s) - d.title_df + 0.5) / (d.title_df + 0.5)) * ? AS idf_t
    FROM unnest(?::text[]) AS t(term)
    CROSS JOIN LATERAL (
        SELECT coalesce(max(title_df), 0)::float8 AS title_df,
               coalesce(max(body_df), 0)::float8 AS body_df
        FROM index_df WHERE term = t.term
    ) d
),
top AS (
    SELECT p.passage, sum(
        q.idf_b * p.body_tf * {K1 + 1}
            / (p.body_tf + {K1} * ({1 - B} + {B} * p.body_len / (SELECT avg_b FROM s)))
        + q.idf_t * p.title_tf * {K1 + 1}
            / (p.title_tf + {K1} * ({1 - B} + {B} * p.title_len / (SELECT avg_t FROM s)))
    ) AS score
    FROM q CROSS JOIN LATERAL (
        SELECT passage, title_tf, body_tf, title_len, body_len
        FROM index_postings WHERE term = q.term
    ) p
    GROUP BY p.passage
    ORDER BY score DESC, p.passage
    LIMIT ?
)
SELECT h.doc_url, h.n, top.score
FROM top JOIN index_terms h ON h.id = top.passage
ORDER BY top.score DESC, top.passage
"""


# --- the index ------------------------------------------------------------------------


class PostgresIndex(PassageIndex):
    """A `PassageIndex` whose store and engine are PostgreSQL tables. Use `open`."""

    url: str  # the URL without its password

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str],
        create: bool = False,
        embedder: dense.Embedder | None = None,
        repair: bool = False,
    ) -> PostgresIndex:
        """The index at the URL ``path``; with ``create``, made when the schema holds
        none. A server that cannot be reached, a missing index, one built by an
        incompatible sleuth or a damaged one (`_damage`) is a `CorpusError` with one
        line; with ``repair`` (`sleuth index`), the damage is mended (`_repair`) and
        said in `repaired`."""
        url, schema = connection_url(path)
        where = redact_url(_display(os.fspath(path)))
        try:
            db = Database(url)
        except StoreError as exc:
            raise CorpusError(f"{where}: cannot open the index: {_reason(exc)}") from None
        except UsageError:  # psycopg is missing
            raise UsageError(
                f"{where}: a PostgreSQL index needs psycopg, from the postgres extra: "
                f"{INSTALL_HINT}"
            ) from None
        try:
            if schema is None:
                current = db.query_one("SELECT current_schema() AS name")
                schema = str(current["name"]) if current and current["name"] else "public"
            present = _tables(db)
            if not present:
                if not create:
                    raise CorpusError(f"{where}: no such index (build one with `sleuth index`)")
                _create(db, schema)  # the tables and their meta, at once
                present = _tables(db)
            store = PostgresPageStore(db, where, schema)
            expected = {"format": FORMAT, "analyzer": ANALYZER_VERSION, "engine": ENGINE}
            meta = store.meta() if "index_meta" in present else {}
            if meta.get("format") in OLDER_FORMATS and all(
                meta.get(k) == v for k, v in expected.items() if k != "format"
            ):
                if not create:
                    raise CorpusError(
                        f"{where}: an index of an older format ({meta['format']}, now "
                        f"{FORMAT}): upgrade it with `sleuth index SOURCE... --index "
                        f"{_display(os.fspath(path))}` (it keeps the pages, re-reads nothing)"
                    )
                _upgrade(db, schema)
                meta, present = store.meta(), _tables(db)
            if meta and any(meta.get(k) != v for k, v in expected.items()):
                found_meta = ", ".join(f"{k} {meta.get(k)}" for k in expected)
                raise CorpusError(
                    f"{where}: built by an incompatible sleuth ({found_meta}); "
                    "index into a new schema"
                )
            damage = _damage(db, present)
            if damage is not None and not repair:
                raise CorpusError(
                    f"{where}: the index is damaged ({damage.what}); run `sleuth index` with "
                    f"--index {_display(os.fspath(path))} on the same documents to repair it"
                )
        except StoreError as exc:
            db.close()
            raise CorpusError(f"{where}: cannot open the index: {_reason(exc)}") from None
        except BaseException:
            db.close()
            raise
        index = cls(Path(where), store, PostgresEngine(db), embedder)  # type: ignore[arg-type]
        index.url = where
        if damage is not None:
            try:
                done = index._repair()
            except BaseException:
                index.close()
                raise
            if done:
                index.repaired.append(done)
        return index

    def _repair(self) -> str | None:
        """Mend what `_damage` found, holding the index's lock in one transaction (a
        second repairer waits, then finds nothing to do): missing tables and indexes are
        made again; a damaged page store is emptied, so the ingest that follows reads
        every document again; the search engine is rebuilt from the page store."""
        store = cast(PostgresPageStore, self.store)
        db = store.db
        store.begin()
        try:
            present = _tables(db)
            damage = _damage(db, present)
            if damage is None:
                store.rollback()
                return None
            # rows deleted, not tables dropped: readers (searches, another opener's check)
            # go on meanwhile, and no lock they hold can deadlock with an exclusive one
            emptied = [*ENGINE_TABLES, *(STORE_TABLES[1:] if damage.store else ())]
            for table in emptied:
                if table in present:
                    db.execute(f"DELETE FROM {table}")
            _create_tables(db)  # what is missing
            if "format" not in store.meta():
                store.set_meta(_FRESH_META)
            done = self._rebuild_engine(damage.what)
            if damage.store:
                done = (
                    f"{damage.what}: the page store was emptied, so every document is read "
                    "again, and the search engine rebuilt"
                )
            built_at = datetime.now(UTC).isoformat(timespec="seconds")
            store.set_meta({"build": secrets.token_hex(6), "built_at": built_at})
            store.commit()
        except BaseException:
            store.rollback()
            raise
        return done

    def corpus(self) -> Any:
        from .view import IndexedCorpus

        return IndexedCorpus.of(self, name=f"index:{self.url}")


#: The page store's tables (the source of truth) and the search engine's (made from it).
STORE_TABLES = ("index_meta", "index_sources", "index_docs", "index_passages")
ENGINE_TABLES = ("index_terms", "index_postings", "index_stats", "index_df")
_INDEXES = ("index_docs_by_source", "index_terms_by_doc", *POSTINGS_INDEXES)
_FRESH_META = {
    "format": FORMAT,
    "analyzer": ANALYZER_VERSION,
    "engine": ENGINE,
    "passage_chars": str(PASSAGE_CHARS),
}


def _tables(db: Database) -> set[str]:
    """The index's tables that exist in the connection's schema."""
    return _found(db, (*STORE_TABLES, *ENGINE_TABLES))


def _found(db: Database, names: tuple[str, ...]) -> set[str]:
    """Which of the tables or indexes ``names`` exist (on the search path), in one query."""
    row = db.query_one(
        "SELECT array_agg(n) FILTER (WHERE to_regclass(n) IS NOT NULL) AS found "
        "FROM unnest(?::text[]) AS t(n)",
        (list(names),),
    )
    return set(row["found"] or ()) if row else set()


def _create(db: Database, schema: str) -> None:
    """A new index's schema, tables and meta, in one transaction under the index's lock,
    so that two first builds that start together take turns and neither ever sees the
    other's tables without their meta."""
    with db.transaction():
        db.execute("SELECT pg_advisory_xact_lock(?)", (_lock_key(schema),))
        db.execute(f'CREATE SCHEMA IF NOT EXISTS "{schema}"')
        _create_tables(db)
        for key, value in _FRESH_META.items():
            db.execute(
                "INSERT INTO index_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
                (key, value),
            )


def _create_tables(db: Database) -> None:
    for statement in TABLES.split(";"):
        if statement.strip():
            db.execute(statement)


class _Damage:
    """What `_damage` found: ``what`` in words, and whether the page store itself is
    damaged (``store``: it cannot be trusted, so it is emptied and read again), else only
    the search engine (rebuilt from the store)."""

    def __init__(self, what: str, store: bool) -> None:
        self.what, self.store = what, store


def _damage(db: Database, present: set[str]) -> _Damage | None:
    """What is wrong with an index's tables, if anything: a missing table or index, meta
    without its keys, a page store whose documents and passages disagree, or a search
    engine that does not hold exactly the store's passages (among them, passages
    without postings). A few cheap counts, run on every open."""
    missing = [t for t in STORE_TABLES if t not in present]
    if missing:
        return _Damage(f"{_names(missing)} missing", store=True)
    if not db.query_one("SELECT 1 AS x FROM index_meta WHERE key = 'format'"):
        return _Damage("index_meta has no format", store=False)
    missing = [t for t in ENGINE_TABLES if t not in present]
    if missing:
        return _Damage(f"{_names(missing)} missing", store=False)
    gone = sorted(set(_INDEXES) - _found(db, _INDEXES))
    if gone:
        what = f"index {gone[0]} is" if len(gone) == 1 else f"indexes {', '.join(gone)} are"
        return _Damage(f"the {what} missing", store=False)
    # one statement, so one snapshot: an ingest committing meanwhile is no damage
    counts = db.query_one(
        "SELECT (SELECT coalesce(sum(passages), 0) FROM index_docs) AS docs, "
        "(SELECT count(*) FROM index_passages) AS passages, "
        "(SELECT passages FROM index_stats WHERE one = 1) AS stats, "
        "EXISTS (SELECT 1 FROM index_postings) AS postings, "
        "(SELECT count(*) FROM index_terms) AS terms"
    )
    assert counts is not None
    held = int(counts["docs"])
    if int(counts["passages"]) != held:
        return _Damage(
            f"the page store's documents count {held} passages but it holds {counts['passages']}",
            store=True,
        )
    if counts["stats"] is None:
        return _Damage("index_stats has no row", store=False)
    if int(counts["terms"]) != held or int(counts["stats"]) != held:
        return _Damage(
            f"the search engine holds {counts['terms']} passages, the page store {held}",
            store=False,
        )
    if held and not counts["postings"]:
        return _Damage("the search engine's passages have no postings", store=False)
    return None


def _names(tables: list[str]) -> str:
    return f"table {tables[0]} is" if len(tables) == 1 else f"tables {', '.join(tables)} are"


def _upgrade(db: Database, schema: str) -> None:
    """Bring a format-2 index (terms in a ``tsvector`` column with a GIN index) to
    format 3 (``index_postings``) in one transaction: the postings are read out of the
    stored ``tsvector`` values (title positions are weighted A, text ones D), so the
    pages, passages and document frequencies stay as they are. A second process that
    upgrades at the same time waits for the first, then finds nothing to do."""
    with db.transaction():
        db.execute("SELECT pg_advisory_xact_lock(?)", (_lock_key(schema),))
        row = db.query_one("SELECT value FROM index_meta WHERE key = 'format'")
        if row is None or row["value"] not in OLDER_FORMATS:
            return
        for statement in POSTINGS.split(";"):
            if statement.strip():
                db.execute(statement)
        db.execute(
            "INSERT INTO index_postings (term, passage, title_tf, body_tf, title_len, body_len) "
            "SELECT u.lexeme, h.id, f.tt, f.tb, h.title_len, h.body_len "
            "FROM index_terms h CROSS JOIN LATERAL unnest(h.tsv) AS u(lexeme, positions, weights) "
            "CROSS JOIN LATERAL (SELECT count(*) FILTER (WHERE w = 'A') AS tt, "
            "count(*) FILTER (WHERE w = 'D') AS tb FROM unnest(u.weights) AS w) f"
        )
        db.execute("DROP INDEX IF EXISTS index_terms_tsv")
        db.execute("ALTER TABLE index_terms DROP COLUMN IF EXISTS tsv")
        db.execute("UPDATE index_meta SET value = ? WHERE key = 'format'", (FORMAT,))
        db.execute("ANALYZE index_terms, index_postings, index_df")


def display_name(target: str | os.PathLike[str]) -> str:
    """How messages name an index: a folder's path, or a URL (two slashes, even from a
    `Path`) with its password hidden."""
    text = os.fspath(target)
    return redact_url(_display(text)) if is_postgres_url(text) else text


def _display(text: str) -> str:
    """The URL as the user wrote it: pathlib folds ``//`` (and ``///``, a socket URL's
    empty host) into ``/``, so a URL seen as a `Path` gets two slashes back; a URL kept
    as text is left as it is."""
    match = _URL.match(text)
    if match is None or match[0].count("/") > 1:
        return text
    return f"{match[1]}://{text[match.end() :]}"


def _reason(exc: StoreError) -> str:
    """The driver's message without the database name `StoreError` puts first."""
    message = str(exc)
    head, sep, rest = message.partition(": ")
    return rest if sep and "://" in head else message
