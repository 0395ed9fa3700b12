"""What a policy is to the loop: something that proposes one `Turn` per step.

Two declared protocols: `Policy` decides by blocking (``decide``); `AsyncPolicy` can also
decide without blocking (``adecide``: model-backed policies). The async loop
(`sleuth.runtime.arun`) awaits ``adecide`` when the policy is an `AsyncPolicy` and calls
``decide`` otherwise, so one process can run offline and model-backed policies alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from sleuth.decision import Decision, ParseError
from sleuth.result import Usage
from sleuth.state import RunState

__all__ = ["AsyncPolicy", "Policy", "Turn"]


@dataclass(frozen=True)
class Turn:
    """A policy's proposal for one step: the parsed decision plus what produced it.
    ``calls`` are the model calls behind it (request and response bodies, retries)."""

    parsed: Decision | ParseError
    raw: Any = None
    usage: Usage | None = None
    calls: tuple[dict[str, Any], ...] = ()
    confidence: float | None = None  # the policy's confidence in a finish, if it has one


class Policy(Protocol):
    """Decides the next step from the run state; ``name`` is stored with the run."""

    name: str

    def decide(self, state: RunState) -> Turn: ...


@runtime_checkable  # the async loop asks which of the two protocols a policy speaks
class AsyncPolicy(Policy, Protocol):
    """A policy that can also decide without blocking (model-backed policies)."""

    async def adecide(self, state: RunState) -> Turn: ...
