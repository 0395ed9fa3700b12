"""Jupyter notebooks (``.ipynb``, nbformat 4): markdown cells as Markdown, code cells as
code, and the text a code cell printed (streams and ``text/plain`` results, up to
`MAX_OUTPUT_CHARS` each) as code too. Images and HTML outputs are left out."""

from __future__ import annotations

import json
from typing import Any

from sleuth.errors import CorpusError

from .blocks import Block, Parsed
from .markdown import parse_markdown

__all__ = ["parse_notebook"]

MAX_OUTPUT_CHARS = 2000


def parse_notebook(text: str) -> Parsed:
    try:
        notebook = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise CorpusError(f"notebook is not valid JSON: {exc}") from None
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    if not isinstance(cells, list):
        raise CorpusError("not a Jupyter notebook (no 'cells' list)")
    language = ""
    meta = notebook.get("metadata")
    if isinstance(meta, dict) and isinstance(meta.get("language_info"), dict):
        language = str(meta["language_info"].get("name", ""))
    blocks: list[Block] = []
    title: str | None = None
    for cell in cells:
        if not isinstance(cell, dict):
            continue
        source = _text(cell.get("source"))
        kind = cell.get("cell_type")
        if kind == "markdown" and source.strip():
            parsed = parse_markdown(source)
            title = title or parsed.title
            blocks.extend(parsed.blocks)
        elif kind == "code":
            if source.strip():
                blocks.append(Block("code", f"```{language}\n{source.rstrip()}\n```"))
            for output in cell.get("outputs") or []:
                shown = _output(output)
                if shown.strip():
                    blocks.append(Block("code", f"```\n{shown.rstrip()[:MAX_OUTPUT_CHARS]}\n```"))
        elif kind == "raw" and source.strip():
            blocks.append(Block("text", source.strip()))
    if isinstance(meta, dict) and isinstance(meta.get("title"), str):
        title = meta["title"]
    return Parsed(blocks=blocks, title=title)


def _text(value: Any) -> str:
    if isinstance(value, list):
        return "".join(v for v in value if isinstance(v, str))
    return value if isinstance(value, str) else ""


def _output(output: Any) -> str:
    if not isinstance(output, dict):
        return ""
    if output.get("output_type") == "stream":
        return _text(output.get("text"))
    data = output.get("data")
    if isinstance(data, dict):
        return _text(data.get("text/plain"))
    return ""
