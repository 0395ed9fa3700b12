"""An in-process model backend: a Python function in, the provider's reply out, no HTTP.

`InProcessModel` is the in-process twin of `ScriptedModelServer`: the same script
entries (or a ``responder(provider, body)`` computing each one), answered with the very
response bodies the server would send, but handed over by a function call instead of a
socket. Its `InProcessModel.backend` is a real `sleuth.models.Backend`: it renders each
request with the OpenAI or Anthropic backend's own ``request``, passes the body through
JSON exactly as it would go on the wire, and reads the answer back with that backend's
own ``reply`` (a streamed answer through its own stream assembler), so a run through it
takes the same prompt rendering, decoding, retry bookkeeping and runtime path as a run
over HTTP; only the transport differs::

    model = InProcessModel([{"text": "Thought: ...\\nAction: search\\nAction Input: {}"}])
    result = run(Task("Who founded Acme Robotics?"), load_corpus("acme"),
                 model.policy("anthropic", "react"))
    assert model.remaining == 0 and model.requests[0]["json"]["stop_sequences"]

Use it for tests that need a model's replies; keep `ScriptedModelServer` for what only
a wire shows (HTTP errors and retries, hangs and timeouts, cut-off replies, credentials,
the SDKs' transports and streaming parsers). Entries of those kinds (``status``,
``hang``, ``cut``, ``latency_s``, ``headers``) are refused here with a `ValueError`.

A request past the end of the script raises `ScriptExhausted`, which no backend counts
as a provider error: it leaves the run at once (the HTTP server answers a 500 instead,
which is retried), so a transcript that is too short fails its test loudly.
"""

from __future__ import annotations

import copy
import inspect
import json
import sys
import threading
from collections import deque
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, Final

from sleuth.models.policy import ModelPolicy
from sleuth.models.prompt import Protocol
from sleuth.models.retry import Failure, RetryPolicy, classify_sdk_error
from sleuth.models.sdk import json_object, wire_json
from sleuth.result import Usage
from sleuth.state import RunState
from sleuth.testing.model_server import (
    ANTHROPIC_PATH,
    EXHAUSTED_MESSAGE,
    OPENAI_PATH,
    Provider,
    _anthropic_events,
    _anthropic_message,
    _openai_chunks,
    _openai_completion,
    _validate_entry,
    scripted_reply,
)

__all__ = ["InProcessBackend", "InProcessModel", "ScriptExhausted", "Transport"]

# What an `InProcessBackend` calls for each turn: the exact request body in, and out the
# provider's response body (a dict), or for a streamed request its chunks (OpenAI) or
# event payloads (Anthropic), in order; a coroutine of either for async transports.
Transport = Callable[[dict[str, Any]], Any]

_WIRE_ONLY: Final = frozenset({"status", "hang", "cut", "latency_s", "headers"})


class ScriptExhausted(AssertionError):
    """A request came after the last script entry: the transcript is too short."""


class InProcessBackend:
    """A `sleuth.models.Backend` whose transport is ``transport(body)``.

    ``provider`` picks whose backend renders the requests and reads the replies
    (`sleuth.models.openai_chat.OpenAIChat` or
    `sleuth.models.anthropic_messages.AnthropicMessages`, with their default settings);
    ``stream`` asks for streamed replies, which the transport returns as the list of
    chunks or events and the provider's own assembler adds up. That backend is made
    without its SDK connection (no SDK client, no TLS context: about 70 ms each), which a
    `_LocalConnection` stands in for; a transport that raises an SDK's own error (a
    429, say) has it classified by that SDK, as over HTTP."""

    def __init__(
        self,
        provider: Provider,
        transport: Transport,
        *,
        model: str = "in-process-model",
        stream: bool = False,
    ) -> None:
        self.wire = _wire_backend(provider, model, stream)
        self.provider: str = provider
        self.model = model
        self.transport = transport

    def request(self, state: RunState, protocol: Protocol) -> dict[str, Any]:
        body: dict[str, Any] = self.wire.request(state, protocol)
        return body

    def send(self, body: dict[str, Any], timeout: float) -> dict[str, Any]:
        answer = self.transport(_on_the_wire(body))
        if inspect.isawaitable(answer):
            if inspect.iscoroutine(answer):
                answer.close()  # never awaited: say so here, not in a warning
            raise TypeError("an async transport serves async runs only (arun)")
        return self._received(body, answer)

    async def asend(self, body: dict[str, Any], timeout: float) -> dict[str, Any]:
        answer = self.transport(_on_the_wire(body))
        if inspect.isawaitable(answer):
            answer = await answer
        return self._received(body, answer)

    async def aclose(self) -> None:
        return None

    def reply(self, response: dict[str, Any]) -> tuple[Any, Usage]:
        reply: tuple[Any, Usage] = self.wire.reply(response)
        return reply

    def classify(self, exc: BaseException) -> Failure | None:
        failure: Failure | None = self.wire.classify(exc)
        return failure

    def redact(self, text: str) -> str:
        redacted: str = self.wire.redact(text)
        return redacted

    def _received(self, body: dict[str, Any], answer: Any) -> dict[str, Any]:
        if body.get("stream") is not True:
            if not isinstance(answer, Mapping):
                raise TypeError(f"the transport must return a response body, not {answer!r}")
            return json_object(json.dumps(answer))  # what a client would parse off the wire
        pieces = [json.loads(json.dumps(piece)) for piece in answer]
        if self.provider == "openai":
            from sleuth.models.openai_chat import assemble_stream as openai_stream

            return openai_stream(pieces)
        from sleuth.models.anthropic_messages import assemble_stream as anthropic_stream

        return anthropic_stream(pieces)


class _LocalConnection:
    """What a backend's `SdkConnection` does that matters with no connection: classify
    errors and redact (there is no key to redact). An SDK's own errors can only come from
    a transport that imported that SDK, so it is looked up, never imported, here."""

    def __init__(self, module: str, key_variable: str) -> None:
        self.module, self.key_variable = module, key_variable

    def classify(self, exc: BaseException) -> Failure | None:
        if isinstance(exc, ScriptExhausted):
            return None
        sdk = sys.modules.get(self.module) or _NoSdk
        return classify_sdk_error(sdk, exc, self.key_variable)

    def redact(self, text: str) -> str:
        return text


class _NoSdk:
    """An SDK with no errors of its own, for classifying without the SDK imported."""

    class APIConnectionError(Exception): ...

    class APITimeoutError(APIConnectionError): ...

    class APIStatusError(Exception): ...


def _wire_backend(provider: Provider, model: str, stream: bool) -> Any:
    """The provider's backend with its default settings and a `_LocalConnection`."""
    from sleuth.models.anthropic_messages import AnthropicMessages
    from sleuth.models.openai_chat import OpenAIChat

    kinds: dict[str, type[OpenAIChat | AnthropicMessages]] = {
        "openai": OpenAIChat,
        "anthropic": AnthropicMessages,
    }
    if provider not in kinds:
        raise ValueError(f"provider must be 'openai' or 'anthropic', not {provider!r}")
    cls = kinds[provider]
    wire: Any = object.__new__(cls)
    settings = inspect.signature(cls.__init__).parameters
    wire.model, wire.stream = model, stream
    wire.connection = _LocalConnection(cls.SDK.module, cls.SDK.key_variable)
    wire.max_tokens = settings["max_tokens"].default
    wire.temperature = settings["temperature"].default
    return wire


def _on_the_wire(body: dict[str, Any]) -> dict[str, Any]:
    """The body as the server would parse it: a private copy, through the wire's JSON."""
    parsed: dict[str, Any] = json.loads(wire_json(body))
    return parsed


class InProcessModel:
    """Answers model requests from a script, in process (see the module docstring).

    ``script`` is a list of `ScriptedModelServer` reply entries (``text``,
    ``tool_calls``, ``empty``, with optional ``usage``), consumed in order by every
    backend made from this model; ``responder(provider, body)``, when given, returns each
    request's entry instead (for concurrent runs, whose turns interleave). Every request
    is recorded in `requests`."""

    def __init__(
        self,
        script: Sequence[Mapping[str, Any]] = (),
        *,
        model: str = "scripted-model",
        responder: Callable[[str, dict[str, Any]], Mapping[str, Any]] | None = None,
    ) -> None:
        self._script: deque[dict[str, Any]] = deque(
            _reply_entry(i, entry) for i, entry in enumerate(script)
        )
        self.model = model
        self.responder = responder
        self._lock = threading.Lock()
        self._requests: list[dict[str, Any]] = []
        self._counter = 0

    @property
    def requests(self) -> list[dict[str, Any]]:
        """Every request answered or refused, in order: ``{"path", "json"}``, the path
        the HTTP server would have been asked on and the parsed body."""
        with self._lock:
            return copy.deepcopy(self._requests)

    @property
    def remaining(self) -> int:
        """How many script entries are not yet consumed."""
        with self._lock:
            return len(self._script)

    def backend(
        self, provider: Provider, *, stream: bool = False, model: str = "in-process-model"
    ) -> InProcessBackend:
        """A backend for ``provider`` answered by this model."""
        return InProcessBackend(
            provider, lambda body: self.respond(provider, body), model=model, stream=stream
        )

    def policy(
        self,
        provider: Provider = "openai",
        protocol: Protocol = "tools",
        *,
        stream: bool = False,
        model: str = "in-process-model",
        retry: RetryPolicy | None = None,
        sleep: Callable[[float], None] | None = None,
        asleep: Callable[[float], Awaitable[None]] | None = None,
    ) -> ModelPolicy:
        """A `ModelPolicy` over `backend` (``sleep`` / ``asleep`` as `ModelPolicy` takes)."""
        extra: dict[str, Any] = {}
        if sleep is not None:
            extra["sleep"] = sleep
        if asleep is not None:
            extra["asleep"] = asleep
        chosen = self.backend(provider, stream=stream, model=model)
        return ModelPolicy(chosen, protocol, retry=retry, **extra)

    def respond(self, provider: Provider, body: dict[str, Any]) -> Any:
        """The response ``provider``'s server would send to ``body``: a response body, or
        the list of stream chunks (OpenAI) / event payloads (Anthropic) when it streams."""
        with self._lock:
            path = OPENAI_PATH if provider == "openai" else ANTHROPIC_PATH
            self._requests.append({"path": path, "json": copy.deepcopy(body)})
            self._counter += 1
            serial = self._counter
            entry = None
            if self.responder is None:
                entry = self._script.popleft() if self._script else None
        if self.responder is not None:
            entry = _reply_entry(serial, self.responder(provider, body))
        if entry is None:
            raise ScriptExhausted(f"{EXHAUSTED_MESSAGE} (request {serial})")
        reply = scripted_reply(provider, body, entry, serial)
        stream = body.get("stream") is True
        if provider == "openai":
            ident = f"chatcmpl-scripted-{serial}"
            if not stream:
                return _openai_completion(reply, ident=ident, model=self.model)
            options = body.get("stream_options")
            usage = isinstance(options, dict) and options.get("include_usage") is True
            return list(_openai_chunks(reply, ident=ident, model=self.model, include_usage=usage))
        ident = f"msg_scripted_{serial}"
        if not stream:
            return _anthropic_message(reply, ident=ident, model=self.model)
        return [event for _, event in _anthropic_events(reply, ident=ident, model=self.model)]


def _reply_entry(index: int, entry: Mapping[str, Any]) -> dict[str, Any]:
    checked = _validate_entry(index, entry)
    wire = sorted(_WIRE_ONLY & checked.keys())
    if wire:
        raise ValueError(
            f"script entry {index}: {', '.join(wire)} is wire behaviour, which only "
            f"ScriptedModelServer plays: {dict(entry)!r}"
        )
    return checked
