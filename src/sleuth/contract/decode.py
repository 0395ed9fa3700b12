"""One model reply, decoded by the protocol it is written in.

A reply is what a model said, in the form scripts are written in and backends return:

* a string — ReAct text, parsed by `sleuth.contract.react.parse_react`;
* ``{"tool_calls": [...], "content": "..."}`` — OpenAI-style native tool calls;
* ``{"content": [{"type": "text", ...}, {"type": "tool_use", ...}]}`` — Anthropic blocks.

The scripted policy and the model-backed policy both decode through `decode_turn`, so a
transcript replays exactly as the model's live replies were read.
"""

from __future__ import annotations

from typing import Any

from sleuth.contract.native import decode_tool_calls
from sleuth.contract.policy import Turn
from sleuth.contract.react import parse_react
from sleuth.decision import ParseError

__all__ = ["decode_turn"]


def decode_turn(raw: Any) -> Turn:
    """One model reply (see the module docstring), decoded into a `Turn`. Never raises."""
    if isinstance(raw, str):
        return Turn(parsed=parse_react(raw), raw=raw)
    if isinstance(raw, dict) and isinstance(raw.get("content"), list):
        blocks = raw["content"]
        text = "\n".join(
            b.get("text", "") for b in blocks if isinstance(b, dict) and b.get("type") == "text"
        )
        calls = [b for b in blocks if isinstance(b, dict) and b.get("type") == "tool_use"]
        return Turn(parsed=decode_tool_calls(calls, text or None), raw=raw)
    if isinstance(raw, dict):
        content = raw.get("content")
        return Turn(
            parsed=decode_tool_calls(
                raw.get("tool_calls"), content if isinstance(content, str) else None
            ),
            raw=raw,
        )
    kind = type(raw).__name__
    return Turn(parsed=ParseError(f"a reply must be text or a message object, not {kind}"), raw=raw)
