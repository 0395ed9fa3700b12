"""Finding the files to ingest: which files under the paths given are read, with which
reader (by suffix), under which URL, and a `Problem` for every one that is not."""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from sleuth.errors import CorpusError
from sleuth.formats import SUFFIXES as FORMAT_SUFFIXES
from sleuth.formats import missing_extra

__all__ = ["SITE_FILES", "SUFFIXES", "IngestError", "Problem", "Source", "discover", "file_url"]

SUFFIXES: dict[str, str] = {".json": "json", ".jsonl": "jsonl", **FORMAT_SUFFIXES}
#: Files a documentation site generator reads for its navigation or build, by name: never
#: read as a corpus (a ``_category_.json`` is not one). Inside a folder they are listed as
#: ignored with what they are, like hidden files, so ``--strict`` passes on a docs folder;
#: one named on its own is reported as skipped.
SITE_FILES: dict[str, str] = {
    **{f"_category_.{ext}": "Docusaurus category metadata" for ext in ("json", "yml", "yaml")},
    **{
        f"sidebars.{ext}": "a Docusaurus sidebar definition"
        for ext in ("js", "ts", "cjs", "mjs", "json")
    },
    **{
        f"docusaurus.config.{ext}": "the Docusaurus site configuration"
        for ext in ("js", "ts", "cjs", "mjs")
    },
    "_meta.json": "Nextra navigation metadata",
    "mkdocs.yml": "the MkDocs site configuration",
    "mkdocs.yaml": "the MkDocs site configuration",
    "conf.py": "the Sphinx configuration",
}
#: An ``_``-prefixed ``.mdx`` file in a folder: a Docusaurus partial, which the site does
#: not publish as a page; its text is read where a page imports it
#: (`sleuth.formats.partials`).
PARTIAL = "an MDX partial (its name starts with _; read where a page imports it)"


class IngestError(CorpusError):
    """A problem that stops an ingest (a path that does not exist; any problem under
    ``strict``). Nothing was written."""


@dataclass(frozen=True)
class Problem:
    """Why one file, or one line of a file, was skipped."""

    file: str
    message: str
    line: int | None = None  # for a line of a JSONL file

    @property
    def where(self) -> str:
        return self.file if self.line is None else f"{self.file}:{self.line}"

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


@dataclass(frozen=True)
class Source:
    """One input file. ``doc_url`` is the URL of its document when the file holds a
    single document (text, Markdown, HTML); JSON and JSONL pages name their own URLs."""

    path: Path  # absolute
    kind: str  # json | jsonl | a kind of `sleuth.formats` (md, rst, html, ...)
    doc_url: str | None
    root: Path  # the PATH argument it was found under (absolute)

    @property
    def key(self) -> str:
        return str(self.path)


# --- finding files ---------------------------------------------------------------------------


def discover(
    paths: Sequence[str | Path],
    base_url: str | None = None,
    skip: Path | None = None,
    ignored: list[Problem] | None = None,
) -> tuple[list[Source], list[Problem]]:
    """The input files under ``paths`` in a stable order, and a `Problem` for every
    file that will not be read: an unsupported type, a format whose extra is not
    installed, a broken symbolic link, a symbolic link back into a folder being read
    (a loop), a FIFO or device. Hidden files and folders inside folders, a site
    generator's settings files there (`SITE_FILES`), MDX partials there (`PARTIAL`),
    and the folder ``skip`` (the index itself), are passed over; each hidden, settings
    or partial file is added to ``ignored`` when it is given. A path that does not exist
    is an `IngestError`."""
    skip = skip.expanduser().resolve() if skip is not None else None
    sources: dict[Path, Source] = {}
    problems: list[Problem] = []
    for given in paths:
        root = Path(given).expanduser()
        if not root.exists():
            if root.is_symlink():
                problems.append(Problem(str(root), "broken symbolic link"))
                continue
            raise IngestError(f"{given}: no such file or folder")
        root = root.resolve()
        if root.is_dir():
            _walk(root, root, skip, base_url, sources, problems, ignored)
        elif not root.is_file():  # a FIFO, socket or device would block or never end
            problems.append(Problem(str(root), "not a regular file"))
        else:
            _add_file(root, root.parent, base_url, sources, problems)
    return list(sources.values()), problems


def _walk(
    root: Path,
    top: Path,
    skip: Path | None,
    base_url: str | None,
    sources: dict[Path, Source],
    problems: list[Problem],
    ignored: list[Problem] | None,
) -> None:
    """Every file under ``top``, symbolic links to folders followed once each."""
    seen = {os.path.realpath(top)}
    # folders whose path is their real path (no symbolic link on the way): a regular file
    # in one is its own real path, and needs no resolving for its URL
    clean = {str(top)} if os.path.realpath(top) == str(top) else set()
    for folder, dirs, files in os.walk(top, followlinks=True):
        keep = []
        for name in sorted(dirs):
            path = Path(folder, name)
            if name.startswith("."):
                if ignored is not None:
                    ignored.append(Problem(str(path), "hidden folder"))
                continue
            if path == skip:
                continue
            real = os.path.realpath(path)
            if real in seen:
                if path.is_symlink():
                    problems.append(Problem(str(path), f"symbolic link loop (to {real})"))
                continue
            if skip is not None and Path(real) == skip:
                continue
            seen.add(real)
            keep.append(name)
            if folder in clean and real == str(path):
                clean.add(real)
        dirs[:] = keep
        for name in sorted(files):
            path = Path(folder, name)
            if name.startswith("."):
                if ignored is not None:
                    ignored.append(Problem(str(path), "hidden file"))
                continue
            site = SITE_FILES.get(name.lower())
            if site is None and name.startswith("_") and name.lower().endswith(".mdx"):
                site = PARTIAL
            if site is not None:
                if ignored is not None:
                    ignored.append(Problem(str(path), f"{site}, not a document"))
                continue
            try:
                regular = stat.S_ISREG(os.lstat(path).st_mode)  # a file, not a link to one
            except OSError:
                regular = False
            if regular:
                _add_file(path, root, base_url, sources, problems, real=folder in clean)
            elif not path.exists():
                problems.append(Problem(str(path), "broken symbolic link"))
            elif not path.is_file():
                problems.append(Problem(str(path), "not a regular file"))
            else:
                _add_file(path, root, base_url, sources, problems)


def _add_file(
    path: Path,
    root: Path,
    base_url: str | None,
    sources: dict[Path, Source],
    problems: list[Problem],
    real: bool = False,
) -> None:
    """Add the file at ``path`` (``real``: its path is its real path, no link on the
    way) as a source, or a problem saying why it is not read."""
    site = SITE_FILES.get(path.name.lower())
    if site is not None:
        problems.append(Problem(str(path), f"{site}, not a document"))
        return
    suffix = path.suffix.lower()
    kind = SUFFIXES.get(suffix)
    if kind is None:
        what = f"{suffix} files" if suffix else "files without a suffix"
        problems.append(Problem(str(path), f"unsupported file type ({what} are not read)"))
        return
    extra = missing_extra(kind)
    if extra is not None:
        problems.append(Problem(str(path), extra))
        return
    key = path if real or not path.is_symlink() else path.resolve()  # one source per file
    if key not in sources:
        sources[key] = _source(key, kind, root, base_url, real)


def _source(path: Path, kind: str, root: Path, base_url: str | None, real: bool) -> Source:
    url = None if kind in ("json", "jsonl") else file_url(path, root, base_url, resolved=real)
    return Source(path=path, kind=kind, doc_url=url, root=root)


def file_url(path: Path, root: Path, base_url: str | None = None, resolved: bool = False) -> str:
    """The stable URL of a file: ``file://`` + its absolute path, or ``base_url`` + its
    path relative to ``root`` (percent-encoded where a URL needs it). ``resolved``: the
    path is known to be its real path already."""
    if not resolved:
        path = path.resolve()
    if base_url is None:
        return path.as_uri()
    relative = path.relative_to(root).as_posix()
    return base_url.rstrip("/") + "/" + quote(relative, safe="/-_.~()!,:@")
