"""What a policy decides each turn: one tool call (a `Decision`) or a `ParseError`.

Both protocols produce these: the ReAct text parser (`sleuth.contract.react`) and the native
tool-call decoder (`sleuth.contract.native`). The loop never sees which protocol a decision came
from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: The tools every run offers. ``finish`` is just another tool.
BASE_TOOLS: tuple[str, ...] = ("search", "open", "finish")

#: Side-effecting tools: offered only when the task enables them, and never run before
#: a person approves the call (see `sleuth.effects`).
EFFECT_TOOLS: tuple[str, ...] = ("publish_brief",)

#: Every tool name the parsers recognise.
TOOL_NAMES: tuple[str, ...] = BASE_TOOLS + EFFECT_TOOLS

#: When a model writes a bare string instead of a JSON object as a tool's input,
#: the string becomes this argument of the tool (``search`` → ``query``).
BARE_INPUT_ARG: dict[str, str] = {"search": "query", "open": "url"}


@dataclass(frozen=True)
class Decision:
    """One tool call: ``tool`` with ``args``, and the thought that preceded it.

    ``notes`` are parser remarks that the runtime passes back to the model with the
    observation (e.g. "ignored text after a hallucinated Observation: line").
    """

    tool: str
    args: dict[str, Any]
    thought: str = ""
    notes: tuple[str, ...] = field(default=())


@dataclass(frozen=True)
class ParseError:
    """Model output that is not one well-formed tool call. It becomes an observation
    and costs a step; it never crashes the run."""

    message: str
    thought: str = ""
