"""Prompts: files in ``sleuth/prompts``, rendered as a pure function of the run's trace.

The system prompt and the tool definitions depend only on the protocol and the tools the
run offers (`Task.tools`), so they form a stable prefix that providers can cache.
Everything after the task message is rebuilt from the recorded steps: the model's own
replies exactly as they were received (the step's ``raw``), and each observation as the
runtime produced it. Page text only ever reaches the model inside an observation, fenced
as data.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any, Literal

from sleuth.contract.schemas import tool_schemas
from sleuth.decision import BASE_TOOLS
from sleuth.state import RunState, Step
from sleuth.tools import TOOL_DESCRIPTIONS

__all__ = [
    "STOP_SEQUENCES",
    "Protocol",
    "observation_message",
    "prompt_file",
    "raw_text",
    "system_prompt",
    "task_message",
    "tool_schemas",  # generated from the tools' argument models (sleuth.contract.schemas)
]

Protocol = Literal["tools", "react"]
STOP_SEQUENCES = ["Observation:"]


@cache
def prompt_file(name: str) -> str:
    return (resources.files("sleuth") / "prompts" / name).read_text(encoding="utf-8")


def system_prompt(protocol: Protocol, offered: tuple[str, ...] = BASE_TOOLS) -> str:
    tools = "\n".join(f"- {TOOL_DESCRIPTIONS[name]}" for name in offered)
    text = prompt_file("system.md").replace("{tools}", tools)
    if protocol == "react":
        text += prompt_file("react_format.md")
    return text


def task_message(state: RunState) -> str:
    task = state.task
    brief = ""
    if task.require:
        names = ", ".join(task.require)
        brief = (
            f"This is a brief: each of these fields needs its own sourced value: {names}. "
            'Finish with {"fields": {...}}.\n'
        )
    return (
        prompt_file("task.md")
        .replace("{question}", task.question)
        .replace("{brief}", brief)
        .replace("{max_steps}", str(state.budgets.max_steps))
    )


def observation_message(step: Step, state: RunState) -> str:
    """What the model reads after one of its steps."""
    used = f"(step {step.index} of {state.budgets.max_steps})"
    return f"{step.observation.text}\n{used}"


def raw_text(raw: Any) -> str:
    """The text of a recorded reply: a ReAct string, or the text of a native reply."""
    if isinstance(raw, str):
        return raw
    if isinstance(raw, dict):
        content = raw.get("content")
        if isinstance(content, str):
            return content
        if isinstance(content, list):
            return "".join(
                b.get("text", "")
                for b in content
                if isinstance(b, dict) and b.get("type") == "text"
            )
    return ""
