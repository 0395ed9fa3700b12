"""The tools' JSON schemas for native tool calling, generated from their argument models
(`sleuth.tools.TOOL_ARGS`), so what a model is told and what the runtime validates
cannot drift apart.

Generated schemas are cleaned to the JSON Schema subset every provider accepts (OpenAI
and its compatible servers, Anthropic): titles, ``additionalProperties`` and length
bounds are dropped (the runtime still enforces them and answers a bad call with a
``bad_args`` observation).
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from sleuth.decision import BASE_TOOLS, TOOL_NAMES
from sleuth.tools import TOOL_ARGS, TOOL_DESCRIPTIONS

__all__ = ["PROVIDER_KEYWORDS", "clean_schema", "tool_schema", "tool_schemas"]

#: The JSON Schema keywords a tool schema keeps.
PROVIDER_KEYWORDS: Final = frozenset(
    {
        "type",
        "properties",
        "required",
        "items",
        "anyOf",
        "enum",
        "description",
        "default",
        "minimum",
        "maximum",
    }
)

_EXTRA_DESCRIPTION: Final = {
    "finish": ' For sources that disagree use {"conflicts": [...]}; for a brief use '
    '{"fields": {...}} (see the system prompt).',
}


def clean_schema(schema: Any) -> Any:
    """``schema`` with only `PROVIDER_KEYWORDS` kept (property names are kept as they
    are: they are names, not keywords)."""
    if isinstance(schema, list):
        return [clean_schema(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    cleaned: dict[str, Any] = {}
    for key, value in schema.items():
        if key not in PROVIDER_KEYWORDS:
            continue
        if key == "properties":
            cleaned[key] = {name: clean_schema(sub) for name, sub in value.items()}
        else:
            cleaned[key] = clean_schema(value)
    return cleaned


@cache
def tool_schema(name: str) -> dict[str, Any]:
    """One tool's schema in a provider-neutral shape (name, description, parameters);
    each backend wraps it as its API expects (never mutate: cached)."""
    parameters = clean_schema(TOOL_ARGS[name].model_json_schema())
    parameters.pop("description", None)  # a model's docstring is for programmers
    return {
        "name": name,
        "description": TOOL_DESCRIPTIONS[name] + _EXTRA_DESCRIPTION.get(name, ""),
        "parameters": parameters,
    }


@cache
def tool_schemas(offered: tuple[str, ...] = BASE_TOOLS) -> list[dict[str, Any]]:
    """The schemas of the ``offered`` tools, in the order of `TOOL_NAMES` (never mutate:
    cached)."""
    return [tool_schema(name) for name in TOOL_NAMES if name in offered]
