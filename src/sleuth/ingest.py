"""Ingestion: files and folders turned into documents, documents into passages, and both
into an on-disk index (`sleuth.index`).

What is read:

- ``.json``: the seed's fake-web JSON ``{url: {title, body, tags?, ...}}``, read whole
  with `sleuth.corpus.load_corpus` (so it obeys the same rules as ``--corpus``);
- ``.jsonl``: one page per line with a ``url`` key, streamed line by line: a bad line is
  reported with its number and skipped, the others are kept;
- ``.txt``, ``.md`` / ``.markdown``: one document per file. Markdown may open with front
  matter (``---`` / ``key: value`` lines / ``---``) giving ``title``, ``published``,
  ``version``, ``authority`` and ``tags``; else the title is the first ``#`` heading,
  else the file name;
- ``.html`` / ``.htm``: one document per file, its main text extracted with selectolax
  (``<main>``/``<article>`` when present; scripts, navigation, headers, footers and
  asides dropped; block elements become paragraphs).

A file's documents get stable URLs: ``file://`` + its absolute path, or, with
``base_url``, the base URL + its path relative to the folder given (JSON and JSONL pages
keep the URLs they name). Problems (malformed JSON, non-UTF-8 or binary bytes, empty or
oversized files, front matter that does not parse, HTML without text, a URL given twice
(the file indexed first, or already, keeps it), a URL ending in ``#pN`` like a passage's)
are reported one line each, naming the file (and line), and the rest of the ingest goes
on; with ``strict`` the first problem stops it and nothing is written.

Documents are split into passages (`split_passages`): paragraph-aware spans of at most
about `PASSAGE_CHARS` characters that partition the body exactly, cut between sentences
whenever a paragraph is too long, and inside a sentence only at a space when a sentence
alone is too long. Passage ``n`` (from 1) of a document ``URL`` is ``URL#pn``.

`ingest` updates an index incrementally: a file whose bytes (and URL scheme) did not
change is skipped by its content hash; in a changed file, each document is compared by
its own hash, so only changed documents are re-indexed; documents gone from a file, and
files gone from a folder that is indexed again, are removed. A file that has become
unreadable keeps its previous documents (it is reported, not deleted). The index is
changed in one transaction: a failed ingest leaves the previous index as it was.
"""

from __future__ import annotations

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
from datetime import date, datetime
from json.scanner import make_scanner
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any
from urllib.parse import quote

from sleuth.corpus import MAX_PAGE_CHARS, Page, load_corpus, page_from_fields
from sleuth.errors import CorpusError, UsageError
from sleuth.text import sentences

if TYPE_CHECKING:
    from sleuth.index import Update
    from sleuth.index.dense import Embedder

log = logging.getLogger("sleuth")

#: A passage is cut once it would grow past this many characters.
PASSAGE_CHARS = 1200
#: Files larger than this are skipped (JSONL: each line); a JSONL file itself is streamed.
MAX_FILE_BYTES = 64 * 1024 * 1024
#: Bumped whenever reading or splitting changes, so every file is read again.
INGEST_VERSION = "1"

SUFFIXES: dict[str, str] = {
    ".json": "json",
    ".jsonl": "jsonl",
    ".txt": "txt",
    ".md": "md",
    ".markdown": "md",
    ".html": "html",
    ".htm": "html",
}

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
    kind: str  # json | jsonl | txt | md | html
    doc_url: str | None
    root: Path  # the PATH argument it was found under (absolute)

    @property
    def key(self) -> str:
        return str(self.path)


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
            "passages_written": self.passages_written,
            "passages_embedded": self.passages_embedded,
            "documents": self.documents,
            "passages": self.passages,
            "elapsed_s": round(self.elapsed_s, 3),
        }


# --- finding files ---------------------------------------------------------------------------


def discover(
    paths: Sequence[str | Path], base_url: str | None = None, skip: Path | None = None
) -> tuple[list[Source], list[Problem]]:
    """The input files under ``paths`` in a stable order (hidden files and folders,
    unknown suffixes and the folder ``skip`` — the index itself — inside folders are
    passed over), and problems with paths given directly. A path that does not exist is
    an `IngestError`."""
    skip = skip.expanduser().resolve() if skip is not None else None
    sources: dict[Path, Source] = {}
    problems: list[Problem] = []
    for given in paths:
        root = Path(given).expanduser()
        if not root.exists():
            raise IngestError(f"{given}: no such file or folder")
        root = root.resolve()
        if root.is_dir():
            for folder, dirs, files in os.walk(root):
                dirs[:] = sorted(
                    d for d in dirs if not d.startswith(".") and Path(folder, d) != skip
                )
                for name in sorted(files):
                    kind = SUFFIXES.get(Path(name).suffix.lower())
                    if name.startswith(".") or kind is None:
                        continue
                    path = Path(folder, name)
                    if path.is_file():
                        sources.setdefault(path, _source(path, kind, root, base_url))
        elif not root.is_file():  # a FIFO, socket or device would block or never end
            problems.append(Problem(str(root), "not a regular file"))
        else:
            kind = SUFFIXES.get(root.suffix.lower())
            if kind is None:
                known = ", ".join(sorted(SUFFIXES))
                problems.append(Problem(str(root), f"unknown file type (known: {known})"))
                continue
            sources.setdefault(root, _source(root, kind, root.parent, base_url))
    return list(sources.values()), problems


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


def document_hash(page: Page) -> str:
    """The content hash of one document (every field that is stored)."""
    meta = f"{page.title}\0{page.tags!r}\0{page.published}\0{page.version}\0{page.authority}\0"
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
    text = _decode(where, data)
    if isinstance(text, Problem):
        yield text
        return
    if not text.strip():
        yield Problem(where, "file is empty")
        return
    try:
        if source.kind == "json":
            yield from load_corpus(str(source.path)).pages.values()
        elif source.kind == "html":
            assert source.doc_url is not None
            yield html_page(source.doc_url, text, fallback_title=source.path.stem)
        else:
            assert source.doc_url is not None
            yield text_page(source.doc_url, text, source.path.stem, markdown=source.kind == "md")
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


_HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t#]*$", re.MULTILINE)


def text_page(url: str, text: str, fallback_title: str, markdown: bool = False) -> Page:
    """A text or Markdown file as a document (Markdown may have front matter)."""
    meta: dict[str, Any] = {}
    body = text
    if markdown:
        meta, body = front_matter(text)
    if not body.strip():
        raise CorpusError("the document has no text")
    title = meta.pop("title", None)
    if title is None and markdown:
        heading = _HEADING.search(body)
        title = heading.group(1).strip() if heading else None
    return Page(url=url, title=title or fallback_title, body=body, **meta)


def front_matter(text: str) -> tuple[dict[str, Any], str]:
    """Metadata from a leading ``---`` block and the text after it. Understands
    ``title``, ``published`` (ISO date), ``version`` and ``authority`` (integers) and
    ``tags`` (``[a, b]``, ``a, b`` or a ``- a`` list); other keys are ignored. A block
    that does not parse is a `CorpusError` naming the line."""
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].rstrip() != "---":
        return {}, text
    close = next((i for i in range(1, len(lines)) if lines[i].rstrip() in ("---", "...")), None)
    if close is None:
        raise CorpusError("front matter: no closing '---' line")
    raw: dict[str, Any] = {}
    key: str | None = None
    for number, line in enumerate(lines[1:close], start=2):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("- ") and key is not None and isinstance(raw.get(key), list):
            raw[key].append(_scalar(stripped[2:]))
            continue
        name, colon, value = line.partition(":")
        if not colon or not re.fullmatch(r"[A-Za-z_][\w-]*", name.strip()):
            raise CorpusError(f"front matter line {number}: expected 'key: value'")
        key, value = name.strip().lower(), value.strip()
        if not value:
            raw[key] = []
        elif value.startswith("[") and value.endswith("]"):
            raw[key] = [_scalar(v) for v in value[1:-1].split(",") if v.strip()]
        else:
            raw[key] = _scalar(value)
    meta: dict[str, Any] = {}
    if raw.get("title"):
        meta["title"] = str(raw["title"])
    if "tags" in raw:
        tags = raw["tags"]
        parts = tags if isinstance(tags, list) else str(tags).split(",")
        meta["tags"] = tuple(str(t).strip() for t in parts if str(t).strip())
    for name in ("published", "date"):
        if raw.get(name) and "published" not in meta:
            meta["published"] = _iso_date(str(raw[name]), name)
    for name in ("version", "authority"):
        if name in raw and raw[name] != []:
            value = raw[name]
            if not isinstance(value, str) or not re.fullmatch(r"-?\d+", value):
                raise CorpusError(f"front matter: {name}: expected an integer, got {value!r}")
            meta[name] = int(value)
    return meta, "".join(lines[close + 1 :])


def _scalar(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value


def _iso_date(value: str, name: str) -> str:
    try:
        date.fromisoformat(value)
    except ValueError:
        try:
            datetime.fromisoformat(value)
        except ValueError:
            raise CorpusError(
                f"front matter: {name}: expected an ISO date like 2024-05-01, got {value!r}"
            ) from None
    return value


# --- HTML --------------------------------------------------------------------------------------

_SKIP_TAGS = frozenset(
    "script style noscript template svg canvas iframe object embed nav header footer aside "
    "form button select textarea head".split()
)
_BLOCK_TAGS = frozenset(
    "p div section article main h1 h2 h3 h4 h5 h6 ul ol li dl dt dd table thead tbody tfoot "
    "tr td th pre blockquote figure figcaption address hr details summary caption".split()
)
_PARAGRAPH = "\u2029"  # a paragraph break while walking the tree
_LINE = "\u2028"  # a line break (<br>)
_MARKS = re.compile(f"[\\s{_PARAGRAPH}{_LINE}]+")


def html_page(url: str, html: str, fallback_title: str) -> Page:
    """An HTML file's main text as a document: ``<main>`` or ``<article>`` when present,
    else ``<body>``, without scripts, styles, navigation, headers, footers and asides.
    Block elements become paragraphs (blank lines); ``<br>`` a line break."""
    parser = _lexbor()(html)
    title_node = parser.css_first("title")
    title = " ".join(title_node.text().split()) if title_node is not None else ""
    if not title:
        h1 = parser.css_first("h1")
        title = " ".join(h1.text().split()) if h1 is not None else ""
    published = None
    for selector in (
        'meta[property="article:published_time"]',
        'meta[name="date"]',
        'meta[name="dc.date"]',
    ):
        node = parser.css_first(selector)
        content = node.attributes.get("content") if node is not None else None
        if content:
            try:
                published = _iso_date(content.strip().replace("Z", "+00:00"), "published")
            except CorpusError:
                continue
            break
    root = parser.css_first("main") or parser.css_first("article") or parser.body
    if root is None:
        raise CorpusError("HTML has no <body>")
    body = _block_text(root)
    if not body:
        raise CorpusError("HTML has no main text")
    return Page(url=url, title=title or fallback_title, body=body, published=published)


def _lexbor() -> Any:
    try:
        from selectolax.lexbor import LexborHTMLParser
    except ImportError:  # pragma: no cover - selectolax is a dependency of sleuth
        raise UsageError("reading HTML needs selectolax: pip install selectolax") from None
    return LexborHTMLParser


def _block_text(root: Any) -> str:
    """The text under ``root`` with block structure kept: walks the tree with an
    explicit stack (no recursion limit on deep documents)."""
    parts: list[str] = []
    stack: list[Any] = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            parts.append(node)
            continue
        if node.is_text_node:
            parts.append(node.text_content or "")
            continue
        if not node.is_element_node:
            continue
        tag = node.tag
        if tag in _SKIP_TAGS:
            continue
        if tag == "br":
            parts.append(_LINE)
            continue
        children = list(node.iter(include_text=True))
        if tag in _BLOCK_TAGS:
            parts.append(_PARAGRAPH)
            stack.append(_PARAGRAPH)
        stack.extend(reversed(children))
    text = "".join(parts)
    paragraphs: list[str] = []
    for block in text.split(_PARAGRAPH):
        lines = [" ".join(line.split()) for line in block.split(_LINE)]
        joined = "\n".join(line for line in lines if line)
        if joined:
            paragraphs.append(joined)
    return "\n\n".join(paragraphs)


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
    sources, problems = discover(paths, base_url, skip=Path(index_dir))
    report = IngestReport(problems=list(problems))
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
    with PassageIndex.open(index_dir, create=True) as index, index.update() as update:
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
            for item in read_source(source, data, self.max_file_bytes, self.on_bytes):
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
                digest = document_hash(item)
                if owner == key and old.get(url) == digest:
                    unchanged += 1
                    continue
                body = item.body
                spans = split(body, chars)
                put(item, key, digest, [body[a:b] for a, b in spans], owner)
                written += len(spans)
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
