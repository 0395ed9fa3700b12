"""What both decoders agree on: tool names, the shape of a tool's input, and the error
messages that tell a model how to fix a call.

The ReAct parser (`sleuth.contract.react`) and the native tool-call decoder
(`sleuth.contract.native`) read a call in different wire formats; from the tool name on,
they apply these same rules, so a model is told the same thing in either protocol.
"""

from __future__ import annotations

import json
from typing import Any, Final

from sleuth.decision import BARE_INPUT_ARG, TOOL_NAMES

__all__ = [
    "FINISH_KEYS",
    "NO_TOOL_NAMES",
    "coerce_args",
    "needs_message",
    "no_tool_message",
    "normalize_tool_name",
]

#: The keys of ``finish``'s input object, quoted in error messages.
FINISH_KEYS: Final[tuple[str, ...]] = ("answer", "citations", "cannot_answer", "evidence")

#: Tool names that mean "no tool": a model trying to skip a turn.
NO_TOOL_NAMES: Final = frozenset(
    {"", "none", "null", "nil", "n/a", "na", "nothing", "no action", "no tool", "-", "--"}
)

_NAME_STRIP: Final = " \t\r\n`'\"*_"
_NAME_TRAILING: Final = ".,;:!?"
_PREFIXES: Final = ("functions.", "function.", "tools.", "tool.")


def normalize_tool_name(raw: str) -> str:
    """Lower-case a tool name and strip backticks, quotes, emphasis and trailing punctuation.

    ``"`Search`."`` → ``"search"``; ``"functions.open"`` → ``"open"``.
    """
    name = " ".join(raw.split()).lstrip(_NAME_STRIP).rstrip(_NAME_STRIP + _NAME_TRAILING)
    if name.endswith("()"):
        name = name[:-2]
    name = name.lower()
    for prefix in _PREFIXES:
        if name.startswith(prefix) and name[len(prefix) :] in TOOL_NAMES:
            return name[len(prefix) :]
    return name


def needs_message(tool: str) -> str:
    """What ``tool``'s input must look like, for error messages."""
    if tool == "finish":
        keys = ", ".join(FINISH_KEYS)
        return f"finish needs a JSON object with keys {keys}"
    arg = BARE_INPUT_ARG.get(tool)
    if arg is not None:
        return f'{tool} needs a JSON object like {{"{arg}": "..."}} (or a bare string)'
    return f"{tool} needs a JSON object"


def no_tool_message(raw_name: str) -> str:
    """The error for ``Action: None`` and its relatives."""
    shown = raw_name.strip() or "(empty)"
    return (
        f'"{shown}" is not a tool: every turn must call exactly one tool '
        f"({', '.join(TOOL_NAMES)}); call finish to end the run"
    )


def coerce_args(tool: str, value: object, source: str = "Action Input") -> dict[str, Any] | str:
    """Turn a decoded input ``value`` into ``tool``'s args, or return an error message.

    A dict is the args. A string becomes ``{BARE_INPUT_ARG[tool]: string}`` (a string that
    is itself a JSON object is decoded once more). Anything else is an error, except for
    unknown tools, which get ``{}``: the runtime reports the unknown tool, which is the
    more useful message.
    """
    if isinstance(value, str):
        nested = _json_object_in_string(value)
        if nested is not None:
            value = nested
    if isinstance(value, dict):
        if all(isinstance(key, str) for key in value):
            return dict(value)
        return f"{source} keys must be strings; {needs_message(tool)}"
    if tool not in TOOL_NAMES:
        return {}
    if isinstance(value, str):
        arg = BARE_INPUT_ARG.get(tool)
        text = value.strip()
        if arg is None:
            return f"{source} is a bare string; {needs_message(tool)}"
        if not text:
            return f"{source} is an empty string; {needs_message(tool)}"
        return {arg: text}
    return f"{source} must be a JSON object, not {_describe(value)}; {needs_message(tool)}"


def _describe(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float | complex):
        return "a number"
    if isinstance(value, list | tuple):
        return "an array"
    return f"a {type(value).__name__}"


def _json_object_in_string(text: str) -> dict[str, Any] | None:
    stripped = text.strip()
    if not (stripped.startswith("{") and stripped.endswith("}")):
        return None
    try:
        decoded = json.loads(stripped)
    except (ValueError, RecursionError):
        return None
    return decoded if isinstance(decoded, dict) else None
