"""Bounded retries for model calls, recorded attempt by attempt.

Timeouts, connection errors, 408/409/429 and 5xx are retried with exponential backoff;
a Retry-After header is honoured (capped). No wait ever runs past the run's deadline.
Other failures (400, 401, 403, 404, 422, ...) fail at once. The caller drives the loop
(sync or async) and sleeps; `Retry` only decides.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from email.utils import parsedate_to_datetime
from typing import Any

from sleuth.errors import ModelError

RETRYABLE_STATUS = frozenset({408, 409, 429, 500, 502, 503, 504, 529})


@dataclass(frozen=True)
class RetryPolicy:
    max_attempts: int = 4
    call_timeout_s: float = 60.0
    backoff_s: float = 0.5
    max_backoff_s: float = 8.0
    max_retry_after_s: float = 30.0

    def delay(self, attempt: int, retry_after: float | None) -> float:
        if retry_after is not None:
            return min(max(retry_after, 0.0), self.max_retry_after_s)
        return float(min(self.backoff_s * 2 ** (attempt - 1), self.max_backoff_s))


@dataclass(frozen=True)
class Failure:
    """A provider error, classified at the boundary."""

    message: str
    status: int | None = None
    retryable: bool = False
    retry_after: float | None = None


def retry_after_seconds(value: str | None) -> float | None:
    """Seconds from a Retry-After header: a number, or an HTTP date."""
    if not value:
        return None
    try:
        return float(value)
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


@dataclass
class Retry:
    """The state of one model call's attempts. ``attempts`` becomes part of the trace."""

    policy: RetryPolicy
    deadline: float
    classify: Callable[[BaseException], Failure | None]
    clock: Callable[[], float] = time.monotonic
    attempts: list[dict[str, Any]] = field(default_factory=list)
    _started: float = 0.0

    def next_timeout(self) -> float:
        """The timeout for the next attempt; ModelError when no time is left."""
        left = self.deadline - self.clock()
        if left <= 0:
            raise ModelError("no time left for a model call")
        self._started = self.clock()
        return min(self.policy.call_timeout_s, left)

    def succeeded(self) -> None:
        self.attempts.append(
            {"attempt": len(self.attempts) + 1, "ok": True, "latency_ms": self._elapsed_ms()}
        )

    def failed(self, exc: BaseException) -> float:
        """Record a failed attempt: the seconds to wait before the next one, or raise
        ModelError (not retryable, out of attempts, or out of time). Errors that are not
        provider errors are re-raised as they are."""
        failure = self.classify(exc)
        if failure is None:
            raise exc
        record: dict[str, Any] = {
            "attempt": len(self.attempts) + 1,
            "ok": False,
            "status": failure.status,
            "error": failure.message,
            "latency_ms": self._elapsed_ms(),
        }
        self.attempts.append(record)
        if not failure.retryable:
            raise ModelError(failure.message) from None
        if len(self.attempts) >= self.policy.max_attempts:
            raise ModelError(
                f"{failure.message} (gave up after {len(self.attempts)} attempts)"
            ) from None
        wait = self.policy.delay(len(self.attempts), failure.retry_after)
        if self.clock() + wait >= self.deadline:
            raise ModelError(f"{failure.message} (no time left to retry)") from None
        record["retry_in_s"] = round(wait, 3)
        return wait

    def _elapsed_ms(self) -> float:
        return round((self.clock() - self._started) * 1000, 3)


def classify_sdk_error(sdk: Any, exc: BaseException, key_variable: str) -> Failure | None:
    """Map an official SDK's exception (openai and anthropic share the names) to a
    `Failure`; None when ``exc`` is not a provider error."""
    if isinstance(exc, TimeoutError):  # the call's own deadline (`ModelPolicy.adecide`)
        return Failure("the model did not answer in time", retryable=True)
    if isinstance(exc, sdk.APIConnectionError):
        lost = _lost_connection(exc, sdk.APIConnectionError)
        if isinstance(exc, sdk.APITimeoutError) and lost is None:
            return Failure("the model did not answer in time", retryable=True)
        return Failure(f"cannot reach the model server: {lost or exc}", retryable=True)
    if isinstance(exc, sdk.APIStatusError):
        status = exc.status_code
        if status in (401, 403):
            return Failure(
                f"the model server refused the credentials (HTTP {status}): check {key_variable}",
                status=status,
            )
        return Failure(
            f"the model server answered HTTP {status}: {_provider_message(exc)}",
            status=status,
            retryable=status in RETRYABLE_STATUS,
            retry_after=retry_after_seconds(exc.response.headers.get("retry-after")),
        )
    for name in ("httpx2", "httpx"):  # the SDK's HTTP library, e.g. a stream that broke
        http = sys.modules.get(name)
        if http is None:
            continue
        if isinstance(exc, http.TimeoutException):
            return Failure("the model did not answer in time", retryable=True)
        if isinstance(exc, http.TransportError):
            return Failure(f"lost the connection to the model server: {exc}", retryable=True)
    return None


def _lost_connection(exc: BaseException, own: type[BaseException]) -> BaseException | None:
    """The refused or dropped connection behind an SDK error, if that is what it was.

    A transport may report a connection failure as a timeout (the SDKs' aiohttp one maps
    every aiohttp connection error to ``ConnectTimeout``); the chain of causes tells: a
    real timeout has a ``TimeoutError`` in it, a lost connection an ``OSError`` or a
    ``...ConnectionError``."""
    found: BaseException | None = None
    link: BaseException | None = exc
    for _ in range(8):  # a chain is short; a cycle must not hang us
        if link is None:
            break
        if isinstance(link, TimeoutError):
            return None
        names = {cls.__name__ for cls in type(link).__mro__}
        connection = isinstance(link, OSError) or any(n.endswith("ConnectionError") for n in names)
        if found is None and connection and not isinstance(link, own):
            found = link
        link = link.__cause__ or link.__context__
    return found


def _provider_message(exc: Any) -> str:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and isinstance(inner.get("message"), str):
            return str(inner["message"])[:300]
    return str(getattr(exc, "message", exc))[:300]
