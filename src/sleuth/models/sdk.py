"""Calling an official SDK with an exact request body, and reading its response body.

SDK method signatures drift between versions (a parameter appears, another goes);
sending our body through `sdk_kwargs` keeps the wire body exactly as rendered: keys the
installed SDK knows become keyword arguments, the rest travel in ``extra_body``.
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import inspect
import json
import os
import threading
from collections.abc import AsyncGenerator, Callable
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any, ClassVar

from sleuth.errors import ModelError, UsageError
from sleuth.models.retry import Failure, classify_sdk_error


@cache
def _parameters(function: Callable[..., Any]) -> frozenset[str]:
    return frozenset(inspect.signature(function).parameters)


def sdk_kwargs(function: Callable[..., Any], body: dict[str, Any]) -> dict[str, Any]:
    known = _parameters(getattr(function, "__func__", function))
    kwargs = {k: v for k, v in body.items() if k in known}
    extra = {k: v for k, v in body.items() if k not in known}
    if extra:
        kwargs["extra_body"] = extra
    return kwargs


def json_object(text: str) -> dict[str, Any]:
    """A response body as a JSON object; ModelError when the server sent anything else."""
    try:
        data = json.loads(text)
    except ValueError:
        raise ModelError(f"the model server sent a body that is not JSON: {text[:120]!r}") from None
    if not isinstance(data, dict):
        raise ModelError("the model server sent JSON that is not an object")
    return data


def wire_json(body: dict[str, Any]) -> bytes:
    """The body as it goes on the wire: encoded once, here, not again by the SDK."""
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()


HTTPX_CLIENTS = 16


@dataclass
class _LoopClients:
    """One event loop's async clients, and the generator that closes them."""

    clients: list[Any]
    closer: AsyncGenerator[None, None]


class SdkConnection:
    """An official SDK's clients for one backend: the key, a sync client, async clients
    for each event loop, posting exact bodies, and mapping errors and secrets.

    Async clients use the SDK's aiohttp transport (``DefaultAioHttpClient``, the SDKs'
    ``aiohttp`` extra, which ``sleuth[openai]`` and ``sleuth[anthropic]`` pull in) when
    it is installed: per request it costs about a third of the default httpx2 transport's
    CPU, which is what bounds many concurrent runs (benchmarks/model_concurrency.py).
    Without it, a few httpx2 clients are used in turn: an httpx2 pool's cost per request
    grows with its size, so sharding many runs over small pools keeps it flat.

    Async clients belong to the event loop that made them (their connections do). They
    are closed by `aclose` or, failing that, when their loop shuts down (``asyncio.run``
    ends): a suspended async generator the loop holds closes them then, so a caller who
    never closes the policy leaves neither open connections nor the loop behind."""

    def __init__(
        self,
        module: str,
        clients: tuple[str, str],
        key_variable: str,
        path: str,
        *,
        api_key: str | None,
        base_url: str | None,
        missing_key: str,
    ) -> None:
        self._module = module
        if importlib.util.find_spec(module) is None:
            raise UsageError(self._install_hint)
        key = api_key or os.environ.get(key_variable)
        if not key:
            if base_url is None:
                raise UsageError(missing_key)
            key = "not-needed"  # a local server without authentication
        self.key_variable, self.path = key_variable, path
        self._key, self._base_url, self._clients = key, base_url, clients
        self._making = threading.Lock()
        self._async: dict[asyncio.AbstractEventLoop, _LoopClients] = {}
        self._turn = 0

    # The SDK is imported, and its sync client made, at the first request (or error to
    # classify), not here: an SDK takes seconds to import and its client a TLS context,
    # which a usage error found later, or a request only rendered, never needs.

    @property
    def _install_hint(self) -> str:
        module = self._module
        return f"the {module} backend needs the {module} SDK: pip install 'sleuth[{module}]'"

    @cached_property
    def sdk(self) -> Any:
        with self._making:
            try:
                return importlib.import_module(self._module)
            except ImportError:
                raise UsageError(self._install_hint) from None

    @cached_property
    def client(self) -> Any:
        sdk = self.sdk
        with self._making:  # one client, even when two threads ask at once
            if "client" in self.__dict__:
                return self.__dict__["client"]
            return getattr(sdk, self._clients[0])(
                api_key=self._key, base_url=self._base_url, max_retries=0
            )

    @cached_property
    def use_aiohttp(self) -> bool:
        return aiohttp_available(self.sdk)

    async def async_client(self) -> Any:
        loop = asyncio.get_running_loop()
        held = self._async.get(loop)
        if held is None:
            for gone in [other for other in self._async if other.is_closed()]:
                del self._async[gone]  # a loop closed without shutting down its generators
            clients = self._new_async_clients()
            held = self._async[loop] = _LoopClients(clients, self._closer(loop, clients))
            await anext(held.closer)  # now the loop holds it, and closes it at shutdown
        self._turn = (self._turn + 1) % len(held.clients)
        return held.clients[self._turn]

    async def _closer(
        self, loop: asyncio.AbstractEventLoop, clients: list[Any]
    ) -> AsyncGenerator[None, None]:
        try:
            yield
        finally:
            if self._async.get(loop) is not None and self._async[loop].clients is clients:
                del self._async[loop]
            for client in clients:
                await client.close()

    def _new_async_clients(self) -> list[Any]:
        make = getattr(self.sdk, self._clients[1])
        if self.use_aiohttp:
            http = self.sdk.DefaultAioHttpClient()
            return [
                make(api_key=self._key, base_url=self._base_url, max_retries=0, http_client=http)
            ]
        return [
            make(api_key=self._key, base_url=self._base_url, max_retries=0)
            for _ in range(HTTPX_CLIENTS)
        ]

    async def aclose(self) -> None:
        """Close the running loop's async clients (and their connections)."""
        held = self._async.pop(asyncio.get_running_loop(), None)
        if held is not None:
            await held.closer.aclose()

    def post(self, body: dict[str, Any], timeout: float) -> dict[str, Any]:
        """POST the exact wire body (the SDK adds auth, headers and the base URL and maps
        errors, without re-validating the body) and return the response JSON."""
        text = self.client.post(
            self.path, content=wire_json(body), cast_to=str, options={"timeout": timeout}
        )
        return json_object(text)

    async def apost(self, body: dict[str, Any], timeout: float) -> dict[str, Any]:
        client = await self.async_client()
        text = await client.post(
            self.path, content=wire_json(body), cast_to=str, options={"timeout": timeout}
        )
        return json_object(text)

    def classify(self, exc: BaseException) -> Failure | None:
        return classify_sdk_error(self.sdk, exc, self.key_variable)

    def redact(self, text: str) -> str:
        return text.replace(self._key, "[redacted]") if self._key else text


def aiohttp_available(sdk: Any) -> bool:
    """Whether ``sdk`` can use its aiohttp transport (its ``aiohttp`` extra is installed)."""
    return hasattr(sdk, "DefaultAioHttpClient") and importlib.util.find_spec("aiohttp") is not None


@dataclass(frozen=True)
class Sdk:
    """An official SDK as a backend uses it: the module, its sync and async client
    classes, the key's variable, the endpoint's path, and what to say without a key."""

    module: str
    clients: tuple[str, str]
    key_variable: str
    path: str
    missing_key: str


class SdkBackend:
    """What a backend over an `SdkConnection` leaves to it: connecting (`SDK` says to
    what), closing, classifying errors and hiding the key."""

    SDK: ClassVar[Sdk]
    connection: SdkConnection  # (`sleuth.testing.InProcessBackend` puts in a stand-in)

    def _connect(self, api_key: str | None, base_url: str | None) -> None:
        sdk = self.SDK
        self.connection = SdkConnection(
            sdk.module,
            sdk.clients,
            sdk.key_variable,
            sdk.path,
            api_key=api_key,
            base_url=base_url,
            missing_key=sdk.missing_key,
        )

    async def aclose(self) -> None:
        await self.connection.aclose()

    def classify(self, exc: BaseException) -> Failure | None:
        return self.connection.classify(exc)

    def redact(self, text: str) -> str:
        return self.connection.redact(text)
