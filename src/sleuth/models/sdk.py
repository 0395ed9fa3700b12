"""Calling an official SDK with an exact request body, and reading its response body.

SDK method signatures drift between versions (a parameter appears, another goes);
sending our body through `sdk_kwargs` keeps the wire body exactly as rendered: keys the
installed SDK knows become keyword arguments, the rest travel in ``extra_body``.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable
from functools import cache
from typing import Any

from sleuth.errors import ModelError


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
