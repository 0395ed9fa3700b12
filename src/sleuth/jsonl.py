"""The one JSONL reader: corpus files, ingested JSONL, dataset records and eval suites all
read their lines here, by one set of rules.

- Lines end at ``\\n`` only (a line may hold U+2028 or a form feed inside a string;
  ``\\r\\n`` endings are fine), and each line is read exactly as `json.loads` reads bytes.
- A UTF-8 byte-order mark at the start of the file is dropped; NUL bytes in the first
  line make it a binary file, not JSONL (one problem for the whole file, nothing read).
- Blank lines (only whitespace) are passed over; every other line is a record or a
  problem, never dropped in silence: a line over ``max_line_bytes``, bytes that are not
  UTF-8, text that is not JSON (or nested too deeply) and, when ``expect`` is given, a
  value that is not a JSON object are each a `BadLine` naming the line (from 1) and
  what is wrong.

`read_jsonl` yields records and `BadLine` s so a caller may report a bad line and go on
(``sleuth index``); `load_jsonl` stops at the first with one error naming the file and
line (``--corpus``, suites, datasets).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass
from json.scanner import make_scanner
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from sleuth.errors import CorpusError

__all__ = ["MAX_LINE_BYTES", "BadLine", "json_type", "load_jsonl", "read_jsonl"]

#: A line longer than this is a problem rather than read (a page's body is at most
#: `sleuth.corpus.MAX_PAGE_CHARS` characters, well within it even escaped).
MAX_LINE_BYTES = 64 * 1024 * 1024
_OBJECT = "a JSON object"


@dataclass(frozen=True, slots=True)
class BadLine:
    """A line that is not a record, and why (``line`` None: the whole file)."""

    line: int | None
    message: str

    def where(self, file: str | Path) -> str:
        return f"{file}" if self.line is None else f"{file}:{self.line}"


def first_problem(exc: ValidationError, whole: str) -> str:
    """The first problem pydantic found in a JSON value, as ``path: message`` (the path's
    parts joined by dots; ``whole`` when the problem is the whole value's)."""
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or whole
    return f"{where}: {first['msg']}"


def json_type(value: Any) -> str:
    """What a JSON value is, as an error message names it (``list``, ``string``, ...)."""
    if isinstance(value, bool):
        return "boolean"
    if value is None:
        return "null"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "list" if isinstance(value, list) else "object"


#: json.loads without its Python layers: (value, end) for the JSON value at an offset
#: (typeshed wants a scanner as its argument; it reads the decoder's settings)
_SCAN = make_scanner(json.JSONDecoder())  # type: ignore[arg-type]


def read_jsonl(
    lines: Iterable[bytes],
    *,
    max_line_bytes: int = MAX_LINE_BYTES,
    expect: str | None = _OBJECT,
) -> Iterator[tuple[int, Any] | BadLine]:
    """``(line number, value)`` for each record of ``lines`` (a binary file, or its
    lines with their ends), and a `BadLine` for each line that is not one; see the
    module docstring. ``expect`` names what a record must be (a JSON object, described
    in the problem as ``expected {expect}, got a JSON list``); None takes any value."""
    # the hot loop of a large ingest: names are bound locally, the usual line is decoded
    # and scanned without json.loads' detours
    scan, loads, objects = _SCAN, json.loads, expect is not None
    for lineno, raw in enumerate(lines, start=1):
        if lineno == 1:
            if b"\0" in raw[:8192]:
                yield BadLine(None, "binary file (NUL bytes), not text")
                return
            raw = raw.removeprefix(b"\xef\xbb\xbf")
        if not raw or raw.isspace():
            continue
        if len(raw) > max_line_bytes:
            yield BadLine(lineno, f"line is {len(raw)} bytes; the limit is {max_line_bytes}")
            continue
        value: Any = None
        found = False
        if raw[:1] == b"{":
            try:
                text = raw.decode("utf-8", "surrogatepass")  # what json.loads does with bytes
                value, end = scan(text, 0)
            except UnicodeDecodeError as exc:
                yield BadLine(lineno, f"not UTF-8: {exc.reason} at byte {exc.start}")
                continue
            except (StopIteration, ValueError, RecursionError):
                pass  # json.loads below says what is wrong, as it would have
            else:
                rest = len(text) - end
                found = not rest or (rest <= 2 and text[end:] in ("\n", "\r\n"))
        if not found:
            try:
                value = loads(raw)
            except UnicodeDecodeError as exc:
                yield BadLine(lineno, f"not UTF-8: {exc.reason} at byte {exc.start}")
                continue
            except json.JSONDecodeError as exc:
                yield BadLine(lineno, f"not valid JSON: {exc}")
                continue
            except RecursionError:
                yield BadLine(lineno, "JSON nested too deeply")
                continue
        if objects and type(value) is not dict:
            yield BadLine(lineno, f"expected {expect}, got a JSON {json_type(value)}")
            continue
        yield lineno, value


def load_jsonl(
    path: Path,
    *,
    error: Callable[[str], Exception] = CorpusError,
    max_line_bytes: int = MAX_LINE_BYTES,
    expect: str | None = _OBJECT,
) -> Generator[tuple[int, Any]]:
    """The records of the JSONL file ``path`` as `read_jsonl` reads them; the first bad
    line, or a file that cannot be read, raises ``error`` with one line naming the file
    (and line): ``pages.jsonl:3: not valid JSON: ...``."""
    try:
        with path.open("rb") as handle:
            for item in read_jsonl(handle, max_line_bytes=max_line_bytes, expect=expect):
                if type(item) is BadLine:
                    raise error(f"{item.where(path)}: {item.message}")
                yield item  # type: ignore[misc]  # a (line number, value) pair
    except OSError as exc:
        raise error(f"{path}: cannot read: {exc.strerror or exc}") from None
