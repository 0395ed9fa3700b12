"""PDF (the ``pdf`` extra: pypdf): the text of each page, in sections.

A PDF with an outline (bookmarks) is sectioned by it: each bookmark is a heading (its depth
in the outline its level), placed on its page where a line of the page's text reads as its
title (that line then is the heading, not text), else at the top of its page. A PDF without
one gets a heading per page (``Page 3``), so passages name where they are. Paragraphs are
where the text has blank lines. A scanned PDF (images only) has no text and is reported as
such."""

from __future__ import annotations

import io
import logging
import re
from typing import Any

from sleuth.errors import CorpusError

from .blocks import Block, Parsed

__all__ = ["outline", "parse_pdf"]

log = logging.getLogger("sleuth")


def parse_pdf(data: bytes) -> Parsed:
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(io.BytesIO(data))
        pages = list(reader.pages)
        title = None
        info = reader.metadata
        if info is not None and info.title:
            title = str(info.title).strip() or None
        marks = outline(reader)
        by_page: dict[int, list[tuple[int, str]]] = {}
        for level, heading, page_index in marks:
            by_page.setdefault(page_index, []).append((level, heading))
        blocks: list[Block] = []
        for number, page in enumerate(pages, start=1):
            text = page.extract_text() or ""
            if marks:
                _sections(text, by_page.get(number - 1, []), blocks)
                continue
            paragraphs = _paragraphs(text)
            if not paragraphs:
                continue
            if len(pages) > 1:
                blocks.append(Block("heading", f"Page {number}", 2))
            blocks.extend(paragraphs)
    except (PdfReadError, ValueError, KeyError, TypeError) as exc:
        raise CorpusError(f"PDF does not parse: {exc}") from None
    if not any(b.kind != "heading" for b in blocks):
        raise CorpusError("PDF has no text (scanned pages?)")
    return Parsed(blocks=blocks, title=title)


def outline(reader: Any) -> list[tuple[int, str, int]]:
    """``(level, title, page index)`` of each bookmark of the PDF in ``reader``, in page
    order (outline order within a page); level 1 is the outline's top. A bookmark
    without a title or a page is left out; an outline that cannot be read is none."""
    found: list[tuple[int, str, int]] = []

    def walk(items: Any, depth: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
                continue
            try:
                page = reader.get_destination_page_number(item)
            except Exception:  # a broken bookmark: the others still count
                continue
            heading = " ".join(str(getattr(item, "title", "") or "").split())
            if heading and page is not None and page >= 0:
                found.append((min(depth, 6), heading, page))

    try:
        walk(reader.outline, 1)
    except Exception as exc:  # pypdf raises many kinds on a broken outline
        log.info("PDF outline not read: %s", exc)
        return []
    return sorted(found, key=lambda mark: mark[2])  # stable: outline order within a page


def _sections(text: str, marks: list[tuple[int, str]], out: list[Block]) -> None:
    """One page's text with the headings of the bookmarks on it: each at the line that
    reads as its title (that line taken as the heading), else where the page has got to."""
    lines = text.split("\n")
    keys = [_key(line) for line in lines]
    at = 0
    for level, heading in marks:
        want = _key(heading)
        line = next((i for i in range(at, len(lines)) if keys[i] == want), None)
        if line is not None:
            out.extend(_paragraphs("\n".join(lines[at:line])))
            at = line + 1
        out.append(Block("heading", heading, level))
    out.extend(_paragraphs("\n".join(lines[at:])))


def _key(text: str) -> str:
    return " ".join(text.split()).casefold()


def _paragraphs(text: str) -> list[Block]:
    return [Block("text", " ".join(p.split())) for p in re.split(r"\n\s*\n", text) if p.strip()]
