"""Reading one file into documents, by the reader its kind names: JSON through
`sleuth.corpus.load_corpus`, JSONL streamed line by line through `sleuth.corpus.jsonl_pages`
(a bad line is a `Problem`, the others are kept), every other kind parsed by
`sleuth.formats` into clean blocks and cut at its headings (`sleuth.passages.split_blocks`).
A part of a file that cannot be read is a `Problem` naming the file (and line)."""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO
from urllib.parse import urljoin

from sleuth.corpus import Page, jsonl_pages, load_corpus
from sleuth.errors import CorpusError
from sleuth.formats import BINARY_KINDS, Block, Parsed, missing_extra, parse, render
from sleuth.ingest.discover import Problem, Source
from sleuth.ingest.includes import Includes
from sleuth.jsonl import BadLine
from sleuth.passages import PASSAGE_CHARS, section_anchors, split_blocks

__all__ = [
    "MAX_FILE_BYTES",
    "Sectioned",
    "html_page",
    "read_documents",
    "read_source",
    "text_page",
    "too_big",
]

#: Files larger than this are skipped (JSONL: each line); a JSONL file itself is streamed.
MAX_FILE_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True)
class Sectioned:
    """A document read from a file with structure: its passages, as ``(start, end,
    heading path)`` spans that partition its body (`sleuth.passages.split_blocks`), and
    the section anchor of each (``""``: the passage starts no section); ``followed``: the
    files inside the docs root its includes named (`sleuth.ingest.includes`), found or
    not, so that it is read again when one of them changes; ``warnings``: what was read
    but not whole (an MDX partial that could not be included)."""

    page: Page
    spans: list[tuple[int, int, str]]
    anchors: list[str] = field(default_factory=list)
    followed: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()


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
    if source.kind == "jsonl":
        yield from _jsonl_documents(source, data, max_bytes, on_bytes)
        return
    where = str(source.path)
    content = _content(source, data, max_bytes)
    if isinstance(content, Problem):
        yield content
        return
    try:
        if source.kind == "json":
            yield from load_corpus(where).pages.values()
        else:
            yield _sectioned(source, content, passage_chars)
    except CorpusError as exc:
        message = str(exc)
        if message.startswith(where):
            message = message[len(where) :].lstrip(": ")
        yield Problem(where, message)


def _jsonl_documents(
    source: Source, data: bytes | None, max_bytes: int, on_bytes: Callable[[int], None] | None
) -> Iterator[Page | Problem]:
    """The pages of a JSONL file (from ``data``, else streamed from disk), a `Problem`
    for each bad line."""
    where = str(source.path)
    if data is not None:
        yield from _jsonl_problems(where, io.BytesIO(data), max_bytes)
        return
    try:
        with source.path.open("rb") as handle:
            yield from _jsonl_problems(where, _counted(handle, on_bytes), max_bytes)
    except OSError as exc:
        yield Problem(where, f"cannot read: {exc.strerror}")


def _jsonl_problems(where: str, lines: Iterable[bytes], max_bytes: int) -> Iterator[Page | Problem]:
    """`sleuth.corpus.jsonl_pages` with each bad line a `Problem` (and a file of blank
    lines one too)."""
    empty = True
    for item in jsonl_pages(lines, max_bytes):
        empty = False
        if type(item) is BadLine:
            yield Problem(where, item.message, item.line)
        else:
            yield item  # type: ignore[misc]  # a Page
    if empty:
        yield Problem(where, "file is empty")


def _content(source: Source, data: bytes | None, max_bytes: int) -> bytes | str | Problem:
    """The bytes of a file that is read whole (its text, unless its kind is binary), or
    why it cannot be read: unreadable, oversized, empty, binary, not UTF-8, or a
    format whose extra is not installed."""
    where = str(source.path)
    if data is None:
        try:
            data = source.path.read_bytes()
        except OSError as exc:
            return Problem(where, f"cannot read: {exc.strerror}")
    if len(data) > max_bytes:
        return Problem(where, too_big(len(data), max_bytes))
    if not data or data.isspace():  # (no stripped copy of the file made)
        return Problem(where, "file is empty")
    extra = missing_extra(source.kind)
    if extra is not None:
        return Problem(where, extra)
    if source.kind in BINARY_KINDS:
        return data
    text = _decode(where, data)
    if isinstance(text, str) and (not text or text.isspace()):
        return Problem(where, "file is empty")
    return text


def _sectioned(source: Source, content: bytes | str, passage_chars: int) -> Sectioned:
    """The document of a file with structure (`sleuth.formats`), cut at its headings."""
    assert source.doc_url is not None
    where = str(source.path)
    include = Includes(source.path, source.root) if source.kind == "md" else None
    parsed = parse(source.kind, content, where, include)
    page, blocks = _page(source.doc_url, parsed, source.path.stem)
    spans = split_blocks(page.body, blocks, passage_chars)
    followed = tuple(sorted(include.followed)) if include is not None else ()
    anchors = section_anchors(blocks, spans)
    return Sectioned(page, spans, anchors, followed, tuple(parsed.warnings))


def too_big(size: int, limit: int) -> str:
    """The problem of a file over the size limit."""
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
    if not body or body.isspace():
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
