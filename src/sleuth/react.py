"""The ReAct text parser; it lives in `sleuth.contract.react` (this name is kept)."""

from sleuth.contract.calls import (
    FINISH_KEYS,
    NO_TOOL_NAMES,
    coerce_args,
    needs_message,
    no_tool_message,
    normalize_tool_name,
)
from sleuth.contract.react import FORMAT_HINT, OBSERVATION_NOTE, parse_react

__all__ = [
    "FINISH_KEYS",
    "FORMAT_HINT",
    "NO_TOOL_NAMES",
    "OBSERVATION_NOTE",
    "coerce_args",
    "needs_message",
    "no_tool_message",
    "normalize_tool_name",
    "parse_react",
]
