"""Side-effecting tools: declared, checked, and applied only after a person approves.

A side-effecting tool (`sleuth.decision.EFFECT_TOOLS`; the built-in one is
``publish_brief``) is offered only when the task enables it (``Task.publish``). When a
policy calls one, the runtime first *prepares* the call: ``publish_brief`` must carry a
payload that passes the finish validator and is ready for review, exactly as a finish
would — an unsourced brief is never even put to a person. A call that fails is an error
observation (a step, like any bad call). A call that passes *pauses* the run: it stops
with a `PendingAction` that the store keeps, and nothing is applied.

A person then decides (`Verdict`), naming the call they were shown (its step). Approval
applies the effect with an idempotency key, ``"<run id>:<step>"``, so approving twice,
or a crash between the approval and the effect, never applies it twice. A tool that
*ends the run* (``publish_brief``: publishing is finishing) then ends it with the
outcome of the payload that was approved, so the Result is exactly what was published;
another tool's run goes on from where it paused. Rejection records the declined call
and ends the run ``incomplete`` with reason ``rejected``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from sleuth.outcome import from_validated
from sleuth.result import Status, Usage
from sleuth.state import RunState
from sleuth.validate import Validated, validate_finish

PUBLISH_BRIEF = "publish_brief"


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class PendingAction:
    """A side-effecting call waiting for a person: what the policy asked for (``args``),
    what the effect would apply (``payload``), and the turn behind it, so the step can
    be recorded exactly as it happened once the call is decided."""

    run_id: str
    step: int  # the index the call's step will have
    tool: str
    args: dict[str, Any]
    payload: dict[str, Any]
    thought: str = ""
    raw: Any = None
    usage: Usage | None = None
    calls: tuple[dict[str, Any], ...] = ()
    started_at: str = ""
    duration_ms: float = 0.0
    requested_at: str = field(default_factory=now_iso)

    @property
    def key(self) -> str:
        """The effect's idempotency key."""
        return f"{self.run_id}:{self.step}"

    def to_json(self) -> dict[str, Any]:
        return {
            "run_id": self.run_id,
            "step": self.step,
            "tool": self.tool,
            "args": self.args,
            "payload": self.payload,
            "thought": self.thought,
            "raw": self.raw,
            "usage": None if self.usage is None else self.usage.model_dump(mode="json"),
            "calls": list(self.calls),
            "started_at": self.started_at,
            "duration_ms": self.duration_ms,
            "requested_at": self.requested_at,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PendingAction:
        usage = data.get("usage")
        return cls(
            run_id=str(data["run_id"]),
            step=int(data["step"]),
            tool=str(data["tool"]),
            args=dict(data["args"]),
            payload=dict(data["payload"]),
            thought=str(data.get("thought") or ""),
            raw=data.get("raw"),
            usage=None if usage is None else Usage.model_validate(usage),
            calls=tuple(data.get("calls") or ()),
            started_at=str(data.get("started_at") or ""),
            duration_ms=float(data.get("duration_ms") or 0.0),
            requested_at=str(data.get("requested_at") or ""),
        )


@dataclass(frozen=True)
class Verdict:
    """A person's decision on a pending call."""

    approved: bool
    note: str | None = None
    decided_at: str = field(default_factory=now_iso)


class Outbox(Protocol):
    """Where published briefs go. ``put`` is idempotent: a key already there is left
    alone, and the stored item is returned either way."""

    def put(self, key: str, run_id: str, tool: str, payload: dict[str, Any]) -> dict[str, Any]: ...


class SideEffect(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def ends_run(self) -> bool:
        """True if an approved call ends the run like a finish of its payload."""
        ...

    def prepare(self, args: dict[str, Any], state: RunState) -> dict[str, Any] | str:
        """What the effect would apply, or why the call cannot be put to a person."""
        ...

    def apply(self, pending: PendingAction) -> dict[str, Any]:
        """Apply the effect (idempotent by ``pending.key``); a record of what was done."""
        ...

    def done(self, record: Mapping[str, Any]) -> str:
        """The observation text after the effect was applied."""
        ...


@dataclass(frozen=True)
class PublishBrief:
    """``publish_brief``: write a ready, sourced brief into the outbox."""

    outbox: Outbox
    name: str = PUBLISH_BRIEF
    ends_run: bool = True

    def prepare(self, args: dict[str, Any], state: RunState) -> dict[str, Any] | str:
        verdict = validate_finish(args, state.opened, state.task.require, state.task.question)
        if not isinstance(verdict, Validated):
            detail = "; ".join(str(p) for p in verdict)
            return f"{verdict[0].code} ({detail})"
        outcome = from_validated(verdict, state)
        if outcome.status is not Status.READY_FOR_REVIEW:
            return (
                f"only a brief that is ready for review can be published; this one is "
                f"{outcome.status.value} ({outcome.answer})"
            )
        payload: dict[str, Any] = {
            "question": state.task.question,
            "answer": outcome.answer,
            "citations": list(outcome.citations),
            "evidence": [q.model_dump(mode="json") for q in outcome.evidence],
        }
        if outcome.fields is not None:
            payload["fields"] = {
                name: f.model_dump(mode="json") for name, f in outcome.fields.items()
            }
        if outcome.resolution is not None:
            payload["resolution"] = outcome.resolution.model_dump(mode="json")
        return payload

    def apply(self, pending: PendingAction) -> dict[str, Any]:
        return self.outbox.put(pending.key, pending.run_id, self.name, pending.payload)

    def done(self, record: Mapping[str, Any]) -> str:
        return f"published: the brief is in the outbox as item {record.get('key')}"


def approval_view(
    action: PendingAction,
    status: str = "pending",
    decided_at: str | None = None,
    decided_by: str | None = None,
    note: str | None = None,
) -> dict[str, Any]:
    """A side-effecting call put to a person (`sleuth.store.StoredApproval.view`) as the
    API and the CLI show it: the call, what it would apply and the decision (the model's
    raw output and its calls stay in the trace)."""
    return {
        "tool": action.tool,
        "args": action.args,
        "payload": action.payload,
        "step": action.step,
        "status": status,
        "requested_at": action.requested_at or "",
        "decided_at": decided_at,
        "decided_by": decided_by,
        "note": note,
    }


def paused_view(pending: PendingAction) -> dict[str, Any]:
    """A run paused on ``pending``, as the API answers it (202) and ``--json`` prints it."""
    return {
        "run_id": pending.run_id,
        "status": "awaiting_approval",
        "approval": approval_view(pending),
    }


def publishing(outbox: Outbox) -> dict[str, SideEffect]:
    """The built-in side effects, writing to ``outbox``."""
    return {PUBLISH_BRIEF: PublishBrief(outbox)}
