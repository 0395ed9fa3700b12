"""Passages: how a document is cut into passages, and how a passage is named.

A passage is a span of a document's body; the spans of a document partition it exactly
(joined, they give the body back). Two splitters make them:

- `split_passages` cuts plain text (a JSON or JSONL page): paragraph-aware spans of at
  most about `PASSAGE_CHARS` characters, cut between sentences whenever a paragraph is
  too long, and inside a sentence only at a space when a sentence alone is too long;
- `split_blocks` cuts a rendered body (`sleuth.formats.render`) at its headings, each
  passage with its heading path (``"Agent › Parameters"``: the headings above where the
  passage starts):

  1. a heading starts a new passage, unless the passage so far is short (under a quarter
     of the target) and the whole next section still fits in it;
  2. within a section, whole blocks are packed while the passage stays within ``target``;
     a list, table or code block that fits in a passage of its own is moved whole to the
     next passage rather than cut (the passage may then run to 1.5 × ``target``);
  3. a block longer than that is cut between its lines (list items, table rows, code
     lines), a paragraph between sentences, a sentence at a space;
  4. a cut at a block's start leaves no line that leads into it behind: a paragraph of
     one short line that introduces it or names it ("use the command:", a change log's
     bold "3.3.0") goes to the next passage with it.

  A document without headings is split as `split_passages` splits text.

The URL scheme: passage ``n`` (from 1) of a document ``URL`` is ``URL#pn`` (`passage_url`,
`parse_passage_url`); a passage that starts a section is also ``URL#slug`` (`anchor_url`).
`section_anchors` names the passages that start a section by their heading's slug, as
MkDocs and GitHub make them (``"Agent › Parameters"`` starting a passage: ``parameters``),
unique within the document (a repeated heading gets ``-1``, ``-2``, ...), so a citation
may be ``URL#parameters`` as well as ``URL#p3``.

This module sits below both `sleuth.ingest` (which cuts documents) and `sleuth.index`
(which stores and serves passages by these URLs); it imports neither.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterator

from sleuth.formats import Block
from sleuth.text import sentences

__all__ = [
    "HEADING_SEPARATOR",
    "PASSAGE_CHARS",
    "anchor_url",
    "parse_passage_url",
    "passage_url",
    "section_anchors",
    "slugify",
    "split_blocks",
    "split_passages",
]

#: A passage is cut once it would grow past this many characters.
PASSAGE_CHARS = 1200
HEADING_SEPARATOR = " › "
_WHOLE = frozenset({"list", "table", "code"})


# --- names -----------------------------------------------------------------------------------


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


def passage_title(title: str, number: int, count: int, next_url: str | None) -> str:
    """A passage's title: its section's, with its place and the next passage's address
    (``Title › Section [passage 3/7; next: URL#p4]``; none for a document of one)."""
    if count <= 1:
        return title
    nxt = f"; next: {next_url}" if next_url else ""
    return f"{title} [passage {number}/{count}{nxt}]"


_PASSAGE_SUFFIX = re.compile(r"\s*\[passage \d+/\d+[^\]]*\]\s*$")


def title_heading(title: str) -> str:
    """A page title without its passage's place and next address (`passage_title`): the
    words a page is titled by. The next passage's address says where the files live
    ("/work/main/...", "/tmp/ci/..."), not what the page is about."""
    return _PASSAGE_SUFFIX.sub("", title)


def is_passage_title(title: str) -> bool:
    """Whether ``title`` carries a passage's place (`passage_title`)."""
    return _PASSAGE_SUFFIX.search(title) is not None


# --- plain text ----------------------------------------------------------------------------

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
    for unit_start, unit_end in _text_units(text, target):
        if end > start and unit_end - start > target:
            small = end - start < target // 4
            if not (small and unit_end - start <= target * 3 // 2):
                spans.append((start, end))
                start = unit_start
        end = unit_end
    spans.append((start, end))
    return spans


def _text_units(text: str, target: int) -> Iterator[tuple[int, int]]:
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


# --- structured documents --------------------------------------------------------------------


def split_blocks(
    body: str, spans: list[tuple[int, int, Block]], target: int
) -> list[tuple[int, int, str]]:
    """``(start, end, heading path)`` of each passage of ``body``, in order; see the
    module docstring. ``spans`` are the blocks' places in ``body``."""
    if not body:
        return []
    # the heading path of every block, and each section's end (the next heading's start)
    paths: list[str] = []
    stack: list[tuple[int, str]] = []
    current = ""
    headings: list[int] = []  # indexes of the heading blocks
    for i, (_s, _e, block) in enumerate(spans):
        if block.kind == "heading":
            while stack and stack[-1][0] >= block.level:
                stack.pop()
            stack.append((block.level, block.text))
            current = HEADING_SEPARATOR.join([t for _, t in stack])
            headings.append(i)
        paths.append(current)
    section_end: list[int] = [len(body)] * len(spans)  # used at headings only
    for n, i in enumerate(headings):
        section_end[i] = spans[headings[n + 1]][0] if n + 1 < len(headings) else len(body)
    cuts: list[tuple[int, str]] = []  # where each passage starts, and its path
    start, end = 0, 0  # the open passage: its start, and the end of what it holds
    path = paths[0] if paths else ""
    slack = target * 3 // 2

    def cut(at: int, at_path: str) -> None:
        nonlocal start, end, path
        cuts.append((start, path))
        start = end = at
        path = at_path

    led = -1  # where the open passage's line leading into its block starts, if it has one

    def cut_before(i: int, at: int) -> None:
        """Cut at ``at`` in block ``i``; at its start, a line leading into it (a bold
        "3.3.0" over its list, "use the command:" over its code) goes with it, and the
        block is then kept whole as when it starts its passage. Under nothing but its
        headings, the line and the block stay in the open passage (no passage of a
        heading alone)."""
        nonlocal end, led
        b_start = spans[i][0]
        lead = spans[i - 1] if i and at == b_start and _leads_in(spans[i - 1][2]) else None
        if lead is None or lead[0] <= start:
            cut(at, paths[i])
        elif all(b.kind == "heading" for s, _, b in spans[: i - 1] if s >= start):
            led = start  # the headings, the line and the block: one passage
        else:
            cut(lead[0], paths[i])
            end, led = lead[1], lead[0]

    for i, (b_start, b_end, block) in enumerate(spans):
        kind, size = block.kind, b_end - b_start
        if end == start:  # nothing held yet: the passage takes this block's path
            path = paths[i]
        elif kind == "heading":
            if not (end - start < target // 4 and section_end[i] - start <= target):
                cut(b_start, paths[i])
        elif b_end - start > target and size <= (slack if kind in _WHOLE else target):
            cut_before(i, b_start)  # moved whole to a passage of its own
        whole = start in (b_start, led) and kind in _WHOLE and b_end - start <= slack
        if b_end - start <= target or whole:
            end = b_end
            continue
        for u_start, u_end in _units(body, b_start, b_end, kind, target):
            if end > start and u_end - start > target:
                cut_before(i, u_start)
            end = u_end
    cuts.append((start, path))
    out: list[tuple[int, int, str]] = []
    for n, (s, p) in enumerate(cuts):
        e = cuts[n + 1][0] if n + 1 < len(cuts) else len(body)
        if e > s:
            out.append((s, e, p))
    if out and out[0][0] > 0:
        out[0] = (0, out[0][1], out[0][2])
    return out


def _leads_in(block: Block) -> bool:
    """Whether ``block`` is a line that leads into what follows it, as a heading would: a
    paragraph of one short line that introduces ("... use the command:") or names ("3.3.0",
    bold in a change log) and says nothing of its own (no sentence's end)."""
    text = block.text.strip()
    if block.kind != "text" or not text or "\n" in text or len(text) > 100:
        return False
    return text.endswith(":") or (len(text) <= 80 and text[-1] not in ".!?;,")


_NOT_SLUG = re.compile(r"[^\w\s-]")
_SLUG_GAPS = re.compile(r"[-\s]+")
_PASSAGE_NAME = re.compile(r"p[0-9]+")  # `URL#p3` names passage 3, never a section


@functools.lru_cache(maxsize=8192)  # headings repeat across pages ("Parameters")
def slugify(heading: str) -> str:
    """A heading's anchor as MkDocs makes it: lower case, punctuation dropped, runs of
    spaces and hyphens one hyphen (letters of any script kept, as GitHub keeps them)."""
    return _SLUG_GAPS.sub("-", _NOT_SLUG.sub("", heading.lower())).strip("-_")


def section_anchors(
    spans: list[tuple[int, int, Block]], passages: list[tuple[int, int, str]]
) -> list[str]:
    """The anchor of each passage (`split_blocks`' output) that starts at a heading, else
    ``""``. Every heading of the document takes its explicit id (``{#custom-id}``, kept
    as written) or else its slug, in order, so a repeated one is
    ``slug-1``, ``slug-2``, ... as on the published page; a slug that reads like a
    passage number (``p3``) is taken as already used. The title heading at the very
    start names the document, not a section: that passage is ``#p1`` alone."""
    starts = {s for s, _, _ in passages}
    seen: dict[str, int] = {}
    at: dict[int, str] = {}
    for b_start, _e, block in spans:
        if block.kind != "heading":
            continue
        base = block.anchor or slugify(block.text)
        if not base:
            continue
        slug = base
        count = seen.get(base, 1 if base[0] == "p" and _PASSAGE_NAME.fullmatch(base) else 0)
        if count:
            slug = f"{base}-{count}"
            while slug in seen:  # a heading that is itself "usage-1"
                count += 1
                slug = f"{base}-{count}"
        seen[base] = count + 1
        seen.setdefault(slug, 1)
        if b_start in starts and (b_start or block.level > 1):  # a title names the page
            at[b_start] = slug
    if not at:
        return [""] * len(passages)
    return [at.get(s, "") for s, _, _ in passages]


def _units(body: str, start: int, end: int, kind: str, target: int) -> Iterator[tuple[int, int]]:
    """Pieces of one long block, each within ``target`` where that can be had: lines of
    a list, table or code block (a list item with the lines indented under it), else
    sentences, else word runs."""
    if kind in _WHOLE:
        cuts = [start]
        at = body.find("\n", start, end)
        while at >= 0:
            nxt = at + 1
            if kind != "list" or (nxt < end and not body[nxt].isspace()):
                cuts.append(nxt)
            at = body.find("\n", nxt, end)
        cuts.append(end)
    else:
        cuts = [start, *(start + s for s, _ in sentences(body[start:end])[1:]), end]
    for a, b in itertools.pairwise(cuts):
        if a >= b:
            continue
        if b - a <= target:
            yield a, b
        else:
            yield from _word_runs(body, a, b, target)
