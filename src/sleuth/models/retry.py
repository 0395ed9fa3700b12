"""Bounded retries for model calls, recorded attempt by attempt.

Timeouts, connection errors, 408/409/429 and 5xx are retried with exponential backoff;
a Retry-After header is honoured (capped). No wait ever runs past the run's deadline.
Other failures (400, 401, 403, 404, 422, ...) fail at once. tenacity runs the loop (sync
or async) with the caller's sleep; `Retry` decides and records each attempt.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from email.utils import parsedate_to_datetime
from typing import Any

import tenacity

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
        """The wait after failed attempt ``attempt``: Retry-After when the provider sent
        one (capped), else exponential backoff (capped); no jitter, so runs replay."""
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


class GaveUp(Exception):
    """The retries' verdict on a failed call (not retryable, out of attempts, out of
    time): the message of the `ModelError` the policy raises with the call's record."""


@dataclass
class Retry:
    """One model call's attempts, driven by tenacity: `retrying` / `aretrying` give the
    loop, and this object is its retry, wait and stop conditions and its record.
    ``attempts`` becomes part of the trace: each attempt's outcome, status, error,
    latency and the wait before the next one."""

    policy: RetryPolicy
    deadline: float
    classify: Callable[[BaseException], Failure | None]
    clock: Callable[[], float] = time.monotonic
    attempts: list[dict[str, Any]] = field(default_factory=list)
    _started: float = 0.0
    _failure: Failure | None = None

    def retrying(self, sleep: Callable[[float], None]) -> tenacity.Retrying:
        return tenacity.Retrying(sleep=sleep, **self._conditions())

    def aretrying(self, sleep: Callable[[float], Awaitable[None]]) -> tenacity.AsyncRetrying:
        return tenacity.AsyncRetrying(sleep=sleep, **self._conditions())

    def _conditions(self) -> dict[str, Any]:
        return {
            "retry": self._should_retry,
            "wait": self._wait,
            "stop": self._stop,
            "before_sleep": self._before_sleep,
            "retry_error_callback": self._give_up,
        }

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

    def _should_retry(self, state: tenacity.RetryCallState) -> bool:
        """Record a failed attempt; True to try again. Errors that are not provider errors
        (ours included) are re-raised as they are; a failure that is not retryable gives up."""
        exc = state.outcome.exception() if state.outcome is not None else None
        if exc is None or isinstance(exc, ModelError):
            return False
        failure = self.classify(exc)
        if failure is None:
            return False
        self._failure = failure
        self.attempts.append(
            {
                "attempt": len(self.attempts) + 1,
                "ok": False,
                "status": failure.status,
                "error": failure.message,
                "latency_ms": self._elapsed_ms(),
            }
        )
        if not failure.retryable:
            raise GaveUp(failure.message)
        return True

    def _wait(self, state: tenacity.RetryCallState) -> float:
        retry_after = self._failure.retry_after if self._failure is not None else None
        return self.policy.delay(state.attempt_number, retry_after)

    def _stop(self, state: tenacity.RetryCallState) -> bool:
        """Out of attempts, or the wait would run past the run's deadline."""
        out_of_attempts = state.attempt_number >= self.policy.max_attempts
        return out_of_attempts or self.clock() + state.upcoming_sleep >= self.deadline

    def _before_sleep(self, state: tenacity.RetryCallState) -> None:
        self.attempts[-1]["retry_in_s"] = round(state.upcoming_sleep, 3)

    def _give_up(self, state: tenacity.RetryCallState) -> None:
        message = self._failure.message if self._failure is not None else "the model call failed"
        if state.attempt_number >= self.policy.max_attempts:
            raise GaveUp(f"{message} (gave up after {len(self.attempts)} attempts)")
        raise GaveUp(f"{message} (no time left to retry)")

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
