"""Ingestion: files and folders turned into documents, documents into passages, and both
into an on-disk index (`sleuth.index`).

What is read:

- ``.json``: the seed's fake-web JSON ``{url: {title, body, tags?, ...}}``, read whole
  with `sleuth.corpus.load_corpus` (so it obeys the same rules as ``--corpus``);
- ``.jsonl``: one page per line with a ``url`` key, streamed line by line: a bad line is
  reported with its number and skipped, the others are kept;
- every other known suffix (``SUFFIXES``: Markdown and MDX, reStructuredText, HTML,
  plain text, Jupyter notebooks, PDF and DOCX): one document per file, read by
  `sleuth.formats` into clean blocks (no markup left) and split at its headings by
  `sleuth.sections`. Markdown front matter gives ``title``, ``published``, ``version``,
  ``authority`` and ``tags``; else the title is the first heading, else the file name.

Every file under a folder that is not read is reported (`Problem`): an unsupported type,
a format whose extra is not installed, an empty, binary, non-UTF-8 or oversized file, a
broken symbolic link or a link back into the folder. Hidden files and folders are passed
over and listed in the report's ``ignored``.

A file's documents get stable URLs: ``file://`` + its absolute path, or, with
``base_url``, the base URL + its path relative to the folder given (JSON and JSONL pages
keep the URLs they name). Problems (malformed JSON, non-UTF-8 or binary bytes, empty or
oversized files, front matter that does not parse, HTML without text, a URL given twice
(the file indexed first, or already, keeps it), a URL ending in ``#pN`` like a passage's)
are reported one line each, naming the file (and line), and the rest of the ingest goes
on; with ``strict`` the first problem stops it and nothing is written.

JSON and JSONL documents are split into passages by `split_passages`: paragraph-aware
spans of at most about `PASSAGE_CHARS` characters that partition the body exactly, cut
between sentences whenever a paragraph is too long, and inside a sentence only at a space
when a sentence alone is too long. Documents read from files are split at their headings
first (`sleuth.sections.split_blocks`), each passage keeping its heading path. Passage
``n`` (from 1) of a document ``URL`` is ``URL#pn``; a passage that starts a section is
also ``URL#slug``, its heading's slug (`sleuth.sections.section_anchors`; `anchor_url`).

`ingest` updates an index incrementally: a file whose bytes (and URL scheme) did not
change is skipped by its content hash; in a changed file, each document is compared by
its own hash, so only changed documents are re-indexed; documents gone from a file, and
files gone from a folder that is indexed again, are removed. A file that has become
unreadable keeps its previous documents (it is reported, not deleted). The index is
changed in one transaction: a failed ingest leaves the previous index as it was.
"""

from __future__ import annotations

import functools
import hashlib
import io
import itertools
import json
import logging
import os
import re
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from json.scanner import make_scanner
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any
from urllib.parse import quote, urljoin

from sleuth.corpus import MAX_PAGE_CHARS, Page, load_corpus, page_from_fields
from sleuth.errors import CorpusError, UsageError
from sleuth.formats import BINARY_KINDS, Block, Parsed, missing_extra, parse, render
from sleuth.formats import SUFFIXES as FORMAT_SUFFIXES
from sleuth.formats.markdown import front_matter
from sleuth.sections import section_anchors, split_blocks
from sleuth.text import sentences

if TYPE_CHECKING:
    from sleuth.index import Update
    from sleuth.index.dense import Embedder

log = logging.getLogger("sleuth")

#: A passage is cut once it would grow past this many characters.
PASSAGE_CHARS = 1200
#: Files larger than this are skipped (JSONL: each line); a JSONL file itself is streamed.
MAX_FILE_BYTES = 64 * 1024 * 1024
#: Bumped whenever reading or splitting changes, so every file is read again (and every
#: document read from a file is written again: the version is part of its hash).
INGEST_VERSION = "3"

SUFFIXES: dict[str, str] = {".json": "json", ".jsonl": "jsonl", **FORMAT_SUFFIXES}
#: Files a documentation site generator reads for its navigation or build, by name: reported
#: as skipped with what they are, never read as a corpus (a ``_category_.json`` is not one)
SITE_FILES: dict[str, str] = {
    **{f"_category_.{ext}": "Docusaurus category metadata" for ext in ("json", "yml", "yaml")},
    **{
        f"sidebars.{ext}": "a Docusaurus sidebar definition"
        for ext in ("js", "ts", "cjs", "mjs", "json")
    },
    **{
        f"docusaurus.config.{ext}": "the Docusaurus site configuration"
        for ext in ("js", "ts", "cjs", "mjs")
    },
    "_meta.json": "Nextra navigation metadata",
    "mkdocs.yml": "the MkDocs site configuration",
    "mkdocs.yaml": "the MkDocs site configuration",
    "conf.py": "the Sphinx configuration",
}

__all__ = [
    "PASSAGE_CHARS",
    "SUFFIXES",
    "IngestError",
    "IngestReport",
    "Problem",
    "Sectioned",
    "Source",
    "anchor_url",
    "discover",
    "file_url",
    "front_matter",
    "html_page",
    "ingest",
    "parse_passage_url",
    "passage_url",
    "read_documents",
    "read_source",
    "split_passages",
    "text_page",
]

ProgressCallback = Callable[[int, int], None]  # (bytes done, bytes in all)


class IngestError(CorpusError):
    """A problem that stops an ingest (a path that does not exist; any problem under
    ``strict``). Nothing was written."""


@dataclass(frozen=True)
class Problem:
    """Why one file, or one line of a file, was skipped."""

    file: str
    message: str
    line: int | None = None  # for a line of a JSONL file

    @property
    def where(self) -> str:
        return self.file if self.line is None else f"{self.file}:{self.line}"

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


@dataclass(frozen=True)
class Source:
    """One input file. ``doc_url`` is the URL of its document when the file holds a
    single document (text, Markdown, HTML); JSON and JSONL pages name their own URLs."""

    path: Path  # absolute
    kind: str  # json | jsonl | a kind of `sleuth.formats` (md, rst, html, ...)
    doc_url: str | None
    root: Path  # the PATH argument it was found under (absolute)

    @property
    def key(self) -> str:
        return str(self.path)


@dataclass(frozen=True)
class Sectioned:
    """A document read from a file with structure: its passages, as ``(start, end,
    heading path)`` spans that partition its body (`sleuth.sections.split_blocks`), and
    the section anchor of each (``""``: the passage starts no section)."""

    page: Page
    spans: list[tuple[int, int, str]]
    anchors: list[str] = field(default_factory=list)


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
    ignored: list[Problem] = field(default_factory=list)  # hidden files and folders
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
            "repaired": list(self.repaired),
            "passages_written": self.passages_written,
            "passages_embedded": self.passages_embedded,
            "documents": self.documents,
            "passages": self.passages,
            "elapsed_s": round(self.elapsed_s, 3),
        }


# --- finding files ---------------------------------------------------------------------------


def discover(
    paths: Sequence[str | Path],
    base_url: str | None = None,
    skip: Path | None = None,
    ignored: list[Problem] | None = None,
) -> tuple[list[Source], list[Problem]]:
    """The input files under ``paths`` in a stable order, and a `Problem` for every
    file that will not be read: an unsupported type, a format whose extra is not
    installed, a broken symbolic link, a symbolic link back into a folder being read
    (a loop), a FIFO or device. Hidden files and folders inside folders, and the folder
    ``skip`` (the index itself), are passed over; each hidden one is added to
    ``ignored`` when it is given. A path that does not exist is an `IngestError`."""
    skip = skip.expanduser().resolve() if skip is not None else None
    sources: dict[Path, Source] = {}
    problems: list[Problem] = []
    for given in paths:
        root = Path(given).expanduser()
        if not root.exists():
            if root.is_symlink():
                problems.append(Problem(str(root), "broken symbolic link"))
                continue
            raise IngestError(f"{given}: no such file or folder")
        root = root.resolve()
        if root.is_dir():
            _walk(root, root, skip, base_url, sources, problems, ignored)
        elif not root.is_file():  # a FIFO, socket or device would block or never end
            problems.append(Problem(str(root), "not a regular file"))
        else:
            _add_file(root, root.parent, base_url, sources, problems)
    return list(sources.values()), problems


def _walk(
    root: Path,
    top: Path,
    skip: Path | None,
    base_url: str | None,
    sources: dict[Path, Source],
    problems: list[Problem],
    ignored: list[Problem] | None,
) -> None:
    """Every file under ``top``, symbolic links to folders followed once each."""
    seen = {os.path.realpath(top)}
    for folder, dirs, files in os.walk(top, followlinks=True):
        keep = []
        for name in sorted(dirs):
            path = Path(folder, name)
            if name.startswith("."):
                if ignored is not None:
                    ignored.append(Problem(str(path), "hidden folder"))
                continue
            if path == skip:
                continue
            real = os.path.realpath(path)
            if real in seen:
                if path.is_symlink():
                    problems.append(Problem(str(path), f"symbolic link loop (to {real})"))
                continue
            if skip is not None and Path(real) == skip:
                continue
            seen.add(real)
            keep.append(name)
        dirs[:] = keep
        for name in sorted(files):
            path = Path(folder, name)
            if name.startswith("."):
                if ignored is not None:
                    ignored.append(Problem(str(path), "hidden file"))
                continue
            if not path.exists():
                problems.append(Problem(str(path), "broken symbolic link"))
            elif not path.is_file():
                problems.append(Problem(str(path), "not a regular file"))
            else:
                _add_file(path, root, base_url, sources, problems)


def _add_file(
    path: Path,
    root: Path,
    base_url: str | None,
    sources: dict[Path, Source],
    problems: list[Problem],
) -> None:
    site = SITE_FILES.get(path.name.lower())
    if site is not None:
        problems.append(Problem(str(path), f"{site}, not a document"))
        return
    suffix = path.suffix.lower()
    kind = SUFFIXES.get(suffix)
    if kind is None:
        what = f"{suffix} files" if suffix else "files without a suffix"
        problems.append(Problem(str(path), f"unsupported file type ({what} are not read)"))
        return
    extra = missing_extra(kind)
    if extra is not None:
        problems.append(Problem(str(path), extra))
        return
    real = path.resolve() if path.is_symlink() else path  # one source per file
    if real not in sources:
        sources[real] = _source(real, kind, root, base_url)


def _source(path: Path, kind: str, root: Path, base_url: str | None) -> Source:
    return Source(
        path=path,
        kind=kind,
        doc_url=None if kind in ("json", "jsonl") else file_url(path, root, base_url),
        root=root,
    )


def file_url(path: Path, root: Path, base_url: str | None = None) -> str:
    """The stable URL of a file: ``file://`` + its absolute path, or ``base_url`` + its
    path relative to ``root`` (percent-encoded where a URL needs it)."""
    if base_url is None:
        return path.resolve().as_uri()
    relative = path.resolve().relative_to(root).as_posix()
    return base_url.rstrip("/") + "/" + quote(relative, safe="/-_.~()!,:@")


# --- reading files ---------------------------------------------------------------------------


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


def read_source(
    source: Source,
    data: bytes | None = None,
    max_bytes: int = MAX_FILE_BYTES,
    on_bytes: Callable[[int], None] | None = None,
) -> Iterator[Page | Problem]:
    """The documents of one file, and a `Problem` for each part that cannot be read.
    ``data`` is the file's bytes when the caller has them; a JSONL file without them is
    streamed from disk, line by line, telling ``on_bytes`` how far it has read."""
    for item in read_documents(source, data, max_bytes, on_bytes):
        yield item.page if isinstance(item, Sectioned) else item


def read_documents(
    source: Source,
    data: bytes | None = None,
    max_bytes: int = MAX_FILE_BYTES,
    on_bytes: Callable[[int], None] | None = None,
    passage_chars: int = PASSAGE_CHARS,
) -> Iterator[Page | Sectioned | Problem]:
    """As `read_source`, but a document read from a file with structure (every kind but
    JSON and JSONL) comes `Sectioned` into passages of about ``passage_chars``."""
    where = str(source.path)
    if source.kind == "jsonl":
        if data is not None:
            yield from _jsonl_pages(where, io.BytesIO(data), max_bytes)
            return
        try:
            with source.path.open("rb") as handle:
                yield from _jsonl_pages(where, _counted(handle, on_bytes), max_bytes)
        except OSError as exc:
            yield Problem(where, f"cannot read: {exc.strerror}")
        return
    if data is None:
        try:
            data = source.path.read_bytes()
        except OSError as exc:
            yield Problem(where, f"cannot read: {exc.strerror}")
            return
    if len(data) > max_bytes:
        yield Problem(where, _too_big(len(data), max_bytes))
        return
    if not data.strip():
        yield Problem(where, "file is empty")
        return
    extra = missing_extra(source.kind)
    if extra is not None:
        yield Problem(where, extra)
        return
    content: bytes | str = data
    if source.kind not in BINARY_KINDS:
        text = _decode(where, data)
        if isinstance(text, Problem):
            yield text
            return
        if not text.strip():
            yield Problem(where, "file is empty")
            return
        content = text
    try:
        if source.kind == "json":
            yield from load_corpus(str(source.path)).pages.values()
            return
        assert source.doc_url is not None
        page, blocks = _page(source.doc_url, parse(source.kind, content, where), source.path.stem)
        spans = split_blocks(page.body, blocks, passage_chars)
        yield Sectioned(page, spans, section_anchors(blocks, spans))
    except CorpusError as exc:
        message = str(exc)
        if message.startswith(where):
            message = message[len(where) :].lstrip(": ")
        yield Problem(where, message)


def _too_big(size: int, limit: int) -> str:
    return f"file is {size} bytes; the limit is {limit} (see --max-file-mb)"


def _decode(where: str, data: bytes) -> str | Problem:
    if b"\0" in data[:8192]:
        return Problem(where, "binary file (NUL bytes), not text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return Problem(where, f"not UTF-8: byte 0x{data[exc.start]:02x} at offset {exc.start}")


def _counted(lines: IO[bytes], on_bytes: Callable[[int], None] | None) -> Iterator[bytes]:
    """The lines of a binary file, telling ``on_bytes`` the bytes read every 4 MiB."""
    if on_bytes is None:
        yield from lines
        return
    pending = 0
    for line in lines:
        pending += len(line)
        if pending >= 1 << 22:
            on_bytes(pending)
            pending = 0
        yield line
    on_bytes(pending)


def _jsonl_pages(where: str, lines: Iterable[bytes], max_bytes: int) -> Iterator[Page | Problem]:
    # the hot loop of a large ingest: names are bound locally, and a line's location is
    # formatted only when it has a problem
    seen: set[str] = set()
    any_line = False
    scan, fast_page = _SCAN, _fast_page
    for lineno, raw in enumerate(lines, start=1):
        if lineno == 1:
            if b"\0" in raw[:8192]:
                yield Problem(where, "binary file (NUL bytes), not text")
                return
            raw = raw.removeprefix(b"\xef\xbb\xbf")
        if not raw or raw.isspace():
            continue
        any_line = True
        if len(raw) > max_bytes:
            yield Problem(where, f"line is {len(raw)} bytes; the limit is {max_bytes}", lineno)
            continue
        obj = None
        if raw[:1] == b"{":  # the usual line: decoded and scanned without json.loads' detours
            try:
                text = raw.decode("utf-8", "surrogatepass")  # what json.loads does with bytes
                found, end = scan(text, 0)
            except UnicodeDecodeError as exc:
                yield Problem(where, f"not UTF-8: {exc.reason} at byte {exc.start}", lineno)
                continue
            except (StopIteration, ValueError, RecursionError):
                pass  # json.loads below says what is wrong, as it would have
            else:
                rest = len(text) - end
                if not rest or (rest <= 2 and text[end:] in ("\n", "\r\n")):
                    obj = found
        if obj is None:
            try:
                obj = json.loads(raw)
            except UnicodeDecodeError as exc:
                yield Problem(where, f"not UTF-8: {exc.reason} at byte {exc.start}", lineno)
                continue
            except json.JSONDecodeError as exc:
                yield Problem(where, f"not valid JSON: {exc}", lineno)
                continue
            except RecursionError:
                yield Problem(where, "JSON nested too deeply", lineno)
                continue
        if not isinstance(obj, dict) or "url" not in obj:
            yield Problem(where, "expected an object with a 'url' key", lineno)
            continue
        url = obj.pop("url")
        if type(url) is not str or not url or url.isspace():
            yield Problem(where, "a page has an empty or non-string URL", lineno)
            continue
        if url in seen:
            yield Problem(where, f"page {url!r} appears twice in the file", lineno)
            continue
        page = fast_page(url, obj)
        if page is None:
            at = f"{where}:{lineno}"
            try:
                page = page_from_fields(at, url, obj)
            except CorpusError as exc:
                yield Problem(where, str(exc).removeprefix(at).lstrip(": "), lineno)
                continue
        seen.add(url)
        yield page
    if not any_line:
        yield Problem(where, "file is empty")


#: json.loads without its Python layers: (value, end) for the JSON value at an offset
#: (typeshed wants a scanner as its argument; it reads the decoder's settings)
_SCAN = make_scanner(json.JSONDecoder())  # type: ignore[arg-type]


def _fast_page(url: str, obj: dict[str, Any]) -> Page | None:
    """The page of a plain JSONL line (string title and body, string tags, nothing
    else to check) without the full validation; None sends it to `page_from_fields`."""
    body = obj.get("body")
    title = obj.get("title", "")
    if type(body) is not str or type(title) is not str or len(body) > MAX_PAGE_CHARS:
        return None
    if "published" in obj or "version" in obj or "authority" in obj:
        return None
    if "tags" not in obj:
        return Page(url, title or url, body)
    tags = obj["tags"]
    if type(tags) is not list or any(type(t) is not str for t in tags):
        return None
    return Page(url, title or url, body, tuple(tags))


def text_page(url: str, text: str, fallback_title: str, markdown: bool = False) -> Page:
    """A text or Markdown file as a document (Markdown may have front matter)."""
    return _page(url, parse("md" if markdown else "txt", text), fallback_title)[0]


def html_page(url: str, html: str, fallback_title: str) -> Page:
    """An HTML file's main text as a document (see `sleuth.formats.html`)."""
    return _page(url, parse("html", html), fallback_title)[0]


def _page(
    url: str, parsed: Parsed, fallback_title: str
) -> tuple[Page, list[tuple[int, int, Block]]]:
    body, spans = render(parsed.blocks)
    if not body.strip():
        raise CorpusError("the document has no text")
    meta = dict(parsed.meta)
    meta.pop("title", None)
    if "links" in meta:  # relative targets made absolute: other documents' URLs here
        meta["links"] = tuple(dict.fromkeys(_absolute(url, t) for t in meta["links"]))
    return Page(url=url, title=parsed.title or fallback_title, body=body, **meta), spans


def _absolute(base: str, target: str) -> str:
    if _SCHEME.match(target):
        return target  # already absolute (https:, mailto:, ...)
    if target[:1] in ("", "#", "?") or "?" in base or "#" in base or "/" not in base[8:]:
        return _join(base, target)
    # joined against the document's folder, so pages side by side share the work
    return _join(base[: base.rindex("/") + 1], target)


@functools.lru_cache(maxsize=8192)
def _join(base: str, target: str) -> str:
    try:
        return urljoin(base, target)
    except ValueError:  # an unparsable target (say a bad IPv6 host) is kept as written
        return target


_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")


# --- passages ----------------------------------------------------------------------------------

_PARAGRAPH_BREAK = re.compile(r"\n[^\S\n]*\n\s*")


def split_passages(text: str, target: int = PASSAGE_CHARS) -> list[tuple[int, int]]:
    """Passage spans ``(start, end)`` that partition ``text`` exactly (the first starts
    at 0, each starts where the one before ended, the last ends at ``len(text)``).

    Whole paragraphs are packed together while a passage stays within ``target``
    characters (a short passage may run to 1.5 × ``target`` rather than stay tiny); a
    longer paragraph is cut between sentences, and a sentence longer than ``target``
    at a space (or, with no space, anywhere). Each passage keeps the whitespace after
    it, so joining the passages gives the text back."""
    if target < 1:
        raise ValueError("target must be at least 1")
    n = len(text)
    if n <= target:
        return [(0, n)] if n else []
    spans: list[tuple[int, int]] = []
    start = end = 0
    for unit_start, unit_end in _units(text, target):
        if end > start and unit_end - start > target:
            small = end - start < target // 4
            if not (small and unit_end - start <= target * 3 // 2):
                spans.append((start, end))
                start = unit_start
        end = unit_end
    spans.append((start, end))
    return spans


def _units(text: str, target: int) -> Iterator[tuple[int, int]]:
    """Consecutive pieces of ``text`` no longer than ``target`` where that can be had
    without cutting a sentence: paragraphs, else sentences, else word runs."""
    cuts = [0, *(m.end() for m in _PARAGRAPH_BREAK.finditer(text)), len(text)]
    for a, b in itertools.pairwise(cuts):
        if a >= b:
            continue
        if b - a <= target:
            yield a, b
            continue
        starts = [a, *(a + s for s, _ in sentences(text[a:b])[1:]), b]
        for s, e in itertools.pairwise(starts):
            if e - s <= target:
                yield s, e
            else:
                yield from _word_runs(text, s, e, target)


def _word_runs(text: str, start: int, end: int, target: int) -> Iterator[tuple[int, int]]:
    while end - start > target:
        limit = start + target
        cut = max(text.rfind(" ", start + 1, limit), text.rfind("\n", start + 1, limit))
        cut = limit if cut <= start else cut + 1
        yield start, cut
        start = cut
    if end > start:
        yield start, end


def passage_url(doc_url: str, number: int) -> str:
    """The URL of passage ``number`` (from 1) of the document ``doc_url``."""
    return f"{doc_url}#p{number}"


_PASSAGE_URL = re.compile(r"^(.*)#p([1-9][0-9]{0,8})$", re.DOTALL)


def parse_passage_url(url: str) -> tuple[str, int] | None:
    """``(document URL, passage number)`` for a passage URL, else None."""
    match = _PASSAGE_URL.match(url)
    return (match.group(1), int(match.group(2))) if match else None


def anchor_url(doc_url: str, anchor: str) -> str:
    """The URL of the passage of ``doc_url`` that starts the section ``anchor``."""
    return f"{doc_url}#{anchor}"


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
    from sleuth.index import PassageIndex
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
    with (
        PassageIndex.open(index_dir, create=True, repair=True) as index,
        index.update() as update,
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
        for source in changed:
            try:
                data, stamp, size = _read(source, max_file_bytes)
            except OSError as exc:
                _problem(report, Problem(str(source.path), f"cannot read: {exc.strerror}"), strict)
                continue
            streamed = data is None and stamp is not None  # JSONL: advanced line by line
            if stamp is None:
                advance(size)
                _problem(report, Problem(str(source.path), _too_big(size, max_file_bytes)), strict)
                continue
            report.files_read += 1
            run.read_file(source, data, stamp)
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

    def read_file(self, source: Source, data: bytes | None, stamp: str) -> None:
        """Read one changed file: new and changed documents written, documents gone
        from it removed. A file with problems (bad lines or pages, duplicate URLs) still
        owns its good documents, but its stamp is marked to be read again, so its
        problems are reported (and a duplicate given up elsewhere is taken) next time.
        A text, Markdown, HTML or JSON file that cannot be read keeps its previous
        documents."""
        update, report, key, chars = self.update, self.report, source.key, self.passage_chars
        old = update.document_hashes(key)
        kept: set[str] = set()
        failed = False  # some part of the file was skipped
        broken = False  # the whole of a non-JSONL file could not be read
        # the hot loop of a large ingest: names bound locally, counts added up at the end
        claimed, owner_of, put, split = self.claimed, update.owner, update.put, split_passages
        added = updated = unchanged = written = 0
        try:
            items = read_documents(source, data, self.max_file_bytes, self.on_bytes, chars)
            for read in items:
                spans: list[tuple[int, int, str]] | None = None
                anchors: list[str] | None = None
                if type(read) is Sectioned:
                    item: Page | Problem = read.page
                    spans, anchors = read.spans, read.anchors
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
        update.set_source(source.key, _REREAD + stamp if failed else stamp)

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
        _SURROGATE.search(url) or _SURROGATE.search(title) or _SURROGATE.search(body)
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


_SURROGATE = re.compile("[\ud800-\udfff]")
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
