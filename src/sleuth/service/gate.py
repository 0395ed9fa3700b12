"""The gate every ``/v1`` request (or every request under another ``protected`` prefix,
such as ``sleuth mcp --http``'s ``/mcp``) passes before the app sees it, in this order:

1. auth: a valid ``Authorization: Bearer KEY`` when keys are required (401 otherwise;
   a key that is sent is always checked, even when none is required);
2. rate limit: one token from the key's bucket, or the client address's when no key is
   used (429 with ``Retry-After``; 503 if the shared limiter cannot be reached);
3. body: a body must be JSON (415) and at most ``max_body`` bytes (413), whether or not
   the client sent a ``Content-Length``.

It is plain ASGI (no framework middleware), so it runs before any body is parsed and
never buffers more than ``max_body + 1`` bytes, and it wraps any ASGI app (the MCP SDK's
too). Keys are never logged: only key ids are. Refusals are JSON, ``{"error": {"code",
"message"}}`` by default; ``render`` writes another body (MCP's: a JSON-RPC error).
"""

from __future__ import annotations

import contextlib
import inspect
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from email.message import Message
from typing import Any

from sleuth.db import StoreError
from sleuth.service.config import auth_required
from sleuth.service.keys import KeyStore
from sleuth.service.ratelimit import LimiterUnavailable, RateLimiter

log = logging.getLogger("sleuth")

Scope = MutableMapping[str, Any]
ASGIMessage = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[ASGIMessage]]
Send = Callable[[ASGIMessage], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

PROTECTED = "/v1/"


@dataclass(frozen=True)
class Caller:
    """Who is asking: a key id, or the client address when no key is required."""

    key_id: str | None
    address: str
    admin: bool = False  # an admin key: every key's runs
    corpora: tuple[str, ...] | None = None  # the corpora the key may use; None: all

    @property
    def bucket(self) -> str:
        return f"key:{self.key_id}" if self.key_id else f"addr:{self.address}"


#: A refusal's body from its HTTP status, code and message.
Render = Callable[[int, str, str], bytes]


def error_body(status: int, code: str, message: str) -> bytes:
    """The service's error body: ``{"error": {"code": ..., "message": ...}}``."""
    return json.dumps({"error": {"code": code, "message": message}}).encode()


async def send_error(
    send: Send,
    status: int,
    code: str,
    message: str,
    headers: dict[str, str] | None = None,
    render: Render = error_body,
) -> None:
    body = render(status, code, message)
    raw = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *((k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in (headers or {}).items()),
    ]
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": body})


class _TooLarge(Exception):
    pass


class _Disconnected(Exception):
    pass


class Gate:
    def __init__(
        self,
        app: ASGIApp,
        *,
        host: str,
        keys: KeyStore,
        limiter: RateLimiter,
        max_body: int,
        protected: str = PROTECTED,
        render: Render = error_body,
    ) -> None:
        self.app, self.host, self.keys, self.limiter = app, host, keys, limiter
        self.max_body, self.protected, self.render = max_body, protected, render

    async def _refuse(
        self,
        send: Send,
        status: int,
        code: str,
        message: str,
        headers: dict[str, str] | None = None,
    ) -> None:
        await send_error(send, status, code, message, headers, self.render)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        if scope["path"].startswith(self.protected):
            try:
                caller = self._authenticate(scope, headers)
            except StoreError as exc:  # the keys live in the runs store
                log.error("runs store unavailable: %s", exc)
                await self._refuse(
                    send,
                    503,
                    "store_unavailable",
                    "the runs store cannot be reached; try again shortly",
                    {"Retry-After": "1"},
                )
                return
            if isinstance(caller, str):
                await self._refuse(
                    send, 401, "unauthorized", caller, {"WWW-Authenticate": 'Bearer realm="sleuth"'}
                )
                return
            try:
                verdict = await self.limiter.take(caller.bucket)
            except LimiterUnavailable as exc:
                log.error("rate limiter unavailable: %s", exc)
                await self._refuse(
                    send,
                    503,
                    "limiter_unavailable",
                    "the rate limiter cannot be reached; try again shortly",
                    {"Retry-After": "1"},
                )
                return
            if not verdict.allowed:
                log.info("rate limited: %s", caller.bucket)
                await self._refuse(
                    send,
                    429,
                    "rate_limited",
                    f"too many requests; try again in {verdict.retry_after_s} s",
                    {"Retry-After": str(verdict.retry_after_s)},
                )
                return
            scope.setdefault("state", {})["caller"] = caller
        await self._with_body(scope, headers, receive, send)

    def _authenticate(self, scope: Scope, headers: dict[str, str]) -> Caller | str:
        """The caller, or why it is refused."""
        client = scope.get("client")
        address = str(client[0]) if client else "unknown"
        authorization = headers.get("authorization")
        if authorization is not None:
            scheme, _, token = authorization.partition(" ")
            if scheme.lower() != "bearer" or not token.strip():
                return "use the header `Authorization: Bearer KEY`"
            key = self.keys.verify(token.strip())
            if key is None:
                return "the API key is unknown or revoked"
            return Caller(key.id, address, admin=key.admin, corpora=key.corpora)
        if auth_required(self.host, self.keys.active_count()):
            return "an API key is required: send `Authorization: Bearer KEY`"
        return Caller(None, address)

    async def _with_body(
        self, scope: Scope, headers: dict[str, str], receive: Receive, send: Send
    ) -> None:
        length = headers.get("content-length")
        chunked = "chunked" in headers.get("transfer-encoding", "").lower()
        if length is not None:
            if not length.isdigit():
                await self._refuse(send, 400, "bad_request", "Content-Length is not a number")
                return
            if int(length) > self.max_body:
                await self._refuse(send, 413, "too_large", self._too_large())
                return
        if (length is None or int(length) == 0) and not chunked:
            await self.app(scope, receive, send)
            return
        if scope["path"].startswith(self.protected) and not _is_json(headers.get("content-type")):
            await self._refuse(
                send, 415, "unsupported_media_type", "send the body as `application/json`"
            )
            return
        try:
            body = await self._read(receive)
        except _TooLarge:
            await self._refuse(send, 413, "too_large", self._too_large())
            return
        except _Disconnected:
            return
        await self.app(scope, _replay(body, receive), send)

    def _too_large(self) -> str:
        return f"the request body is larger than {self.max_body} bytes"

    async def _read(self, receive: Receive) -> bytes:
        parts: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                raise _Disconnected
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                raise _TooLarge
            parts.append(chunk)
            if not message.get("more_body", False):
                return b"".join(parts)


def _headers(scope: Scope) -> dict[str, str]:
    """Request headers by lower-case name (a repeated header: the last one)."""
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}


def _is_json(content_type: str | None) -> bool:
    if not content_type:
        return False
    message = Message()
    message["content-type"] = content_type
    if message.get_content_maintype() != "application":
        return False
    subtype = message.get_content_subtype()
    return subtype == "json" or subtype.endswith("+json")


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replayed() -> ASGIMessage:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()  # after the body: wait for the disconnect, as usual

    return replayed


def close_after(app: Any, close: Callable[[], Awaitable[None] | None]) -> None:
    """Have a Starlette (or FastAPI) ``app`` call ``close`` (and await it when it is a
    coroutine) when its lifespan ends, after the app's own shutdown, however that ends."""
    serving = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[Any]:
        try:
            async with serving(app) as state:
                yield state
        finally:
            closing = close()
            if inspect.isawaitable(closing):
                await closing

    app.router.lifespan_context = lifespan
