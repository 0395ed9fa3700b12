"""A scripted model server: real HTTP on loopback, speaking two providers' wire protocols.

`ScriptedModelServer` answers ``POST /v1/chat/completions`` (OpenAI chat completions) and
``POST /v1/messages`` (Anthropic messages), streaming or not, from a script of canned
replies, so code that uses the real ``openai`` and ``anthropic`` SDKs can be tested over
real HTTP with no patched transport::

    with ScriptedModelServer([{"text": "Hello"}]) as server:
        client = openai.OpenAI(api_key="k", base_url=server.openai_base_url, max_retries=0)
        client = anthropic.Anthropic(api_key="k", base_url=server.url, max_retries=0)

Both endpoints consume one shared queue of script entries, in order; every request, of any
kind, is recorded in `ScriptedModelServer.requests`.

Script entries (all keys optional unless stated; exactly one of the first five kinds):

``{"text": str}``
    An assistant reply with text content.
``{"tool_calls": [{"name": str, "arguments": dict | str, "id": str}], "text": str}``
    Native tool calls (OpenAI ``tool_calls``; Anthropic ``tool_use`` blocks after an
    optional text block). ``arguments`` defaults to ``{}``; a dict is sent as its JSON, a
    string is sent verbatim (it may be invalid JSON) as OpenAI ``function.arguments`` and
    as the Anthropic streaming ``input_json_delta`` pieces. A non-streaming Anthropic
    ``input`` must be an object: a string that parses to a JSON object is sent as that
    object, any other string as ``{"_raw": "<the string>"}``. ``id`` defaults to
    ``call_scripted_<n>`` (OpenAI) or ``toolu_scripted_<n>`` (Anthropic).
``{"empty": True}``
    An assistant reply with empty content and no tool calls (OpenAI ``content: ""``,
    Anthropic ``content: []``).
``{"status": int, "headers": {...}, "message": str, "error_type": str}``
    An error response (400-599) in the provider's error shape; ``headers`` (e.g.
    ``{"Retry-After": "1"}``) are sent with it. ``error_type`` overrides the error's
    ``type`` (defaults by status: see `_OPENAI_ERROR_TYPES`, `_ANTHROPIC_ERROR_TYPES`).
``{"hang": True}``
    Never answer: the handler waits until the server stops, then closes the connection
    without a response, so the client's own timeout ends the request.

Optional on a reply: ``"cut": True`` sends the response only in part (half the JSON body,
or the first stream event) and then drops the connection, as a server that dies mid-reply.

Optional on any entry: ``"latency_s"`` (seconds to wait before answering; overrides the
server's ``latency_s``) and ``"headers"`` (extra response headers). Optional on replies:
``"usage": {"input": int, "output": int, "cached": int}``. The numbers are reported as
given, with no conversion between the providers' conventions (OpenAI counts cached tokens
inside ``prompt_tokens``; Anthropic reports ``cache_read_input_tokens`` beside
``input_tokens``). Defaults: ``input`` is the length of the request's JSON-encoded
messages (and system prompt) / 4, ``output`` the length of the reply's text and tool
calls / 4, ``cached`` 0.

Stop sequences: when the request has ``stop`` (OpenAI: a string or a list) or
``stop_sequences`` (Anthropic) and the scripted text contains one, the text is cut before
the stop sequence that completes first, as real servers do (OpenAI ``finish_reason``
``"stop"``; Anthropic ``stop_reason`` ``"stop_sequence"`` with ``stop_sequence`` set).
Tool calls are never truncated, and when there are any they decide the finish reason
(``"tool_calls"`` / ``"tool_use"``, Anthropic ``stop_sequence`` null).

Other behaviour:

* When the script is exhausted, a request gets a 500 whose message is
  `EXHAUSTED_MESSAGE`.
* With ``api_key`` set, OpenAI requests must carry ``Authorization: Bearer <key>`` and
  Anthropic requests ``x-api-key: <key>`` or ``Authorization: Bearer <key>`` (the
  installed ``anthropic`` SDK sends its ``api_key`` as a bearer token); otherwise the
  reply is a 401 in the provider's shape and no script entry is consumed.
* A body that is not a JSON object gets a 400 in the provider's shape and consumes no
  script entry. Any other method or path gets a 404 JSON error.
* Responses carry ``x-request-id`` (OpenAI) or ``request-id`` (Anthropic). Non-streaming
  responses have a ``Content-Length`` and keep the connection alive; streams use chunked
  transfer encoding.
* Nothing is logged to stderr.
"""

from __future__ import annotations

import contextlib
import copy
import json
import socket
import socketserver
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any, Final, Literal, cast

__all__ = ["EXHAUSTED_MESSAGE", "ScriptedModelServer"]

EXHAUSTED_MESSAGE: Final = "scripted model server: script exhausted"

OPENAI_PATH: Final = "/v1/chat/completions"
ANTHROPIC_PATH: Final = "/v1/messages"

Provider = Literal["openai", "anthropic"]

_KINDS: Final = ("text", "tool_calls", "empty", "status", "hang")
_ENTRY_KEYS: Final = frozenset(
    {*_KINDS, "headers", "message", "error_type", "usage", "latency_s", "cut"}
)
_USAGE_KEYS: Final = frozenset({"input", "output", "cached"})
_TOOL_CALL_KEYS: Final = frozenset({"name", "arguments", "id"})

_OPENAI_ERROR_TYPES: Final[Mapping[int, tuple[str, str | None]]] = {
    400: ("invalid_request_error", None),
    401: ("invalid_request_error", "invalid_api_key"),
    403: ("invalid_request_error", "unsupported_country_region_territory"),
    404: ("invalid_request_error", "not_found"),
    429: ("requests", "rate_limit_exceeded"),
}
_ANTHROPIC_ERROR_TYPES: Final[Mapping[int, str]] = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    503: "overloaded_error",
    504: "timeout_error",
    529: "overloaded_error",
}

# How many pieces a streamed text or tool-call argument string is split into (at most).
_STREAM_PIECES: Final = 3
# How long `__exit__` waits for the server's threads, in all.
_JOIN_TIMEOUT_S: Final = 5.0


# --- script entries ------------------------------------------------------------------


def _validate_entry(index: int, entry: Mapping[str, Any]) -> dict[str, Any]:
    """Check one script entry and return a private deep copy of it."""

    def fail(why: str) -> ValueError:
        return ValueError(f"script entry {index}: {why}: {entry!r}")

    if not isinstance(entry, Mapping):
        raise fail("must be a mapping")
    unknown = set(entry) - _ENTRY_KEYS
    if unknown:
        raise fail(f"unknown keys {sorted(unknown)}")
    kinds = [kind for kind in _KINDS if kind in entry]
    if not kinds:
        raise fail(f"needs one of {list(_KINDS)}")
    if len(kinds) > 1 and set(kinds) != {"text", "tool_calls"}:
        raise fail(f"{kinds} cannot be combined")
    if "text" in entry and not isinstance(entry["text"], str):
        raise fail("'text' must be a string")
    if "empty" in entry and entry["empty"] is not True:
        raise fail("'empty' must be True")
    if "hang" in entry and entry["hang"] is not True:
        raise fail("'hang' must be True")
    if "tool_calls" in entry:
        calls = entry["tool_calls"]
        if not isinstance(calls, Sequence) or isinstance(calls, str) or not calls:
            raise fail("'tool_calls' must be a non-empty list")
        for call in calls:
            if not isinstance(call, Mapping) or set(call) - _TOOL_CALL_KEYS:
                raise fail(f"a tool call may only have keys {sorted(_TOOL_CALL_KEYS)}")
            if not isinstance(call.get("name"), str) or not call["name"]:
                raise fail("a tool call needs a non-empty string 'name'")
            if not isinstance(call.get("arguments", {}), Mapping | str):
                raise fail("tool call 'arguments' must be a dict or a string")
            if "id" in call and not isinstance(call["id"], str):
                raise fail("tool call 'id' must be a string")
    if "status" in entry:
        status = entry["status"]
        if not isinstance(status, int) or isinstance(status, bool) or not 400 <= status <= 599:
            raise fail("'status' must be an int from 400 to 599")
    elif "message" in entry or "error_type" in entry:
        raise fail("'message' and 'error_type' need 'status'")
    for key in ("message", "error_type"):
        if key in entry and not isinstance(entry[key], str):
            raise fail(f"{key!r} must be a string")
    headers = entry.get("headers", {})
    if not isinstance(headers, Mapping) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in headers.items()
    ):
        raise fail("'headers' must map strings to strings")
    usage = entry.get("usage", {})
    if not isinstance(usage, Mapping) or set(usage) - _USAGE_KEYS:
        raise fail(f"'usage' may only have keys {sorted(_USAGE_KEYS)}")
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in usage.values()):
        raise fail("'usage' values must be non-negative ints")
    latency = entry.get("latency_s", 0.0)
    if not isinstance(latency, int | float) or isinstance(latency, bool) or latency < 0:
        raise fail("'latency_s' must be a non-negative number")
    if "cut" in entry and (entry["cut"] is not True or "status" in entry or "hang" in entry):
        raise fail("'cut' must be True, on a reply")
    return copy.deepcopy(dict(entry))


@dataclass(frozen=True)
class _ToolCall:
    id: str
    name: str
    arguments: Mapping[str, Any] | str

    @property
    def arguments_json(self) -> str:
        """The arguments as sent on the wire: a dict as JSON, a string verbatim."""
        if isinstance(self.arguments, str):
            return self.arguments
        return json.dumps(self.arguments)

    @property
    def anthropic_input(self) -> dict[str, Any]:
        """A non-streaming Anthropic ``input``, which must be an object."""
        if not isinstance(self.arguments, str):
            return dict(self.arguments)
        try:
            parsed = json.loads(self.arguments)
        except ValueError:
            parsed = None
        return parsed if isinstance(parsed, dict) else {"_raw": self.arguments}


@dataclass(frozen=True)
class _Usage:
    input: int
    output: int
    cached: int


@dataclass(frozen=True)
class _Reply:
    """A scripted reply, with stop sequences applied."""

    text: str
    tool_calls: tuple[_ToolCall, ...]
    stop_sequence: str | None  # the stop sequence that cut the text, if any
    usage: _Usage


def _stop_sequences(provider: Provider, body: Mapping[str, Any]) -> list[str]:
    raw = body.get("stop") if provider == "openai" else body.get("stop_sequences")
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list):
        return []
    return [s for s in raw if isinstance(s, str) and s]


def _truncate(text: str, stops: Sequence[str]) -> tuple[str, str | None]:
    """Cut `text` before the stop sequence that a generating model would complete first."""
    best: tuple[tuple[int, int], str] | None = None
    for stop in stops:
        start = text.find(stop)
        if start < 0:
            continue
        key = (start + len(stop), start)
        if best is None or key < best[0]:
            best = (key, stop)
    if best is None:
        return text, None
    (_, start), stop = best
    return text[:start], stop


def _prompt_chars(provider: Provider, body: Mapping[str, Any]) -> int:
    chars = len(json.dumps(body.get("messages", [])))
    if provider == "anthropic" and "system" in body:
        system = body["system"]
        chars += len(system) if isinstance(system, str) else len(json.dumps(system))
    return chars


def _pieces(text: str, count: int = _STREAM_PIECES) -> list[str]:
    """Split `text` into at most `count` non-empty pieces (none for an empty text)."""
    if not text:
        return []
    size = -(-len(text) // count)
    return [text[i : i + size] for i in range(0, len(text), size)]


# --- wire formats --------------------------------------------------------------------


def _openai_error(status: int, message: str, error_type: str | None = None) -> dict[str, Any]:
    default_type, code = _OPENAI_ERROR_TYPES.get(
        status, ("server_error", None) if status >= 500 else ("invalid_request_error", None)
    )
    return {
        "error": {
            "message": message,
            "type": error_type or default_type,
            "param": None,
            "code": code,
        }
    }


def _anthropic_error(status: int, message: str, error_type: str | None = None) -> dict[str, Any]:
    default_type = _ANTHROPIC_ERROR_TYPES.get(
        status, "api_error" if status >= 500 else "invalid_request_error"
    )
    return {"type": "error", "error": {"type": error_type or default_type, "message": message}}


def _error_body(
    provider: Provider | None, status: int, message: str, error_type: str | None = None
) -> dict[str, Any]:
    if provider == "openai":
        return _openai_error(status, message, error_type)
    if provider == "anthropic":
        return _anthropic_error(status, message, error_type)
    # Unknown path: a shape that both SDKs read a message and a type from.
    return {"type": "error", "error": {"type": error_type or "not_found_error", "message": message}}


def _openai_usage(usage: _Usage) -> dict[str, Any]:
    return {
        "prompt_tokens": usage.input,
        "completion_tokens": usage.output,
        "total_tokens": usage.input + usage.output,
        "prompt_tokens_details": {"cached_tokens": usage.cached},
    }


def _anthropic_usage(usage: _Usage, *, output: int | None = None) -> dict[str, Any]:
    return {
        "input_tokens": usage.input,
        "output_tokens": usage.output if output is None else output,
        "cache_read_input_tokens": usage.cached,
        "cache_creation_input_tokens": 0,
    }


def _openai_completion(reply: _Reply, *, ident: str, model: str) -> dict[str, Any]:
    message: dict[str, Any] = {
        "role": "assistant",
        "content": reply.text if reply.text or not reply.tool_calls else None,
        "refusal": None,
    }
    if reply.tool_calls:
        message["tool_calls"] = [
            {
                "id": call.id,
                "type": "function",
                "function": {"name": call.name, "arguments": call.arguments_json},
            }
            for call in reply.tool_calls
        ]
    return {
        "id": ident,
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": message,
                "logprobs": None,
                "finish_reason": "tool_calls" if reply.tool_calls else "stop",
            }
        ],
        "usage": _openai_usage(reply.usage),
    }


def _openai_chunks(
    reply: _Reply, *, ident: str, model: str, include_usage: bool
) -> Iterator[dict[str, Any]]:
    created = int(time.time())

    def chunk(delta: dict[str, Any], finish_reason: str | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": ident,
            "object": "chat.completion.chunk",
            "created": created,
            "model": model,
            "choices": [
                {"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish_reason}
            ],
        }
        if include_usage:
            out["usage"] = None
        return out

    yield chunk({"role": "assistant"})
    for piece in _pieces(reply.text):
        yield chunk({"content": piece})
    for index, call in enumerate(reply.tool_calls):
        head = {"index": index, "id": call.id, "type": "function"}
        yield chunk({"tool_calls": [{**head, "function": {"name": call.name, "arguments": ""}}]})
        for piece in _pieces(call.arguments_json):
            yield chunk({"tool_calls": [{"index": index, "function": {"arguments": piece}}]})
    yield chunk({}, "tool_calls" if reply.tool_calls else "stop")
    if include_usage:
        yield {
            "id": ident,
            "object": "chat.completion.chunk",
            "created": created,
            "model": model,
            "choices": [],
            "usage": _openai_usage(reply.usage),
        }


def _anthropic_stop(reply: _Reply) -> tuple[str, str | None]:
    if reply.tool_calls:
        return "tool_use", None
    if reply.stop_sequence is not None:
        return "stop_sequence", reply.stop_sequence
    return "end_turn", None


def _anthropic_message(reply: _Reply, *, ident: str, model: str) -> dict[str, Any]:
    content: list[dict[str, Any]] = []
    if reply.text:
        content.append({"type": "text", "text": reply.text})
    for call in reply.tool_calls:
        content.append(
            {"type": "tool_use", "id": call.id, "name": call.name, "input": call.anthropic_input}
        )
    stop_reason, stop_sequence = _anthropic_stop(reply)
    return {
        "id": ident,
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": content,
        "stop_reason": stop_reason,
        "stop_sequence": stop_sequence,
        "usage": _anthropic_usage(reply.usage),
    }


def _anthropic_events(
    reply: _Reply, *, ident: str, model: str
) -> Iterator[tuple[str, dict[str, Any]]]:
    start: dict[str, Any] = {
        "id": ident,
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": _anthropic_usage(reply.usage, output=0),
    }
    yield "message_start", {"type": "message_start", "message": start}
    yield "ping", {"type": "ping"}
    blocks: list[tuple[dict[str, Any], str, str, str]] = []  # block, delta type, key, text
    if reply.text:
        blocks.append(({"type": "text", "text": ""}, "text_delta", "text", reply.text))
    for call in reply.tool_calls:
        block = {"type": "tool_use", "id": call.id, "name": call.name, "input": {}}
        blocks.append((block, "input_json_delta", "partial_json", call.arguments_json))
    for index, (block, kind, key, text) in enumerate(blocks):
        yield (
            "content_block_start",
            {"type": "content_block_start", "index": index, "content_block": block},
        )
        for piece in _pieces(text):
            delta = {"type": kind, key: piece}
            yield (
                "content_block_delta",
                {"type": "content_block_delta", "index": index, "delta": delta},
            )
        yield "content_block_stop", {"type": "content_block_stop", "index": index}
    stop_reason, stop_sequence = _anthropic_stop(reply)
    yield (
        "message_delta",
        {
            "type": "message_delta",
            "delta": {"stop_reason": stop_reason, "stop_sequence": stop_sequence},
            "usage": {"output_tokens": reply.usage.output},
        },
    )
    yield "message_stop", {"type": "message_stop"}


def scripted_reply(
    provider: Provider, body: Mapping[str, Any], entry: Mapping[str, Any], serial: int
) -> _Reply:
    """A reply entry (``text`` / ``tool_calls`` / ``empty``) as answered to request
    ``body``: stop sequences applied, tool-call ids and usage defaulted. Shared with the
    in-process twin (`sleuth.testing.inprocess`), so both answer alike."""
    text, stop = _truncate(entry.get("text", ""), _stop_sequences(provider, body))
    prefix = "call_scripted" if provider == "openai" else "toolu_scripted"
    calls = tuple(
        _ToolCall(
            id=call.get("id", f"{prefix}_{serial}_{i}"),
            name=call["name"],
            arguments=call.get("arguments", {}),
        )
        for i, call in enumerate(entry.get("tool_calls", ()))
    )
    out_chars = len(text) + sum(len(c.name) + len(c.arguments_json) for c in calls)
    given = entry.get("usage", {})
    usage = _Usage(
        input=given.get("input", max(1, _prompt_chars(provider, body) // 4)),
        output=given.get("output", -(-out_chars // 4)),
        cached=given.get("cached", 0),
    )
    return _Reply(text=text, tool_calls=calls, stop_sequence=stop, usage=usage)


# --- HTTP ----------------------------------------------------------------------------


class _HTTPServer(ThreadingHTTPServer):
    """One daemon thread per connection, each tracked so that `__exit__` can end it."""

    daemon_threads = True
    block_on_close = False
    request_queue_size = 1024  # the listen backlog: hundreds of clients may connect at once

    def __init__(self, owner: ScriptedModelServer) -> None:
        self.owner = owner
        super().__init__(("127.0.0.1", 0), _Handler)

    def server_bind(self) -> None:
        # HTTPServer.server_bind would look the host's name up (socket.getfqdn): skip it.
        socketserver.TCPServer.server_bind(self)
        host, port = self.server_address[:2]
        self.server_name = str(host)
        self.server_port = int(port)

    def process_request(self, request: socketserver._RequestType, client_address: Any) -> None:
        thread = threading.Thread(
            target=self._serve_connection,
            args=(request, client_address),
            name=f"scripted-model-server-conn-{client_address[1]}",
            daemon=True,
        )
        self.owner._track(request, thread)
        thread.start()

    def _serve_connection(self, request: socketserver._RequestType, client_address: Any) -> None:
        try:
            self.process_request_thread(request, client_address)
        finally:
            self.owner._untrack(request)

    def handle_error(self, request: socketserver._RequestType, client_address: Any) -> None:
        """Log nothing: a test's client may drop its connection at any time."""


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers, body and stream events are separate writes: without TCP_NODELAY, Nagle's
    # algorithm and the client's delayed ACK add ~40 ms to each response.
    disable_nagle_algorithm = True
    server_version = "scripted-model-server"
    sys_version = ""

    @property
    def _owner(self) -> ScriptedModelServer:
        return cast(_HTTPServer, self.server).owner

    def log_message(self, format: str, *args: Any) -> None:
        """Log nothing to stderr."""

    def do_POST(self) -> None:
        self._dispatch()

    def do_GET(self) -> None:
        self._dispatch()

    def do_PUT(self) -> None:
        self._dispatch()

    def do_DELETE(self) -> None:
        self._dispatch()

    def do_PATCH(self) -> None:
        self._dispatch()

    def _dispatch(self) -> None:
        provider: Provider | None = None
        try:
            raw = self._read_body()
            path = self.path.split("?", 1)[0]
            if self.command == "POST" and path == OPENAI_PATH:
                provider = "openai"
            elif self.command == "POST" and path == ANTHROPIC_PATH:
                provider = "anthropic"
            self._owner._serve(self, provider, path, raw)
        except (BrokenPipeError, ConnectionError, TimeoutError):
            self.close_connection = True
        except Exception as exc:  # a bug in the server: tell the client, not stderr
            self.close_connection = True
            message = f"scripted model server: internal error: {exc!r}"
            with contextlib.suppress(OSError):
                self.send_json(500, _error_body(provider, 500, message), {})

    def _read_body(self) -> bytes:
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            parts: list[bytes] = []
            while True:
                size = int(self.rfile.readline(65537).split(b";", 1)[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline(65537) not in (b"\r\n", b"\n", b""):
                        pass
                    return b"".join(parts)
                parts.append(self.rfile.read(size))
                self.rfile.readline(65537)
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def send_json(
        self, status: int, body: Mapping[str, Any], headers: Mapping[str, str], cut: bool = False
    ) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data[: len(data) // 2] if cut else data)
        self.wfile.flush()
        if cut:
            self.close_connection = True

    def send_event_stream(
        self, events: Iterable[bytes], headers: Mapping[str, str], cut: bool = False
    ) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        for event in events:
            self.wfile.write(b"%x\r\n%s\r\n" % (len(event), event))
            self.wfile.flush()
            if cut:  # one event, then the connection drops
                self.close_connection = True
                return
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()


# --- the server ----------------------------------------------------------------------


class ScriptedModelServer:
    """A loopback HTTP server that answers OpenAI and Anthropic API calls from a script.

    Use it as a context manager: `__enter__` starts it on 127.0.0.1 on a port the OS
    picks; `__exit__` releases any hanging request, stops it and joins its threads.
    See the module docstring for the script-entry format.
    """

    def __init__(
        self,
        script: Sequence[Mapping[str, Any]],
        *,
        api_key: str | None = None,
        latency_s: float = 0.0,
        model: str = "scripted-model",
        responder: Callable[[str, dict[str, Any]], Mapping[str, Any]] | None = None,
    ) -> None:
        """``responder``, when given, computes each request's script entry from the
        provider name and the request body instead of taking the next one from
        ``script`` (for concurrent clients, whose turns interleave)."""
        if latency_s < 0:
            raise ValueError("latency_s must be non-negative")
        self._script: deque[dict[str, Any]] = deque(
            _validate_entry(i, entry) for i, entry in enumerate(script)
        )
        self.api_key = api_key
        self.responder = responder
        self.latency_s = float(latency_s)
        self.model = model
        self._lock = threading.Lock()
        self._requests: list[dict[str, Any]] = []
        self._release = threading.Event()
        self._connections: dict[socket.socket, threading.Thread] = {}
        self._counter = 0
        self._in_flight = 0
        self._max_in_flight = 0
        self._httpd: _HTTPServer | None = None
        self._thread: threading.Thread | None = None
        self._started = False

    # -- public API

    def __enter__(self) -> ScriptedModelServer:
        if self._started:
            raise RuntimeError("a ScriptedModelServer can be started only once")
        self._started = True
        self._httpd = _HTTPServer(self)
        self._thread = threading.Thread(
            target=self._httpd.serve_forever,
            kwargs={"poll_interval": 0.05},
            name="scripted-model-server",
            daemon=True,
        )
        self._thread.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Stop the server: release hanging requests, close every connection, join threads."""
        httpd, thread = self._httpd, self._thread
        if httpd is None or thread is None:
            return
        self._release.set()
        httpd.shutdown()  # returns once serve_forever has stopped accepting
        with self._lock:
            connections = dict(self._connections)
        for conn in connections:
            with contextlib.suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)  # wakes handlers idling on keep-alive
        httpd.server_close()
        deadline = time.monotonic() + _JOIN_TIMEOUT_S
        for worker in (thread, *connections.values()):
            worker.join(max(0.0, deadline - time.monotonic()))
        self._httpd = None
        self._thread = None

    @property
    def url(self) -> str:
        """``http://127.0.0.1:PORT``: the Anthropic SDK's ``base_url``."""
        if self._httpd is None:
            raise RuntimeError("the server is not running: use it as a context manager")
        return f"http://127.0.0.1:{self._httpd.server_port}"

    @property
    def openai_base_url(self) -> str:
        """`url` + ``/v1``: the OpenAI SDK's ``base_url``."""
        return self.url + "/v1"

    @property
    def requests(self) -> list[dict[str, Any]]:
        """Every request received, in order: ``{"path", "headers", "json"}``.

        ``headers`` is a dict of the headers as received (names in the client's case);
        ``json`` is the parsed body, or None when the body was not JSON.
        """
        with self._lock:
            return list(self._requests)

    @property
    def max_in_flight(self) -> int:
        """The most requests that were being answered at one time."""
        with self._lock:
            return self._max_in_flight

    @property
    def remaining(self) -> int:
        """How many script entries are not yet consumed."""
        with self._lock:
            return len(self._script)

    # -- internals

    def _track(self, request: socketserver._RequestType, thread: threading.Thread) -> None:
        if isinstance(request, socket.socket):
            with self._lock:
                self._connections[request] = thread

    def _untrack(self, request: socketserver._RequestType) -> None:
        if isinstance(request, socket.socket):
            with self._lock:
                self._connections.pop(request, None)

    def _serve(self, handler: _Handler, provider: Provider | None, path: str, raw: bytes) -> None:
        with self._lock:
            self._in_flight += 1
            self._max_in_flight = max(self._max_in_flight, self._in_flight)
        try:
            self._answer(handler, provider, path, raw)
        finally:
            with self._lock:
                self._in_flight -= 1

    def _answer(self, handler: _Handler, provider: Provider | None, path: str, raw: bytes) -> None:
        try:
            body: Any = json.loads(raw) if raw else None
        except ValueError:
            body = None
        with self._lock:
            self._requests.append(
                {"path": handler.path, "headers": dict(handler.headers.items()), "json": body}
            )
            self._counter += 1
            serial = self._counter
        request_id = {"x-request-id" if provider == "openai" else "request-id": f"req_{serial}"}
        if self._release.is_set():
            handler.close_connection = True
        if provider is None:
            message = f"scripted model server: no route for {handler.command} {path}"
            handler.send_json(404, _error_body(None, 404, message), request_id)
            return
        if not isinstance(body, dict):
            message = "scripted model server: the request body is not a JSON object"
            handler.send_json(400, _error_body(provider, 400, message), request_id)
            return
        if not self._authorized(provider, handler):
            message = "scripted model server: invalid API key"
            handler.send_json(401, _error_body(provider, 401, message), request_id)
            return

        entry: dict[str, Any] | None
        if self.responder is not None:
            entry = _validate_entry(serial, self.responder(provider, body))
        else:
            with self._lock:
                entry = self._script.popleft() if self._script else None
        if entry is None:
            handler.send_json(500, _error_body(provider, 500, EXHAUSTED_MESSAGE), request_id)
            return
        headers = {**request_id, **entry.get("headers", {})}

        latency = float(entry.get("latency_s", self.latency_s))
        if entry.get("hang") or (latency > 0 and self._release.wait(latency)):
            self._release.wait()  # until the server stops; then close, never answer
            handler.close_connection = True
            return
        if "status" in entry:
            status = int(entry["status"])
            message = entry.get("message", f"scripted error {status}")
            error = _error_body(provider, status, message, entry.get("error_type"))
            handler.send_json(status, error, headers)
            return

        reply = scripted_reply(provider, body, entry, serial)
        stream = body.get("stream") is True
        cut = entry.get("cut") is True
        if provider == "openai":
            ident = f"chatcmpl-scripted-{serial}"
            if not stream:
                handler.send_json(
                    200, _openai_completion(reply, ident=ident, model=self.model), headers, cut
                )
                return
            options = body.get("stream_options")
            include_usage = isinstance(options, dict) and options.get("include_usage") is True
            chunks = _openai_chunks(
                reply, ident=ident, model=self.model, include_usage=include_usage
            )
            events = (b"data: %s\n\n" % json.dumps(c).encode() for c in chunks)
            handler.send_event_stream((*events, b"data: [DONE]\n\n"), headers, cut)
            return
        ident = f"msg_scripted_{serial}"
        if not stream:
            handler.send_json(
                200, _anthropic_message(reply, ident=ident, model=self.model), headers, cut
            )
            return
        named = _anthropic_events(reply, ident=ident, model=self.model)
        handler.send_event_stream(
            (b"event: %s\ndata: %s\n\n" % (n.encode(), json.dumps(d).encode()) for n, d in named),
            headers,
            cut,
        )

    def _authorized(self, provider: Provider, handler: _Handler) -> bool:
        if self.api_key is None:
            return True
        bearer = handler.headers.get("Authorization") == f"Bearer {self.api_key}"
        if provider == "openai":
            return bearer
        return bearer or handler.headers.get("x-api-key") == self.api_key
