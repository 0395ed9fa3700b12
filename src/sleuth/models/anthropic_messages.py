"""Anthropic messages through the official ``anthropic`` SDK (``sleuth[anthropic]``).

Both protocols: native ``tool_use`` blocks, or ReAct text with ``stop_sequences`` at
``Observation:``. The system prompt and the tool definitions are a stable prefix marked
with ``cache_control``; cache reads and writes are reported in the usage.
"""

from __future__ import annotations

import json
import os
from typing import Any

from sleuth.errors import UsageError
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
from sleuth.models.retry import Failure, classify_sdk_error
from sleuth.models.sdk import json_object, sdk_kwargs
from sleuth.result import Usage
from sleuth.state import RunState

ASYNC_CLIENTS = 16
INSTALL_HINT = "the anthropic backend needs the anthropic SDK: pip install 'sleuth[anthropic]'"
CACHE = {"type": "ephemeral"}
PATH = "/v1/messages"
EMPTY_TEXT = "(empty reply)"  # the API refuses empty text blocks; this stands in for one


def _sdk() -> Any:
    try:
        import anthropic
    except ImportError:  # pragma: no cover - depends on the environment
        raise UsageError(INSTALL_HINT) from None
    return anthropic


class AnthropicMessages:
    provider = "anthropic"

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
        sdk = _sdk()
        key = api_key or os.environ.get("ANTHROPIC_API_KEY")
        if not key:
            if base_url is None:
                raise UsageError("set ANTHROPIC_API_KEY")
            key = "not-needed"
        self.model, self.stream = model, stream
        self.max_tokens, self.temperature = max_tokens, temperature
        self._key, self._base_url = key, base_url
        self._client = sdk.Anthropic(api_key=key, base_url=base_url, max_retries=0)
        self._async: list[Any] = []
        self._turn = 0

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
            "system": [{"type": "text", "text": system_prompt(protocol), "cache_control": CACHE}],
            "messages": messages,
        }
        if protocol == "tools":
            tools = [
                {
                    "name": t["name"],
                    "description": t["description"],
                    "input_schema": t["parameters"],
                }
                for t in tool_schemas()
            ]
            tools[-1]["cache_control"] = CACHE
            body["tools"] = tools
        else:
            body["stop_sequences"] = STOP_SEQUENCES
        if self.temperature is not None:
            body["temperature"] = self.temperature
        return body

    def send(self, body: dict[str, Any], timeout: float) -> dict[str, Any]:
        create = self._client.messages.create
        if self.stream:
            events = create(**sdk_kwargs(create, body), stream=True, timeout=timeout)
            return assemble_stream([e.model_dump(mode="json") for e in events])
        text = self._client.post(PATH, body=body, cast_to=str, options={"timeout": timeout})
        return json_object(text)

    async def asend(self, body: dict[str, Any], timeout: float) -> dict[str, Any]:
        client = self._async_client()
        create = client.messages.create
        if self.stream:
            events = await create(**sdk_kwargs(create, body), stream=True, timeout=timeout)
            return assemble_stream([e.model_dump(mode="json") async for e in events])
        text = await client.post(PATH, body=body, cast_to=str, options={"timeout": timeout})
        return json_object(text)

    def _async_client(self) -> Any:
        """One of a few async SDK clients, in turn. Each client's connection pool costs
        time that grows with its size on every request; sharding many concurrent runs
        over several small pools keeps that cost flat."""
        if not self._async:
            self._async = [
                _sdk().AsyncAnthropic(api_key=self._key, base_url=self._base_url, max_retries=0)
                for _ in range(ASYNC_CLIENTS)
            ]
        self._turn = (self._turn + 1) % len(self._async)
        return self._async[self._turn]

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

    def classify(self, exc: BaseException) -> Failure | None:
        return classify_sdk_error(_sdk(), exc, "ANTHROPIC_API_KEY")

    def redact(self, text: str) -> str:
        return text.replace(self._key, "[redacted]") if self._key else text


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
