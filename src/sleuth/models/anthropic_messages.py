"""Anthropic messages through the official ``anthropic`` SDK (``sleuth[anthropic]``).

Both protocols: native ``tool_use`` blocks, or ReAct text with ``stop_sequences`` at
``Observation:``. The system prompt and the tool definitions are a stable prefix marked
with ``cache_control``; cache reads and writes are reported in the usage.
"""

from __future__ import annotations

import json
from typing import Any

from sleuth.models.prices import estimate_cost
from sleuth.models.prompt import (
    STOP_SEQUENCES,
    Protocol,
    observation_message,
    raw_text,
    system_prompt,
    task_message,
    tool_schemas,
)
from sleuth.models.sdk import Sdk, SdkBackend, sdk_kwargs
from sleuth.result import Usage
from sleuth.state import RunState

CACHE = {"type": "ephemeral"}
PATH = "/v1/messages"
EMPTY_TEXT = "(empty reply)"  # the API refuses empty text blocks; this stands in for one


class AnthropicMessages(SdkBackend):
    provider = "anthropic"
    SDK = Sdk(
        "anthropic",
        ("Anthropic", "AsyncAnthropic"),
        "ANTHROPIC_API_KEY",
        PATH,
        "set ANTHROPIC_API_KEY",
    )

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        stream: bool = False,
        max_tokens: int = 1024,
        temperature: float | None = None,
    ) -> None:
        self.model, self.stream = model, stream
        self.max_tokens, self.temperature = max_tokens, temperature
        self._connect(api_key, base_url)

    def request(self, state: RunState, protocol: Protocol) -> dict[str, Any]:
        messages: list[dict[str, Any]] = [{"role": "user", "content": task_message(state)}]
        for step in state.steps:
            raw = step.raw
            blocks = raw.get("content") if isinstance(raw, dict) else None
            observed = observation_message(step, state)
            uses = [b for b in blocks or [] if isinstance(b, dict) and b.get("type") == "tool_use"]
            if protocol == "tools" and uses:
                messages.append({"role": "assistant", "content": blocks})
                messages.append(
                    {
                        "role": "user",
                        "content": [
                            {"type": "tool_result", "tool_use_id": b["id"], "content": observed}
                            for b in uses
                        ],
                    }
                )
            else:
                messages.append({"role": "assistant", "content": raw_text(raw) or EMPTY_TEXT})
                prefix = "Observation: " if protocol == "react" else ""
                messages.append({"role": "user", "content": prefix + observed})
        body: dict[str, Any] = {
            "model": self.model,
            "max_tokens": self.max_tokens,
            "system": [
                {
                    "type": "text",
                    "text": system_prompt(protocol, state.task.tools),
                    "cache_control": CACHE,
                }
            ],
            "messages": messages,
        }
        if protocol == "tools":
            tools = [
                {
                    "name": t["name"],
                    "description": t["description"],
                    "input_schema": t["parameters"],
                }
                for t in tool_schemas(state.task.tools)
            ]
            tools[-1]["cache_control"] = CACHE
            body["tools"] = tools
        else:
            body["stop_sequences"] = STOP_SEQUENCES
        if self.temperature is not None:
            body["temperature"] = self.temperature
        if self.stream:
            body["stream"] = True
        return body

    def send(self, body: dict[str, Any], timeout: float) -> dict[str, Any]:
        if not self.stream:
            return self.connection.post(body, timeout)
        create = self.connection.client.messages.create
        events = create(**sdk_kwargs(create, body), timeout=timeout)
        return assemble_stream([e.model_dump(mode="json") for e in events])

    async def asend(self, body: dict[str, Any], timeout: float) -> dict[str, Any]:
        if not self.stream:
            return await self.connection.apost(body, timeout)
        create = (await self.connection.async_client()).messages.create
        events = await create(**sdk_kwargs(create, body), timeout=timeout)
        return assemble_stream([e.model_dump(mode="json") async for e in events])

    def reply(self, response: dict[str, Any]) -> tuple[Any, Usage]:
        blocks = []
        for block in response.get("content") or []:
            if not isinstance(block, dict):
                continue
            if block.get("type") == "text":
                blocks.append({"type": "text", "text": block.get("text") or ""})
            elif block.get("type") == "tool_use":
                blocks.append(
                    {
                        "type": "tool_use",
                        "id": block.get("id"),
                        "name": block.get("name"),
                        "input": block.get("input"),
                    }
                )
        has_tool = any(b["type"] == "tool_use" for b in blocks)
        raw: Any = (
            {"content": blocks}
            if has_tool
            else "".join(b["text"] for b in blocks if b["type"] == "text")
        )
        return raw, self._usage(response.get("usage") or {})

    def _usage(self, usage: dict[str, Any]) -> Usage:
        counted = Usage(
            input_tokens=int(usage.get("input_tokens") or 0),
            output_tokens=int(usage.get("output_tokens") or 0),
            cached_input_tokens=int(usage.get("cache_read_input_tokens") or 0),
            cache_write_input_tokens=int(usage.get("cache_creation_input_tokens") or 0),
        )
        return counted.model_copy(update={"cost_usd": estimate_cost(self.model, counted)})


def assemble_stream(events: list[dict[str, Any]]) -> dict[str, Any]:
    """Streamed message events as the one message body they add up to. Tool input that
    is not valid JSON is kept as ``{"_unparsed": text}`` (the SDK's own stream helper
    raises on it; a model's broken JSON must become an observation, not a crash)."""
    message: dict[str, Any] = {
        "type": "message",
        "role": "assistant",
        "content": [],
        "streamed": True,
    }
    usage: dict[str, Any] = {}
    partial: dict[int, str] = {}
    for event in events:
        kind = event.get("type")
        if kind == "message_start":
            start = event.get("message") or {}
            message.update({k: start.get(k) for k in ("id", "model")})
            usage.update(start.get("usage") or {})
        elif kind == "content_block_start":
            block = dict(event.get("content_block") or {})
            index = int(event.get("index", len(message["content"])))
            while len(message["content"]) <= index:
                message["content"].append({})
            message["content"][index] = block
        elif kind == "content_block_delta":
            delta = event.get("delta") or {}
            index = int(event.get("index", 0))
            if delta.get("type") == "text_delta" and index < len(message["content"]):
                block = message["content"][index]
                block["text"] = (block.get("text") or "") + (delta.get("text") or "")
            elif delta.get("type") == "input_json_delta":
                partial[index] = partial.get(index, "") + (delta.get("partial_json") or "")
        elif kind == "message_delta":
            delta = event.get("delta") or {}
            message["stop_reason"] = delta.get("stop_reason")
            message["stop_sequence"] = delta.get("stop_sequence")
            usage.update({k: v for k, v in (event.get("usage") or {}).items() if v is not None})
    for index, text in partial.items():
        if index < len(message["content"]):
            try:
                message["content"][index]["input"] = json.loads(text) if text else {}
            except ValueError:
                message["content"][index]["input"] = {"_unparsed": text}
    message["usage"] = usage
    return message
