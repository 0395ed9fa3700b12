"""Following a document's includes (`sleuth.formats.Include`): the files that MkDocs
snippets (``--8<-- "file"``), markdown-include (``{! file !}``) and FastAPI's code
includes (``{* file *}``) name, read for `sleuth.formats.includes.expand_includes`.

A target is looked for relative to the file that includes it, then relative to the
folder given to ``sleuth index`` (the docs root). Only files inside that folder are read
(``..``, absolute paths and symbolic links that lead out of it name nothing), only text
(UTF-8, no NUL bytes), and at most `MAX_INCLUDE_BYTES` in all per document. A snippet may
name lines: ``"file.py:3:8"`` (from line 3 to line 8, counted from 1; either may be
left out). A target that names no such file is None, and the directive leaves nothing."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["MAX_INCLUDE_BYTES", "Includes"]

#: At most this many bytes are included into one document, all includes together.
MAX_INCLUDE_BYTES = 1024 * 1024

_LINES = re.compile(r"^(.*?):(-?[0-9]*)(?::(-?[0-9]*))?$")


@dataclass
class Includes:
    """The include resolver of one document at ``path``, under the docs root ``root``
    (both absolute). ``followed`` collects every file inside the root a directive named,
    found or not: the document must be read again when one of them changes or appears."""

    path: Path
    root: Path
    budget: int = MAX_INCLUDE_BYTES
    followed: set[str] = field(default_factory=set)
    _resolved: tuple[Path, Path] | None = field(default=None, repr=False)
    _folders: tuple[str, str] | None = field(default=None, repr=False)  # the two, as text

    def _real(self) -> tuple[Path, Path]:
        """The real paths of the document and the root, found once, when a target is a
        file (system calls: most documents include nothing that exists)."""
        if self._resolved is None:
            self._resolved = (self.path.resolve(), self.root.resolve())
        return self._resolved

    def __call__(self, target: str, within: str | None) -> tuple[str, str] | None:
        target = target.strip().strip("\"'")
        if not target or "\0" in target or "://" in target:
            return None
        lines: tuple[int, int] | None = None
        found = self._find(target, within)
        if found is None and (match := _LINES.match(target)) is not None:
            found = self._find(match.group(1), within)
            start, end = match.group(2), match.group(3)
            lines = (int(start) if start else 1, int(end) if end else 0)
        if found is None or found == self._real()[0]:  # the document itself: a loop
            return None
        try:
            data = found.read_bytes()[: self.budget + 1]
        except OSError:
            return None
        if len(data) > self.budget or b"\0" in data:
            return None
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            return None
        self.budget -= len(data)
        text = text.replace("\r\n", "\n")
        if lines is not None:
            start, end = lines
            picked = text.split("\n")[max(start, 1) - 1 : end if end > 0 else None]
            text = "\n".join(picked)
        return text, str(found)

    def _find(self, target: str, within: str | None) -> Path | None:
        if self._folders is None:
            self._folders = (str(self.path.parent), str(self.root))
        base = os.path.dirname(within) if within else self._folders[0]
        root = self._folders[1]
        for folder in (base, root):
            # the path as written first (no system call): most targets that leave the
            # folder are seen here; then the real path, so a link cannot lead out
            candidate = os.path.normpath(os.path.join(folder, target))
            if not _inside(candidate, root):
                continue
            self.followed.add(candidate)
            if not os.path.isfile(candidate):
                continue
            try:
                real = Path(candidate).resolve()
            except (OSError, RuntimeError, ValueError):  # a link loop, a bad name
                continue
            if real.is_relative_to(self._real()[1]):
                return real
        return None


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)
