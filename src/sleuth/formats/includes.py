"""Include directives in Markdown source, replaced by the files they name: MkDocs
snippets (``--8<-- "file"`` and its block form), markdown-include (``{! file !}``,
``{!> file !}``) and FastAPI's code includes (``{* file hl[3] *}``). The files are read by
the caller's `sleuth.formats.Include` (`sleuth.ingest.includes`): this module never
opens one."""

from __future__ import annotations

import re

from .blocks import Include
from .fences import fence_spans

__all__ = ["MAX_INCLUDE_DEPTH", "expand_includes"]

#: Includes are followed this many levels deep at most.
MAX_INCLUDE_DEPTH = 8

# one include directive on a line of its own: a snippet ``--8<-- "file"``, a block of
# snippets (``--8<--``, a file a line, ``--8<--``), markdown-include's ``{! file !}`` (or
# ``{!> file !}``) and FastAPI's code include ``{* file hl[3] *}``
_DIRECTIVE = re.compile(
    r"^([ \t]*)(?:-{1,2}8<-{1,2}[ \t]+([\"'])(?P<snippet>[^\n]+?)\2"
    r"|(?P<block>-{1,2}8<-{1,2})[ \t]*\n(?P<files>(?:(?![ \t]*-{1,2}8<-)[^\n]*\n)*?)"
    r"[ \t]*-{1,2}8<-{1,2}"
    r"|\{!>?[ \t]*(?P<include>[^\n]+?)[ \t]*!\}"
    r"|\{\*[ \t]*(?P<code>[^\s*]+)[^\n]*?\*\})[ \t]*$",
    re.MULTILINE,
)
#: included files read as Markdown; any other is code
_MARKDOWN_SUFFIXES = frozenset({".md", ".markdown", ".mdx", ".txt", ".text", ""})
_LANGUAGES = {
    ".py": "python", ".js": "javascript", ".jsx": "jsx", ".ts": "typescript",
    ".tsx": "tsx", ".sh": "bash", ".bash": "bash", ".yml": "yaml", ".yaml": "yaml",
    ".rs": "rust", ".rb": "ruby", ".cs": "csharp", ".kt": "kotlin", ".ps1": "powershell",
}  # fmt: skip


def expand_includes(
    text: str, include: Include, within: str | None = None, seen: tuple[str, ...] = ()
) -> str:
    """``text`` with each include directive that names a file ``include`` can read
    replaced by that file: Markdown and text files as their Markdown (its own includes
    followed, relative to it), other files as a fenced code block in their language; a
    directive inside a code fence gives the file's text as it is. A directive that names
    no file stays (`prepare` drops it); one that would include a file it is already
    inside (a loop), or more than `MAX_INCLUDE_DEPTH` levels down, gives nothing."""
    fences: list[tuple[int, int]] | None = None  # found when first needed
    parts: list[str] = []
    at = 0
    seen_to = 0  # the end of the directive before: a block's closing line is no opening
    for match in _directives(text):
        if match.start() < seen_to:
            continue
        seen_to = match.end()
        indent = match.group(1)
        if match.group("block"):
            targets = [t.strip() for t in match.group("files").split("\n")]
            targets = [t for t in targets if t and not t.startswith(";")]
        else:
            targets = [match.group("snippet") or match.group("include") or match.group("code")]
        pieces: list[str] = []
        for target in targets:
            found = include(target, within)
            if found is None:
                continue
            if fences is None:
                fences = fence_spans(text)
            in_code = any(a <= match.start() < b for a, b in fences)
            content, key = found
            if key in seen or len(seen) >= MAX_INCLUDE_DEPTH or key == within:
                pieces.append("")  # a loop, or too deep: nothing
                continue
            pieces.append(_included(content, key, include, (*seen, key), in_code))
        if not pieces:
            continue  # names no file: left for `prepare` to drop
        parts.append(text[at : match.start()])
        joined = "\n".join(pieces).rstrip("\n")
        parts.append(indented(joined, indent))
        at = match.end()
    if not parts:
        return text
    parts.append(text[at:])
    return "".join(parts)


def _directives(text: str) -> list[re.Match[str]]:
    """The include directives of ``text``, in order: each line holding an include
    marker (found with `str.find`) matched against `_DIRECTIVE` at its start."""
    starts: set[int] = set()
    for marker in ("{*", "{!", "8<-"):
        at = text.find(marker)
        while at >= 0:
            starts.add(text.rfind("\n", 0, at) + 1)
            at = text.find(marker, at + len(marker))
    found = (_DIRECTIVE.match(text, start) for start in sorted(starts))
    return [match for match in found if match is not None]


def _included(content: str, key: str, include: Include, seen: tuple[str, ...], code: bool) -> str:
    suffix = key[key.rfind(".") :].lower() if "." in key.rsplit("/", 1)[-1] else ""
    if code:
        return content
    if suffix in _MARKDOWN_SUFFIXES:
        if "8<-" in content or "{!" in content or "{*" in content:
            content = expand_includes(content, include, key, seen)
        return "\n" + content.strip("\n") + "\n"
    fence = "`" * max(3, 1 + max((len(r) for r in re.findall(r"`+", content)), default=0))
    language = _LANGUAGES.get(suffix, suffix[1:])
    return f"\n{fence}{language}\n{content.rstrip()}\n{fence}\n"


def indented(text: str, indent: str) -> str:
    """``text`` with ``indent`` before each of its lines but the empty ones: an included
    text stands where its directive stood, inside a list item or an admonition."""
    return "\n".join(indent + line if line else line for line in text.split("\n"))
