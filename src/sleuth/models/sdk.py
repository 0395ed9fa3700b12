"""Calling an official SDK with an exact request body, and reading its response body.

SDK method signatures drift between versions (a parameter appears, another goes);
sending our body through `sdk_kwargs` keeps the wire body exactly as rendered: keys the
installed SDK knows become keyword arguments, the rest travel in ``extra_body``.
"""

from __future__ import annotations

import importlib
import inspect
import json
import os
from collections.abc import Callable
from functools import cache
from typing import Any

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


ASYNC_CLIENTS = 16


class SdkConnection:
    """An official SDK's clients for one backend: the key, a sync client, a few async
    clients used in turn, posting exact bodies, and mapping errors and secrets.

    Each async client's connection pool costs time that grows with its size on every
    request; sharding many concurrent runs over several small pools keeps that flat."""

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
        try:
            self.sdk = importlib.import_module(module)
        except ImportError:
            raise UsageError(
                f"the {module} backend needs the {module} SDK: pip install 'sleuth[{module}]'"
            ) from None
        key = api_key or os.environ.get(key_variable)
        if not key:
            if base_url is None:
                raise UsageError(missing_key)
            key = "not-needed"  # a local server without authentication
        self.key_variable, self.path = key_variable, path
        self._key, self._base_url, self._async_name = key, base_url, clients[1]
        self.client = getattr(self.sdk, clients[0])(api_key=key, base_url=base_url, max_retries=0)
        self._async: list[Any] = []
        self._turn = 0

    def async_client(self) -> Any:
        if not self._async:
            make = getattr(self.sdk, self._async_name)
            self._async = [
                make(api_key=self._key, base_url=self._base_url, max_retries=0)
                for _ in range(ASYNC_CLIENTS)
            ]
        self._turn = (self._turn + 1) % len(self._async)
        return self._async[self._turn]

    def post(self, body: dict[str, Any], timeout: float) -> dict[str, Any]:
        """POST the exact wire body (the SDK adds auth, headers and the base URL and maps
        errors, without re-validating the body) and return the response JSON."""
        text = self.client.post(self.path, body=body, cast_to=str, options={"timeout": timeout})
        return json_object(text)

    async def apost(self, body: dict[str, Any], timeout: float) -> dict[str, Any]:
        client = self.async_client()
        text = await client.post(self.path, body=body, cast_to=str, options={"timeout": timeout})
        return json_object(text)

    def classify(self, exc: BaseException) -> Failure | None:
        return classify_sdk_error(self.sdk, exc, self.key_variable)

    def redact(self, text: str) -> str:
        return text.replace(self._key, "[redacted]") if self._key else text
