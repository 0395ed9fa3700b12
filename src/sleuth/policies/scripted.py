"""The scripted policy: replays raw model outputs, for tests and for judging transcripts.

A script is a JSON file: a list of turns, or ``{"turns": [...]}``. Each turn is what a
model said, in either protocol:

* a string — ReAct text, parsed by `sleuth.react.parse_react`;
* ``{"tool_calls": [...], "content": "..."}`` — OpenAI-style native tool calls;
* ``{"content": [{"type": "text", ...}, {"type": "tool_use", ...}]}`` — Anthropic blocks.

Both go through the same decoders a real model's replies go through. Asked for a turn
past the end of its script, it raises `ScriptExhaustedError` (loudly: a transcript that
runs out is a bug in the transcript, not an outcome).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sleuth.decision import ParseError
from sleuth.errors import ScriptError, ScriptExhaustedError
from sleuth.native import decode_tool_calls
from sleuth.react import parse_react
from sleuth.runtime import Turn
from sleuth.state import RunState


def decode_turn(raw: Any) -> Turn:
    """One scripted model reply, decoded by the protocol it is written in."""
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


class ScriptedPolicy:
    """Replays ``turns`` in order, one per step: the turn for step n is ``turns[n - 1]``,
    so a resumed run picks up where its recorded steps end."""

    name = "scripted"

    def __init__(self, turns: Sequence[Any]) -> None:
        self.turns = list(turns)
        self.position = 0

    @classmethod
    def from_file(cls, path: str | Path) -> ScriptedPolicy:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise ScriptError(f"{path}: cannot read the script: {exc.strerror or exc}") from None
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise ScriptError(f"{path}: the script is not valid JSON: {exc}") from None
        except RecursionError:
            raise ScriptError(f"{path}: the script's JSON is nested too deeply") from None
        if isinstance(data, dict):
            data = data.get("turns")
        if not isinstance(data, list) or not data:
            raise ScriptError(
                f'{path}: a script is a non-empty list of turns or {{"turns": [...]}}'
            )
        return cls(data)

    @property
    def remaining(self) -> int:
        return len(self.turns) - self.position

    def decide(self, state: RunState) -> Turn:
        # turn n is step n's: a resumed run goes on with the turn after its last step
        self.position = len(state.steps)
        if self.position >= len(self.turns):
            raise ScriptExhaustedError(
                f"the scripted policy was asked for turn {self.position + 1} but the script "
                f"has {len(self.turns)}"
            )
        raw = self.turns[self.position]
        self.position += 1
        return decode_turn(raw)
