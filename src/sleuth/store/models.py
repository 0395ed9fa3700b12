"""Stored runs as the store returns them: typed, one shape for the CLI, the service, MCP
and resume (`RunStore.get_run` → `StoredRun`, `RunStore.list_runs` → `RunSummary`).

Their JSON (``to_json``) is what ``sleuth runs show --json`` prints and what the HTTP API
answers, field for field: the task and budgets as `Task.to_json` / `Budgets.to_json`
write them, each step as `Step.to_json` does, the Result as `Result` dumps it.
"""

from __future__ import annotations

from collections.abc import Collection
from enum import StrEnum
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    TypeAdapter,
    WithJsonSchema,
)

from sleuth.effects import PendingAction, Verdict, approval_view
from sleuth.result import Reason, Result, Status, Usage
from sleuth.state import Budgets, Step, Task


class RunStatus(StrEnum):
    """A stored run's status: its Result's (`sleuth.result.Status`), ``error`` (it
    failed), or, while it has no end, ``awaiting_approval``, ``running`` (a process holds
    its lease) or ``interrupted`` (none does: it can be resumed)."""

    READY_FOR_REVIEW = "ready_for_review"
    INCOMPLETE = "incomplete"
    BUDGET_EXHAUSTED = "budget_exhausted"
    CONFLICT = "conflict"
    ERROR = "error"
    AWAITING_APPROVAL = "awaiting_approval"
    RUNNING = "running"
    INTERRUPTED = "interrupted"

    @classmethod
    def of(cls, status: Status) -> RunStatus:
        """The stored status of a run that ended with ``status``."""
        return cls(status.value)

    @property
    def ended(self) -> bool:
        """Whether the run has a result or an error (it cannot go on)."""
        return self not in _UNENDED


_UNENDED = {RunStatus.AWAITING_APPROVAL, RunStatus.RUNNING, RunStatus.INTERRUPTED}


class ApprovalStatus(StrEnum):
    PENDING = "pending"
    APPROVED = "approved"
    REJECTED = "rejected"
    CANCELLED = "cancelled"  # the run was cancelled while its call waited


#: The fields of a step that carry the model's thinking (its thoughts, its raw output
#: and the bodies of its calls), which views leave out unless asked.
THINKING = ("thought", "raw", "calls")

_STATUS_HELP = (
    "a Result status, `error`, `running`, `awaiting_approval` or `interrupted` (its process "
    "died; `POST /v1/runs/{id}/resume` goes on)"
)


def _budgets(value: Any) -> Budgets:
    return value if isinstance(value, Budgets) else Budgets.from_json(value)


#: `Budgets` read and written by its own `from_json` / `to_json` (which keep a whole
#: number of seconds whole, as it was given), described as the dataclass is.
StoredBudgets = Annotated[
    Budgets,
    PlainValidator(_budgets),
    PlainSerializer(Budgets.to_json),
    WithJsonSchema(TypeAdapter(Budgets).json_schema()),
]


class _Stored(BaseModel):
    model_config = ConfigDict(frozen=True)


class StoredStep(_Stored):
    """One recorded step (`Step.to_json`'s shape)."""

    index: int
    started_at: str
    duration_ms: float
    thought: str
    tool: str
    args: dict[str, Any]
    observation: str
    kind: str
    error: str | None
    data: dict[str, Any]
    raw: Any = None
    usage: Usage | None
    calls: list[dict[str, Any]]

    @classmethod
    def of(cls, step: Step) -> StoredStep:
        return cls.model_validate(step.to_json())

    def step(self) -> Step:
        """The runtime's `Step` (what resume replays)."""
        return Step.from_json(self.model_dump(mode="json"))


class StoredApproval(_Stored):
    """A side-effecting call put to a person, and the decision once there is one."""

    action: PendingAction
    status: ApprovalStatus
    requested_at: str
    decided_at: str | None
    note: str | None
    decided_by: str | None = None

    @property
    def pending(self) -> bool:
        return self.status is ApprovalStatus.PENDING

    def verdict(self) -> Verdict | None:
        """The decision a person took (None while it waits, and when the run was
        cancelled instead)."""
        if self.status in (ApprovalStatus.PENDING, ApprovalStatus.CANCELLED):
            return None
        return Verdict(
            approved=self.status is ApprovalStatus.APPROVED,
            note=self.note,
            decided_at=self.decided_at or "",
        )

    def view(self) -> dict[str, Any]:
        """As the API and the CLI show it (`sleuth.effects.approval_view`)."""
        return approval_view(
            self.action, self.status.value, self.decided_at, self.decided_by, self.note
        )


class StoredRun(_Stored):
    """A run as the store holds it: its task, steps and Result (or error)."""

    id: str
    created_at: str
    question: str
    task: Task
    corpus: str
    policy: str
    corpus_build: str | None = Field(
        default=None, description="the build of the corpus the run read (an index's build id)"
    )
    key_id: str | None = Field(
        default=None, description="the API key that made the run (None: the CLI or open mode)"
    )
    budgets: StoredBudgets
    status: RunStatus = Field(description=_STATUS_HELP)
    error: str | None
    result: Result | None
    steps: list[StoredStep]
    approval: StoredApproval | None = None
    trace_id: str | None = Field(
        default=None, description="its OpenTelemetry trace id (the first, if resumed)"
    )
    trace_ids: list[str] = Field(
        default_factory=list,
        description="every OpenTelemetry trace it was executed under, oldest first (a "
        "resumed run has one per stretch)",
    )

    def to_json(
        self,
        hide: Collection[str] = (),
        *,
        status: RunStatus | None = None,
        approval_view: bool = False,
    ) -> dict[str, Any]:
        """The run's JSON, its steps without the fields in ``hide`` (see `THINKING`);
        ``status`` in place of the stored one (a service knows what it runs itself), and
        the approval as people are shown it (`StoredApproval.view`) if asked."""
        data = self.model_dump(
            mode="json",
            exclude={"steps": {"__all__": set(hide)}} if hide else None,
        )
        if status is not None:
            data["status"] = status.value
        if approval_view and self.approval is not None:
            data["approval"] = self.approval.view()
        return data


class RunSummary(_Stored):
    """One row of a list of runs."""

    id: str
    created_at: str
    question: str
    corpus: str
    policy: str
    status: RunStatus = Field(description=_STATUS_HELP)
    reason: Reason | None
    steps: int

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")


__all__ = [
    "THINKING",
    "ApprovalStatus",
    "RunStatus",
    "RunSummary",
    "StoredApproval",
    "StoredRun",
    "StoredStep",
]
