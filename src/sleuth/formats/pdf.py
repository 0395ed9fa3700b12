"""PDF (the ``pdf`` extra: pypdf): the text of each page, a heading per page
(``Page 3``) so passages name where they are, paragraphs where the text has blank lines.
A scanned PDF (images only) has no text and is reported as such."""

from __future__ import annotations

import io
import re

from sleuth.errors import CorpusError

from .blocks import Block, Parsed

__all__ = ["parse_pdf"]


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
        blocks: list[Block] = []
        for number, page in enumerate(pages, start=1):
            text = page.extract_text() or ""
            paragraphs = [p for p in re.split(r"\n\s*\n", text) if p.strip()]
            if not paragraphs:
                continue
            if len(pages) > 1:
                blocks.append(Block("heading", f"Page {number}", 2))
            blocks.extend(Block("text", " ".join(p.split())) for p in paragraphs)
    except (PdfReadError, ValueError, KeyError, TypeError) as exc:
        raise CorpusError(f"PDF does not parse: {exc}") from None
    if not blocks:
        raise CorpusError("PDF has no text (scanned pages?)")
    return Parsed(blocks=blocks, title=title)
