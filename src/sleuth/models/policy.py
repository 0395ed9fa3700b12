"""A policy backed by a model: render the trace, call the backend, decode the reply.

The same class serves every provider and both protocols: a backend only builds the
provider's request body from the trace and turns its response into a reply in the
scripted-policy format (a ReAct string, or a native tool-call message), which goes
through the very decoders a scripted transcript goes through.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from sleuth.contract import Turn, decode_turn
from sleuth.errors import ModelError
from sleuth.models.prompt import Protocol as WireProtocol
from sleuth.models.retry import Failure, GaveUp, Retry, RetryPolicy
from sleuth.result import Usage
from sleuth.state import RunState


class Backend(Protocol):
    provider: str
    model: str

    def request(self, state: RunState, protocol: WireProtocol) -> dict[str, Any]:
        """The exact JSON body to send for the next turn (a pure rendering)."""
        ...

    def send(self, body: dict[str, Any], timeout: float) -> dict[str, Any]:
        """POST the body; the response body as JSON (streams are reassembled)."""
        ...

    async def asend(self, body: dict[str, Any], timeout: float) -> dict[str, Any]: ...

    async def aclose(self) -> None:
        """Close the connections the running event loop's calls opened."""
        ...

    def reply(self, response: dict[str, Any]) -> tuple[Any, Usage]:
        """The reply in scripted-policy form (str or message dict) and its usage."""
        ...

    def classify(self, exc: BaseException) -> Failure | None:
        """A provider error as a `Failure`; None for anything else."""
        ...

    def redact(self, text: str) -> str:
        """``text`` with any secret the backend holds removed."""
        ...


class ModelPolicy:
    """Decides each step by asking a model. Budgets stay with the runtime: the call's
    timeout is bounded by the run's deadline, and nothing the model says changes it."""

    def __init__(
        self,
        backend: Backend,
        protocol: WireProtocol = "tools",
        *,
        retry: RetryPolicy | None = None,
        sleep: Callable[[float], None] = time.sleep,
        asleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.backend = backend
        self.protocol = protocol
        self.retry = retry or RetryPolicy()
        self.name = f"{backend.provider}:{backend.model} ({protocol})"
        self._sleep, self._asleep, self._clock = sleep, asleep, clock

    async def aclose(self) -> None:
        """Close the async connections this event loop opened; sync calls need nothing.

        ``asyncio.run`` closes them anyway when it ends (it shuts down the loop's async
        generators); a loop you run and close yourself needs this call, ``async with
        policy:`` or ``loop.shutdown_asyncgens()`` before ``loop.close()``, or aiohttp
        reports unclosed connectors."""
        await self.backend.aclose()

    async def __aenter__(self) -> ModelPolicy:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    def decide(self, state: RunState) -> Turn:
        body = self.backend.request(state, self.protocol)
        retry = self._retry(state)

        def attempt() -> dict[str, Any]:
            return self.backend.send(body, retry.next_timeout())

        try:
            response = retry.retrying(self._sleep)(attempt)
        except GaveUp as verdict:
            raise self._gave_up(verdict, body, retry) from None
        retry.succeeded()
        return self._turn(body, response, retry)

    async def adecide(self, state: RunState) -> Turn:
        body = self.backend.request(state, self.protocol)
        retry = self._retry(state)

        async def attempt() -> dict[str, Any]:
            timeout = retry.next_timeout()
            # the whole call, sending included (a transport may time out reads only)
            async with asyncio.timeout(timeout if math.isfinite(timeout) else None):
                return await self.backend.asend(body, timeout)

        try:
            response: dict[str, Any] = await retry.aretrying(self._asleep)(attempt)
        except GaveUp as verdict:
            raise self._gave_up(verdict, body, retry) from None
        retry.succeeded()
        return self._turn(body, response, retry)

    def _retry(self, state: RunState) -> Retry:
        deadline = state.deadline if math.isfinite(state.deadline) else self._clock() + 3600
        return Retry(self.retry, deadline, self.backend.classify, self._clock)

    def _gave_up(self, verdict: GaveUp, body: dict[str, Any], retry: Retry) -> ModelError:
        message = self.backend.redact(str(verdict))
        return ModelError(message, calls=(self._record(body, None, retry),))

    def _record(self, body: dict[str, Any], response: Any, retry: Retry) -> dict[str, Any]:
        attempts = [
            {k: self.backend.redact(v) if isinstance(v, str) else v for k, v in a.items()}
            for a in retry.attempts
        ]
        return {
            "provider": self.backend.provider,
            "model": self.backend.model,
            "protocol": self.protocol,
            "request": body,
            "response": response,
            "attempts": attempts,
        }

    def _turn(self, body: dict[str, Any], response: dict[str, Any], retry: Retry) -> Turn:
        raw, usage = self.backend.reply(response)
        decoded = decode_turn(raw)
        return Turn(
            parsed=decoded.parsed,
            raw=raw,
            usage=usage,
            calls=(self._record(body, response, retry),),
        )
