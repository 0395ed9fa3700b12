"""The incremental ingest: which files and documents changed (by content hash), what is
written, updated and removed in the index, and the report of it all."""

from __future__ import annotations

import contextlib
import hashlib
import logging
import re
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sleuth.corpus import Page
from sleuth.errors import UsageError
from sleuth.ingest.discover import IngestError, Problem, Source, discover
from sleuth.ingest.parallel import Read, ReadPool, asked_for, workers_for, worth_pooling
from sleuth.ingest.read import MAX_FILE_BYTES, Sectioned, read_documents, too_big
from sleuth.passages import PASSAGE_CHARS, parse_passage_url, split_passages

if TYPE_CHECKING:
    from sleuth.index import Update
    from sleuth.index.dense import Embedder

__all__ = [
    "INGEST_VERSION",
    "IngestReport",
    "ProgressCallback",
    "document_hash",
    "fingerprint",
    "ingest",
]

log = logging.getLogger("sleuth")

#: Bumped whenever reading or splitting changes, so every file is read again (and every
#: document read from a file is written again: the version is part of its hash).
INGEST_VERSION = "21"  # 6: MyST, reST object descriptions; 7: MyST colon fences; 8: MyST
# targets in list items (and on any line of a paragraph); 9: a list item's parts in
# document order, its setext headings kept; 10: an unknown reST directive's body that
# reads as code is code; 11: a docstring's sentences do not make code prose; 12: reST
# interpreted text that names code is code (`Schema <marshmallow.Schema>`: `Schema`); 13:
# a Sphinx extension's role reads as Sphinx shows it, :pep:/:rfc: take a title or an
# anchor, a seealso's line is reST, a .txt file written in reST is read as reST; 14: a
# document of several top-level headings has no title heading (`formats.page_title`); 15:
# a line leading into a block goes to the next passage with it (`passages.split_blocks`);
# 16: Markdown footnote marks ("[^1]") and template statement lines ("{% raw %}") are no text;
# 17: a reST object description's long signature heads it by its name and is its first line;
# 18: a tracker's number in a link role (":gh:`754`") is "#754"; 19: the name a Sphinx info
# field gives (":param int pool_size:", ":raises VerificationError:") is code; 20: docutils'
# system messages in a table cell ("Duplicate implicit target name") are no text; 21: a
# .txt file's Markdown marks count at three spaces' indent at most and outside a reST
# block's body, and a reST title's tilde adornment is no fence (WebOb's pages, with "# ..."
# comments in literal blocks, were read as plain text)


ProgressCallback = Callable[[int, int], None]  # (bytes done, bytes in all)


@dataclass
class IngestReport:
    """What an ingest did, in documents (added, updated, removed, unchanged) and files."""

    added: int = 0
    updated: int = 0
    removed: int = 0
    unchanged: int = 0
    files_read: int = 0
    files_unchanged: int = 0
    files_removed: int = 0
    passages_written: int = 0
    passages_embedded: int = 0  # dense vectors computed (an index with embeddings)
    problems: list[Problem] = field(default_factory=list)
    ignored: list[Problem] = field(default_factory=list)  # hidden files, site settings
    warnings: list[Problem] = field(default_factory=list)  # read, but not whole
    repaired: list[str] = field(default_factory=list)  # damage found in the index and fixed
    documents: int = 0  # in the index afterwards
    passages: int = 0  # in the index afterwards
    elapsed_s: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "added": self.added,
            "updated": self.updated,
            "removed": self.removed,
            "unchanged": self.unchanged,
            "skipped": [
                {"file": p.file, "line": p.line, "problem": p.message} for p in self.problems
            ],
            "files": {
                "read": self.files_read,
                "unchanged": self.files_unchanged,
                "removed": self.files_removed,
                "skipped": len({p.file for p in self.problems}),
            },
            "ignored": [{"file": p.file, "reason": p.message} for p in self.ignored],
            "warnings": [{"file": p.file, "warning": p.message} for p in self.warnings],
            "repaired": list(self.repaired),
            "passages_written": self.passages_written,
            "passages_embedded": self.passages_embedded,
            "documents": self.documents,
            "passages": self.passages,
            "elapsed_s": round(self.elapsed_s, 3),
        }


def fingerprint(data: bytes | Iterable[bytes], source: Source) -> str:
    """What must stay the same for a file to be skipped: its bytes (given whole or in
    chunks), the URL its document gets and the version of the reading and splitting
    code."""
    digest = hashlib.blake2b(digest_size=20)
    for chunk in [data] if isinstance(data, bytes) else data:
        digest.update(chunk)
    digest.update(f"\0{source.kind}\0{source.doc_url}\0{INGEST_VERSION}".encode())
    return digest.hexdigest()


def _read(source: Source, max_bytes: int) -> tuple[bytes | None, str | None, int]:
    """``(bytes, stamp, size)`` of a file: JSONL is hashed in chunks and not kept (it is
    streamed later); any other file is read whole, unless it is over ``max_bytes``
    (then the stamp is None)."""
    if source.kind == "jsonl":
        size = 0
        with source.path.open("rb") as handle:

            def chunks() -> Iterator[bytes]:
                nonlocal size
                while chunk := handle.read(1 << 20):
                    size += len(chunk)
                    yield chunk

            stamp = fingerprint(chunks(), source)
        return None, stamp, size
    size = source.path.stat().st_size
    if size > max_bytes:
        return None, None, size
    data = source.path.read_bytes()
    return data, fingerprint(data, source), len(data)


@dataclass(frozen=True)
class _File:
    """A changed file as read from disk: its bytes (None: streamed JSONL, or too big),
    stamp and size, or the error that stopped the read."""

    source: Source
    data: bytes | None
    stamp: str | None
    size: int
    error: str | None = None


def _read_or_error(source: Source, max_bytes: int) -> _File:
    try:
        data, stamp, size = _read(source, max_bytes)
    except OSError as exc:
        return _File(source, None, None, 0, exc.strerror or str(exc))
    return _File(source, data, stamp, size)


def document_hash(page: Page, version: str = "") -> str:
    """The content hash of one document (every field that is stored; ``version``: the
    reading and splitting code's, for a document read from a file)."""
    meta = f"{page.title}\0{page.tags!r}\0{page.published}\0{page.version}\0{page.authority}\0"
    meta += version
    if page.links:
        meta += "\0" + "\0".join(page.links)
    digest = hashlib.blake2b(meta.encode("utf-8", "surrogatepass"), digest_size=16)
    digest.update(page.body.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


# --- the ingest --------------------------------------------------------------------------------


def ingest(
    paths: Sequence[str | Path],
    index_dir: str | Path,
    *,
    base_url: str | None = None,
    strict: bool = False,
    max_file_bytes: int = MAX_FILE_BYTES,
    passage_chars: int = PASSAGE_CHARS,
    on_progress: ProgressCallback | None = None,
    embeddings: bool | None = None,
    embedder: Embedder | None = None,
) -> IngestReport:
    """Bring the index at ``index_dir`` (created if absent) up to date with the files
    under ``paths``; see the module docstring. Returns what changed; problems are in
    the report (with ``strict``, the first one raises `IngestError` and nothing is
    written).

    ``embeddings`` turns hybrid search on (True: every passage gets a dense vector, see
    `sleuth.index.dense`; needs the ``sleuth[embeddings]`` extra, or an ``embedder``) or
    off (False: the vectors are dropped); None keeps what the index has. An index with
    embeddings keeps them up to date on every ingest."""
    from sleuth.index import open_index
    from sleuth.index.dense import load_embedder

    if base_url is not None and not re.match(r"^[A-Za-z][A-Za-z0-9+.-]*://", base_url):
        raise UsageError(f"--base-url {base_url!r}: expected an absolute URL like https://host/")
    started = time.perf_counter()
    ignored: list[Problem] = []
    sources, problems = discover(paths, base_url, skip=Path(index_dir), ignored=ignored)
    report = IngestReport(problems=list(problems), ignored=ignored)
    if strict and problems:
        raise IngestError(str(problems[0]))
    total = sum(_size(s.path) for s in sources)
    done = 0

    def advance(size: int) -> None:
        nonlocal done
        done += size
        if on_progress:
            on_progress(min(done, total), total)

    roots = [Path(p).expanduser().resolve() for p in paths]
    run_keys = {s.key for s in sources}
    if embeddings and embedder is None:  # a missing extra stops the ingest before it starts
        embedder = load_embedder()
    # forked before the index (and its engine's threads) exists; used if enough changed
    readable = [_size(s.path) for s in sources if s.kind != "jsonl"]
    asked = asked_for()
    workers = workers_for(len(readable)) if worth_pooling(readable, asked=asked) else 1
    pool = ReadPool(workers, max_file_bytes, passage_chars) if workers > 1 else None
    with (
        contextlib.closing(pool) if pool is not None else contextlib.nullcontext(),
        open_index(index_dir, create=True, repair=True) as index,
        index.update(size=total) as update,
    ):
        report.repaired.extend(index.repaired)
        model = index.store.meta().get("dense")
        if embeddings is None and model is not None:  # checked before anything is written
            embeddings = True
            embedder = embedder or load_embedder(model)
        if embeddings and embedder is not None and model not in (None, embedder.name):
            raise UsageError(
                f"{index_dir}: embedded with {model}, not {embedder.name}; "
                "turn embeddings off first (embeddings=False) or index into a new folder"
            )
        run = _Run(update, report, run_keys, strict, max_file_bytes, passage_chars, advance)
        # Files that did not change first: their documents stay theirs, so a changed file
        # read later that names one of their URLs gets it reported as a duplicate.
        changed: list[Source] = []
        for source in sources:
            stored = update.source_fingerprint(source.key)
            if stored is None:
                changed.append(source)  # new
                continue
            try:
                _, stamp, size = _read(source, max_file_bytes)
            except OSError:
                changed.append(source)  # reported when it is read below
                continue
            if stamp is None or stamp != stored.removeprefix(_REREAD):
                changed.append(source)
                continue
            urls = update.documents_of(source.key)
            run.claimed.update((url, source.key) for url in urls)
            if stored.startswith(_REREAD):  # same bytes, but read again for its problems
                changed.append(source)
                continue
            report.files_unchanged += 1
            report.unchanged += len(urls)
            advance(size)
        files = [_read_or_error(source, max_file_bytes) for source in changed]
        pooled = [
            (f.source, f.data)
            for f in files
            if f.data is not None and f.source.kind != "jsonl" and f.stamp is not None
        ]
        reads: Iterator[Read] = iter(())
        if pool is not None and worth_pooling([len(data) for _, data in pooled], asked=asked):
            reads = pool.read(pooled)
        else:
            pooled = []
        pooled_keys = {source.key for source, _ in pooled}
        for f in files:
            source, data, stamp, size = f.source, f.data, f.stamp, f.size
            if f.error is not None:
                _problem(report, Problem(str(source.path), f"cannot read: {f.error}"), strict)
                continue
            streamed = data is None and stamp is not None  # JSONL: advanced line by line
            if stamp is None:
                advance(size)
                _problem(report, Problem(str(source.path), too_big(size, max_file_bytes)), strict)
                continue
            report.files_read += 1
            items = next(reads) if source.key in pooled_keys else None
            run.read_file(source, data, stamp, items)
            if not streamed:
                advance(size)
        for key in update.sources():
            path = Path(key)
            if key in run_keys or path.exists() or not any(_is_under(path, r) for r in roots):
                continue
            report.removed += update.remove_source(key)
            report.files_removed += 1
        if embeddings and embedder is not None:
            report.passages_embedded = update.embed_missing(embedder)
        elif model is not None and embeddings is False:
            update.drop_vectors()
        update.commit()
        report.documents, report.passages = index.counts()
    report.elapsed_s = time.perf_counter() - started
    return report


@dataclass
class _Run:
    """One ingest's open update and what it has seen so far."""

    update: Update
    report: IngestReport
    run_keys: set[str]  # every source of this ingest
    strict: bool
    max_file_bytes: int
    passage_chars: int
    on_bytes: Callable[[int], None]
    claimed: dict[str, str] = field(default_factory=dict)  # document URL -> source, so far

    def problem(self, problem: Problem) -> None:
        _problem(self.report, problem, self.strict)

    def read_file(
        self, source: Source, data: bytes | None, stamp: str, items: Read | None = None
    ) -> None:
        """Read one changed file: new and changed documents written, documents gone
        from it removed. A file with problems (bad lines or pages, duplicate URLs) still
        owns its good documents, but its stamp is marked to be read again, so its
        problems are reported (and a duplicate given up elsewhere is taken) next time.
        A Markdown file whose includes name files inside the folder is marked the same
        way, so a change to an included file is seen. A text, Markdown, HTML or JSON
        file that cannot be read keeps its previous documents. ``items``: what a reader
        process made of it (`sleuth.ingest.parallel`), else it is read here."""
        update, report, key, chars = self.update, self.report, source.key, self.passage_chars
        old = update.document_hashes(key)
        kept: set[str] = set()
        failed = False  # some part of the file was skipped
        broken = False  # the whole of a non-JSONL file could not be read
        # the hot loop of a large ingest: names bound locally, counts added up at the end
        claimed, owner_of, put, split = self.claimed, update.owner, update.put, split_passages
        added = updated = unchanged = written = 0
        includes = False  # its includes name files: read it again every time
        try:
            if items is None:
                read_items: Iterable[Page | Sectioned | Problem] = read_documents(
                    source, data, self.max_file_bytes, self.on_bytes, chars
                )
            else:
                read_items = items
            for read in read_items:
                spans: list[tuple[int, int, str]] | None = None
                anchors: list[str] | None = None
                if type(read) is Sectioned:
                    item: Page | Problem = read.page
                    spans, anchors = read.spans, read.anchors
                    # read again next time: a change to what it includes is seen, and
                    # a warning is said again until it is fixed
                    includes = includes or bool(read.followed) or bool(read.warnings)
                    report.warnings.extend(Problem(key, w) for w in read.warnings)
                else:
                    item = read  # type: ignore[assignment]  # a Page or a Problem
                if isinstance(item, Problem):
                    failed = True
                    broken = source.kind != "jsonl"
                    self.problem(item)
                    continue
                url = item.url
                owner = key if url in old else owner_of(url)  # `old` is this file's, stored
                bad = _bad_text(source, item)
                if bad is None and (url in claimed or (owner is not None and owner != key)):
                    bad = self._duplicate(source, url, owner)
                if bad is not None:
                    failed = True  # like a bad line: read again (and reported) next time
                    self.problem(bad)
                    continue
                claimed[url] = key
                kept.add(url)
                digest = document_hash(item, "" if spans is None else INGEST_VERSION)
                if owner == key and old.get(url) == digest:
                    unchanged += 1
                    continue
                body = item.body
                if spans is None:
                    pieces = [body[a:b] for a, b in split(body, chars)]
                    put(item, key, digest, pieces, owner)
                    written += len(pieces)
                else:
                    texts = [body[a:b] for a, b, _ in spans]
                    headings = [h for _, _, h in spans]
                    put(item, key, digest, texts, owner, headings, anchors or None)
                    written += len(texts)
                if owner is None:
                    added += 1
                else:
                    updated += 1
        finally:
            report.added += added
            report.updated += updated
            report.unchanged += unchanged
            report.passages_written += written
        if broken:
            if (old or kept) and update.source_fingerprint(source.key) is None:
                update.set_source(source.key, _REREAD + stamp)  # so its removal is seen
            return
        for url in old.keys() - kept:
            update.remove(url)
            report.removed += 1
        update.set_source(source.key, _REREAD + stamp if failed or includes else stamp)

    def _duplicate(self, source: Source, url: str, owner: str | None) -> Problem | None:
        """A problem when another file has ``url``: one read earlier in this ingest, or
        one outside it that still exists (a file that is gone gives its pages up)."""
        earlier = self.claimed.get(url)
        if earlier is not None and earlier != source.key:
            return Problem(str(source.path), _twice(url, earlier))
        outside = owner is not None and owner != source.key and owner not in self.run_keys
        if outside and owner is not None and Path(owner).exists():
            return Problem(str(source.path), _twice(url, owner))
        return None


def _bad_text(source: Source, page: Page) -> Problem | None:
    """A problem when ``page`` has no text or text no index can store."""
    url, title, body = page.url, page.title, page.body
    if not (url.isascii() and title.isascii() and body.isascii()) and (
        _has_surrogate(url) or _has_surrogate(title) or _has_surrogate(body)
    ):
        return Problem(
            str(source.path), f"page {url!r}: text has a lone surrogate (bad \\u escape)"
        )
    if not body or body.isspace():
        return Problem(str(source.path), f"page {url!r} has no text")
    if "#p" in url and parse_passage_url(url) is not None:
        return Problem(
            str(source.path), f"page {url!r}: a URL ending in #pN is kept for passages; skipped"
        )
    return None


def _has_surrogate(text: str) -> bool:
    """Whether ``text`` holds a lone surrogate (U+D800 to U+DFFF), the one character
    UTF-8 cannot encode: encoding a page's text finds one several times faster than a
    regular expression looking at each character."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


#: Marks a stored stamp as "read this file again": it never equals a fingerprint.
_REREAD = "!"


def _problem(report: IngestReport, problem: Problem, strict: bool) -> None:
    if strict:
        raise IngestError(f"{problem} (--strict: nothing was written)")
    log.info("skipped %s", problem)
    report.problems.append(problem)


def _twice(url: str, owner: str) -> str:
    return f"page {url!r} is already indexed from {owner}; skipped"


def _is_under(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0
