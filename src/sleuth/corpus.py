"""Corpora: pages keyed by URL (or id), loaded from the built-in demo set or a file.

A file corpus is either the seed's fake-web JSON (``{url: {title, body, tags?, ...}}``)
or JSONL (one page per line with a ``url`` key, read by `sleuth.jsonl`'s rules;
`jsonl_pages` is the reader ``sleuth index`` streams too). Bad files raise `CorpusError`
with one line naming the file (and line), the page and what is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Container, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, StrictInt, ValidationError, field_validator

from sleuth.errors import CorpusError
from sleuth.jsonl import MAX_LINE_BYTES, BadLine, first_problem, read_jsonl

DEFAULT_CORPUS = "acme"
MAX_PAGE_CHARS = 5_000_000


@dataclass(frozen=True)
class Page:
    url: str
    title: str
    body: str
    tags: tuple[str, ...] = ()
    published: str | None = None
    version: int | None = None
    authority: int | None = None
    links: tuple[str, ...] = ()  # the targets of the page's links (not in its body)
    aliases: tuple[str, ...] = ()  # other URLs of this same page (URL#pN and URL#slug)


@dataclass(frozen=True, eq=False)  # identity: a corpus is the same only as itself
class Corpus:
    name: str
    pages: Mapping[str, Page] = field(repr=False)
    build: str | None = field(default=None, kw_only=True)  # which build, when it has one

    def __len__(self) -> int:
        return len(self.pages)

    def __iter__(self) -> Iterator[Page]:
        return iter(self.pages.values())

    def get(self, url: str) -> Page | None:
        return self.pages.get(url)


class _PageIn(BaseModel):
    model_config = ConfigDict(extra="ignore")

    title: str = ""
    body: str
    tags: list[str] = []
    published: str | None = None
    version: StrictInt | None = None
    authority: StrictInt | None = None

    @field_validator("published")
    @classmethod
    def _iso_date(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                date.fromisoformat(value)
            except ValueError:
                datetime.fromisoformat(value)  # a full timestamp is fine too
        return value

    @field_validator("body")
    @classmethod
    def _bounded(cls, value: str) -> str:
        if len(value) > MAX_PAGE_CHARS:
            raise ValueError(f"body has {len(value)} characters; the limit is {MAX_PAGE_CHARS}")
        return value


def builtin_names() -> list[str]:
    root = resources.files("sleuth") / "corpora"
    return sorted(p.name for p in root.iterdir() if p.is_dir() and (p / "pages.json").is_file())


def builtin_dir(name: str) -> Path:
    if name not in builtin_names():
        known = ", ".join(builtin_names())
        raise CorpusError(f"unknown corpus {name!r}: built-in corpora are {known}, or give a path")
    return Path(str(resources.files("sleuth") / "corpora" / name))


def load_corpus(spec: str = DEFAULT_CORPUS) -> Corpus:
    """A built-in corpus by name, or a JSON/JSONL file by path."""
    path = Path(spec)
    if spec in builtin_names():  # a bare built-in name wins; "./acme" names a local file
        return _from_pages_file(builtin_dir(spec) / "pages.json", name=spec)
    if not path.exists():
        raise CorpusError(
            f"unknown corpus {spec!r}: not a built-in corpus ({', '.join(builtin_names())}) "
            "and no such file"
        )
    if path.is_dir():
        raise CorpusError(f"{spec}: is a folder; give a .json or .jsonl file")
    return _from_pages_file(path, name=str(path))


def _from_pages_file(path: Path, name: str) -> Corpus:
    if path.suffix.lower() == ".jsonl":
        return _from_jsonl(path, name)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise CorpusError(f"{path}: cannot read: {exc}") from None
    try:  # pairs, not a dict: a URL given twice must be an error, not silently dropped
        data = json.loads(text, object_pairs_hook=_Pairs)
    except json.JSONDecodeError as exc:
        raise CorpusError(f"{path}: not valid JSON: {exc}") from None
    except RecursionError:
        raise CorpusError(f"{path}: JSON nested too deeply") from None
    if not isinstance(data, _Pairs):
        raise CorpusError(f"{path}: expected a JSON object {{url: {{title, body}}}}")
    pages: dict[str, Page] = {}
    for url, fields in data:
        if not isinstance(url, str) or not url.strip():
            raise CorpusError(f"{path}: a page has an empty or non-string URL")
        if url in pages:
            raise CorpusError(f"{path}: page {url!r} appears twice")
        pages[url] = page_from_fields(str(path), url, _as_dict(fields))
    if not pages:
        raise CorpusError(f"{path}: the corpus has no pages")
    return Corpus(name=name, pages=pages)


def _from_jsonl(path: Path, name: str) -> Corpus:
    pages: dict[str, Page] = {}
    try:
        with path.open("rb") as handle:
            for item in jsonl_pages(handle):
                if isinstance(item, BadLine):
                    raise CorpusError(f"{item.where(path)}: {item.message}")
                pages[item.url] = item
    except OSError as exc:
        raise CorpusError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if not pages:
        raise CorpusError(f"{path}: the corpus has no pages")
    return Corpus(name=name, pages=pages)


class _Pairs(list[tuple[str, Any]]):
    """A JSON object kept as its key/value pairs, duplicates included."""


def _as_dict(value: Any) -> Any:
    """Undo ``object_pairs_hook`` for the objects inside a page."""
    if isinstance(value, _Pairs):
        return {k: _as_dict(v) for k, v in value}
    if isinstance(value, list):
        return [_as_dict(v) for v in value]
    return value


_PAGE_LINE = "an object with a 'url' key"


def jsonl_pages(
    lines: Iterable[bytes], max_line_bytes: int = MAX_LINE_BYTES
) -> Iterator[Page | BadLine]:
    """The pages of a JSONL corpus (a binary file, or its lines), one per line with a
    ``url`` key, and a `BadLine` for each line that is not one: every rule of
    `sleuth.jsonl.read_jsonl`, then a missing, empty or non-string URL, a URL met before
    in the file and fields that are not a page's (`page_from_fields`). Nothing is yielded
    for a file of blank lines."""
    # the hot loop of a large ingest: names bound locally, a plain line made a page
    # without the full validation
    seen: set[str] = set()
    fast_page = _fast_page
    for item in read_jsonl(lines, max_line_bytes=max_line_bytes, expect=_PAGE_LINE):
        if type(item) is BadLine:
            yield item
            continue
        lineno, obj = item  # type: ignore[misc]  # a (line number, object) pair
        if "url" not in obj:
            yield BadLine(lineno, f"expected {_PAGE_LINE}")
            continue
        url = obj.pop("url")
        if type(url) is not str or not url or url.isspace():
            yield BadLine(lineno, "a page has an empty or non-string URL")
            continue
        if url in seen:
            yield BadLine(lineno, f"page {url!r} appears twice in the file")
            continue
        page = fast_page(url, obj)
        if page is None:
            try:
                page = _page(url, obj)
            except CorpusError as exc:
                yield BadLine(lineno, str(exc))
                continue
        seen.add(url)
        yield page


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


def page_from_fields(where: str, url: str, fields: Any) -> Page:
    """One page from its JSON fields; CorpusError naming ``where`` and the page."""
    try:
        return _page(url, fields)
    except CorpusError as exc:
        raise CorpusError(f"{where}: {exc}") from None


def _page(url: str, fields: Any) -> Page:
    """One page from its JSON fields; CorpusError naming the page."""
    if not isinstance(fields, dict):
        raise CorpusError(f"page {url!r}: expected an object with 'title' and 'body'")
    try:
        page = _PageIn.model_validate(fields)
    except ValidationError as exc:
        raise CorpusError(f"page {url!r}: {first_problem(exc, 'page')}") from None
    return Page(
        url=url,
        title=page.title or url,
        body=page.body,
        tags=tuple(page.tags),
        published=page.published,
        version=page.version,
        authority=page.authority,
    )


def resolve_url(url: str, known: Container[str]) -> str | None:
    """The URL among ``known`` that ``url`` names: exact, or after trimming whitespace,
    quotes, angle brackets and a trailing slash. Never a guess between different pages."""
    trimmed = url.strip().strip("<>\"'`").strip()
    for candidate in (url, trimmed, trimmed.rstrip("/"), trimmed + "/"):
        if candidate in known:
            return candidate
    return None
