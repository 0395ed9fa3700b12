"""What a server exposes, by name, split into corpora and indexes for tools that name
one or the other (``sleuth mcp``).

The names and what they serve are ``sleuth serve``'s: `sleuth.service.corpora.Catalog`
over ``--index NAME=DIR`` and ``--corpus NAME=FILE|BUILTIN`` (or the ``[serve]`` table of
a config file; the built-in corpora when nothing is named or with ``--builtins``). An
index rebuilt by ``sleuth index`` is served at its new build from the next call on, and
each run records the build it read. A client names what to research
(``{"index": "docs"}``); it never sends a path.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from sleuth.corpus import Corpus
from sleuth.errors import UsageError
from sleuth.runtime import search_index
from sleuth.search import SearchIndex
from sleuth.service.corpora import Catalog, parse_spec, resolve_specs

__all__ = ["Source", "Sources"]


@dataclass(frozen=True)
class Source:
    """One thing to research, at its current build: its pages and their search index."""

    name: str
    kind: Literal["corpus", "index"]
    corpus: Corpus
    index: SearchIndex


class Sources:
    """The served names as corpora (files and built-ins) and indexes. ``default`` is what
    a call that names neither researches: the first one served."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        kinds = {name: catalog.specs[name].kind for name in catalog.names()}
        self.corpora = [name for name, kind in kinds.items() if kind != "index"]
        self.indexes = [name for name, kind in kinds.items() if kind == "index"]
        self.default = catalog.default

    @classmethod
    def open(
        cls, corpora: Iterable[str] = (), indexes: Iterable[str] = (), builtins: bool = False
    ) -> Sources:
        """``--corpus`` and ``--index`` values (``NAME=PATH``; a bare built-in name for a
        corpus), every one opened now: a bad one is a `UsageError` before serving."""
        where = "--index/--corpus"
        specs = [parse_spec(text, "index", where) for text in indexes]
        specs += [parse_spec(text, "file", where) for text in corpora]
        return cls.of(Catalog(resolve_specs(specs, builtins)))

    @classmethod
    def of(cls, catalog: Catalog) -> Sources:
        """Over ``catalog``, each of its corpora opened now."""
        catalog.open_all()
        return cls(catalog)

    def pick(self, corpus: str | None = None, index: str | None = None) -> Source:
        """The source a call names (``corpus`` or ``index``, not both; neither is the
        default). A name that is not exposed is a `UsageError` listing those that are."""
        if corpus is not None and index is not None:
            raise UsageError("give corpus or index, not both")
        if index is not None and index not in self.indexes:
            raise UsageError(f"unknown index {index[:80]!r}; {self.describe()}")
        if corpus is not None and corpus not in self.corpora:
            raise UsageError(f"unknown corpus {corpus[:80]!r}; {self.describe()}")
        name = index or corpus or self.default
        pages = self.catalog.corpus(name)
        kind: Literal["corpus", "index"] = "index" if name in self.indexes else "corpus"
        return Source(name, kind, pages, search_index(pages))

    def describe(self) -> str:
        """What is exposed, in words (for messages)."""
        corpora = ", ".join(self.corpora) or "none"
        indexes = ", ".join(self.indexes) or "none"
        return f"the corpora are {corpora}; the indexes are {indexes}"

    def close(self) -> None:
        """Nothing to do: an index closes when the last run reading it is done with it."""
