"""The scripted model server, driven by the real OpenAI and Anthropic SDKs over loopback HTTP."""

from __future__ import annotations

import asyncio
import http.client
import json
import time
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

import pytest

from sleuth.testing import ScriptedModelServer
from sleuth.testing.model_server import EXHAUSTED_MESSAGE

try:
    import openai
except ImportError:  # pragma: no cover - the SDK is a test-only dependency
    openai = None  # type: ignore[assignment]
try:
    import anthropic
except ImportError:  # pragma: no cover
    anthropic = None  # type: ignore[assignment]

needs_openai = pytest.mark.skipif(openai is None, reason="the openai SDK is not installed")
needs_anthropic = pytest.mark.skipif(anthropic is None, reason="the anthropic SDK is not installed")

USER = [{"role": "user", "content": "Who founded Acme Robotics?"}]
REACT_TEXT = "I should search.\nAction: search[Acme]\nObservation: fake"
SEARCH_SCHEMA = {
    "type": "object",
    "properties": {"query": {"type": "string"}},
    "required": ["query"],
}
OPENAI_TOOLS = [
    {"type": "function", "function": {"name": "search", "parameters": SEARCH_SCHEMA}},
]
ANTHROPIC_TOOLS = [{"name": "search", "input_schema": SEARCH_SCHEMA}]
ARGS = {"query": "Acme Robotics founder", "limit": 3, "filters": {"lang": ["en", "fr"]}}
# Generous: a prompt exit takes milliseconds; a broken one waits for its join timeout.
PROMPT_EXIT_S = 2.0


def header(request: Mapping[str, Any], name: str) -> str | None:
    """A recorded request's header, looked up without regard to case."""
    headers = {k.lower(): v for k, v in request["headers"].items()}
    return headers.get(name.lower())


def raw_request(
    server: ScriptedModelServer,
    path: str,
    body: bytes = b"",
    *,
    method: str = "POST",
    headers: Mapping[str, str] | None = None,
) -> tuple[int, dict[str, str], Any]:
    """One plain HTTP request to the server; returns status, headers and the parsed body."""
    port = urlsplit(server.url).port
    assert port is not None
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request(method, path, body=body, headers=dict(headers or {}))
        response = conn.getresponse()
        data = response.read()
        return response.status, dict(response.getheaders()), json.loads(data)
    finally:
        conn.close()


# --- OpenAI chat completions ---------------------------------------------------------


def openai_client(server: ScriptedModelServer, **kwargs: Any) -> Any:
    kwargs.setdefault("api_key", "k")
    return openai.OpenAI(base_url=server.openai_base_url, max_retries=0, **kwargs)


@needs_openai
class TestOpenAI:
    def test_text_reply_and_recorded_request(self) -> None:
        with (
            ScriptedModelServer([{"text": "Acme was founded by Ada."}]) as server,
            openai_client(server) as client,
        ):
            completion = client.chat.completions.create(model="gpt-test", messages=USER)
            assert server.remaining == 0
            [request] = server.requests
        choice = completion.choices[0]
        assert choice.message.content == "Acme was founded by Ada."
        assert choice.message.role == "assistant"
        assert choice.message.tool_calls is None
        assert choice.finish_reason == "stop"
        assert completion.object == "chat.completion"
        assert completion.model == "scripted-model"
        assert request["path"] == "/v1/chat/completions"
        assert request["json"] == {"model": "gpt-test", "messages": USER}
        assert header(request, "Authorization") == "Bearer k"

    def test_tool_calls_round_trip(self) -> None:
        script = [
            {
                "text": "Searching.",
                "tool_calls": [
                    {"name": "search", "arguments": ARGS, "id": "call_1"},
                    {"name": "open", "arguments": '{"url": "https://acme.example/'},
                ],
            }
        ]
        with ScriptedModelServer(script) as server, openai_client(server) as client:
            completion = client.chat.completions.create(
                model="m", messages=USER, tools=OPENAI_TOOLS
            )
            [request] = server.requests
        choice = completion.choices[0]
        assert choice.finish_reason == "tool_calls"
        assert choice.message.content == "Searching."
        first, second = choice.message.tool_calls
        assert (first.id, first.type, first.function.name) == ("call_1", "function", "search")
        assert json.loads(first.function.arguments) == ARGS
        assert second.id and second.id != first.id
        assert second.function.name == "open"
        assert second.function.arguments == '{"url": "https://acme.example/'  # verbatim
        assert request["json"]["tools"] == OPENAI_TOOLS

    def test_empty_reply(self) -> None:
        with ScriptedModelServer([{"empty": True}]) as server, openai_client(server) as client:
            completion = client.chat.completions.create(model="m", messages=USER)
        message = completion.choices[0].message
        assert message.content == ""
        assert message.tool_calls is None
        assert completion.choices[0].finish_reason == "stop"

    def test_streamed_text_with_usage(self) -> None:
        text = "Acme Robotics was founded by Ada Lovelace in 1843."
        script = [{"text": text, "usage": {"input": 40, "output": 12, "cached": 32}}]
        with ScriptedModelServer(script) as server, openai_client(server) as client:
            chunks = list(
                client.chat.completions.create(
                    model="m",
                    messages=USER,
                    stream=True,
                    stream_options={"include_usage": True},
                )
            )
        assert chunks[0].choices[0].delta.role == "assistant"
        pieces = [c.choices[0].delta.content for c in chunks if c.choices]
        pieces = [p for p in pieces if p]
        assert len(pieces) > 1
        assert "".join(pieces) == text
        finishes = [c.choices[0].finish_reason for c in chunks if c.choices]
        assert finishes[-1] == "stop"
        assert all(f is None for f in finishes[:-1])
        last = chunks[-1]
        assert last.choices == []
        assert last.usage is not None
        assert (last.usage.prompt_tokens, last.usage.completion_tokens) == (40, 12)
        assert last.usage.total_tokens == 52
        assert last.usage.prompt_tokens_details.cached_tokens == 32
        assert all(c.usage is None for c in chunks[:-1])

    def test_streamed_tool_calls_reassemble(self) -> None:
        script = [
            {
                "tool_calls": [
                    {"name": "search", "arguments": ARGS},
                    {"name": "open", "arguments": {"url": "https://acme.example/about"}},
                ]
            }
        ]
        with ScriptedModelServer(script) as server, openai_client(server) as client:
            stream = client.chat.completions.create(
                model="m", messages=USER, tools=OPENAI_TOOLS, stream=True
            )
            calls: dict[int, dict[str, str]] = {}
            argument_chunks = 0
            finish_reason = None
            for chunk in stream:
                assert chunk.usage is None  # no include_usage, no usage chunk
                choice = chunk.choices[0]
                finish_reason = choice.finish_reason or finish_reason
                for delta in choice.delta.tool_calls or []:
                    call = calls.setdefault(delta.index, {"id": "", "name": "", "arguments": ""})
                    call["id"] += delta.id or ""
                    if delta.function is not None:
                        call["name"] += delta.function.name or ""
                        call["arguments"] += delta.function.arguments or ""
                        argument_chunks += bool(delta.function.arguments)
        assert finish_reason == "tool_calls"
        assert [calls[i]["name"] for i in sorted(calls)] == ["search", "open"]
        assert json.loads(calls[0]["arguments"]) == ARGS
        assert json.loads(calls[1]["arguments"]) == {"url": "https://acme.example/about"}
        assert calls[0]["id"] and calls[0]["id"] != calls[1]["id"]
        assert argument_chunks > 2  # each call's arguments came in several pieces

    def test_usage_numbers(self) -> None:
        script = [
            {"text": "x", "usage": {"input": 1200, "output": 7, "cached": 1024}},
            {"text": "y"},
        ]
        with ScriptedModelServer(script) as server, openai_client(server) as client:
            given = client.chat.completions.create(model="m", messages=USER).usage
            default = client.chat.completions.create(model="m", messages=USER).usage
        assert (given.prompt_tokens, given.completion_tokens, given.total_tokens) == (1200, 7, 1207)
        assert given.prompt_tokens_details.cached_tokens == 1024
        assert default.prompt_tokens > 0 and default.completion_tokens == 1
        assert default.prompt_tokens_details.cached_tokens == 0

    def test_stop_sequences_truncate(self) -> None:
        script = [{"text": REACT_TEXT}, {"text": REACT_TEXT}, {"text": REACT_TEXT}]
        with ScriptedModelServer(script) as server, openai_client(server) as client:
            plain = client.chat.completions.create(model="m", messages=USER, stop=["Observation:"])
            single = client.chat.completions.create(model="m", messages=USER, stop="Action:")
            stream = client.chat.completions.create(
                model="m", messages=USER, stop=["Observation:"], stream=True
            )
            streamed = "".join(c.choices[0].delta.content or "" for c in stream)
            sent = [r["json"]["stop"] for r in server.requests]
        assert plain.choices[0].message.content == "I should search.\nAction: search[Acme]\n"
        assert plain.choices[0].finish_reason == "stop"
        assert single.choices[0].message.content == "I should search.\n"
        assert streamed == "I should search.\nAction: search[Acme]\n"
        assert sent == [["Observation:"], "Action:", ["Observation:"]]

    def test_error_statuses(self) -> None:
        script = [
            {"status": 429, "headers": {"Retry-After": "1"}, "message": "slow down"},
            {"status": 500, "message": "boom"},
            {"status": 503},
            {"status": 400, "message": "bad model"},
        ]
        with ScriptedModelServer(script) as server, openai_client(server) as client:
            with pytest.raises(openai.RateLimitError) as rate:
                client.chat.completions.create(model="m", messages=USER)
            with pytest.raises(openai.InternalServerError) as internal:
                client.chat.completions.create(model="m", messages=USER)
            with pytest.raises(openai.InternalServerError) as unavailable:
                client.chat.completions.create(model="m", messages=USER)
            with pytest.raises(openai.BadRequestError):
                client.chat.completions.create(model="m", messages=USER)
            assert len(server.requests) == 4  # max_retries=0: no retry
        assert rate.value.status_code == 429
        assert rate.value.response.headers["retry-after"] == "1"
        assert "slow down" in str(rate.value)
        assert rate.value.code == "rate_limit_exceeded"
        assert internal.value.status_code == 500
        assert "boom" in str(internal.value)
        assert internal.value.request_id == "req_2"
        assert unavailable.value.status_code == 503

    def test_wrong_key_is_401_and_consumes_nothing(self) -> None:
        with ScriptedModelServer([{"text": "ok"}], api_key="right") as server:
            with (
                openai_client(server, api_key="wrong") as client,
                pytest.raises(openai.AuthenticationError) as err,
            ):
                client.chat.completions.create(model="m", messages=USER)
            assert server.remaining == 1
            with openai_client(server, api_key="right") as client:
                completion = client.chat.completions.create(model="m", messages=USER)
        assert err.value.status_code == 401
        assert err.value.code == "invalid_api_key"
        assert completion.choices[0].message.content == "ok"

    def test_hang_times_out_and_exit_is_prompt(self) -> None:
        with ScriptedModelServer([{"hang": True}]) as server:
            with (
                openai_client(server, timeout=0.3) as client,
                pytest.raises(openai.APITimeoutError),
            ):
                client.chat.completions.create(model="m", messages=USER)
            assert server.remaining == 0
            exiting = time.monotonic()
        assert time.monotonic() - exiting < PROMPT_EXIT_S

    def test_exhausted_script(self) -> None:
        with ScriptedModelServer([]) as server, openai_client(server) as client:
            with pytest.raises(openai.InternalServerError) as err:
                client.chat.completions.create(model="m", messages=USER)
            assert len(server.requests) == 1
        assert err.value.status_code == 500
        assert isinstance(err.value.body, dict)
        assert err.value.body["message"] == EXHAUSTED_MESSAGE

    def test_async_client(self) -> None:
        script = [
            {"text": "async hello"},
            {"tool_calls": [{"name": "search", "arguments": ARGS}]},
            {"text": "streamed async"},
            {"hang": True},
        ]

        async def run(server: ScriptedModelServer) -> tuple[Any, Any, str]:
            async with openai.AsyncOpenAI(
                api_key="k", base_url=server.openai_base_url, max_retries=0, timeout=0.3
            ) as client:
                text = await client.chat.completions.create(model="m", messages=USER)
                tool = await client.chat.completions.create(model="m", messages=USER)
                stream = await client.chat.completions.create(model="m", messages=USER, stream=True)
                streamed = "".join([c.choices[0].delta.content or "" async for c in stream])
                with pytest.raises(openai.APITimeoutError):
                    await client.chat.completions.create(model="m", messages=USER)
            return text, tool, streamed

        with ScriptedModelServer(script) as server:
            text, tool, streamed = asyncio.run(run(server))
            exiting = time.monotonic()
        assert time.monotonic() - exiting < PROMPT_EXIT_S
        assert text.choices[0].message.content == "async hello"
        assert json.loads(tool.choices[0].message.tool_calls[0].function.arguments) == ARGS
        assert streamed == "streamed async"


# --- Anthropic messages --------------------------------------------------------------


def anthropic_client(server: ScriptedModelServer, **kwargs: Any) -> Any:
    kwargs.setdefault("api_key", "k")
    return anthropic.Anthropic(base_url=server.url, max_retries=0, **kwargs)


def create(client: Any, **kwargs: Any) -> Any:
    return client.messages.create(model="claude-test", max_tokens=256, messages=USER, **kwargs)


@needs_anthropic
class TestAnthropic:
    def test_text_reply_and_recorded_request(self) -> None:
        with (
            ScriptedModelServer([{"text": "Acme was founded by Ada."}]) as server,
            anthropic_client(server) as client,
        ):
            message = create(client, system="Be brief.")
            [request] = server.requests
        assert message.type == "message"
        assert message.role == "assistant"
        assert [(b.type, b.text) for b in message.content] == [("text", "Acme was founded by Ada.")]
        assert message.stop_reason == "end_turn"
        assert message.stop_sequence is None
        assert request["path"] == "/v1/messages"
        assert request["json"]["system"] == "Be brief."
        assert request["json"]["messages"] == USER
        assert header(request, "anthropic-version")

    def test_tool_use_round_trip(self) -> None:
        script = [
            {
                "text": "Searching.",
                "tool_calls": [
                    {"name": "search", "arguments": ARGS, "id": "toolu_1"},
                    {"name": "search", "arguments": '{"query": "from a string"}'},
                    {"name": "open", "arguments": "not json at all"},
                ],
            }
        ]
        with ScriptedModelServer(script) as server, anthropic_client(server) as client:
            message = create(client, tools=ANTHROPIC_TOOLS)
            [request] = server.requests
        text, first, second, third = message.content
        assert (text.type, text.text) == ("text", "Searching.")
        assert (first.type, first.id, first.name, first.input) == (
            "tool_use",
            "toolu_1",
            "search",
            ARGS,
        )
        assert second.input == {"query": "from a string"}
        assert third.input == {"_raw": "not json at all"}
        assert len({first.id, second.id, third.id}) == 3
        assert message.stop_reason == "tool_use"
        assert request["json"]["tools"] == ANTHROPIC_TOOLS

    def test_empty_reply(self) -> None:
        with ScriptedModelServer([{"empty": True}]) as server, anthropic_client(server) as client:
            message = create(client)
        assert message.content == []
        assert message.stop_reason == "end_turn"

    def test_streamed_text(self) -> None:
        text = "Acme Robotics was founded by Ada Lovelace in 1843."
        script = [{"text": text, "usage": {"input": 40, "output": 12, "cached": 32}}]
        with (
            ScriptedModelServer(script) as server,
            anthropic_client(server) as client,
            client.messages.stream(model="claude-test", max_tokens=256, messages=USER) as stream,
        ):
            pieces = list(stream.text_stream)
            final = stream.get_final_message()
        assert len(pieces) > 1
        assert "".join(pieces) == text
        assert [(b.type, b.text) for b in final.content] == [("text", text)]
        assert final.stop_reason == "end_turn"
        assert final.usage.input_tokens == 40
        assert final.usage.output_tokens == 12
        assert final.usage.cache_read_input_tokens == 32

    def test_streamed_tool_use_reassembles(self) -> None:
        script = [
            {
                "text": "Let me look.",
                "tool_calls": [
                    {"name": "search", "arguments": ARGS},
                    {"name": "open", "arguments": {"url": "https://acme.example/about"}},
                ],
            }
        ]
        with (
            ScriptedModelServer(script) as server,
            anthropic_client(server) as client,
            client.messages.stream(
                model="claude-test", max_tokens=256, messages=USER, tools=ANTHROPIC_TOOLS
            ) as stream,
        ):
            final = stream.get_final_message()
        text, first, second = final.content
        assert text.text == "Let me look."
        assert (first.type, first.name, first.input) == ("tool_use", "search", ARGS)
        assert (second.name, second.input) == ("open", {"url": "https://acme.example/about"})
        assert final.stop_reason == "tool_use"

    def test_streamed_raw_arguments_are_sent_verbatim(self) -> None:
        raw = '{"query": "unterminated'
        with (
            ScriptedModelServer([{"tool_calls": [{"name": "search", "arguments": raw}]}]) as server,
            anthropic_client(server) as client,
        ):
            events = list(create(client, stream=True))
        names = [e.type for e in events]
        assert names[0] == "message_start" and names[-2:] == ["message_delta", "message_stop"]
        partial = [e.delta.partial_json for e in events if e.type == "content_block_delta"]
        assert len(partial) > 1
        assert "".join(partial) == raw

    def test_usage_numbers(self) -> None:
        script = [
            {"text": "x", "usage": {"input": 200, "output": 7, "cached": 1024}},
            {"text": "y"},
        ]
        with ScriptedModelServer(script) as server, anthropic_client(server) as client:
            given = create(client).usage
            default = create(client).usage
        assert (given.input_tokens, given.output_tokens) == (200, 7)
        assert given.cache_read_input_tokens == 1024
        assert given.cache_creation_input_tokens == 0
        assert default.input_tokens > 0 and default.output_tokens == 1
        assert default.cache_read_input_tokens == 0

    def test_stop_sequences_truncate(self) -> None:
        script = [{"text": REACT_TEXT}, {"text": REACT_TEXT}]
        with ScriptedModelServer(script) as server, anthropic_client(server) as client:
            plain = create(client, stop_sequences=["Observation:", "Thought:"])
            with client.messages.stream(
                model="claude-test",
                max_tokens=256,
                messages=USER,
                stop_sequences=["Observation:"],
            ) as stream:
                streamed = stream.get_final_message()
            sent = [r["json"]["stop_sequences"] for r in server.requests]
        for message in (plain, streamed):
            assert message.content[0].text == "I should search.\nAction: search[Acme]\n"
            assert message.stop_reason == "stop_sequence"
            assert message.stop_sequence == "Observation:"
        assert sent == [["Observation:", "Thought:"], ["Observation:"]]

    def test_error_statuses(self) -> None:
        script = [
            {"status": 429, "headers": {"Retry-After": "1"}, "message": "slow down"},
            {"status": 500, "message": "boom"},
            {"status": 503, "message": "busy"},
            {"status": 400, "message": "bad request"},
        ]
        with ScriptedModelServer(script) as server, anthropic_client(server) as client:
            with pytest.raises(anthropic.RateLimitError) as rate:
                create(client)
            with pytest.raises(anthropic.InternalServerError) as internal:
                create(client)
            with pytest.raises(anthropic.InternalServerError) as overloaded:
                create(client)
            with pytest.raises(anthropic.BadRequestError) as bad:
                create(client)
            assert len(server.requests) == 4  # max_retries=0: no retry
        assert rate.value.status_code == 429
        assert rate.value.response.headers["retry-after"] == "1"
        assert rate.value.body == {
            "type": "error",
            "error": {"type": "rate_limit_error", "message": "slow down"},
        }
        assert internal.value.status_code == 500
        assert internal.value.body["error"] == {"type": "api_error", "message": "boom"}
        assert internal.value.request_id == "req_2"
        assert overloaded.value.status_code == 503
        assert overloaded.value.body["error"]["type"] == "overloaded_error"
        assert bad.value.body["error"]["type"] == "invalid_request_error"

    def test_wrong_key_is_401_and_consumes_nothing(self) -> None:
        with ScriptedModelServer([{"text": "ok"}], api_key="right") as server:
            with (
                anthropic_client(server, api_key="wrong") as client,
                pytest.raises(anthropic.AuthenticationError) as err,
            ):
                create(client)
            assert server.remaining == 1
            with anthropic_client(server, api_key="right") as client:
                message = create(client)
        assert err.value.status_code == 401
        assert err.value.body["error"]["type"] == "authentication_error"
        assert message.content[0].text == "ok"

    def test_hang_times_out_and_exit_is_prompt(self) -> None:
        with ScriptedModelServer([{"hang": True}]) as server:
            with (
                anthropic_client(server, timeout=0.3) as client,
                pytest.raises(anthropic.APITimeoutError),
            ):
                create(client)
            exiting = time.monotonic()
        assert time.monotonic() - exiting < PROMPT_EXIT_S

    def test_exhausted_script(self) -> None:
        with (
            ScriptedModelServer([{"text": "only one"}]) as server,
            anthropic_client(server) as client,
        ):
            create(client)
            with pytest.raises(anthropic.InternalServerError) as err:
                create(client)
            assert len(server.requests) == 2
        assert err.value.status_code == 500
        assert err.value.body["error"]["message"] == EXHAUSTED_MESSAGE

    def test_async_client(self) -> None:
        script = [
            {"text": "async hello"},
            {"tool_calls": [{"name": "search", "arguments": ARGS}]},
            {"hang": True},
        ]

        async def run(server: ScriptedModelServer) -> tuple[Any, Any]:
            async with anthropic.AsyncAnthropic(
                api_key="k", base_url=server.url, max_retries=0, timeout=0.3
            ) as client:
                text = await client.messages.create(
                    model="claude-test", max_tokens=256, messages=USER
                )
                async with client.messages.stream(
                    model="claude-test", max_tokens=256, messages=USER
                ) as stream:
                    tool = await stream.get_final_message()
                with pytest.raises(anthropic.APITimeoutError):
                    await client.messages.create(model="claude-test", max_tokens=256, messages=USER)
            return text, tool

        with ScriptedModelServer(script) as server:
            text, tool = asyncio.run(run(server))
            exiting = time.monotonic()
        assert time.monotonic() - exiting < PROMPT_EXIT_S
        assert text.content[0].text == "async hello"
        assert (tool.content[0].name, tool.content[0].input) == ("search", ARGS)


# --- both providers and plain HTTP ---------------------------------------------------


@needs_openai
@needs_anthropic
def test_one_queue_is_shared_in_order() -> None:
    with (
        ScriptedModelServer([{"text": "first"}, {"text": "second"}, {"text": "third"}]) as server,
        openai_client(server) as oai,
        anthropic_client(server) as claude,
    ):
        a = oai.chat.completions.create(model="m", messages=USER).choices[0].message.content
        b = create(claude).content[0].text
        c = oai.chat.completions.create(model="m", messages=USER).choices[0].message.content
        paths = [r["path"] for r in server.requests]
    assert (a, b, c) == ("first", "second", "third")
    assert paths == ["/v1/chat/completions", "/v1/messages", "/v1/chat/completions"]


def test_unknown_path_is_404_and_consumes_nothing() -> None:
    with ScriptedModelServer([{"text": "kept"}]) as server:
        status, _, body = raw_request(server, "/v1/completions", b"{}")
        get_status, _, _ = raw_request(server, "/v1/chat/completions", method="GET")
        assert server.remaining == 1
        assert [r["path"] for r in server.requests] == ["/v1/completions", "/v1/chat/completions"]
    assert (status, get_status) == (404, 404)
    assert "no route" in body["error"]["message"]


def test_malformed_json_is_400_in_each_providers_shape() -> None:
    with ScriptedModelServer([{"text": "kept"}]) as server:
        openai_status, _, openai_body = raw_request(server, "/v1/chat/completions", b"{nope")
        claude_status, _, claude_body = raw_request(server, "/v1/messages", b"[1, 2]")
        assert server.remaining == 1
        assert [r["json"] for r in server.requests] == [None, [1, 2]]
    assert openai_status == claude_status == 400
    assert openai_body["error"]["type"] == "invalid_request_error"
    assert set(openai_body["error"]) >= {"message", "type", "code"}
    assert claude_body["type"] == "error"
    assert claude_body["error"]["type"] == "invalid_request_error"


def test_anthropic_accepts_x_api_key() -> None:
    body = json.dumps({"model": "m", "max_tokens": 5, "messages": USER}).encode()
    with ScriptedModelServer([{"text": "ok"}], api_key="secret") as server:
        denied, _, _ = raw_request(server, "/v1/messages", body, headers={"x-api-key": "nope"})
        status, headers, message = raw_request(
            server, "/v1/messages", body, headers={"x-api-key": "secret"}
        )
        # An OpenAI request must use a bearer token.
        openai_denied, _, _ = raw_request(
            server, "/v1/chat/completions", body, headers={"x-api-key": "secret"}
        )
    assert (denied, status, openai_denied) == (401, 200, 401)
    assert headers["Content-Type"] == "application/json"
    assert message["content"] == [{"type": "text", "text": "ok"}]


def test_entry_latency_delays_the_answer() -> None:
    body = json.dumps({"model": "m", "messages": USER}).encode()
    with ScriptedModelServer([{"text": "slow", "latency_s": 0.2}, {"text": "fast"}]) as server:
        started = time.monotonic()
        raw_request(server, "/v1/chat/completions", body)
        slow = time.monotonic() - started
    assert slow >= 0.2


@pytest.mark.parametrize(
    "entry",
    [
        {},
        {"text": 3},
        {"text": "a", "status": 500},
        {"hang": True, "empty": True},
        {"tool_calls": []},
        {"tool_calls": [{"arguments": {}}]},
        {"tool_calls": [{"name": "search", "arguments": 3}]},
        {"status": 200},
        {"status": 429, "headers": {"Retry-After": 1}},
        {"text": "a", "usage": {"prompt": 3}},
        {"text": "a", "message": "only with status"},
        {"text": "a", "latency_s": -1},
        {"txt": "typo"},
    ],
)
def test_bad_script_entries_are_rejected(entry: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="script entry 0"):
        ScriptedModelServer([entry])


def test_url_needs_a_running_server() -> None:
    server = ScriptedModelServer([])
    with pytest.raises(RuntimeError):
        _ = server.url
    with server:
        assert server.url.startswith("http://127.0.0.1:")
        assert server.openai_base_url == server.url + "/v1"
    with pytest.raises(RuntimeError):
        _ = server.url
