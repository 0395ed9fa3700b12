"""`PassageIndex`: a folder holding a page store (SQLite) and a search engine (Tantivy).

    DIR/pages.db    documents and passages (`PageStore`), the source of truth
    DIR/tantivy/    the engine's files (`TantivyEngine`), derived from the store

It implements `sleuth.search.SearchIndex`: ``search(query, k)`` returns passage hits
(``URL#pN``, or ``URL#section-slug`` for a passage that starts a section) with the
document's title and a snippet around the query's words, read from the store; `page`
opens a passage by either name. `corpus()` gives the `IndexedCorpus` the tools open
pages from.

An `Update` changes both in one batch. The engine commits first and the store second:
if the process dies between the two, the store still has the old content hashes, so
the next ingest re-applies the same changes, and searches meanwhile drop hits the store
does not know. Re-applying is safe: when the engine holds more passages than the store
counts, that batch deletes every document from the engine by its URL before adding its
passages (even one the store has never seen), so no passage is indexed twice. Any
exception before the commit rolls both back, leaving the previous index as it was; the
exception itself is the one raised.

An index built with embeddings (``ingest(..., embeddings=True)``, the optional extra
``sleuth[embeddings]``) also keeps a dense vector per passage in the store, and then
ranks by fusing BM25 with cosine similarity (`sleuth.index.dense`); the store's meta
``dense`` names the model. Such an index opened without the extra installed is
searched by BM25 alone (logged once as a warning).
"""

from __future__ import annotations

import hashlib
import logging
import os
import secrets
import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from sleuth.corpus import Page
from sleuth.db import redact_url
from sleuth.errors import CorpusError, UsageError
from sleuth.passages import (
    HEADING_SEPARATOR,
    PASSAGE_CHARS,
    anchor_url,
    parse_passage_url,
    passage_title,
    passage_url,
)
from sleuth.search import Hit
from sleuth.text import normalize_space

from . import dense
from .engine import EngineWriter, LexicalEngine
from .store import PageStore, StoredPassage
from .tantivy_engine import ANALYZER_VERSION, TantivyEngine

if TYPE_CHECKING:
    from .view import IndexedCorpus

#: 2: integer keys in the page store; 3: the engine stores document URL and passage
#: number, and indexes no passage URL
FORMAT = "sleuth-index-3"
STORE_FILE = "pages.db"
ENGINE_DIR = "tantivy"
SNIPPET_CHARS = 220

log = logging.getLogger("sleuth")


class PassageIndex:
    """An on-disk passage index; see the module docstring. Use `open`."""

    def __init__(
        self,
        path: Path,
        store: PageStore,
        engine: LexicalEngine,
        embedder: dense.Embedder | None = None,
    ) -> None:
        self.path = path
        self.store = store
        self.engine = engine
        self._embedder = embedder
        self._vectors: tuple[int, dense.DenseVectors] | None = None  # (data_version, ...)
        self._lexical_only = False  # set when the embeddings extra is missing
        self._model = store.meta().get("dense")  # the embedding model, if any
        self.repaired: list[str] = []  # damage found by `open` and repaired

    @classmethod
    def open(
        cls,
        path: str | Path,
        create: bool = False,
        embedder: dense.Embedder | None = None,
        repair: bool = False,
    ) -> PassageIndex:
        """The index in ``path``; with ``create``, a new one when ``path`` is missing or
        an empty folder. Anything else is a `CorpusError` with one line. ``embedder``
        encodes queries for an index built with embeddings (by default the model the
        index names, loaded on the first search).

        Opening checks the parts: a missing or unreadable engine folder, a missing
        ``meta.json`` or segment file, or an engine that is empty while the store holds
        passages is damage — a `CorpusError` naming the fix, or with ``repair`` (what
        `sleuth.ingest.ingest` does) the engine rebuilt from the store, said in
        `repaired`. A ``postgresql://`` URL is `sleuth.index.open_index`'s (it opens a
        `sleuth.index.pg.PostgresIndex`); here it is a `UsageError` saying so."""
        if is_postgres_url(path):
            raise UsageError(
                f"{redact_url(os.fspath(path))}: a PostgreSQL index; open it with "
                "sleuth.index.open_index"
            )
        where = Path(path).expanduser()
        db = where / STORE_FILE
        if not db.is_file():
            if not create:
                if not where.exists():
                    raise CorpusError(f"{path}: no such index (build one with `sleuth index`)")
                raise CorpusError(f"{path}: not a sleuth index (no {STORE_FILE})")
            if where.exists() and (not where.is_dir() or any(where.iterdir())):
                raise CorpusError(
                    f"{path}: exists and is not a sleuth index; give a new or empty folder"
                )
        try:
            where.mkdir(parents=True, exist_ok=True)
            store = PageStore(db)
        except (OSError, sqlite3.Error) as exc:
            raise CorpusError(f"{path}: cannot open the index: {exc}") from None
        expected = {"format": FORMAT, "analyzer": ANALYZER_VERSION, "engine": "tantivy"}
        meta = store.meta()
        if not meta:
            store.set_meta({**expected, "passage_chars": str(PASSAGE_CHARS)})
        elif any(meta.get(k) != v for k, v in expected.items()):
            store.close()
            found = ", ".join(f"{k} {meta.get(k)}" for k in expected)
            raise CorpusError(
                f"{path}: built by an incompatible sleuth ({found}); index into a new folder"
            )
        try:
            engine, damage = _open_engine(where / ENGINE_DIR, store, bool(meta))
        except sqlite3.DatabaseError as exc:
            store.close()
            raise CorpusError(
                f"{path}: the page store {STORE_FILE} is damaged ({exc}); delete the folder "
                "and index the documents again"
            ) from None
        if damage is not None and not repair:
            store.close()
            raise CorpusError(
                f"{path}: the index is damaged ({damage}); run `sleuth index` with "
                f"--index {path} on the same documents to rebuild it"
            )
        if damage is not None:
            if engine is not None:
                engine.close()
            shutil.rmtree(where / ENGINE_DIR, ignore_errors=True)
            engine = TantivyEngine(where / ENGINE_DIR)
        assert engine is not None
        index = cls(where, store, engine, embedder)
        if damage is not None:
            index.repaired.append(index._rebuild_engine(damage))
        return index

    def _rebuild_engine(self, damage: str) -> str:
        """Fill a new, empty search engine from the page store (the source of truth);
        returns what was done, for the ingest report."""
        writer = self.engine.writer()
        count = 0
        try:
            for url, number, title, heading, text in self.store.all_passages():
                writer.add(url, number, engine_title(title, heading), text)
                count += 1
            writer.commit()
        except BaseException:
            writer.rollback()
            raise
        log.info("%s: %s; search engine rebuilt from %d passages", self.path, damage, count)
        return f"{damage}: the search engine was rebuilt from {count} stored passages"

    def __enter__(self) -> PassageIndex:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        self.engine.close()
        self.store.close()

    # --- searching -----------------------------------------------------------------------

    def search(self, query: str, k: int = 5) -> list[Hit]:
        """The best ``k`` passages for ``query``, best first, with snippets."""
        ranked = self.search_urls(query, k)
        if not ranked:
            return []
        found = []
        for url, score in ranked:
            parsed = parse_passage_url(url)
            stored = self.store.passage(*parsed) if parsed else None
            if stored is not None:  # else the engine is ahead of the store (see above)
                if stored.anchor:  # a section's start is named by its heading
                    url = anchor_url(stored.doc.url, stored.anchor)
                found.append((url, score, stored))
        spans = self.engine.matches([s.text for _, _, s in found], set(self.engine.terms(query)))
        return [
            Hit(
                url=url,
                title=section_title(stored.doc.title, stored.heading),
                snippet=make_snippet(stored.text, where),
                score=score,
            )
            for (url, score, stored), where in zip(found, spans, strict=True)
        ]

    def search_urls(self, query: str, k: int = 10) -> list[tuple[str, float]]:
        """Ranking only: ``(passage URL, score)``. BM25 scores, or with embeddings
        reciprocal-rank-fusion scores (a query without content words finds nothing
        either way)."""
        model = self._model
        if model is None or self._lexical_only or k < 1:
            return self.engine.search(query, k)
        embedder = self._query_embedder(model)
        if embedder is None or not self.engine.terms(query):
            return self.engine.search(query, k)
        depth = max(k, dense.FUSE_DEPTH)
        lexical = [url for url, _ in self.engine.search(query, depth)]
        vector = embedder.encode([query])[0]
        nearest = [url for url, _ in self._dense(embedder.dim).search(vector, depth)]
        return dense.fuse([lexical, nearest], k)

    def _query_embedder(self, model: str) -> dense.Embedder | None:
        if self._embedder is None:
            try:
                self._embedder = dense.load_embedder(model)
            except Exception as exc:  # the extra is missing: BM25 alone, said once
                log.warning("%s: searching by BM25 alone: %s", self.path, exc)
                self._lexical_only = True
                return None
        if self._embedder.name != model:
            raise CorpusError(f"{self.path}: embedded with {model}, not {self._embedder.name}")
        return self._embedder

    def _dense(self, dim: int) -> dense.DenseVectors:
        """The stored vectors, read again whenever the store has changed."""
        version = self.store.data_version()
        if self._vectors is None or self._vectors[0] != version:
            rows = [(passage_url(u, n), vec) for u, n, vec in self.store.vectors()]
            self._vectors = (version, dense.DenseVectors.from_rows(rows, dim))
        return self._vectors[1]

    def corpus(self) -> IndexedCorpus:
        from .view import IndexedCorpus

        return IndexedCorpus.of(self)

    def build(self) -> tuple[str, str | None]:
        """Which build of the index this is, and when it was built: a new id with every
        `sleuth index` that changed anything (an index from before builds were recorded:
        a digest of the engine's ``meta.json``, which changes with each commit)."""
        meta = self.store.meta()
        if meta.get("build"):
            return meta["build"], meta.get("built_at")
        try:
            engine_meta = (self.path / ENGINE_DIR / "meta.json").read_bytes()
        except OSError:
            engine_meta = b""
        return "t" + hashlib.sha256(engine_meta).hexdigest()[:11], None

    def counts(self) -> tuple[int, int]:
        """(documents, passages) in the store."""
        return self.store.counts()

    def page(self, url: str) -> Page | None:
        """What ``open`` shows for ``url``: a passage (``URL#pN``) or a whole document.

        A passage's title names its section, its place and the next passage (by its
        section's anchor when it starts one), so a reader can go on:
        ``Title › Section [passage 3/7; next: URL#p4]``; its text begins with
        its heading path (`shown_text`), so a quote or an answer may use it. A passage
        that starts a section opens by its anchor too (``URL#parameters``)."""
        if "#" in url:
            stored = self.passage(url)
            if stored is not None:
                doc, n, count = stored.doc, stored.number, stored.count
                title = section_title(doc.title, stored.heading)
                nxt = self._name(doc.url, n + 1) if n < count else None
                title = passage_title(title, n, count, nxt)
                return Page(
                    url=url,
                    title=title,
                    body=shown_text(stored.text, stored.heading),
                    tags=doc.tags,
                    published=doc.published,
                    version=doc.version,
                    authority=doc.authority,
                    links=doc.links,
                    aliases=self._aliases(url, doc.url, n, stored.anchor),
                )
        return self.store.document(url)

    @staticmethod
    def _aliases(url: str, doc_url: str, number: int, anchor: str) -> tuple[str, ...]:
        """The passage's other name: ``URL#pN`` for one opened as ``URL#slug``, and the
        other way round for a passage that starts a section."""
        names = [passage_url(doc_url, number)]
        if anchor:
            names.append(anchor_url(doc_url, anchor))
        return tuple(name for name in names if name != url)

    def has_page(self, url: str) -> bool:
        parsed = parse_passage_url(url)
        if parsed is not None and self.store.has_passage(*parsed):
            return True
        if self.store.has_document(url):
            return True
        return parsed is None and "#" in url and self.passage(url) is not None

    def _name(self, doc_url: str, number: int) -> str:
        """What a passage is called in hits and continuations: ``URL#slug`` when it
        starts a section, else ``URL#pN``."""
        anchor = self.store.anchor(doc_url, number)
        return anchor_url(doc_url, anchor) if anchor else passage_url(doc_url, number)

    def passage(self, url: str) -> StoredPassage | None:
        """The passage ``url`` names: ``URL#pN``, or ``URL#slug`` for the passage that
        starts that section (an index built before anchors knows only ``#pN``)."""
        parsed = parse_passage_url(url)
        if parsed is not None:
            return self.store.passage(*parsed)
        doc, sep, anchor = url.rpartition("#")
        return self.store.passage_at(doc, anchor) if sep and doc else None

    def page_urls(self) -> Iterator[str]:
        for doc, n in self.store.passage_keys():
            yield passage_url(doc, n)

    # --- writing -------------------------------------------------------------------------

    @contextmanager
    def update(self, size: int | None = None) -> Iterator[Update]:
        """A batch of changes: committed by `Update.commit`, rolled back otherwise.
        ``size``, when known, is at most how many bytes of text it adds (the engine's
        writer is sized to it)."""
        try:
            writer = self.engine.writer(size)
        except ValueError as exc:  # Tantivy's lock: one writer per index
            raise CorpusError(
                f"{self.path}: cannot write the index (is another `sleuth index` running?): {exc}"
            ) from None
        try:
            self.store.begin()
        except sqlite3.Error as exc:
            writer.rollback()
            raise CorpusError(f"{self.path}: cannot write the page store: {exc}") from None
        # a crash between the engine's commit and the store's leaves passages in the engine
        # that the store does not count: only then must new documents be deleted first
        repair = self.engine.count() != self.store.counts()[1]
        batch = Update(self.store, writer, repair=repair, engine=self.engine)
        try:
            yield batch
        finally:
            self._vectors = None  # this connection's own commits leave data_version be
            if not batch.committed:
                try:
                    writer.rollback()
                except Exception:  # never hide the error that stopped the batch
                    pass
                finally:
                    self.store.rollback()
        self._model = self.store.meta().get("dense")


class Update:
    """Changes to a `PassageIndex`, applied to the store and the engine together."""

    def __init__(
        self,
        store: PageStore,
        writer: EngineWriter,
        repair: bool = False,
        engine: LexicalEngine | None = None,
    ) -> None:
        self._store = store
        self._writer = writer
        self._repair = repair
        self._engine = engine
        self._was_empty = store.counts()[0] == 0  # then nothing has an owner yet
        # a first ingest: no source has a stamp or documents but those this batch wrote,
        # so asking the store for each file's (and flushing its queued rows) is not needed
        self._fresh = self._was_empty and not store.has_sources()
        self._touched: set[str] = set()  # sources this batch wrote
        self._changed = repair  # anything written: the commit is a new build
        self.committed = False

    def source_fingerprint(self, source: str) -> str | None:
        if self._fresh and source not in self._touched:
            return None
        return self._store.stamp(source)

    def set_source(self, source: str, stamp: str) -> None:
        self._touched.add(source)
        self._store.set_stamp(source, stamp)

    def sources(self) -> list[str]:
        return self._store.sources()

    def documents_of(self, source: str) -> list[str]:
        if self._fresh and source not in self._touched:
            return []
        return self._store.documents_of(source)

    def document_hashes(self, source: str) -> dict[str, str]:
        if self._fresh and source not in self._touched:
            return {}
        return self._store.document_hashes(source)

    def owner(self, url: str) -> str | None:
        """The source a stored document came from, or None."""
        return None if self._was_empty else self._store.owner(url)

    def put(
        self,
        page: Page,
        source: str,
        digest: str,
        passages: list[str],
        owner: str | None,
        headings: list[str] | None = None,
        anchors: list[str] | None = None,
    ) -> None:
        """Add or replace a document with its passages (``page.body`` split) and, for a
        document with headings, the heading path and section anchor (or ``""``) of
        each; ``owner`` is what `owner`
        said of its URL (None: a new document). A new document is deleted from the
        engine first too when the batch repairs a crash (see `PassageIndex.update`):
        the engine may then hold passages of documents the store does not know."""
        url, title, add = page.url, page.title, self._writer.add
        self._changed = True
        self._touched.add(source)
        if owner is not None:
            self._store.remove(url)
        if owner is not None or self._repair:
            self._writer.delete_document(url)
        self._store.put(page, source, digest, passages, headings, anchors)
        if headings is None:
            for n, text in enumerate(passages, start=1):
                add(url, n, title, text)
        else:
            for n, (text, heading) in enumerate(zip(passages, headings, strict=True), start=1):
                add(url, n, engine_title(title, heading), text)

    def remove(self, url: str) -> None:
        self._changed = True
        self._store.remove(url)
        self._writer.delete_document(url)

    def remove_source(self, source: str) -> int:
        """Remove a source and its documents; returns how many documents went."""
        self._touched.add(source)
        urls = self._store.remove_source(source)
        self._changed = self._changed or bool(urls)
        for url in urls:
            self._writer.delete_document(url)
        return len(urls)

    def embed_missing(self, embedder: dense.Embedder) -> int:
        """Give every passage without a vector its vector (``title`` + text); returns
        how many were embedded, and records the model in the store's meta."""
        done = 0
        for rows in self._store.missing_vectors(dense.EMBED_BATCH):
            vectors = embedder.encode([f"{title}\n{text}" for _, title, text in rows])
            self._store.put_vectors(
                [(key, dense.to_blob(v)) for (key, _, _), v in zip(rows, vectors, strict=True)]
            )
            done += len(rows)
        self._changed = self._changed or done > 0
        self._store.set_meta({"dense": embedder.name, "dense_dim": str(embedder.dim)})
        return done

    def drop_vectors(self) -> None:
        """Back to BM25 alone: every vector goes, and the meta that named the model."""
        self._changed = True
        self._store.drop_vectors()
        self._store.delete_meta("dense", "dense_dim")

    def commit(self) -> None:
        if self._repair and self._engine is not None:
            # after a crash between the two commits the engine may also hold documents
            # that are gone from their files since: nothing in the store names them
            for url in self._engine.document_urls() - self._store.document_urls():
                self._writer.delete_document(url)
        if self._changed or "build" not in self._store.meta():
            # a new build: what a run records it read (`PassageIndex.build`)
            built_at = datetime.now(UTC).isoformat(timespec="seconds")
            self._store.set_meta({"build": secrets.token_hex(6), "built_at": built_at})
        self._writer.commit()
        self._store.commit()
        self.committed = True


def make_snippet(text: str, spans: list[tuple[int, int]], width: int = SNIPPET_CHARS) -> str:
    """About ``width`` characters of ``text`` around the window with the most query
    words (``spans``), cut at spaces, with ``…`` where text was left out."""
    if len(text) <= width:
        return normalize_space(text)
    start = 0
    if spans:
        best_count, best_at = 0, 0
        counts: dict[str, int] = {}
        words = [text[a:b].lower() for a, b in spans]
        reach = width * 3 // 4
        j = 0
        for i, (s, _e) in enumerate(spans):  # a sliding window of query words
            while j < len(spans) and spans[j][1] <= s + reach:
                counts[words[j]] = counts.get(words[j], 0) + 1
                j += 1
            if len(counts) > best_count:
                best_count, best_at = len(counts), s
            if j > i:
                counts[words[i]] -= 1
                if not counts[words[i]]:
                    del counts[words[i]]
        start = max(0, best_at - width // 4)
        if start > 0:
            space = text.find(" ", start, best_at)
            start = space + 1 if space >= 0 else start
    end = min(len(text), start + width)
    if end < len(text):
        space = text.rfind(" ", start, end)
        end = space if space > start else end
    snippet = normalize_space(text[start:end])
    return ("… " if start > 0 else "") + snippet + (" …" if end < len(text) else "")


def _open_engine(
    where: Path, store: PageStore, built: bool
) -> tuple[TantivyEngine | None, str | None]:
    """The engine in ``where`` and what is wrong with it (None: nothing). ``built``: the
    store has been written before, so the engine's files must be there."""
    if not built:
        return TantivyEngine(where), None
    if not where.is_dir():
        return None, f"{ENGINE_DIR}/ is missing"
    if not (where / "meta.json").is_file():
        return None, f"{ENGINE_DIR}/meta.json is missing"
    try:
        engine = TantivyEngine(where)
        count = engine.count()
    except (OSError, ValueError) as exc:
        return None, f"the search engine files cannot be read: {exc}"
    if count == 0 and store.counts()[1] > 0:
        return engine, "the search engine is empty but the page store holds passages"
    return engine, None


def section_title(title: str, heading: str) -> str:
    """A passage's title: its document's, with the headings above the passage that are
    not the title itself (``Agent › Parameters``)."""
    if not heading:
        return title
    parts = heading.split(HEADING_SEPARATOR)
    if parts[0] == title:
        parts = parts[1:]
    return HEADING_SEPARATOR.join([title, *parts]) if parts else title


def engine_title(title: str, heading: str) -> str:
    """What the engine indexes as a passage's title: the document's title and the
    passage's headings (so a section's name counts as a title word)."""
    if not heading:
        return title
    return f"{title}\n{heading}" if not heading.startswith(title) else heading


def shown_text(text: str, heading: str) -> str:
    """The text ``open`` shows for a passage: its heading path on the first line, then
    the passage (the first passage, which begins with the title, goes without)."""
    if not heading:
        return text
    if HEADING_SEPARATOR not in heading and text.startswith(heading):
        return text
    return f"{heading}\n\n{text}"


def is_postgres_url(path: str | os.PathLike[str]) -> bool:
    """A ``postgresql://`` (or ``postgres://``) URL, also after `pathlib.Path` has folded
    its ``//`` into one ``/``."""
    return os.fspath(path).lower().startswith(("postgresql:/", "postgres:/"))


def index_exists(path: str | Path) -> bool:
    return os.path.isfile(Path(path) / STORE_FILE)
