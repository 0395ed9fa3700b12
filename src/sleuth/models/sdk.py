"""Calling an official SDK with an exact request body.

SDK method signatures drift between versions (a parameter appears, another goes);
sending our body through `sdk_kwargs` keeps the wire body exactly as rendered: keys the
installed SDK knows become keyword arguments, the rest travel in ``extra_body``.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import cache
from typing import Any


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
