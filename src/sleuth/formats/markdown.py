"""Markdown and MDX (CommonMark with tables), as MkDocs and Docusaurus sites write them.

Blocks are parsed by markdown-it (its Rust port, ``markdown-it-pyrs``: the Python one
costs about 4 ms a page, seven times what the rest of an ingest costs); inline markup
(links, emphasis, code spans, inline HTML, escapes, entities) by `convert_inline`, which
keeps code spans as written and everything else as a reader sees it. Before parsing, the
syntax that sites add on top of Markdown is turned into what a reader sees, outside code
fences only:

- front matter (``---`` block at the top) becomes metadata (`front_matter`);
- MDX ``import`` / ``export`` statements and ``{/* comments */}`` go;
- admonitions (MkDocs ``!!! note "Title"`` and ``??? tip`` with an indented body,
  pymdownx ``/// note | Title`` ... ``///`` and ``=== "Tab"``, Docusaurus ``:::note Title``
  ... ``:::``) keep their title (when one is given) and their text, not their markers;
- includes (``--8<-- "file"`` and its block form, ``{! file !}``, ``{!> file !}``,
  ``{* file *}``) are replaced by the file they name when the caller gives a way to read
  it (`sleuth.formats.includes`, `sleuth.ingest.includes`: Markdown as Markdown, other files as
  code); the rest go, as do mkdocstrings ``::: package.name`` blocks and
  ``*[ABBR]: ...`` definitions;
- MDX partials (``import Foo from './_foo.mdx'`` and ``<Foo />``) are replaced by the
  partial's text, read the same way (`sleuth.formats.partials`);
- heading attributes (``## Title { #anchor }``) go from the text; an explicit id in them
  is the heading's ``anchor`` (its section's anchor, `sleuth.passages.section_anchors`).

MyST, the Markdown that Sphinx reads, is read as Sphinx shows it (as `sleuth.formats.rst`
reads the same roles and directives in reST):

- a role (``{func}`option```, ``{ref}`title <target>```) is its text: an API name
  (`CODE_ROLES`) as a code span (a function's with ``()``), a reference as its title or
  else its target, ``{pep}`8``` as "PEP 8"; a role inside a code span is code;
- a target line ``(label)=`` right before a heading is that heading's anchor (as a reST
  label is); before anything else it names nothing, and goes. It is one on any line of
  a paragraph or a list item (MyST ends the paragraph there); one that lazily continues
  a list's last item names the heading after the list, and one before a heading inside
  a list item names nothing (that heading is a line of the list, not a section);
- a directive (a fence ```` ```{name} arguments ````, or a colon fence ``:::{name}``
  ... ``:::`` with more colons around nested ones): build instructions
  (``currentmodule``, ``toctree``, ``contents``, ...) leave nothing; ``code-block`` is
  code; admonitions (``note``, ``warning``, ``admonition Title``, ...) keep their title
  and their text, as do sphinx-design's containers (``tab-set``, ``tab-item Title``,
  ``dropdown``, ``card``, ...); ``versionadded 4.0`` is "New in version 4.0." before its text;
  ``eval-rst`` is read as reST. Leading ``:option: value`` lines are not text. Any other
  directive is a code block, as before.

JSX and HTML blocks keep only the text between their tags (parsed as Markdown again);
inline HTML tags go, their text stays.
"""

from __future__ import annotations

import re
import textwrap
import threading
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from sleuth.errors import CorpusError

from .blocks import (
    BUILD_DIRECTIVES,
    CODE_ROLES,
    TEXT_ROLES,
    VERSION_WORDS,
    Block,
    Include,
    Parsed,
    explicit_anchor,
    link_targets,
    page_title,
    role_text,
    titled_role,
    unknown_role,
)
from .fences import fence_end, without_fences
from .frontmatter import front_matter, iso_date
from .includes import expand_includes
from .partials import expand_partials

__all__ = ["convert_inline", "front_matter", "iso_date", "parse_markdown", "table_in"]

_ADMONITION_KINDS = (
    "note|tip|info|warning|danger|caution|important|success|failure|bug|example|quote|"
    "abstract|summary|tldr|todo|question|help|faq|hint|check|done|attention|error|"
    "missing|fail|cite|secondary|primary|details|admonition|seealso|experimental"
)


@lru_cache(maxsize=1)
def _parser() -> Any:
    try:
        from markdown_it_pyrs import MarkdownIt
    except ImportError:  # pragma: no cover - a dependency of sleuth
        from sleuth.errors import UsageError

        raise UsageError("reading Markdown needs markdown-it-pyrs: pip install sleuth") from None
    # block rules only: inline markup is read by `convert_inline` (regular expressions),
    # several times cheaper than a Python object for every inline node; tables are read
    # from their paragraph's lines (`_paragraph`), half the cost of a tree node per cell
    return MarkdownIt("zero").enable_many(
        [
            "paragraph",
            "heading",
            "lheading",
            "list",
            "fence",
            "code",
            "blockquote",
            "html_block",
            "hr",
            "reference",
        ]
    )


def parse_markdown(text: str, include: Include | None = None) -> Parsed:
    """A Markdown or MDX document (front matter given as metadata; a title from it or
    from the first level-1 heading). ``include`` follows its includes (`expand_includes`);
    without it they leave nothing."""
    meta, body = front_matter(text)
    blocks: list[Block] = []
    warnings: list[str] = []
    if include is not None and (_has_snippet(body) or _has_brace_include(body)):
        body = expand_includes(body, include)
    if include is not None and "import" in body and _has_self_closing(body):
        body = expand_partials(body, include, warnings)
    text = prepare(body)
    found: list[str] = []
    _found.links = found  # the walk's inline links, autolinks and hrefs, in order
    try:
        _blocks(_parser().tree(text), blocks)
    except RecursionError:
        raise CorpusError("Markdown nested too deeply") from None
    finally:
        _found.links = _found.target = None
    title = meta.pop("title", None)
    if title is None:
        title = page_title(blocks)
    if _has_definition(body):  # reference definitions, outside code
        found.extend(_DEFINITION.findall(without_fences(body)))
    if found:
        # a generator: `link_targets` stops at its cap, so a page of thousands of links
        # is not looked through to the end
        links = link_targets(target for target in found if not _IMAGE.search(target))
        if links:
            meta["links"] = links
    return Parsed(blocks=blocks, title=title, meta=meta, warnings=warnings)


class _Found(threading.local):
    """What the walk of the document being read collects (per thread): its link
    targets, read where `convert_inline` reads the links, so links in code are not
    links; and a MyST target ``(label)=`` waiting for the heading it names (with the
    list of blocks it stood in and how many were before it)."""

    links: list[str] | None = None
    target: tuple[str, list[Block], int] | None = None


_found = _Found()


# a reference definition ``[id]: target`` (markdown-it reads them, and leaves no node)
# and an HTML/JSX ``href="..."``; links themselves are read in the walk (`_inline_match`)
_DEFINITION = re.compile(r"^[ ]{0,3}\[[^\]\n]+\]:[ \t]*<?([^\s<>]+)", re.MULTILINE)
_BRACKET_COLON = re.compile(r"\]:")
_HREF = re.compile(r"href=(?:\"([^\"]*)\"|'([^']*)')")
_IMAGE = re.compile(r"\.(?:png|jpe?g|gif|svg|webp|ico|bmp|avif)(?:[?#].*)?$", re.IGNORECASE)


def _has_definition(text: str) -> bool:
    """Whether ``text`` holds a reference definition (`_DEFINITION`): its ``]:`` is the
    first on its line, so each ``]:``'s line is tried, not every line (``^`` anchored at
    every character is several times slower)."""
    for colon in _BRACKET_COLON.finditer(text):
        if _DEFINITION.match(text, text.rfind("\n", 0, colon.start()) + 1):
            return True
    return False


# Whether a page holds some syntax at all, looked for before the work of reading it: these
# run over every page. A character of the syntax that prose seldom has is looked for first
# (``in`` finds one character many times faster than anything else), then the syntax with
# the regular expression engine, which finds a short literal two to three times faster
# than ``in`` does (it skips to the literal's first character; an alternative of several
# literals loses that, so each is looked for on its own).
def _finder(literal: str, *rare: str) -> Callable[[str], bool]:
    search = re.compile(literal).search
    return lambda text: any(char in text for char in rare) and search(text) is not None


_has_snippet = _finder("8<-", "<")
_has_brace_include = _finder(r"\{[!*]", "!", "*")  # ``{! file !}``, ``{* file *}``
_has_self_closing = _finder("/>", ">")
_has_jsx_comment = _finder(r"\{/\*", "*")
_ADMONITION_MARKS = (_finder("!!!", "!"), _finder(r"\?\?\?", "?"), _finder("===", "="))


# --- before parsing: the syntax sites add ------------------------------------------------------

_INCLUDE = re.compile(
    r"^[ \t]*(?:\{\*.*?\*\}|\{!.*?!\}|-{1,2}8<-{1,2}.*|\*\[[^\]\n]+\]:.*)[ \t]*$", re.MULTILINE
)
_MDX = re.compile(
    r"^(?:import\s+(?:[\w*${}\s,]+?\s+from\s+)?['\"][^'\"\n]+['\"];?[ \t]*$"
    r"|import\s+(?:type\s+)?\{[^}]*\}\s*from\s*['\"][^'\"\n]+['\"];?[ \t]*$"
    r"|export\s+(?:default\s+|const\s+|let\s+|var\s+|function\s+|async\s+|class\s+|\{)"
    r"(?:.|\n(?![ \t]*\n))*)",
    re.MULTILINE,
)
_JSX_COMMENT = re.compile(r"\{/\*.*?\*/\}", re.DOTALL)
# pymdownx blocks: ``/// note | Title`` opens one (its title kept), a bare ``///`` closes it
_BLOCK = re.compile(r"^[ \t]*/{3,}[ \t]*(?:[\w-]+[ \t]*(?:\|[ \t]*(.*?))?)?[ \t]*$", re.MULTILINE)
_DOCUSAURUS = re.compile(
    rf"^[ \t]*:{{3,}}[ \t]*(?:{_ADMONITION_KINDS})\b(?:\[(.*?)\]|[ \t]*(.*?))?(?:\{{.*\}})?[ \t]*$"
    r"|^[ \t]*:{3,}[ \t]*$",
    re.MULTILINE | re.IGNORECASE,
)
_MKDOCSTRINGS = re.compile(r"^:::[ \t]+[\w.:]+[^\n]*(?:\n(?:[ \t]+[^\n]*|[ \t]*(?=\n)))*", re.M)
# (a run of four or more ``=`` is a setext heading's underline, not a content tab)
_INDENTED_OPEN = re.compile(
    r"^(!!!|\?\?\?\+?|===\+?(?!=))[ \t]*(?:([\w-]+)[^\S\n]*)?(?:\"(.*?)\")?"
)


def prepare(text: str) -> str:
    """``text`` with the site syntax turned into plain Markdown (see the module
    docstring); code fences are left alone, except that an include inside one goes.

    The lines that may hold such syntax are found first (`_next_candidate`); only those are
    looked at further."""
    if ":::{" in text:  # (a fence of more colons holds it too)
        text = _colon_fences(text)
    if any(has(text) for has in _ADMONITION_MARKS):
        text = _indented_admonitions(text)
    if _has_jsx_comment(text):
        text = _JSX_COMMENT.sub("", text)
    parts: list[str] = []
    at = pos = 0
    while (found := _next_candidate(text, pos)) is not None:
        start, fence, found_end = found
        if fence is not None:  # a code fence: skipped whole (its includes go)
            end = fence_end(text, fence, found_end)
            code = text[start:end]
            if "{!" in code or "{*" in code:
                parts.append(text[at:start])
                parts.append(_INCLUDE.sub("", code))
                at = end
            pos = end
            continue
        for pattern, replace in _LINE_SYNTAX:
            match = pattern.match(text, start)
            if match is not None:
                parts.append(text[at:start])
                parts.append(replace(match))
                at = pos = max(match.end(), start + 1)
                break
        else:
            pos = found_end
    if not parts:
        return text
    parts.append(text[at:])
    return "".join(parts)


_MARKED = r"[ \t]*(?:(`{3,}|~{3,})|/{3,}|:{3,}|\{[*!]|-{1,2}8<-|\*\[|(?:import|export)\s)"
_CANDIDATE = re.compile(_MARKED)  # the first line
# every other line, found from its line break: a pattern that starts with a literal is
# searched for quickly, one anchored at every line start (``^`` with MULTILINE) is tried
# at every character, five times slower; and a line whose first character starts no
# marker is passed over by the lookahead, not tried against each marker (a third faster)
_CANDIDATE_LINE = re.compile(rf"\n(?=[ \t]*[`~/:{{*ie-])({_MARKED})")


def _next_candidate(text: str, pos: int) -> tuple[int, str | None, int] | None:
    """``(line start, the code fence or None, the end of the marker)`` of the first line
    at or after ``pos`` that may hold site syntax (`_MARKED`)."""
    if pos == 0:
        first = _CANDIDATE.match(text)
        if first is not None:
            return 0, first.group(1), first.end()
        pos = 1
    found = _CANDIDATE_LINE.search(text, pos - 1)
    if found is None:
        return None
    return found.start(1), found.group(2), found.end()


def _title_line(title: str | None) -> str:
    title = (title or "").strip().strip("\"'")
    return f"\n{title}\n" if title else ""


_LINE_SYNTAX: tuple[tuple[re.Pattern[str], Any], ...] = (
    (_INCLUDE, lambda m: ""),
    (_BLOCK, lambda m: _title_line(m.group(1))),
    (_MKDOCSTRINGS, lambda m: ""),
    (_DOCUSAURUS, lambda m: _title_line(m.group(1) or m.group(2))),
    (_MDX, lambda m: ""),
)


def _indented_admonitions(text: str) -> str:
    """MkDocs admonitions and content tabs whose body is indented by four spaces: the
    marker line becomes its title (if any) and the body is un-indented."""
    out: list[str] = []
    bodies: list[int] = []  # the indent of each open admonition's body
    fence: str | None = None
    for line in text.split("\n"):
        stripped = line.lstrip(" ")
        indent = len(line) - len(stripped)
        if stripped and bodies:
            while bodies and indent < bodies[-1]:
                bodies.pop()
        cut = bodies[-1] if bodies else 0
        line = line[min(cut, indent) :] if stripped else ""
        if fence is not None:
            if stripped.startswith(fence):
                fence = None
            out.append(line)
            continue
        if stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
            out.append(line)
            continue
        match = _INDENTED_OPEN.match(line.lstrip(" ")) if stripped[:1] in "!?=" else None
        if match is None:
            out.append(line)
            continue
        bodies.append(indent + 4)
        title = match.group(3)
        out.append(f"\n{title.strip()}\n" if title and title.strip() else "")
    return "\n".join(out)


# --- the tree --------------------------------------------------------------------------------

# heading attributes, as MkDocs (attr_list), Pandoc and Docusaurus write them:
# ``## Title {#custom-id}``, ``## Title { #custom-id .class }``, ``## Title {: #custom-id }``
_ATTRS = re.compile(r"[ \t]*\{[ \t]*[#:.][^{}]*\}[ \t]*$")
_HEADING_ID = re.compile(r"(?<![^\s{:])#([^\s{}#\"'<>]+)")
_TAG = re.compile(r"<[^<>]*>")
_HIDDEN = re.compile(r"<(script|style|template)\b.*?</\1\s*>|<!--.*?(?:-->|\Z)", re.DOTALL | re.I)
_TAB_LABEL = re.compile(r"<TabItem\b[^<>]*?\blabel=(?:\"([^\"]*)\"|'([^']*)')[^<>]*>")
_STYLED = re.compile(r"</(?:font|span|b|u|i|strong|em)>")
_CONSOLE = frozenset({"", "console", "shell", "shell-session", "bash", "sh", "text", "txt"})
_CONTAINERS = frozenset({"blockquote", "root", "footnote_block", "footnote", "dl", "dd", "dt"})


def _blocks(node: Any, out: list[Block]) -> None:
    """The blocks under ``node``."""
    for child in node.children:
        name = child.name
        if name == "paragraph":
            raw = _raw(child)
            if "=" in raw and ")=" in raw and len(pieces := _TARGET.split(raw)) > 1:  # MyST
                for i, piece in enumerate(pieces):  # text, label, text, ...
                    if i % 2:
                        _found.target = (piece, out, len(out))  # names the next heading
                    else:
                        _paragraph(piece.strip("\n"), out)
            else:
                _paragraph(raw, out)
        elif name == "heading" or name == "lheading":  # ``# Title``, or underlined
            raw, anchor = _raw(child), ""
            if "{" in raw:
                attrs = _ATTRS.search(raw)
                if attrs is not None:
                    raw = raw[: attrs.start()]
                    found = _HEADING_ID.search(attrs.group())
                    anchor = found.group(1) if found else ""
            if _found.target is not None:
                label, before, at = _found.target
                _found.target = None
                if before is out and at == len(out):  # nothing between them
                    anchor = anchor or explicit_anchor(label)
            text = convert_inline(raw).strip()
            if text:
                out.append(Block("heading", text, int(child.meta.get("level", 1)), anchor))
        elif name in ("bullet_list", "ordered_list"):
            lines, ended = _list_lines(child, "")
            text = "\n".join(lines)
            if text.strip():
                out.append(Block("list", text))
            if ended is not None:  # the list's last line: it names the heading after it
                _found.target = (ended, out, len(out))
        elif name in ("fence", "code_block"):
            meta = child.meta
            directive = _MYST_DIRECTIVE.match(str(meta.get("info", "")))
            if directive is None or not _directive(directive, str(meta.get("content", "")), out):
                code = _code_of(meta)
                if code:
                    out.append(Block("code", code))
        elif name == "html_block":
            _html_block(child.meta.get("content", ""), out)
        elif name in ("hr", "front_matter"):
            continue
        elif name in _CONTAINERS or child.children:
            _blocks(child, out)


# --- MyST (Sphinx's Markdown): targets and directives -----------------------------------------

# a MyST colon fence (the colon_fence extension): ``:::{note}`` ... ``:::``
_COLON_OPEN = re.compile(r"[ \t]*(:{3,})(\{[A-Za-z][\w:+.-]*\}[^\n]*)$")
_COLON_CLOSE = re.compile(r"[ \t]*(:{3,})[ \t]*$")


def _colon_fences(text: str) -> str:
    """``text`` with each MyST colon fence (``:::{note}`` ... ``:::``, nested ones with
    more colons) written as a tilde fence with the same directive, which `_directive`
    reads as it reads a backtick one; a tilde fence is not closed by the backtick code
    fences inside it. Code fences are left alone."""
    out: list[str] = []
    open_: list[int] = []  # the colon counts of the fences open, innermost last
    code: str | None = None  # the backtick or tilde run of a code fence we are in
    for line in text.split("\n"):
        stripped = line.lstrip(" \t")
        if code is not None:
            if stripped.startswith(code) and not stripped[len(code) :].strip():
                code = None
            out.append(line)
            continue
        opened = _COLON_OPEN.match(line)
        if opened is not None:
            open_.append(len(opened.group(1)))
            out.append("~" * len(opened.group(1)) + opened.group(2))
            continue
        closed = _COLON_CLOSE.match(line)
        if closed is not None and open_ and len(closed.group(1)) >= open_[-1]:
            out.append("~" * open_.pop())
            continue
        fence = re.match(r"(`{3,}|~{3,})", stripped)
        if fence is not None and not open_:
            code = fence.group(1)
        out.append(line)
    return "\n".join(out)


# ``(label)=`` on a line of its own: a target, the anchor of the heading after it. Any
# line of a paragraph may be one (MyST reads it as a block of its own, which ends the
# paragraph before it): split at them, a paragraph is its text and labels in turn.
_TARGET = re.compile(r"^\(([^()\s]+)\)=[ \t]*$", re.MULTILINE)
# a directive is a code fence whose info is ``{name} arguments``
_MYST_DIRECTIVE = re.compile(r"\{([A-Za-z][\w:+.-]*)\}(?:[ \t]+(.*))?$")
_MYST_OPTIONS = re.compile(r"(?:[ \t]*:[\w-]+:[^\n]*(?:\n|$))+|---\n(?:.*\n)*?---(?:\n|$)")
_MYST_CODE = frozenset({"code-block", "code", "sourcecode", "code-cell"})
_MYST_DROP = frozenset({*BUILD_DIRECTIVES, "contents", "include", "image", "figure", "raw"})
# sphinx-design and docutils containers: their titles and bodies are text
_MYST_CONTAINERS = frozenset(
    "tab-set tab-item tabs tab dropdown card grid grid-item grid-item-card container div "
    "margin epigraph only".split()
)
_MYST_ADMONITIONS = frozenset(
    "admonition note warning tip hint important caution danger attention error seealso todo "
    "topic sidebar".split()
)


def _directive(found: re.Match[str], content: str, out: list[Block]) -> bool:
    """A MyST directive's blocks (see the module docstring); False when it is none Sphinx
    is known to show as text (its fence is then code, as any other)."""
    name, arguments = found.group(1), " ".join((found.group(2) or "").split())
    if name in _MYST_DROP:
        return True
    if name == "eval-rst":  # reStructuredText inside Markdown
        from .rst import parse_rst, quick_blocks

        quick = quick_blocks(content)  # directives read alike without docutils' set-up
        out.extend(quick if quick is not None else parse_rst(content).blocks)
        return True
    options = _MYST_OPTIONS.match(content)
    body = content[options.end() :] if options else content
    if name in _MYST_CODE:
        language = arguments.split(maxsplit=1)[0] if arguments else ""
        code = _code_of({"content": body, "info": language})
        if code:
            out.append(Block("code", code))
        return True
    if name in VERSION_WORDS and arguments:  # as the reST reader shows them
        version, _, words = arguments.partition(" ")
        head = f"{VERSION_WORDS[name]} {version}" + (f": {words}" if words else "")
        end = ":" if body.strip() else ("" if head.endswith((".", "!", "?")) else ".")
        out.append(Block("text", head + end))
    elif name in _MYST_ADMONITIONS or name in _MYST_CONTAINERS:
        if arguments:  # a title (``{admonition} Title``, ``{seealso} other``, a tab's)
            out.append(Block("text", convert_inline(arguments)))
    else:
        return False
    body = textwrap.dedent(body)
    if body.strip():
        _blocks(_parser().tree(prepare(body)), out)
    return True


def _inline(node: Any) -> str:
    """The text of a block's inline source (its ``text`` children), markup read."""
    return convert_inline(_raw(node))


_CODE_SPAN = re.compile(r"(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.DOTALL)
# every alternative starts with a literal character, so the engine skips plain text fast
_INLINE = re.compile(  # possessive runs (``++``, ``*+``): no backtracking through long text
    r"!\[(?:[^\]\\]++|\\.)*+\](?:\((?:[^()\s]++|\([^()]*\))*+(?:\s+[^)]*)?\)|\[[^\]]*\])"  # image
    r"|\[((?:[^\[\]\\]++|\\.|\[[^\]]*\])*+)\](?:\(<?((?:[^()\s<>]++|\([^()]*\))*+)>?"
    r"(?:\s+[^)]*)?\)"
    r"|\[[^\]]*\])"  # a link: its text
    r"|<((?:https?|ftp|mailto):[^<>\s]+)>"  # an autolink: the URL is its text
    r"|<!--.*?(?:-->|\Z)"  # a comment
    r"|<(/?)([A-Za-z][\w.:-]*)(?:\s(?:[^<>\"']++|\"[^\"]*\"|'[^']*')*+)?/?>"  # a tag
    r"|\\([!-/:-@\[-`{-~])",  # an escaped character
    re.DOTALL,
)
_EMPHASIS = re.compile(
    r"\*\*(?=\S)(.+?)(?<=\S)\*\*|__(?=\S)(.+?)(?<=\S)__|~~(?=\S)(.+?)(?<=\S)~~"
    r"|\*(?=[^\s*])(.+?)(?<=[^\s*\\])\*(?![\w*])|_(?=[^\s_])(.+?)(?<=[^\s_\\])_(?![\w_])",
    re.DOTALL,
)
_HARD_BREAK = re.compile(r"(?:\\| {2,})\n")


def _inline_match(match: re.Match[str]) -> str:
    text = match.group()
    first = text[0]
    if first == "!":
        return ""
    if first == "[":
        links = _found.links
        if links is not None and match.group(2):
            links.append(match.group(2))
        label = match.group(1)
        if not label:
            return ""
        # a link's text may hold markup of its own
        return _prose(label) if _PROSE.search(label) else label
    if first == "<":
        if match.group(3):
            links = _found.links
            if links is not None:
                links.append(match.group(3))
            return match.group(3)
        tag = (match.group(5) or "").lower()
        if tag == "br":
            return " "
        if tag == "a" and "href=" in text and _found.links is not None:
            _found.links.extend([a or b for a, b in _HREF.findall(text)])
        return ""
    char = match.group(6) or ""
    return _SHIELD.get(char, char)  # an escaped * _ ~ must not make emphasis


# a link whose text holds no markup, to a target without spaces, parentheses or a title
# (most links; not an image): read by `_plain_links` without a call into Python for each
_PLAIN_LINK = re.compile(r"\[(?<!!\[)([^\[\]\\<>&*_~\n\ue010-\ue012]+)\]\(([^()\s<>]+)\)")


def _plain_links(text: str) -> str:
    """``text`` (with no ``<``, ``\\`` or ``&``) with its plain links read as `_INLINE`
    reads them, when they are all the markup `_INLINE` would find in it; else ``text``
    as it is, for `_INLINE`."""
    parts = _PLAIN_LINK.split(text)  # text, link text, target, text, ...
    if len(parts) == 1:
        return text
    targets = parts[2::3]
    parts[2::3] = [""] * len(targets)
    read = "".join(parts)
    if "[" in read:
        return text  # other brackets (an image, a reference, nested text): `_INLINE`'s
    links = _found.links
    if links is not None:
        links.extend(targets)
    return read


def _links_read(pieces: list[str]) -> str | None:
    """What `convert_inline` makes of one line of text and code spans of single
    backticks when links are the only markup of its text, without holding the code
    spans out of the way of the markup: ``pieces`` are its text and code spans in turn
    (text, code, text, ..., the last text with an odd backtick if there is one), with
    none of ``<``, ``\\``, ``&``, a line break or the marks `convert_inline` holds code
    spans and escaped characters with in the texts. The plain links of each text are
    read as `_plain_links` reads them (a link across a code span is none of them), and
    the pieces are joined by their backticks again. None when a text holds a bracket
    that is not a plain link's, or an emphasis mark: the general rule reads it. A fast
    path for the lines of release notes and API lists, held to the general rule by
    tests/test_formats.py."""
    found: list[str] = []
    for i in range(0, len(pieces), 2):
        piece = pieces[i]
        if "[" in piece:
            parts = _PLAIN_LINK.split(piece)  # text, link text, target, text, ...
            targets = parts[2::3]
            parts[2::3] = [""] * len(targets)
            piece = pieces[i] = "".join(parts)
            if "[" in piece:
                return None
            found.extend(targets)
        if "*" in piece or "_" in piece or "~" in piece:
            return None
    links = _found.links
    if links is not None:
        links.extend(found)
    return "`".join(pieces)


#: escaped emphasis characters, kept out of `_EMPHASIS`'s way until it has run
_SHIELD = {"*": "\ue010", "_": "\ue011", "~": "\ue012"}
_UNSHIELD = str.maketrans({v: k for k, v in _SHIELD.items()})


def _emphasis_match(match: re.Match[str]) -> str:
    start = match.start()
    if start and match.lastindex in (4, 5):  # a single * or _ inside a word stays
        before = match.string[start - 1]
        if before.isalnum() or before in "*_\\":
            return match.group()
    return match.group(match.lastindex or 0)


# a footnote's reference ("a string[^str] that") and its definition's label at the start of
# its paragraph ("[^str]: `str`, `bytes` ..."): marks of the page, not words of its text
# (a label holds no bracket: a run of "[^" is read in linear time)
_FOOTNOTE = re.compile(r"(?m)^[ \t]*\[\^[^\]\s\[]+\]:[ \t]*|\[\^[^\]\s\[]+\]")


def _prose(text: str) -> str:
    if "[^" in text:
        text = _FOOTNOTE.sub("", text)
    if "<" in text or "\\" in text or "&" in text:
        text = _INLINE.sub(_inline_match, text)
        if "&" in text:
            import html

            text = html.unescape(text)
    elif "[" in text:  # links only: read without a call into Python for each when plain
        text = _plain_links(text)
        if "[" in text:
            text = _INLINE.sub(_inline_match, text)
    if "*" in text or "_" in text or ("~" in text and "~~" in text):  # ("~" is found fast)
        text = _EMPHASIS.sub(_emphasis_match, text)
        if "*" in text or "_" in text:
            text = _EMPHASIS.sub(_emphasis_match, text)  # one level of nesting
    if "\ue010" in text or "\ue011" in text or "\ue012" in text:
        text = text.translate(_UNSHIELD)
    if "\n" in text:
        if "  \n" in text or "\\\n" in text:
            text = _HARD_BREAK.sub("\u2028", text)
        text = text.replace("\n", " ").replace("\u2028", "\n")
    return text


def convert_inline(raw: str) -> str:
    """Markdown inline source as the text a reader sees: links keep their text, images,
    HTML and JSX tags go (``<br>`` is a space), emphasis markers go, escapes and
    entities are read, soft line breaks are spaces; code spans stay as written (their
    line breaks made spaces)."""
    if "}" in raw and "}`" in raw and _ROLE.search(raw):  # MyST roles: ``{func}`name```
        raw = _ROLE_OR_CODE.sub(_role, raw)
    if not (
        "[" in raw or "<" in raw or "\\" in raw or "&" in raw  # faster than `_NEEDS.search`
        or "*" in raw or "_" in raw or "~" in raw or "\n" in raw
    ):  # fmt: skip
        return raw  # the usual sentence: nothing to read
    if "`" not in raw:
        return _prose(raw)
    codes: list[str] = []
    if "``" in raw:  # runs of backticks: the general rule

        def hold(span: re.Match[str]) -> str:  # a code span, out of the way of the markup
            code = span.group()
            codes.append(" ".join(code.split()) if "\n" in code else code)
            return f"\ue000{len(codes) - 1}\ue001"

        held = _CODE_SPAN.sub(hold, raw)
    else:  # single backticks only (the usual case): each pair is a code span
        parts = raw.split("`")
        pairs = (len(parts) - 1) // 2  # an odd backtick at the end opens none
        outside = "".join(parts[::2]) + ("" if len(parts) % 2 else parts[-1])
        if "\n" not in raw and not (
            "<" in outside or "\\" in outside or "&" in outside
            or "\ue010" in outside or "\ue011" in outside or "\ue012" in outside
        ):  # fmt: skip
            # (``in`` finds a character several times faster than `_PROSE.search`)
            if "\ue000" not in raw and not (
                "[" in outside or "*" in outside or "_" in outside or "~" in outside
            ):
                return raw  # markup only inside code spans: nothing to read
            if "\ue000" not in outside and "\ue001" not in outside:  # code spans and links
                read = _links_read([*parts[: 2 * pairs], "`".join(parts[2 * pairs :])])
                if read is not None:
                    return read
        kept: list[str] = []
        for j in range(pairs):
            code = f"`{parts[2 * j + 1]}`"
            codes.append(" ".join(code.split()) if "\n" in code else code)
            kept.append(parts[2 * j])
            kept.append(f"\ue000{j}\ue001")
        kept.append("`".join(parts[2 * pairs :]))
        held = "".join(kept)
    text = _prose(held)
    if not codes or "\ue000" not in text:
        return text
    pieces = text.split("\ue000")  # the code spans back in place of their marks
    out = [pieces[0]]
    for piece in pieces[1:]:
        number, mark, rest = piece.partition("\ue001")
        if mark and number.isdigit() and number.isascii() and int(number) < len(codes):
            out.append(codes[int(number)])
            out.append(rest)
        else:
            out.append("\ue000" + piece)
    return "".join(out)


# MyST roles (Sphinx's roles in Markdown): ``{func}`option```, ``{ref}`title <target>```.
# Each code span is matched too, so that a role's look inside a code span is code.
_ROLE = re.compile(r"\{[A-Za-z][\w:+.-]*\}`")
_ROLE_OR_CODE = re.compile(
    r"\{([A-Za-z][\w:+.-]*)\}(`+)(?!`)(.+?)(?<!`)\2(?!`)|(`+)(?!`)(.+?)(?<!`)\4(?!`)", re.DOTALL
)
_SHOWN_ROLES = {"pep": "PEP ", "rfc": "RFC "}  # shown with their number
_PLAIN_ROLES = frozenset({*TEXT_ROLES, "kbd", "sub", "sup", "math", "term"})


def _role(match: re.Match[str]) -> str:
    """A role as Sphinx shows it (`role_text`): an API name as a code span (a function's
    with ``()``), other roles as their words, a Sphinx extension's role as `unknown_role`
    says (``{confval}`filterwarnings``` as code, ``{pr}`1040``` as words); a code span as
    it is."""
    name = match.group(1)
    if name is None:
        return match.group()
    text = " ".join(match.group(3).split())
    if name in CODE_ROLES:
        shown = role_text(text, name)
        if name.endswith(("func", "meth")) and not shown.endswith(")"):
            shown += "()"
        return f"`{shown}`" if "`" not in shown else shown
    if name in _PLAIN_ROLES:
        return role_text(text, name)
    if name in _SHOWN_ROLES:  # Sphinx's: a title (``{pep}`title <8>```), an anchor (``8#id``)
        if titled_role(text):
            return role_text(text, name)
        return _SHOWN_ROLES[name] + role_text(text, name)
    if not _ROLE_TEXT.match(text):
        return match.group()  # a placeholder before a code span: "{project}`-config.yml`"
    shown, code = unknown_role(name, text)
    return f"`{shown}`" if code else shown


# how an extension role's text starts (a name, a target's ``~``, ``!`` or ``.``, a number)
_ROLE_TEXT = re.compile(r"[\w~!.@]")


_NEEDS = re.compile(r"[\[<\\&*_~\n]")
_PROSE = re.compile(r"[\[<\\&*_~\n\ue010-\ue012]")  # what `_prose` reads


_BLOCK_NAMES = frozenset(
    "paragraph bullet_list ordered_list fence code_block table html_block blockquote heading "
    "lheading hr".split()
)


def _list_lines(node: Any, indent: str) -> tuple[list[str], str | None]:
    """A list as lines: ``- item`` or ``3. item``, nested lists and code indented under
    their item; and the label of a MyST target that is the last thing in it (nothing
    read after it: a target line lazily continuing the last item), which names the
    heading after the list as a target before it would. Target lines in an item are
    not text; one before a heading inside an item names nothing (that heading is a line
    of the list, not a section) and goes."""
    lines: list[str] = []
    ended: str | None = None  # the label of a target nothing was read after, so far
    ordered = node.name == "ordered_list"
    number = int(node.meta.get("start", 1) or 1) if ordered else 0
    for item in node.children:
        marker = f"{number}." if ordered else "-"
        number += 1
        kids = item.children
        if len(kids) == 1 and (only := kids[0]).name == "text":  # the usual tight item
            content = only.meta.get("content", "")
            if ("-" not in content or "\n" not in content) and (
                "=" not in content or ")=" not in content
            ):  # one line, no MyST target
                text = convert_inline(content).strip()
                lines.append(f"{indent}{marker} {text}" if text else f"{indent}{marker}")
                ended = None
                continue
        pad = indent + " " * (len(marker) + 1)
        # the item's parts in document order: (True, text) for its own text, which the
        # first line takes when the item starts with it, (False, line) for a line already
        # indented under it (nested lists, code, tables, headings)
        body: list[tuple[bool, str]] = []
        pending: list[Any] = []  # inline nodes of a tight item (no paragraph around them)
        for part in [*kids, None]:
            if part is not None and part.name not in _BLOCK_NAMES:
                pending.append(part)
                continue
            if pending:
                read = len(body)
                label = _item_text(_raw(_Holder(pending)), body, pad)
                ended = _last_target(ended, label, len(body) > read)
                pending = []
            if part is None:
                break
            read, label = len(body), None
            name = part.name
            if name == "paragraph":
                label = _item_text(_raw(part), body, pad)
            elif name in ("bullet_list", "ordered_list"):
                nested, label = _list_lines(part, pad)
                body.extend((False, line) for line in nested)
            elif name in ("fence", "code_block"):
                body.extend((False, pad + line) for line in _code(part).split("\n") if line)
            else:
                found: list[Block] = []
                _blocks(_Holder([part]), found)
                body.extend((False, pad + b.text.replace("\n", "\n" + pad)) for b in found)
            ended = _last_target(ended, label, len(body) > read)
        body = [(own, line) for own, line in body if line or not own]
        first = body.pop(0)[1] if body and body[0][0] else ""
        lines.append(f"{indent}{marker} {first}".rstrip())
        lines.extend(pad + line if own else line for own, line in body)
    return lines, ended


def _last_target(ended: str | None, label: str | None, read: bool) -> str | None:
    """The label of the target nothing was read after, once a part of a list item is
    read: ``label``, the part's own such target; else none when the part was read into
    text, else still ``ended``."""
    return label if label is not None else None if read else ended


def _item_text(raw: str, body: list[tuple[bool, str]], pad: str) -> str | None:
    """A list item's paragraph: its text, and the rows of a table in it (indented), to
    ``body`` in order (see `_list_lines`); its MyST target lines (`_TARGET`) are not
    text. Returns the label of its last target when nothing is read after it."""
    pieces = _TARGET.split(raw) if ")=" in raw else [raw]
    label: str | None = None
    for i, piece in enumerate(pieces):  # text, label, text, ...
        if i % 2:
            label = piece
            continue
        found: list[Block] = []
        _paragraph(piece if len(pieces) == 1 else piece.strip("\n"), found)
        for block in found:
            label = None
            if block.kind == "table":
                body.extend((False, pad + row) for row in block.text.split("\n"))
            else:
                body.append((True, block.text))
    return label


class _Holder:
    """Nodes seen as the children of one parent (for `_inline` and `_blocks`)."""

    def __init__(self, children: list[Any]) -> None:
        self.children = children


# a paragraph of nothing but Jinja or Liquid statement tags, one a line ("{% raw %}",
# "{% for user in people.maintainers %}"), as MkDocs' macros and Jekyll leave them
# (each tag ends at its first "%}": text between tags is text of the page; a tag with a
# quoted string, "{% include note.html content='...' %}", may carry text and stays)
_TEMPLATE_TAGS = re.compile(r"(?:[ \t]*\{%(?:(?!%\})[^\n\"'])*%\}[ \t]*(?:\n|\Z))+")


def _paragraph(raw: str, out: list[Block]) -> None:
    """The blocks of a paragraph's inline source: its text, and the table in it when it
    holds one (`table_in`)."""
    if raw.startswith("{%") and _TEMPLATE_TAGS.fullmatch(raw):
        return  # a site generator's template statements ("{% raw %}"): no text of the page
    found = table_in(raw) if "-" in raw and "\n" in raw else None
    text = convert_inline(raw if found is None else found[0]).strip()
    if text:
        out.append(Block("text", text))
    if found is not None and found[1]:
        out.append(Block("table", "\n".join(found[1])))


# a delimiter row: cells of hyphens, with a colon at either end for the alignment; found
# from the line break before it (the first line is never one), a literal the engine
# searches for fast rather than trying ``^`` at every character
_DELIMITER = re.compile(
    r"\n([ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*)(?=\n|\Z)"
)
_CELL_BAR = re.compile(r"(?<!\\)\|")
_MARKUP = re.compile(r"[\[<\\&*_~]")  # what `convert_inline` reads in one line


def table_in(raw: str) -> tuple[str, list[str]] | None:
    """``(text before, rows)`` of the table in a paragraph's inline source, found where
    markdown-it's GFM table rule finds one (the parser runs without it, see `_parser`):
    a line followed by a delimiter row of as many cells, neither indented four spaces;
    every line after them is a row. Rows are the cells' text joined by `` | ``, the
    delimiter row left out, empty rows dropped. None when there is no table."""
    for match in _DELIMITER.finditer(raw):
        at, row = match.start(1), match.group(1)
        if _indent(row) >= 4:
            continue
        begin = raw.rfind("\n", 0, at - 1) + 1  # the header line: the one before
        header = raw[begin : at - 1]
        if _indent(header) >= 4 or len(_cells(header)) != len(_cells(row)):
            continue
        return raw[: max(begin - 1, 0)], _rows(header + raw[match.end() :])
    return None


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _cells(line: str) -> list[str]:
    """A table line's cells: split at bars not escaped, an outer bar at either end
    dropped."""
    line = line.strip()
    if line[:1] == "|":
        line = line[1:]
    if line[-1:] == "|" and line[-2:] != "\\|":
        line = line[:-1]
    return _CELL_BAR.split(line) if "\\" in line else line.split("|")


def _rows(text: str) -> list[str]:
    """A table's lines (the delimiter row left out) as rows: each row's cells, stripped,
    joined by `` | `` with runs of spaces made one, and its markup read."""
    escaped = "\\" in text  # an escaped bar divides no cells: cell by cell
    convert = _MARKUP.search(text) is not None  # else the text is as read
    rows: list[str] = []
    for line in text.split("\n"):
        if escaped:
            line = " | ".join([cell.strip() for cell in _cells(line)])
        else:  # every bar divides cells: the outer bars (one at each end) go
            line = line.strip()
            if line[:1] == "|":
                line = line[1:]
            if line[-1:] == "|":
                line = line[:-1]
            line = line.replace("|", " | ")
        if line.replace("|", "").strip():
            rows.append(" ".join((convert_inline(line) if convert else line).split()))
    return rows


def _raw(node: Any) -> str:
    """The inline source of a block (its ``text`` children)."""
    children = node.children
    if len(children) == 1:
        only = children[0]
        return only.meta.get("content", "") if only.name == "text" else ""
    return "".join([c.meta.get("content", "") for c in children if c.name == "text"])


def _code(node: Any) -> str:
    return _code_of(node.meta)


def _code_of(meta: dict[str, Any]) -> str:
    """A code block as kept: fenced, with its language (none for a diagram)."""
    content = str(meta.get("content", "")).rstrip()
    if not content:
        return ""
    info = str(meta.get("info", "")).split(maxsplit=1)
    lang = info[0].strip("{}.") if info else ""
    lowered = lang.lower()
    if lowered == "mermaid":
        return ""
    if lowered in _CONSOLE and _STYLED.search(content):  # terminal output in HTML
        import html as html_module

        content = html_module.unescape(_TAG.sub("", content))
    return f"```{lang}\n{content}\n```"


def _html_block(html: str, out: list[Block]) -> None:
    """The text of a block of HTML or JSX, read again as Markdown (MDX lets Markdown sit
    between tags without blank lines)."""
    if "<" in html:
        html = _HIDDEN.sub("", html)
        if "href=" in html and _found.links is not None:
            _found.links.extend([a or b for a, b in _HREF.findall(html)])
        if "label=" in html:  # a Docusaurus <TabItem label="pip">: the tab's name is shown
            html = _TAB_LABEL.sub(lambda m: f"\n\n{m.group(1) or m.group(2)}\n\n", html)
        text = _TAG.sub("", html)
    else:
        text = html
    if text.strip():
        import html as html_module

        _blocks(_parser().tree(html_module.unescape(text)), out)
