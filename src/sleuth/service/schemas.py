"""The HTTP API's bodies: what a client sends and what it gets back.

Requests are strict (unknown keys, wrong types and out-of-range budgets are 422s with a
message naming the field); responses are rendered from the runs store, so the API, the
CLI and the store never disagree. `Result` itself is the core's model, unchanged.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    StringConstraints,
    field_validator,
)

from sleuth.result import ConflictRule
from sleuth.service.config import MAX_STEPS_LIMIT, TIMEOUT_LIMIT_S
from sleuth.sources import NAME_PATTERN
from sleuth.state import Budgets
from sleuth.store import models as store_models
from sleuth.store.models import RunSummary
from sleuth.untrusted import CONTROL_CLASS, question_problem

POLICIES = ("offline",)
MAX_QUESTION = 2000
MAX_FIELDS = 8
MAX_FIELD_NAME = 64
# The same rules as JSON Schema patterns (in the spec) and as checks with clear messages.
ASCII_SPACE = "".join(map(chr, range(0x21))) + "\x7f"
QUESTION_PATTERN = r"[^\x00-\x20\x7f]"  # something besides ASCII spaces and controls
#: The whole question: something besides spaces, and no control characters (see
#: `sleuth.untrusted.question_problem`, which explains a refusal in words).
QUESTION_SHAPE = rf"^[^{CONTROL_CLASS}]*[^\x00-\x20\x7f-\x9f][^{CONTROL_CLASS}]*$"
FIELD_PATTERN = rf"^[A-Za-z0-9_][A-Za-z0-9_. -]{{0,{MAX_FIELD_NAME - 1}}}$"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class BudgetsIn(_Strict):
    """The run's budgets, within the server's limits."""

    max_steps: int = Field(default=6, ge=1, le=MAX_STEPS_LIMIT, description="step budget")
    timeout_s: float = Field(
        default=120.0,
        gt=0,
        le=TIMEOUT_LIMIT_S,
        allow_inf_nan=False,
        description="wall-clock seconds",
    )

    @field_validator("max_steps", mode="before")
    @classmethod
    def _integral(cls, value: Any) -> Any:
        """JSON Schema's integers include 15.0; strings and booleans stay refused."""
        return int(value) if isinstance(value, float) and value.is_integer() else value


class AskRequest(_Strict):
    question: str = Field(
        min_length=1,
        max_length=MAX_QUESTION,
        pattern=QUESTION_SHAPE,
        description="The question: not only spaces, and no control characters but tab, line "
        "feed and carriage return.",
    )
    corpus: str | None = Field(
        default=None,
        pattern=NAME_PATTERN,
        description="A served corpus by name (`GET /v1/corpora` lists them; the service never "
        "reads a path from a client). By default the first one served. A name that is not "
        "served (or not to this key) is a 404 naming those that are.",
    )
    policy: str = Field(
        default="offline",
        description="Who decides each step. Only the offline policy is served for now.",
        json_schema_extra={"enum": list[JsonValue](POLICIES)},
    )
    require: list[Annotated[str, StringConstraints(pattern=FIELD_PATTERN)]] = Field(
        default_factory=list,
        max_length=MAX_FIELDS,
        description="Run a brief: fields that each need their own sourced value "
        "(names of ASCII letters, digits, `_`, `.`, `-` and spaces).",
    )
    conflict_rule: ConflictRule | None = Field(
        default=None,
        strict=False,  # the JSON string: FastAPI validates parsed JSON in Python mode
        description="Resolve conflicts by this explicit rule instead of keeping them.",
    )
    budgets: BudgetsIn = Field(default_factory=lambda: BudgetsIn())
    publish: bool = Field(
        default=False,
        description="Offer the side-effecting tool `publish_brief`: a ready brief is put up "
        "for approval (the run pauses with status `awaiting_approval`) and written to the "
        "outbox only after `POST /v1/runs/{id}/approve`.",
    )
    stream: bool = Field(
        default=False,
        description="Answer with Server-Sent Events: `run`, one `step` per step, `result`.",
    )
    thoughts: bool = Field(
        default=False, description="Include the policy's thoughts in step events."
    )

    @field_validator("question", mode="before")
    @classmethod
    def _question_given(cls, value: Any) -> Any:
        if isinstance(value, str) and not re.search(QUESTION_PATTERN, value):
            raise ValueError("the question is empty")
        problem = question_problem(value) if isinstance(value, str) else None
        if problem:
            raise ValueError(problem)
        return value

    @field_validator("question")
    @classmethod
    def _question(cls, value: str) -> str:
        return value.strip(ASCII_SPACE)

    @field_validator("corpus", mode="before")
    @classmethod
    def _corpus(cls, value: Any) -> Any:
        if isinstance(value, str) and not re.fullmatch(NAME_PATTERN, value):
            raise ValueError(
                "a corpus is named by 1 to 64 ASCII letters, digits, `_`, `.` or `-` (see "
                "`GET /v1/corpora`); the service never reads a path from a client"
            )
        return value

    @field_validator("policy")
    @classmethod
    def _policy(cls, value: str) -> str:
        if value not in POLICIES:
            raise ValueError(
                f"policy {value[:80]!r} is not served over HTTP: only "
                f"{', '.join(map(repr, POLICIES))} (model-backed policies are not offered yet)"
            )
        return value

    @field_validator("require", mode="before")
    @classmethod
    def _require_given(cls, value: Any) -> Any:
        if isinstance(value, list) and not all(
            isinstance(f, str) and re.fullmatch(FIELD_PATTERN, f) for f in value
        ):
            raise ValueError(
                f"each required field is a name of 1 to {MAX_FIELD_NAME} ASCII letters, digits, "
                "`_`, `.`, `-` or spaces, starting with a letter, digit or `_`"
            )
        return value

    @field_validator("require")
    @classmethod
    def _require(cls, value: list[str]) -> list[str]:
        return list(dict.fromkeys(f.strip() for f in value))


class StepEvent(BaseModel):
    """One step as it happens (the SSE ``step`` event): what was done and a short view of
    what came back. The full observation is in the stored trace."""

    run_id: str
    index: int
    tool: str
    args: dict[str, Any]
    kind: str
    error: str | None
    observation: str = Field(description="a one-line summary of the observation")
    started_at: str
    duration_ms: float
    thought: str | None = None


class RunsPage(BaseModel):
    runs: list[RunSummary]
    next: str | None = Field(description="pass as `before` for the next (older) page")


class StoredStep(store_models.StoredStep):
    """A recorded step as the API shows it (`sleuth.store.StoredStep`, the model's
    thinking only when asked)."""

    # the fields `THINKING` names, absent unless asked for
    thought: str | None = Field(  # type: ignore[assignment]
        default=None, description="only with ?thoughts=true"
    )
    raw: Any = Field(default=None, description="the model's raw output; only with ?thoughts=true")
    calls: list[dict[str, Any]] | None = Field(  # type: ignore[assignment]
        default=None, description="only with ?thoughts=true"
    )


class Approval(BaseModel):
    """A side-effecting call put to a person: what the policy asked for (``args``), what
    would be applied (``payload``), and the decision once there is one."""

    tool: str
    args: dict[str, Any]
    payload: dict[str, Any] = Field(description="exactly what the effect writes if approved")
    step: int = Field(description="the step the call becomes once decided")
    status: str = Field(
        description="`pending`, `approved`, `rejected`, or `cancelled` (the run was cancelled)"
    )
    requested_at: str
    decided_at: str | None
    decided_by: str | None = Field(
        default=None, description="who decided: `key:<id>`, `open:<address>` or `cli:<user>`"
    )
    note: str | None


class PausedRun(BaseModel):
    """A run waiting for a person (the 202 answer; the SSE ``approval`` event)."""

    run_id: str
    status: str = Field(description="`awaiting_approval`")
    approval: Approval


class DecisionIn(_Strict):
    """A person's decision on a paused run."""

    note: str | None = Field(default=None, max_length=2000, description="kept in the trace")
    step: int | None = Field(
        default=None,
        ge=1,
        description="the step of the call you were shown (`approval.step`); if the run waits "
        "on another call, nothing is decided (409 `stale_decision`)",
    )
    stream: bool = Field(default=False, description="answer with Server-Sent Events, as ask")
    thoughts: bool = Field(default=False, description="include thoughts in step events")

    @field_validator("step", mode="before")
    @classmethod
    def _integral(cls, value: Any) -> Any:
        """JSON Schema's integers include 76.0; strings and booleans stay refused."""
        return int(value) if isinstance(value, float) and value.is_integer() else value


class CancelRequested(BaseModel):
    """A cancel asked of a run that a process runs now (this worker or another sharing
    the store): it ends ``incomplete`` / ``cancelled`` after its step in flight."""

    run_id: str
    status: Literal["running"] = "running"
    cancel_requested: Literal[True] = True
    message: str


class ResumeIn(_Strict):
    stream: bool = Field(default=False, description="answer with Server-Sent Events, as ask")
    thoughts: bool = Field(default=False, description="include thoughts in step events")


class StoredRun(store_models.StoredRun):
    """A run as the store holds it (`sleuth.store.StoredRun`; what `sleuth runs show
    --json` prints), its approval as `Approval` shows it."""

    budgets: Budgets  # the component `Budgets`, not the store's inline schema
    steps: list[StoredStep]  # type: ignore[assignment]
    approval: Approval | None = None  # type: ignore[assignment]


class CorpusInfo(BaseModel):
    """A served corpus."""

    name: str
    kind: str = Field(description="`index` (built by `sleuth index`), `file` or `builtin`")
    pages: int = Field(description="documents (an index) or pages")
    passages: int = Field(description="what search ranks: an index's passages, else pages")
    index_format: str | None = Field(description="an index's format, e.g. `sleuth-index-3`")
    engine: str | None = Field(description="`tantivy` (an index) or `fts5` (in memory)")
    build: str | None = Field(description="the build served now: runs record the one they read")
    built_at: str | None = Field(description="when that build was written")


class Corpora(BaseModel):
    corpora: list[CorpusInfo]
    default: str | None = Field(description="what `POST /v1/ask` uses without `corpus`")


class SearchHit(BaseModel):
    url: str
    title: str
    snippet: str
    score: float


class SearchResults(BaseModel):
    """What the agent's `search` tool returns for the query."""

    corpus: str
    build: str | None
    query: str
    hits: list[SearchHit]


class ErrorDetail(BaseModel):
    code: str = Field(description="a stable machine-readable code")
    message: str
    run_id: str | None = None
    details: list[dict[str, Any]] | None = None


class ErrorBody(BaseModel):
    error: ErrorDetail


class Health(BaseModel):
    status: str
    auth: str = Field(description="`required` or `open`")
    rate_limiter: str = Field(description="`memory` or `redis`")
