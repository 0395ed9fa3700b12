"""Front matter: the ``---`` block at the top of a Markdown file, read as metadata."""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any

from sleuth.errors import CorpusError

__all__ = ["front_matter", "iso_date"]


def front_matter(text: str) -> tuple[dict[str, Any], str]:
    """Metadata from a leading ``---`` block and the text after it. Understands
    ``title``, ``published`` (or ``date``: an ISO date), ``version`` and ``authority``
    (integers) and ``tags`` (``[a, b]``, ``a, b`` or a ``- a`` list); other keys, and
    indented lines under them (nested YAML, folded strings), are ignored. A block that
    does not parse is a `CorpusError` naming the line."""
    if not text.startswith("---"):
        return {}, text
    opening = _FENCE_LINE.match(text)
    if opening is None or opening.group(1) != "---":
        return {}, text
    closing = _FENCE_LINE.search(text, opening.end())
    if closing is None:
        raise CorpusError("front matter: no closing '---' line")
    raw: dict[str, Any] = {}
    key: str | None = None
    lines = text[opening.end() : closing.start()].splitlines(keepends=True)
    for number, line in enumerate(lines, start=2):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("- ") and key is not None and isinstance(raw.get(key), list):
            raw[key].append(_scalar(stripped[2:]))
            continue
        if line[:1] in (" ", "\t"):
            continue  # nested under the key above (a mapping, a folded string)
        name, colon, value = line.partition(":")
        if not colon or not re.fullmatch(r"[A-Za-z_][\w-]*", name.strip()):
            raise CorpusError(f"front matter line {number}: expected 'key: value'")
        key, value = name.strip().lower(), value.strip()
        if not value:
            raw[key] = []
        elif value.startswith("[") and value.endswith("]"):
            raw[key] = [_scalar(v) for v in value[1:-1].split(",") if v.strip()]
        elif value in (">", "|", ">-", "|-"):
            raw[key] = ""
        else:
            raw[key] = _scalar(value)
    meta: dict[str, Any] = {}
    if raw.get("title"):
        meta["title"] = str(raw["title"])
    if "tags" in raw:
        tags = raw["tags"]
        parts = tags if isinstance(tags, list) else str(tags).split(",")
        meta["tags"] = tuple(str(t).strip() for t in parts if str(t).strip())
    for name in ("published", "date"):
        if raw.get(name) and "published" not in meta:
            meta["published"] = iso_date(str(raw[name]), name)
    for name in ("version", "authority"):
        if name in raw and raw[name] != []:
            value = raw[name]
            if not isinstance(value, str) or not re.fullmatch(r"-?\d+", value):
                raise CorpusError(f"front matter: {name}: expected an integer, got {value!r}")
            meta[name] = int(value)
    return meta, text[closing.end() :]


#: a line that opens or closes front matter, with its line end
_FENCE_LINE = re.compile(r"^(---|\.\.\.)[^\S\n]*(?:\n|\Z)", re.MULTILINE)


def _scalar(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value


def iso_date(value: str, name: str) -> str:
    """``value`` when it is an ISO date or date-time, else a `CorpusError`."""
    try:
        date.fromisoformat(value)
    except ValueError:
        try:
            datetime.fromisoformat(value)
        except ValueError:
            raise CorpusError(
                f"front matter: {name}: expected an ISO date like 2024-05-01, got {value!r}"
            ) from None
    return value
