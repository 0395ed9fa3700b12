"""MDX partials (Docusaurus): ``import Foo from './_foo.mdx';`` and then ``<Foo />`` in
the body put the partial's text at that place. Here each such element is replaced by the
partial's Markdown (its front matter dropped, its own partials followed, relative to it)
before the page is parsed; the ``import`` lines themselves go later, with the others
(`sleuth.formats.markdown.prepare`).

Only relative imports of ``.md`` and ``.mdx`` files are followed (``./`` or ``../``;
``@site/...`` and packages are left alone), read through the caller's
`sleuth.formats.Include` (`sleuth.ingest.includes`: inside the folder being indexed only,
never out of it). A partial that names no such file, or one that would include itself
(a cycle), leaves nothing and a warning (`Parsed.warnings`), never an error. An element
inside a code fence is code, not an include.
"""

from __future__ import annotations

import re

from sleuth.errors import CorpusError

from .blocks import Include
from .fences import fence_spans
from .frontmatter import front_matter
from .includes import indented

__all__ = ["MAX_PARTIAL_DEPTH", "expand_partials"]

#: Partials are followed this many levels deep at most.
MAX_PARTIAL_DEPTH = 8

_IMPORT = re.compile(
    r"^import[ \t]+([A-Za-z_$][\w$]*)[ \t]+from[ \t]+(['\"])(\.{1,2}/[^'\"\n]+?\.mdx?)\2"
    r"[ \t]*;?[ \t]*$",
    re.MULTILINE,
)


def expand_partials(
    text: str,
    include: Include,
    warnings: list[str],
    within: str | None = None,
    seen: tuple[str, ...] = (),
) -> str:
    """``text`` with every ``<Name />`` of a partial it imports replaced by the partial's
    Markdown (see the module docstring); what could not be followed is added to
    ``warnings``."""
    imports = {m.group(1): m.group(3) for m in _IMPORT.finditer(text)}
    if not imports:
        return text
    used = re.compile(
        r"^([ \t]*)<(" + "|".join(map(re.escape, imports)) + r")(?:\s[^<>]*?)?\s*/>[ \t]*$",
        re.MULTILINE,
    )
    fences: list[tuple[int, int]] | None = None
    parts: list[str] = []
    at = 0
    texts: dict[str, str] = {}  # a partial used twice is read once
    for match in used.finditer(text):
        if fences is None:
            fences = fence_spans(text)
        if any(a <= match.start() < b for a, b in fences):
            continue
        indent, name = match.group(1), match.group(2)
        if name not in texts:
            texts[name] = _partial(imports[name], include, warnings, within, seen)
        parts.append(text[at : match.start()])
        parts.append(indented(texts[name], indent))
        at = match.end()
    if not parts:
        return text
    parts.append(text[at:])
    return "".join(parts)


def _partial(
    target: str, include: Include, warnings: list[str], within: str | None, seen: tuple[str, ...]
) -> str:
    """The Markdown of the partial ``target`` names, between blank lines ("" and a
    warning when it cannot be had)."""
    found = include(target, within)
    if found is None:
        warnings.append(
            f"MDX partial {target!r} left out: no readable file of that name inside the "
            "folder (or it is the page itself)"
        )
        return ""
    content, key = found
    if key in seen or key == within:
        warnings.append(f"MDX partial {target!r} left out: it includes itself (a cycle)")
        return ""
    if len(seen) >= MAX_PARTIAL_DEPTH:
        warnings.append(f"MDX partial {target!r} left out: nested too deeply")
        return ""
    try:
        _meta, body = front_matter(content)
    except CorpusError as exc:
        warnings.append(f"MDX partial {target!r} left out: {exc}")
        return ""
    body = expand_partials(body, include, warnings, key, (*seen, key))
    return "\n" + body.strip("\n") + "\n"
