"""Decode a model's native tool calls into a `Decision`.

`decode_tool_calls` is a pure function and never raises. It accepts the tool calls of
either API, as plain dicts or as SDK objects with a ``model_dump()`` method:

* OpenAI chat completions: ``{"id": ..., "type": "function",
  "function": {"name": str, "arguments": str-of-JSON | dict}}``, or the flattened
  ``{"name": ..., "arguments": ...}``;
* Anthropic content blocks: ``{"type": "tool_use", "id": ..., "name": ..., "input": {...}}``.
  The whole ``content`` list may be passed: ``text`` blocks become part of the thought and
  ``thinking`` / ``redacted_thinking`` blocks are skipped.

``content`` (the assistant text that came with the calls) becomes the thought.

Rules: exactly one call per turn; a text-only reply does not finish the run; the arguments
must be a JSON object (a JSON string is accepted for tools with a bare-input argument:
``search`` → ``{"query": s}``, and a string holding a JSON object is decoded once more).
Tool names are normalised as in the ReAct parser, and unknown tool names are not a decode
error: the runtime reports them.
"""

from __future__ import annotations

import json
import reprlib
from collections.abc import Mapping
from typing import Any, Final

from sleuth.contract.calls import (
    FINISH_KEYS,
    NO_TOOL_NAMES,
    coerce_args,
    needs_message,
    no_tool_message,
    normalize_tool_name,
)
from sleuth.decision import TOOL_NAMES, Decision, ParseError

__all__ = ["decode_tool_calls"]

_CALL_HINT: Final = "call exactly one tool per turn (call finish to end the run)"
_SKIPPED_BLOCKS: Final = frozenset({"thinking", "redacted_thinking"})
_MAX_SHOWN: Final = 80


def decode_tool_calls(calls: list[Any] | None, content: str | None = None) -> Decision | ParseError:
    """Decode one turn's native tool calls (plus any assistant text). Never raises."""
    try:
        return _decode(calls, content)
    except Exception as exc:  # a safety net: model output must never crash the run
        return ParseError(f"could not decode the tool call ({type(exc).__name__}); {_CALL_HINT}")


def _decode(calls: object, content: object) -> Decision | ParseError:
    thought_parts = [content.strip()] if isinstance(content, str) and content.strip() else []
    if calls is None:
        entries: list[object] = []
    elif isinstance(calls, list | tuple):
        entries = list(calls)
    elif isinstance(calls, Mapping):
        entries = [calls]
    else:
        return ParseError(
            f"tool calls must be a list, not {type(calls).__name__}; {_CALL_HINT}",
            "\n".join(thought_parts),
        )

    real: list[tuple[object, Mapping[Any, Any] | None]] = []
    for entry in entries:
        block = _as_mapping(entry)
        kind = block.get("type") if block is not None else None
        if block is not None and kind == "text" and "name" not in block:
            text = block.get("text")
            if isinstance(text, str) and text.strip():
                thought_parts.append(text.strip())
            continue
        if block is not None and kind in _SKIPPED_BLOCKS:
            continue
        real.append((entry, block))
    thought = "\n".join(thought_parts)

    if not real:
        if thought:
            return ParseError(
                "no tool call: text alone does not finish the run; "
                f"{_CALL_HINT}, e.g. finish with keys {', '.join(FINISH_KEYS)}",
                thought,
            )
        return ParseError(f"empty reply: no tool call and no text; {_CALL_HINT}")
    if len(real) > 1:
        names = ", ".join(_name_for_listing(block) for _, block in real)
        return ParseError(
            f"one action per turn: got {len(real)} tool calls ({names}); "
            "call one tool, then wait for its result",
            thought,
        )

    entry, block = real[0]
    if block is None:
        shown = _short(_safe_repr(entry))
        return ParseError(f"the tool call is not an object: {shown}; {_CALL_HINT}", thought)
    return _decode_one(block, thought)


def _decode_one(block: Mapping[Any, Any], thought: str) -> Decision | ParseError:
    name, arguments, json_text = _name_and_arguments(block)
    if not isinstance(name, str) or not name.strip():
        return ParseError(f"the tool call has no name; {_CALL_HINT}", thought)
    tool = normalize_tool_name(name)
    if tool in NO_TOOL_NAMES:
        return ParseError(no_tool_message(name), thought)
    known = tool in TOOL_NAMES

    if isinstance(arguments, str):
        if not arguments.strip():
            arguments = None
        elif json_text:
            try:
                arguments = json.loads(arguments)
            except (ValueError, RecursionError) as exc:
                if not known:
                    return Decision(tool, {}, thought)
                detail = (
                    f"{exc.msg} at line {exc.lineno} column {exc.colno}"
                    if isinstance(exc, json.JSONDecodeError)
                    else type(exc).__name__
                )
                return ParseError(
                    f"the arguments of {tool} are not valid JSON ({detail}); {needs_message(tool)}",
                    thought,
                )
    if arguments is None:
        if not known:
            return Decision(tool, {}, thought)
        return ParseError(f"the {tool} call has no arguments; {needs_message(tool)}", thought)

    if isinstance(arguments, Mapping) and not isinstance(arguments, dict):
        arguments = dict(arguments)
    args = coerce_args(tool, arguments, source="the arguments")
    if isinstance(args, str):
        return ParseError(args, thought)
    return Decision(tool, args, thought)


def _name_and_arguments(block: Mapping[Any, Any]) -> tuple[object, object, bool]:
    """The name, the raw arguments (None if absent), and whether a string among them is
    JSON text (OpenAI's ``arguments``) rather than a value (Anthropic's ``input``)."""
    function = _as_mapping(block.get("function"))
    if function is not None:
        name = function.get("name", block.get("name"))
        if "arguments" in function:
            return name, function["arguments"], True
        return name, function.get("input"), False
    for key in ("arguments", "input", "args", "parameters"):
        if key in block:
            return block.get("name"), block[key], key == "arguments"
    return block.get("name"), None, False


def _as_mapping(value: object) -> Mapping[Any, Any] | None:
    """A dict, or an SDK object's ``model_dump()``; None for anything else."""
    if isinstance(value, Mapping):
        return value
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        try:
            dumped = dump()
        except Exception:
            return None
        if isinstance(dumped, Mapping):
            return dumped
    return None


def _name_for_listing(block: Mapping[Any, Any] | None) -> str:
    if block is None:
        return "?"
    name, _, _ = _name_and_arguments(block)
    return _short(normalize_tool_name(name), 30) if isinstance(name, str) else "?"


def _safe_repr(value: object) -> str:
    try:
        return reprlib.repr(value)
    except Exception:
        return f"<{type(value).__name__}>"


def _short(text: str, limit: int = _MAX_SHOWN) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
