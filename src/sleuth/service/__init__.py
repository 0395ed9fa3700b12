"""sleuth over HTTP: ``sleuth serve`` (needs the ``server`` extra: FastAPI, uvicorn, redis).

    config.py     ServiceConfig, Rate, the auth decision (no web framework needed)
    keys.py       API keys, stored as SHA-256 hashes in the runs store
    ratelimit.py  token buckets: in memory, or in Redis through one Lua script
    gate.py       ASGI middleware: auth → rate limit → body type and size
    runner.py     a run off the event loop, each stored step reported as an event
    schemas.py    request and response bodies
    app.py        the FastAPI app: routes, errors, Server-Sent Events

Runs go to the same `RunStore` as the CLI's, so ``sleuth runs show`` shows them.
``config``, ``keys`` and ``ratelimit`` import without the extra, so ``sleuth keys``
works on a machine that only manages keys.
"""

from __future__ import annotations

from sleuth.errors import UsageError
from sleuth.service.config import Rate, ServiceConfig, auth_required, is_loopback
from sleuth.service.keys import ApiKey, KeyStore

INSTALL_HINT = "pip install 'sleuth[server]'"


def require_server_extra(redis: bool = False) -> None:
    """Raise a `UsageError` with the install hint when the ``server`` extra is missing."""
    modules = ["fastapi", "uvicorn", *(["redis"] if redis else [])]
    for module in modules:
        try:
            __import__(module)
        except ImportError:
            raise UsageError(
                f"`sleuth serve` needs {module}, from the server extra: {INSTALL_HINT}"
            ) from None


__all__ = [
    "INSTALL_HINT",
    "ApiKey",
    "KeyStore",
    "Rate",
    "ServiceConfig",
    "auth_required",
    "is_loopback",
    "require_server_extra",
]
