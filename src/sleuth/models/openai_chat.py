"""OpenAI chat completions, and every server that speaks them (Ollama, vLLM, llama.cpp's
server, LM Studio, OpenRouter), through the official ``openai`` SDK (``sleuth[openai]``).

Both protocols: native tool calls (``tools``), or ReAct text with ``stop`` at
``Observation:`` so the model cannot write the observations itself. The SDK's own
retries are off; `sleuth.models.policy` retries and records each attempt.
"""

from __future__ import annotations

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

PATH = "/chat/completions"


class OpenAIChat(SdkBackend):
    """A chat-completions backend. ``base_url`` points at any compatible server; a key
    comes from ``api_key`` or OPENAI_API_KEY (not needed for a local ``base_url``)."""

    provider = "openai"
    SDK = Sdk(
        "openai",
        ("OpenAI", "AsyncOpenAI"),
        "OPENAI_API_KEY",
        PATH,
        "set OPENAI_API_KEY, or give --base-url for a server that needs no key",
    )

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        stream: bool = False,
        max_tokens: int | None = None,
        temperature: float | None = 0.0,
    ) -> None:
        self.model, self.stream = model, stream
        self.max_tokens, self.temperature = max_tokens, temperature
        self._connect(api_key, base_url)

    # -- the request: a pure rendering of the trace ------------------------------------

    def request(self, state: RunState, protocol: Protocol) -> dict[str, Any]:
        messages: list[dict[str, Any]] = [
            {"role": "system", "content": system_prompt(protocol, state.task.tools)},
            {"role": "user", "content": task_message(state)},
        ]
        for step in state.steps:
            raw = step.raw
            calls = raw.get("tool_calls") if isinstance(raw, dict) else None
            observed = observation_message(step, state)
            if protocol == "tools" and calls:
                messages.append(
                    {"role": "assistant", "content": raw_text(raw) or None, "tool_calls": calls}
                )
                messages += [
                    {"role": "tool", "tool_call_id": c["id"], "content": observed} for c in calls
                ]
            else:
                messages.append({"role": "assistant", "content": raw_text(raw)})
                prefix = "Observation: " if protocol == "react" else ""
                messages.append({"role": "user", "content": prefix + observed})
        body: dict[str, Any] = {"model": self.model, "messages": messages}
        if protocol == "tools":
            body["tools"] = [
                {"type": "function", "function": t} for t in tool_schemas(state.task.tools)
            ]
            body["parallel_tool_calls"] = False
        else:
            body["stop"] = STOP_SEQUENCES
        if self.temperature is not None:
            body["temperature"] = self.temperature
        if self.max_tokens is not None:
            body["max_tokens"] = self.max_tokens
        if self.stream:
            body["stream"] = True
            body["stream_options"] = {"include_usage": True}
        return body

    # -- sending ------------------------------------------------------------------------

    def send(self, body: dict[str, Any], timeout: float) -> dict[str, Any]:
        if not body.get("stream"):
            return self.connection.post(body, timeout)
        create = self.connection.client.chat.completions.create
        chunks = create(**sdk_kwargs(create, body), timeout=timeout)
        return assemble_stream([c.model_dump(mode="json") for c in chunks])

    async def asend(self, body: dict[str, Any], timeout: float) -> dict[str, Any]:
        if not body.get("stream"):
            return await self.connection.apost(body, timeout)
        create = (await self.connection.async_client()).chat.completions.create
        stream = await create(**sdk_kwargs(create, body), timeout=timeout)
        return assemble_stream([c.model_dump(mode="json") async for c in stream])

    def reply(self, response: dict[str, Any]) -> tuple[Any, Usage]:
        choices = response.get("choices") or [{}]
        message = choices[0].get("message") or {}
        content = message.get("content")
        text = content if isinstance(content, str) else ""
        refusal = message.get("refusal")
        if not text and isinstance(refusal, str):
            text = refusal
        calls = []
        for n, call in enumerate(message.get("tool_calls") or [], start=1):
            function = call.get("function") or {}
            calls.append(
                {
                    "id": call.get("id") or f"call_{n}",
                    "type": "function",
                    "function": {
                        "name": function.get("name"),
                        "arguments": function.get("arguments"),
                    },
                }
            )
        raw: Any = {"content": text, "tool_calls": calls} if calls else text
        return raw, self._usage(response.get("usage") or {})

    def _usage(self, usage: dict[str, Any]) -> Usage:
        prompt = int(usage.get("prompt_tokens") or 0)
        cached = int((usage.get("prompt_tokens_details") or {}).get("cached_tokens") or 0)
        output = int(usage.get("completion_tokens") or 0)
        counted = Usage(
            input_tokens=max(prompt - cached, 0), output_tokens=output, cached_input_tokens=cached
        )
        return counted.model_copy(update={"cost_usd": estimate_cost(self.model, counted)})


def assemble_stream(chunks: list[dict[str, Any]]) -> dict[str, Any]:
    """A streamed completion as the one response body it adds up to."""
    text: list[str] = []
    calls: dict[int, dict[str, Any]] = {}
    finish, usage, model, ident = None, None, None, None
    for chunk in chunks:
        model, ident = chunk.get("model", model), chunk.get("id", ident)
        usage = chunk.get("usage") or usage
        for choice in chunk.get("choices") or []:
            delta = choice.get("delta") or {}
            finish = choice.get("finish_reason") or finish
            if isinstance(delta.get("content"), str):
                text.append(delta["content"])
            for part in delta.get("tool_calls") or []:
                call = calls.setdefault(
                    int(part.get("index", 0)),
                    {"id": None, "type": "function", "function": {"name": "", "arguments": ""}},
                )
                call["id"] = part.get("id") or call["id"]
                function = part.get("function") or {}
                call["function"]["name"] += function.get("name") or ""
                call["function"]["arguments"] += function.get("arguments") or ""
    message: dict[str, Any] = {"role": "assistant", "content": "".join(text) or None}
    if calls:
        message["tool_calls"] = [calls[i] for i in sorted(calls)]
    return {
        "id": ident,
        "object": "chat.completion",
        "model": model,
        "streamed": True,
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
        "usage": usage,
    }
