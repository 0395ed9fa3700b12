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

from sleuth.decision import BASE_TOOLS
from sleuth.state import RunState, Step
from sleuth.tools import MAX_K, TOOL_DESCRIPTIONS

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


@cache
def tool_schemas(offered: tuple[str, ...] = BASE_TOOLS) -> list[dict[str, Any]]:
    """JSON schemas of the ``offered`` tools, in a provider-neutral shape (name,
    description, parameters); each backend wraps them as its API expects (never mutate:
    cached)."""
    return [schema for schema in _schemas() if schema["name"] in offered]


@cache
def _schemas() -> list[dict[str, Any]]:
    evidence = {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}
    finish_payload = {
        "type": "object",
        "properties": {
            "answer": {"type": "string"},
            "citations": {"type": "array", "items": {"type": "string"}},
            "cannot_answer": {"type": "boolean"},
            "evidence": evidence,
            "conflicts": {"type": "array", "items": {"type": "object"}},
            "fields": {"type": "object"},
        },
    }
    return [
        {
            "name": "search",
            "description": TOOL_DESCRIPTIONS["search"],
            "parameters": {
                "type": "object",
                "properties": {
                    "query": {"type": "string", "description": "words to search for"},
                    "k": {"type": "integer", "minimum": 1, "maximum": MAX_K, "default": 5},
                },
                "required": ["query"],
            },
        },
        {
            "name": "open",
            "description": TOOL_DESCRIPTIONS["open"],
            "parameters": {
                "type": "object",
                "properties": {
                    "url": {"type": "string", "description": "a URL or id from search results"},
                    "offset": {"type": "integer", "minimum": 0, "default": 0},
                },
                "required": ["url"],
            },
        },
        {
            "name": "finish",
            "description": TOOL_DESCRIPTIONS["finish"]
            + ' For sources that disagree use {"conflicts": [...]}; for a brief use '
            '{"fields": {...}} (see the system prompt).',
            "parameters": finish_payload,
        },
        {
            "name": "publish_brief",
            "description": TOOL_DESCRIPTIONS["publish_brief"],
            "parameters": finish_payload,
        },
    ]


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
