"""Word documents (the ``docx`` extra: python-docx): paragraphs in order, ``Heading N``
and ``Title`` styles as headings, list styles as list items, tables one row a line."""

from __future__ import annotations

import io
from typing import Any

from sleuth.errors import CorpusError

from .blocks import Block, Parsed

__all__ = ["parse_docx"]


def parse_docx(data: bytes) -> Parsed:
    import docx
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    try:
        document = docx.Document(io.BytesIO(data))
    except Exception as exc:  # python-docx raises zip, XML and key errors alike
        raise CorpusError(f"DOCX does not open: {exc}") from None
    blocks: list[Block] = []
    title: str | None = document.core_properties.title or None
    items: list[str] = []

    def flush() -> None:
        if items:
            blocks.append(Block("list", "\n".join(items)))
            items.clear()

    for part in document.iter_inner_content():
        if isinstance(part, Table):
            flush()
            rows = _rows(part)
            if rows:
                blocks.append(Block("table", "\n".join(rows)))
            continue
        assert isinstance(part, Paragraph)
        text = " ".join(part.text.split())
        if not text:
            continue
        style = (part.style.name if part.style is not None else "") or ""
        if style == "Title":
            flush()
            title = title or text
            blocks.append(Block("heading", text, 1))
        elif style.startswith("Heading"):
            flush()
            level = style.removeprefix("Heading").strip()
            blocks.append(Block("heading", text, int(level) + 1 if level.isdigit() else 2))
        elif "List" in style:
            items.append(f"- {text}")
        else:
            flush()
            blocks.append(Block("text", text))
    flush()
    return Parsed(blocks=blocks, title=title)


def _rows(table: Any) -> list[str]:
    rows = []
    for row in table.rows:
        cells: list[str] = []
        for cell in row.cells:
            text = " ".join(cell.text.split())
            if not cells or cells[-1] != text:  # a merged cell repeats itself
                cells.append(text)
        if any(cells):
            rows.append(" | ".join(cells))
    return rows
