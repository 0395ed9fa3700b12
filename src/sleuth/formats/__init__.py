"""Document formats: a file's bytes turned into the text a person reads, in blocks.

Every reader returns a `Parsed`: a title (None: the caller picks one), metadata for
`sleuth.corpus.Page` and a list of `Block` — headings, paragraphs, lists, tables and code,
in reading order. Markup is gone: link text stays and its URL goes, code spans keep their
backticks and code blocks their fences, a table is one row per line (cells joined by
`` | ``), a list one item per line, and MDX imports and exports, JSX and HTML tags,
front matter, admonition markers and include directives leave no trace in the text.

A reader that finds links (Markdown, MDX, reST, HTML) gives their targets, once each
as ``meta["links"]`` (`link_targets`): the page's metadata, never its text.

`render` joins the blocks into a document body (blank lines between blocks) and gives the
span of each block in it, which `sleuth.passages` uses to cut passages at headings.

========  =========================================  =====================================
kind      suffixes                                   reader
========  =========================================  =====================================
md        .md .markdown .mdx                         `sleuth.formats.markdown` (Rust
                                                     markdown-it, with MkDocs, Docusaurus
                                                     and MDX syntax handled)
rst       .rst .rest                                 `sleuth.formats.rst` (docutils, with
                                                     Sphinx roles and directives)
html      .html .htm .xhtml                          `sleuth.formats.html` (selectolax)
ipynb     .ipynb                                     `sleuth.formats.notebook`
txt       .txt .text                                 plain text, paragraphs kept; a file
                                                     written in reST (a directive or a
                                                     label: Sphinx's ``.txt`` includes,
                                                     Django's pages) as reST
pdf       .pdf                                       `sleuth.formats.pdf` (extra ``pdf``)
docx      .docx                                      `sleuth.formats.docx` (extra ``docx``)
========  =========================================  =====================================

JSON and JSONL corpora are read by `sleuth.ingest` itself (they name their own pages).
"""

from __future__ import annotations

import importlib.util
import re

from .blocks import MAX_LINKS, Block, Include, Parsed, link_targets

__all__ = [
    "BINARY_KINDS",
    "EXTRAS",
    "MAX_LINKS",
    "SUFFIXES",
    "Block",
    "Include",
    "Parsed",
    "link_targets",
    "missing_extra",
    "parse",
    "plain_text",
    "render",
    "written_in_rst",
]


#: Formats read from bytes rather than text.
BINARY_KINDS = frozenset({"pdf", "docx"})
#: kind -> (extra, the module it needs)
EXTRAS: dict[str, tuple[str, str]] = {"pdf": ("pdf", "pypdf"), "docx": ("docx", "docx")}
_FOUND: dict[str, bool] = {}


def missing_extra(kind: str) -> str | None:
    """The problem to report when reading ``kind`` needs an extra that is not installed,
    else None."""
    need = EXTRAS.get(kind)
    if need is None:
        return None
    extra, module = need
    found = _FOUND.get(module)
    if found is None:
        found = _FOUND[module] = importlib.util.find_spec(module) is not None
    if found:
        return None
    return f"needs extra {extra}: pip install 'sleuth[{extra}]'"


def render(blocks: list[Block]) -> tuple[str, list[tuple[int, int, Block]]]:
    """The body the blocks make (blank lines between them) and each block's
    ``(start, end, block)`` in it. Blocks without text are left out."""
    parts: list[str] = []
    spans: list[tuple[int, int, Block]] = []
    at = 0
    for block in blocks:
        text = block.text
        if not text or text.isspace():
            continue
        if parts:
            parts.append("\n\n")
            at += 2
        parts.append(text)
        spans.append((at, at + len(text), block))
        at += len(text)
    return "".join(parts), spans


def plain_text(text: str) -> Parsed:
    """A plain text file: one block per paragraph (blank lines apart), as written."""
    blocks = [Block("text", p.strip("\n")) for p in _paragraphs(text)]
    return Parsed(blocks=blocks)


def _paragraphs(text: str) -> list[str]:
    return [p for p in re.split(r"\n[^\S\n]*\n\s*", text.replace("\r\n", "\n")) if p.strip()]


#: suffix -> kind, for the files of a folder (JSON and JSONL are `sleuth.ingest`'s own)
SUFFIXES: dict[str, str] = {
    ".md": "md",
    ".markdown": "md",
    ".mdx": "md",
    ".rst": "rst",
    ".rest": "rst",
    ".html": "html",
    ".htm": "html",
    ".xhtml": "html",
    ".ipynb": "ipynb",
    ".txt": "txt",
    ".text": "txt",
    ".pdf": "pdf",
    ".docx": "docx",
}


def parse(kind: str, data: bytes | str, where: str = "", include: Include | None = None) -> Parsed:
    """The document in a file of ``kind``: ``data`` is its text (its bytes for PDF and
    DOCX). ``include`` follows a Markdown document's includes (`Include`; without it they
    leave nothing). A file that does not parse is a `sleuth.errors.CorpusError`."""
    if isinstance(data, bytes):
        if kind == "pdf":
            from .pdf import parse_pdf

            return parse_pdf(data)
        if kind == "docx":
            from .docx import parse_docx

            return parse_docx(data)
        raise ValueError(f"{kind} is read from text, not bytes")
    if kind == "md":
        from .markdown import parse_markdown

        return parse_markdown(data, include)
    if kind == "rst":
        from .rst import parse_rst

        return parse_rst(data, where or "<rst>")
    if kind == "html":
        from .html import parse_html

        return parse_html(data)
    if kind == "ipynb":
        from .notebook import parse_notebook

        return parse_notebook(data)
    if kind == "txt" and written_in_rst(data):
        from sleuth.errors import CorpusError

        from .rst import parse_rst

        try:
            return parse_rst(data, where or "<txt>")
        except CorpusError:
            pass  # reST that docutils gives up on is still text
    return plain_text(data)


# what only reST writes, at a line's start: a directive (``.. code-block:: console``,
# ``.. |name| image::``) or a label (``.. _installation:``)
_RST_MARK = re.compile(r"^\.\.[ \t]+(?:(?:\|[^|\n]+\|[ \t]+)?[A-Za-z][\w:+.-]*::|_[^:\n]+:)", re.M)
# what Markdown writes and reST never does: a code fence, a pipe table's rule, an ATX
# heading, indented by at most three spaces (CommonMark's bound)
_MARKDOWN_LINE = re.compile(r" {0,3}(?:```|~~~|\|?[ \t]*:?-{3,}:?[ \t]*\||#{1,6}[ \t]+\S)")
# a line that opens a reST block whose indented lines are its body: a directive
# (".. code-block:: bash") or a paragraph ending in "::" (a literal block follows)
_RST_BLOCK_OPENER = re.compile(r"^[ \t]*\.\.[ \t]+\S.*::|::[ \t]*$")


def _markdown_marked(text: str) -> bool:
    """Whether ``text`` holds a line only Markdown writes (`_MARKDOWN_LINE`), outside the
    indented body of a reST block (a "# install" comment in a code block is no heading)
    and not a reST title's adornment (a line of tildes under a line of text, or over one
    with the same line under it, is no fence)."""
    lines = text.split("\n")
    body_of: int | None = None  # the indentation of the block opener whose body this is
    for i, line in enumerate(lines):
        stripped = line.lstrip(" \t")
        indent = len(line) - len(stripped)
        if body_of is not None:
            if not stripped or indent > body_of:
                continue
            body_of = None
        if _RST_BLOCK_OPENER.search(line):
            body_of = indent
            continue
        if not _MARKDOWN_LINE.match(line):
            continue
        bare = line.strip()
        if bare and set(bare) == {"~"}:
            above = lines[i - 1].strip() if i else ""
            below = lines[i + 2].strip() if i + 2 < len(lines) else None
            if above or below == bare:
                continue  # an underline, or an overline
        return True
    return False


def written_in_rst(text: str) -> bool:
    """Whether a ``.txt`` file is reStructuredText: it has a directive or a label at a
    line's start (Sphinx projects name their include fragments ``.txt``, Django and
    docutils all their pages) and nothing only Markdown writes (a fence, a pipe table, a
    ``#`` heading: an ``llms.txt``). Underlines, roles or a ``..`` line in prose alone
    are plain text's too, and a misread costs a plain text file its tables and lines."""
    return _RST_MARK.search(text) is not None and not _markdown_marked(text)
