"""HTML: the main content of a page as blocks (selectolax, the lexbor engine).

The content is a documentation theme's content element (Docusaurus
``.theme-doc-markdown``, MkDocs ``.md-content``, Sphinx ``div.body``) when there is one,
else ``<article>``, ``[role=main]`` or ``<main>``, else ``<body>``. Scripts, styles,
navigation, headers, footers, asides, forms, tables of contents, breadcrumbs and
heading anchors (Sphinx's ``¶``) are dropped. ``h1``-``h6`` become headings, lists one
item a line, tables one row a line, ``<pre>`` code blocks, and every other block element
a paragraph.

A heading's anchor (its section's, `sleuth.passages.section_anchors`) is the id the page
gives it: the heading's own ``id``, else an ``id`` or ``<a name>`` inside it, else the
``id`` of an empty ``<span>`` or ``<a>`` just before it (Sphinx writes its labels so),
else the ``id`` of the ``<section>`` (or Sphinx's ``div.section``) it opens, else the
``#id`` its own permalink (``a.headerlink``, ``a.hash-link``) points at.
"""

from __future__ import annotations

from typing import Any

from sleuth.errors import CorpusError, UsageError

from .blocks import Block, Parsed, explicit_anchor, link_targets
from .markdown import iso_date

__all__ = ["parse_html"]

_SKIP_TAGS = frozenset(
    "script style noscript template svg canvas iframe object embed nav header footer aside "
    "form button select textarea head".split()
)
#: inside a page's content element its own <header> and <footer> are content
_SKIP_IN_CONTENT = _SKIP_TAGS - {"header", "footer"}
_BLOCK_TAGS = frozenset(
    "p div section article main h1 h2 h3 h4 h5 h6 ul ol li dl dt dd table thead tbody tfoot "
    "tr td th pre blockquote figure figcaption address hr details summary caption".split()
)
_HEADINGS = {f"h{n}": n for n in range(1, 7)}
#: Where the main content is, most specific first: documentation themes (Docusaurus,
#: MkDocs Material, Sphinx), then the HTML elements for it.
_CONTENT = (
    ".theme-doc-markdown",
    ".md-content__inner",
    ".md-content",
    "div.body",
    "article",
    '[role="main"]',
    "main",
    "#content",
)
#: Classes of page furniture inside the content: tables of contents, breadcrumbs, ...
_FURNITURE = frozenset(
    "headerlink hash-link table-of-contents toc breadcrumbs theme-doc-breadcrumbs "
    "pagination-nav sidebar md-sidebar".split()
)
_PARAGRAPH = "\u2029"  # a paragraph break while walking the tree
_LINE = "\u2028"  # a line break (<br>)


def parse_html(html: str) -> Parsed:
    """An HTML page's main text as blocks; the title from ``<title>`` or the first
    ``<h1>``, ``published`` from the usual meta tags."""
    parser = _lexbor()(html)
    title_node = parser.css_first("title")
    title = " ".join(title_node.text().split()) if title_node is not None else ""
    h1 = parser.css_first("h1")
    heading = _clean(_inline_text(h1)) if h1 is not None else ""
    if not title or (heading and title.startswith(heading + " ") and title != heading):
        title = heading or title  # "Intro | Acme Docs": the page's own heading
    meta: dict[str, Any] = {}
    for selector in (
        'meta[property="article:published_time"]',
        'meta[name="date"]',
        'meta[name="dc.date"]',
    ):
        node = parser.css_first(selector)
        content = node.attributes.get("content") if node is not None else None
        if content:
            try:
                meta["published"] = iso_date(content.strip().replace("Z", "+00:00"), "published")
            except CorpusError:
                continue
            break
    root = None
    for selector in _CONTENT:
        root = parser.css_first(selector)
        if root is not None:
            break
    whole_page = root is None
    root = root or parser.body
    if root is None:
        raise CorpusError("HTML has no <body>")
    blocks: list[Block] = []
    _walk(root, blocks, _SKIP_TAGS if whole_page else _SKIP_IN_CONTENT)
    if not blocks:
        raise CorpusError("HTML has no main text")
    links = link_targets(
        node.attributes.get("href") or ""
        for node in root.css("a[href]")
        if not _skipped(node, _SKIP_IN_CONTENT) and node.text().strip() not in ("", "¶", "#")
    )
    if links:
        meta["links"] = links
    return Parsed(blocks=blocks, title=title or None, meta=meta)


def _lexbor() -> Any:
    try:
        from selectolax.lexbor import LexborHTMLParser
    except ImportError:  # pragma: no cover - selectolax is a dependency of sleuth
        raise UsageError("reading HTML needs selectolax: pip install selectolax") from None
    return LexborHTMLParser


def _skipped(node: Any, skip: frozenset[str] = _SKIP_TAGS) -> bool:
    if node.tag in skip:
        return True
    attrs = node.attributes
    if not attrs:
        return False
    classes = attrs.get("class") or ""
    if classes and not _FURNITURE.isdisjoint(classes.split()):
        return True
    return attrs.get("role") == "navigation" or "hidden" in attrs


def _walk(root: Any, blocks: list[Block], skip: frozenset[str] = _SKIP_TAGS) -> None:
    """Blocks from the tree under ``root``, walked with an explicit stack (no recursion
    limit on deep documents)."""
    parts: list[str] = []
    stack: list[Any] = [root]

    def flush() -> None:
        if parts:
            _text_blocks("".join(parts), blocks)
            parts.clear()

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
        if _skipped(node, skip):
            continue
        if tag == "br":
            parts.append(_LINE)
            continue
        level = _HEADINGS.get(tag)
        if level is not None:
            flush()
            text = _clean(_inline_text(node))
            if text:
                blocks.append(Block("heading", text, level, _heading_anchor(node)))
            continue
        if tag in ("ul", "ol"):
            flush()
            lines = _list_lines(node, "")
            if lines:
                blocks.append(Block("list", "\n".join(lines)))
            continue
        if tag == "table":
            flush()
            rows = _table_rows(node)
            if rows:
                blocks.append(Block("table", "\n".join(rows)))
            continue
        if tag == "pre":
            flush()
            code = (node.text(deep=True) or "").strip("\n")
            if code.strip():
                blocks.append(Block("code", f"```\n{code.rstrip()}\n```"))
            continue
        children = list(node.iter(include_text=True))
        if tag in _BLOCK_TAGS:
            parts.append(_PARAGRAPH)
            stack.append(_PARAGRAPH)
        stack.extend(reversed(children))
    flush()


_PERMALINK = ".headerlink, .hash-link, .anchor-link"


def _heading_anchor(node: Any) -> str:
    """The id the page gives a heading (see the module docstring), or ``""``."""
    anchor = explicit_anchor(node.attributes.get("id"))
    if anchor:
        return anchor
    for inner in node.css("[id], a[name]"):
        attrs = inner.attributes
        anchor = explicit_anchor(attrs.get("id") or attrs.get("name"))
        if anchor:
            return anchor
    label, first = "", True  # an empty <span id> just before it (Sphinx's labels)
    before = node.prev
    while before is not None:
        if before.is_text_node and not (before.text_content or "").strip():
            before = before.prev
            continue
        if before.is_element_node and before.tag in ("span", "a") and not before.text().strip():
            attrs = before.attributes
            label = explicit_anchor(attrs.get("id") or attrs.get("name")) or label
            before = before.prev
            continue
        first = False  # text before it: the heading does not open its parent
        break
    if label:
        return label
    parent = node.parent
    if first and parent is not None and parent.tag in ("section", "div"):
        attrs = parent.attributes
        if parent.tag == "section" or "section" in (attrs.get("class") or "").split():
            anchor = explicit_anchor(attrs.get("id"))
            if anchor:
                return anchor
    for link in node.css(_PERMALINK):
        href = link.attributes.get("href") or ""
        if href.startswith("#"):
            anchor = explicit_anchor(href[1:])
            if anchor:
                return anchor
    return ""


def _text_blocks(text: str, blocks: list[Block]) -> None:
    if "\u200b" in text:
        text = text.replace("\u200b", "")
    for block in text.split(_PARAGRAPH):
        lines = [" ".join(line.split()) for line in block.split(_LINE)]
        joined = "\n".join(line for line in lines if line)
        if joined:
            blocks.append(Block("text", joined))


def _inline_text(node: Any) -> str:
    """The text under ``node`` without skipped elements (heading anchors)."""
    out: list[str] = []
    stack: list[Any] = [node]
    while stack:
        current = stack.pop()
        if current.is_text_node:
            out.append(current.text_content or "")
            continue
        if not current.is_element_node or (current is not node and _skipped(current)):
            continue
        if current.tag == "br":
            out.append(" ")
            continue
        stack.extend(reversed(list(current.iter(include_text=True))))
    return "".join(out)


def _clean(text: str) -> str:
    return " ".join(text.replace("¶", " ").replace("\u200b", "").split())


def _list_lines(node: Any, indent: str) -> list[str]:
    lines: list[str] = []
    ordered = node.tag == "ol"
    number = 1
    for item in node.iter():
        if item.tag != "li":
            continue
        marker = f"{number}." if ordered else "-"
        number += 1
        pad = indent + " " * (len(marker) + 1)
        own: list[str] = []
        nested: list[str] = []
        for child in item.iter(include_text=True):
            if child.is_element_node and child.tag in ("ul", "ol"):
                nested.extend(_list_lines(child, pad))
            elif child.is_text_node:
                own.append(child.text_content or "")
            elif child.is_element_node and not _skipped(child):
                own.append(_inline_text(child) + (" " if child.tag in _BLOCK_TAGS else ""))
        lines.append(f"{indent}{marker} {_clean(''.join(own))}".rstrip())
        lines.extend(nested)
    return lines


def _table_rows(node: Any) -> list[str]:
    rows: list[str] = []
    for row in node.css("tr"):
        cells = [_clean(_inline_text(cell)) for cell in row.iter() if cell.tag in ("td", "th")]
        if any(cells):
            rows.append(" | ".join(cells))
    return rows
