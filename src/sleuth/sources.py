"""What a server serves, by name: on-disk indexes (a folder, or a PostgreSQL URL), corpus
files and the built-in corpora. ``sleuth serve`` and ``sleuth mcp`` read them here alike.

    sleuth serve --index docs=./idx --corpus faq=./faq.jsonl      # these two only
    sleuth serve --index docs=./idx --builtins                    # and the built-in ones
    sleuth serve                                                  # the built-in ones

The same from ``SLEUTH_SERVE_INDEX=docs=./idx,api=/srv/api-idx``, ``SLEUTH_SERVE_CORPUS``
and ``SLEUTH_SERVE_BUILTINS=1``, or a ``[serve]`` table in ``./sleuth.toml`` or the user
config (`sleuth.config.serve_defaults`; `served_corpora` reads flags, then those). A bare
built-in name (``--corpus acme``) serves that one built-in corpus. A client names what
to research (``{"corpus": "docs"}``); it never sends a path.

`Catalog` holds them while the server runs. An index is opened once; before each use its
page store is checked (the file's identity and SQLite's ``data_version``, both cheap; a
PostgreSQL index's build id), and when `sleuth index` has written a new build the index
is opened again for the requests that come next. Runs already going keep the index
object they started with, so nothing in flight fails; each run records the build it read
(``corpus_build``). A corpus file is read again when its size or modification time
changes. `Sources` is the same catalog split into corpora and indexes, for tools that
name one or the other (``sleuth mcp``). Plain data, no web framework.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from sleuth.config import serve_defaults
from sleuth.corpus import Corpus, builtin_dir, builtin_names, load_corpus
from sleuth.errors import CorpusError, UsageError
from sleuth.runtime import search_index
from sleuth.search import SearchIndex

__all__ = [
    "KINDS",
    "NAME_PATTERN",
    "Catalog",
    "ServedSpec",
    "Source",
    "Sources",
    "check_name",
    "parse_spec",
    "resolve_specs",
    "served_corpora",
]


log = logging.getLogger("sleuth")

NAME_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$"
KINDS = ("index", "file", "builtin")


@dataclass(frozen=True)
class ServedSpec:
    """One served corpus: its name, kind (``index``, ``file``, ``builtin``) and path."""

    name: str
    kind: str
    path: str | None = None


def check_name(name: str, where: str) -> str:
    if not re.fullmatch(NAME_PATTERN, name):
        raise UsageError(
            f"{where}: a served corpus name is 1 to 64 ASCII letters, digits, `_`, `.` or `-`, "
            f"starting with a letter or digit; got {name!r}"
        )
    return name


def parse_spec(text: str, kind: str, where: str, base: Path | None = None) -> ServedSpec:
    """``NAME=PATH`` (a path relative to ``base`` when given), or for a corpus a bare
    built-in name."""
    name, sep, path = text.partition("=")
    name, path = name.strip(), path.strip()
    if not sep:
        if kind == "file" and name in builtin_names():
            return ServedSpec(name, "builtin")
        extra = " or a built-in corpus name" if kind == "file" else ""
        raise UsageError(f"{where}: expected NAME={kind.upper()}{extra}; got {text!r}")
    if not path:
        raise UsageError(f"{where}: {name}= needs a path")
    check_name(name, where)
    if kind == "index" and path.lower().startswith(("postgresql://", "postgres://")):
        return ServedSpec(name, "index", path)  # a shared index (`sleuth.index.pg`)
    resolved = Path(path).expanduser()
    if base is not None and not resolved.is_absolute():
        resolved = base / resolved
    return ServedSpec(name, "index" if kind == "index" else "file", str(resolved))


def resolve_specs(specs: Iterable[ServedSpec], builtins: bool) -> tuple[ServedSpec, ...]:
    """What is served: the named ones, with the built-in corpora when nothing is named or
    ``builtins`` asks for them; a name given twice is a `UsageError`."""
    chosen = list(specs)
    if not chosen or builtins:
        named = {s.name for s in chosen}
        chosen += [ServedSpec(n, "builtin") for n in builtin_names() if n not in named]
    seen: dict[str, ServedSpec] = {}
    for spec in chosen:
        if spec.name in seen and seen[spec.name] != spec:
            raise UsageError(f"the corpus name {spec.name!r} is served twice: give each its own")
        seen[spec.name] = spec
    return tuple(seen.values())


def served_corpora(
    indexes: Iterable[str],
    corpora: Iterable[str],
    builtins: bool | None,
    config_file: Path | None = None,
) -> tuple[ServedSpec, ...]:
    """What to serve from ``--index`` and ``--corpus`` values (``NAME=PATH``; a bare
    built-in name for a corpus): the flags, else the configuration
    (`sleuth.config.serve_defaults`), else the built-in corpora. Paths are made absolute
    (so worker processes and messages agree); a corpus file that is missing is a
    `UsageError`."""
    indexes, corpora = tuple(indexes), tuple(corpora)
    where = "--index/--corpus"
    if not indexes and not corpora:
        defaults = serve_defaults(config_file=config_file)
        indexes, corpora, where = defaults.index, defaults.corpus, defaults.origin or where
        builtins = defaults.builtins if builtins is None else builtins
    specs = [parse_spec(text, "index", where) for text in indexes]
    specs += [parse_spec(text, "file", where) for text in corpora]
    absolute = []
    for spec in specs:
        if spec.path is not None and "://" not in spec.path:  # a postgresql:// index stays
            path = Path(spec.path).expanduser().resolve()
            if spec.kind == "file" and not path.is_file():
                raise UsageError(f"{where}: {spec.name}={spec.path}: no such file")
            spec = replace(spec, path=str(path))
        absolute.append(spec)
    return resolve_specs(absolute, bool(builtins))


@dataclass
class _Entry:
    spec: ServedSpec
    corpus: Corpus
    index: Any = None  # the PassageIndex of an index
    signature: tuple[Any, ...] = ()
    built_at: str | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)


class Catalog:
    """The served corpora by name; see the module docstring."""

    def __init__(self, specs: Iterable[ServedSpec]) -> None:
        self.specs = {s.name: s for s in specs}
        self._entries: dict[str, _Entry] = {}
        self._lock = threading.Lock()

    def names(self) -> list[str]:
        return list(self.specs)

    @property
    def default(self) -> str:
        return next(iter(self.specs))

    def open_all(self) -> None:
        """Open every corpus now (a missing or damaged one is a `CorpusError`), so a
        server fails before it listens rather than on its first request."""
        for name in self.specs:
            self.corpus(name)

    def corpus(self, name: str) -> Corpus:
        """The corpus served as ``name`` at its current build (reopened if it changed)."""
        spec = self.specs[name]
        with self._lock:
            entry = self._entries.get(name)
            if entry is None:
                entry = self._entries[name] = _open(spec)
                return entry.corpus
        with entry.lock:
            if spec.kind != "builtin" and _signature(spec, entry) != entry.signature:
                self._refresh(entry)
            return entry.corpus

    def put(self, name: str, corpus: Corpus) -> None:
        """Serve ``corpus`` as ``name`` from now on, as it is (a program that builds its
        own corpus; tests that change one under a paused run)."""
        spec = self.specs.setdefault(name, ServedSpec(name, "builtin"))
        with self._lock:
            self._entries[name] = _Entry(spec, corpus)

    def reload(self, name: str) -> dict[str, Any]:
        """Open ``name`` again now, whatever its files say; what it serves afterwards."""
        spec = self.specs[name]
        entry = self._entries.get(name)
        if entry is None or spec.kind == "builtin":
            self.corpus(name)
        else:
            with entry.lock:
                self._refresh(entry, force=True)
        return self.describe(name)

    def _refresh(self, entry: _Entry, force: bool = False) -> None:
        spec = entry.spec
        if spec.kind == "index" and not force and entry.index is not None:
            signature = _signature(spec, entry)
            same_file = signature[:1] == entry.signature[:1]
            if same_file and entry.index.build()[0] == entry.corpus.build:
                entry.signature = signature  # written, but not a new build (yet)
                return
        try:
            fresh = _open(spec)
        except (CorpusError, OSError) as exc:  # mid-rebuild, say: keep serving the old one
            log.warning("%s: keeping build %s: %s", spec.name, entry.corpus.build, exc)
            return
        if fresh.corpus.build != entry.corpus.build:
            log.info("%s: now serving build %s", spec.name, fresh.corpus.build)
        # the old index is not closed: runs in flight still read it (it closes when dropped)
        entry.corpus, entry.index = fresh.corpus, fresh.index
        entry.signature, entry.built_at = fresh.signature, fresh.built_at

    def describe(self, name: str) -> dict[str, Any]:
        """``name``, ``kind``, ``pages``, ``passages``, ``index_format``, ``built_at``,
        ``build``: what `GET /v1/corpora` lists."""
        corpus = self.corpus(name)
        entry = self._entries[name]
        if entry.index is not None:
            documents, passages = entry.index.counts()
            meta = entry.index.store.meta()
            index_format = meta.get("format")
            engine = meta.get("engine")
        else:
            documents = passages = len(corpus)
            index_format, engine = None, "fts5"
        return {
            "name": name,
            "kind": entry.spec.kind,
            "pages": documents,
            "passages": passages,
            "index_format": index_format,
            "engine": engine,
            "build": corpus.build,
            "built_at": entry.built_at,
        }


def _open(spec: ServedSpec) -> _Entry:
    if spec.kind == "index":
        from sleuth.index import open_index
        from sleuth.index.view import IndexedCorpus

        assert spec.path is not None
        signature = _file_signature(Path(spec.path) / "pages.db")
        index = open_index(spec.path)
        build, built_at = index.build()
        entry = _Entry(spec, IndexedCorpus.of(index, name=spec.name), index, built_at=built_at)
        entry.signature = (*signature, index.store.data_version())
        assert entry.corpus.build == build
        return entry
    if spec.kind == "file":
        assert spec.path is not None
        signature = _file_signature(Path(spec.path))
        loaded = load_corpus(spec.path)
        digest = _digest(Path(spec.path))
        built_at = _mtime(Path(spec.path))
        corpus = Corpus(name=spec.name, pages=loaded.pages, build=digest)
        return _Entry(spec, corpus, signature=signature, built_at=built_at)
    path = builtin_dir(spec.name) / "pages.json"
    loaded = load_corpus(str(path))
    # by the package path, so a file named like a corpus in the cwd cannot shadow it
    return _Entry(spec, Corpus(name=spec.name, pages=loaded.pages, build=None))


def _signature(spec: ServedSpec, entry: _Entry) -> tuple[Any, ...]:
    assert spec.path is not None
    if spec.kind == "index":
        store = Path(spec.path) / "pages.db"
        version = entry.index.store.data_version() if entry.index is not None else None
        return (*_file_signature(store), version)
    return _file_signature(Path(spec.path))


def _file_signature(path: Path) -> tuple[Any, ...]:
    """The file's identity (device, inode) and, for a plain file, its size and mtime;
    None when it is missing."""
    try:
        st = os.stat(path)
    except OSError:
        return (None,)
    if path.name == "pages.db":  # written in place through SQLite: data_version says more
        return ((st.st_dev, st.st_ino),)
    return ((st.st_dev, st.st_ino), st.st_size, st.st_mtime_ns)


def _digest(path: Path) -> str:
    hasher = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            hasher.update(block)
    return "sha256:" + hasher.hexdigest()[:16]


def _mtime(path: Path) -> str:
    from datetime import UTC, datetime

    return datetime.fromtimestamp(path.stat().st_mtime, UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class Source:
    """One thing to research, at its current build: its pages and their search index."""

    name: str
    kind: Literal["corpus", "index"]
    corpus: Corpus
    index: SearchIndex


@dataclass(frozen=True)
class Exposed:
    """What one caller may research: the served corpora and indexes its key may use
    (all of them without a key), and the default, the first of them."""

    corpora: tuple[str, ...]
    indexes: tuple[str, ...]
    default: str | None

    def describe(self) -> str:
        corpora = ", ".join(self.corpora) or "none"
        indexes = ", ".join(self.indexes) or "none"
        return f"the corpora are {corpora}; the indexes are {indexes}"

    def name_for(self, corpus: str | None, index: str | None) -> str:
        """The name a call researches (``corpus`` or ``index``, not both; neither is the
        default). A name not exposed here is a `UsageError` listing those that are."""
        if corpus is not None and index is not None:
            raise UsageError("give corpus or index, not both")
        if index is not None and index not in self.indexes:
            raise UsageError(f"unknown index {index[:80]!r}; {self.describe()}")
        if corpus is not None and corpus not in self.corpora:
            raise UsageError(f"unknown corpus {corpus[:80]!r}; {self.describe()}")
        name = index or corpus or self.default
        if name is None:
            raise UsageError("this API key may use none of the corpora served here")
        return name


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
        cls,
        corpora: Iterable[str] = (),
        indexes: Iterable[str] = (),
        builtins: bool | None = None,
        config_file: Path | None = None,
    ) -> Sources:
        """``--corpus`` and ``--index`` values as `served_corpora` reads them, every one
        opened now: a bad one is a `UsageError` or `CorpusError` before serving."""
        return cls.of(Catalog(served_corpora(indexes, corpora, builtins, config_file)))

    @classmethod
    def of(cls, catalog: Catalog) -> Sources:
        """Over ``catalog``, each of its corpora opened now."""
        catalog.open_all()
        return cls(catalog)

    def exposed(self) -> Exposed:
        """Everything served, as one caller without a key sees it."""
        return Exposed(tuple(self.corpora), tuple(self.indexes), self.default)

    def pick(self, corpus: str | None = None, index: str | None = None) -> Source:
        """The source a call names (``corpus`` or ``index``, not both; neither is the
        default). A name that is not exposed is a `UsageError` listing those that are."""
        return self.source(self.exposed().name_for(corpus, index))

    def source(self, name: str) -> Source:
        """The served corpus or index ``name`` (one of `corpora` or `indexes`), opened."""
        pages = self.catalog.corpus(name)
        kind: Literal["corpus", "index"] = "index" if name in self.indexes else "corpus"
        return Source(name, kind, pages, search_index(pages))

    def describe(self) -> str:
        """What is exposed, in words (for messages)."""
        return self.exposed().describe()

    def close(self) -> None:
        """Nothing to do: an index closes when the last run reading it is done with it."""
