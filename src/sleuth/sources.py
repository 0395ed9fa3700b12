"""The corpora and indexes a server exposes, by name: ``--index NAME=DIR`` and
``--corpus NAME=FILE`` (or a bare built-in name), with the built-in corpora when nothing
is named or ``--builtins`` asks for them — the same words as ``sleuth serve``.

A client names what to research (``{"index": "docs"}``); it never sends a path. `Sources`
loads every corpus and opens every index once, before the server listens, so a bad
path is a usage error at start-up rather than a failed call later; `Sources.pick` turns
a client's names into what a run reads. Written for ``sleuth mcp`` and meant to be
shared by every server command (``sleuth serve`` too).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from sleuth.corpus import DEFAULT_CORPUS, Corpus, builtin_names, load_corpus
from sleuth.errors import UsageError
from sleuth.runtime import search_index
from sleuth.search import SearchIndex

__all__ = ["NAME_PATTERN", "Source", "Sources", "parse_named"]

#: A name a client may use: ASCII letters, digits, ``_``, ``.`` and ``-``.
NAME_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$"


def parse_named(
    specs: Iterable[str], flag: str, builtin_ok: bool = False
) -> dict[str, Path | None]:
    """``NAME=PATH`` values of a repeatable flag, in order (with ``builtin_ok``, a bare
    built-in corpus name too, as ``NAME: None``); one clear `UsageError` for a value
    without ``=``, a bad name or a name given twice."""
    named: dict[str, Path | None] = {}
    for spec in specs:
        name, sep, path = spec.partition("=")
        name = name.strip()
        if not sep and builtin_ok and name in builtin_names():
            named[name] = None
            continue
        if not sep or not path.strip():
            also = " or a built-in corpus name" if builtin_ok else ""
            raise UsageError(f"{flag} takes NAME=PATH{also}, e.g. {flag} docs=./idx (got {spec!r})")
        if not re.fullmatch(NAME_PATTERN, name):
            raise UsageError(
                f"{flag} {name!r}: a name is 1 to 64 ASCII letters, digits, '_', '.' or '-', "
                "starting with a letter or digit"
            )
        if name in named:
            raise UsageError(f"{flag} {name!r} is given twice")
        named[name] = Path(path.strip()).expanduser()
    return named


@dataclass(frozen=True)
class Source:
    """One thing to research: its pages and their search index."""

    name: str
    kind: Literal["corpus", "index"]
    corpus: Corpus
    index: SearchIndex


@dataclass
class Sources:
    """The named corpora and indexes, loaded and opened. ``default`` is what a call that
    names neither researches: the first ``--index``, else the first ``--corpus``, else
    the built-in demo corpus."""

    corpora: dict[str, Source] = field(default_factory=dict)
    indexes: dict[str, Source] = field(default_factory=dict)
    default: str = DEFAULT_CORPUS
    _opened: list[Any] = field(default_factory=list, repr=False)

    @classmethod
    def open(
        cls, corpora: Iterable[str] = (), indexes: Iterable[str] = (), builtins: bool = False
    ) -> Sources:
        """Load the ``--corpus`` values and open the ``--index`` ones; the built-in corpora
        too when nothing is named or ``builtins`` asks for them. A `UsageError` names the
        first that fails."""
        files = parse_named(corpora, "--corpus", builtin_ok=True)
        folders = parse_named(indexes, "--index")
        clash = sorted(set(files) & set(folders))
        if clash:
            raise UsageError(f"{clash[0]!r} names both a --corpus and an --index")
        sources = cls()
        for name, path in files.items():
            sources.corpora[name] = _corpus_source(name, load_corpus(str(path or name)))
        if builtins or not (files or folders):
            for name in builtin_names():
                if name not in files and name not in folders:
                    sources.corpora[name] = _corpus_source(name, load_corpus(name))
        try:
            for name, folder in folders.items():
                from sleuth.index import open_index

                assert folder is not None
                opened = open_index(folder)
                sources._opened.append(opened)
                indexed = opened.corpus()
                sources.indexes[name] = Source(name, "index", indexed, indexed)
        except BaseException:
            sources.close()
            raise
        if folders:
            sources.default = next(iter(folders))
        elif files:
            sources.default = next(iter(files))
        return sources

    def pick(self, corpus: str | None = None, index: str | None = None) -> Source:
        """The source a call names (``corpus`` or ``index``, not both; neither is the
        default). A name that is not exposed is a `UsageError` listing those that are."""
        if corpus is not None and index is not None:
            raise UsageError("give corpus or index, not both")
        if index is not None:
            if index not in self.indexes:
                raise UsageError(f"unknown index {index[:80]!r}; {self.describe()}")
            return self.indexes[index]
        if corpus is not None:
            if corpus not in self.corpora:
                raise UsageError(f"unknown corpus {corpus[:80]!r}; {self.describe()}")
            return self.corpora[corpus]
        return self.indexes.get(self.default) or self.corpora[self.default]

    def describe(self) -> str:
        """What is exposed, in words (for messages)."""
        corpora = ", ".join(self.corpora) or "none"
        indexes = ", ".join(self.indexes) or "none"
        return f"the corpora are {corpora}; the indexes are {indexes}"

    def close(self) -> None:
        for opened in self._opened:
            opened.close()
        self._opened.clear()


def _corpus_source(name: str, corpus: Corpus) -> Source:
    return Source(name, "corpus", corpus, search_index(corpus))
